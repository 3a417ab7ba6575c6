import { builtinModules } from "node:module";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "electron-vite";

const root = import.meta.dirname;

/** Provided by the Electron runtime, never bundled (electron-vite's preset says the same; we keep it explicit). */
const electronAndBuiltins = ["electron", /^electron\/.+/, ...builtinModules.flatMap((name) => [name, `node:${name}`])];

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, "out/main"),
      // Bundle every dependency so the packaged app needs no node_modules (see electron-builder.yml).
      externalizeDeps: false,
      rolldownOptions: {
        input: { main: resolve(root, "electron/main.ts") },
        external: electronAndBuiltins,
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
