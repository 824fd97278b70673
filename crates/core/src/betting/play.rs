//! The hand in play: each player's chips and the round's state, as the
//! steps are applied one by one.

use super::action::{Act, BettingHand, Dealt, Forced, Step};
use super::end::End;
use super::verdict::{BettingError, BettingRefusal as R, Finding};
use showdown_cards::Card;

/// One player's place in the hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Player {
    /// Chips not yet put in.
    pub left: u64,
    /// Live chips in this round (antes and dead posts are not).
    pub round: u64,
    /// Live chips over the hand, antes included.
    pub committed: u64,
    /// Dead chips (a blind posted dead, a big-blind ante).
    pub dead: u64,
    /// The chips of the ante, kept to tell a big-blind ante.
    pub ante: u64,
    /// Posted the big blind.
    pub big_blind: bool,
    pub folded: bool,
    /// Has acted in this round (a forced post is not acting).
    pub acted: bool,
    /// The round's bet when the player last acted (re-opening).
    pub seen: u64,
    pub shown: bool,
    pub mucked: bool,
}

/// The hand as applied so far.
#[derive(Debug, Clone)]
pub(crate) struct Play<'a> {
    pub hand: &'a BettingHand,
    pub players: Vec<Player>,
    /// Player indices clockwise: from the first seat after the button in
    /// button games, by rising seat number in stud.
    pub order: Vec<usize>,
    /// Each player's place in `order`.
    pub pos: Vec<usize>,
    /// The betting round, 0 first.
    pub round: usize,
    /// The first round's opening blind or straddle, full amount.
    pub open: u64,
    /// The largest live blind so far: amount, kind and place.
    pub opener: Option<(u64, Forced, usize)>,
    /// The most any player has put in this round.
    pub high: u64,
    /// The largest full bet or raise of the round (TDA 41A).
    pub largest: u64,
    /// Fixed limit: bets and raises counted for the cap, and the level.
    pub raises: u32,
    pub level: u64,
    /// Stud: the level starts at the bring-in until the completion.
    pub bring_in: u64,
    /// The place in `order` the search for the next player starts after.
    pub cursor: usize,
    /// The last aggressor of this round.
    pub aggressor: Option<usize>,
    /// The round's end awaits the dealer's cards (or a draw).
    pub pending_deal: bool,
    pub end: Option<End>,
    pub board: Vec<Card>,
    /// Every card seen so far, by index.
    pub cards: u64,
    pub findings: Vec<Finding>,
}

fn err(step: Option<usize>, refusal: R) -> BettingError {
    BettingError { step, refusal }
}

