#!/usr/bin/env python3
"""Cross-check Showdown's exact equities (RULES.md §10) against PokerKit 0.7.7.

Reads the JSON lines of the Rust example `equity_dump` (seeded flop and turn
spots of hold'em, short deck, Omaha, Omaha-5/6 and Omaha hi-lo, with a main
pot and a side pot), deals every runout of each spot, ranks every hand with
PokerKit's own classes (`Class.from_game(hole, board)`), shares each pot by
§10.3 in exact fractions, and compares, for every pot and player, the sum of
`D × share` (S), the runouts won outright and the runouts shared with ours.
Nothing of our evaluators is used here: only the cards and the rule.

Usage:
  equity_crosscheck.py [FILE]          # FILE from equity_dump; without it,
                                       # runs the dump through cargo.
  --spots N --seed S --jobs J          # when it runs the dump (defaults
                                       # 6 flop and 6 turn spots a game, 1,
                                       # the CPU count)

Prints one line per game and a summary; exits 1 on any disagreement.
"""

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from fractions import Fraction
from itertools import combinations

from pokerkit import (
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    ShortDeckHoldemHand,
    StandardHighHand,
)

# game -> (high class, low class or None, short deck)
GAMES = {
    "holdem": (StandardHighHand, None, False),
    "short-deck": (ShortDeckHoldemHand, None, True),
    "omaha": (OmahaHoldemHand, None, False),
    "omaha-5": (OmahaHoldemHand, None, False),
    "omaha-6": (OmahaHoldemHand, None, False),
    "omaha-hi-lo": (OmahaHoldemHand, OmahaEightOrBetterLowHand, False),
    "omaha-5-hi-lo": (OmahaHoldemHand, OmahaEightOrBetterLowHand, False),
}

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def split(cards):
    return [cards[i:i + 2] for i in range(0, len(cards), 2)]


def best(players, hands):
    """The players holding the best of `hands` (None: no hand)."""
    live = [p for p in players if hands[p] is not None]
    if not live:
        return []
    top = max(hands[p] for p in live)
    return [p for p in live if hands[p] == top]


def check_spot(line):
    spot = json.loads(line)
    high_cls, low_cls, short = GAMES[spot["variant"]]
    holes, board, dead = spot["hands"], spot["board"], spot["dead"]
    d = spot["d"]
    known = set(split("".join(holes) + board + dead))
    ranks = "6789TJQKA" if short else "23456789TJQKA"
    deck = [r + s for r in ranks for s in "cdhs" if r + s not in known]
    pots = spot["pots"]
    n = len(holes)
    s_units = [[Fraction(0)] * n for _ in pots]
    wins = [[0] * n for _ in pots]
    ties = [[0] * n for _ in pots]
    runouts = 0
    for extra in combinations(deck, 5 - len(board) // 2):
        runouts += 1
        full = board + "".join(extra)
        high = [high_cls.from_game(h, full) for h in holes]
        low = [None] * n
        if low_cls is not None:
            for i, h in enumerate(holes):
                try:
                    low[i] = low_cls.from_game(h, full)
                except ValueError:
                    pass  # no qualifying low
        for p, eligible in enumerate(pots):
            hs, ls = best(eligible, high), best(eligible, low)
            for i in eligible:
                if not ls:
                    share = Fraction(1, len(hs)) if i in hs else Fraction(0)
                else:
                    share = (Fraction(1, 2 * len(hs)) if i in hs else 0) + (
                        Fraction(1, 2 * len(ls)) if i in ls else 0)
                s_units[p][i] += share * d
                if share == 1:
                    wins[p][i] += 1
                elif share > 0:
                    ties[p][i] += 1
    bad = []
    if runouts != spot["runouts"]:
        bad.append(f"runouts {runouts}, ours {spot['runouts']}")
    for p in range(len(pots)):
        theirs = [int(x) for x in s_units[p]]
        if any(x.denominator != 1 for x in s_units[p]):
            bad.append(f"pot {p}: D x share not whole: {s_units[p]}")
        for name, mine, pk in (("S", spot["share_units"][p], theirs),
                               ("wins", spot["wins"][p], wins[p]),
                               ("ties", spot["ties"][p], ties[p])):
            if mine != pk:
                bad.append(f"pot {p} {name}: ours {mine}, PokerKit {pk}")
    where = f"{spot['variant']}: {' '.join(holes)} board {board} dead {dead or '-'}"
    return spot["variant"], runouts, [f"{where}: {b}" for b in bad]


def dump(spots, seed):
    cmd = ["cargo", "run", "--quiet", "--release", "-p", "showdown-equity", "--example", "equity_dump",
           "--", "--spots", str(spots), "--seed", str(seed)]
    return subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout.splitlines()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?")
    ap.add_argument("--spots", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    start = time.monotonic()
    if args.file:
        with open(args.file) as f:
            lines = [line for line in f if line.strip()]
    else:
        lines = dump(args.spots, args.seed)

    spots, runouts, failures = {}, {}, []
    with multiprocessing.Pool(args.jobs) as pool:
        for game, n, bad in pool.imap_unordered(check_spot, lines, chunksize=1):
            spots[game] = spots.get(game, 0) + 1
            runouts[game] = runouts.get(game, 0) + n
            failures.extend(bad)
    for game in GAMES:
        wrong = sum(1 for f in failures if f.startswith(game + ":"))
        print(f"{game:14} {spots.get(game, 0):4} spots {runouts.get(game, 0):8} runouts, {wrong} disagreements")
    for f in failures[:20]:
        print("DISAGREE", f)
    missing = [g for g in GAMES if not spots.get(g)]
    elapsed = time.monotonic() - start
    print(f"equity crosscheck: {sum(spots.values())} spots, {sum(runouts.values())} runouts against PokerKit, "
          f"{len(failures)} disagreements, {elapsed:.0f}s on {args.jobs} processes")
    if missing:
        print(f"equity crosscheck: no spot for {', '.join(missing)}")
    sys.exit(1 if failures or missing else 0)


if __name__ == "__main__":
    main()
