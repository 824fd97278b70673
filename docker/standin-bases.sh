#!/usr/bin/env bash
# Make local stand-ins for the two base images docker/Dockerfile names, for
# a Debian 12 machine that reaches Debian's apt repositories but no container
# registry. Both are made from Debian packages and tagged with the exact
# names the Dockerfile uses, so the Dockerfile itself is built unchanged:
#
#   docker.io/library/rust:1.95.0-bookworm
#       a minbase bookworm root (mmdebstrap, with this host's apt sources)
#       plus compilers and binutils, and this host's Rust 1.95.0 toolchain
#       under /usr/local/rustup with CARGO_HOME, RUSTUP_HOME and PATH set as
#       the official image sets them;
#   gcr.io/distroless/cc-debian12:nonroot
#       glibc, libgcc, libstdc++, libssl, CA certificates, tzdata: their
#       .debs unpacked without running any maintainer script, so no shell,
#       no dpkg, no apt; user nonroot (65532) as the default user.
#
# Usage: docker/standin-bases.sh build|run [scratch-dir]   (root, podman)
# Each image carries the label io.showdown.standin=<recipe version>.
set -euo pipefail

RUST_VERSION=1.95.0
RECIPE=1
LABEL=io.showdown.standin
BUILD_BASE=docker.io/library/rust:$RUST_VERSION-bookworm
RUN_BASE=gcr.io/distroless/cc-debian12:nonroot
which=${1:?usage: $0 build|run [scratch-dir]}
scratch=${2:-/var/tmp/showdown-standin}
mkdir -p "$scratch"

# The host's own Debian sources (deb822 or one-line), so the stand-in uses
# whatever mirror this machine is allowed to reach.
host_sources() {
  local f
  for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list; do
    [ -s "$f" ] && grep -q 'debian' "$f" && { echo "$f"; return; }
  done
  echo "no Debian apt sources found on this host" >&2
  return 1
}

make_build_base() {
  local sysroot root tc bin
  sysroot=$(rustc "+$RUST_VERSION" --print sysroot 2>/dev/null || rustc --print sysroot)
  "$sysroot/bin/rustc" -V | grep -q "^rustc $RUST_VERSION " || {
    echo "standin: the host has no Rust $RUST_VERSION (found $("$sysroot/bin/rustc" -V))" >&2
    return 1
  }
  root=$scratch/build-root
  rm -rf "$root"
  mmdebstrap --quiet --variant=minbase \
    --include=build-essential,ca-certificates,curl,git,pkg-config,libssl-dev \
    bookworm "$root" "$(host_sources)"
  tc=$root/usr/local/rustup/toolchains/$RUST_VERSION-x86_64-unknown-linux-gnu
  mkdir -p "$tc" "$root/usr/local/cargo/bin"
  # Documentation and the standard library's sources are not needed to build.
  tar -C "$sysroot" --exclude=./share/doc --exclude=./lib/rustlib/src -cf - . | tar -C "$tc" -xf -
  for bin in "$tc"/bin/*; do
    ln -s "${bin#"$root"}" "$root/usr/local/cargo/bin/${bin##*/}"
  done
  chmod -R a+rwX "$root/usr/local/cargo" "$root/usr/local/rustup"
  # A host behind a TLS-inspecting proxy trusts the proxy's CA; cargo in
  # the build stage must too, or it cannot download crates.
  if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null 2>&1
  fi
  tar -C "$root" --numeric-owner -cf - . | podman import --quiet \
    --change "ENV=PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV=CARGO_HOME=/usr/local/cargo" \
    --change "ENV=RUSTUP_HOME=/usr/local/rustup" \
    --change "ENV=RUST_VERSION=$RUST_VERSION" \
    --change "LABEL=$LABEL=$RECIPE" \
    --change 'CMD=["bash"]' - "$BUILD_BASE" >/dev/null
  rm -rf "$root"
}

make_run_base() {
  local root=$scratch/run-root debs=$scratch/debs deb
  rm -rf "$root" "$debs"
  mkdir -p "$root" "$debs"
  (cd "$debs" && apt-get download -q=2 -o APT::Sandbox::User=root base-files netbase tzdata media-types \
    ca-certificates libc6 libgcc-s1 libgomp1 libstdc++6 libssl3)
  for deb in "$debs"/*.deb; do dpkg-deb --extract "$deb" "$root"; done
  rm -rf "$root"/usr/share/{doc,man,info,lintian} "$root/usr/sbin/update-ca-certificates"
  # What update-ca-certificates would write, without a shell to run it.
  cat "$root"/usr/share/ca-certificates/mozilla/*.crt >"$root/etc/ssl/certs/ca-certificates.crt"
  cat >"$root/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
  printf 'root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n' >"$root/etc/group"
  install -d -m 700 -o 65532 -g 65532 "$root/home/nonroot"
  install -d -m 1777 "$root/tmp"
  local shells
  shells=$(find "$root" -name sh -o -name bash -o -name dash -o -name busybox)
  [ -z "$shells" ] || { echo "standin: a shell in the runtime base: $shells" >&2; return 1; }
  tar -C "$root" --numeric-owner -cf - . | podman import --quiet \
    --change "ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV=SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt" \
    --change "USER=65532" --change "WORKDIR=/home/nonroot" \
    --change "LABEL=$LABEL=$RECIPE" - "$RUN_BASE" >/dev/null
  rm -rf "$root" "$debs"
}

case $which in
  build) make_build_base ;;
  run) make_run_base ;;
  recipe) echo "$RECIPE" ;;
  *) echo "usage: $0 build|run|recipe [scratch-dir]" >&2; exit 2 ;;
esac
