//! Closed sets and card strings of the contract as OpenAPI schemas, for the
//! fields the DTOs keep as strings (so a bad value is a 422 with a pointer,
//! not a 400): written by hand because some values come from the cards
//! crate's tables, which utoipa's derive cannot read, and so one schema
//! serves every field that holds the same kind of value.

use showdown_cards::VariantId;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

/// A string schema with a description and, when the set is closed, its values.
fn string_schema<S: Into<serde_json::Value>>(
    description: &str,
    values: impl IntoIterator<Item = S>,
) -> RefOr<Schema> {
    let values: Vec<serde_json::Value> = values.into_iter().map(Into::into).collect();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values((!values.is_empty()).then_some(values))
        .into()
}

/// A named string schema of fixed values: `closed_set!(Name, "description",
/// ["a", "b"])` makes the type a DTO field names in `value_type`.
macro_rules! closed_set {
    ($(#[$doc:meta])* $name:ident, $description:expr, $values:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                string_schema($description, $values)
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

closed_set!(
    /// A variant id, one of those `GET /v1/variants` lists.
    VariantName,
    "A variant id, one of those `GET /v1/variants` lists.",
    VariantId::ALL.iter().map(|v| v.as_str())
);

closed_set!(
    /// A game whose equity is enumerated (RULES.md §10.1).
    EquityVariantName,
    "A board game with one board whose equity is enumerated exactly (RULES.md §10.1).",
    showdown_equity::GAMES.iter().map(|v| v.as_str())
);

closed_set!(
    /// Why a hand did not qualify for the bad-beat jackpot (RULES.md §11.5).
    BadBeatReasonName,
    "The first condition of RULES.md §11.3 that failed.",
    ["no-showdown", "too-few-players", "losing-hand-too-low", "hole-cards-do-not-play"]
);

closed_set!(
    /// Who a bad-beat payout is for (RULES.md §11.4).
    BadBeatRoleName,
    "`loser` (the best losing hand), `winner` (the best hand) or `table` (every other player).",
    ["loser", "winner", "table"]
);

closed_set!(
    /// The rulebook for stud odd chips.
    RulesName,
    "The rulebook for stud odd chips: `tda` (TDA 2013 Rule 19, the default) or `roberts` (Robert's Rules 3.7).",
    ["tda", "roberts"]
);

closed_set!(
    /// Who gets a halved pot's leftover units.
    HiLoOddChipsName,
    "Who gets the leftover units of a halved pot (RULES.md §4): `tda` (TDA 2013 Rule 19, the default: each half's own winners) or `high` (Bovada: every one to the high half's winners).",
    ["tda", "high"]
);

/// What the card parser (`showdown_cards::Card`'s `FromStr`) accepts: a
/// rank in upper case (`T` for ten, never `10`), then a suit in lower case.
pub const CARD_PATTERN: &str = "^[2-9TJQKA][cdhs]$";

/// One card as two characters.
pub struct CardName;

impl utoipa::PartialSchema for CardName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "A card: its rank (`2`-`9`, `T`, `J`, `Q`, `K`, `A`) then its suit (`s`, `h`, `d`, `c`); `Ah` is the ace of hearts, `Tc` the ten of clubs.",
            ))
            .pattern(Some(CARD_PATTERN))
            .examples(["Ah"])
            .into()
    }
}

impl utoipa::ToSchema for CardName {}

/// The most board cards a variant deals (`boardCards` of the variant
/// table); a longer board is refused whatever the variant.
const MAX_BOARD_CARDS: usize = 5;

/// The cards of one board.
pub struct BoardCards;

impl utoipa::PartialSchema for BoardCards {
    fn schema() -> RefOr<Schema> {
        use utoipa::ToSchema;
        ArrayBuilder::new()
            .items(Ref::from_schema_name(CardName::name()))
            .max_items(Some(MAX_BOARD_CARDS))
            .description(Some(
                "The cards of one board, in deal order: the variant's `boardCards` (5) at a showdown; a hand only one player is left in may have fewer.",
            ))
            .into()
    }
}

