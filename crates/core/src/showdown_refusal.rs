//! The showdown's inputs a hand may not have (RULES.md §15.7): `shows` on
//! a folded player, a last aggressor who is not a live player, a run-out
//! while the betting was still open, each decided and worded once, here,
//! with its place. The contract only turns each [`ShowdownAt`] into a
//! pointer; the core's `showdown` refuses by the same functions. The
//! settings' closed sets (`muck`, `faceUp`, ...) are the contract's JSON
//! vocabulary; a live player without cards, and a stud hand whose up cards
//! cannot be read, are refusals of the cards (`cards_refusal`).

/// Where a showdown refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowdownAt {
    /// Player `.0`'s `shows`.
    Shows(usize),
    LastAggressor,
    RunOut,
}

/// Why a showdown's inputs are refused. The place names the player, so
/// no wording repeats an id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ShowdownRefusal {
    /// RULES.md §15.1: `shows` is a choice a live player makes.
    #[error("the player folded: a folded hand cannot be shown")]
    FoldedShows(usize),
    #[error("no player of the hand has this id: the last aggressor is a live player")]
    UnknownAggressor,
    #[error("the player folded: the last aggressor is a live player")]
    FoldedAggressor,
    /// RULES.md §15.1: cards are run out once at most one live player
    /// has chips behind; `.0` live players are not all in.
    #[error("{0} live players are not all in: the betting had not ended, so nothing was run out")]
    RunOut(usize),
}

impl ShowdownRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> ShowdownAt {
        match *self {
            ShowdownRefusal::FoldedShows(player) => ShowdownAt::Shows(player),
            ShowdownRefusal::UnknownAggressor | ShowdownRefusal::FoldedAggressor => {
                ShowdownAt::LastAggressor
            }
            ShowdownRefusal::RunOut(_) => ShowdownAt::RunOut,
        }
    }
}

/// Player `player`'s `shows`: a folded player has no hand to show.
pub fn shows_refusal(player: usize, folded: bool, shows: bool) -> Option<ShowdownRefusal> {
    (folded && shows).then_some(ShowdownRefusal::FoldedShows(player))
}

/// The last aggressor: `None` when it names no player of the hand, else
/// whether that player folded. Only a live player bet last.
pub fn last_aggressor_refusal(folded: Option<bool>) -> Option<ShowdownRefusal> {
    match folded {
        None => Some(ShowdownRefusal::UnknownAggressor),
        Some(true) => Some(ShowdownRefusal::FoldedAggressor),
        Some(false) => None,
    }
}

/// A run-out (`run_out`) with `not_all_in` live players not all in: with
/// two or more, the betting had not ended.
pub fn run_out_refusal(run_out: bool, not_all_in: usize) -> Option<ShowdownRefusal> {
    (run_out && not_all_in >= 2).then_some(ShowdownRefusal::RunOut(not_all_in))
}
