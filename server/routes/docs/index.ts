import { Router } from "express";
import { buildOpenApi } from "../../../contract/openapi.js";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The API reference: GET /api/docs (readable page) and GET /api/openapi.json (the document). */
export function docsRouter(): Router {
  const router = Router();
  const doc = buildOpenApi();
  router.get("/api/openapi.json", (_req, res) => {
    res.json(doc);
  });
  router.get("/api/docs", (_req, res) => {
    const paths = doc.paths as Record<string, Record<string, { summary: string }>>;
    const rows = Object.entries(paths)
      .flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => `<tr><td><code>${m.toUpperCase()}</code></td><td><code>${escapeHtml(p)}</code></td><td>${escapeHtml(op.summary)}</td></tr>`))
      .join("");
    res.type("html").send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title></head><body><main><h1>API reference</h1><p>Full schemas: <a href="/api/openapi.json">openapi.json</a>.</p><table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`,
    );
  });
  return router;
}
