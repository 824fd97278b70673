#!/usr/bin/env bash
# A newcomer's first hour, as a test: clone the repository (its HEAD, so
# commit first) into an empty temporary folder, with nothing beside it, and
# in that clone
#   1. time `make run` from the first command to the first settled hand,
#   2. time `make test`, which must pass.
# Only the cargo registry (~/.cargo) is shared with this checkout: the clone
# builds in its own target/. The limits are a newcomer's budget on a 2-core
# machine; a slower run is reported, and fails only with FRESH_CLONE_STRICT=1
# (a shared machine's timings are upper bounds).
#
#   tests/fresh_clone.sh            # FRESH_CLONE_KEEP=1 keeps the clone
#   FRESH_CLONE_DIR=DIR tests/fresh_clone.sh
#                                   # clones into DIR/showdown (new or
#                                   # empty) and keeps it: .ci/run goes on
#                                   # in it, reusing its build
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUN_LIMIT=${FRESH_CLONE_RUN_LIMIT:-180}
TEST_LIMIT=${FRESH_CLONE_TEST_LIMIT:-200}
# The first answer must come within this many seconds, or the run fails.
RUN_GIVE_UP=${FRESH_CLONE_RUN_GIVE_UP:-1200}

if [ -n "${FRESH_CLONE_DIR:-}" ]; then
  mkdir -p "$FRESH_CLONE_DIR"
  WORK=$(cd "$FRESH_CLONE_DIR" && pwd)
  [ ! -e "$WORK/showdown" ] || { echo "fresh clone: $WORK/showdown already exists" >&2; exit 2; }
  FRESH_CLONE_KEEP=1
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/showdown-fresh.XXXXXX")
fi
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "${FRESH_CLONE_KEEP:-0}" = 1 ]; then
    echo "fresh clone kept in $WORK" >&2
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

# No target directory or build settings of this checkout leak into the clone.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR RUSTFLAGS CARGO_INCREMENTAL
git clone --quiet --no-hardlinks "$ROOT" "$WORK/showdown"
cd "$WORK/showdown"
echo "fresh clone of $(git rev-parse --short HEAD) in $WORK/showdown"

# CPU seconds used by this script's finished children (cutime + cstime):
# beside wall time, a figure that other work on the machine inflates less.
tick=$(getconf CLK_TCK)
cpu_secs() {
  local f
  read -r -a f </proc/$$/stat
  echo $(((f[15] + f[16]) / tick))
}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
request=tests/golden/api-md-example.request.json

verdict() { if [ "$1" -le "$2" ]; then echo "within ${2} s"; else echo "OVER the ${2} s limit"; fi; }

# 1. make run, in its own process group so the cleanup stops cargo and the server.
start=$SECONDS cpu0=$(cpu_secs)
SHOWDOWN_ADDR="127.0.0.1:$port" setsid make run >"$WORK/run.log" 2>&1 &
server_pid=$!
answered=0
while [ $((SECONDS - start)) -lt "$RUN_GIVE_UP" ]; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "make run exited before answering:" >&2
    tail -n 30 "$WORK/run.log" >&2
    exit 1
  fi
  code=$(curl -s -o "$WORK/answer.json" -w '%{http_code}' -H 'content-type: application/json' \
    --data-binary "@$request" "http://127.0.0.1:$port/v1/settle" || true)
  if [ "$code" = 200 ]; then
    answered=1
    break
  fi
  sleep 1
done
run_secs=$((SECONDS - start))
kill -TERM -- "-$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=
run_cpu=$(($(cpu_secs) - cpu0))
run_line="fresh clone: make run, build to first answer: ${run_secs} s ($(verdict "$run_secs" "$RUN_LIMIT")), ${run_cpu} s of CPU"
echo "$run_line"
if [ "$answered" != 1 ]; then
  echo "make run: no answer within ${RUN_GIVE_UP} s" >&2
  tail -n 30 "$WORK/run.log" >&2
  exit 1
fi
# The answer is the golden one, byte for byte apart from formatting.
python3 - "$WORK/answer.json" tests/golden/api-md-example.response.json <<'EOF'
import json, sys
got, want = (json.load(open(p)) for p in sys.argv[1:])
sys.exit(0 if got == want else "make run answered something else than the golden response")
EOF

# 2. make test.
start=$SECONDS cpu0=$(cpu_secs)
make test
test_secs=$((SECONDS - start))
test_cpu=$(($(cpu_secs) - cpu0))

cores=$(nproc)
echo "$run_line"
echo "fresh clone: make test: ${test_secs} s ($(verdict "$test_secs" "$TEST_LIMIT")), ${test_cpu} s of CPU"
echo "(${cores} cores, load average $(cut -d' ' -f1-3 /proc/loadavg): other work on the machine makes the times upper bounds; CPU / ${cores} is what they cannot go below)"
if [ "${FRESH_CLONE_STRICT:-0}" = 1 ] && { [ "$run_secs" -gt "$RUN_LIMIT" ] || [ "$test_secs" -gt "$TEST_LIMIT" ]; }; then
  exit 1
fi
