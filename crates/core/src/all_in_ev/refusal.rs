//! When an all-in expectation can be asked for (RULES.md §17.5): the
//! refusals, worded without the contract's field names, each with where
//! it lies.

/// What the checks read of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllInEvHand {
    /// The game is one the equity route enumerates (§10.1).
    pub game_allowed: bool,
    /// The board cards dealt when the betting ended, as asked.
    pub board_cards: u64,
    /// The board cards every board of the hand shares (a single board's
    /// whole length).
    pub shared_cards: usize,
    /// Live players who still had chips behind.
    pub live_not_all_in: usize,
}

/// Where a refusal lies: the request for the expectation, or its count
/// of board cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllInEvAt {
    Request,
    BoardCards,
}

/// Why an expectation cannot be counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AllInEvRefusal {
    #[error("the all-in expectation is counted only in the games whose equity is enumerated (RULES.md §10.1)")]
    Game,
    #[error("the betting ends before the flop (0), on the flop (3) or on the turn (4), not with {0} board cards")]
    BoardCards(u64),
    #[error("{board_cards} board cards were dealt when the betting ended, but the boards share only {shared}")]
    PastShared { board_cards: u64, shared: usize },
    #[error("{0} live players still had chips behind: the betting had not ended (RULES.md §17.1)")]
    BettingOpen(usize),
}

/// A refusal and where it lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllInEvProblem {
    pub at: AllInEvAt,
    pub refusal: AllInEvRefusal,
}

/// Every refusal of RULES.md §17.5, in the order listed there.
pub fn all_in_ev_problems(hand: &AllInEvHand) -> Vec<AllInEvProblem> {
    let mut out = Vec::new();
    let mut push = |at, refusal| out.push(AllInEvProblem { at, refusal });
    if !hand.game_allowed {
        push(AllInEvAt::Request, AllInEvRefusal::Game);
    }
    if !matches!(hand.board_cards, 0 | 3 | 4) {
        push(
            AllInEvAt::BoardCards,
            AllInEvRefusal::BoardCards(hand.board_cards),
        );
    } else if usize::try_from(hand.board_cards).is_ok_and(|k| k > hand.shared_cards) {
        push(
            AllInEvAt::BoardCards,
            AllInEvRefusal::PastShared {
                board_cards: hand.board_cards,
                shared: hand.shared_cards,
            },
        );
    }
    if hand.live_not_all_in >= 2 {
        push(
            AllInEvAt::Request,
            AllInEvRefusal::BettingOpen(hand.live_not_all_in),
        );
    }
    out
}
