#!/usr/bin/env bash
# npm test: every check and every test suite, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

step() { printf '\n=== %s\n' "$*"; }

step "lint"; npm run -s lint
step "typecheck"; npm run -s typecheck
step "unit and API tests (SQLite)"; npx vitest run
step "desktop keychain (real Secret Service)"; dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run --config vitest.keychain.config.ts'
step "search API tests on the SQL path (no in-memory index)"; SEARCH_INDEX=sql npx vitest run server/routes/search server/routes/favorites
step "API tests (PostgreSQL)"; bash scripts/with-postgres.sh bash -c 'DB_TEST=postgres npx vitest run server && DB_TEST=postgres SEARCH_INDEX=sql npx vitest run server/routes/search' 
step "web build"; npm run -s build
step "desktop build"; npm run -s build:desktop && node scripts/check-desktop-build.mjs
step "browser tests (Chromium)"; npx playwright test -c e2e/playwright.config.ts
step "all green"
