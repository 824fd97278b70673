#!/usr/bin/env bash
# The build stage of docker/Dockerfile without Docker (no engine runs on the
# development machines): every COPY source exists and Dockerfile.dockerignore
# lets it through, and the binary type-checks with `cargo check --locked`
# from those files alone, in a scratch directory.
# Keep in step with the COPY lines of docker/Dockerfile.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d "${TMPDIR:-/tmp}/showdown-docker.XXXXXX")
trap 'rm -rf "$work"' EXIT

cd "$root"
# (Every source of each COPY line of the build stage: all its words but the
# destination; --from copies come from the build stage, not the context.)
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
echo "docker dry build, step 1 (COPY sources present and let through): ok"

cp Cargo.toml Cargo.lock "$work/"
tar cf - --exclude=target crates | (cd "$work" && tar xf -)
(cd "$work" && cargo check --quiet --locked -p showdown-server --bin showdown)
echo "docker dry build, step 2 (the binary from the build context alone): ok"
