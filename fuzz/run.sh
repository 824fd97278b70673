#!/usr/bin/env bash
# make fuzz: run each cargo-fuzz target for N executions (libFuzzer -runs),
# on stable Rust through RUSTC_BOOTSTRAP=1 (cargo-fuzz passes a few -Z flags),
# without a sanitizer (the server crate forbids `unsafe`; overflow checks and
# debug assertions stay on). Prints libFuzzer's final stats and the time taken.
# Crashes land in fuzz/artifacts/<target>/ and make this fail.
#
#   fuzz/run.sh 1000000 settle_json settle_structured
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-1000000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(settle_json settle_structured http_request)
export RUSTC_BOOTSTRAP=1

for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  seeds=()
  dict=()
  if [ "$t" = settle_json ] || [ "$t" = http_request ]; then
    # Real requests to mutate from, and the words of the JSON contract.
    seeds=(../tests/load/corpus)
    dict=(-dict=settle.dict)
  fi
  echo "== $t: $runs runs"
  start=$(date +%s)
  log="artifacts/$t.log"
  mkdir -p artifacts
  status=0
  cargo fuzz run --sanitizer none "$t" "corpus/$t" "${seeds[@]}" -- \
    -runs="$runs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "${dict[@]}" >"$log" 2>&1 || status=$?
  grep -E '^(stat::|Done [0-9]+ runs|INFO: seed)' "$log" || true
  if [ "$status" != 0 ]; then
    tail -40 "$log"
    echo "== $t: FAILED (exit $status): the crashing input is in fuzz/artifacts/$t/" >&2
    exit "$status"
  fi
  echo "== $t: $runs runs, no crash, $(($(date +%s) - start)) s (log: fuzz/$log)"
done
