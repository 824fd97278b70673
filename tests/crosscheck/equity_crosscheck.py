#!/usr/bin/env python3
"""Cross-check Showdown's exact equities (RULES.md §10) against PokerKit 0.7.7.

Reads the JSON lines of the Rust example `equity_dump` (seeded flop and turn
spots of hold'em, short deck, Omaha, Omaha-5/6 and Omaha hi-lo, with a main
pot and a side pot), deals every runout of each spot, ranks every hand with
PokerKit's own classes (`Class.from_game(hole, board)`), shares each pot by
§10.3 in whole units of 1/D, and compares, for every pot and player, the sum of
`D × share` (S), the runouts won outright and the runouts shared with ours.
Nothing of our evaluators is used here: only the cards and the rule.
Hold'em spots before the flop (1.4 million runouts and more) are ranked with
eval7 0.1.11's C evaluator instead, PokerKit being too slow for them.

Usage:
  equity_crosscheck.py [FILE]          # FILE from equity_dump; without it,
                                       # runs the dump through cargo.
  --spots N --preflop P --seed S --jobs J
                                       # when it runs the dump (defaults
                                       # 6 flop and 6 turn spots a game, 3
                                       # preflop hold'em spots, 1, the CPU
                                       # count)

Prints one line per game and a summary; exits 1 on any disagreement.
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
    s_units = [[0] * n for _ in pots]
    whole = [True]
    wins = [[0] * n for _ in pots]
    ties = [[0] * n for _ in pots]
    runouts = 0
    if not board and spot["variant"] == "holdem":
        import eval7

        cards = {c: eval7.Card(c) for c in deck + split("".join(holes))}
        e7_holes = [[cards[c] for c in split(h)] for h in holes]
        e7_deck = [cards[c] for c in deck]
        evaluate = eval7.evaluate
        high_of = lambda extra, full: [evaluate(h + list(extra)) for h in e7_holes]  # noqa: E731
        deal = e7_deck
    else:
        high_of = lambda extra, full: [high_cls.from_game(h, full) for h in holes]  # noqa: E731
        deal = deck
    for extra in combinations(deal, 5 - len(board) // 2):
        runouts += 1
        full = board + "".join(extra) if deal is deck else None
        high = high_of(extra, full)
        low = [None] * n
        if low_cls is not None:
            for i, h in enumerate(holes):
                try:
                    low[i] = low_cls.from_game(h, full)
                except ValueError:
                    pass  # no qualifying low
        for p, eligible in enumerate(pots):
            hs, ls = best(eligible, high), best(eligible, low)
            # D x share in whole numbers: each part divides D (checked).
            parts = [(hs, d // len(hs) if not ls else d // (2 * len(hs)))]
            if ls:
                parts.append((ls, d // (2 * len(ls))))
            if any(units * len(who) * len(parts) != d for who, units in parts):
                whole[0] = False
            for i in eligible:
                units = sum(u for who, u in parts if i in who)
                s_units[p][i] += units
                if units == d:
                    wins[p][i] += 1
                elif units > 0:
                    ties[p][i] += 1
    bad = []
    if runouts != spot["runouts"]:
        bad.append(f"runouts {runouts}, ours {spot['runouts']}")
    if not whole[0]:
        bad.append("D x share is not whole on some runout")
    for p in range(len(pots)):
        theirs = s_units[p]
        for name, mine, pk in (("S", spot["share_units"][p], theirs),
                               ("wins", spot["wins"][p], wins[p]),
                               ("ties", spot["ties"][p], ties[p])):
            if mine != pk:
                bad.append(f"pot {p} {name}: ours {mine}, PokerKit {pk}")
    where = f"{spot['variant']}: {' '.join(holes)} board {board} dead {dead or '-'}"
    return spot["variant"], runouts, [f"{where}: {b}" for b in bad]


def dump(spots, preflop, seed):
    cmd = ["cargo", "run", "--quiet", "--release", "-p", "showdown-equity", "--example", "equity_dump",
           "--", "--spots", str(spots), "--preflop", str(preflop), "--seed", str(seed)]
    return subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout.splitlines()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?")
    ap.add_argument("--spots", type=int, default=6)
    ap.add_argument("--preflop", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    start = time.monotonic()
    if args.file:
        with open(args.file) as f:
            lines = [line for line in f if line.strip()]
    else:
        lines = dump(args.spots, args.preflop, args.seed)

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
    print(f"equity crosscheck: {sum(spots.values())} spots, {sum(runouts.values())} runouts against PokerKit (eval7 preflop), "
          f"{len(failures)} disagreements, {elapsed:.0f}s on {args.jobs} processes")
    if missing:
        print(f"equity crosscheck: no spot for {', '.join(missing)}")
    sys.exit(1 if failures or missing else 0)


if __name__ == "__main__":
    main()
