//! The enumeration by rank pattern: runouts are counted, not dealt.
//!
//! A runout's value to every player depends on the ranks it deals and, only
//! when someone can make a flush, on the suit that holds three or more of
//! the final board. So the walk visits each multiset of dealt ranks once
//! (weighted by the ways to pick its cards from the deck), ranks every
//! player on it as if no suit held a flush, and then, for each suit in
//! which someone may flush, each set of those ranks dealt in that suit,
//! weighted by the ways to deal the rest in other suits. Those suited
//! classes are exact and disjoint: a flush in hold'em or Omaha needs three
//! of the suit on the five-card board, which at most one suit can have.
//! What they leave of the multiset's runouts is dealt with no flush for
//! anyone, and shares one tally.
//!
//! Heads-up hold'em before the flop visits 6,175 rank multisets and a few
//! tens of thousands of suited classes for 1,712,304 runouts.

use showdown_cards::eval::hooks::{card_key, empty_key};
use showdown_cards::Card;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use crate::high::{self, HighScorer};
use crate::omaha::{self, OmahaScorer};
use crate::scorer::{rank_count, Scorer};
use crate::tally::Tally;
use crate::{Equity, Game, PotMask, Spot, MAX_PLAYERS};

/// `C(n, k)` for the ways to pick `k` of a rank's `n` undealt cards.
const BINOM: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Bit 32 and above of a key count suits; below, ranks.
const RANK_PART: u64 = 0xFFFF_FFFF;

/// Most ranks a runout deals (a preflop board).
const MOST_DEALT: usize = 5;

/// A multiset of dealt ranks as the suited classes need it.
struct Dealt {
    /// Per rank (0 the deuce), how many of it are dealt.
    counts: [u8; 13],
    /// The distinct dealt ranks, as a mask.
    ranks: u16,
}

/// The multiset dealt so far besides its ranks ([`Dealt`]): its key and
/// the ways to pick its cards, carried down the walk by value.
#[derive(Clone, Copy)]
struct Picked {
    key: u64,
    ways: u64,
}

/// How a rank's `c` dealt cards may fall with respect to one suit that has
/// an undealt card of that rank: none of them in it, or one.
#[derive(Clone, Copy, Default)]
struct Split {
    outside: u64,
    inside: u64,
}

/// The deck and the known board, as the walk reads them.
struct Deck<'s> {
    /// Per rank (0 the deuce), how many undealt cards it has.
    count: [u8; 13],
    /// Per rank, its part of a key (the rank multiplier only).
    rank_key: [u64; 13],
    /// Per rank and count dealt: the ways to deal them ([`BINOM`]), and
    /// their [`Split`] about a suit the rank has undealt.
    ways: [[u64; 5]; 13],
    split: [[Split; 5]; 13],
    /// Per suit, the ranks with an undealt card in it.
    in_suit: [u16; 4],
    /// Per suit, the known board's ranks in it, and how many.
    board_suited: [u16; 4],
    board_count: [usize; 4],
    /// The known board's distinct ranks.
    board_ranks: u16,
    /// Per suit and count of it on the final board, the players who then
    /// make a flush in it (none below three).
    flushers: [[u16; 6]; 4],
    /// Per suit, the fewest dealt cards of it that make someone a flush
    /// (more than five: no one can).
    need: [usize; 4],
    /// Raised by the caller that no longer wants the answer: every
    /// multiset after it is counted, not ranked.
    stop: &'s AtomicBool,
}

