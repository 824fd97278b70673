#!/usr/bin/env bash
# make image-check: build docker/Dockerfile for real and check the running
# image. docker/README.md says what each check proves and why.
#
#   docker/image-check.sh              build, check, then the negative tests
#   REBUILD_BASES=1 docker/image-check.sh   remake the stand-in base images
#   ENGINE=docker docker/image-check.sh     use Docker instead of Podman
#
# Podman (as root) is the engine here; when a base image is neither present
# nor pullable, docker/standin-bases.sh makes it from Debian packages. With
# Docker and real registries the real bases are pulled instead.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/image-check
mkdir -p "$work"

IMAGE=${IMAGE:-localhost/showdown:latest}
PROBE=localhost/showdown:newer-tree-probe
BUILD_BASE=docker.io/library/rust:1.95.0-bookworm
RUN_BASE=gcr.io/distroless/cc-debian12:nonroot
MAX_MB=40
MAX_FIRST_ANSWER_S=1.0
NEWER_MARK="newer tree probe"

say() { printf '== %s\n' "$*"; }
die() { printf 'image-check: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
secs_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# ---------------------------------------------------------------- engine
ENGINE=${ENGINE:-}
if [ -z "$ENGINE" ]; then
  if command -v podman >/dev/null; then ENGINE=podman
  elif docker info >/dev/null 2>&1; then ENGINE=docker
  else ENGINE=podman; fi
fi
if [ "$ENGINE" = podman ]; then
  need=()
  for pkg in podman runc mmdebstrap containernetworking-plugins iptables curl python3-yaml; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ "${#need[@]}" -gt 0 ]; then
    [ "$(id -u)" = 0 ] || die "needs ${need[*]} (apt-get install as root)"
    say "apt-get install ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  # Settings for this script's Podman only. Rootful Podman asks each
  # container for more open files than a sandbox's hard limit may allow,
  # and crun refuses a cgroup v1 host whose cgroup2 mount has controllers.
  nofile=$(ulimit -Hn)
  [ "$nofile" = unlimited ] && nofile=1048576
  printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=32768:32768"]\n[engine]\nruntime = "runc"\n' \
    "$nofile" "$nofile" >"$work/containers.conf"
  export CONTAINERS_CONF=$work/containers.conf
  BUILD=(podman build --format docker)
else
  BUILD=(docker build)
fi
python3 -c 'import yaml' 2>/dev/null || die "python3 needs PyYAML (apt-get install python3-yaml)"
say "engine: $($ENGINE --version)"

# Podman without systemd logs that it cannot start the health check timer;
# this script runs health checks itself.
quiet() { "$@" 2> >(grep -v 'systemd' >&2); }

# Every container this script starts, removed by id at the end.
containers=()
cleanup() {
  local id
  for id in "${containers[@]}"; do quiet $ENGINE rm -f "$id" >/dev/null || true; done
  containers=()
}
trap cleanup EXIT

# ---------------------------------------------------------------- bases
base() { # base NAME KIND: present, else pulled, else a local stand-in
  local name=$1 kind=$2 label t
  if [ "${REBUILD_BASES:-0}" != 1 ] && $ENGINE image exists "$name" 2>/dev/null ||
    { [ "$ENGINE" = docker ] && docker image inspect "$name" >/dev/null 2>&1; }; then
    label=$($ENGINE image inspect -f '{{index .Config.Labels "io.showdown.standin"}}' "$name" 2>/dev/null || true)
    if [ -z "$label" ] || [ "$label" = "<no value>" ] || [ "$label" = "$(docker/standin-bases.sh recipe)" ]; then
      say "base $name: present${label:+ (stand-in)}"
      return
    fi
  fi
  if [ "${REBUILD_BASES:-0}" != 1 ] && timeout 60 $ENGINE pull -q "$name" >/dev/null 2>&1; then
    say "base $name: pulled"
    return
  fi
  [ "$ENGINE" = podman ] || die "cannot pull $name, and stand-ins are made for Podman only"
  t=$(now)
  docker/standin-bases.sh "$kind" "$work/standin"
  say "base $name: stand-in made from Debian packages in $(secs_since "$t") s"
}
base "$BUILD_BASE" build
base "$RUN_BASE" run

