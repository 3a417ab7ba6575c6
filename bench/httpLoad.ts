import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Asked of every request: answers uncompressed, as the bare endpoints' are, so the figures weigh the server's work
 * and not gzip's (the server compresses only when asked; node:http asks nothing, but this says so).
 */
const IDENTITY = { "accept-encoding": "identity" };

/** One GET over a keep-alive connection; resolves with the status and body length. */
export function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: IDENTITY }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Latency with one client: p50 and p95 in milliseconds over `count` sequential requests after `warmup` ones,
 * taking the urls in turn. The status is the first one that was not 200, if any (else 200).
 */
export async function latency(urls: string | string[], count: number, warmup = 5): Promise<{ p50: number; p95: number; status: number }> {
  const list = typeof urls === "string" ? [urls] : urls;
  let status = 0;
  const ask = async (i: number) => {
    const answered = (await get(list[i % list.length]!)).status;
    if (status === 0 || status === 200) status = answered;
  };
  for (let i = 0; i < warmup; i++) await ask(i);
  const times: number[] = [];
  for (let i = warmup; i < warmup + count; i++) {
    const t = performance.now();
    await ask(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), status };
}

/**
 * Throughput: requests per second with `clients` concurrent clients for `seconds`, the clients taking the
 * urls in turn (each url once per round: with more urls than requests, no url is asked twice). `requests`:
 * how many were started.
 */
export async function throughput(urls: string[], clients: number, seconds: number): Promise<{ rps: number; requests: number }> {
  const end = performance.now() + seconds * 1000;
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await get(urls[next++ % urls.length]!);
        done++;
      }
    }),
  );
  return { rps: done / seconds, requests: next };
}
