import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { get } from "./httpLoad.js";

/** A TCP port free on 127.0.0.1 at the time of asking. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Starts a server script with plain node (the compiled server, or the bare baseline through tsx's loader), resolved once `readyUrl` answers 200. */
export async function startChild(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  // Its own process group, so stopChild ends the server and anything it started.
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  // Loading 1,000,000 items takes 30 to 60 s, more on a busy machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await get(readyUrl)).status === 200) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`${args.join(" ")} did not start`);
}

/** Stops a child started by startChild (its whole process group) and waits for it to go. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
  await exited;
}
