//! Who acts (RULES.md §16.2): clockwise from the opener's seat in the
//! first round of button games, from the button after; folded and all-in
//! players are skipped.

use super::play::Play;

impl Play<'_> {
    /// Still in the hand: not folded.
    pub fn live(&self, p: usize) -> bool {
        !self.players[p].folded
    }

    /// Still in the hand and with chips to bet.
    pub fn can_act(&self, p: usize) -> bool {
        self.live(p) && self.players[p].left > 0
    }

    /// Players still in the hand.
    pub fn live_count(&self) -> usize {
        (0..self.players.len()).filter(|&p| self.live(p)).count()
    }

    /// Whether some other player still in the hand has chips left.
    pub fn others_can_act(&self, p: usize) -> bool {
        (0..self.players.len()).any(|q| q != p && self.can_act(q))
    }

    /// The round's bet: the most put in, or the opening blind's full size
    /// in the first round (§16.3).
    pub fn bet(&self) -> u64 {
        self.high.max(self.open)
    }

    /// The round total player `p` must reach to call: the bet, or the
    /// most anyone put in when nobody else could put in more.
    pub fn to_call(&self, p: usize) -> u64 {
        if self.others_can_act(p) {
            self.bet()
        } else {
            self.high
        }
    }

    /// Facing a bet: the call is above what `p` has in.
    pub fn facing(&self, p: usize) -> bool {
        self.to_call(p) > self.players[p].round
    }

    /// The most any other player still in the hand could have in this
    /// round: their round total and all they have left.
    pub fn cover(&self, p: usize) -> u64 {
        (0..self.players.len())
            .filter(|&q| q != p && self.live(q))
            .map(|q| self.players[q].round.saturating_add(self.players[q].left))
            .max()
            .unwrap_or(0)
    }

    /// Whether `p` has yet to act in this round.
    pub fn needs_to_act(&self, p: usize) -> bool {
        if !self.can_act(p) {
            return false;
        }
        if self.facing(p) {
            return true;
        }
        !self.players[p].acted && self.others_can_act(p)
    }

    /// The next player to act, clockwise after the cursor.
    pub fn to_act(&self) -> Option<usize> {
        if self.end.is_some() {
            return None;
        }
        let n = self.order.len();
        (1..=n)
            .map(|k| self.order[(self.cursor + k) % n])
            .find(|&p| self.needs_to_act(p))
    }
}
