#!/usr/bin/env python3
"""make run and make test share one build (Cargo.toml, [profile.release]) only
while every crate of the service's graph resolves the same features in
both. A dev-dependency that turns on a feature of one of them makes the
test build compile that crate, and every crate above it up to
showdown-server, a second time. This lists such crates, from `cargo tree`
alone (nothing is built), and fails when there is one: name the feature in
crates/server/Cargo.toml, as getrandom's and regex-syntax's are.
"""
import re
import subprocess
import sys

LINE = re.compile(r"(\S+ v\S+)(?: \(.*?\))?(?: \(\*\))? \[(.*?)\]")


def features(*args):
    """Each package of the graph with the feature sets it is built with."""
    out = subprocess.run(
        ["cargo", "tree", "--quiet", "--prefix", "none", "-f", "{p} [{f}]", *args],
        check=True, capture_output=True, text=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        m = LINE.match(line.strip())
        if m:
            found.setdefault(m.group(1), set()).add(m.group(2))
    return found


def main():
    run = features("-p", "showdown-server", "-e", "normal,build")
    test = features("--workspace", "-e", "normal,build,dev")
    differ = sorted(p for p in run if p in test and run[p] != test[p])
    for p in differ:
        print(f"{p}: make run builds {sorted(run[p])}, make test {sorted(test[p])}", file=sys.stderr)
    if differ:
        sys.exit("shared features: make test would rebuild the crates above (see crates/server/Cargo.toml)")
    print(f"shared features: the {len(run)} crates of make run resolve alike in make test")


if __name__ == "__main__":
    main()
