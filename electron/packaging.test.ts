import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config, { nativeModules } from "../electron.vite.config.js";

const root = path.resolve(import.meta.dirname, "..");
const builderYml = fs.readFileSync(path.join(root, "electron-builder.yml"), "utf8");

/** The entries of a top-level YAML list (`key:` followed by `  - item` lines). */
function yamlList(text: string, key: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line === `${key}:`);
  if (start < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+-\s+"?([^"#]+?)"?\s*$/.exec(line);
    if (match) items.push(match[1]!);
    else if (!/^\s*#/.test(line)) break;
  }
  return items;
}

describe("keytar packaging", () => {
  const resolved = config as unknown as {
    main: { build: { rolldownOptions: { external: (string | RegExp)[] } }; plugins: { name: string }[] };
    renderer: { base: string; build: { rolldownOptions: { external?: unknown } } };
  };

  it("keeps keytar out of the main bundle (a .node addon cannot be bundled) and copies it beside main.js", () => {
    expect(nativeModules).toContain("keytar");
    expect(resolved.main.build.rolldownOptions.external).toContain("keytar");
    expect(resolved.main.plugins.map((p) => p.name)).toContain("copy-native-modules");
  });

  it("unpacks keytar from the asar and ships no other node_modules", () => {
    expect(yamlList(builderYml, "asarUnpack")).toEqual(["out/main/node_modules/keytar/**"]);
    expect(yamlList(builderYml, "files")).toEqual(["out/**/*", "!out/**/*.map", "!node_modules"]);
    expect(builderYml).toMatch(/^asar: true$/m);
  });

  it("loads keytar only from the main process, never from the renderer or the preload", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && /["']keytar["']/.test(fs.readFileSync(path.join(root, file), "utf8"))) offenders.push(file);
      }
    };
    for (const dir of ["renderer", "preload", "contract"]) walk(dir);
    expect(offenders).toEqual([]);
  });
});

/** The `key: value` pairs of a top-level YAML map (`key:` followed by `  name: value` lines). */
function yamlMap(text: string, key: string): Record<string, string> {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line === `${key}:`);
  const entries: Record<string, string> = {};
  if (start < 0) return entries;
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+([A-Za-z]+):\s*(\S+)\s*$/.exec(line);
    if (match) entries[match[1]!] = match[2]!;
    else if (!/^\s*(#|$)/.test(line)) break;
  }
  return entries;
}

describe("Electron fuses", () => {
  const fuses = yamlMap(builderYml, "electronFuses");

  it("keep Node's back doors shut and the app code in an integrity-checked asar", () => {
    expect(fuses).toMatchObject({
      runAsNode: "false",
      enableNodeOptionsEnvironmentVariable: "false",
      enableNodeCliInspectArguments: "false",
      enableEmbeddedAsarIntegrityValidation: "true",
      onlyLoadAppFromAsar: "true",
    });
  });

  it("let the first-run page, a file: page inside the asar with module scripts, load", () => {
    // Without the file: privileges Electron neither reads file: URLs from inside app.asar nor lets a file: page load its
    // own module scripts (crossorigin, from the null origin), so the packaged app could never ask for a server address.
    const mainWindow = fs.readFileSync(path.join(root, "electron/windows/mainWindow.ts"), "utf8");
    expect(mainWindow).toMatch(/\.loadFile\(/);
    expect(fuses.grantFileProtocolExtraPrivileges).toBe("true");
  });
});
