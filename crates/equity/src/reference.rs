//! The plain definition of §10: every runout dealt one by one,
//! every hand ranked by the cards crate's slice evaluators, every pot
//! shared by the rule's words. Slow (no isomorphism, no shared keys) and
//! obviously right, it is the oracle the fast walk is checked against, and
//! the cheaper way for a small spot before the walk's tables exist.

use showdown_cards::{
    high_value, omaha_high_value, omaha_low8_value, short_deck_value, Card, VariantId,
};

use crate::error::EquityError;
use crate::{check, Equity, Game, PlayerEquity, PotEquity, PotMask, Spot, D};

/// [`crate::enumerate`], the slow way; same checks, same result.
pub fn enumerate(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
) -> Result<Equity, EquityError> {
    let spot = check(variant, hands, board, dead, pots)?;
    Ok(run(&spot, hands, board, pots))
}

/// The plain walk of a checked spot. Besides the tests, [`crate::enumerate`]
/// takes it for a spot of few runouts whose game's table is not built yet:
/// ranking a few thousand hands costs less than building the table.
pub(crate) fn run(spot: &Spot, hands: &[&[Card]], board: &[Card], pots: &[PotMask]) -> Equity {
    let deck: Vec<Card> = spot.deck.iter().map(|&i| Card::from_index(i)).collect();
    let n = hands.len();
    let mut out: Vec<Vec<PlayerEquity>> = vec![vec![PlayerEquity::default(); n]; pots.len()];
    let mut runouts = 0u64;
    let mut full = board.to_vec();
    for_each_subset(&deck, spot.left, &mut |extra| {
        runouts += 1;
        full.truncate(board.len());
        full.extend_from_slice(extra);
        let ranked: Vec<(u32, Option<u32>)> = hands
            .iter()
            .map(|h| {
                let seven: Vec<Card> = h.iter().chain(&full).copied().collect();
                match spot.game {
                    Game::Holdem => (high_value(&seven), None),
                    Game::ShortDeck => (short_deck_value(&seven), None),
                    Game::Omaha => (omaha_high_value(h, &full), None),
                    Game::OmahaHiLo => (omaha_high_value(h, &full), omaha_low8_value(h, &full)),
                }
            })
            .collect();
        for (p, pot) in pots.iter().enumerate() {
            let eligible: Vec<usize> = pot.players().collect();
            let best_high = eligible.iter().map(|&i| ranked[i].0).max();
            let high: Vec<usize> = eligible
                .iter()
                .copied()
                .filter(|&i| Some(ranked[i].0) == best_high)
                .collect();
            let best_low = eligible.iter().filter_map(|&i| ranked[i].1).max();
            let low: Vec<usize> = eligible
                .iter()
                .copied()
                .filter(|&i| best_low.is_some() && ranked[i].1 == best_low)
                .collect();
            for &i in &eligible {
                let (in_h, in_l) = (high.contains(&i), low.contains(&i));
                let units = if low.is_empty() {
                    if in_h {
                        D / high.len() as u64
                    } else {
                        0
                    }
                } else {
                    (if in_h { D / (2 * high.len() as u64) } else { 0 })
                        + if in_l { D / (2 * low.len() as u64) } else { 0 }
                };
                let e = &mut out[p][i];
                e.share_units += units;
                if units == D {
                    e.wins += 1;
                } else if units > 0 {
                    e.ties += 1;
                }
            }
        }
    });
    debug_assert_eq!(runouts, spot.runouts);
    Equity {
        runouts,
        pots: pots
            .iter()
            .zip(out)
            .map(|(&eligible, players)| PotEquity { eligible, players })
            .collect(),
    }
}

/// Call `f` with every `k`-subset of `deck`.
fn for_each_subset(deck: &[Card], k: usize, f: &mut impl FnMut(&[Card])) {
    fn rec(
        deck: &[Card],
        k: usize,
        start: usize,
        cur: &mut Vec<Card>,
        f: &mut impl FnMut(&[Card]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..deck.len() {
            cur.push(deck[i]);
            rec(deck, k, i + 1, cur, f);
            cur.pop();
        }
    }
    rec(deck, k, 0, &mut Vec::with_capacity(k), f);
}