# ---------------------------------------------------------------- static
# The dist profile builds no debug info (the image strips it anyway).
python3 - <<'EOF' || die "Cargo.toml: [profile.dist] must not build debug info"
import tomllib
p = tomllib.load(open("Cargo.toml", "rb"))["profile"]
debug = p["dist"].get("debug", p.get("release", {}).get("debug", False))
raise SystemExit(0 if debug in (False, 0, "none") else 1)
EOF
say "pass: the dist profile builds no debug info"
dockerfile_sum=$(sha256sum docker/Dockerfile)

# ---------------------------------------------------------------- build
# Two build contexts from the working tree (tracked files and untracked
# ones not ignored, as a fresh clone plus local edits): the "newer" tree has
# a mark in `showdown --help`, the real one none. The real tree's files get
# an older fixed time than the newer tree's, and the newer tree is built
# first, as when an older checkout is built after a newer one on the same
# builder: the target/ cache mount must not hand the older build the newer
# binary. Fixed times keep the contexts the same from run to run, so an
# unchanged tree is a layer-cache hit.
context() { # context DIR EPOCH
  rm -rf "$1"
  mkdir -p "$1"
  git ls-files -z --cached --others --exclude-standard -- Cargo.toml Cargo.lock crates docker |
    xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
    tar --null -T - -cf - | tar -C "$1" -xf -
  find "$1" -exec touch -h -d "@$2" {} +
}
context "$work/ctx-newer" 1500000000
sed -i "s/about = \"/about = \"$NEWER_MARK: /" "$work/ctx-newer/crates/server/src/cli.rs"
grep -q "$NEWER_MARK" "$work/ctx-newer/crates/server/src/cli.rs" || die "could not mark the newer tree"
touch -d @1500000000 "$work/ctx-newer/crates/server/src/cli.rs"
context "$work/ctx" 1000000000

build() { # build TAG CONTEXT [FLAGS...]: prints seconds
  local t tag=$1 ctx=$2
  shift 2
  t=$(now)
  if ! nice -n 5 "${BUILD[@]}" --pull=never "$@" -f "$ctx/docker/Dockerfile" -t "$tag" "$ctx" >"$work/build-${tag##*:}.log" 2>&1; then
    tail -30 "$work/build-${tag##*:}.log" >&2
    die "build of $tag failed (log: $work/build-${tag##*:}.log)"
  fi
  secs_since "$t"
}
say "building the newer tree ($PROBE), then the real one ($IMAGE); logs in $work"
t_probe=$(build "$PROBE" "$work/ctx-newer")
say "built $PROBE in $t_probe s"
# The layer cache keys on content, not file times: when cargo ran for the
# newer tree, the real tree's build must run cargo after it too (no layer
# cache), or the check proves nothing. When neither changed, both are
# layer-cache hits and the rerun takes seconds.
real_flags=()
grep -q 'Finished `dist` profile' "$work/build-${PROBE##*:}.log" && real_flags=(--no-cache)
t_build=$(build "$IMAGE" "$work/ctx" "${real_flags[@]}")
say "built $IMAGE in $t_build s${real_flags:+ (${real_flags[*]}: cargo ran for the newer tree)}"
[ "$(sha256sum docker/Dockerfile)" = "$dockerfile_sum" ] || die "docker/Dockerfile changed during the check"

