//! The blinds a settled tournament hand may not give for the next hand
//! (RULES.md §13.8, the settle route's part): both or neither, only in a
//! button game, on two seats, the big blind's a player's with chips. Each
//! decided and worded once, here, with its place; the contract only turns
//! each [`NextHandAt`] into a pointer, and the tables route refuses blinds
//! on one seat in the same words.

use crate::seating_refusal::SeatingRefusal;

/// Where a next hand's refusal lies, by its name in API.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextHandAt {
    ButtonRule,
    SmallBlindSeat,
    BigBlindSeat,
}

/// Why the blinds of the next hand are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NextHandRefusal {
    #[error(
        "buttonRule needs smallBlindSeat and bigBlindSeat: send both, or leave buttonRule out"
    )]
    RuleWithoutBlinds,
    #[error(
        "bigBlindSeat is required with smallBlindSeat: the next hand needs both blinds of this one"
    )]
    NoBigBlind,
    #[error(
        "smallBlindSeat is required with bigBlindSeat: the next hand needs both blinds of this one"
    )]
    NoSmallBlind,
    /// A game without a button (`variant`), at `at`.
    #[error("{variant} has no button or blinds: leave {} out", if *at == NextHandAt::SmallBlindSeat { "smallBlindSeat" } else { "bigBlindSeat" })]
    NoButtonGame {
        variant: &'static str,
        at: NextHandAt,
    },
    /// Every seat's rule ([`SeatingRefusal::SeatZero`]), in its words.
    #[error("{}", SeatingRefusal::SeatZero)]
    SmallBlindSeatZero,
    #[error("bigBlindSeat {big} is also smallBlindSeat: the blinds are on two seats (heads-up, the small blind is the button's)")]
    BlindsOnOneSeat { big: u32 },
    #[error("bigBlindSeat {big} is not the seat of a player of the request who starts the hand with chips")]
    BigBlindWithoutChips { big: u32 },
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
