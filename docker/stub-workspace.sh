#!/bin/sh
# Stub every source file that the workspace manifests name, so that the
# Docker builder can compile all the dependencies from Cargo.toml and
# Cargo.lock alone. That layer stays cached until a manifest or the lock file
# changes; editing Rust sources only rebuilds the three workspace crates.
#
# Run from the workspace root, after copying the root and member manifests.
# It reads each member's Cargo.toml for `[lib]`, `[[bin]]`, `[[bench]]`,
# `[[test]]`, `[[example]]` targets and a `build = "..."` script, because
# cargo refuses a manifest whose declared target file is missing.
set -eu

for manifest in crates/*/Cargo.toml; do
  dir=${manifest%/Cargo.toml}
  mkdir -p "$dir/src"
  : > "$dir/src/lib.rs"
  awk '
    function value() { v = $0; sub(/^[^=]*= *"/, "", v); sub(/".*$/, "", v); return v }
    function flush() {
      if (kind == "") return
      if (path == "") {
        if (kind == "bin") path = "src/bin/" name ".rs"
        else if (kind == "bench") path = "benches/" name ".rs"
        else if (kind == "test") path = "tests/" name ".rs"
        else if (kind == "example") path = "examples/" name ".rs"
      }
      if (path != "") print kind, path
      kind = ""
    }
    /^\[lib\]/ { flush(); kind = "lib"; name = ""; path = ""; next }
    /^\[\[(bin|bench|test|example)\]\]/ {
      flush(); kind = $0; gsub(/[][ ]/, "", kind); name = ""; path = ""; next
    }
    /^\[/ { flush(); next }
    /^build *= *"/ { print "build", value() }
    kind != "" && /^name *=/ { name = value() }
    kind != "" && /^path *=/ { path = value() }
    END { flush() }
  ' "$manifest" | while read -r kind path; do
    mkdir -p "$(dirname "$dir/$path")"
    if [ "$kind" = lib ]; then
      : > "$dir/$path"
    else
      echo 'fn main() {}' > "$dir/$path"
    fi
  done
done
