// A small client of POST /v1/settle written against the types that
// openapi-typescript generates from openapi/openapi.json (src/schema.d.ts,
// made by `npm run generate`). It must compile under `tsc --strict`, and the
// lines marked @ts-expect-error must NOT compile: a document too loose to
// reject them fails the check.
import type { components, paths } from "./schema";

type SettleOperation = paths["/v1/settle"]["post"];
export type SettleBody = SettleOperation["requestBody"]["content"]["application/json"];
export type HandComplete = SettleOperation["responses"][200]["content"]["application/json"];
export type Problem = components["schemas"]["Problem"];

/** The example of openapi/API.md. */
export const example: SettleBody = {
  gameId: "poker-game-123",
  handNumber: 5,
  variant: "holdem",
  rules: "tda",
  chipUnit: 1,
  buttonSeat: 1,
  board: ["Ah", "Kh", "9h", "7h", "2h"],
  deadMoney: 1,
  players: [
    { id: "agent-a", name: "Agent A", seat: 1, stack: 1000, committed: 300, folded: false, cards: ["3c", "4d"] },
    { id: "agent-b", name: "Agent B", seat: 2, stack: 1000, committed: 300, folded: false, cards: ["5s", "6d"] },
  ],
};

/** Settles a hand: the event, or the problem the service answered with. */
export async function settle(base: string, body: SettleBody): Promise<HandComplete | Problem> {
  const res = await fetch(`${base}/v1/settle`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  return res.ok ? (json as HandComplete) : (json as Problem);
}

/** One line about the hand's winner, reading fields the answer always has. */
export function summary(event: HandComplete): string {
  const d = event.data;
  const hand = d.winningHand ? d.winningHand.description : "uncontested";
  const total = d.pots.reduce((sum, pot) => sum + pot.amount, 0);
  const returned = d.uncalled.reduce((sum, u) => sum + u.amount, 0);
  const oddChips = d.pots.flatMap((p) => p.shares).reduce((n, s) => n + s.oddChips, 0);
  return `${d.winnerId} (${hand}) won ${d.potBreakdown[0]?.amount ?? 0} of ${total}; ` +
    `${returned} returned, ${oddChips} odd chip(s), ${d.totalWinners} winner(s)`;
}

/** Every field the service blamed, as `pointer: message`. */
export function problems(problem: Problem): string[] {
  return (problem.errors ?? []).map((e) => `${e.pointer}: ${e.message}`);
}

export function finalStack(event: HandComplete, id: string): number | undefined {
  return event.data.finalChipStacks[id];
}

// Requests the service refuses must not type-check: each line after an
// expect-error directive must fail to compile, else tsc fails the check.
export const wrongVariant: SettleBody = {
  ...example,
  // @ts-expect-error "texas" is not a variant id: the document must list them as an enum
  variant: "texas",
};

export const wrongCards: SettleBody = {
  ...example,
  players: [
    // @ts-expect-error cards are an array of card strings, not numbers
    { id: "agent-a", seat: 1, stack: 1000, committed: 300, cards: [3, 4] },
    // @ts-expect-error cards are an array, not one string
    { id: "agent-b", seat: 2, stack: 1000, committed: 300, cards: "5s6d" },
  ],
};

export const seatMissing: SettleBody = {
  ...example,
  // @ts-expect-error every player needs a seat
  players: [{ id: "agent-a", stack: 1000, committed: 300 }],
};

export const wrongRounding: SettleBody = {
  ...example,
  // @ts-expect-error rake.rounding is `down`, `halfEven` or `up`
  rake: { percentBp: 500, rounding: "ceiling" },
};

// RULES.md §8.5: the rake taken main pot first, rounded up (some rooms).
export const mainFirstUp: SettleBody = {
  ...example,
  rake: { percentBp: 500, cap: 30, rounding: "up", spread: "mainFirst" },
};

export const wrongSpread: SettleBody = {
  ...example,
  // @ts-expect-error rake.spread is `proportional`, `mainFirst`, `lastFirst` or `proportionalMainRest`
  rake: { percentBp: 500, spread: "sidePotFirst" },
};

// RULES.md §8.5 and §4: Bovada's side pots raked rounded down, the main pot
// the rest, and every leftover unit of a halved pot to its high winners.
export const bovada: SettleBody = {
  ...example,
  variant: "omaha-hi-lo",
  hiLoOddChips: "high",
  rake: { percentBp: 500, cap: 200, spread: "proportionalMainRest" },
};

export const wrongHiLoOddChips: SettleBody = {
  ...example,
  // @ts-expect-error hiLoOddChips is `tda` or `high`
  hiLoOddChips: "low",
};

/** Each pot's part of the rake, as a room's hand history prints it. */
export function rakeByPot(event: HandComplete): string {
  return event.data.pots.map((p) => `${p.name} ${p.rake ?? 0}`).join(", ");
}

type Data = HandComplete["data"];
type HandRank = components["schemas"]["HandRank"];

/** Fields the service always sends are typed non-optional: these compile
 * under --strict only if the document lists them in `required`. */
export function alwaysSent(d: Data, p: Problem): string {
  const breakdown: components["schemas"]["PotBreakdownEntry"][] = d.potBreakdown;
  const winning: HandRank | null = d.winningHand;
  // winnerId is always sent, null when the rake took every pot.
  const winnerId: string | null = d.winnerId;
  const firstHand: HandRank | null = breakdown[0]?.handRank ?? null;
  const half: "whole" | "high" | "low" = d.pots[0]?.shares[0]?.half ?? "whole";
  const requestId: string = p.requestId;
  return `${breakdown.length} ${winnerId} ${winning?.name} ${firstHand?.name} ${half} ${requestId}`;
}

/** Fields the service leaves out are optional but never null. */
export function leftOut(d: Data): string {
  const gameId: string | undefined = d.gameId;
  // @ts-expect-error winnerName may be left out: it is optional
  const winnerName: string = d.winnerName;
  // @ts-expect-error winnerId is null when nobody won a chip
  const winner: string = d.winnerId;
  // @ts-expect-error potBreakdown is always sent and never null
  const breakdown: null = d.potBreakdown;
  return `${gameId} ${winnerName} ${winner} ${breakdown}`;
}

// Cash-outs and the bad-beat jackpot (API.md): the new request fields, and
// the answer's fields read as a cashier would.
export const cashOutExample: SettleBody = {
  ...example,
  cashOuts: [{ agentId: "agent-b", boardCards: 3, feeBp: 100, feeRounding: "nearest" }],
  badBeat: { pool: 100000, minLosingHand: ["Ah", "Ad", "Ac", "Th", "Td"], loserBp: 5000 },
};

/** The house's result on the hand's cash-outs and the jackpot's payouts. */
export function cashier(event: HandComplete): string {
  const d = event.data;
  const paid = (d.cashOuts ?? []).map((c) => `${c.agentId} paid ${c.amount} (fee ${c.fee ?? "not asked"}) at ${c.pots.map((p) => `${p.equity.numerator}/${p.equity.denominator}`).join("+")}`);
  const bb = d.badBeat;
  const jackpot = bb === undefined ? "no jackpot" : bb.qualified
    ? (bb.payouts ?? []).map((p) => `${p.role} ${p.agentId} ${p.amount}`).join(", ")
    : `not qualified: ${bb.reason}`;
  return `${paid.join("; ")} (house ${d.cashOutBalance ?? 0}); ${jackpot}`;
}

// The bad-beat answer is a union keyed on `qualified`: a qualified hand
// has its hands and payouts, one that did not a reason, never a mix.
type BadBeat = components["schemas"]["BadBeat"];
export const notQualified: BadBeat = { qualified: false, reason: "no-showdown" };
// @ts-expect-error a qualified bad beat has hands and payouts, not a reason
export const mixedBadBeat: BadBeat = { qualified: true, reason: "no-showdown" };

/** A qualified bad beat's fields need no `?? 0` once `qualified` is read. */
export function jackpotPaid(bb: BadBeat): number {
  return bb.qualified ? bb.paid + bb.remaining : 0;
}

/** `places` is a pair: both ends are typed. */
export function placeRange(e: components["schemas"]["Elimination"]): string {
  const pair: [number, number] | undefined = e.places;
  return pair === undefined ? "" : `${pair[0]}-${pair[1]}`;
}

// @ts-expect-error a cash-out is taken before the flop (0), on the flop (3) or the turn (4)
export const riverCashOut: SettleBody = { ...example, cashOuts: [{ agentId: "agent-b", boardCards: 5 }] };

// The all-in expectation (API.md, RULES.md §17): asked with the board
// cards out when the betting ended, read as a tracker's adjusted result.
export const allInEvExample: SettleBody = { ...example, allInEv: { boardCards: 0 } };

/** Each live player's luck: the exact fraction, and its rounding in chips. */
export function luck(event: HandComplete): string {
  const entries = event.data.allInEv ?? [];
  return entries
    .map((e) => `${e.agentId} due ${e.expected.chips} won ${e.won} luck ${e.luck.numerator}/${e.luck.denominator} (${e.luck.chips})`)
    .join("; ");
}

// @ts-expect-error the all-in expectation counts the board cards, 0, 3 or 4
export const riverAllInEv: SettleBody = { ...example, allInEv: { boardCards: 5 } };

// Tournaments (API.md): the terms and bounties in, the knockouts out.
export const tournamentExample: SettleBody = {
  ...example,
  tournament: { bountyUnit: 1, progressiveBp: 5000, playersLeft: 27 },
  players: example.players.map((p, i) => ({ ...p, bounty: 2500 * (i + 1) })),
};

/** What a tournament director reads out: who is out, where, who collects. */
export function knockouts(event: HandComplete): string {
  const d = event.data;
  const out = (d.eliminations ?? []).map((e) => {
    const places: string = e.places === undefined ? `#${e.order}` : `${e.places[0]}-${e.places[1]}`;
    const awards = e.awards.map((a) => `${a.agentId} ${a.cash}+${a.head}${a.oddUnits > 0 ? "*" : ""}`);
    return `${e.agentId} ${places} (pot ${e.pot}, bounty ${e.bounty}: ${awards.join(", ")})`;
  });
  const cash = Object.entries(d.bountyCash ?? {}).map(([id, amount]) => `${id} ${amount}`);
  const left = Object.entries(d.bounties ?? {}).map(([id, b]) => `${id} ${b}`);
  return `${out.join("; ")}; paid ${cash.join(", ")}; bounties ${left.join(", ")}; winner ${d.tournamentWinner ?? "none yet"}`;
}

// @ts-expect-error a bounty is an amount, not a string
export const badBounty: SettleBody = { ...example, tournament: {}, players: [{ ...example.players[0], bounty: "25.00" }] };

// @ts-expect-error boardCards is a number of cards, not a street's name
export const badCashOut: SettleBody = { ...example, cashOuts: [{ agentId: "agent-b", boardCards: "flop" }] };

// @ts-expect-error cashOuts[].feeRounding is `down` or `nearest`
export const badFeeRounding: SettleBody = { ...example, cashOuts: [{ agentId: "agent-b", boardCards: 3, feeRounding: "halfEven" }] };

type EquityOperation = paths["/v1/equity"]["post"];
export type EquityBody = EquityOperation["requestBody"]["content"]["application/json"];
export type EquityAnswer = EquityOperation["responses"][200]["content"]["application/json"];

export const equityExample: EquityBody = {
  variant: "holdem",
  board: ["Qh", "7h", "2c"],
  players: [{ id: "a", cards: ["Ah", "Kh"] }, { id: "b", cards: ["Qs", "Qd"] }],
};

// @ts-expect-error equity is computed for board games with one board only
export const badEquity: EquityBody = { ...equityExample, variant: "razz" };

/** Each player's equity as the exact fraction and the display string. */
export function odds(a: EquityAnswer): string[] {
  return a.players.map((p) => `${p.id}: ${p.equity.numerator}/${p.equity.denominator} (${p.percent} %, ${p.wins} wins of ${a.runouts})`);
}

// Between hands (API.md "The next hand", POST /v1/tables; RULES.md §13).
export const nextHandExample: SettleBody = {
  ...tournamentExample,
  tournament: { playersLeft: 27, smallBlindSeat: 1, bigBlindSeat: 2, buttonRule: "dead" },
};

// @ts-expect-error buttonRule is `dead` or `forward`
export const badButtonRule: SettleBody = { ...example, tournament: { smallBlindSeat: 1, bigBlindSeat: 2, buttonRule: "moving" } };

/** Who posts what next hand, as a tournament backend would seat it. */
export function nextBlinds(event: HandComplete): string {
  const n = event.data.nextHand;
  if (n === undefined) return "no next hand";
  const sb: string = n.smallBlindDead ? "dead" : n.smallBlind ?? "dead";
  const button: number = n.buttonSeat;
  return `button ${button}${n.buttonDead ? " (dead)" : ""}, small blind ${sb}, big blind ${n.bigBlind}${n.headsUp ? ", heads-up" : ""}`;
}

type TablesOperation = paths["/v1/tables"]["post"];
export type TablesBody = TablesOperation["requestBody"]["content"]["application/json"];
export type TablesAnswer = TablesOperation["responses"][200]["content"]["application/json"];

export const tablesExample: TablesBody = {
  buttonRule: "forward",
  maxDifference: 1,
  tables: [
    { id: "t1", seats: 9, buttonSeat: 1, smallBlindSeat: 2, bigBlindSeat: 3, players: [{ id: "p1", seat: 1 }, { id: "p2", seat: 2, arrived: true }] },
  ],
};

// A table that has not dealt yet: its drawn button and no blinds (RULES.md §13.9).
export const firstHandExample: TablesBody = {
  tables: [
    { id: "t1", seats: 9, firstHand: true, buttonSeat: 4, players: [{ id: "p1", seat: 1 }, { id: "p4", seat: 4 }, { id: "p7", seat: 7 }] },
  ],
};

// @ts-expect-error every table needs its number of seats
export const badTable: TablesBody = { tables: [{ id: "t1", smallBlindSeat: 2, bigBlindSeat: 3, players: [] }] };

// @ts-expect-error firstHand is true or false
export const badFirstHand: TablesBody = { tables: [{ id: "t1", seats: 9, firstHand: "yes", buttonSeat: 4, players: [] }] };

/** The moves a backend applies, in order, then the table to break. */
export function applyMoves(a: TablesAnswer): string[] {
  const moves = a.moves.map((m) => `${m.agentId}: ${m.fromTable}#${m.fromSeat} -> ${m.toTable}#${m.toSeat}`);
  const waiting = a.tables.flatMap((t) => t.waiting.map((id) => `${id} waits at ${t.id}`));
  const breaking = a.breaking === undefined ? [] : [`${a.breaking.table} breaks: ${a.breaking.openSeats.length} open seats`];
  return [...moves, ...waiting, ...breaking, `halted: ${a.halted.join(", ")}`];
}

// Prize money (API.md "Prize money", POST /v1/prizes; RULES.md §14).
export const prizeExample: SettleBody = {
  ...tournamentExample,
  tournament: { playersLeft: 6, prizes: [50000, 30000, 20000, 10000, 7000, 4500], prizeUnit: 1, tiedPlaces: "split" },
};

// @ts-expect-error tiedPlaces is `split` or `seat`
export const badTiedPlaces: SettleBody = { ...example, tournament: { playersLeft: 6, tiedPlaces: "chop" } };

/** Prize money a cashier pays after a settled hand, the winner's included. */
export function prizesPaid(event: HandComplete): string[] {
  const places = (event.data.eliminations ?? []).map((e) => {
    const at = e.places === undefined ? "" : ` (places ${e.places[0]}-${e.places[1]})`;
    return `${e.agentId}: ${e.prize ?? 0}${at}`;
  });
  const total = Object.values(event.data.prizeCash ?? {}).reduce((a: number, b: number) => a + b, 0);
  return [...places, `paid in all: ${total}`];
}

type PrizesOperation = paths["/v1/prizes"]["post"];
export type PrizesBody = PrizesOperation["requestBody"]["content"]["application/json"];
export type PrizesAnswer = PrizesOperation["responses"][200]["content"]["application/json"];

export const handForHandExample: PrizesBody = {
  playersLeft: 12,
  prizes: [50000, 30000, 20000, 10000, 7000, 4500, 3000, 3000, 2000, 2000, 1500, 1500],
  tiedPlaces: "seat",
  players: [{ id: "p7", stack: 300, tieBreak: 107 }, { id: "p2", stack: 900, tieBreak: 202 }, { id: "p9", stack: 300, tieBreak: 109 }],
};

// @ts-expect-error every bust needs its starting stack
export const badHandForHand: PrizesBody = { playersLeft: 12, prizes: [100], players: [{ id: "p7" }] };

/** Each bust's places and prize, best finish first. */
export function handForHandPlaces(a: PrizesAnswer): string[] {
  return a.eliminations.map((e) => `${e.agentId}: ${e.places[0]}-${e.places[1]}, ${e.prize}`).concat(`${a.playersLeft} left`);
}

// Final-table deals (API.md "POST /v1/deals"; RULES.md §14.5-14.7).
type DealsOperation = paths["/v1/deals"]["post"];
export type DealBody = DealsOperation["requestBody"]["content"]["application/json"];
export type DealAnswer = DealsOperation["responses"][200]["content"]["application/json"];

export const dealExample: DealBody = {
  method: "icm",
  prizes: [90000, 40000, 20000],
  prizeUnit: 1,
  setAside: 0,
  players: [{ id: "a", stack: 5000 }, { id: "b", stack: 3000 }, { id: "c", stack: 2000 }],
};

// @ts-expect-error method is `icm`, `chipChop` or `equal`
export const badDeal: DealBody = { ...dealExample, method: "chip-chop" };

/** What the cashier pays each player now, and what is left to play for. */
export function payouts(a: DealAnswer): string[] {
  const paid = a.shares.map((s) => `${s.agentId} (${s.stack} chips): ${s.amount}${s.oddUnits === 1 ? " (+1 unit)" : ""}`);
  return [...paid, `total ${a.total}, ${a.setAside} played for`];
}

// The showdown (API.md "The showdown: who shows, in what order"; RULES.md §15).
export const showdownExample: SettleBody = {
  ...example,
  players: example.players.map((p, i) => ({ ...p, shows: i === 0 })),
  showdown: { lastAggressor: "agent-b", runOut: false, muck: "losers", faceUp: "bettingOver", order: "pots", faceUpOrder: "seat", audience: "table" },
};

// @ts-expect-error showdown.audience is `house` or `table`
export const badAudience: SettleBody = { ...example, showdown: { audience: "everyone" } };

// @ts-expect-error showdown.faceUp is `allIn`, `bettingOver` or `runOut`
export const badFaceUp: SettleBody = { ...example, showdown: { faceUp: "always" } };

/** What the table sees, in order: each hand shown or mucked, and why. */
export function tableView(event: HandComplete): string[] {
  return (event.data.showdown ?? []).map((e) => {
    const shown: boolean = e.shown;
    const hand = e.handRank?.description ?? (e.handRanks ?? []).map((r) => `${r.board}: ${r.handRank.description}`).join(", ");
    return shown ? `${e.agentId} shows ${(e.cards ?? []).join(" ")} (${hand}; ${e.why})` : `${e.agentId} mucks (${e.why})`;
  });
}
