//! The bad-beat jackpots a request may not ask for (RULES.md §11.5): the
//! game, the shares, and the counts of players dealt in, each decided and
//! worded once, here, with its place. The contract only turns each
//! [`BadBeatAt`] into a pointer and names the shares ([`Worded`]);
//! [`crate::bad_beat`] refuses by the same
//! rules. The pool is an amount like any other (`chips_refusal`).

use crate::term::{Names, Plain, Term, Worded};
use showdown_cards::VariantId;

/// Where a bad-beat refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadBeatAt {
    /// The terms as a whole (`badBeat`).
    Terms,
    PlayersDealt,
    MinPlayersDealt,
}

/// Why a bad-beat jackpot is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BadBeatRefusal {
    /// RULES.md §11.1: the games whose hands the jackpot judges.
    #[error(
        "the bad-beat jackpot is judged in holdem, short-deck, omaha, omaha-5 and omaha-6, not {0}"
    )]
    Game(VariantId),
    /// The three parts are shares of one pool.
    #[error("{}", self.worded(&Plain))]
    Shares(u64),
    #[error(
        "players dealt must be from {players} (the players in the hand) to {}, got {dealt}",
        u32::MAX
    )]
    PlayersDealt { players: u64, dealt: u64 },
    #[error("at most {}", u32::MAX)]
    MinPlayersDealt(u64),
}

impl Worded for BadBeatRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        match *self {
            BadBeatRefusal::Shares(total) => format!(
                "{}, {} and {} add up to {total} basis points, over 10000",
                names.term(Term::LoserBp),
                names.term(Term::WinnerBp),
                names.term(Term::TableBp)
            ),
            BadBeatRefusal::Game(_)
            | BadBeatRefusal::PlayersDealt { .. }
            | BadBeatRefusal::MinPlayersDealt(_) => self.to_string(),
        }
    }
}

impl BadBeatRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> BadBeatAt {
        match self {
            BadBeatRefusal::Game(_) | BadBeatRefusal::Shares(_) => BadBeatAt::Terms,
            BadBeatRefusal::PlayersDealt { .. } => BadBeatAt::PlayersDealt,
            BadBeatRefusal::MinPlayersDealt(_) => BadBeatAt::MinPlayersDealt,
        }
    }
}

/// The games of RULES.md §11.1.
pub fn bad_beat_game(variant: VariantId) -> bool {
    use VariantId as V;
    matches!(
        variant,
        V::Holdem | V::ShortDeck | V::Omaha | V::Omaha5 | V::Omaha6
    )
}

/// The terms of a jackpot for a hand of `players` players: the game
/// (`None` when unknown), the loser's, winner's and table's shares in
/// basis points, and the counts of players dealt in. Every refusal that
/// applies, in that order.
pub fn bad_beat_refusals(
    variant: Option<VariantId>,
    shares: [u64; 3],
    players: u64,
    players_dealt: Option<u64>,
    min_players_dealt: Option<u64>,
) -> Vec<BadBeatRefusal> {
    let mut out = Vec::new();
    if let Some(v) = variant.filter(|&v| !bad_beat_game(v)) {
        out.push(BadBeatRefusal::Game(v));
    }
    let total = shares.iter().fold(0u64, |a, &b| a.saturating_add(b));
    if total > 10_000 {
        out.push(BadBeatRefusal::Shares(total));
    }
    let most = u64::from(u32::MAX);
    if let Some(dealt) = players_dealt.filter(|&d| d < players || d > most) {
        out.push(BadBeatRefusal::PlayersDealt { players, dealt });
    }
    if let Some(m) = min_players_dealt.filter(|&m| m > most) {
        out.push(BadBeatRefusal::MinPlayersDealt(m));
    }
    out
}
