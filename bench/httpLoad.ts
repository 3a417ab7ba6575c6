import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET over a keep-alive connection; resolves with the status and body length. */
export function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Latency with one client: p50 and p95 in milliseconds over `count` sequential requests after a warm-up. */
export async function latency(url: string, count: number): Promise<{ p50: number; p95: number; status: number }> {
  let status = 0;
  for (let i = 0; i < 5; i++) status = (await get(url)).status;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    status = (await get(url)).status;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), status };
}

/** Throughput: requests per second with `clients` concurrent clients for `seconds`. */
export async function throughput(urls: string[], clients: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let i = c;
      while (performance.now() < end) {
        await get(urls[i++ % urls.length]!);
        done++;
      }
    }),
  );
  return done / seconds;
}
