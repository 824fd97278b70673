#!/usr/bin/env python3
"""Write the load-test corpus: realistic POST /v1/settle bodies (API.md).

The corpus is fixed (seeded) and committed in tests/load/corpus/; this script
is how it was made, so it can be regenerated or grown:

    python3 tests/load/gen_corpus.py            # rewrites tests/load/corpus/
    python3 tests/load/gen_corpus.py --seed 7 --count 256 --ndjson /tmp/train.ndjson

What it aims at: the mix a poker backend sends. Mostly Hold'em and Omaha,
every variant of API.md's list at least once, 2 to 9 players, short stacks
all-in (side pots), a big bet nobody can call in full (uncalled), folded
players who put chips in, uncontested hands, big-blind antes (dead), dead
money, chip units other than 1, and ties with odd chips.

Ties are built, not hoped for: a second player gets the first one's cards
with the suits permuted, on a board where no flush is possible, so both
hands rank the same in every variant (suits then only matter for the stud
odd-chip order, which is what such a hand exercises).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

RANKS = "23456789TJQKA"
SUITS = "shdc"
SUIT_SWAP = {"s": "h", "h": "s", "d": "c", "c": "d"}

# variant -> (hole cards, board cards, has button, max players)
VARIANTS = {
    "holdem": (2, 5, True, 9),
    "short-deck": (2, 5, True, 6),
    "omaha": (4, 5, True, 9),
    "omaha-hi-lo": (4, 5, True, 9),
    "omaha-5": (5, 5, True, 6),
    "omaha-5-hi-lo": (5, 5, True, 6),
    "omaha-6": (6, 5, True, 6),
    "dramaha": (5, 5, True, 6),
    "sohe": (6, 5, True, 6),
    "stud": (7, 0, False, 7),
    "stud-hi-lo": (7, 0, False, 7),
    "razz": (7, 0, False, 7),
    "razzdugi": (7, 0, False, 7),
    "five-card-draw": (5, 0, True, 6),
    "deuce-to-seven": (5, 0, True, 6),
    "ace-to-five": (5, 0, True, 6),
    "badacey": (5, 0, True, 6),
    "badeucy": (5, 0, True, 6),
    "badugi": (4, 0, True, 6),
}
# How often each variant appears, roughly as traffic would.
WEIGHTS = {"holdem": 14, "omaha": 6, "omaha-hi-lo": 3, "stud": 2, "short-deck": 2}

NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def deck(variant: str) -> list[str]:
    ranks = "6789TJQKA" if variant == "short-deck" else RANKS
    return [r + s for r in ranks for s in SUITS]


def flushless_board(rng: random.Random, cards: list[str], n: int) -> list[str] | None:
    """n board cards with at most two of a suit: no flush for anyone."""
    rng.shuffle(cards)
    board: list[str] = []
    for c in cards:
        if sum(1 for b in board if b[1] == c[1]) < 2:
            board.append(c)
        if len(board) == n:
            return board
    return None


def deal(rng: random.Random, variant: str, n_live: int, tie: bool):
    """Hole cards for n_live players and the board; with tie, players 0 and 1
    hold the same ranks in swapped suits."""
    hole, board_n, _, _ = VARIANTS[variant]
    for _ in range(1000):
        pack = deck(variant)
        rng.shuffle(pack)
        if tie and board_n:
            board = flushless_board(rng, pack[:], board_n)
            if board is None:
                continue
            pack = [c for c in pack if c not in board]
        else:
            board, pack = pack[:board_n], pack[board_n:]
        hands = [pack[i * hole:(i + 1) * hole] for i in range(n_live)]
        if tie:
            mirror = [c[0] + SUIT_SWAP[c[1]] for c in hands[0]]
            used = set(board) | {c for h in hands[2:] for c in h} | set(hands[0])
            if any(c in used for c in mirror):
                continue
            hands[1] = mirror
        return hands, board
    raise RuntimeError("could not deal")


def make_request(rng: random.Random, idx: int, variant: str) -> dict:
    hole, board_n, button, max_players = VARIANTS[variant]
    n = rng.randint(2, max_players)
    unit = rng.choice([1] * 6 + [5, 25, 100])
    seats = sorted(rng.sample(range(1, 10), n))
    stacks = [unit * rng.randint(40, 400) * rng.choice([1, 1, 2, 5]) for _ in range(n)]

    uncontested = rng.random() < 0.12
    tie = not uncontested and rng.random() < 0.3
    n_live = 1 if uncontested else rng.randint(2, n)
    if tie:
        n_live = max(n_live, 2)
    live = sorted(rng.sample(range(n), n_live))

    # Level the live players bet to; shorter stacks go all in below it.
    target = unit * rng.randint(4, 200) * rng.choice([1, 1, 2, 5])
    bb_ante = board_n > 0 and rng.random() < 0.25
    ante = unit * rng.randint(1, 4) if bb_ante else 0
    committed = [0] * n
    dead = [0] * n
    for i in range(n):
        room = stacks[i] - (ante if bb_ante and i == 0 else 0)
        committed[i] = min(room, target) if i in live else 0
    if bb_ante:
        dead[0] = ante
    live_max = max(committed[i] for i in live)
    for i in range(n):
        if i not in live:
            room = stacks[i] - dead[i]
            # Folded after putting in blinds or a street's bet, never more than
            # the live players reached (a folded player holds no uncalled bet).
            committed[i] = min(room, live_max, unit * rng.randint(0, max(1, live_max // unit)))
    try:
        hands, board = deal(rng, variant, n_live, tie)
    except RuntimeError:
        # No mirrored tie fits this deck and table (a full short deck, say):
        # deal the hand without the tie.
        hands, board = deal(rng, variant, n_live, False)

    players = []
    for i in range(n):
        p = {
            "id": f"agent-{idx:03d}-{i}",
            "seat": seats[i],
            "stack": stacks[i],
            "committed": committed[i],
        }
        if rng.random() < 0.7:
            p["name"] = NAMES[i]
        if dead[i]:
            p["dead"] = dead[i]
        if i in live:
            if not uncontested:
                p["cards"] = hands[live.index(i)]
        else:
            p["folded"] = True
        players.append(p)
    rng.shuffle(players)  # request order must not matter

    req: dict = {"gameId": f"load-{idx:03d}", "handNumber": rng.randint(1, 5000), "variant": variant}
    if variant in ("stud", "stud-hi-lo", "razz", "razzdugi") and rng.random() < 0.5:
        req["rules"] = "roberts"
    else:
        req["rules"] = "tda"
    if unit != 1:
        req["chipUnit"] = unit
    if button:
        # Now and then a dead button (an empty seat).
        req["buttonSeat"] = rng.choice(seats) if rng.random() < 0.85 else rng.randint(1, 9)
    if board_n:
        req["board"] = board if not uncontested else board[: rng.choice([0, 3, 4, 5])]
    if rng.random() < 0.1:
        req["deadMoney"] = unit * rng.randint(1, 3)
    req["players"] = players
    return req


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20261122, help="the committed corpus's seed by default")
    ap.add_argument("--count", type=int, default=64)
    ap.add_argument(
        "--ndjson",
        type=Path,
        help="write one request a line to this file instead of rewriting tests/load/corpus/ "
        "(make load trains its profile-guided build on another seed's requests this way)",
    )
    args = ap.parse_args()
    rng = random.Random(args.seed)
    variants = list(VARIANTS)
    order = variants[:]  # every variant at least once
    while len(order) < args.count:
        order.append(rng.choices(variants, weights=[WEIGHTS.get(v, 1) for v in variants])[0])
    reqs = [(idx, variant, make_request(rng, idx, variant)) for idx, variant in enumerate(order)]
    if args.ndjson:
        args.ndjson.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for _, _, r in reqs))
        print(f"wrote {len(reqs)} requests to {args.ndjson}")
        return 0
    out = Path(__file__).resolve().parent / "corpus"
    out.mkdir(exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for idx, variant, req in reqs:
        (out / f"{idx:03d}-{variant}.json").write_text(json.dumps(req, separators=(",", ":")) + "\n")
    print(f"wrote {len(reqs)} requests to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
