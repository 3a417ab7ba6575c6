import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Import paths a layer may not use (GUIDE: lint enforces the layers). */
const forbid = (...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((g) => ({ group: [`**/${g}/**`, `**/${g}`], message: `This layer may not import ${g}/.` })) }],
});

export default tseslint.config(
  { ignores: ["node_modules", "dist", "out", "release", "data", "test-results", "playwright-report", "docs/api"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid("server", "electron", "preload") },
  },
  // Shared renderer code never reaches into a page: the layout (routes/) passes scenes' controls in.
  { files: ["renderer/{components,hooks,api,platform}/**/*.{ts,tsx}"], rules: forbid("server", "electron", "preload", "scenes") },
  { files: ["contract/**/*.ts"], rules: forbid("server", "renderer", "electron", "preload") },
  { files: ["electron/**/*.ts", "preload/**/*.ts"], rules: forbid("renderer", "server") },
  { files: ["server/**/*.ts"], rules: forbid("renderer", "electron", "preload") },
);
