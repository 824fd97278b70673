//! The body of `POST /v1/settle`: the hand as a backend reports it.
//!
//! Unknown fields are refused, so a misspelt key never quietly falls back to
//! its default.

use serde::{Deserialize, Deserializer, Serialize};

/// A flag that defaults to false, with `null` read as absent: every
/// optional field takes null (API.md), and clients that fill defaults
/// with `None` or `null` send it.
pub(super) fn null_is_false<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Option::<bool>::deserialize(d).map(Option::unwrap_or_default)
}

/// POST /v1/settle body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = settle_example)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettleRequest {
    /// Your id for the game; echoed back in the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// Your number for the hand, at most 2^53 − 1; echoed back in the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub hand_number: Option<u64>,
    /// The game: one of the ids `GET /v1/variants` lists.
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub variant: String,
    /// Which rulebook orders odd chips in stud games (RULES.md §4): `tda`
    /// (the default) or `roberts`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::RulesName>)]
    pub rules: Option<String>,
    /// Who gets the leftover units of a halved pot (RULES.md §4): `tda`
    /// (the default: each half's own winners) or `high` (Bovada: every one
    /// to the high half's winners). Nothing changes in a one-hand game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::HiLoOddChipsName>)]
    pub hi_lo_odd_chips: Option<String>,
    /// The smallest chip in play, default 1: every amount must be a
    /// multiple of it, and pots are divided in whole units of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub chip_unit: Option<u64>,
    /// The dealer button's seat: required in board and draw games, refused
    /// in stud games; it may be an empty seat (a dead button).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub button_seat: Option<u32>,
    /// The community cards, board games only: the variant's full board at a
    /// showdown; a hand only one player is left in may have fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::BoardCards>)]
    pub board: Option<Vec<String>>,
    /// Chips in the main pot that belong to nobody in the hand (RULES.md
    /// §2), default 0; a multiple of `chipUnit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub dead_money: Option<u64>,
    /// The players of the hand, at least two; their order does not change
    /// the answer.
    #[schema(min_items = 2)]
    pub players: Vec<PlayerRequest>,
    /// The house's rake (RULES.md §8); without it, no rake.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<RakeRequest>,
    /// The bad-beat jackpot drop (RULES.md §8.4); without it, no drop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<JackpotRequest>,
    /// Board games only, instead of `board`: the boards in deal order (run
    /// it twice, double-board games), 1 to 16; they may share their first
    /// cards (RULES.md §9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::BoardCards>>, min_items = 1, max_items = 16)]
    pub boards: Option<Vec<Vec<String>>>,
    /// When true the answer adds `explanation`, the rule behind every chip
    /// (EXPLAIN.md); false, null or absent leaves the answer without it.
    #[serde(
        default,
        deserialize_with = "null_is_false",
        skip_serializing_if = "std::ops::Not::not"
    )]
    #[schema(value_type = Option<bool>)]
    pub explain: bool,
    /// Players who took an all-in cash-out (RULES.md §10.5): the hand
    /// settles as without them, then each is paid their equity's value
    /// less a fee and their hand's winnings go to the house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 10)]
    pub cash_outs: Option<Vec<super::cash_out::CashOutRequest>>,
    /// The room's bad-beat jackpot (RULES.md §11): whether the hand
    /// qualifies and who is paid what from the fund.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_beat: Option<super::bad_beat::BadBeatRequest>,
    /// A tournament hand (RULES.md §12), of at most 23 players: the chips
    /// settle as without it, then the answer adds who was knocked out,
    /// their places and who collects each bounty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<super::tournament::TournamentRequest>,
    /// Who shows at the showdown, in what order, and what the table may
    /// see (RULES.md §15); the chips settle the same with or without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub showdown: Option<super::showdown::ShowdownRequest>,
}

