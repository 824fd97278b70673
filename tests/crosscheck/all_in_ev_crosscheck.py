#!/usr/bin/env python3
"""Cross-check the settle route's all-in expectation (RULES.md §17).

Deals seeded all-in hands of hold'em, Omaha and Omaha hi-lo (2 to 4 live
players, some folded players who put chips in, random stacks, side pots,
rake and jackpot drops, chip units, dead money, an uncalled over-shove),
settles them with the real binary (`showdown settle --ndjson`) and works
out `data.allInEv` again here from the request alone: the pots from the
commitments (§2), every run-out from the board's first `boardCards`
cards, each pot shared among its eligible players by §10.3 in exact
fractions, so `expected = Σ net × equity`; then `won` from the answer's
`potBreakdown` and `luck = won − expected`, each rounded to the chip unit
(halves away from zero). It also checks the answer's pots and total rake
and drop against §2 and §8.3-8.4, that every pot's shares go to its
winners on the real board, Σ expected = Σ net and Σ luck = 0.

Nothing of ours ranks a hand or counts an equity here: hands are ranked by
PokerKit 0.7.7's classes (StandardHighHand, OmahaHoldemHand,
OmahaEightOrBetterLowHand), each five-card set looked up once and the best
hand taken over the combinations the game allows; on the real board of
every hand that choice is compared with PokerKit's own `from_game`.
Hold'em from no board (1.4 to 1.7 million run-outs) is ranked with eval7
0.1.11's C evaluator, and its order on the real board checked against
PokerKit. Only the per-pot rake and drop split (§8.5) is taken from the
answer. A disagreement reads: the figure counted here, then `ours`, the
service's.

Usage:
  all_in_ev_crosscheck.py [--hands N] [--preflop P] [--seed S]
                          [--jobs J] [--bin PATH]
  (defaults 200 hands, 4 of them hold'em from no board, seed 1, the CPU
  count, and $SHOWDOWN_BIN or target/release/showdown)

Prints one line per game and a summary; exits 1 on any disagreement.
"""

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction
from itertools import combinations

from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RANKS, SUITS = "23456789TJQKA", "cdhs"
CARD = [r + s for r in RANKS for s in SUITS]  # card c: rank c // 4, suit c % 4
CODE = {name: c for c, name in enumerate(CARD)}

# variant -> (hole cards, high class, low class or None, hole cards a hand uses)
GAMES = {
    "holdem": (2, StandardHighHand, None, (0, 1, 2)),
    "omaha": (4, OmahaHoldemHand, None, (2,)),
    "omaha-hi-lo": (4, OmahaHoldemHand, OmahaEightOrBetterLowHand, (2,)),
}
MISS = object()


# --- The hands ---------------------------------------------------------------

