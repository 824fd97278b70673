//! How the betting of a hand ended (RULES.md §16.4), apart from the play
//! that decides it, so the state and its end import in one direction.

/// How the hand's betting ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// One player left: `winner` takes the pot unseen.
    Uncontested { winner: usize },
    /// The last round's betting is over: the showdown.
    Showdown,
    /// At most one player with chips, facing no bet, in round `round`
    /// (not the last): the rest of the cards are dealt, nobody acts.
    RunOut { round: usize },
}

impl End {
    /// Whether the rest of the cards are run out (§15.1 `runOut`).
    pub fn run_out(self) -> bool {
        matches!(self, End::RunOut { .. })
    }
}
