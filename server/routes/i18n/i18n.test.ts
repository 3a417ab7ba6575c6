import vm from "node:vm";
import { describe, expect, it } from "vitest";
import * as contract from "../../../contract/index.js";
import { CONTACT_MESSAGES, I18N_GROUPS, I18N_MESSAGES, MESSAGES, i18nTexts } from "../../../contract/index.js";
import { useTestServer } from "../../test/useServer.js";

// GET /i18n/{group}/{locale-or-key}/{nonce}.js: the site's texts as scripts.
describe("localization scripts", () => {
  const { server } = useTestServer();

  /** Fetches a script and runs it in a fresh context, as a page would; answers what it set. */
  const run = async (path: string, before = "") => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const context = vm.createContext({});
    vm.runInContext(`${before}\n${await res.text()}`, context);
    return vm.runInContext("globalThis.i18n", context) as Record<string, Record<string, string>>;
  };

  it("sets a whole group's texts for a locale, every locale getting the English texts", async () => {
    const en = await run("/i18n/messages/en/v1.js");
    expect(en.messages).toEqual(i18nTexts("messages"));
    expect(en.messages!.genericLoad).toBe(MESSAGES.genericLoad);
    // A text that takes a value (minChars) is left out.
    expect(en.messages).not.toHaveProperty("minChars");
    expect((await run("/i18n/contact/pt_BR/abc-123.js")).contact).toEqual(i18nTexts("contact"));
  });

  it("serves every message catalogue of the contract as a group", () => {
    const catalogues = Object.entries(contract).filter(([name]) => /_(MESSAGES|TEXTS)$/.test(name) && name !== "I18N_MESSAGES");
    expect(catalogues.length).toBeGreaterThan(30);
    const served = new Set<unknown>(Object.values(I18N_GROUPS));
    expect(catalogues.filter(([, texts]) => !served.has(texts)).map(([name]) => name)).toEqual([]);
  });

  it("sets one text when the second segment is a key, and keeps what other scripts set", async () => {
    const key = Object.keys(i18nTexts("contact"))[0]!;
    const one = await run(`/i18n/contact/${key}/1.js`, 'globalThis.i18n = { contact: { earlier: "kept" }, messages: { x: "y" } };');
    expect(one).toEqual({ contact: { earlier: "kept", [key]: (CONTACT_MESSAGES as Record<string, unknown>)[key] }, messages: { x: "y" } });
  });

  it("answers an unknown group, key or file name with a JSON 404", async () => {
    for (const path of ["/i18n/nothing/en/1.js", "/i18n/messages/noSuchKey/1.js", "/i18n/messages/en/1.json", "/i18n/messages/en/..js%20x", "/i18n/__proto__/en/1.js", "/i18n/messages/constructor/1.js"]) {
      const res = await fetch(`${server.url}${path}`);
      expect([res.status, res.headers.get("content-type")?.split(";")[0]], path).toEqual([404, "application/json"]);
      expect(((await res.json()) as { message: string }).message, path).toBe(I18N_MESSAGES.notFound);
    }
  });
});
