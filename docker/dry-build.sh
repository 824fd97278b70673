#!/usr/bin/env bash
# The build stage of docker/Dockerfile without Docker (no engine runs on the
# development machines): the same files in the same two steps, type-checked
# with `cargo check --locked` in a scratch directory.
#   1. root Cargo.toml + Cargo.lock + each member's Cargo.toml, stub sources
#      (stub-workspace.sh): the cached dependency layer must resolve with
#      --locked and compile;
#   2. crates/ as Dockerfile.dockerignore lets it through, touched: the real
#      binary must compile from that context alone (no file from elsewhere).
# Keep in step with the COPY lines of docker/Dockerfile.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d "${TMPDIR:-/tmp}/showdown-docker.XXXXXX")
trap 'rm -rf "$work"' EXIT

cd "$root"
# Every COPY source of the build stage exists, and Dockerfile.dockerignore
# lets it through (a `!` line for it or a folder above it).
# (Every source of each COPY line: all its words but the destination.)
for src in $(awk '$1 == "COPY" && $2 !~ /^--/ { for (i = 2; i < NF; i++) print $i }' docker/Dockerfile); do
  [ -e "$src" ] || { echo "docker dry build: COPY source $src missing" >&2; exit 1; }
  path=${src%/} allowed=0
  grep -qxF -e "!$path" -e "!$path/**" docker/Dockerfile.dockerignore && allowed=1
  while [ "$allowed" = 0 ] && [ "$path" != "${path%/*}" ]; do
    path=${path%/*}
    grep -qxF "!$path/**" docker/Dockerfile.dockerignore && allowed=1
  done
  [ "$allowed" = 1 ] || { echo "docker dry build: $src is not in Dockerfile.dockerignore's allow list" >&2; exit 1; }
done
sh -n docker/build-release.sh
echo "docker dry build, step 0 (COPY sources present and let through): ok"
cp Cargo.toml Cargo.lock "$work/"
for m in crates/*/Cargo.toml; do
  mkdir -p "$work/$(dirname "$m")"
  cp "$m" "$work/$m"
done
(cd "$work" && sh "$root/docker/stub-workspace.sh" &&
  cargo check --quiet --locked -p showdown-server --bin showdown)
echo "docker dry build, step 1 (dependencies from manifests and stubs): ok"

tar cf - --exclude=target crates | (cd "$work" && tar xf -)
(cd "$work" && find crates -name '*.rs' -exec touch {} + &&
  cargo check --quiet --locked -p showdown-server --bin showdown)
echo "docker dry build, step 2 (the crates from the build context): ok"