def deal(rng, number, variant, k, live):
    """One all-in hand as a settle request, its full board the real one."""
    holes, _, _, _ = GAMES[variant]
    unit = rng.choice([1] * 6 + [5, 25])
    folded = rng.choice([0, 0, 1, 1, 2])
    seats = sorted(rng.sample(range(1, 10), live + folded))
    rng.shuffle(seats)
    live_seats, folded_seats = seats[:live], seats[live:]
    stacks = [rng.randint(10, 1500) for _ in range(live)]
    if live > 2 and rng.random() < 0.2:
        stacks[1] = stacks[0]  # two all in for the same amount
    deck = list(range(52))
    rng.shuffle(deck)
    players = []
    for seat, stack in zip(live_seats, stacks):
        dead = rng.choice([0] * 9 + [1])  # now and then a big-blind ante
        players.append({"id": f"p{seat}", "seat": seat, "stack": stack * unit,
                        "committed": (stack - dead) * unit, "dead": dead * unit,
                        "folded": False, "cards": [CARD[deck.pop()] for _ in range(holes)]})
    # Every live player all in, but the deepest: he calls the second
    # deepest's live chips, or now and then shoves more than anyone can call.
    by_depth = sorted(players, key=lambda p: p["stack"], reverse=True)
    deepest, second = by_depth[0], by_depth[1]
    if rng.random() < 0.85:
        deepest["committed"] = min(second["committed"], deepest["stack"] - deepest["dead"])
    top = max(p["committed"] for p in players)
    for seat in folded_seats:
        if rng.random() < 0.6:
            committed = rng.randint(0, 5) * unit  # blinds, a limp
        else:
            committed = rng.randint(0, top // unit - 1) * unit  # a bet, then a fold
        dead = rng.choice([0] * 4 + [1]) * unit
        players.append({"id": f"p{seat}", "seat": seat,
                        "stack": committed + dead + rng.randint(0, 1000) * unit,
                        "committed": committed, "dead": dead, "folded": True})
    board = [CARD[deck.pop()] for _ in range(5)]
    request = {"gameId": "all-in-ev-crosscheck", "handNumber": number, "variant": variant,
               "chipUnit": unit, "buttonSeat": rng.randint(1, 9), "board": board,
               "players": sorted(players, key=lambda p: p["seat"]),
               "allInEv": {"boardCards": k}}
    for p in request["players"]:
        if not p["dead"]:
            del p["dead"]
    if rng.random() < 0.1:
        request["deadMoney"] = rng.randint(1, 10) * unit
    if rng.random() < 0.35:
        request["rake"] = {"percentBp": 500, "cap": rng.choice([1, 3, 10, 30, 100, 1000]) * unit}
        if rng.random() < 0.35:
            request["jackpot"] = {"amount": rng.randint(1, 20) * unit}
            if rng.random() < 0.5:
                request["jackpot"]["minPot"] = rng.randint(0, 1000) * unit
    return request


def hands(count, preflop, seed):
    """`count` requests: `preflop` hold'em from no board (heads-up and
    three-way), the rest hold'em, Omaha and Omaha hi-lo on the flop or turn."""
    rng = random.Random(seed)
    out = []
    for i in range(preflop):
        out.append(deal(rng, len(out) + 1, "holdem", 0, 2 + i % 2))
    games = ["holdem"] * 10 + ["omaha"] * 10 + ["omaha-hi-lo"] * 7
    for _ in range(count - preflop):
        out.append(deal(rng, len(out) + 1, rng.choice(games), rng.choice([3, 4]), rng.randint(2, 4)))
    return out


# --- The rule, from the request ------------------------------------------------

def pots_of(request):
    """§2: the uncalled bet, then the pots as (amount, eligible ids)."""
    players = request["players"]
    commit = {p["id"]: p["committed"] for p in players}
    ordered = sorted(commit.values(), reverse=True)
    uncalled = {}
    if len(ordered) > 1 and ordered[0] > ordered[1]:
        who = next(i for i, c in commit.items() if c == ordered[0])
        uncalled[who] = ordered[0] - ordered[1]
        commit[who] = ordered[1]
    live = [p["id"] for p in players if not p.get("folded")]
    cuts = sorted({commit[i] for i in live})
    pots, below = [], 0
    for n, cut in enumerate(cuts):
        amount = sum(min(c, cut) - min(c, below) for c in commit.values())
        if n == 0:
            amount += sum(p.get("dead", 0) for p in players) + request.get("deadMoney", 0)
        if n == len(cuts) - 1:
            amount += sum(max(0, c - cut) for c in commit.values())  # folded chips above
        if amount:
            pots.append((amount, [i for i in live if commit[i] >= cut]))
        below = cut
    return pots, uncalled


def rounded(x, unit):
    """x to the nearest multiple of unit, halves away from zero."""
    q = abs(x) / unit
    n = (q.numerator * 2 + q.denominator) // (2 * q.denominator)  # floor(q + 1/2)
    return n * unit if x >= 0 else -n * unit


def fraction(value):
    """An answer's fraction: numbers, or decimal strings past 2^53 − 1."""
    return Fraction(int(value["numerator"]), int(value["denominator"]))


PRIME = [(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)[c // 4] for c in range(52)]


class Ranker:
    """Best hand of each player on a board, ranked by PokerKit's class:
    each five-card shape (its ranks' product of primes and whether it is
    one suit, PokerKit's own lookup key) once a process, and each player's
    best over the hole cards the game lets a set of board cards take once
    a hand. Greater is better; None is no hand (no qualifying low)."""

    by_shape = {}  # class -> shape -> value

    def __init__(self, cls, uses, holes=()):
        self.cls, self.uses = cls, uses
        self.sign = -1 if cls.low else 1  # a low hand's entry is better when smaller
        self.shape = self.by_shape.setdefault(cls, {})
        self.holes = [self.subsets(h, uses) for h in holes]
        self.by_board = [{} for _ in holes]  # player -> board cards' mask -> value

    def five(self, cards, shape):
        try:
            value = self.sign * self.cls("".join(CARD[c] for c in cards)).entry.index
        except ValueError:
            value = None
        self.shape[shape] = value
        return value

    @staticmethod
    def subsets(cards, sizes=range(6)):
        """By size: each subset's mask, cards, product of rank primes, suits."""
        out = {}
        for n in sizes:
            out[n] = []
            for s in combinations(cards, n):
                prime, suits = 1, 0
                for c in s:
                    prime *= PRIME[c]
                    suits |= 1 << c % 4
                out[n].append((sum(1 << c for c in s), s, prime, suits))
        return out

    def best(self, player, board_sets):
        top, cache, hole_sets, shape = None, self.by_board[player], self.holes[player], self.shape
        for n in self.uses:
            for bm, bc, bp, bs in board_sets[5 - n]:
                v = cache.get(bm, MISS)
                if v is MISS:
                    v = None
                    for _, hc, hp, hs in hole_sets[n]:
                        suits = hs | bs
                        key = hp * bp * 2 + (suits & (suits - 1) == 0)
                        w = shape.get(key, MISS)
                        if w is MISS:
                            w = self.five(hc + bc, key)
                        if w is not None and (v is None or w > v):
                            v = w
                    cache[bm] = v
                if v is not None and (top is None or v > top):
                    top = v
        return top

    def pokerkit(self, hole, board):
        """The same from PokerKit's own from_game."""
        try:
            hand = self.cls.from_game("".join(CARD[c] for c in hole), "".join(CARD[c] for c in board))
        except ValueError:
            return None
        return self.sign * hand.entry.index


def winners(eligible, values):
    have = [i for i in eligible if values[i] is not None]
    if not have:
        return ()
    top = max(values[i] for i in have)
    return tuple(i for i in have if values[i] == top)


def enumerate_runouts(variant, holes, board_k, contested, actual, real):
    """Count, over every run-out, who wins each contested pot (tuples of
    the players eligible): {pot: Counter((high winners, low winners))}.
    On the real board, the best hands chosen here must be PokerKit's
    `from_game` ones (`real`, one list a class), and eval7's order its."""
    _, high_cls, low_cls, uses = GAMES[variant]
    known = set(board_k).union(*holes)
    deck = [c for c in range(52) if c not in known]
    counts = [Counter() for _ in contested]
    bad = []
    runouts = 0
    if not board_k and variant == "holdem":
        import eval7

        e7 = [eval7.Card(name) for name in CARD]
        e7_holes = [[e7[c] for c in h] for h in holes]
        evaluate = eval7.evaluate
        for extra in combinations([e7[c] for c in deck], 5):
            runouts += 1
            b = list(extra)
            high = [evaluate(h + b) for h in e7_holes]
            for p, eligible in enumerate(contested):
                counts[p][(winners(eligible, high), ())] += 1
        mine, theirs = [evaluate(h + [e7[c] for c in actual]) for h in e7_holes], real[0]
        for i, j in combinations(range(len(holes)), 2):
            if (mine[i] > mine[j]) - (mine[i] < mine[j]) != (theirs[i] > theirs[j]) - (theirs[i] < theirs[j]):
                bad.append(f"eval7 and PokerKit order players {i} and {j} differently on {actual}")
        return counts, runouts, bad
    rankers = [Ranker(cls, uses, holes) for cls in (high_cls, low_cls) if cls]
    board_k, sizes = tuple(board_k), [5 - n for n in uses]
    for extra in combinations(deck, 5 - len(board_k)):
        runouts += 1
        board = board_k + extra
        board_sets = Ranker.subsets(board, sizes)
        values = [[r.best(i, board_sets) for i in range(len(holes))] for r in rankers]
        if set(board) == set(actual) and values != real:
            bad.append(f"best hands {values} but from_game {real} on {[CARD[c] for c in board]}")
        high, low = values[0], values[1] if low_cls else None
        for p, eligible in enumerate(contested):
            counts[p][(winners(eligible, high), winners(eligible, low) if low else ())] += 1
    return counts, runouts, bad


def equities(counts, runouts, eligible):
    """§10.3-10.4: each eligible player's exact equity from the outcome counts."""
    eq = {i: Fraction(0) for i in eligible}
    for (h, l), n in counts.items():
        for i in h:
            eq[i] += Fraction(n, len(h) * (2 if l else 1))
        for i in l:
            eq[i] += Fraction(n, 2 * len(l))
    return {i: e / runouts for i, e in eq.items()}


def check_hand(job):
    request, line = job
    variant, k = request["variant"], request["allInEv"]["boardCards"]
    where = f"{variant}: hand {request['handNumber']} (k={k})"
    try:
        answer = json.loads(line)
        data = answer["data"]
        got = data["allInEv"]
    except (ValueError, KeyError, TypeError):
        return variant, k, 0, [f"{where}: no allInEv in the answer: {line.strip()[:300]}"]
    bad = []
    unit = request.get("chipUnit", 1)
    button = request["buttonSeat"]
    live = sorted((p for p in request["players"] if not p.get("folded")),
                  key=lambda p: (p["seat"] <= button, p["seat"]))  # from the first seat left of the button
    ids = [p["id"] for p in live]
    holes = [[CODE[c] for c in p["cards"]] for p in live]
    actual = [CODE[c] for c in request["board"]]

    # The pots, and the house's take (§2, §8.3-8.4; its split among the pots, §8.5, is the answer's).
    pots, uncalled = pots_of(request)
    served = [(p["amount"], sorted(p["eligible"])) for p in data["pots"]]
    if [(a, sorted(e)) for a, e in pots] != served:
        bad.append(f"pots {pots}, ours {served}")
        return variant, k, 0, [f"{where}: {b}" for b in bad]
    if {u["agentId"]: u["amount"] for u in data["uncalled"]} != uncalled:
        bad.append(f"uncalled {uncalled}, ours {data['uncalled']}")
    t = sum(a for a, _ in pots) // unit
    r = min(t * request["rake"]["percentBp"] // 10000, request["rake"]["cap"] // unit) if "rake" in request else 0
    jp = request.get("jackpot")
    j = min(jp["amount"] // unit, t - r) if jp and t * unit >= jp.get("minPot", 0) else 0
    for name, want in (("rake", r * unit), ("jackpot", j * unit)):
        have = data.get(name, {}).get("amount", 0)
        if have != want or sum(p.get(name, 0) for p in data["pots"]) != want:
            bad.append(f"{name} {want}, ours {have} (pots {[p.get(name, 0) for p in data['pots']]})")
    nets = [p["amount"] - p.get("rake", 0) - p.get("jackpot", 0) for p in data["pots"]]

    # Every run-out from the first k cards, each contested pot shared by §10.3.
    index = {pid: i for i, pid in enumerate(ids)}
    eligible = [tuple(index[e] for e in elig) for _, elig in pots]
    contested = [e for e in eligible if len(e) > 1]
    high_cls, low_cls, uses = GAMES[variant][1:]
    real = [[Ranker(c, uses).pokerkit(h, actual) for h in holes] for c in (high_cls, low_cls) if c]
    counts, runouts, problems = enumerate_runouts(variant, holes, actual[:k], contested, actual, real)
    bad += problems
    expected = [Fraction(0)] * len(ids)
    counted = iter(counts)
    for p, elig in enumerate(eligible):
        eq = equities(next(counted), runouts, elig) if len(elig) > 1 else {elig[0]: Fraction(1)}
        if sum(eq.values()) != 1:
            bad.append(f"pot {p}: equities add up to {sum(eq.values())}")
        for i, e in eq.items():
            expected[i] += nets[p] * e

    # Who the real board paid, and the shares' winners against ours.
    for p, pot in enumerate(data["pots"]):
        paid = {s["agentId"] for s in pot["shares"] if s["amount"] > 0}
        win = {ids[i] for vs in real for i in winners(eligible[p], vs)}
        if sum(s["amount"] for s in pot["shares"]) != nets[p] or not paid <= win:
            bad.append(f"pot {p}: shares {pot['shares']}, net {nets[p]}, winners on the board {sorted(win)}")
    won = Counter()
    for b in data["potBreakdown"]:
        won[b["agentId"]] += b["amount"]

    if [g["agentId"] for g in got] != ids:
        bad.append(f"entries {[g['agentId'] for g in got]}, seat order {ids}")
    else:
        for i, g in enumerate(got):
            luck = won[ids[i]] - expected[i]
            want = {"expected": (expected[i], rounded(expected[i], unit)), "luck": (luck, rounded(luck, unit))}
            for name, (x, chips) in want.items():
                if fraction(g[name]) != x or int(g[name]["denominator"]) != x.denominator \
                        or g[name]["chips"] != chips:  # in lowest terms, rounded
                    bad.append(f"{ids[i]} {name} {x} ({chips} chips), ours {g[name]}")
            if g["won"] != won[ids[i]]:
                bad.append(f"{ids[i]} won {won[ids[i]]}, ours {g['won']}")
        if sum(fraction(g["expected"]) for g in got) != sum(nets):
            bad.append(f"expected adds up to {sum(fraction(g['expected']) for g in got)}, net {sum(nets)}")
        if sum(fraction(g["luck"]) for g in got) != 0:
            bad.append(f"luck adds up to {sum(fraction(g['luck']) for g in got)}")
    if sum(expected) != sum(nets) or sum(won.values()) != sum(nets):
        bad.append(f"Σ expected {sum(expected)}, Σ won {sum(won.values())}, Σ net {sum(nets)}")
    return variant, k, runouts, [f"{where}: {b}" for b in bad]


def settle(binary, requests):
    """Every request through `showdown settle --ndjson`, one answer a line."""
    body = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests)
    run = subprocess.run([binary, "settle", "--ndjson"], input=body, capture_output=True,
                         text=True, env=dict(os.environ, RUST_LOG="warn"))
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != len(requests):
        sys.exit(f"all-in-ev crosscheck: {binary} settle exited {run.returncode} with "
                 f"{len(lines)} answers for {len(requests)} requests\n{run.stderr[-2000:]}")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--preflop", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--bin", default=os.environ.get("SHOWDOWN_BIN") or os.path.join(ROOT, "target/release/showdown"))
    args = ap.parse_args()

    start = time.monotonic()
    requests = hands(args.hands, args.preflop, args.seed)
    lines = settle(args.bin, requests)
    served = time.monotonic() - start
    jobs = sorted(zip(requests, lines), key=lambda j: j[0]["allInEv"]["boardCards"])  # the longest first

    count, runouts, failures = Counter(), Counter(), []
    with multiprocessing.Pool(args.jobs) as pool:
        for game, k, n, bad in pool.imap_unordered(check_hand, jobs, chunksize=1):
            count[game, k] += 1
            runouts[game] += n
            failures.extend(bad)
    for game in GAMES:
        wrong = sum(1 for f in failures if f.startswith(game + ":"))
        ks = ", ".join(f"{count[game, k]} from {k} cards" for k in (0, 3, 4) if count[game, k])
        total = sum(count[game, k] for k in (0, 3, 4))
        print(f"{game:12} {total:4} hands ({ks}), {runouts[game]:8} runouts, {wrong} disagreements")
    for f in failures[:20]:
        print("DISAGREE", f)
    if failures:
        number = int(failures[0].split("hand ")[1].split()[0])
        print("first disagreeing request:", json.dumps(requests[number - 1]))
    missing = [g for g in GAMES if not any(count[g, k] for k in (0, 3, 4))]
    print(f"all-in-ev crosscheck: {sum(count.values())} hands, {sum(runouts.values())} runouts against "
          f"PokerKit (eval7 preflop), {len(failures)} disagreements, {time.monotonic() - start:.0f}s "
          f"on {args.jobs} processes (the service {served:.1f}s)")
    if missing:
        print(f"all-in-ev crosscheck: no hand of {', '.join(missing)}")
    sys.exit(1 if failures or missing else 0)


if __name__ == "__main__":
    main()
