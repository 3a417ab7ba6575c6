import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ipcChannels } from "./channels.js";
import { createIpcHandlers, openExternalRefusal, serverUrlMessages, type IpcHandlerDeps } from "./handlers.js";

/** A real HTTP server on 127.0.0.1 with a free port; closed after each test. */
const servers: Array<() => Promise<void>> = [];
async function startServer(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: opened, noted and closed again. */
async function closedPortUrl(): Promise<string> {
  const url = await startServer(() => {});
  await servers.pop()?.();
  return url;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

const platformServer: RequestListener = (request, response) => {
  if (request.url === "/app/config") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ siteName: "Test Platform", features: { search: true } }));
  } else {
    response.writeHead(404).end();
  }
};

function makeDeps(overrides: Partial<IpcHandlerDeps> = {}, initial: string | null = "http://127.0.0.1:3000") {
  let stored = initial;
  const deps = {
    settings: {
      getServerUrl: () => stored,
      setServerUrl: (url: string) => {
        stored = url;
      },
    },
    fetch: (url: string, init: RequestInit) => fetch(url, init),
    // Records what the handlers forward; DesktopAuth itself is tested against a real provider (desktopAuth.test.ts).
    auth: {
      signIn: vi.fn(async (serverUrl: string | null, provider: unknown) => ({ ok: true, name: `${String(provider)} at ${serverUrl}` })),
      signOut: vi.fn(async () => ({ ok: true })),
      session: vi.fn(async (serverUrl: string | null) => ({ signedIn: serverUrl !== null, provider: null, name: null })),
      accessToken: vi.fn(async (serverUrl: string | null) => (serverUrl ? `token for ${serverUrl}` : null)),
      renewRefused: vi.fn(async (serverUrl: string | null, refused: unknown) => (serverUrl ? `renewed ${String(refused)} for ${serverUrl}` : null)),
    },
    openExternal: vi.fn<(url: string) => Promise<void>>(async () => {}),
    onServerUrlChanged: vi.fn<(url: string) => void>(),
    ...overrides,
  } satisfies IpcHandlerDeps;
  return { deps, handlers: createIpcHandlers(deps), stored: () => stored };
}

describe("createIpcHandlers", () => {
  it("answers every channel of the IPC map and nothing else", () => {
    expect(Object.keys(makeDeps().handlers).sort()).toEqual([...ipcChannels].sort());
  });
});

describe("app:getServerUrl", () => {
  it("answers the stored server address", async () => {
    expect(await makeDeps().handlers["app:getServerUrl"]()).toBe("http://127.0.0.1:3000");
  });

  it("answers null on the first run, so the page asks for one", async () => {
    expect(await makeDeps({}, null).handlers["app:getServerUrl"]()).toBeNull();
  });
});

describe("auth channels", () => {
  it("act on the configured server, passing the page's provider key through unchanged for signIn to check", async () => {
    const { handlers, deps } = makeDeps();
    expect(await handlers["auth:signIn"]("school")).toEqual({ ok: true, name: "school at http://127.0.0.1:3000" });
    await handlers["auth:signIn"]({ not: "a key" });
    expect(vi.mocked(deps.auth.signIn).mock.calls[1]).toEqual(["http://127.0.0.1:3000", { not: "a key" }]);
    expect(await handlers["auth:getAccessToken"]()).toBe("token for http://127.0.0.1:3000");
    expect(await handlers["auth:refreshAccessToken"]("old")).toBe("renewed old for http://127.0.0.1:3000");
    expect(await handlers["auth:getSession"]()).toEqual({ signedIn: true, provider: null, name: null });
    expect(await handlers["auth:signOut"]()).toEqual({ ok: true });
    expect(deps.auth.signOut).toHaveBeenCalledWith("http://127.0.0.1:3000");
  });

  it("have no server to act on before the first run chose one", async () => {
    const { handlers } = makeDeps({}, null);
    expect(await handlers["auth:getAccessToken"]()).toBeNull();
    expect(await handlers["auth:getSession"]()).toEqual({ signedIn: false, provider: null, name: null });
  });
});

