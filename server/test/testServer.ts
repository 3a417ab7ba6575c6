import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import { startServer, type RunningServer } from "../boot.js";
import { loadConfig } from "../config.js";

/** True when this run targets PostgreSQL (DB_TEST=postgres with TEST_DATABASE_URL). */
export const onPostgres = process.env.DB_TEST === "postgres";

/**
 * A fresh database for one test file: a new PostgreSQL database or a temp SQLite folder, each a copy of the migrated
 * template vitest's global setup made (server/test/databaseTemplate.ts) when there is one, else empty.
 */
export async function freshDatabase(): Promise<{ databaseUrl?: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-test-"));
  if (!onPostgres) {
    const template = process.env.TEST_TEMPLATE_SQLITE;
    if (template) fs.copyFileSync(template, path.join(dataDir, "platform.sqlite"));
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("DB_TEST=postgres needs TEST_DATABASE_URL (a server URL whose user may create databases)");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template} strategy file_copy` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the PostgreSQL server as its administrator (CREATE and DROP DATABASE run outside a transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestServer extends RunningServer {
  /** The server's DATA_DIR (its uploads are in DATA_DIR/uploads). */
  dataDir: string;
  /** A new HTTP client with its own cookie jar (a separate browser). */
  client(): TestClient;
  /** Starts another instance on the same database (a restart, or a second server behind a balancer). */
  startInstance(): Promise<RunningServer>;
  /** Closes the server and drops its database. */
  stop(): Promise<void>;
}

/** Starts the real server on 127.0.0.1 and a free port, on a fresh database. */
export async function startTestServer(options: { seedDemo?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: database.dataDir,
    SEED_DEMO: options.seedDemo ? "1" : "0",
    AUTH_RATE_LIMIT: "1000",
    RECOMMEND_RATE_LIMIT: "1000",
    WEB_DIR: path.join(database.dataDir, "no-web"),
    ...(process.env.SEARCH_INDEX ? { SEARCH_INDEX: process.env.SEARCH_INDEX } : {}),
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  });
  const running = await startServer(config, pino({ level: "silent" }));
  const others: RunningServer[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await running.close();
  };
  return {
    ...running,
    dataDir: database.dataDir,
    close,
    client: () => new TestClient(running.url),
    async startInstance() {
      const other = await startServer(config, pino({ level: "silent" }));
      others.push(other);
      return other;
    },
    async stop() {
      await close();
      for (const o of others) await o.close().catch(() => undefined);
      await database.drop();
    },
  };
}

/** A JSON answer: status, headers and parsed body. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A fetch-based client that keeps cookies and sends the CSRF token on writes, like the web app. */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;

  constructor(public baseUrl: string) {}

  /** The same browser (cookies included) pointed at another server. */
  at(baseUrl: string): TestClient {
    const copy = new TestClient(baseUrl);
    copy.cookies = new Map(this.cookies);
    copy.csrf = this.csrf;
    return copy;
  }

  /** The cookies this client holds, as a Cookie header. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Sends a request and records Set-Cookie. */
  async request<T = any>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetch(this.baseUrl + pathname, {
      method,
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = pair!.split("=");
      this.cookies.set(k!.trim(), v.join("="));
    }
    return readAnswer<T>(res);
  }

  /** GET with a query string. */
  get<T = any>(pathname: string): Promise<Answer<T>> {
    return this.request<T>("GET", pathname);
  }

  /** Fetches the CSRF token the way the web app does (GET /getInitializeData). */
  async token(): Promise<string> {
    const res = await this.get<{ csrfToken: string }>("/getInitializeData");
    this.csrf = res.body.csrfToken;
    return this.csrf;
  }

  /** POST JSON with the CSRF token (fetched first when missing). */
  async post<T = any>(pathname: string, body: unknown = {}): Promise<Answer<T>> {
    return this.send<T>("POST", pathname, body);
  }

  /** A write with any method (PUT, DELETE...), with the session's CSRF token as the app sends it. */
  async send<T = any>(method: string, pathname: string, body?: unknown): Promise<Answer<T>> {
    const token = this.csrf ?? (await this.token());
    return this.request<T>(method, pathname, body, { "x-csrf-token": token });
  }

  /** POST multipart form data (an upload) with the CSRF token; fetch sets the boundary. */
  async postForm<T = any>(pathname: string, form: FormData): Promise<Answer<T>> {
    const token = this.csrf ?? (await this.token());
    const res = await fetch(this.baseUrl + pathname, {
      method: "POST",
      headers: { accept: "application/json", "x-csrf-token": token, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}) },
      body: form,
      redirect: "manual",
    });
    return readAnswer<T>(res);
  }

  /** POST files and fields as multipart form data, built from plain values. */
  postFiles<T = any>(pathname: string, fields: Record<string, string | { name: string; data: Uint8Array; type?: string }>): Promise<Answer<T>> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(key, value);
      else appendFile(form, key, value.data, value.name, value.type);
    }
    return this.postForm<T>(pathname, form);
  }

  /** GET raw bytes (a served file) with this client's cookies. */
  async download(pathname: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const res = await fetch(this.baseUrl + pathname, { headers: this.cookies.size ? { cookie: this.cookieHeader() } : {}, redirect: "manual" });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** Signs in; a new session gets a new CSRF token. */
  async signIn(username: string, password: string, remember = false): Promise<Answer> {
    const res = await this.post("/auth", { username, password, ...(remember ? { remember: 1 } : {}) });
    this.csrf = null;
    return res;
  }
}

/** Adds a file to a multipart form, in the part `part`, as a browser's upload carries it. */
export function appendFile(form: FormData, part: string, data: Uint8Array, name: string, type = "application/octet-stream"): FormData {
  form.append(part, new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

/** A multipart form holding one file, in the part `part`. */
export const fileForm = (part: string, data: Uint8Array, name: string, type?: string): FormData => appendFile(new FormData(), part, data, name, type);

/** A response as the tests read it: its status, its body parsed as JSON (kept as text when it is not JSON), its headers. */
async function readAnswer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
