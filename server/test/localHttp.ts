import http from "node:http";
import net from "node:net";

/** A free TCP port on 127.0.0.1 (for a server whose address must be known before it starts, or a separate process). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });

/** A stand-in HTTP server listening on the machine: its base address and how to stop it. */
export interface LocalServer {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  /** Stops it, cutting the connections still open (a held-open "slow" answer included). */
  close(): Promise<void>;
}

/** Starts `server` on host (127.0.0.1 by default) and port (any free one by default); rejects when it cannot listen. */
export async function listenLocal(server: http.Server, options: { port?: number; host?: string } = {}): Promise<LocalServer> {
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  return {
    url: `http://${host}:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `body` as JSON with `status`. */
export const sendJson = (res: http.ServerResponse, status: number, body: unknown): void => void res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

/** The request's whole body as text (UTF-8). */
export const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
