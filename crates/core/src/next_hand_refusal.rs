//! The blinds a settled tournament hand may not give for the next hand
//! (RULES.md §13.8, the settle route's part): both or neither, only in a
//! button game, on two seats, the big blind's a player's with chips. Each
//! decided and worded once, here, with its place; the contract only turns
//! each [`NextHandAt`] into a pointer and names the seats as its request
//! does ([`Worded`]), and the tables route refuses blinds on one seat in
//! the same words.

use crate::seating_refusal::SeatingRefusal;
use crate::term::{Names, Plain, Term, Worded};

/// Where a next hand's refusal lies, by its name in API.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextHandAt {
    ButtonRule,
    SmallBlindSeat,
    BigBlindSeat,
}

impl NextHandAt {
    /// The term of the request the place is.
    pub fn term(self) -> Term {
        match self {
            NextHandAt::ButtonRule => Term::ButtonRule,
            NextHandAt::SmallBlindSeat => Term::SmallBlindSeat,
            NextHandAt::BigBlindSeat => Term::BigBlindSeat,
        }
    }
}

/// Why the blinds of the next hand are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NextHandRefusal {
    #[error("{}", self.worded(&Plain))]
    RuleWithoutBlinds,
    #[error("{}", self.worded(&Plain))]
    NoBigBlind,
    #[error("{}", self.worded(&Plain))]
    NoSmallBlind,
    /// A game without a button (`variant`), at `at`.
    #[error("{}", self.worded(&Plain))]
    NoButtonGame {
        variant: &'static str,
        at: NextHandAt,
    },
    /// Every seat's rule ([`SeatingRefusal::SeatZero`]), in its words.
    #[error("{}", SeatingRefusal::SeatZero)]
    SmallBlindSeatZero,
    #[error("{}", self.worded(&Plain))]
    BlindsOnOneSeat { big: u32 },
    #[error("{}", self.worded(&Plain))]
    BigBlindWithoutChips { big: u32 },
}

impl Worded for NextHandRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use NextHandRefusal as R;
        let (small, big) = (
            names.term(Term::SmallBlindSeat),
            names.term(Term::BigBlindSeat),
        );
        match *self {
            R::RuleWithoutBlinds => {
                let rule = names.term(Term::ButtonRule);
                format!("{rule} needs {small} and {big}: send both, or leave {rule} out")
            }
            R::NoBigBlind => required_with(big, small),
            R::NoSmallBlind => required_with(small, big),
            R::NoButtonGame { variant, at } => format!(
                "{variant} has no button or blinds: leave {} out",
                names.term(at.term())
            ),
            R::SmallBlindSeatZero => self.to_string(),
            R::BlindsOnOneSeat { big: seat } => format!(
                "{big} {seat} is also {small}: the blinds are on two seats (heads-up, the small blind is the button's)"
            ),
            R::BigBlindWithoutChips { big: seat } => format!(
                "{big} {seat} is not the seat of a player of the request who starts the hand with chips"
            ),
        }
    }
}

/// [`NextHandRefusal::NoBigBlind`] and [`NextHandRefusal::NoSmallBlind`]
/// in words: one sentence, `missing` and `given` named by the caller.
fn required_with(missing: &str, given: &str) -> String {
    format!("{missing} is required with {given}: the next hand needs both blinds of this one")
}

impl NextHandRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> NextHandAt {
        use NextHandRefusal as R;
        match self {
            R::RuleWithoutBlinds => NextHandAt::ButtonRule,
            R::NoSmallBlind | R::SmallBlindSeatZero => NextHandAt::SmallBlindSeat,
            R::NoButtonGame { at, .. } => *at,
            R::NoBigBlind | R::BlindsOnOneSeat { .. } | R::BigBlindWithoutChips { .. } => {
                NextHandAt::BigBlindSeat
            }
        }
    }
}

/// The blinds a hand gives for the next one (`small`, `big`), with a
/// `button_rule` or not, in the game `variant` (`button`: it has one;
/// `None` when unknown). `big_has_chips` tells whether a player of the hand
/// who starts it with chips sits on the big blind's seat. Every refusal
/// that applies; a missing blind or a game without a button ends the list.
pub fn next_hand_refusals(
    variant: Option<(&'static str, bool)>,
    small: Option<u32>,
    big: Option<u32>,
    button_rule: bool,
    big_has_chips: impl Fn(u32) -> bool,
) -> Vec<NextHandRefusal> {
    use NextHandRefusal as R;
    let (small, big) = match (small, big) {
        (None, None) if button_rule => return vec![R::RuleWithoutBlinds],
        (None, None) => return Vec::new(),
        (Some(_), None) => return vec![R::NoBigBlind],
        (None, Some(_)) => return vec![R::NoSmallBlind],
        (Some(small), Some(big)) => (small, big),
    };
    if let Some((variant, false)) = variant {
        let no_button = |at| R::NoButtonGame { variant, at };
        return vec![
            no_button(NextHandAt::SmallBlindSeat),
            no_button(NextHandAt::BigBlindSeat),
        ];
    }
    let mut out = Vec::new();
    if small == 0 {
        out.push(R::SmallBlindSeatZero);
    }
    if small == big {
        out.push(R::BlindsOnOneSeat { big });
    } else if !big_has_chips(big) {
        out.push(R::BigBlindWithoutChips { big });
    }
    out
}
