#!/usr/bin/env bash
# make soak: a few minutes of steady load on the release binary, mixing the
# corpus with hostile bodies (422s, 400s, one over the 64 KiB limit for a
# 413). Reports the responses by status, the errors (5xx, dropped or failed
# connections, timeouts: must be 0) and the server's memory (VmRSS) at start,
# after warm-up, every 30 s and at the end.
#
#   SOAK_SECONDS=180 SOAK_CONNS=32 tests/load/soak.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"

DURATION=${SOAK_SECONDS:-180}
CONNS=${SOAK_CONNS:-32}
THREADS=${SOAK_THREADS:-2}
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 2; }

cd "$ROOT"
${CARGO:-cargo} build --release --quiet -p showdown-server --bin showdown
corpus_ndjson "$WORK/valid.ndjson"
# About one request in eight is hostile.
{
  cat "$WORK/valid.ndjson"
  cat tests/load/invalid.ndjson
  python3 -c 'import json; print(json.dumps({"variant": "holdem", "gameId": "x" * 70000, "players": []}))'
} >"$WORK/corpus.ndjson"
export SHOWDOWN_CORPUS="$WORK/corpus.ndjson" SHOWDOWN_COUNT_STATUS=1

port=$(free_port)
start showdown env SHOWDOWN_ADDR="127.0.0.1:$port" "$TARGET_DIR/release/showdown" serve
pid=$STARTED_PID
wait_up "http://127.0.0.1:$port/readyz" "$pid"
check_corpus "http://127.0.0.1:$port/v1/settle" "$WORK/valid.ndjson"

echo "$(machine)"
echo "soak: ${DURATION}s, wrk -t$THREADS -c$CONNS, $(wc -l <"$SHOWDOWN_CORPUS") bodies ($(wc -l <"$WORK/valid.ndjson") valid)"
echo "RSS at start: $(mem_kb "$pid" VmRSS) kB"
wrk -t"$THREADS" -c"$CONNS" -d10s -s tests/load/settle.lua "http://127.0.0.1:$port" >/dev/null
warm=$(mem_kb "$pid" VmRSS)
echo "RSS after 10 s warm-up: $warm kB"

wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --timeout 5s -s tests/load/settle.lua \
  "http://127.0.0.1:$port" >"$WORK/soak.out" &
wrk_pid=$!
PIDS+=("$wrk_pid")
elapsed=0
while kill -0 "$wrk_pid" 2>/dev/null; do
  sleep 1
  elapsed=$((elapsed + 1))
  if [ $((elapsed % 30)) = 0 ]; then
    echo "  t=${elapsed}s RSS $(mem_kb "$pid" VmRSS) kB"
  fi
done
wait "$wrk_pid"
kill -0 "$pid" 2>/dev/null || { echo "the server died during the soak" >&2; exit 1; }
r=$(grep '^RESULT' "$WORK/soak.out")
end=$(mem_kb "$pid" VmRSS)
fivexx=$(tr ',' '\n' <<<"$(field statuses "$r")" | awk -F: '$1 >= 500 { n += $2 } END { print n + 0 }')
errors=$(($(field socket_errors "$r") + $(field timeouts "$r") + fivexx))
echo "requests: $(field requests "$r") in $(field seconds "$r") s ($(field rps "$r") req/s), p99 $(field p99_us "$r") us"
echo "responses by status: $(field statuses "$r")"
echo "errors: $errors (5xx $fivexx, socket $(field socket_errors "$r"), timeouts $(field timeouts "$r"))"
echo "RSS at end: $end kB (after warm-up $warm kB, growth $((end - warm)) kB; peak $(mem_kb "$pid" VmHWM) kB)"
[ "$errors" = 0 ] || { echo "soak FAILED: errors" >&2; exit 1; }
echo "soak passed"