impl<'s> Deck<'s> {
    fn new(spot: &Spot, board: &[Card], flushers: [[u16; 6]; 4], stop: &'s AtomicBool) -> Deck<'s> {
        let mut d = Deck {
            count: [0; 13],
            rank_key: [0; 13],
            ways: [[0; 5]; 13],
            split: [[Split::default(); 5]; 13],
            in_suit: [0; 4],
            board_suited: [0; 4],
            board_count: [0; 4],
            board_ranks: 0,
            flushers,
            need: [MOST_DEALT + 1; 4],
            stop,
        };
        for &i in &spot.deck {
            d.in_suit[usize::from(i & 3)] |= 1 << (i >> 2);
            d.count[usize::from(i >> 2)] += 1;
        }
        for r in 0..13 {
            d.rank_key[r] = card_key(Card::from_index(4 * r as u8)) & RANK_PART;
            let n = usize::from(d.count[r]);
            for c in 0..=n {
                d.ways[r][c] = BINOM[n][c];
                if n > 0 && c > 0 {
                    d.split[r][c] = Split {
                        outside: BINOM[n - 1][c],
                        inside: BINOM[n - 1][c - 1],
                    };
                }
            }
        }
        for c in board {
            let i = c.index();
            d.board_suited[usize::from(i & 3)] |= 1 << (i >> 2);
            d.board_count[usize::from(i & 3)] += 1;
            d.board_ranks |= 1 << (i >> 2);
        }
        for s in 0..4 {
            let on_board = d.board_count[s];
            if let Some(k) = (0..=5 - on_board).find(|&k| d.flushers[s][on_board + k] != 0) {
                d.need[s] = k;
            }
        }
        d
    }

    /// Deal `left` more ranks, each below `below`, onto the multiset so far
    /// (`dealt`, `picked`); every complete one goes to [`Deck::board`]. The
    /// runouts visited.
    fn deal<S: Scorer>(
        &self,
        scorer: &mut S,
        below: usize,
        left: usize,
        picked: Picked,
        dealt: &mut Dealt,
    ) -> u64 {
        if left == 0 {
            return self.board(scorer, picked, dealt);
        }
        let mut runouts = 0;
        for r in (0..below).rev() {
            let n = usize::from(self.count[r]);
            for c in 1..=n.min(left) {
                dealt.counts[r] = c as u8;
                dealt.ranks |= 1 << r;
                let more = Picked {
                    key: picked.key + c as u64 * self.rank_key[r],
                    ways: picked.ways * self.ways[r][c],
                };
                runouts += self.deal(scorer, r, left - c, more, dealt);
            }
            dealt.counts[r] = 0;
            dealt.ranks &= !(1 << r);
        }
        runouts
    }

    /// One multiset of dealt ranks and its `ways` runouts: rank it, tally
    /// its suited classes, then the rest as runouts without a flush. Once
    /// stopped, only counted: a relaxed load per multiset (hundreds of
    /// runouts each before the flop) is all the flag costs.
    fn board<S: Scorer>(&self, scorer: &mut S, picked: Picked, dealt: &Dealt) -> u64 {
        let Picked { key, ways } = picked;
        if self.stop.load(Relaxed) {
            return ways;
        }
        scorer.rank(key, self.board_ranks | dealt.ranks);
        let mut suited = 0;
        for s in 0..4 {
            let candidates = dealt.ranks & self.in_suit[s];
            if rank_count(candidates) >= self.need[s] {
                suited += self.suited_classes(scorer, s, candidates, dealt);
            }
        }
        debug_assert!(suited <= ways);
        if ways > suited {
            scorer.plain(ways - suited);
        }
        ways
    }

    /// Tally every class of runouts of `dealt` in which suit `s` (undealt
    /// in the ranks `candidates`) holds enough of the board for someone to
    /// flush; their runouts.
    ///
    /// Who flushes depends only on how many dealt ranks fall in the suit,
    /// so the runouts with `k` of them (a coefficient of the product, over
    /// the dealt ranks, of `outside + inside · x`) are tallied at once when
    /// one player flushes and any flush wins; otherwise each set of `k`
    /// suited ranks is tallied on its own.
    fn suited_classes<S: Scorer>(
        &self,
        scorer: &mut S,
        s: usize,
        candidates: u16,
        dealt: &Dealt,
    ) -> u64 {
        let mut by_count = [0u64; MOST_DEALT + 1];
        by_count[0] = 1;
        let mut degree = 0;
        let mut m = dealt.ranks;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = usize::from(dealt.counts[r]);
            if candidates >> r & 1 == 1 {
                let f = self.split[r][c];
                for k in (0..=degree).rev() {
                    by_count[k + 1] += by_count[k] * f.inside;
                    by_count[k] *= f.outside;
                }
                degree += 1;
            } else {
                let w = self.ways[r][c];
                by_count[..=degree].iter_mut().for_each(|x| *x *= w);
            }
        }
        let mut runouts = 0;
        for (k, &weight) in by_count
            .iter()
            .enumerate()
            .take(degree + 1)
            .skip(self.need[s])
        {
            let flushers = self.flushers[s][self.board_count[s] + k];
            if weight == 0 {
                continue;
            }
            runouts += weight;
            let p = flushers.trailing_zeros() as usize;
            if flushers == 1 << p && scorer.flush_wins(p) {
                scorer.flush_win(p, weight);
            } else {
                self.each_suited_set(scorer, s, candidates, k, dealt);
            }
        }
        runouts
    }

