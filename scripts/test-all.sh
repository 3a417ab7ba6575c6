#!/usr/bin/env bash
# npm test: every check and every test suite, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

step() { printf '\n=== %s\n' "$*"; }

step "lint"; npm run -s lint
step "typecheck"; npm run -s typecheck
step "unit and API tests (SQLite)"; npx vitest run
step "API tests (PostgreSQL)"; bash scripts/with-postgres.sh env DB_TEST=postgres npx vitest run server
step "web build"; npm run -s build
step "desktop build"; npm run -s build:desktop
step "browser tests (Chromium)"; npx playwright test -c e2e/playwright.config.ts
step "all green"
