import { useLayoutEffect, useRef } from "react";

/**
 * Sanitized rich text from the server, with each table in a box of its own that scrolls sideways when the table is
 * wider than the text: a table of many columns on a phone would otherwise push the whole page sideways. A box that
 * scrolls can be reached by Tab (so keyboard users can scroll it too) and is named after the table's column headers;
 * one that fits stays out of the tab order.
 */
export function RichHtml({ html, className = "rich-content" }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const boxes = [...root.querySelectorAll("table")].map(boxTable);
    const fit = () => boxes.forEach(markScrollable);
    fit();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    boxes.forEach((box) => observer?.observe(box));
    return () => observer?.disconnect();
  }, [html]);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function boxTable(table: HTMLTableElement): HTMLElement {
  const parent = table.parentElement;
  if (parent?.classList.contains("table-scroll")) return parent;
  const box = document.createElement("div");
  box.className = "table-scroll";
  table.before(box);
  box.append(table);
  const headers = [...table.querySelectorAll("tr:first-child th")].map((th) => th.textContent?.trim()).filter(Boolean);
  box.dataset.label = headers.length > 0 ? `Table: ${headers.join(", ")}` : "Table";
  return box;
}

function markScrollable(box: HTMLElement): void {
  if (box.scrollWidth > box.clientWidth + 1) {
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", box.dataset.label ?? "Table");
    box.tabIndex = 0;
  } else {
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
    box.removeAttribute("tabindex");
  }
}
