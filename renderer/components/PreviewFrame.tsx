import type { ReactNode } from "react";
import { PageTitle } from "./PageTitle.js";

/** A page that is one card with a heading: the preview card of an item the reader may not open, an invite to accept. */
export function PreviewFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="message-page">
      <PageTitle title={title} />
      <section className="preview-card" aria-labelledby="preview-card-title">
        <h1 id="preview-card-title" className="page-title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
