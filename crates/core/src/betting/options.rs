//! What a player may do (RULES.md §16.3) and the next action (§16.7).

use super::end::End;
use super::play::Play;
use super::structure::Structure;

/// A call: to a round total of `to`, all of the stack when `all_in`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    pub to: u64,
    pub all_in: bool,
}

/// What a bet or raise is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggression {
    Bet,
    Raise,
    /// Stud: the first full bet over a bring-in.
    Complete,
}

/// A bet or raise to a round total from `min` to `max`, both allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raise {
    pub kind: Aggression,
    pub min: u64,
    pub max: u64,
    /// RULES.md §16.3, nobody to call: the most any other player still in
    /// the hand can put in, allowed in place of `min` when it is below it.
    pub match_all: Option<u64>,
}

/// What the player to act may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Always open (folding when a check is open stands, TDA 50).
    pub fold: bool,
    /// Not facing a bet.
    pub check: bool,
    /// Facing a bet.
    pub call: Option<Call>,
    /// `None` when capped, not re-opened or no chips past the call.
    pub raise: Option<Raise>,
    /// The betting round, 0 first.
    pub round: usize,
    /// The chips the player already has in this round.
    pub has: u64,
    /// The round total if the player puts in every chip.
    pub all_in: u64,
    /// Every chip in the middle: this round's bets and dead money included.
    pub pot: u64,
    /// Stud's third street before anything is bet: the bring-in the
    /// player may post (at most the stack) instead of completing; with
    /// it, neither a fold nor a check is open.
    pub bring_in: Option<u64>,
}

/// Who is to act next, or why nobody is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    Act {
        player: usize,
        options: Options,
    },
    /// The round is over: the cards (or the draw) of round `round` next.
    Deal {
        round: usize,
    },
    /// The hand is over (a run-out, the showdown, or one player left).
    Over(End),
}

impl Play<'_> {
    /// The next action of the hand as applied so far.
    pub fn next(&self) -> Next {
        if let Some(end) = self.end {
            return Next::Over(end);
        }
        if self.pending_deal {
            return Next::Deal { round: self.round };
        }
        match self.to_act() {
            Some(player) => Next::Act {
                player,
                options: self.options(player),
            },
            None => Next::Deal {
                round: self.round + 1,
            },
        }
    }

    /// What player `p` may do now.
    pub fn options(&self, p: usize) -> Options {
        let pl = &self.players[p];
        let total = pl.round + pl.left;
        let facing = self.facing(p);
        let to = self.to_call(p).min(total);
        let bring_in = self.bring_in_due().then(|| self.hand.bring_in.min(total));
        Options {
            fold: bring_in.is_none(),
            check: !facing && bring_in.is_none(),
            call: facing.then_some(Call {
                to,
                all_in: to == total,
            }),
            raise: self.raise_range(p),
            round: self.round,
            has: pl.round,
            all_in: total,
            pot: u64::try_from(self.middle()).unwrap_or(u64::MAX),
            bring_in,
        }
    }

    /// Every chip in the middle, as the pot limit counts it.
    fn middle(&self) -> u128 {
        self.players
            .iter()
            .map(|q| u128::from(q.committed) + u128::from(q.dead))
            .sum()
    }

    /// Fixed limit: the round's cap holds and is reached.
    pub fn capped(&self) -> bool {
        match self.hand.structure {
            Structure::FixedLimit(l) => {
                self.raises >= l.cap && (l.cap_heads_up || self.live_count() > 2)
            }
            _ => false,
        }
    }

    /// Whether `p` may raise by TDA 41B: not yet acted, or the bet has
    /// risen by a full raise (half a unit in fixed limit) since.
    pub fn reopened(&self, p: usize) -> bool {
        let pl = &self.players[p];
        if !pl.acted {
            return true;
        }
        let rise = self.bet().saturating_sub(pl.seen);
        match self.unit() {
            Some(unit) => rise.saturating_mul(2) >= unit,
            None => rise >= self.full_raise(),
        }
    }

    /// The fixed-limit unit of this round.
    pub fn unit(&self) -> Option<u64> {
        self.hand.structure.unit(self.hand.game, self.round)
    }

    /// A full raise in a big-bet game: the largest bet or raise of the
    /// round, never less than the minimum bet.
    pub fn full_raise(&self) -> u64 {
        self.largest.max(self.hand.structure.min_bet().unwrap_or(0))
    }

    /// Stud's first round before the completion: the level is the bring-in.
    pub fn completing(&self) -> bool {
        self.bring_in > 0 && self.raises == 0
    }

    /// The fixed-limit total of the next bet or raise.
    pub fn exact(&self, unit: u64) -> u64 {
        match self.hand.structure {
            Structure::FixedLimit(l) if self.completing() => l.small_bet,
            _ => self.level.saturating_add(unit),
        }
    }

    /// The pot-limit maximum for `p`: the bet plus the pot after the call.
    pub fn pot_max(&self, p: usize) -> u64 {
        let middle = self.middle();
        let bet = u128::from(self.bet());
        let owed = bet - u128::from(self.players[p].round.min(self.bet()));
        u64::try_from(bet + middle + owed).unwrap_or(u64::MAX)
    }

    /// The smallest total a bet or raise must reach by its size rule (the
    /// nobody-to-call total and an all-in aside).
    pub fn size_min(&self, p: usize) -> u64 {
        if let Some(unit) = self.unit() {
            return self.exact(unit);
        }
        let bet = self.bet();
        let min = if bet == 0 {
            self.full_raise()
        } else {
            bet.saturating_add(self.full_raise())
        };
        match self.hand.structure {
            Structure::PotLimit { .. } => min.min(self.pot_max(p)),
            _ => min,
        }
    }

    /// The largest total by the size rule.
    pub fn size_max(&self, p: usize) -> u64 {
        match self.hand.structure {
            Structure::FixedLimit(_) => self.size_min(p),
            Structure::PotLimit { .. } => self.pot_max(p),
            Structure::NoLimit { .. } => u64::MAX,
        }
    }

    /// The bet or raise `p` may make, if any.
    fn raise_range(&self, p: usize) -> Option<Raise> {
        let pl = &self.players[p];
        let total = pl.round + pl.left;
        let call = self.to_call(p);
        if total <= call || !self.others_can_act(p) || self.capped() || !self.reopened(p) {
            return None;
        }
        let min = self.size_min(p).min(total);
        let cover = self.cover(p);
        let match_all = (cover > call && cover < min).then_some(cover);
        let max = self.size_max(p).min(total).max(min);
        let kind = if self.completing() || self.bring_in_due() {
            Aggression::Complete
        } else if self.bet() == 0 {
            Aggression::Bet
        } else {
            Aggression::Raise
        };
        Some(Raise {
            kind,
            min,
            max,
            match_all,
        })
    }
}
