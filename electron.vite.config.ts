import fs from "node:fs";
import { builtinModules } from "node:module";
import { dirname, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "electron-vite";
import type { Plugin } from "vite";

const root = import.meta.dirname;

/** Provided by the Electron runtime, never bundled (electron-vite's preset says the same; we keep it explicit). */
const electronAndBuiltins = ["electron", /^electron\/.+/, ...builtinModules.flatMap((name) => [name, `node:${name}`])];

/**
 * Native modules the main process loads at run time (`import("keytar")` in electron/services/keychain.ts). They stay
 * external: a `.node` file cannot live inside the bundle or the asar, so electron-builder.yml unpacks them (asarUnpack).
 */
export const nativeModules = ["keytar"] as const;

/** The files of a native module the app needs at run time: its manifest, its JavaScript and the compiled addon. */
const nativeModuleFiles = { keytar: ["package.json", "lib/keytar.js", "build/Release/keytar.node", "LICENSE.md"] } as const;

/**
 * Copies each native module's run-time files to out/main/node_modules/, where Node's resolution finds them from
 * out/main/main.js, so the package needs no node_modules of its own (see electron-builder.yml). The addon must have been
 * rebuilt for Electron's ABI first (docs/desktop.md, "Packaging keytar").
 */
function copyNativeModules(): Plugin {
  return {
    name: "copy-native-modules",
    apply: "build",
    writeBundle(options) {
      const outDir = options.dir ?? resolve(root, "out/main");
      for (const name of nativeModules) {
        for (const file of nativeModuleFiles[name]) {
          const from = resolve(root, "node_modules", name, file);
          // keytar is optional: a machine without it builds a client whose keychain reports itself unavailable.
          if (!fs.existsSync(from)) continue;
          const to = resolve(outDir, "node_modules", name, file);
          fs.mkdirSync(dirname(to), { recursive: true });
          fs.copyFileSync(from, to);
        }
      }
    },
  };
}

export default defineConfig({
  main: {
    plugins: [copyNativeModules()],
    build: {
      outDir: resolve(root, "out/main"),
      // Bundle every dependency except the native modules, so the packaged app needs no node_modules (see electron-builder.yml).
      externalizeDeps: false,
      rolldownOptions: {
        input: { main: resolve(root, "electron/main.ts") },
        external: [...electronAndBuiltins, ...nativeModules],
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, "out/preload"),
      // A sandboxed preload can require only `electron`: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, "preload/index.ts") },
        external: electronAndBuiltins,
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(root, "renderer"),
    // Loaded from a file: URL for the first run (electron/main.ts), so assets must be addressed relatively.
    base: "./",
    plugins: [react()],
    build: {
      outDir: resolve(root, "out/renderer"),
      rolldownOptions: {
        input: { index: resolve(root, "renderer/index.html") },
      },
    },
  },
});
