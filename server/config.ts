import path from "node:path";

/** Server configuration, read once from the environment with defaults that run out of the box. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  secureCookies: boolean;
  authRateLimit: number;
  webDir: string;
  seedDemo: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** "memory": search through the in-memory catalogue index (default); "sql": query the database directly. */
  searchIndex: "memory" | "sql";
  /** Reuse counted results of identical searches until the catalogue changes (SEARCH_CACHE=0 turns it off). */
  searchCache: boolean;
}

/** Reads ServerConfig from process.env (or the given env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET ?? "",
    secureCookies: env.SECURE_COOKIES === "1",
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    webDir: path.resolve(env.WEB_DIR ?? "dist/web"),
    seedDemo: env.SEED_DEMO !== "0",
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    searchIndex: env.SEARCH_INDEX === "sql" ? "sql" : "memory",
    searchCache: env.SEARCH_CACHE !== "0",
  };
}
