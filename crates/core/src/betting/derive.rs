//! The settle inputs the actions give (RULES.md §16.5), as plain values.

use super::end::End;
use super::play::Play;
use showdown_cards::Card;

/// What §2 to §15 settle, derived from the hand as played (by player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Derived {
    /// Live chips over the hand: antes, blinds, straddles, bets.
    pub committed: Vec<u64>,
    /// Dead chips: blinds posted dead, an ante only the big blind posts.
    pub dead: Vec<u64>,
    /// Folded, or mucked at the showdown.
    pub folded: Vec<bool>,
    /// The board cards in the order dealt.
    pub board: Vec<Card>,
    /// The last aggressor of the round the betting ended in (§15.1).
    pub last_aggressor: Option<usize>,
    /// The rest of the cards were run out (§16.4).
    pub run_out: bool,
    /// Who chose to show (§15.3 decides who had to).
    pub shows: Vec<bool>,
    /// How the betting ended.
    pub end: End,
}

impl Play<'_> {
    /// The settle inputs, `None` while the hand is still in progress.
    pub fn derived(&self) -> Option<Derived> {
        let end = self.end?;
        let mut committed: Vec<u64> = self.players.iter().map(|p| p.committed).collect();
        let mut dead: Vec<u64> = self.players.iter().map(|p| p.dead).collect();
        let mut anted = self.players.iter().enumerate().filter(|(_, p)| p.ante > 0);
        if let (Some((p, pl)), None) = (anted.next(), anted.next()) {
            if pl.big_blind {
                committed[p] -= pl.ante;
                dead[p] += pl.ante;
            }
        }
        Some(Derived {
            committed,
            dead,
            // A muck at the showdown folds a hand; the one player left of
            // an uncontested hand has no showdown, and mucking there is
            // only not showing (PokerStars records it so).
            folded: self
                .players
                .iter()
                .map(|p| p.folded || (p.mucked && !matches!(end, End::Uncontested { .. })))
                .collect(),
            board: self.board.clone(),
            last_aggressor: self.aggressor,
            run_out: end.run_out(),
            shows: self.players.iter().map(|p| p.shown).collect(),
            end,
        })
    }
}
