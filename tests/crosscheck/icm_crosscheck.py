#!/usr/bin/env python3
"""ICM deals (RULES.md 14.5-14.7) computed apart from the service.

Every `icm` request in tests/golden-deals is divided again here, and its
rounding done by 14.7's largest remainder; the golden answer must give
every player the same amount. Up to ten players the shares are exact
fractions; above, Python integers at 600 bits of fixed point (the service
uses 127, then 254 bits and residues modulo primes), and a share or a
remainder within 2^-500 of a unit or of another, which 600 bits could
misplace, is reported rather than guessed. The twenty-player file takes most of a
minute: this is a CI step (make icm-crosscheck), not a unit test.
"""
import json
import pathlib
import sys
from fractions import Fraction

BITS = 600
ONE = 1 << BITS
# How far 600 bits may be off, in units of 2^-600: far above the error of
# at most 20 places of prizes below 2^53, each short by under 2^30 steps.
SLACK = 1 << 100
EXACT_UP_TO = 10


def exact_shares(stacks, prizes):
    """Each player's share as an exact fraction (Malmuth-Harville)."""
    n, k = len(stacks), len(prizes)
    total = [Fraction(0)] * n
    level = {0: Fraction(1)}
    for place in range(k):
        following = {}
        for finished, chance in level.items():
            chips = sum(s for i, s in enumerate(stacks) if not finished >> i & 1)
            for i in range(n):
                if not finished >> i & 1:
                    t = chance * stacks[i] / chips
                    total[i] += t * prizes[place]
                    key = finished | 1 << i
                    following[key] = following.get(key, 0) + t
        level = following
    return total


def shares(stacks, prizes):
    """Each player's share, times 2^BITS, rounded down at every step."""
    n, k = len(stacks), len(prizes)
    total = [0] * n
    level = {0: (ONE, sum(stacks))}
    for place in range(k):
        following = {}
        for finished, (chance, chips) in level.items():
            for i in range(n):
                if finished >> i & 1:
                    continue
                t = chance * stacks[i] // chips
                total[i] += t * prizes[place]
                if place + 1 < k:
                    key = finished | 1 << i
                    before = following.get(key, (0, chips - stacks[i]))[0]
                    following[key] = (before + t, chips - stacks[i])
        level = following
    return total


def divide(request):
    players = request["players"]
    ids = [p["id"] for p in players]
    stacks = [p["stack"] for p in players]
    unit = request.get("prizeUnit", 1)
    prizes = [p // unit for p in request["prizes"]]
    prizes[0] -= request.get("setAside", 0) // unit
    if len(stacks) <= EXACT_UP_TO:
        exact = exact_shares(stacks, prizes)
        whole = [s.numerator // s.denominator for s in exact]
        rest = [s - w for s, w in zip(exact, whole)]
        unsure = []
    else:
        fixed = shares(stacks, prizes)
        whole = [s >> BITS for s in fixed]
        rest = [s & (ONE - 1) for s in fixed]
        near = sorted(rest + [0, ONE])
        unsure = [ids[i] for i, r in enumerate(rest)
                  if any(0 < abs(r - o) < SLACK for o in near) or ONE - r < SLACK]
    left = sum(prizes) - sum(whole)
    order = sorted(range(len(ids)), key=lambda i: (-rest[i], -stacks[i], ids[i].encode()))
    amounts = {ids[i]: whole[i] * unit for i in range(len(ids))}
    for i in order[:left]:
        amounts[ids[i]] += unit
    return amounts, unsure


def main():
    folder = pathlib.Path(__file__).resolve().parents[1] / "golden-deals"
    checked, failed = 0, 0
    for path in sorted(folder.glob("*.request.json")):
        request = json.loads(path.read_text())
        if request.get("method") != "icm":
            continue
        answer = json.loads(path.with_name(path.name.replace(".request", ".response")).read_text())
        got = {s["agentId"]: s["amount"] for s in answer["shares"]}
        want, unsure = divide(request)
        checked += 1
        if unsure:
            print(f"UNSURE {path.name}: {unsure} within 2^-590 of a unit")
            failed += 1
        elif got != want:
            bad = sorted(i for i in want if want[i] != got.get(i))
            print(f"DIFFERS {path.name}: {bad}")
            failed += 1
        else:
            print(f"ok {path.name}")
    print(f"{checked - failed} passed, {failed} failed")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