impl utoipa::ToSchema for BoardCards {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push((CardName::name().into(), CardName::schema()));
    }
}

closed_set!(
    /// `hand_complete`, the event's one type.
    EventType,
    "Always `hand_complete`.",
    ["hand_complete"]
);

closed_set!(
    /// How a hand ended (API.md `reason`).
    ReasonName,
    "`showdown`, or `uncontested` when one player was left in the hand.",
    ["showdown", "uncontested"]
);

closed_set!(
    /// The part of a pot a share or a board's winners took.
    HalfName,
    "`whole`, or `high` / `low` when the pot (or board share) was really halved between two hands.",
    ["whole", "high", "low"]
);

closed_set!(
    /// A variant's family (`GET /v1/variants`).
    FamilyName,
    "`board` (community cards), `stud` (no button, seven cards each) or `draw`.",
    ["board", "stud", "draw"]
);

/// A kind of hand ranking, as the variant table names it: the kinds the
/// table's variants use, so the list follows the table.
pub struct HandKindName;

impl utoipa::PartialSchema for HandKindName {
    fn schema() -> RefOr<Schema> {
        let mut kinds: Vec<&str> = Vec::new();
        for v in VariantId::ALL.iter().map(|id| id.variant()) {
            for k in std::iter::once(v.high).chain(v.low) {
                let id = hand_kind_id(k);
                if !kinds.contains(&id) {
                    kinds.push(id);
                }
            }
        }
        string_schema(
            "A kind of hand ranking: `high`, `short-deck-high`, `omaha-high`, `omaha-low-8`, `low-8` (ace-to-five with an 8-or-better qualifier), `ace-to-five-low`, `deuce-to-seven-low`, `badugi`, `badugi-ace-high`.",
            kinds,
        )
    }
}

impl utoipa::ToSchema for HandKindName {}

closed_set!(
    /// Where a chip race's deal starts.
    ConventionName,
    "`tda`: the deal starts at seat 1 (TDA 23); `standard`: at the small blind of the next hand (common chip-race practice).",
    ["tda", "standard"]
);

closed_set!(
    /// How the button moves between hands (RULES.md §13).
    ButtonRuleName,
    "`dead` (the default): the big blind moves one player, the button and small blind follow on seats, empty or not (TDA 31); `forward`: the button and blinds always on players (PokerStars, GGPoker).",
    ["dead", "forward"]
);

closed_set!(
    /// How equal stacks busted in one hand finish (RULES.md §14.3).
    TiedPlacesName,
    "`split` (the default, PokerStars): equal stacks share their places and the sum of their prizes; `seat` (GGPoker, Natural8): they finish in seat order after the button, one place each.",
    ["split", "seat"]
);

closed_set!(
    /// How a final-table deal divides the pool (RULES.md §14.5).
    DealMethodName,
    "`icm`: Malmuth–Harville, exact (2 to 20 players); `chipChop`: the last place's prize each, the rest by chips; `equal`: the pool over the players.",
    ["icm", "chipChop", "equal"]
);

closed_set!(
    /// Why a player got a colored-up chip in a chip race.
    AwardName,
    "`race-win`: one of the highest single cards; `not-raced-out`: the race took the player's last chips, so they get a chip anyway (TDA 23).",
    ["race-win", "not-raced-out"]
);

closed_set!(
    /// `/healthz` and `/readyz` say one word each.
    HealthStatus,
    "`ok` (from `/healthz`) or `ready` (from `/readyz`).",
    ["ok", "ready"]
);

/// The contract's name of a kind of hand.
pub fn hand_kind_id(k: showdown_cards::HandKind) -> &'static str {
    use showdown_cards::HandKind as K;
    match k {
        K::High => "high",
        K::ShortDeckHigh => "short-deck-high",
        K::OmahaHigh => "omaha-high",
        K::OmahaLow8 => "omaha-low-8",
        K::Low8 => "low-8",
        K::AceToFiveLow => "ace-to-five-low",
        K::DeuceToSevenLow => "deuce-to-seven-low",
        K::Badugi => "badugi",
        K::BadugiAceHigh => "badugi-ace-high",
    }
}