impl<'a> Play<'a> {
    /// The hand before its first step, or why it cannot be played.
    pub fn new(hand: &'a BettingHand) -> Result<Play<'a>, BettingError> {
        let n = hand.seats.len();
        if hand.seats.iter().filter(|s| !s.sitting_out).count() < 2 {
            return Err(err(None, R::TooFewPlayers));
        }
        if hand.chip_unit == 0 {
            return Err(err(None, R::ZeroChipUnit));
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| hand.seats[p].seat);
        if let Some(w) = order
            .windows(2)
            .find(|w| hand.seats[w[0]].seat == hand.seats[w[1]].seat)
        {
            return Err(err(None, R::SeatTwice(hand.seats[w[0]].seat)));
        }
        if hand.game.has_button() {
            let button = hand.button.ok_or(err(None, R::ButtonRequired))?;
            let first = order
                .iter()
                .position(|&p| hand.seats[p].seat > button)
                .unwrap_or(0);
            order.rotate_left(first);
        }
        let mut pos = vec![0; n];
        for (i, &p) in order.iter().enumerate() {
            pos[p] = i;
        }
        let players = hand
            .seats
            .iter()
            .map(|s| Player {
                left: s.stack,
                // Never in the hand: skipped as a folded player is.
                folded: s.sitting_out,
                ..Player::default()
            })
            .collect();
        let mut play = Play {
            hand,
            players,
            order,
            pos,
            round: 0,
            open: 0,
            opener: None,
            high: 0,
            largest: 0,
            raises: 0,
            level: 0,
            bring_in: 0,
            cursor: n - 1,
            aggressor: None,
            pending_deal: false,
            end: None,
            board: Vec::new(),
            cards: 0,
            findings: Vec::new(),
        };
        // Stud: the player who brings in is the first to act (a posted
        // bring-in moves the search there as well).
        if !hand.game.has_button() {
            play.cursor = play.first_cursor();
        }
        Ok(play)
    }

    /// Applies step `i`: a refusal when it cannot be applied at all.
    pub fn step(&mut self, i: usize, step: &Step) -> Result<(), BettingError> {
        match step {
            Step::Deal { to, cards } => self.deal(i, *to, cards),
            Step::Act(a) => {
                if a.player >= self.players.len() {
                    return Err(err(Some(i), R::NotInHand { player: a.player }));
                }
                match a.act {
                    Act::Post {
                        forced,
                        amount,
                        dead,
                    } => self.post(i, a.player, (forced, amount, dead)),
                    Act::Draw => {
                        self.pending_deal = false;
                        Ok(())
                    }
                    Act::Show => {
                        self.players[a.player].shown = true;
                        Ok(())
                    }
                    Act::Muck => {
                        self.players[a.player].mucked = true;
                        Ok(())
                    }
                    _ => self.act(i, a),
                }
            }
        }
    }

    fn deal(&mut self, i: usize, to: Dealt, cards: &[Card]) -> Result<(), BettingError> {
        if let Dealt::Down(p) | Dealt::Up(p) = to {
            if p >= self.players.len() {
                return Err(err(Some(i), R::NotInHand { player: p }));
            }
        }
        for &c in cards {
            let bit = 1u64 << c.index();
            if self.cards & bit != 0 {
                return Err(err(Some(i), R::CardTwice(c)));
            }
            self.cards |= bit;
        }
        if to == Dealt::Board {
            self.board.extend_from_slice(cards);
        }
        self.pending_deal = false;
        Ok(())
    }

    /// A whole number of chip units, or the refusal.
    pub fn units(&self, i: usize, amount: u64) -> Result<(), BettingError> {
        let unit = self.hand.chip_unit;
        if !amount.is_multiple_of(unit) {
            return Err(err(Some(i), R::ChipUnit { amount, unit }));
        }
        Ok(())
    }

    /// Takes `amount` chips from player `p`'s stack.
    pub fn take(&mut self, i: usize, p: usize, amount: u64) -> Result<(), BettingError> {
        let pl = &mut self.players[p];
        if amount > pl.left {
            let refusal = R::OverStack {
                player: p,
                amount,
                left: pl.left,
            };
            return Err(err(Some(i), refusal));
        }
        pl.left -= amount;
        Ok(())
    }

    /// A forced bet of nominal size `amount`: a player short of it is
    /// all in for less, and a blind still opens at its full size.
    fn post(&mut self, i: usize, p: usize, post: (Forced, u64, bool)) -> Result<(), BettingError> {
        let (forced, amount, dead) = post;
        self.units(i, amount)?;
        if self.players[p].folded {
            return Err(err(Some(i), R::AfterFold { player: p }));
        }
        let paid = amount.min(self.players[p].left);
        self.take(i, p, paid)?;
        let pl = &mut self.players[p];
        if dead {
            pl.dead += paid;
            return Ok(());
        }
        pl.committed += paid;
        if forced == Forced::Ante {
            pl.ante += paid;
            return Ok(());
        }
        pl.round += paid;
        pl.big_blind |= forced == Forced::BigBlind;
        self.high = self.high.max(pl.round);
        match forced {
            // The bring-in is its poster's action (§16.4).
            Forced::BringIn => {
                self.bring_in = self.bring_in.max(paid);
                self.level = self.bring_in;
                pl.acted = true;
                pl.seen = self.bring_in;
                self.cursor = self.pos[p];
            }
            // A straddle's size is what it put in (§16.3).
            Forced::Straddle => self.open_blind(p, forced, paid),
            _ => self.open_blind(p, forced, amount),
        }
        Ok(())
    }

    /// A live blind or straddle: the largest opens the first round, and
    /// its poster's seat is where the first round's search starts after.
    fn open_blind(&mut self, p: usize, forced: Forced, amount: u64) {
        let at = self.pos[p];
        let better = match self.opener {
            None => true,
            Some((a, f, q)) => (amount, forced) > (a, f) || ((amount, forced) == (a, f) && at < q),
        };
        if better {
            self.opener = Some((amount, forced, at));
            self.cursor = at;
        }
        let above = amount > self.open;
        self.open = self.open.max(amount);
        self.largest = self.open;
        match self.unit() {
            // Fixed limit: a straddle is a raise (§16.3), one all in for
            // less a raise by the half-unit rule like any other all-in.
            Some(unit) if forced == Forced::Straddle => {
                if amount >= self.level.saturating_add(unit) {
                    self.level = amount;
                    self.raises += 1;
                } else if amount.saturating_sub(self.level).saturating_mul(2) >= unit {
                    self.level = self.level.saturating_add(unit);
                    self.raises += 1;
                }
            }
            // The big blind is the first bet (toward fixed limit's cap).
            _ => {
                self.level = self.open;
                if forced != Forced::SmallBlind && above {
                    self.raises += 1;
                }
            }
        }
    }

    /// Stud's third street before anything is bet: the player to act
    /// brings in, or completes at once (§16.3).
    pub fn bring_in_due(&self) -> bool {
        self.hand.bring_in > 0
            && matches!(self.hand.game, super::structure::Game::Stud { .. })
            && self.round == 0
            && self.bring_in == 0
            && self.raises == 0
            && self.high == 0
    }

    /// The place before player `p`, so that `p` is the next searched.
    pub fn before(&self, p: usize) -> usize {
        (self.pos[p] + self.order.len() - 1) % self.order.len()
    }
}
