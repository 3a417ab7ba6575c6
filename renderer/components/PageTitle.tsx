import { useEffect } from "react";
import { useAppConfig } from "../api/queries.js";

/** Sets the document title ("Page – Site") while the page is shown. */
export function PageTitle({ title }: { title: string }) {
  const { data } = useAppConfig();
  const site = data?.siteName;
  useEffect(() => {
    document.title = site ? `${title} – ${site}` : title;
  }, [title, site]);
  return null;
}
