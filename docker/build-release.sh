#!/bin/sh
# The image's `cargo build`, in both steps of docker/Dockerfile: with
# /pgo/showdown.profdata (docker/pgo/, made by `make pgo`) profile-guided,
# else the plain release build.
set -eu
if [ -f /pgo/showdown.profdata ]; then
  echo "build-release: profile-guided, /pgo/showdown.profdata"
  RUSTFLAGS="-Cprofile-use=/pgo/showdown.profdata -Cllvm-args=-pgo-warn-missing-function=false"
  export RUSTFLAGS
else
  echo "build-release: plain release build (no docker/pgo/showdown.profdata)"
fi
exec cargo build --release --locked -p showdown-server --bin showdown
