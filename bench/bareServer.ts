import cluster from "node:cluster";
import express from "express";

// The baselines of bench/search.ts: a bare Express endpoint answering a small JSON document, and one
// answering a stored JSON document of a given size (?bytes=N), to compare with search answers of that size.
// BARE_PROCESSES=N: N processes on the port (node:cluster), as the server's SERVER_PROCESSES=N.
const processes = Number(process.env.BARE_PROCESSES ?? 1);
if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    process.exit(0);
  });
} else serve();

function serve(): void {
  const app = express();
  app.get("/bare", (_req, res) => {
    res.json({ data: [], total: 0 });
  });
  const sized = new Map<number, string>();
  app.get("/bare-sized", (req, res) => {
    const bytes = Math.min(Number(req.query.bytes) || 0, 1_000_000);
    let body = sized.get(bytes);
    if (body === undefined) sized.set(bytes, (body = JSON.stringify({ data: "x".repeat(Math.max(0, bytes - 11)) })));
    res.type("json").send(body);
  });
  const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server ready"));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
