//! DESIGN.md: the core never words JSON. Each refusal says which term,
//! player or item it speaks of, and its `Display` names them in the
//! core's own words ([`Plain`]); the contract names them as the request
//! does. Representative values of every refusal that names one, and of
//! those that name none.

use showdown_core::prize::PrizeError;
use showdown_core::{AllInEvRefusal, DealError};
use showdown_core::{
    BadBeatRefusal, CardsRefusal, CashOutRefusal, ChipAmount, ChipRaceRefusal, ChipsRefusal,
    DealRefusal, EchoRefusal, HandForHandRefusal, HandRefusal, Names, NextHandAt, NextHandRefusal,
    Place, Plain, PrizeTableRefusal, RaceChips, RakeRefusal, SeatField, SeatingRefusal,
    ShowdownRefusal, TablesIdRefusal, TablesRefusal, Term, TournamentRefusal, Unit, Worded,
};
use std::fmt::Display;

/// A refusal worded by its caller's names, with the core's own `Display`.
trait Refusal: Worded + Display {}
impl<R: Worded + Display> Refusal for R {}

/// Every refusal that names a term or a place, each variant at least once.
// One list of values, one step: long, not complex (clippy.toml).
#[allow(clippy::too_many_lines)]
fn named() -> Vec<Box<dyn Refusal>> {
    vec![
        Box::new(NextHandRefusal::RuleWithoutBlinds),
        Box::new(NextHandRefusal::NoBigBlind),
        Box::new(NextHandRefusal::NoSmallBlind),
        Box::new(NextHandRefusal::NoButtonGame {
            variant: "razz",
            at: NextHandAt::SmallBlindSeat,
        }),
        Box::new(NextHandRefusal::NoButtonGame {
            variant: "razz",
            at: NextHandAt::BigBlindSeat,
        }),
        Box::new(NextHandRefusal::SmallBlindSeatZero),
        Box::new(NextHandRefusal::BlindsOnOneSeat { big: 3 }),
        Box::new(NextHandRefusal::BigBlindWithoutChips { big: 3 }),
        Box::new(TablesRefusal::MaxDifferenceZero),
        Box::new(TablesRefusal::HaltNotAbove { halt: 1, max: 2 }),
        Box::new(TablesRefusal::TooManyTables(1001)),
        Box::new(TablesRefusal::TooManyPlayers(10001)),
        Box::new(TablesRefusal::NoPlayers),
        Box::new(TablesRefusal::SeatsOutside {
            table: 1,
            seats: 30,
        }),
        Box::new(TablesRefusal::SeatOutside {
            table: 1,
            field: SeatField::SmallBlind,
            seat: 9,
            seats: 6,
        }),
        Box::new(TablesRefusal::SeatOutside {
            table: 1,
            field: SeatField::BigBlind,
            seat: 9,
            seats: 6,
        }),
        Box::new(TablesRefusal::SeatOutside {
            table: 1,
            field: SeatField::Button,
            seat: 9,
            seats: 6,
        }),
        Box::new(TablesRefusal::ForwardNeedsButton { table: 1 }),
        Box::new(TablesRefusal::BlindsOnOneSeat { table: 1, big: 2 }),
        Box::new(TablesRefusal::BlindWithFirstHand {
            table: 1,
            field: SeatField::SmallBlind,
        }),
        Box::new(TablesRefusal::BlindWithFirstHand {
            table: 1,
            field: SeatField::BigBlind,
        }),
        Box::new(TablesRefusal::FirstHandNeedsButton { table: 1 }),
        Box::new(TablesRefusal::ButtonHasNoPlayer { table: 1, seat: 4 }),
        Box::new(TablesRefusal::PlayerSeatOutside {
            table: 1,
            player: 2,
            seat: 9,
            seats: 6,
        }),
        Box::new(TablesRefusal::SeatTakenTwice {
            table: 1,
            player: 2,
            seat: 3,
            first: 0,
        }),
        Box::new(TablesIdRefusal::TableTwice {
            table: 2,
            id: "t".into(),
            first: 1,
        }),
        Box::new(TablesIdRefusal::PlayerTwice {
            table: 2,
            player: 3,
            id: "p".into(),
            first: (0, 1),
        }),
        Box::new(ChipRaceRefusal::NoPlayers),
        Box::new(ChipRaceRefusal::RemovedZero),
        Box::new(ChipRaceRefusal::RemovedTooLarge(1 << 60)),
        Box::new(ChipRaceRefusal::NotLarger {
            removed: 5,
            color_up_to: 5,
        }),
        Box::new(ChipRaceRefusal::NotAMultiple {
            removed: 5,
            color_up_to: 12,
        }),
        Box::new(ChipRaceRefusal::SmallBlindMissing),
        Box::new(ChipRaceRefusal::SmallBlindNotUsed { named: true }),
        Box::new(ChipRaceRefusal::SmallBlindNotUsed { named: false }),
        Box::new(ChipRaceRefusal::SmallBlindSeatZero),
        Box::new(ChipRaceRefusal::ChipsTooLarge {
            player: 1,
            field: RaceChips::Leftover,
            value: 1 << 60,
        }),
        Box::new(ChipRaceRefusal::ValueTooLarge { player: 1 }),
        Box::new(ChipRaceRefusal::SeedAndCards { player: 1 }),
        Box::new(ChipRaceRefusal::CardCount {
            player: 1,
            leftover: 3,
            raced: 3,
            ratio: 5,
            got: 2,
        }),
        Box::new(ChipRaceRefusal::NoCards {
            player: 1,
            raced: 3,
        }),
        Box::new(ChipRaceRefusal::TooManyCards { needed: 60 }),
        Box::new(BadBeatRefusal::Game(showdown_cards::VariantId::Razz)),
        Box::new(BadBeatRefusal::Shares(12000)),
        Box::new(BadBeatRefusal::PlayersDealt {
            players: 3,
            dealt: 2,
        }),
        Box::new(BadBeatRefusal::MinPlayersDealt(1 << 40)),
        Box::new(TournamentRefusal::Progressive(20000)),
        Box::new(TournamentRefusal::LiveWithoutChips),
        Box::new(TournamentRefusal::TooFewWithChips(1)),
        Box::new(TournamentRefusal::PlayersLeftTooLarge(1 << 60)),
        Box::new(TournamentRefusal::PlayersLeftBelow {
            players_left: 1,
            with_chips: 3,
        }),
        Box::new(TournamentRefusal::BountyNotMultiple { bounty: 5, unit: 2 }),
        Box::new(TournamentRefusal::BountyTotal),
        Box::new(HandRefusal::TooFewPlayers(1)),
        Box::new(HandRefusal::NoLivePlayer),
        Box::new(HandRefusal::FoldedUncalled {
            player: 1,
            committed: 50,
        }),
        Box::new(HandRefusal::ButtonRequired("holdem")),
        Box::new(HandRefusal::NoButton("razz")),
        Box::new(HandRefusal::ButtonSeatZero),
        Box::new(PrizeTableRefusal::TooManyPlaces(10001)),
        Box::new(PrizeTableRefusal::NotMultiple { prize: 5, unit: 2 }),
        Box::new(PrizeTableRefusal::Rising {
            prize: 5,
            place: 2,
            before: 3,
        }),
        Box::new(PrizeTableRefusal::Total),
        Box::new(HandForHandRefusal::NoBusts),
        Box::new(HandForHandRefusal::TooManyBusts(10001)),
        Box::new(HandForHandRefusal::PlayersLeftTooLarge(1 << 60)),
        Box::new(HandForHandRefusal::PlayersLeftNotAbove {
            players_left: 3,
            busts: 3,
        }),
        Box::new(HandForHandRefusal::NoChips(1)),
        Box::new(HandForHandRefusal::Stack {
            player: 1,
            refusal: ChipsRefusal::TooLarge(ChipAmount::Stack, 1 << 60),
        }),
        Box::new(HandForHandRefusal::NoTieBreak(1)),
        Box::new(HandForHandRefusal::TieBreakTwice {
            player: 2,
            tie_break: 4,
            first: 1,
        }),
        Box::new(DealRefusal::TooFewPlayers(1)),
        Box::new(DealRefusal::TooManyForIcm(21)),
        Box::new(DealRefusal::TooManyPlayers {
            got: 10001,
            max: 10000,
        }),
        Box::new(DealRefusal::NoChips(1)),
        Box::new(DealRefusal::Stack {
            index: 1,
            refusal: ChipsRefusal::TooLarge(ChipAmount::Stack, 1 << 60),
        }),
        Box::new(DealRefusal::StacksTotal(1 << 60)),
        Box::new(DealRefusal::MorePrizesThanPlayers {
            prizes: 4,
            players: 3,
        }),
        Box::new(DealRefusal::SetAsideNotMultiple { aside: 5, unit: 2 }),
        Box::new(DealRefusal::SetAsideTooLarge {
            aside: 5,
            first: 10,
            second: 8,
        }),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::Stack, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::Committed, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::Dead, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::DeadMoney, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::JackpotAmount, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::MinPot, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::Cap, 1 << 60)),
        Box::new(ChipsRefusal::TooLarge(ChipAmount::Pool, 1 << 60)),
        Box::new(ChipsRefusal::NotMultiple(ChipAmount::Stack, 5, 2)),
        Box::new(ChipsRefusal::NotMultiple(ChipAmount::DeadMoney, 5, 2)),
        Box::new(ChipsRefusal::NotMultiple(ChipAmount::MinPot, 5, 2)),
        Box::new(ChipsRefusal::UnitZero(Unit::Chip)),
        Box::new(ChipsRefusal::UnitZero(Unit::Bounty)),
        Box::new(ChipsRefusal::UnitZero(Unit::Prize)),
        Box::new(ChipsRefusal::UnitTooLarge(Unit::Chip, 1 << 60)),
        Box::new(ChipsRefusal::UnitTooLarge(Unit::Bounty, 1 << 60)),
        Box::new(ChipsRefusal::UnitTooLarge(Unit::Prize, 1 << 60)),
        Box::new(ChipsRefusal::HandTotal),
        Box::new(ChipsRefusal::OverStack {
            committed: 5,
            dead: 2,
            stack: 6,
        }),
        Box::new(EchoRefusal::HandNumber(1 << 60)),
        Box::new(EchoRefusal::Seed(1 << 60)),
        Box::new(RakeRefusal::PercentBp(20000)),
        Box::new(RakeRefusal::PlayersDealt {
            dealt: 2,
            players: 3,
        }),
        Box::new(RakeRefusal::CapTwice {
            step: 2,
            min_players: 3,
            first: 1,
        }),
        Box::new(SeatingRefusal::SeatZero),
        Box::new(SeatingRefusal::DuplicateSeat { seat: 3, first: 1 }),
        Box::new(SeatingRefusal::EmptyId),
        Box::new(SeatingRefusal::DuplicateId {
            id: "a".into(),
            first: 1,
        }),
        Box::new(CashOutRefusal::Game),
        Box::new(CashOutRefusal::SeveralBoards(2)),
        Box::new(CashOutRefusal::BoardCards(5)),
        Box::new(CashOutRefusal::UnknownPlayer),
        Box::new(CashOutRefusal::NotLive),
        Box::new(CashOutRefusal::NoShowdown),
        Box::new(CashOutRefusal::FeeBp(20000)),
        Box::new(CashOutRefusal::LiveWithoutCards),
        Box::new(CashOutRefusal::ListedTwice { first: 1 }),
        Box::new(DealError::Refused(DealRefusal::SetAsideNotMultiple {
            aside: 5,
            unit: 2,
        })),
        Box::new(DealError::Prizes(PrizeError::Unit(ChipsRefusal::UnitZero(
            Unit::Prize,
        )))),
        Box::new(PrizeError::Table(PrizeTableRefusal::NotMultiple {
            prize: 5,
            unit: 2,
        })),
    ]
}

