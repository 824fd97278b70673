//! What the rank-pattern walk asks of a game's hands (`pattern.rs` walks,
//! `high.rs` and `omaha.rs` score), kept apart so neither side imports
//! the other.

/// What the walk asks of a game: rank everyone on a multiset of board ranks
/// with no flush, then tally classes of runouts on it.
pub(crate) trait Scorer {
    /// Rank every player on the board whose rank part is in `key` and
    /// whose distinct ranks are `ranks` (bit 0 the deuce), as if no suit
    /// held a flush.
    fn rank(&mut self, key: u64, ranks: u16);

    /// Tally `weight` runouts of the ranked board on which no one can make
    /// a flush.
    fn plain(&mut self, weight: u64);

    /// Whether `player`, if alone in making a flush on the ranked board,
    /// wins the high with any flush: no one else's hand beats the lowest.
    fn flush_wins(&self, player: usize) -> bool;

    /// Tally `weight` runouts of the ranked board on which `player` alone
    /// makes a flush, and wins the high with it.
    fn flush_win(&mut self, player: usize, weight: u64);

    /// Tally `weight` runouts of the ranked board on which `suit` holds
    /// exactly the board ranks `suited`, and the players `flushers` make a
    /// flush in it.
    fn suited(&mut self, suit: usize, suited: u16, flushers: u16, weight: u64);
}

/// Bits set in each 13-bit rank mask: a look-up, as the default x86-64
/// target has no population-count instruction and the walk counts ranks
/// in its innermost loops.
static RANK_COUNT: [u8; 1 << 13] = {
    let mut t = [0; 1 << 13];
    let mut i = 0;
    while i < t.len() {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// How many ranks the 13-bit mask `m` holds.
#[inline(always)]
pub(crate) fn rank_count(m: u16) -> usize {
    usize::from(RANK_COUNT[usize::from(m) & 0x1FFF])
}
