#!/usr/bin/env bash
# make pgo (and make load, by default): a profile-guided dist-profile build of
# `showdown` and of the load test's ceiling, in target/pgo/dist/.
#
#   tests/load/pgo.sh            # -> target/pgo/dist/{showdown,examples/ceiling}
#
# 1. Build both instrumented (-Cprofile-generate) in target/pgo-gen/.
# 2. Train: run both over loopback under wrk with a *training* corpus, made
#    by tests/load/gen_corpus.py with another seed (PGO_SEED) than the
#    committed corpus make load measures with, so the profile has not seen
#    the requests it is judged on; then stop them with SIGTERM (the profile
#    is written at a normal exit).
# 3. Merge the profiles (llvm-profdata, from rustup's llvm-tools component;
#    installed here if missing) into target/pgo/showdown.profdata.
# 4. Build both again with -Cprofile-use in target/pgo/.
#
# Why: under load the settle path's cost is mostly its instruction-cache
# misses (README, Operations): 520 cache lines of code a request, against 221
# for parsing. A profile lets LLVM lay out the hot paths together and move
# cold code away. Both servers get the same treatment, so make load's ratio
# is still Showdown against an equally built ceiling.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SEED=${PGO_SEED:-7}
TRAIN_SECONDS=${PGO_TRAIN_SECONDS:-3}
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 2; }
cd "$ROOT"

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  echo "pgo: installing rustup's llvm-tools (llvm-profdata)" >&2
  rustup component add llvm-tools >&2
fi
[ -x "$profdata" ] || { echo "pgo: no llvm-profdata at $profdata" >&2; exit 2; }

# A fixed path: it is part of RUSTFLAGS, so a new one each run would
# rebuild the whole instrumented tree.
raw="$TARGET_DIR/pgo-gen/profraw"
out="$TARGET_DIR/pgo"
mkdir -p "$out"
# build RUSTFLAGS TARGET_DIR: showdown alone, as docker/Dockerfile builds it
# (with the example in the same build, its dev-dependencies change the
# features of some shared crates, hence their -C metadata and the symbol
# names a profile is matched by), then the ceiling.
build() {
  local what
  for what in "--bin showdown" "--example ceiling"; do
    # shellcheck disable=SC2086 # two words each
    RUSTFLAGS=$1 CARGO_TARGET_DIR=$2 ${CARGO:-cargo} build --profile dist --locked --quiet \
      -p showdown-server $what
  done
}

echo "pgo: instrumented build (target/pgo-gen)" >&2
build "-Cprofile-generate=$raw" "$TARGET_DIR/pgo-gen"
rm -rf "$raw" # build scripts ran instrumented too: only the servers' runs count

python3 tests/load/gen_corpus.py --seed "$SEED" --count 256 --ndjson "$WORK/train.ndjson" >&2
export SHOWDOWN_CORPUS="$WORK/train.ndjson"
gen="$TARGET_DIR/pgo-gen/dist"
# Showdown, and the ceiling in each mode make load runs it in (bare, inside
# Showdown's layers, settling), so no row is measured on code the profile
# calls cold for want of a run.
names=(showdown ceiling layers work)
pids=() ports=()
for name in "${names[@]}"; do
  port=$(free_port)
  start_server "$name" "$gen" "$port"
  pids+=("$STARTED_PID") ports+=("$port")
  wait_up "http://127.0.0.1:$port/healthz" "$STARTED_PID" || { tail -n 20 "$WORK/$name.log" >&2; exit 1; }
done
# Train on answers, not on the error path.
check_corpus "http://127.0.0.1:${ports[0]}/v1/settle" "$SHOWDOWN_CORPUS"
for port in "${ports[@]}"; do
  for c in 8 64; do
    wrk -t2 -c"$c" -d"${TRAIN_SECONDS}s" -s tests/load/settle.lua "http://127.0.0.1:$port" >/dev/null
  done
done
kill -TERM "${pids[@]}"
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || {
    echo "pgo: the training ${names[$i]} did not exit cleanly:" >&2
    tail -n 20 "$WORK/${names[$i]}.log" >&2
    exit 1
  }
done
n=$(find "$raw" -name '*.profraw' | wc -l)
# One file per binary (rustc names them default_<binary hash>.profraw, and
# the ceiling's three runs merge into one).
[ "$n" -ge 2 ] || { echo "pgo: expected a profile from each of the 2 binaries, found $n" >&2; exit 1; }
"$profdata" merge -o "$out/showdown.profdata" "$raw"/*.profraw
# The compiler the profile is for: docker/build-release.sh uses the profile
# only with the same one.
rustc -V >"$out/rustc-version"

echo "pgo: optimized build (target/pgo)" >&2
build "-Cprofile-use=$out/showdown.profdata" "$out"
echo "pgo: $out/dist/showdown $out/dist/examples/ceiling (profile $out/showdown.profdata, trained on seed $SEED)" >&2