binary_sum() { # the sha256 of /usr/local/bin/showdown in IMAGE
  local id sum
  id=$(quiet $ENGINE create "$1")
  containers+=("$id")
  sum=$($ENGINE export "$id" | tar -xOf - usr/local/bin/showdown | sha256sum | cut -c1-16)
  quiet $ENGINE rm -f "$id" >/dev/null
  echo "$sum"
}
failures=0
pass() { say "pass: $*"; }
fail() { say "FAIL: $*"; failures=$((failures + 1)); }
# (Whole outputs, then their first lines: a pipe closed early fails the run.)
help_real=$(quiet $ENGINE run --rm "$IMAGE" --help) help_probe=$(quiet $ENGINE run --rm "$PROBE" --help)
help_real=${help_real%%$'\n'*} help_probe=${help_probe%%$'\n'*}
sum_real=$(binary_sum "$IMAGE") sum_probe=$(binary_sum "$PROBE")
if [[ "$help_probe" == *"$NEWER_MARK"* && "$help_real" != *"$NEWER_MARK"* && "$sum_real" != "$sum_probe" ]]; then
  pass "the older tree built after the newer one has its own binary ($sum_real, newer $sum_probe)"
else
  fail "stale binary: real tree says '$help_real' ($sum_real), newer tree '$help_probe' ($sum_probe)"
fi