/// The rake of a hand (RULES.md §8): a rate of the pots with one cap a hand,
/// taken before the pots are split.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"percentBp": 500, "cap": 300, "rounding": "down", "spread": "mainFirst", "noFlopNoDrop": true, "attribution": "weightedContributed"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RakeRequest {
    /// The rate in basis points, 0 to 10000 (500 is 5 %).
    #[schema(maximum = 10000)]
    pub percent_bp: u64,
    /// The most rake one hand pays, in chips (a multiple of `chipUnit`);
    /// not together with `capsByPlayersDealt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub cap: Option<u64>,
    /// Instead of `cap`: the entry with the greatest `minPlayers` not above
    /// `playersDealt` applies; when none does, no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caps_by_players_dealt: Option<Vec<CapStepRequest>>,
    /// Players dealt in, for the cap; default the number of `players`, never
    /// fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub players_dealt: Option<u32>,
    /// How the rate's product is rounded to whole chip units; default `down`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeRounding>)]
    pub rounding: Option<String>,
    /// Which pot gives what of the rake and the jackpot drop; default
    /// `proportional`. The hand's total is the same every way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeSpread>)]
    pub spread: Option<String>,
    /// No flop, no drop: no rake when the board has fewer than 3 cards
    /// (board games); default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_flop_no_drop: Option<bool>,
    /// How `rake.contributions` (and `jackpot.contributions`) is shared out;
    /// default `weightedContributed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeAttribution>)]
    pub attribution: Option<String>,
}

/// One step of a cap ladder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"minPlayers": 5, "cap": 300}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CapStepRequest {
    /// This cap applies from this many players dealt in.
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub min_players: u32,
    /// The most rake a hand pays at this step, in chips (a multiple of
    /// `chipUnit`).
    #[schema(maximum = 9007199254740991u64)]
    pub cap: u64,
}

/// `rake.rounding` (RULES.md §8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeRounding {
    /// Floor: 4.5 gives 4, 1.5 gives 1.
    Down,
    /// Round half to even: 4.5 gives 4, 1.5 gives 2.
    HalfEven,
    /// Ceiling: 4.5 gives 5, 0.5 gives 1.
    Up,
}

/// `rake.spread` (RULES.md §8.5): how the rake and the drop come off the
/// pots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeSpread {
    /// In proportion to the pots' sizes, by largest remainder.
    Proportional,
    /// The main pot first, each side pot paying what the rate and the cap
    /// leave on the running total (PokerStars, GGPoker).
    MainFirst,
    /// The last side pot first, the main pot last (Winamax).
    LastFirst,
    /// In proportion to the pots' sizes, each side pot rounded down and
    /// the main pot giving all the rest (Bovada, Ignition).
    ProportionalMainRest,
}

/// `rake.attribution` (RULES.md §8.7): who paid the rake, for rakeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeAttribution {
    /// In proportion to each player's chips in the pots.
    WeightedContributed,
    /// Equal shares among the players who put chips in.
    Contributed,
    /// Equal shares among every player of the hand.
    Dealt,
}

/// The bad-beat jackpot drop of a hand (RULES.md §8.4): taken after the
/// rake, never more than the rake left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"amount": 100, "minPot": 2000}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JackpotRequest {
    /// The drop, in chips (a multiple of `chipUnit`); never more than the
    /// pots hold after the rake.
    #[schema(maximum = 9007199254740991u64)]
    pub amount: u64,
    /// No drop when the chips in the pots (RULES.md §8.1: everything put
    /// in, less uncalled bets) are fewer; default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub min_pot: Option<u64>,
    /// No flop, no drop, as for the rake; default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_flop_no_drop: Option<bool>,
}

/// API.md's example request: the schema's example, and the first that
/// `/docs` offers.
pub fn settle_example() -> serde_json::Value {
    example_api_md()
}