/// `places`: a pair `[from, to]` of places, 1 or more, as a tuple
/// (`prefixItems`), so a generated client types it `[number, number]`.
pub fn place_pair() -> utoipa::openapi::schema::Array {
    let place = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Int64,
            )))
            .minimum(Some(1))
    };
    ArrayBuilder::new()
        .prefix_items([place(), place()])
        .items(utoipa::openapi::schema::ArrayItems::False)
        .min_items(Some(2))
        .max_items(Some(2))
        .description(Some(
            "The places `[from, to]` the player finishes in (equal stacks share theirs); only with `tournament.playersLeft`.",
        ))
        .build()
}

/// `boardCards` of a cash-out: the board when the offer was taken, 0
/// (before the flop), 3 (the flop) or 4 (the turn).
pub fn cash_out_board_cards() -> utoipa::openapi::schema::Object {
    board_cards("Board cards dealt when the offer was taken: 0 (before the flop), 3 (the flop) or 4 (the turn).")
}

/// A count of board cards before the river: 0, 3 or 4.
fn board_cards(description: &str) -> utoipa::openapi::schema::Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some([0, 3, 4]))
        .description(Some(description))
        .build()
}

/// `allInEv.boardCards`: the board when the betting ended, 0 (before the
/// flop), 3 (the flop) or 4 (the turn).
pub fn all_in_board_cards() -> utoipa::openapi::schema::Object {
    board_cards("Board cards dealt when the betting ended: 0 (before the flop), 3 (the flop) or 4 (the turn), and no more than every board shares.")
}

/// An exact integer: a JSON number within ±(2^53 − 1), a decimal string
/// past it (API.md, "All-in expectation").
pub fn wide_integer() -> utoipa::openapi::Schema {
    use utoipa::openapi::schema::OneOfBuilder;
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(-9007199254740991i64))
                .maximum(Some(9007199254740991i64)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^-?[0-9]+$")),
        )
        .description(Some(
            "An exact integer: a number within ±(2^53 − 1), a decimal string past it.",
        ))
        .build()
        .into()
}

closed_set!(
    /// `showdown.muck` (RULES.md §15.1).
    ShowdownMuckName,
    "`losers` (the default: a hand that cannot beat or tie one already shown is mucked) or `none` (every live hand is shown: GGPoker, Winamax, iPoker).",
    ["losers", "none"]
);

closed_set!(
    /// `showdown.faceUp` (RULES.md §15.2).
    ShowdownFaceUpName,
    "When every live hand is turned up: `allIn` (the default, TDA 15: any live player all in), `bettingOver` (PokerStars, 888: at most one live player not all in) or `runOut` (Bovada, Full Tilt: only when `runOut` is true).",
    ["allIn", "bettingOver", "runOut"]
);

closed_set!(
    /// `showdown.order` and `showdown.faceUpOrder` (RULES.md §15.4).
    ShowdownOrderName,
    "`action` (the default, TDA 16: the last aggressor, else the first to act, then clockwise), `pots` (PokerStars: pot by pot from the last side pot) or `seat` (by rising seat number).",
    ["action", "pots", "seat"]
);

closed_set!(
    /// `showdown.audience` (RULES.md §15.6).
    ShowdownAudienceName,
    "`house` (the default: every hand in the answer) or `table` (an answer fit for every player at the table: no card and no rank of a mucked hand anywhere in it).",
    ["house", "table"]
);

closed_set!(
    /// Why a hand was shown or mucked (RULES.md §15.3, API.md `why`).
    ShowdownWhyName,
    "`allIn` (a face-up showdown; always with `cashOuts`, which are priced face up), `first` (shows first), `opens` (the first hand shown for a pot it contests), `contends` (beats or ties a hand shown), `chose` (shown although it could be mucked), `showAll` (`muck: none`), `badBeat` (a losing or winning hand the bad-beat jackpot pays, shown where it could be mucked: RULES.md §15.8), `beaten` (mucked) or `uncontested` (the one live player, not shown).",
    ["allIn", "first", "opens", "contends", "chose", "showAll", "badBeat", "beaten", "uncontested"]
);
