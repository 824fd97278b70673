#!/usr/bin/env python3
"""Cross-check the betting route's next action (RULES.md §16.2-16.4, §16.7)
against PokerKit 0.7.7's own betting.

Plays seeded random hands of nine games in PokerKit's `State` (no-limit
hold'em and short deck, pot-limit Omaha, fixed-limit hold'em, seven-card
stud, razz, stud hi-lo, 2-7 triple draw, 2-7 single draw; 2 to 6
players, blinds or a bring-in, antes, sometimes a straddle, stacks short
and deep so that short all-ins come up), dealing the cards here. At every
decision it posts the hand so far, written as PHH, to the real service's
`POST /v1/betting` and compares `next` with what PokerKit lets that
player do: who acts (stud: the bring-in by the door cards, later streets
by the hand showing), the chips to call, the bring-in, whether a fold is
open when facing a bet, whether a bet, raise or completion is open and
its smallest and largest round total. The flop games' hands are also
written as Open Hand History and asked again: the OHH reading must
answer as the PHH one, and each finished hand must settle to the same
stacks by `POST /v1/settle/phh` and `POST /v1/settle/ohh`. The action taken is then drawn from what both
allow, so every hand stays legal by both readings, and the finished
hand's verdict must be `legal`. At about a third of the decisions an
action PokerKit refuses is tried first (a raise a chip below the
smallest or above the largest, not all in, where the two agree on the
range; a fold by a player not to act): it must be the verdict's first
finding, at that action, with a code that says why.

PokerKit's betting and RULES.md part in these places, each counted and
checked here against the rule, never passed over silently:
- a fold with a check open: PokerKit refuses it, §16.3 (TDA 50) allows it;
- a player who has acted and since faces less than a full raise (short
  all-ins, TDA 41B): PokerKit still offers a raise, §16.3 does not. Each
  such case is checked against TDA 41B as counted here from the actions:
  the bet has risen by less than the round's largest full bet or raise
  since the player last acted (fixed limit: by less than half a unit);
- a raise over players who can only call all in for less: §16.3 opens
  it, PokerKit does not (checked: nobody else can put in more than the bet);
- a straddle counts as a bet of its full amount (§16.3), so the smallest
  raise before the flop can be above PokerKit's, which measures the
  straddle by its increment over the big blind;
- fixed limit after a short all-in: §16.3 raises to the level plus one
  unit, the level moved one unit by an all-in of half a unit or more;
  PokerKit raises to the all-in plus a unit. Each case is checked
  against the level as counted here;
- one player with chips left, facing no bet (a big blind whose callers
  are all in for less): §16.4 ends the betting, PokerKit asks that
  player to check; the check is applied to PokerKit and not recorded;
- fixed limit: an all-in of half a unit or more re-opens the betting for
  a player who has acted (TDA 41B, §16.3); PokerKit needs a whole unit;
- fixed limit: an all-in of less than half a unit is no raise toward
  the cap (§16.3); PokerKit counts it (checked: fewer than four counted);
- fixed limit before the flop: the big blind is the first bet and a
  straddle a raise toward the cap of four (§16.3, TDA 45); PokerKit
  counts only the raises after the blind (checked: four counted here).
Anything else is a disagreement. Fixed-limit Omaha hi-lo is left out:
PokerKit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter offers
raises past one unit, so its betting is not fixed limit's.

Usage:
  betting_crosscheck.py [--hands N] [--seed S] [--bin PATH]
  (defaults 300 hands a game, seed 1, $SHOWDOWN_BIN or
  target/release/showdown)

Starts `showdown serve` on a free loopback port, stops it by its process
id at the end; exits 1 on any disagreement.
"""

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from collections import Counter

from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)

