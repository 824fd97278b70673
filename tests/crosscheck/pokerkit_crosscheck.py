#!/usr/bin/env python3
"""Cross-check Showdown's hand order against PokerKit 0.7.7.

Reads the JSON lines of the Rust example `crosscheck_dump` (seeded random
tables of up to nine hands; board games share the board), ranks every hand with
PokerKit's own classes (`Class.from_game(hole, board)`), and compares, for
every pair of hands at a table, which one wins or whether they tie (PokerKit's
`<` and `==` against the sign of our value difference). A hand with no
qualifying low (PokerKit raises ValueError) ranks below every low, as ours
(`null`).

Usage:
  pokerkit_crosscheck.py [FILE]        # FILE from crosscheck_dump; without
                                       # it, runs the dump through cargo.
  --pairs N --seed S --jobs J          # when it runs the dump (defaults
                                       # 100000, 1, the CPU count)

Prints one line per kind and a summary line; exits 1 on any disagreement or
if a kind has fewer pairs than asked.
"""

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from itertools import combinations

from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardBadugiHand,
    StandardHighHand,
    StandardLowHand,
)

CLASSES = {
    "high": StandardHighHand,
    "short-deck": ShortDeckHoldemHand,
    "omaha": OmahaHoldemHand,
    "omaha-low8": OmahaEightOrBetterLowHand,
    "low8": EightOrBetterLowHand,
    "ace-five": RegularLowHand,  # ace-to-five low
    "deuce-seven": StandardLowHand,  # deuce-to-seven low
    "badugi": BadugiHand,  # ace low
    "badugi-ace-high": StandardBadugiHand,  # ace high (badeucy)
}

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pokerkit_hand(cls, hole, board):
    try:
        return cls.from_game(hole, board)
    except ValueError:
        return None  # no qualifying hand (8-or-better)


def order(x, y):
    """-1, 0 or 1 for x below, tied with, or above y; None is below all."""
    if x is None or y is None:
        return (x is not None) - (y is not None)
    return -1 if x < y else (0 if x == y else 1)


def check_table(line):
    table = json.loads(line)
    kind, board, holes, ours = table["kind"], table["board"], table["hands"], table["ours"]
    cls = CLASSES[kind]
    theirs = [pokerkit_hand(cls, h, board) for h in holes]
    pairs, bad = 0, []
    for i, j in combinations(range(len(holes)), 2):
        pairs += 1
        mine = order(ours[i], ours[j])
        pk = order(theirs[i], theirs[j])
        if mine != pk:
            bad.append(f"{kind}: board {board or '-'}: {holes[i]} vs {holes[j]}: ours {mine}, PokerKit {pk}")
    return kind, pairs, bad


def dump(pairs, seed):
    cmd = ["cargo", "run", "--quiet", "--release", "-p", "showdown-cards", "--example", "crosscheck_dump",
           "--", "--pairs", str(pairs), "--seed", str(seed)]
    return subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout.splitlines()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?")
    ap.add_argument("--pairs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    start = time.monotonic()
    if args.file:
        with open(args.file) as f:
            lines = [line for line in f if line.strip()]
    else:
        lines = dump(args.pairs, args.seed)

    totals, failures = {}, []
    with multiprocessing.Pool(args.jobs) as pool:
        for kind, pairs, bad in pool.imap_unordered(check_table, lines, chunksize=64):
            totals[kind] = totals.get(kind, 0) + pairs
            failures.extend(bad)

    by_kind = {}
    for f in failures:
        by_kind[f.split(":")[0]] = by_kind.get(f.split(":")[0], 0) + 1
    for kind in CLASSES:
        n = totals.get(kind, 0)
        print(f"{kind:16} {CLASSES[kind].__name__:26} {n:8} pairs, {by_kind.get(kind, 0)} disagreements")
    for f in failures[:20]:
        print("DISAGREE", f)
    short = [k for k in CLASSES if totals.get(k, 0) < args.pairs]
    total = sum(totals.values())
    elapsed = time.monotonic() - start
    print(f"crosscheck: {total} pairs over {len(CLASSES)} kinds against PokerKit, "
          f"{len(failures)} disagreements, {elapsed:.0f}s on {args.jobs} processes")
    if short:
        print(f"crosscheck: fewer than {args.pairs} pairs for {', '.join(short)}")
    sys.exit(1 if failures or short else 0)


if __name__ == "__main__":
    main()
