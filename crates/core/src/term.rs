//! The terms of a request and the earlier items that the core's refusals
//! name, in the core's own words; the contract names them as its request
//! does (field names, JSON Pointers), so the core never words JSON.
//!
//! A refusal that names one is [`Worded`]: its sentence is written once,
//! and the [`Names`] handed to it fill in the terms and places. Its
//! `Display` is [`Worded::worded`] with [`Plain`], the core's words.

/// A term of a request a refusal speaks of: a field, or a value of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    ButtonRule,
    SmallBlindSeat,
    BigBlindSeat,
    ButtonSeat,
    /// How many players more one table may hold than another (§13.8).
    MaxDifference,
    /// How many players short a table halts at (§13.8).
    HaltDifference,
    /// A table that has not dealt yet (§13.9).
    FirstHand,
    RemovedDenomination,
    ColorUpTo,
    LoserBp,
    WinnerBp,
    TableBp,
    ProgressiveBp,
    PlayersLeft,
    /// A unit of money.
    Unit(Unit),
    /// Tied places settled by the house's order of equal stacks (§14.3).
    SeatOrder,
    TieBreak,
    /// The deal methods (§14.5).
    Icm,
    ChipChop,
    Equal,
    SetAside,
    /// An amount of chips.
    Amount(ChipAmount),
    HandNumber,
    /// The rake's rate, in basis points.
    PercentBp,
    PlayersDealt,
    /// The players dealt in from which a step of the cap ladder applies.
    MinPlayers,
    /// The player a cash-out names.
    AgentId,
}

impl Term {
    /// The core's own words for the term, as `Display` says them.
    pub fn word(self) -> &'static str {
        use Term as T;
        match self {
            T::ButtonRule => "the button rule",
            T::SmallBlindSeat => "the small blind's seat",
            T::BigBlindSeat => "the big blind's seat",
            T::ButtonSeat => "the button's seat",
            T::MaxDifference => "the balancing difference",
            T::HaltDifference => "the halting difference",
            T::FirstHand => "a first hand",
            T::RemovedDenomination => "the removed denomination",
            T::ColorUpTo => "the color-up denomination",
            T::LoserBp => "the loser's share",
            T::WinnerBp => "the winner's share",
            T::TableBp => "the table's share",
            T::ProgressiveBp => "the progressive share",
            T::PlayersLeft => "the count of players left",
            T::Unit(Unit::Chip) => "the chip unit",
            T::Unit(Unit::Bounty) => "the bounty unit",
            T::Unit(Unit::Prize) => "the prize unit",
            T::SeatOrder => "placing ties by seat",
            T::TieBreak => "tie break",
            T::Icm => "ICM",
            T::ChipChop => "a chip chop",
            T::Equal => "equal shares",
            T::SetAside => "the amount set aside",
            T::Amount(a) => match a {
                ChipAmount::Stack => "the stack",
                ChipAmount::Committed => "the committed chips",
                ChipAmount::Dead => "the dead chips",
                ChipAmount::DeadMoney => "the dead money",
                ChipAmount::JackpotAmount => "the jackpot drop",
                ChipAmount::MinPot => "the jackpot's minimum pot",
                ChipAmount::Cap => "the rake cap",
                ChipAmount::Pool => "the bad-beat pool",
            },
            T::HandNumber => "the hand number",
            T::PercentBp => "the rake rate",
            T::PlayersDealt => "the players dealt",
            T::MinPlayers => "the minimum players",
            T::AgentId => "agent id",
        }
    }
}

/// An amount of chips in a hand, a term the refusals of amounts name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChipAmount {
    Stack,
    Committed,
    Dead,
    DeadMoney,
    /// The jackpot drop's `amount`.
    JackpotAmount,
    MinPot,
    /// A rake cap, fixed or by players dealt.
    Cap,
    /// The bad-beat jackpot's fund (`badBeat.pool`).
    Pool,
}

/// A unit of money: the smallest amount of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Chip,
    Bounty,
    Prize,
}

/// An earlier item of the request a refusal points back to, by its index
/// (or indices) in the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Cash-out `.0`.
    CashOut(usize),
    /// Player `.0`.
    Player(usize),
    /// Player `.0`'s seat.
    PlayerSeat(usize),
    /// Player `.0`'s id.
    PlayerId(usize),
    /// Table `.0`'s id.
    TableId(usize),
    /// The seat of table `.0`'s player `.1`.
    TablePlayerSeat(usize, usize),
    /// The id of table `.0`'s player `.1`.
    TablePlayerId(usize, usize),
    /// The `minPlayers` of step `.0` of the rake's cap ladder.
    CapMinPlayers(usize),
}

impl Place {
    /// The core's own words for the place, as `Display` says them.
    pub fn word(self) -> String {
        match self {
            Place::CashOut(i) => format!("cash-out {i}"),
            Place::Player(i) => format!("player {i}"),
            Place::PlayerSeat(i) => format!("the seat of player {i}"),
            Place::PlayerId(i) => format!("the id of player {i}"),
            Place::TableId(t) => format!("the id of table {t}"),
            Place::TablePlayerSeat(t, p) => format!("the seat of player {p} at table {t}"),
            Place::TablePlayerId(t, p) => format!("the id of player {p} at table {t}"),
            Place::CapMinPlayers(s) => format!("step {s} of the cap ladder"),
        }
    }
}

/// How a refusal's words name the terms and places it speaks of.
pub trait Names {
    /// The name of `term`.
    fn term(&self, term: Term) -> &'static str;
    /// The name of `place`.
    fn place(&self, place: Place) -> String;
}

/// The core's own words ([`Term::word`], [`Place::word`]), which its
/// refusals' `Display` uses.
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

impl Names for Plain {
    fn term(&self, term: Term) -> &'static str {
        term.word()
    }
    fn place(&self, place: Place) -> String {
        place.word()
    }
}

/// A refusal whose words name terms or places of the request: one
/// sentence each, whoever names them.
pub trait Worded {
    /// The refusal in words, its terms and places named by `names`.
    fn worded(&self, names: &dyn Names) -> String;
}
