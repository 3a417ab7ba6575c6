import express from "express";

// The baseline of bench/search.ts: a bare Express endpoint answering a small JSON document.
const app = express();
app.get("/bare", (_req, res) => {
  res.json({ data: [], total: 0 });
});
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