# PokerKit warns when its own deck runs short in a draw game; the cards
# are dealt here, from a deck of our own, so its deck does not matter.
warnings.filterwarnings("ignore", category=UserWarning, module="pokerkit")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
# game -> (PHH variant, hole cards, fixed limit, PokerKit's constructor)
GAMES = {
    "no-limit hold'em": ("NT", 2, False, NoLimitTexasHoldem),
    "pot-limit Omaha": ("PO", 4, False, PotLimitOmahaHoldem),
    "fixed-limit hold'em": ("FT", 2, True, FixedLimitTexasHoldem),
    "seven-card stud": ("F7S", 1, True, FixedLimitSevenCardStud),
    "razz": ("FR", 1, True, FixedLimitRazz),
    "2-7 triple draw": ("F2L3D", 1, True, FixedLimitDeuceToSevenLowballTripleDraw),
    "no-limit short deck": ("NS", 2, False, NoLimitShortDeckHoldem),
    "stud hi-lo": ("F7S/8", 1, True, FixedLimitSevenCardStudHighLowSplitEightOrBetter),
    "2-7 single draw": ("N2L1D", 1, False, NoLimitDeuceToSevenLowballSingleDraw),
}
STUD = ("F7S", "FR", "F7S/8")
SB, BB, BRING_IN = 10, 20, 10


class Service:
    """`showdown serve` on a free loopback port."""

    def __init__(self, binary):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = dict(os.environ, SHOWDOWN_ADDR=f"127.0.0.1:{self.port}", RUST_LOG="warn")
        self.proc = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL)
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        sys.exit("betting crosscheck: the service did not answer /healthz")

    def betting(self, text):
        """`POST /v1/betting` of a PHH hand so far."""
        return self.post(text, "application/toml")

    def betting_ohh(self, body):
        """`POST /v1/betting` of an OHH hand so far."""
        return self.post(body, "application/json")

    def post(self, body, content_type, path="/v1/betting"):
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=body.encode(),
            headers={"content-type": content_type},
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            return {"problem": json.load(e)}

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


class Round:
    """TDA 41B as counted here from the actions of one betting round."""

    def __init__(self, opening, full):
        self.bet = opening  # the round's highest total
        self.full = full  # the largest full bet or raise (fixed limit: the unit)
        self.level = opening  # fixed limit: the level bets and raises go up from
        self.raises = 0  # fixed limit: bets and raises so far (the cap is 4)
        self.completing = False  # stud's third street before the completion
        self.seen = {}  # player -> the bet when they last acted

    def reopened(self, p, fixed):
        if p not in self.seen:
            return True
        need = (self.full + 1) // 2 if fixed else self.full
        return self.bet - self.seen[p] >= need

    def act(self, p, to, fixed):
        if to > self.bet:
            if not fixed and to - self.bet >= self.full:
                self.full = to - self.bet
            # §16.3: a raise, or an all-in of half a unit or more above
            # the level, takes the level one unit up; stud's completion
            # (to one small bet over the bring-in) is the first bet.
            if self.completing and 2 * (to - self.level) >= self.full:
                self.level, self.raises, self.completing = self.full, 1, False
            elif fixed and 2 * (to - self.level) >= self.full:
                self.level += self.full
                self.raises += 1
            self.bet = to
        self.seen[p] = self.bet


def phh(variant, fixed, antes, blinds, stacks, actions):
    sizes = f"small_bet = {BB}\nbig_bet = {2 * BB}\n" if fixed else f"min_bet = {BB}\n"
    forced = f"bring_in = {BRING_IN}\n" if variant in STUD else f"blinds_or_straddles = {blinds}\n"
    return (
        f"variant = '{variant}'\nantes = {antes}\n{forced}{sizes}"
        f"starting_stacks = {stacks}\nactions = {json.dumps(actions)}\n"
    )


class Ohh:
    """The same hand written as Open Hand History (flop games): every
    amount the chips the action adds, as the OHH reader takes it. Its
    `next` must be the PHH reading's: one rule book, two formats."""

    GAME = {"NT": ("Holdem", "NL"), "PO": ("Omaha", "PL"), "FT": ("Holdem", "FL")}

    def __init__(self, variant, antes, blinds, stacks, state):
        game, limit = self.GAME[variant]
        n = len(stacks)
        self.hand = {
            "spec_version": "1.4.7", "game_type": game, "bet_limit": {"bet_type": limit},
            "dealer_seat": n, "small_blind_amount": SB, "big_blind_amount": BB,
            "players": [{"id": p + 1, "seat": p + 1, "name": f"p{p + 1}", "starting_stack": stacks[p]}
                        for p in range(n)],
            "rounds": [],
        }
        if antes:
            self.hand["ante_amount"] = antes
        posts = [("Post Ante", p, min(antes, stacks[p])) for p in range(n) if antes]
        names = ["Post SB", "Post BB", "Straddle"]
        order = [1, 0] if n == 2 else list(range(len(blinds)))  # heads-up: the button posts the small blind
        for k, b in enumerate(blinds):
            if b:
                p = order[k]
                posts.append((names[min(k, 2)], p, min(b, stacks[p] - min(antes, stacks[p]))))
        self.street("Preflop", [])
        for name, p, amount in posts:
            if amount == 0:
                continue  # all in on the ante: nothing left to post
            self.act(p, name, amount, amount == stacks[p] - (0 if name == "Post Ante" else min(antes, stacks[p])))

    def street(self, name, cards):
        self.hand["rounds"].append({"id": len(self.hand["rounds"]), "street": name, "cards": cards, "actions": []})

    def act(self, p, action, amount=None, all_in=False, cards=None):
        a = {"action_number": sum(len(r["actions"]) for r in self.hand["rounds"]) + 1,
             "player_id": p + 1, "action": action}
        if amount:
            a["amount"] = amount
        if cards:
            a["cards"] = cards
        if all_in:
            a["is_allin"] = True
        self.hand["rounds"][-1]["actions"].append(a)

    def body(self):
        return json.dumps({"ohh": self.hand})


