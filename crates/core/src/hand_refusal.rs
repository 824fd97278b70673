//! The tables a hand may not be dealt at (API.md: fewer than two players,
//! or nobody live, is an impossible hand), each decided and worded once,
//! here: the contract only places each refusal at `/players`, and the
//! core's guard refuses by the same rules.

/// Why a hand's table is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandRefusal {
    #[error("a hand needs at least 2 players, got {0}")]
    TooFewPlayers(usize),
    #[error("no live player: every player folded")]
    NoLivePlayer,
}

/// The refusal of a hand of `players` players, `live` of them not folded.
/// Fewer than two players is the first refusal; nobody live is judged
/// only when there is somebody at all.
pub fn hand_refusals(players: usize, live: usize) -> Vec<HandRefusal> {
    let mut out = Vec::new();
    if players < 2 {
        out.push(HandRefusal::TooFewPlayers(players));
    }
    if players > 0 && live == 0 {
        out.push(HandRefusal::NoLivePlayer);
    }
    out
}