    /// Tally, one by one, the sets of `k` of the `candidates` ranks that
    /// suit `s` may hold, each weighted by the ways to deal it.
    fn each_suited_set<S: Scorer>(
        &self,
        scorer: &mut S,
        s: usize,
        candidates: u16,
        k: usize,
        dealt: &Dealt,
    ) {
        let flushers = self.flushers[s][self.board_count[s] + k];
        let mut sub = candidates;
        loop {
            if rank_count(sub) == k {
                let mut ways = 1;
                let mut m = dealt.ranks;
                while m != 0 {
                    let r = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let c = usize::from(dealt.counts[r]);
                    ways *= match (sub >> r & 1 == 1, candidates >> r & 1 == 1) {
                        (true, _) => self.split[r][c].inside,
                        (false, true) => self.split[r][c].outside,
                        (false, false) => self.ways[r][c],
                    };
                }
                if ways != 0 {
                    scorer.suited(s, self.board_suited[s] | sub, flushers, ways);
                }
            }
            if sub == 0 {
                return;
            }
            sub = (sub - 1) & candidates;
        }
    }
}

/// Per suit and count of it on the five-card board, the players who then
/// make a flush: five of the suit between board and hole in hold'em, three
/// on the board and two in the hole in Omaha. Either needs three on the
/// board, which only one suit can have, so the suited classes of different
/// suits never share a runout.
fn flushers(game: Game, hands: &[&[Card]]) -> [[u16; 6]; 4] {
    let mut f = [[0; 6]; 4];
    for (p, h) in hands.iter().enumerate() {
        let mut held = [0usize; 4];
        for c in *h {
            held[usize::from(c.index() & 3)] += 1;
        }
        for (s, by_count) in f.iter_mut().enumerate() {
            for (count, players) in by_count.iter_mut().enumerate() {
                let flush = match game {
                    Game::Holdem | Game::ShortDeck => count + held[s] >= 5,
                    Game::Omaha | Game::OmahaHiLo => count >= 3 && held[s] >= 2,
                };
                *players |= u16::from(flush) << p;
            }
        }
    }
    f
}

/// Enumerate a checked spot; `None` when `stop` was raised on the way.
pub(crate) fn run(
    spot: &Spot,
    hands: &[&[Card]],
    board: &[Card],
    pots: &[PotMask],
    stop: &AtomicBool,
) -> Option<Equity> {
    debug_assert!(hands.len() <= MAX_PLAYERS);
    let deck = Deck::new(spot, board, flushers(spot.game, hands), stop);
    let key = board.iter().fold(empty_key(), |k, &c| k + card_key(c));
    let start = Picked { key, ways: 1 };
    let tally = Tally::new(hands.len(), pots);
    let mut dealt = Dealt {
        counts: [0; 13],
        ranks: 0,
    };
    let (runouts, tally) = match spot.game {
        Game::Holdem | Game::ShortDeck => {
            let table = if spot.game == Game::Holdem {
                high::standard()
            } else {
                high::short_deck()
            };
            let mut scorer = HighScorer::new(table, hands, tally);
            let runouts = deck.deal(&mut scorer, 13, spot.left, start, &mut dealt);
            (runouts, scorer.into_tally())
        }
        Game::Omaha | Game::OmahaHiLo => {
            let high_low = spot.game == Game::OmahaHiLo;
            let mut scorer = OmahaScorer::new(omaha::table(), hands, high_low, tally);
            let runouts = deck.deal(&mut scorer, 13, spot.left, start, &mut dealt);
            (runouts, scorer.into_tally())
        }
    };
    debug_assert_eq!(runouts, spot.runouts);
    if stop.load(Relaxed) {
        return None;
    }
    Some(tally.finish(spot.runouts))
}
