//! Each betting action read by its amount, checked against the rules
//! (§16.3, §16.6: one code, the first that applies) and applied.

use super::action::{Act, Action};
use super::play::Play;
use super::structure::Structure;
use super::verdict::{BettingError, BettingRefusal as R, Code, Finding};

/// What an action is, read by the situation and its amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Read {
    Fold,
    Check,
    Call,
    UnderCall,
    Raise,
}

fn err(step: usize, refusal: R) -> BettingError {
    BettingError {
        step: Some(step),
        refusal,
    }
}

impl Play<'_> {
    /// Judges and applies the betting action `a` at step `i`.
    pub fn act(&mut self, i: usize, a: &Action) -> Result<(), BettingError> {
        let p = a.player;
        let pl = &self.players[p];
        if pl.folded {
            return Err(err(i, R::AfterFold { player: p }));
        }
        if pl.left == 0 {
            return Err(err(i, R::AfterAllIn { player: p }));
        }
        let has = pl.round;
        let to = match a.act.to() {
            Some(to) => {
                self.units(i, to)?;
                if to < has {
                    return Err(err(i, R::TakesBack { player: p, to, has }));
                }
                to
            }
            None => has,
        };
        self.settle_state();
        let read = self.read(p, a.act, to);
        if let Some(code) = self.code(p, read, to) {
            self.findings.push(Finding {
                step: i,
                player: p,
                code,
            });
        }
        self.apply(i, p, read, to)?;
        self.settle_state();
        Ok(())
    }

    fn read(&self, p: usize, act: Act, to: u64) -> Read {
        let pl = &self.players[p];
        let call = self.to_call(p);
        match act {
            Act::Fold => Read::Fold,
            Act::Check => Read::Check,
            _ if to == pl.round => Read::Check,
            _ if to < call && to - pl.round == pl.left => Read::Call,
            _ if to < call => Read::UnderCall,
            _ if to == call => Read::Call,
            // The full blind called when nobody else could put in more.
            Act::Call { .. } if !self.others_can_act(p) && to <= self.bet() => Read::Call,
            _ => Read::Raise,
        }
    }

    /// The finding for the action, if any, in the order of §16.6.
    fn code(&self, p: usize, read: Read, to: u64) -> Option<Code> {
        if self.end.is_some() {
            return Some(Code::BettingOver);
        }
        if self.to_act() != Some(p) {
            return Some(Code::OutOfTurn);
        }
        // The bring-in is forced: its player posts it or completes.
        if self.bring_in_due() && matches!(read, Read::Fold | Read::Check) {
            return Some(Code::BringInNotPosted);
        }
        match read {
            Read::Fold | Read::Call => None,
            Read::Check => self.facing(p).then_some(Code::CheckFacingBet),
            Read::UnderCall => Some(Code::UnderCall),
            Read::Raise => self.raise_code(p, to),
        }
    }

    fn raise_code(&self, p: usize, to: u64) -> Option<Code> {
        if self.capped() {
            return Some(Code::OverCap);
        }
        if !self.others_can_act(p) || !self.reopened(p) {
            return Some(Code::NotReopened);
        }
        let pl = &self.players[p];
        let all_in = to - pl.round == pl.left;
        let cover = self.cover(p);
        // §16.3, nobody to call: exactly what the others can match.
        let covered = cover > self.to_call(p) && to == cover;
        let (min, max) = (self.size_min(p), self.size_max(p));
        let short = to < min && !all_in && !covered;
        match self.hand.structure {
            Structure::FixedLimit(_) => (to > max || short).then_some(Code::LimitSize),
            _ if short && self.bet() == 0 => Some(Code::UnderBet),
            _ if short => Some(Code::UnderRaise),
            Structure::PotLimit { .. } if to > max => Some(Code::OverPot),
            _ => None,
        }
    }

    fn apply(&mut self, i: usize, p: usize, read: Read, to: u64) -> Result<(), BettingError> {
        let has = self.players[p].round;
        self.take(i, p, to - has)?;
        let ended = self.end.is_some();
        if read == Read::Raise && !ended {
            self.raised(p, to);
        }
        let pl = &mut self.players[p];
        pl.round = to;
        pl.committed = pl
            .committed
            .checked_add(to - has)
            .ok_or(err(i, R::Overflow))?;
        pl.acted = true;
        if read == Read::Fold {
            pl.folded = true;
            // Bets only: an ante is no bet, and a big blind's ante for the
            // table is no bet left uncalled (§16.5: dead money).
            let bets = |q: &super::play::Player| q.committed.saturating_sub(q.ante);
            let mine = bets(pl);
            let others = (0..self.players.len())
                .filter(|&q| q != p)
                .map(|q| bets(&self.players[q]))
                .max();
            if others.is_some_and(|o| mine > o) {
                return Err(err(i, R::FoldedUncalled { player: p }));
            }
        }
        self.high = self.high.max(to);
        self.players[p].seen = self.bet();
        self.cursor = self.pos[p];
        self.pending_deal = false;
        Ok(())
    }

    /// The round's bookkeeping for a bet or raise by `p` to `to`.
    fn raised(&mut self, p: usize, to: u64) {
        let bet = self.bet();
        match self.unit() {
            // Stud: the completion, to one small bet, is the first bet; an
            // all-in short of it completes from half a unit above the
            // bring-in, like any all-in raise (§16.3).
            Some(unit) if self.completing() => {
                if to.saturating_sub(self.level).saturating_mul(2) >= unit {
                    self.level = self.exact(unit);
                    self.raises = 1;
                    if to.saturating_sub(self.level).saturating_mul(2) >= unit {
                        self.level = self.level.saturating_add(unit);
                        self.raises += 1;
                    }
                }
            }
            Some(unit) => {
                if to.saturating_sub(self.level).saturating_mul(2) >= unit {
                    self.level = self.level.saturating_add(unit);
                    self.raises += 1;
                }
            }
            None => {
                let inc = to.saturating_sub(bet);
                if to >= self.size_min(p) {
                    self.largest = self.largest.max(inc);
                }
            }
        }
        self.aggressor = Some(p);
    }
}
