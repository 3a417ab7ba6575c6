import { afterAll, beforeAll } from "vitest";
import type { Content } from "../db/schema.js";
import { buildContent, buildGroupPage, buildRoleCast, type RoleCast } from "./factories.js";
import { startMailbox, type TestMailbox } from "./mailbox.js";
import { startTestServer, type TestServer } from "./testServer.js";

/** What startTestServer takes, or a function that gives it once the file's earlier hooks ran (a mailbox's URL, a web folder). */
export type ServerOptions = Parameters<typeof startTestServer>[0] | (() => Parameters<typeof startTestServer>[0]);

/**
 * A stand-in for a value the suite's beforeAll makes later, so that a suite can name it once, at the top, as a const.
 * Every read goes to the value as it is when the test runs; a read before the hook made it is a mistake and says so
 * (a plain `let` would hand back `undefined` and fail further on, somewhere less clear).
 */
function lateBound<T extends object>(name: string, current: () => T | undefined): T {
  const value = (): T => {
    const made = current();
    if (made === undefined) throw new Error(`${name} is made by the suite's beforeAll: read it inside a test or a hook, not while the file is collected`);
    return made;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = value();
      const field: unknown = Reflect.get(target, key, target);
      // Methods run on the real object: private fields and `this` must be the value's own, not the stand-in's.
      return typeof field === "function" ? field.bind(target) : field;
    },
    set: (_, key, field) => Reflect.set(value(), key, field),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // Spreads and Object.keys read descriptors; the stand-in's own target is empty, so each must say it may change.
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}

/**
 * Starts the real server on a fresh database before the suite (the file, or the describe it is called in) and stops it
 * after; `server` may be named anywhere below and used in tests and hooks.
 */
export function useTestServer(options: ServerOptions = {}): { server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(typeof options === "function" ? options() : options);
  });
  afterAll(() => server?.stop());
  return { server: lateBound("server", () => server) };
}

/** useTestServer with the role cast built on it (`as`: the cast's clients, signed in, and the guest's). */
export function useCast(options: ServerOptions = {}): { server: TestServer; cast: RoleCast; as: RoleCast["clients"] } {
  const { server } = useTestServer(options);
  let cast: RoleCast | undefined;
  beforeAll(async () => {
    cast = await buildRoleCast(server);
  });
  return { server, cast: lateBound("cast", () => cast), as: lateBound("as", () => cast?.clients) };
}

/** useCast with the owner's public item "Volcano Model" and the page of the cast's group, "Science Team". */
export function useCastServer(options: ServerOptions = {}): { server: TestServer; cast: RoleCast; as: RoleCast["clients"]; resource: Content; groupPage: Content } {
  const { server, cast, as } = useCast(options);
  let resource: Content | undefined;
  let groupPage: Content | undefined;
  beforeAll(async () => {
    resource = await buildContent(server.db, { ownerId: cast.owner.id, title: "Volcano Model" });
    groupPage = await buildGroupPage(server.db, cast.leader, cast.group, "Science Team");
  });
  return { server, cast, as, resource: lateBound("resource", () => resource), groupPage: lateBound("groupPage", () => groupPage) };
}

/**
 * A local SMTP server for the suite, for a server whose mails the tests read: call it before useTestServer and pass
 * its `url` in a function of options, so that it is up before the server and closed after it.
 */
export function useMailbox(): TestMailbox {
  let mailbox: TestMailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(() => mailbox?.close());
  return lateBound("mailbox", () => mailbox);
}
