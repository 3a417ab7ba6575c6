import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { MESSAGES } from "../../contract/index.js";
import { PATHS } from "./paths.js";

/** Shown instead of the page when rendering it failed. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = "Error";
  }, [error]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" className="page message-page">
      <h1 className="page-title">Something went wrong</h1>
      <p>{MESSAGES.unexpected}</p>
      {detail && <p className="muted">{detail}</p>}
      <p>
        <a className="button button--primary" href={PATHS.search}>
          Go to search
        </a>
      </p>
    </main>
  );
}