/// Refusals that name no term: their words are the core's alone.
fn unnamed() -> Vec<Box<dyn Display>> {
    vec![
        Box::new(CardsRefusal::BoardAndBoards),
        Box::new(CardsRefusal::BoardsWithoutBoard("razz")),
        Box::new(CardsRefusal::NoBoards),
        Box::new(CardsRefusal::TooManyBoards(70)),
        Box::new(CardsRefusal::LiveWithoutCards { player: 0 }),
        Box::new(ShowdownRefusal::FoldedShows(0)),
        Box::new(ShowdownRefusal::UnknownAggressor),
        Box::new(ShowdownRefusal::FoldedAggressor),
        Box::new(ShowdownRefusal::RunOut(2)),
        Box::new(AllInEvRefusal::Game),
        Box::new(AllInEvRefusal::BoardCards(5)),
        Box::new(AllInEvRefusal::PastShared {
            board_cards: 4,
            shared: 3,
        }),
        Box::new(AllInEvRefusal::BettingOpen(2)),
    ]
}

/// Why `words` speaks JSON, if it does: a camelCase word (lower-case
/// first, a capital after) or a JSON Pointer into a list (`/players/0`).
fn json_in(words: &str) -> Option<&'static str> {
    // A field name starts lower-case; a name such as JavaScript does not.
    let camel = words.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        w.starts_with(|c: char| c.is_ascii_lowercase())
            && w.contains(|c: char| c.is_ascii_uppercase())
    });
    let pointer = words
        .split('/')
        .skip(1)
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| {
            !w[0].is_empty()
                && w[0].bytes().all(|c| c.is_ascii_alphabetic())
                && w[1].starts_with(|c: char| c.is_ascii_digit() || c == '{')
        });
    match (camel, pointer) {
        (true, _) => Some("a camelCase word"),
        (_, true) => Some("a JSON Pointer"),
        _ => None,
    }
}

