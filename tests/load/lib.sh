# shellcheck shell=bash
# Shared by load.sh and soak.sh: start a server on a free loopback port, wait
# for it, read its memory, stop it. Every server started here is stopped by
# its own PID on exit.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/showdown-load.XXXXXX")
PIDS=()

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start NAME CMD...: runs CMD in the background, logs to $WORK/NAME.log,
# sets STARTED_PID.
start() {
  local name=$1
  shift
  "$@" >"$WORK/$name.log" 2>&1 &
  STARTED_PID=$!
  PIDS+=("$STARTED_PID")
}

# start_server NAME BIN PORT: one of the load test's servers, from the
# binaries in BIN, on loopback PORT: showdown (as the image runs it, with
# MIMALLOC_PURGE_DELAY=0, and $LOAD_SHOWDOWN_ENV, extra settings such as
# RUST_LOG=warn), or the ceiling bare (ceiling), around
# Showdown's layers (layers) or settling each request (work). Sets
# STARTED_PID.
start_server() {
  local name=$1 bin=$2 addr=127.0.0.1:$3
  # shellcheck disable=SC2086 # LOAD_SHOWDOWN_ENV is a list of settings
  case $name in
    showdown) start "$name" env SHOWDOWN_ADDR="$addr" MIMALLOC_PURGE_DELAY=0 MIMALLOC_ALLOW_THP=0 ${LOAD_SHOWDOWN_ENV:-} "$bin/showdown" serve ;;
    ceiling) start "$name" env CEILING_ADDR="$addr" "$bin/examples/ceiling" ;;
    layers) start "$name" env CEILING_ADDR="$addr" CEILING_LAYERS=1 "$bin/examples/ceiling" ;;
    work) start "$name" env CEILING_ADDR="$addr" CEILING_WORK=settle "$bin/examples/ceiling" ;;
    *) echo "start_server: no server named $name" >&2; return 2 ;;
  esac
}

# wait_up URL PID: until URL answers 2xx (10 s at most).
wait_up() {
  local url=$1 pid=$2 i
  for i in $(seq 1 200); do
    curl -fsS -o /dev/null --max-time 1 "$url" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { echo "server $pid exited" >&2; return 1; }
    sleep 0.05
  done
  echo "no answer from $url" >&2
  return 1
}

# mem_kb PID FIELD: VmRSS or VmHWM of PID, in kB.
mem_kb() {
  awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status"
}

# cpu_ticks PID: user + system CPU time of PID so far, in clock ticks.
cpu_ticks() {
  awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# corpus_ndjson OUT: the corpus, one request per line, for settle.lua.
corpus_ndjson() {
  local f
  for f in "$ROOT"/tests/load/corpus/*.json; do
    tr -d '\n' <"$f"
    echo
  done >"$1"
}

# check_corpus URL FILE: every line of FILE must get 200 from URL, else the
# load test would measure the error path.
check_corpus() {
  local url=$1 file=$2 line code bad=0 n=0
  while IFS= read -r line; do
    n=$((n + 1))
    code=$(curl -sS -o "$WORK/answer.json" -w '%{http_code}' --max-time 5 \
      -H 'content-type: application/json' --data-binary "$line" "$url")
    if [ "$code" != 200 ]; then
      bad=$((bad + 1))
      echo "corpus line $n: HTTP $code: $(head -c 300 "$WORK/answer.json")" >&2
    fi
  done <"$file"
  [ "$bad" = 0 ] || { echo "$bad of $n corpus requests were not settled" >&2; return 1; }
}

# field NAME LINE: the value of NAME=... in a RESULT line of settle.lua.
field() {
  sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"
}

machine() {
  echo "machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1), $(free -g | awk '/^Mem:/ {print $2}') GiB; load generator (wrk) on the same machine"
}
