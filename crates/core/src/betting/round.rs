//! The end of a round and of the hand (RULES.md §16.4).

use super::end::End;
use super::play::Play;

impl Play<'_> {
    /// Ends the hand, or the round, when nobody is left to act in it.
    pub fn settle_state(&mut self) {
        if self.end.is_some() {
            return;
        }
        if self.live_count() == 1 {
            let winner = (0..self.players.len()).find(|&p| self.live(p));
            self.end = winner.map(|winner| End::Uncontested { winner });
            return;
        }
        if self.to_act().is_some() {
            return;
        }
        let with_chips = (0..self.players.len()).filter(|&p| self.can_act(p)).count();
        let last = self.round + 1 >= self.hand.game.rounds();
        if last {
            self.end = Some(End::Showdown);
        } else if with_chips <= 1 {
            self.end = Some(End::RunOut { round: self.round });
        } else {
            self.next_round();
        }
    }

    /// The next round: nobody has acted or put anything in.
    fn next_round(&mut self) {
        self.round += 1;
        for pl in &mut self.players {
            pl.round = 0;
            pl.acted = false;
            pl.seen = 0;
        }
        self.open = 0;
        self.high = 0;
        self.largest = 0;
        self.raises = 0;
        self.level = 0;
        self.bring_in = 0;
        self.aggressor = None;
        self.cursor = self.first_cursor();
        self.pending_deal = true;
    }

    /// Where a round's search for the first player starts after: the
    /// button in button games; in stud, before the best hand showing (on
    /// third street, before the player who brings in).
    pub(super) fn first_cursor(&self) -> usize {
        let n = self.order.len();
        if self.hand.game.has_button() {
            return n - 1;
        }
        let best = self.hand.showing.as_ref().and_then(|s| {
            let row = s.get(self.round)?;
            (0..self.players.len())
                .filter(|&p| self.live(p))
                .max_by_key(|&p| {
                    (
                        row.get(p).copied().unwrap_or(0),
                        std::cmp::Reverse(self.pos[p]),
                    )
                })
        });
        best.map_or(n - 1, |p| self.before(p))
    }
}
