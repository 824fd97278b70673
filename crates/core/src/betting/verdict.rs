//! The verdict on a hand's betting: the findings (§16.6) and what cannot
//! be applied at all (the refusals).

use std::fmt;

/// What an action broke, in the order of priority: when several apply to
/// one action, the first of this order is its finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// A betting action after the betting was over (§16.4).
    BettingOver,
    /// Not the player to act (TDA 37).
    OutOfTurn,
    /// A check facing a bet (§16.3).
    CheckFacingBet,
    /// A call of less than owed by a player who is not all in (TDA 37).
    UnderCall,
    /// Stud: a fold or a check by the player who brings in, before the
    /// forced bring-in is posted or completed (§16.3, §16.7).
    BringInNotPosted,
    /// A fixed-limit raise at the cap (TDA 45).
    OverCap,
    /// A raise by a player the betting was not re-opened to (TDA 41B).
    NotReopened,
    /// A bet below the minimum (TDA 41A).
    UnderBet,
    /// A raise below the minimum (TDA 41A).
    UnderRaise,
    /// A pot-limit bet or raise above the pot (TDA 47).
    OverPot,
    /// A fixed-limit bet or raise that is not one unit (§16.3).
    LimitSize,
}

impl Code {
    /// The code's name in the API's words.
    pub fn name(self) -> &'static str {
        match self {
            Code::BettingOver => "bettingOver",
            Code::OutOfTurn => "outOfTurn",
            Code::CheckFacingBet => "checkFacingBet",
            Code::UnderCall => "underCall",
            Code::BringInNotPosted => "bringInNotPosted",
            Code::OverCap => "overCap",
            Code::NotReopened => "notReopened",
            Code::UnderBet => "underBet",
            Code::UnderRaise => "underRaise",
            Code::OverPot => "overPot",
            Code::LimitSize => "limitSize",
        }
    }

    /// The rule it breaks: a TDA rule or a §16 item.
    pub fn rule(self) -> &'static str {
        match self {
            Code::BettingOver => "§16.4",
            Code::OutOfTurn | Code::UnderCall => "TDA 37",
            Code::CheckFacingBet | Code::BringInNotPosted | Code::LimitSize => "§16.3",
            Code::OverCap => "TDA 45",
            Code::NotReopened => "TDA 41B",
            Code::UnderBet | Code::UnderRaise => "TDA 41A",
            Code::OverPot => "TDA 47",
        }
    }

    /// One sentence saying what went wrong.
    pub fn sentence(self) -> &'static str {
        match self {
            Code::BettingOver => "the betting was already over",
            Code::OutOfTurn => "another player was to act",
            Code::CheckFacingBet => "a check while facing a bet",
            Code::UnderCall => "a call of less than owed, not all in",
            Code::BringInNotPosted => "a fold or a check before the forced bring-in was posted",
            Code::OverCap => "a raise once the round was capped",
            Code::NotReopened => "a raise the betting was not re-opened for",
            Code::UnderBet => "a bet below the minimum bet",
            Code::UnderRaise => "a raise below the minimum raise",
            Code::OverPot => "a bet or raise above the pot",
            Code::LimitSize => "a fixed-limit bet or raise not of one unit",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.name(), self.rule(), self.sentence())
    }
}

/// One action that broke a rule: `step` indexes [`super::BettingHand::steps`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finding {
    pub step: usize,
    pub player: usize,
    pub code: Code,
}

/// The verdict: every finding in the order of the steps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    pub findings: Vec<Finding>,
}

impl Verdict {
    /// No action broke a rule.
    pub fn legal(&self) -> bool {
        self.findings.is_empty()
    }
}

/// A step that cannot be applied at all (a 422 with the step's place).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BettingRefusal {
    #[error("player {player} is not in the hand")]
    NotInHand { player: usize },
    #[error("player {player} acts after folding")]
    AfterFold { player: usize },
    #[error("player {player} acts after going all in")]
    AfterAllIn { player: usize },
    #[error("player {player} puts in {amount} chips with {left} left")]
    OverStack {
        player: usize,
        amount: u64,
        left: u64,
    },
    #[error("{amount} is not a whole number of chip units of {unit}")]
    ChipUnit { amount: u64, unit: u64 },
    #[error("the card {0} is dealt twice")]
    CardTwice(showdown_cards::Card),
    #[error("player {player} folds holding the largest bet, which nobody matched")]
    FoldedUncalled { player: usize },
    #[error("the round total {to} is below the {has} player {player} already has in")]
    TakesBack { player: usize, to: u64, has: u64 },
    #[error("the hand has not ended")]
    NotEnded,
    #[error("a hand needs two players or more dealt in")]
    TooFewPlayers,
    #[error("seat number {0} is taken twice")]
    SeatTwice(u32),
    #[error("a game with a button needs its seat")]
    ButtonRequired,
    #[error("the chip unit must be 1 or more")]
    ZeroChipUnit,
    #[error("the chips in the hand overflow")]
    Overflow,
}

/// A refusal and the step it is at (`None`: the hand's setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{refusal}")]
pub struct BettingError {
    pub step: Option<usize>,
    pub refusal: BettingRefusal,
}
