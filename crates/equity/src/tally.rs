//! Sharing pots on runouts: every class of runouts the enumeration finds is
//! tallied by who wins each pot, and the counts are turned into `S`, wins
//! and ties at the end, so no division happens per runout.

use crate::{Equity, PlayerEquity, PotEquity, PotMask, D, MAX_PLAYERS};

/// The players of a pot with the best value (0 is no hand: never best).
#[inline(always)]
fn best_set(values: &[u32; MAX_PLAYERS], pot: u16) -> u16 {
    let (mut best, mut set) = (0, 0);
    let mut m = pot;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let v = values[i];
        if v > best {
            best = v;
            set = 1 << i;
        } else if v == best && v != 0 {
            set |= 1 << i;
        }
    }
    set
}

/// Per pot: weighted runouts by the set of players who share the whole pot
/// (resolved into shares at the end), and per-player sums for runouts
/// split between a high and a low.
pub(crate) struct Tally {
    pots: Vec<u16>,
    /// Pot `p`'s count for the set `h` at `p << players + h`.
    by_winners: Vec<u64>,
    players: usize,
    /// Every player, as a set.
    everyone: u16,
    /// A single pot of every player (the usual equity quote).
    one_pot: bool,
    split: Vec<[PlayerEquity; MAX_PLAYERS]>,
}

impl Tally {
    pub(crate) fn new(n: usize, pots: &[PotMask]) -> Tally {
        Tally {
            pots: pots.iter().map(|p| p.0).collect(),
            by_winners: vec![0; pots.len() << n],
            players: n,
            everyone: PotMask::all(n).0,
            one_pot: pots.len() == 1 && pots[0] == PotMask::all(n),
            split: vec![[PlayerEquity::default(); MAX_PLAYERS]; pots.len()],
        }
    }

    /// The best of a pot: the best of all players who are in it, when some
    /// are (one pass for every pot that holds a best hand), else its own.
    #[inline(always)]
    fn best_in(values: &[u32; MAX_PLAYERS], best_of_all: u16, pot: u16) -> u16 {
        if best_of_all & pot != 0 {
            best_of_all & pot
        } else {
            best_set(values, pot)
        }
    }

    /// Tally `weight` runouts on which the players' high values (all
    /// above 0) are `values`.
    #[inline(always)]
    pub(crate) fn high(&mut self, values: &[u32; MAX_PLAYERS], weight: u64) {
        if self.one_pot {
            // Branch-free: the best value, then who holds it.
            let values = &values[..self.players];
            let best = values.iter().fold(0, |b, &v| b.max(v));
            let set =
                (values.iter().enumerate()).fold(0, |m, (i, &v)| m | usize::from(v == best) << i);
            self.by_winners[set] += weight;
        } else {
            self.high_given(values, best_set(values, self.everyone), weight);
        }
    }

    /// [`Tally::high`] given the set of players with the best value of all.
    #[inline(always)]
    fn high_given(&mut self, values: &[u32; MAX_PLAYERS], all: u16, weight: u64) {
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = Tally::best_in(values, all, pot);
            self.by_winners[(p << self.players) + h as usize] += weight;
        }
    }

    #[inline(always)]
    pub(crate) fn high_low(
        &mut self,
        high: &[u32; MAX_PLAYERS],
        low: &[u32; MAX_PLAYERS],
        weight: u64,
    ) {
        let (all_high, all_low) = (best_set(high, self.everyone), best_set(low, self.everyone));
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = Tally::best_in(high, all_high, pot);
            let l = if all_low == 0 {
                0 // no one has a low
            } else {
                Tally::best_in(low, all_low, pot)
            };
            if l == 0 {
                self.by_winners[(p << self.players) + h as usize] += weight;
                continue;
            }
            let hu = D / 2 / u64::from(h.count_ones());
            let lu = D / 2 / u64::from(l.count_ones());
            let mut m = h | l;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let units =
                    if h >> i & 1 == 1 { hu } else { 0 } + if l >> i & 1 == 1 { lu } else { 0 };
                let e = &mut self.split[p][i];
                e.share_units += units * weight;
                if units == D {
                    e.wins += weight;
                } else {
                    e.ties += weight;
                }
            }
        }
    }

    pub(crate) fn finish(self, runouts: u64) -> Equity {
        let n = self.players;
        let pots = self
            .pots
            .iter()
            .zip(self.by_winners.chunks(1 << n))
            .zip(self.split)
            .map(|((&pot, hist), split)| {
                let mut players = split[..n].to_vec();
                for (set, &count) in hist.iter().enumerate() {
                    if count == 0 {
                        continue;
                    }
                    let k = (set as u32).count_ones() as u64;
                    for (i, e) in players.iter_mut().enumerate() {
                        if set >> i & 1 == 1 {
                            e.share_units += count * (D / k);
                            if k == 1 {
                                e.wins += count;
                            } else {
                                e.ties += count;
                            }
                        }
                    }
                }
                PotEquity {
                    eligible: PotMask(pot),
                    players,
                }
            })
            .collect();
        Equity { runouts, pots }
    }
}

/// A heads-up result from the table (runouts won by player 0, won by
/// player 1, tied) shared into `pots` by the same tally a walk ends with,
/// so the answer is the walk's to the byte: each runout's set of winners is
/// `{0}`, `{1}` or both, and a pot takes its players among them, or its own
/// player when none of them is in it.
pub(crate) fn heads_up(counts: [u64; 3], pots: &[PotMask], runouts: u64) -> Equity {
    let mut tally = Tally::new(2, pots);
    for (p, &pot) in tally.pots.iter().enumerate() {
        for (set, &count) in (1u16..=3).zip(&counts) {
            // `Tally::best_in` with every player holding a hand: a pot of
            // one player not among the winners is that player's.
            let h = if set & pot != 0 { set & pot } else { pot };
            tally.by_winners[(p << 2) + h as usize] += count;
        }
    }
    tally.finish(runouts)
}