/// A raked request for `/docs` (RULES.md §8): 5 % capped at 300, a 100-chip
/// jackpot drop, a short all-in making a side pot.
pub fn raked_settle_example() -> serde_json::Value {
    serde_json::json!({
        "gameId": "poker-game-124",
        "handNumber": 6,
        "variant": "holdem",
        "buttonSeat": 3,
        "board": ["Ah", "Kh", "9h", "7c", "2d"],
        "players": [
            {"id": "agent-a", "seat": 1, "stack": 1000, "committed": 1000, "cards": ["Qh", "3h"]},
            {"id": "agent-b", "seat": 2, "stack": 5000, "committed": 3000, "cards": ["As", "Kd"]},
            {"id": "agent-c", "seat": 3, "stack": 5000, "committed": 3000, "cards": ["9s", "9d"]},
            {"id": "agent-d", "seat": 4, "stack": 2000, "committed": 200, "folded": true}
        ],
        "rake": {"percentBp": 500, "cap": 300, "rounding": "down", "noFlopNoDrop": true, "attribution": "weightedContributed"},
        "jackpot": {"amount": 100, "minPot": 2000}
    })
}

/// A request example of the OpenAPI document: a copy of a golden request
/// kept inside the crate (the image builds from `crates/` alone); a test
/// checks each copy against its golden file, so it settles as that says.
fn golden_example(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_default()
}

/// The example of API.md.
pub fn example_api_md() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/api-md-example.request.json"
    ))
}

/// Run it twice after an all-in on the flop (RULES.md §9, example 9.1).
pub fn example_run_it_twice() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-9-1-holdem-two-runs-pot-6-chopped-twice-3-and-3.request.json"
    ))
}

/// A double-board Omaha hi-lo hand (RULES.md §9, example 9.5).
pub fn example_double_board_omaha_hi_lo() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-9-5-omaha-hi-lo-two-boards-pot-9-a-7-b-2.request.json"
    ))
}

/// A tournament hand (RULES.md §12, example 12.4): two players knocked
/// out in one hand, their places and who collects their bounties.
pub fn example_tournament() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-12-4a-places-10-left-a-9th-c-10th.request.json"
    ))
}

/// One player of a settle request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"id": "agent-a", "name": "Agent A", "seat": 1, "stack": 1000, "committed": 300, "folded": false, "cards": ["3c", "4d"]}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = Player)]
pub struct PlayerRequest {
    /// The player's id: not empty, unique in the hand; the answer names the
    /// player by it.
    #[schema(min_length = 1)]
    pub id: String,
    /// A display name, echoed back beside the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat number, 1 or more, unique in the hand; seats rise clockwise.
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub seat: u32,
    /// Chips in front of the player before the hand began. `committed +
    /// dead` may not exceed it; equal means the player is all in.
    #[schema(maximum = 9007199254740991u64)]
    pub stack: u64,
    /// The live chips the player put in during the whole hand: blinds,
    /// bets and calls, and antes when every player antes (RULES.md §2).
    #[schema(maximum = 9007199254740991u64)]
    pub committed: u64,
    /// Chips the player put in that match no bet, default 0: a big-blind
    /// ante, a dead small blind. They go to the main pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub dead: Option<u64>,
    /// True if the player folded, or mucked at the showdown; default false
    /// (null is absent).
    #[serde(default, deserialize_with = "null_is_false")]
    #[schema(value_type = Option<bool>)]
    pub folded: bool,
    /// The player's cards: hole cards in board and draw games, all seven in
    /// stud. Required for every live player of a contested hand, as many as
    /// the variant deals (`holeCards`, 7 at most).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 7)]
    pub cards: Option<Vec<String>>,
    /// Tournament hands only: the bounty on the player at the start of the
    /// hand, in bounty money (not chips), a multiple of
    /// `tournament.bountyUnit`; default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub bounty: Option<u64>,
    /// With `showdown`: true when the player chose to show a hand they
    /// could muck (RULES.md §15.3); default false; refused on a folded
    /// player.
    #[serde(
        default,
        deserialize_with = "null_is_false",
        skip_serializing_if = "std::ops::Not::not"
    )]
    #[schema(value_type = Option<bool>)]
    pub shows: bool,
}
