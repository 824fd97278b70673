#!/bin/sh
# The image's `cargo build`, in both steps of docker/Dockerfile: with the
# profile of `make pgo` (docker/pgo/showdown.profdata and the rustc version
# it was made for) profile-guided, else the plain release build. A profile
# made by another compiler is not used: its function names would not match.
set -eu
profile=/pgo/showdown.profdata
if [ -f "$profile" ] && [ "$(cat /pgo/rustc-version 2>/dev/null)" = "$(rustc -V)" ]; then
  echo "build-release: profile-guided, $profile ($(rustc -V))"
  RUSTFLAGS="-Cprofile-use=$profile"
  export RUSTFLAGS
elif [ -f "$profile" ]; then
  echo "build-release: plain release build: $profile is for $(cat /pgo/rustc-version 2>/dev/null || echo 'an unknown rustc'), this is $(rustc -V)"
else
  echo "build-release: plain release build (no docker/pgo/showdown.profdata)"
fi
exec cargo build --profile dist --locked -p showdown-server --bin showdown