def deal(rng, n):
    stacks = []
    for _ in range(n):
        stacks.append(rng.choice([rng.randint(3, 70), rng.randint(80, 300), rng.randint(400, 2000)]))
    antes = rng.choice([0, 0, 2, 5])
    # The blinds are posted in full: a big blind all in for less is called
    # in full by §16.3 (worked example 16.5) and for what it posted by
    # PokerKit, a difference RULES.md states and the golden files cover.
    for p in (0, 1):
        stacks[p] = max(stacks[p], BB + antes + 1)
    blinds = [SB, BB] + [0] * (n - 2)
    if n > 3 and rng.random() < 0.2:
        blinds[2] = 2 * BB
    return antes, blinds, stacks


class Dealer:
    """The cards, dealt here from a deck of our own and written as PHH
    (and OHH): PokerKit only keeps count."""

    def __init__(self, variant, hole, rng):
        ranks = "6789TJQKA" if variant == "NS" else "23456789TJQKA"
        self.deck = [r + s for r in ranks for s in "cdhs"]
        rng.shuffle(self.deck)
        self.hole, self.rng = hole, rng
        self.owed = 0  # replacement cards the draws so far are owed

    def step(self, state, actions, ohh):
        """Deals, burns or draws if the state waits on it; False if not."""
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            held = [repr(c) for c in state.hole_cards[i]]
            # Never more discards than the deck can replace.
            k = max(0, min(self.rng.randint(0, 3), len(self.deck) - self.owed))
            self.owed += k
            out = "".join(self.rng.sample(held, k)) if k > 0 else ""
            state.stand_pat_or_discard(out)
            actions.append(f"p{i + 1} sd {out}".rstrip())
        elif state.can_deal_hole():
            i = state.hole_dealee_index
            cards = "".join(self.deck.pop() for _ in range(self.hole))
            self.owed = max(0, self.owed - self.hole)
            state.deal_hole(cards)
            actions.append(f"d dh p{i + 1} {cards}")
            if ohh:
                ohh.act(i, "Dealt Cards", cards=[cards[k : k + 2] for k in range(0, len(cards), 2)])
        elif state.can_deal_board():
            cards = "".join(self.deck.pop() for _ in range(state.board_dealing_count))
            state.deal_board(cards)
            actions.append(f"d db {cards}")
            if ohh:
                name = ["Flop", "Turn", "River"][len(ohh.hand["rounds"]) - 1]
                ohh.street(name, [cards[k : k + 2] for k in range(0, len(cards), 2)])
        else:
            return False
        return True


def opening(state, variant, fixed):
    """The round that starts now, as TDA 41B and §16.3 count it."""
    street = state.street_index
    unit = BB * (2 if fixed and street >= 2 else 1)
    # The opening blind or straddle counts as a bet of its amount.
    top = max(state.bets)
    rnd = Round(top, unit if fixed else max(unit, top))
    rnd.completing = variant in STUD and street == 0
    if fixed and street == 0 and variant not in STUD:
        # The big blind is the first bet; a straddle a raise, one all in
        # for less by the half-unit rule (§16.3).
        rnd.level, rnd.raises = BB, 1
        if top >= BB + unit:
            rnd.level, rnd.raises = top, 2
        elif 2 * (top - BB) >= unit:
            rnd.level, rnd.raises = BB + unit, 2
    return rnd


