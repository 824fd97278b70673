//! The showdown in a settle request and its answer (API.md, "The
//! showdown: who shows, in what order"; RULES.md §15).

use crate::settle::pots::dto::{HandRankDto, Text};
use crate::Id;
use serde::{Deserialize, Serialize};

/// Who shows and who may muck: the facts of the last betting round and
/// the house's settings. Every field may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"lastAggressor": "agent-c", "muck": "losers", "faceUp": "bettingOver", "order": "action", "audience": "table"}))]
pub struct ShowdownRequest {
    /// The live player who made the last bet or raise (an all-in above
    /// the bet counts) of the round the betting ended in: the last round
    /// played or, when it ended early, the round that left at most one
    /// player with chips and no bet to face (in a run-out, whoever moved
    /// all in or raised last on that street, even when a fold ended it);
    /// absent or null when nobody bet that round (RULES.md §15.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_aggressor: Option<String>,
    /// True when cards were dealt after the betting had ended (nobody left
    /// to bet); default false.
    #[serde(
        default,
        deserialize_with = "crate::null_is_false",
        skip_serializing_if = "std::ops::Not::not"
    )]
    #[schema(value_type = Option<bool>)]
    pub run_out: bool,
    /// `losers` (the default: a hand that cannot beat or tie one already shown
    /// is mucked) or `none` (every live hand is shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ShowdownMuckName>)]
    pub muck: Option<String>,
    /// When every hand is turned up: `allIn` (the default, TDA 15: any live
    /// player all in), `bettingOver` (at most one live player not all in) or
    /// `runOut` (only when `runOut` is true); with `cashOuts`, always (RULES.md
    /// §15.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ShowdownFaceUpName>)]
    pub face_up: Option<String>,
    /// `action` (the default, TDA 16: the last aggressor, else the first to
    /// act, then clockwise), `pots` (pot by pot, from the last side pot down to
    /// the main pot) or `seat` (rising seat number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ShowdownOrderName>)]
    pub order: Option<String>,
    /// The order at a face-up showdown; default `order`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ShowdownOrderName>)]
    pub face_up_order: Option<String>,
    /// `house` (the default) or `table`: no card and no rank of a hand that was
    /// not shown appears anywhere in the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ShowdownAudienceName>)]
    pub audience: Option<String>,
}

/// One live player's turn at the showdown, in the order they showed or
/// mucked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShowdownEntry)]
pub struct ShowdownEntryDto<'a> {
    /// The player's id.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Whether the hand was turned up.
    pub shown: bool,
    /// Why it was shown or not: `allIn` (face up; always with `cashOuts`),
    /// `first` (shows first), `opens` (the first hand shown for a pot it
    /// contests with another live player; a pot left to one live player is won
    /// unseen), `contends` (beats or ties the best hand shown in one of its
    /// pots), `chose` (shown by choice), `showAll` (`muck: none`), `badBeat` (a
    /// losing or winning hand the bad-beat jackpot pays, shown where it could
    /// be mucked: RULES.md §15.8), `beaten` (mucked), `uncontested` (the one
    /// live player, not shown).
    #[schema(value_type = crate::schema_enums::ShowdownWhyName)]
    pub why: Text,
    /// Only when shown: every card of the player, as the request lists them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, nullable = false)]
    pub cards: Option<Vec<Text>>,
    /// Only when shown, on one board: the hand, as in `potBreakdown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hand_rank: Option<HandRankDto>,
    /// Only when shown, on one board, in split games: the low hand, where
    /// it qualifies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub low_hand_rank: Option<HandRankDto>,
    /// Only when shown, on several boards, instead of `handRank` and
    /// `lowHandRank`: one entry a board, in board order, each its `board` (the
    /// index), `handRank` and `lowHandRank`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hand_ranks: Option<Vec<BoardRankDto>>,
}

/// A shown hand on one board of several.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BoardRank)]
pub struct BoardRankDto {
    /// The board's index in `boards`.
    pub board: u64,
    /// The hand on that board (the high side in split games).
    pub hand_rank: HandRankDto,
    /// In split games, the low hand on that board, where it qualifies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub low_hand_rank: Option<HandRankDto>,
}