# ---------------------------------------------------------------- run checks
# check_image IMAGE: every check of the running image; returns the number
# of failures. The negative tests below call it on broken images.
check_image() {
  local image=$1 failures=0 bytes size_mb listing flags grace id pid port url t status rc answered started since_cmd
  say "checking $image"
  # The image: size, health check, no shell.
  # Compared in bytes: rounded to 0.1 MB first, 39.96 MB read as 40.0.
  bytes=$($ENGINE image inspect -f '{{.Size}}' "$image")
  size_mb=$(awk -v b="$bytes" 'BEGIN { printf "%.3f", b / 1e6 }')
  if awk -v b="$bytes" -v m="$MAX_MB" 'BEGIN { exit !(b < m * 1e6) }'; then pass "image size $size_mb MB < $MAX_MB MB"
  else fail "image size $size_mb MB, not under $MAX_MB MB"; fi
  if [ -n "$($ENGINE image inspect -f '{{with .Config.Healthcheck}}{{.Test}}{{end}}' "$image")" ]; then
    pass "the image has a HEALTHCHECK"
  else fail "the image has no HEALTHCHECK (Podman without --format docker?)"; fi
  id=$(quiet $ENGINE create "$image")
  containers+=("$id")
  listing=$($ENGINE export "$id" | tar -tf - | awk -F/ '{ print $NF }' |
    grep -xE 'sh|bash|dash|ash|zsh|ksh|mksh|busybox|toybox' | sort -u | tr '\n' ' ' || true)
  quiet $ENGINE rm -f "$id" >/dev/null
  if [ -z "$listing" ] && ! $ENGINE run --rm --entrypoint /bin/sh "$image" -c true >/dev/null 2>&1; then
    pass "no shell in the image"
  else fail "a shell in the image: ${listing:-/bin/sh runs}"; fi

  # Run it as docker/compose.yaml runs it: its environment, read-only root,
  # capabilities dropped, options, memory and CPU limits.
  python3 docker/compose_flags.py docker/compose.yaml >"$work/compose.flags" ||
    { fail "docker/compose.yaml lacks its hardening"; return "$failures"; }
  mapfile -t flags <"$work/compose.flags"
  grace=$(sed -n 's/^--env=SHOWDOWN_SHUTDOWN_GRACE_SECS=//p' "$work/compose.flags")
  grace=${grace:-30}
  id=$(quiet $ENGINE create "${flags[@]}" -p 127.0.0.1::8080 "$image")
  containers+=("$id")
  t=$(now)
  quiet $ENGINE start "$id" >/dev/null
  port=$($ENGINE port "$id" 8080 | sed 's/.*://' | head -1)
  url=http://127.0.0.1:$port
  first="" answered=""
  for _ in $(seq 1 250); do # 5 s
    if curl -fsS -o /dev/null --max-time 1 "$url/healthz" 2>/dev/null; then answered=$(now); break; fi
    sleep 0.02
  done
  # From the moment the engine started the process (the `start` command
  # itself, network set-up included, is printed beside it).
  started=$(date -d "$($ENGINE inspect -f '{{.State.StartedAt}}' "$id" | sed 's/ [A-Z]*$//')" +%s.%N)
  if [ -z "$answered" ]; then fail "GET /healthz never answered 200"
  else
    first=$(awk -v a="$started" -v b="$answered" 'BEGIN { printf "%.2f", b - a }')
    since_cmd=$(awk -v a="$t" -v b="$answered" 'BEGIN { printf "%.2f", b - a }')
    if awk -v s="$first" -v m="$MAX_FIRST_ANSWER_S" 'BEGIN { exit !(s <= m) }'; then
      pass "GET /healthz 200, first answer $first s after the process started ($since_cmd s after '$ENGINE start')"
    else fail "first answer only $first s after the process started (limit $MAX_FIRST_ANSWER_S s)"; fi
  fi
  if curl -fsS -o /dev/null --max-time 2 "$url/readyz" 2>/dev/null; then pass "GET /readyz 200"
  else fail "GET /readyz did not answer 200"; fi

  # The README's first settle example, answered as its golden file says.
  if python3 docker/readme_example.py README.md >"$work/settle.request.json" &&
    curl -sS --max-time 5 "$url/v1/settle" -H 'content-type: application/json' \
      --data-binary @"$work/settle.request.json" -o "$work/settle.response.json" 2>/dev/null &&
    python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
      "$work/settle.response.json" tests/golden/api-md-example.response.json 2>/dev/null; then
    pass "the README's settle example answers tests/golden/api-md-example.response.json"
  else fail "the README's settle example: wrong or no answer ($work/settle.response.json)"; fi

  # The process as the kernel sees it.
  pid=$($ENGINE inspect -f '{{.State.Pid}}' "$id")
  status=$(cat "/proc/$pid/status" 2>/dev/null || true)
  uid=$(awk '/^Uid:/ { print $2 }' <<<"$status") gid=$(awk '/^Gid:/ { print $2 }' <<<"$status")
  if [ "$uid" = 65532 ] && [ "$gid" = 65532 ]; then pass "runs as uid 65532, gid 65532"
  else fail "runs as uid '${uid}' gid '${gid}', not 65532"; fi
  if [ "$(awk '/^CapEff:/ { print $2 }' <<<"$status")" = 0000000000000000 ] &&
    [ "$(awk '/^NoNewPrivs:/ { print $2 }' <<<"$status")" = 1 ] &&
    [ "$($ENGINE inspect -f '{{.HostConfig.ReadonlyRootfs}} {{.HostConfig.Memory}} {{.HostConfig.NanoCpus}}' "$id")" = \
      "true $(sed -n 's/^--memory=//p' "$work/compose.flags") $(sed -n 's/^--cpus=//p' "$work/compose.flags" | awk '{ printf "%.0f", $1 * 1e9 }')" ]; then
    pass "compose hardening in force: read-only root, no capabilities, no-new-privileges, memory and CPU limits"
  else fail "compose hardening not in force: $(grep -E '^(CapEff|NoNewPrivs)' <<<"$status" | tr '\n' ' ')$($ENGINE inspect -f 'ro={{.HostConfig.ReadonlyRootfs}} mem={{.HostConfig.Memory}} cpus={{.HostConfig.NanoCpus}}' "$id")"; fi

  if health "$id"; then pass "health check: healthy"; else fail "health check: not healthy"; fi

  # SIGTERM: exit 0 within the drain time.
  t=$(now)
  $ENGINE kill --signal TERM "$id" >/dev/null
  rc=$(timeout "$((grace + 5))" $ENGINE wait "$id" 2>/dev/null | tail -1 || true)
  stop_s=$(secs_since "$t")
  if [ "$rc" = 0 ] && awk -v s="$stop_s" -v g="$grace" 'BEGIN { exit !(s < g) }'; then
    pass "SIGTERM: exit 0 after $stop_s s (drain time $grace s)"
  else fail "SIGTERM: exit '${rc}' after $stop_s s (drain time $grace s)"; fi

  # Started with serve --addr, the health check must follow it.
  id=$(quiet $ENGINE create "$image" serve --addr 0.0.0.0:9000)
  containers+=("$id")
  quiet $ENGINE start "$id" >/dev/null
  sleep 0.5
  if health "$id"; then pass "health check follows serve --addr 0.0.0.0:9000"
  else fail "health check unhealthy when started with serve --addr 0.0.0.0:9000"; fi
  cleanup
  return "$failures"
}