def play(service, game, rng, tally):
    variant, hole, fixed, kind = GAMES[game]
    n = rng.randint(2, 6)
    antes, blinds, stacks = deal(rng, n)
    if variant in STUD:
        antes = max(antes, 2)
        state = kind.create_state(AUTOMATIONS, True, antes, BRING_IN, BB, 2 * BB, stacks, n)
    elif fixed:
        state = kind.create_state(AUTOMATIONS, True, antes, blinds, BB, 2 * BB, stacks, n)
    else:
        state = kind.create_state(AUTOMATIONS, True, antes, blinds, BB, stacks, n)
    ohh = Ohh(variant, antes, blinds, stacks, state) if variant in Ohh.GAME else None
    dealer = Dealer(variant, hole, rng)
    actions, street, rnd = [], None, None
    straddled = len(blinds) > 2 and blinds[2] > 0
    problems = []
    while state.status:
        if dealer.step(state, actions, ohh):
            continue
        i = state.actor_index
        if i is None:
            break
        if state.street_index != street:
            street, rnd = state.street_index, opening(state, variant, fixed)
        text = phh(variant, fixed, antes, blinds, stacks, actions)
        ours = service.betting(text)
        if "over" in ours.get("next", {}) and unanswerable(state, i):
            # §16.4: one player with chips, facing no bet, ends the
            # betting; PokerKit still asks them to check. Not recorded.
            tally["a check nobody could answer (§16.4 ends the betting; PokerKit asks for it)"] += 1
            state.check_or_call()
            continue
        pk_raise = None
        if state.can_complete_bet_or_raise_to():
            pk_raise = (
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
        our_raise = compare(ours, state, i, pk_raise, rnd, fixed, straddled, tally, problems, text)
        if ohh:
            same_reading(ours, service.betting_ohh(ohh.body()), tally, problems, text)
        if rng.random() < 0.3:
            outside(service, state, i, pk_raise, our_raise, rng, tally, problems,
                    lambda acts: phh(variant, fixed, antes, blinds, stacks, acts), actions)
        take(state, rng, i, pk_raise, our_raise, actions, rnd, fixed, ohh)
    text = phh(variant, fixed, antes, blinds, stacks, actions)
    final = service.betting(text)
    if final.get("betting", {}).get("legal") is not True:
        problems.append(f"the finished hand is not legal: {json.dumps(final)}\n{text}")
    if ohh:
        same_chips(service, text, ohh, tally, problems)
    tally["hands"] += 1
    return problems


def same_reading(phh_answer, ohh_answer, tally, problems, text):
    """The OHH reading of the hand so far answers as the PHH one does."""
    tally["OHH answers compared with PHH's"] += 1
    expected = json.loads(json.dumps(phh_answer))
    nxt = expected.get("next", {})
    if "toAct" in nxt:
        nxt["toAct"] = int(nxt["toAct"][1:])
    for f in expected.get("betting", {}).get("findings", []):
        f.pop("at", None)
    for f in ohh_answer.get("betting", {}).get("findings", []):
        f.pop("at", None)
    if ohh_answer != expected:
        problems.append(f"OHH reads the hand apart: {json.dumps(ohh_answer)}\n  PHH {json.dumps(phh_answer)}\n{text}")


def same_chips(service, text, ohh, tally, problems):
    """The finished hand settles to the same stacks by both routes: the
    PHH replay's reading and the settle request the OHH actions derive."""
    by_phh = service.post(text, "application/toml", "/v1/settle/phh")
    by_ohh = service.post(ohh.body(), "application/json", "/v1/settle/ohh")
    stacks = [a.get("data", {}).get("finalChipStacks") for a in (by_phh, by_ohh)]
    tally["hands settled by both routes"] += 1
    if None in stacks or list(stacks[0].values()) != list(stacks[1].values()):
        problems.append(f"the routes settle apart: PHH {json.dumps(by_phh)[:600]}\n  OHH {json.dumps(by_ohh)[:600]}\n{text}")


def outside(service, state, i, pk_raise, our_raise, rng, tally, problems, write, actions):
    """An action PokerKit refuses, where it and RULES.md agree on the
    options, is the verdict's first finding, at that action: a raise one
    chip below the smallest or above the largest (not all in), or an
    action by a player other than the one to act."""
    total = state.stacks[i] + state.bets[i]
    tries = []
    # The most another player still in can put in: a raise to it is
    # allowed below the minimum (§16.3, nobody to call), so it is not tried.
    cover = max((state.stacks[q] + state.bets[q] for q in range(len(state.stacks))
                 if q != i and state.statuses[q]), default=0)
    if pk_raise and pk_raise == our_raise:
        lo, hi = pk_raise
        call = state.checking_or_calling_amount or 0
        if lo - 1 > state.bets[i] + call and lo - 1 < total and lo - 1 != cover:
            tries.append((f"p{i + 1} cbr {lo - 1}", ("underBet", "underRaise", "limitSize")))
        if hi + 1 < total:
            tries.append((f"p{i + 1} cbr {hi + 1}", ("overPot", "limitSize")))
    # Not one holding the largest bet: that fold is refused (§16.6), not judged.
    top = max(state.bets)
    others = [q for q in range(len(state.stacks))
              if q != i and state.statuses[q] and state.stacks[q] > 0 and state.bets[q] < top]
    if others:
        tries.append((f"p{rng.choice(others) + 1} f", ("outOfTurn",)))
    if not tries:
        return
    act, codes = rng.choice(tries)
    answer = service.betting(write(actions + [act]))
    findings = answer.get("betting", {}).get("findings") or [{}]
    first = findings[0]
    tally["actions PokerKit refuses, judged"] += 1
    if first.get("at") != f"/actions/{len(actions)}" or first.get("code") not in codes:
        problems.append(f"`{act}` (PokerKit refuses it) is not the first finding: {json.dumps(answer)[:400]}\n{write(actions)}")


def unanswerable(state, i):
    """Player `i` faces no bet and nobody else can put in a chip."""
    others = [q for q in range(len(state.bets)) if q != i and state.statuses[q]]
    return state.checking_or_calling_amount == 0 and all(state.stacks[q] == 0 for q in others)


def compare(ours, state, i, pk_raise, rnd, fixed, straddled, tally, problems, text):
    """Compares one decision; returns our raise range (or None)."""
    tally["decisions"] += 1
    nxt = ours.get("next")
    if not nxt or "toAct" not in nxt:
        problems.append(f"no player to act in our answer {json.dumps(ours)}\n{text}")
        return None
    o = nxt["options"]
    ours_raise = o.get("raise") or o.get("bet")
    our_range = (ours_raise["min"], ours_raise["max"]) if ours_raise else None
    to_call = state.checking_or_calling_amount if state.can_check_or_call() else 0
    disagree = []
    bring_in = state.effective_bring_in_amount if state.can_post_bring_in() else None
    if o.get("bringIn") != bring_in:
        disagree.append(f"bring-in: ours {o.get('bringIn')}, PokerKit {bring_in}")
    if nxt["toAct"] != f"p{i + 1}":
        disagree.append(f"to act: ours {nxt['toAct']}, PokerKit p{i + 1}")
    if nxt["toCall"] != to_call:
        disagree.append(f"to call: ours {nxt['toCall']}, PokerKit {to_call}")
    if (to_call > 0 or bring_in) and o["fold"] != state.can_fold():
        disagree.append(f"fold facing a bet: ours {o['fold']}, PokerKit {state.can_fold()}")
    if to_call == 0 and o["fold"] and not state.can_fold():
        tally["fold with a check open (TDA 50; PokerKit refuses it)"] += 1
    if our_range != pk_raise:
        why = known(our_range, pk_raise, state, i, rnd, fixed, straddled)
        if why:
            tally[why] += 1
        else:
            disagree.append(f"raise: ours {our_range}, PokerKit {pk_raise}")
    if disagree:
        problems.append("; ".join(disagree) + f"\n  ours {json.dumps(nxt)}\n{text}")
    return our_range


def known(our_range, pk_raise, state, i, rnd, fixed, straddled):
    """Why RULES.md and PokerKit part here, if it is one of the known ways."""
    if our_range is None and pk_raise is not None and not rnd.reopened(i, fixed):
        return "a raise after less than a full raise (TDA 41B; PokerKit offers it)"
    top = max(state.bets)
    others = [q for q in range(len(state.bets)) if q != i and state.statuses[q]]
    if our_range and pk_raise is None and all(state.stacks[q] + state.bets[q] <= top for q in others):
        return "a raise over players who can only call all in for less (§16.3 opens it; PokerKit not)"
    if (our_range and pk_raise and straddled and state.street_index == 0
            and our_range[1] == pk_raise[1] and our_range[0] > pk_raise[0]):
        return "a straddle is a bet of its full amount (§16.3; PokerKit measures its increment)"
    if (fixed and our_range and pk_raise is None and i in rnd.seen and rnd.reopened(i, fixed)
            and rnd.bet - rnd.seen[i] < rnd.full):
        return "fixed limit: half a unit re-opens (TDA 41B; PokerKit needs a whole unit)"
    if fixed and our_range and pk_raise is None and rnd.raises < 4 and top % rnd.full:
        return "fixed limit: an all-in of less than half a unit is no raise toward the cap (§16.3; PokerKit counts it)"
    if fixed and state.street_index == 0 and our_range is None and pk_raise and rnd.raises >= 4:
        return "fixed limit capped at four before the flop, the blind the first bet (§16.3, TDA 45; PokerKit counts only raises)"
    if fixed and our_range and pk_raise and top % rnd.full:
        # A short all-in left the bet off the units: §16.3's level, as
        # counted here, against PokerKit's all-in plus a unit.
        total = state.stacks[i] + state.bets[i]
        expected = min(rnd.full if rnd.completing else rnd.level + rnd.full, total)
        if our_range == (expected, expected):
            return "fixed limit after a short all-in: the level of §16.3, checked here (PokerKit adds a unit to the all-in)"
    return None


def take(state, rng, i, pk_raise, our_raise, actions, rnd, fixed, ohh=None):
    """An action both readings allow, applied to PokerKit and written as PHH
    (and OHH, whose amounts are the chips the action adds)."""
    roll = rng.random()
    both = None
    if pk_raise and our_raise:
        lo, hi = max(pk_raise[0], our_raise[0]), min(pk_raise[1], our_raise[1])
        both = (lo, hi) if lo <= hi else None
    if state.can_post_bring_in() and (roll < 0.7 or not both):
        amount = state.effective_bring_in_amount
        state.post_bring_in()
        actions.append(f"p{i + 1} pb")
        # The bring-in is its poster's action; the level starts at it.
        rnd.bet = rnd.level = rnd.seen[i] = amount
        return
    if state.can_post_bring_in():
        roll = 0  # completes: neither a fold nor a check is open
    if both and roll < 0.35:
        lo, hi = both
        to = rng.choice([lo, hi, rng.randint(lo, hi)])
        if ohh:
            added = to - state.bets[i]
            ohh.act(i, "Raise" if max(state.bets) > 0 else "Bet", added, added == state.stacks[i])
        state.complete_bet_or_raise_to(to)
        actions.append(f"p{i + 1} cbr {to}")
        rnd.act(i, to, fixed)
    elif roll < 0.5 and state.can_fold():
        if ohh:
            ohh.act(i, "Fold")
        state.fold()
        actions.append(f"p{i + 1} f")
    else:
        if ohh:
            added = state.checking_or_calling_amount
            ohh.act(i, "Call" if added else "Check", added, added and added == state.stacks[i])
        state.check_or_call()
        actions.append(f"p{i + 1} cc")
        rnd.act(i, rnd.bet, fixed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default=os.environ.get("SHOWDOWN_BIN", os.path.join(ROOT, "target/release/showdown")))
    args = ap.parse_args()
    service = Service(args.bin)
    failed = 0
    start = time.time()
    try:
        for g, game in enumerate(GAMES):
            rng = random.Random(args.seed * 1000 + g)
            tally = Counter()
            problems = []
            for _ in range(args.hands):
                problems += play(service, game, rng, tally)
            for p in problems[: int(os.environ.get("SHOW", "5"))]:
                print(f"DISAGREE {game}: {p}")
            failed += len(problems)
            known_ways = ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()) if k not in ("hands", "decisions"))
            print(f"{game:22} {tally['hands']} hands, {tally['decisions']} decisions, {len(problems)} disagreements"
                  + (f"; {known_ways}" if known_ways else ""))
    finally:
        service.stop()
    print(f"betting crosscheck: {failed} disagreements with PokerKit 0.7.7, {time.time() - start:.0f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
