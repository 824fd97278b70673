#!/usr/bin/env bash
# make schemathesis: property-based tests of the running service against its
# own /openapi.json. Starts the binary on a free loopback port, runs
# schemathesis with a bounded number of examples per operation, stops it.
#
# Checks: not_a_server_error (no 5xx for any input, API.md: "No input ever
# produces a 5xx") and response_schema_conformance (every documented response
# matches its schema). Both positive and negative data (schemathesis' "all"
# mode): wrong types, missing fields and junk must get a 4xx problem, never
# a 5xx.
#
#   ST_MAX_EXAMPLES=200 ST_PROFILE=release ST_CHECKS=all tests/schemathesis/run.sh
# (release: make run's build, which make test and CI reuse; ST_PROFILE=dev for
# a debug build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
ST=${ST:-$ROOT/tests/.venv/bin/schemathesis}
PROFILE=${ST_PROFILE:-release}
MAX_EXAMPLES=${ST_MAX_EXAMPLES:-200}
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
[ -x "$ST" ] || { echo "$ST missing: run make pydeps" >&2; exit 2; }

if [ "$PROFILE" = release ]; then
  ${CARGO:-cargo} build --release --quiet -p showdown-server --bin showdown
  bin=$TARGET_DIR/release/showdown
else
  ${CARGO:-cargo} build --quiet -p showdown-server --bin showdown
  bin=$TARGET_DIR/debug/showdown
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/showdown-st.XXXXXX")
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SHOWDOWN_ADDR="127.0.0.1:$port" "$bin" serve >"$work/server.log" 2>&1 &
pid=$!
stop() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT

for _ in $(seq 1 200); do
  curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:$port/readyz" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; echo "showdown exited" >&2; exit 1; }
  sleep 0.05
done

status=0
# From the scratch directory: schemathesis and hypothesis leave caches in the
# current directory.
cd "$work"
SCHEMATHESIS_HOOKS="$ROOT/tests/schemathesis/hooks.py" \
  timeout 300 "$ST" run "http://127.0.0.1:$port/openapi.json" \
  --checks "${ST_CHECKS:-not_a_server_error,response_schema_conformance}" \
  --max-examples "$MAX_EXAMPLES" \
  --seed 20261122 \
  --workers 2 \
  --request-timeout 10 \
  --generation-database none \
  --suppress-health-check all \
  --no-color \
  --report junit --report-junit-path "$ROOT/target/schemathesis-junit.xml" || status=$?

# A server that died under the fuzzing is a failure too.
kill -0 "$pid" 2>/dev/null || { echo "showdown died during the run" >&2; tail -50 "$work/server.log" >&2; status=1; }
if [ "$status" != 0 ]; then
  echo "schemathesis FAILED (exit $status); server log tail:" >&2
  tail -20 "$work/server.log" >&2
fi
cd "$ROOT"
exit "$status"