#[test]
fn no_refusal_of_the_core_words_a_json_field_or_pointer() {
    for r in named() {
        let words = r.to_string();
        assert_eq!(json_in(&words), None, "{words}");
        assert_eq!(r.worded(&Plain), words, "Display is the plain wording");
    }
    for r in unnamed() {
        let words = r.to_string();
        assert_eq!(json_in(&words), None, "{words}");
    }
}

/// The caller's names, marked, so a test sees where they go.
struct Marked;

impl Names for Marked {
    fn term(&self, term: Term) -> &'static str {
        assert!(json_in(term.word()).is_none(), "{term:?}");
        "<term>"
    }
    fn place(&self, place: Place) -> String {
        format!("<{}>", place.word())
    }
}

/// A refusal takes the caller's names for the terms and places it
/// speaks of, and keeps its own sentence around them.
#[test]
fn a_refusal_takes_the_callers_names() {
    assert_eq!(
        CashOutRefusal::ListedTwice { first: 1 }.worded(&Marked),
        "the player already cashed out at <cash-out 1>"
    );
    assert_eq!(
        HandRefusal::ButtonRequired("holdem").worded(&Marked),
        "holdem is a button game: <term> is required"
    );
    assert_eq!(
        NextHandRefusal::NoBigBlind.worded(&Marked),
        "<term> is required with <term>: the next hand needs both blinds of this one"
    );
    let r = NextHandRefusal::SmallBlindSeatZero;
    assert_eq!(r.worded(&Marked), SeatingRefusal::SeatZero.to_string());
}

/// A JSON Pointer and a camelCase word are both caught.
#[test]
fn json_is_caught() {
    assert!(json_in("first at /players/0/seat").is_some());
    assert!(json_in("leave smallBlindSeat out").is_some());
    assert!(json_in("first at player 0 (POST /v1/draw), 2^53 - 1, JavaScript").is_none());
}
