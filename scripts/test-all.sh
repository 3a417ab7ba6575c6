#!/usr/bin/env bash
# npm test: every check and every test suite. Lint and typecheck first (a failure there is cheapest to find), then
# two lanes at once, since neither keeps both cores busy alone (the browser tests mostly wait on the page, one
# vitest worker runs on one core): the server and desktop suites on both databases, and the builds then the
# browser tests. Each lane's output is kept in a file and printed whole when it ends; the run fails if either does.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

step() { printf '\n=== %s (at %ss)\n' "$*" "$SECONDS"; }

api_lane() {
  # Three workers: the suites mostly wait on HTTP and the databases (two kept a run's CPUs about half busy).
  step "unit and API tests (SQLite)"; npx vitest run --maxWorkers=3
  step "desktop keychain (real Secret Service)"; dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run --config vitest.keychain.config.ts'
  step "search API tests on the SQL path (no in-memory index)"; SEARCH_INDEX=sql npx vitest run server/routes/search server/routes/favorites
  step "API tests (PostgreSQL)"; bash scripts/with-postgres.sh bash -c 'DB_TEST=postgres npx vitest run --maxWorkers=3 server && DB_TEST=postgres SEARCH_INDEX=sql npx vitest run server/routes/search'
}

browser_lane() {
  step "web build"; npm run -s build
  step "desktop build"; npm run -s build:desktop; node scripts/check-desktop-build.mjs
  step "server build"; node scripts/build-server.mjs
  # Two shards at once, each with its own server, demo database and OpenID provider: one Chromium leaves a core idle
  # while it waits on its page. A shard's report is printed whole when both have ended.
  step "browser tests (Chromium, two shards)"
  local shard pids=() status=0
  for shard in 1 2; do
    E2E_SERVER_BUILT=1 E2E_SHARD_NAME="shard-$shard" E2E_PORT=$((4172 + shard)) E2E_SSO_PORT=$((4190 + shard)) \
      npx playwright test -c e2e/playwright.config.ts --shard="$shard/2" >"$logs/e2e-$shard.log" 2>&1 & pids+=($!)
  done
  for shard in 1 2; do
    wait "${pids[$((shard - 1))]}" || status=1
    printf '\n--- browser tests, shard %s of 2\n' "$shard"; cat "$logs/e2e-$shard.log"
  done
  return "$status"
}

step "lint"; npm run -s lint
step "typecheck"; npm run -s typecheck

logs=$(mktemp -d /tmp/test-all.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
( set -euo pipefail; api_lane ) >"$logs/api.log" 2>&1 & api=$!
( set -euo pipefail; browser_lane ) >"$logs/browser.log" 2>&1 & browser=$!
echo "two lanes running: server and desktop suites ($logs/api.log), builds and browser tests ($logs/browser.log)"

failed=()
finish() { # waits for one lane, prints its output, notes a failure
  local name=$1 pid=$2 status=0
  wait "$pid" || status=$?
  printf '\n##### lane: %s (exit %s, at %ss)\n' "$name" "$status" "$SECONDS"
  cat "$logs/$name.log"
  [ "$status" = 0 ] || failed+=("$name")
}
finish api "$api"
finish browser "$browser"
trap - EXIT

if [ ${#failed[@]} -gt 0 ]; then printf '\n=== FAILED: %s\n' "${failed[*]}"; exit 1; fi
rm -rf "$logs"
step "all green"
