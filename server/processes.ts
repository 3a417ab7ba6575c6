import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** More than this many replacements within RESTART_WINDOW_MS stop the server (exit code 1). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Runs the server as several processes on one port (SERVER_PROCESSES), so one machine uses all its
 * cores. node:cluster's primary accepts the connections and hands them to the worker processes in
 * turn, like a load balancer in front of several instances: each worker is a whole, stateless instance
 * (sessions, rate limits and import jobs live in the database; each keeps its own search index, caught
 * up from the change log before every search), so nothing here shares state. The primary only starts the
 * workers, starts another when one dies, and passes SIGINT and SIGTERM on. The caller prepares the
 * database first, so no two processes migrate or seed at once (each worker's own preparation, which every
 * instance runs, then finds nothing to do).
 */
export function runServerProcesses(count: number, logger: Logger): void {
  const live = new Set<Worker>();
  let stopping = false;
  /** When recent replacements started: a process that keeps dying (a request that crashes it every time) stops the server instead. */
  const restarts: number[] = [];

  const tooManyRestarts = () => {
    const now = Date.now();
    restarts.push(now);
    while (now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    return restarts.length > MAX_RESTARTS;
  };

  const start = () => {
    const worker = cluster.fork();
    live.add(worker);
    let listening = false;
    worker.once("listening", () => (listening = true));
    worker.once("exit", (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (!live.size) process.exit();
      } else if (!listening) {
        // It died while starting (a port in use, a database it cannot open): starting another would fail the same way.
        logger.fatal({ pid: worker.process.pid, code, signal }, "a server process failed to start");
        stop("SIGTERM", 1);
      } else if (tooManyRestarts()) {
        logger.fatal({ pid: worker.process.pid, code, signal, restarts: MAX_RESTARTS, withinMs: RESTART_WINDOW_MS }, "server processes keep exiting; stopping");
        stop("SIGTERM", 1);
      } else {
        logger.error({ pid: worker.process.pid, code, signal }, "a server process exited; starting another");
        start();
      }
    });
  };

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    stopping = true;
    if (!live.size) process.exit(exitCode);
    process.exitCode = exitCode;
    for (const worker of live) worker.process.kill(signal);
  };

  for (let i = 0; i < count; i++) start();
  logger.info({ processes: count }, "server processes started");
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop(signal));
}