health() { # health ID: the image's HEALTHCHECK, run now (a few tries while it starts)
  local status
  if [ "$ENGINE" = podman ]; then
    for _ in 1 2 3 4 5 6; do
      quiet podman healthcheck run "$1" >/dev/null 2>&1 || true
      status=$(podman inspect -f '{{.State.Health.Status}}' "$1" 2>/dev/null || true)
      [ "$status" = healthy ] && break
      sleep 0.5
    done
  else # Docker runs it on its own timer: wait for a verdict.
    for _ in $(seq 1 40); do
      status=$(docker inspect -f '{{.State.Health.Status}}' "$1")
      [ "$status" = starting ] || break
      sleep 0.5
    done
  fi
  [ "$status" = healthy ]
}

rc=0
check_image "$IMAGE" || rc=$?
failures=$((failures + rc))
size_mb=$($ENGINE image inspect -f '{{.Size}}' "$IMAGE" | awk '{ printf "%.1f", $1 / 1e6 }')
summary="image $size_mb MB; builds: newer tree $t_probe s, real tree $t_build s; first answer $first s; SIGTERM to exit $stop_s s"
[ "$failures" = 0 ] || die "$failures check(s) failed ($summary)"

# ---------------------------------------------------------------- negative
# The checks must fail on a broken image: tiny images derived from the one
# just built, each broken one way, and the check that must catch it.
negative() { # negative NAME EXPECTED-FAIL DOCKERFILE-LINES [BUILD-FLAGS...]
  local name=$1 want=$2 lines=$3 dir=$work/negative-$1 tag=localhost/showdown:broken-$1 out
  shift 3
  mkdir -p "$dir"
  printf 'FROM %s\n%s\n' "$IMAGE" "$lines" >"$dir/Dockerfile"
  if [ "$#" -gt 0 ]; then "$@" --pull=never -t "$tag" "$dir" >"$dir/build.log" 2>&1
  else "${BUILD[@]}" --pull=never -t "$tag" "$dir" >"$dir/build.log" 2>&1; fi || die "negative $name: build failed ($dir/build.log)"
  out=$(check_image "$tag" 2>&1) && die "negative $name: the check passed a broken image"
  grep -q "FAIL: $want" <<<"$out" || { echo "$out"; die "negative $name: failed, but not on '$want'"; }
  say "negative $name: caught ($(grep 'FAIL:' <<<"$out" | sed 's/^== FAIL: //' | paste -sd ';'))"
  $ENGINE rmi -f "$tag" >/dev/null 2>&1 || true
}
if [ "${NEGATIVE:-1}" = 1 ]; then
  negative root "runs as uid" 'USER root'
  negative shell "a shell in the image" "COPY --from=$BUILD_BASE /usr/bin/dash /bin/sh"
  negative silent "GET /healthz never answered" 'CMD ["serve", "--addr", "127.0.0.1:8080"]'
  negative wrong "the README's settle example" 'ENV SHOWDOWN_AUTH_TOKENS=negative-check-token-0123456789abcdef'
  if [ "$ENGINE" = podman ]; then
    negative oci-format "the image has no HEALTHCHECK" 'LABEL showdown.negative=oci' podman build --format oci
  fi
fi
echo "image-check ok: $summary"
