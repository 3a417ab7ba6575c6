import net from "node:net";

/** A free TCP port on 127.0.0.1 (for a server a test starts as a separate process). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Reads until `done` holds (every 100 ms), or throws after `ms` with the last value read. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