describe("app:setServerUrl", () => {
  it("stores a server that answers /app/config and loads it", async () => {
    const url = await startServer(platformServer);
    const { handlers, deps, stored } = makeDeps();

    expect(await handlers["app:setServerUrl"](`${url}/`)).toEqual({ ok: true });
    expect(stored()).toBe(url);
    expect(deps.onServerUrlChanged).toHaveBeenCalledWith(url);
  });

  it("checks /app/config under a path prefix", async () => {
    const seen: string[] = [];
    const url = await startServer((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ siteName: "Prefixed" }));
    });
    const { handlers, stored } = makeDeps();

    expect(await handlers["app:setServerUrl"](`${url}/platform/`)).toEqual({ ok: true });
    expect(seen).toEqual(["/platform/app/config"]);
    expect(stored()).toBe(`${url}/platform`);
  });

  it("stores the address the server redirected to (http to https, a moved host), which is where the window will be", async () => {
    const platform = await startServer(platformServer);
    const redirecting = await startServer((request, response) => {
      response.writeHead(301, { location: `${platform}${request.url ?? "/"}` }).end();
    });
    const { handlers, deps, stored } = makeDeps();
    expect(await handlers["app:setServerUrl"](redirecting)).toEqual({ ok: true });
    // The window may show only the stored origin's pages: the old address would send every load to the browser.
    expect(stored()).toBe(platform);
    expect(deps.onServerUrlChanged).toHaveBeenCalledWith(platform);
  });

  it("refuses a redirect that does not lead to a platform server's /app/config", async () => {
    const elsewhere = await startServer((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ siteName: "Login portal" })),
    );
    const redirecting = await startServer((_request, response) => {
      response.writeHead(302, { location: `${elsewhere}/login?next=/app/config` }).end();
    });
    const { handlers, stored } = makeDeps();
    expect(await handlers["app:setServerUrl"](redirecting)).toEqual({ ok: false, message: serverUrlMessages.notPlatform(redirecting) });
    expect(stored()).toBe("http://127.0.0.1:3000");
  });

  it("refuses an address nothing answers at, keeping the old one", async () => {
    const url = await closedPortUrl();
    const { handlers, deps, stored } = makeDeps();

    expect(await handlers["app:setServerUrl"](url)).toEqual({ ok: false, message: serverUrlMessages.unreachable(url) });
    expect(stored()).toBe("http://127.0.0.1:3000");
    expect(deps.onServerUrlChanged).not.toHaveBeenCalled();
  });

  it("gives up on a server that does not answer in time", async () => {
    const url = await startServer(() => {
      // Never answers.
    });
    const { handlers } = makeDeps({ timeoutMs: 200 });

    expect(await handlers["app:setServerUrl"](url)).toEqual({ ok: false, message: serverUrlMessages.unreachable(url) });
  });

  it("refuses a web server that is not a platform server", async () => {
    const notFound = await startServer((_request, response) => response.writeHead(404).end("Not found"));
    const htmlSite = await startServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<h1>Welcome</h1>"),
    );
    const otherJson = await startServer((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name: "something else" })),
    );
    const { handlers, stored } = makeDeps();

    for (const url of [notFound, htmlSite, otherJson]) {
      expect(await handlers["app:setServerUrl"](url)).toEqual({ ok: false, message: serverUrlMessages.notPlatform(url) });
    }
    expect(stored()).toBe("http://127.0.0.1:3000");
  });

  it.each([["http://learn.example.org"], ["http://10.0.0.5:3000"], ["http://[fe80::1]:3000"]])("refuses plain http:// to another machine (%s) without contacting it", async (value) => {
    const fetchSpy = vi.fn((url: string, init: RequestInit) => fetch(url, init));
    const { handlers, stored } = makeDeps({ fetch: fetchSpy });

    expect(await handlers["app:setServerUrl"](value)).toEqual({ ok: false, message: serverUrlMessages.insecure });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(stored()).toBe("http://127.0.0.1:3000");
  });

  it("refuses an https:// address that redirects to plain http:// on another machine", async () => {
    // Standing in for the network (no other machine answers here): the check's fetch followed a redirect to http.
    const downgraded = async () => {
      const response = new Response(JSON.stringify({ siteName: "Downgraded" }), { headers: { "content-type": "application/json" } });
      return Object.defineProperties(response, { redirected: { value: true }, url: { value: "http://learn.example.org/app/config" } });
    };
    const { handlers, stored } = makeDeps({ fetch: downgraded });

    expect(await handlers["app:setServerUrl"]("https://learn.example.org")).toEqual({ ok: false, message: serverUrlMessages.insecure });
    expect(stored()).toBe("http://127.0.0.1:3000");
  });

  it.each([["file:///etc"], ["javascript:alert(1)"], ["127.0.0.1:3000"], [""], [42], [undefined], [{ url: "http://x" }]])(
    "refuses %j without contacting anything",
    async (value) => {
      const fetchSpy = vi.fn((url: string, init: RequestInit) => fetch(url, init));
      const { handlers } = makeDeps({ fetch: fetchSpy });

      expect(await handlers["app:setServerUrl"](value)).toEqual({ ok: false, message: serverUrlMessages.invalid });
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );
});

describe("app:openExternal", () => {
  it("hands web addresses to the browser", async () => {
    const { handlers, deps } = makeDeps();
    await handlers["app:openExternal"]("https://example.org/guide?x=1");
    expect(deps.openExternal).toHaveBeenCalledWith("https://example.org/guide?x=1");
  });

  it.each([["file:///etc/passwd"], ["smb://share/payload.exe"], ["javascript:alert(1)"], [null]])(
    "refuses %j",
    async (value) => {
      const { handlers, deps } = makeDeps();
      await expect(handlers["app:openExternal"](value)).rejects.toThrow(openExternalRefusal);
      expect(deps.openExternal).not.toHaveBeenCalled();
    },
  );
});
