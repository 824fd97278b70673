//! A tournament hand's terms and the end of it in the answer (API.md,
//! "Tournaments: eliminations and bounties"; RULES.md §12). Bounty money
//! is not chips: `chipUnit` never applies to it.

use crate::Id;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The tournament's terms for this hand (RULES.md §12.1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"bountyUnit": 1, "progressiveBp": 5000, "playersLeft": 27}))]
pub struct TournamentRequest {
    /// The smallest amount of bounty money (a cent, say), default 1; every
    /// bounty is a multiple of it. Bounty money is not chips: `chipUnit` never
    /// applies to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub bounty_unit: Option<u64>,
    /// The part of a collected bounty added to the collector's own, in basis
    /// points, 0 to 10,000; default 0 (a plain knockout), 5000 the usual
    /// progressive knockout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 10000)]
    pub progressive_bp: Option<u64>,
    /// The players of the whole event still to be placed when this hand's
    /// busts are: at a single table those who start the hand; with tables
    /// whose hands overlap, every player with chips less the busts of the
    /// hands already settled (TOURNAMENT.md step 9). Gives `places`, and
    /// ends the tournament when one is left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub players_left: Option<u64>,
    /// The small blind's seat this hand (RULES.md §13): may be an empty
    /// seat (a dead small blind); heads-up, the button's seat. With
    /// `bigBlindSeat`, the answer gives `nextHand`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 4294967295u64)]
    pub small_blind_seat: Option<u32>,
    /// The big blind's seat this hand: a player of the request who starts
    /// the hand with chips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 4294967295u64)]
    pub big_blind_seat: Option<u32>,
    /// How the button moves: `dead` (the default: TDA 31, RULES.md §13.2) or
    /// `forward` (the button and blinds always on players, as PokerStars and
    /// GGPoker deal; §13.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ButtonRuleName>)]
    pub button_rule: Option<String>,
    /// Prize money by place, `prizes[0]` the winner's (RULES.md §14.1):
    /// multiples of `prizeUnit`, never rising, at most 10,000, adding up to at
    /// most 2^53 − 1; a place past the list pays 0. Needs `playersLeft`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 10000)]
    pub prizes: Option<Vec<u64>>,
    /// The smallest amount of prize money (a cent, say), default 1; prize money
    /// is not chips. The tournament's: send the same on every hand, with or
    /// without `prizes` (a shared prize is divided in whole units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub prize_unit: Option<u64>,
    /// `split` (the default; PokerStars): equal stacks knocked out together
    /// share their places and the sum of those prizes; `seat` (GGPoker): they
    /// finish one place each, in seat order after the button (stud: by seat
    /// number); RULES.md §14.3. The tournament's: send the same on every hand,
    /// with or without `prizes` (it orders the places either way).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::TiedPlacesName>)]
    pub tied_places: Option<String>,
}

/// A player knocked out in this hand (RULES.md §12.2-12.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"agentId": "agent-b", "stack": 300, "order": 1, "places": [26, 26], "bounty": 1000, "pot": 1,
    "awards": [{"agentId": "agent-c", "amount": 1000, "cash": 500, "head": 500, "oddUnits": 0}]}))]
#[schema(as = Elimination)]
pub struct EliminationDto<'a> {
    /// The player knocked out.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Their chips at the start of the hand: the larger finishes better.
    pub stack: u64,
    /// 1 for this hand's best finish; equal stacks share it (1, 2, 2, 4).
    pub order: u64,
    /// Only with `tournament.playersLeft`: the places `[from, to]` the
    /// player finishes in (equal stacks share theirs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema_enums::place_pair)]
    pub places: Option<[u64; 2]>,
    /// Only with `tournament.prizes`: what the player is paid for the place or
    /// places taken, 0 included; a shared sum is divided in `prizeUnit`s, the
    /// units left over one each in seat order (RULES.md §14.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub prize: Option<u64>,
    /// The bounty on the player at the start of the hand.
    pub bounty: u64,
    /// The index of the eliminating pot: the last pot holding their chips.
    pub pot: u64,
    /// Every collector of the bounty, in odd-chip order, 0 amounts included.
    pub awards: Vec<BountyAwardDto<'a>>,
}

/// What one collector gets of an eliminated player's bounty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BountyAward)]
pub struct BountyAwardDto<'a> {
    /// The collector: a winner of chips from the eliminating pot.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// The collector's part of the bounty: `cash + head`.
    pub amount: u64,
    /// Paid now.
    pub cash: u64,
    /// Added to the collector's own bounty (progressive knockouts).
    pub head: u64,
    /// 1 when the collector got one of the units left over by the division.
    pub odd_units: u64,
}

/// What a tournament hand adds to the answer; every field is left out of
/// a request without `tournament`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TournamentEnd<'a> {
    pub eliminations: Vec<EliminationDto<'a>>,
    pub bounties: BTreeMap<Id<'a>, u64>,
    pub bounty_cash: BTreeMap<Id<'a>, u64>,
    pub winner: Option<Id<'a>>,
    /// The winner's own bounty, paid with the title (0 without a winner).
    pub winner_bounty: u64,
    /// Only with `prizes`: prize money paid this hand, by id, amounts
    /// above 0, the winner's first prize included.
    pub prize_cash: Option<BTreeMap<Id<'a>, u64>>,
    /// Only with `prizes`: what the `prize` steps of the explanation read.
    pub prize_notes: Option<PrizeNotes<'a>>,
}

/// What one elimination's `prize` step reads (RULES.md §14.2-14.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeLine {
    /// The places `[from, to]` taken.
    pub places: (u64, u64),
    /// What the player is paid.
    pub amount: u64,
    /// The sum of the places' prizes before they are divided.
    pub pot: u64,
    /// The players who share the places, this one included.
    pub sharers: u64,
    /// 1 when the player got one of the units left over.
    pub odd_units: u64,
    /// Other busts of the hand with the same stack.
    pub equal_stacks: usize,
}

/// The prize side of a settled tournament hand, for its explanation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrizeNotes<'a> {
    /// `prizeUnit`.
    pub unit: u64,
    /// The places the table pays.
    pub paid_places: u64,
    /// `tiedPlaces: seat`.
    pub seat_rule: bool,
    /// By eliminated player.
    pub lines: BTreeMap<Id<'a>, PrizeLine>,
    /// The winner's first prize at the last hand.
    pub winner_prize: Option<u64>,
}
