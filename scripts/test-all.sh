#!/usr/bin/env bash
# npm test: every check and every test suite. Lint and typecheck first, at once (a failure there is cheapest to find),
# with the builds (and the native modules' compile, after an install without scripts) beside them; then the server and
# desktop suites on both databases; then the browser tests, as three shards at once. One stage at a time: run together, the suites and the browser tests starved each other of this
# machine's two cores (the SQLite suite took 276 s beside them, 70 s alone; the whole run 17.3 minutes where the
# stages one after another take about 14), and slow tests near their timeouts fail. A failing suite does not stop
# the run: every failure is listed at the end, and the run fails if there was any.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

step() { printf '\n=== %s (at %ss)\n' "$*" "$SECONDS"; }
failed=()
# Runs one suite; a failure is noted, and the run goes on.
suite() {
  local name=$1
  shift
  step "$name"
  "$@" || failed+=("$name")
}

logs=$(mktemp -d /tmp/test-all.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT

# The native modules the suites load, compiled here when the install left them out: .ci/run installs with
# --ignore-scripts, so that their compile (about 80 s, nearly all on one core: better-sqlite3's one large C file) runs
# beside lint, typecheck and the builds instead of before them, with the other core idle. An install that built them
# skips this. keytar is optional (it needs libsecret): its failure is reported, and the keychain suite then fails on its own.
native() {
  if [ ! -e node_modules/better-sqlite3/build/Release/better_sqlite3.node ]; then npm rebuild better-sqlite3 || return 1; fi
  if [ -d node_modules/keytar ] && [ ! -e node_modules/keytar/build/Release/keytar.node ]; then npm rebuild keytar || echo "keytar did not build (is libsecret-1-dev installed?)"; fi
}

# The web and server builds: they need neither the checks nor the native modules, and fill the core the compile
# leaves idle once lint and typecheck are done (they once ran beside the suites, and slowed them). The server is built
# once, for every shard's server (the browser tests' own config builds it when run alone).
builds() {
  set -e
  npm run -s build
  node scripts/build-server.mjs
}
# The desktop build, once the native modules are built: it copies keytar's into the app.
desktop_build() {
  set -e
  npm run -s build:desktop
  node scripts/check-desktop-build.mjs
}

# Lint and typecheck, the compile and the builds at once. Lint or typecheck failing ends the run, with its output
# (after the compile and the builds end: the trap would stop their shells but not the compilers and bundlers under them).
step "lint and typecheck (with the native modules' compile, if needed, and the builds)"
native >"$logs/native.log" 2>&1 & native_pid=$!
( builds ) >"$logs/builds.log" 2>&1 & build_pid=$!
npm run -s lint >"$logs/lint.log" 2>&1 & lint_pid=$!
npm run -s typecheck >"$logs/typecheck.log" 2>&1 & typecheck_pid=$!
checks_ok=1
wait "$lint_pid" || { echo "lint failed:"; cat "$logs/lint.log"; checks_ok=0; }
wait "$typecheck_pid" || { echo "typecheck failed:"; cat "$logs/typecheck.log"; checks_ok=0; }
[ "$checks_ok" = 1 ] || { wait "$native_pid" "$build_pid"; exit 1; }
if ! wait "$native_pid"; then echo "the native modules did not build:"; cat "$logs/native.log"; wait "$build_pid"; exit 1; fi
grep -q "did not build" "$logs/native.log" && cat "$logs/native.log"
( desktop_build ) >"$logs/desktop-build.log" 2>&1 & desktop_build_pid=$!

# Three vitest workers: the suites mostly wait on HTTP and the databases.
suite "unit and API tests (SQLite)" npx vitest run --maxWorkers=3
suite "desktop keychain (real Secret Service)" dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run --config vitest.keychain.config.ts'
suite "search API tests on the SQL path (no in-memory index)" env SEARCH_INDEX=sql npx vitest run server/routes/search server/routes/favorites
suite "API tests (PostgreSQL)" bash scripts/with-postgres.sh bash -c 'DB_TEST=postgres npx vitest run --maxWorkers=3 server && DB_TEST=postgres SEARCH_INDEX=sql npx vitest run server/routes/search'

step "web and server builds (started with lint and typecheck), desktop build (after the native modules)"
builds_ok=1
wait "$build_pid" || builds_ok=0
wait "$desktop_build_pid" || builds_ok=0
if [ "$builds_ok" = 1 ]; then
  cat "$logs/builds.log" "$logs/desktop-build.log"
  # Several shards at once, each with its own server, demo database, OpenID provider and Unsplash and Zoom stand-ins: one Chromium leaves a core idle
  # while it waits on its page (on this 2-core machine 226 tests took 15.1 minutes in one; 239 took 13.0 in two, 11.5 in three; 356 took 14.2 in
  # three and 15.8 in four (E2E_SHARDS=4), the machine then busy throughout; 364 took 14.6 in three in the full Chromium, 9.2 in
  # its headless shell, which they run in now). Each shard's report is printed whole when all have ended.
  shards=${E2E_SHARDS:-3}
  step "browser tests (Chromium, $shards shards)"
  pids=()
  for shard in $(seq 1 "$shards"); do
    E2E_SERVER_BUILT=1 E2E_SHARD_NAME="shard-$shard" E2E_PORT=$((4172 + shard)) E2E_SSO_PORT=$((4190 + shard)) E2E_UNSPLASH_PORT=$((4195 + shard)) E2E_ZOOM_PORT=$((4180 + shard)) \
      npx playwright test -c e2e/playwright.config.ts --shard="$shard/$shards" >"$logs/e2e-$shard.log" 2>&1 & pids+=($!)
  done
  for shard in $(seq 1 "$shards"); do
    wait "${pids[$((shard - 1))]}" || failed+=("browser tests, shard $shard")
    printf '\n--- browser tests, shard %s of %s\n' "$shard" "$shards"
    cat "$logs/e2e-$shard.log"
  done
else
  cat "$logs/builds.log" "$logs/desktop-build.log"
  failed+=("builds (the browser tests did not run)")
fi

# The browser tests' own summaries again, last, where the end of a long log shows them: the tests that failed, and
# those that failed once and passed on their retry (flaky: they pass the run, and are named here to be fixed).
if [ -n "${shards:-}" ]; then
  for shard in $(seq 1 "$shards"); do
    summary=$(sed -n '/^  [0-9][0-9]* \(failed\|flaky\)$/,$p' "$logs/e2e-$shard.log")
    [ -z "$summary" ] || printf '\n--- browser tests, shard %s: failed or flaky\n%s\n' "$shard" "$summary"
  done
fi

if [ ${#failed[@]} -gt 0 ]; then
  printf '\n=== FAILED:\n'
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
step "all green"
