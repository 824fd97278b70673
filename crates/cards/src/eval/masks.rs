//! Valuations from rank masks, below the lookup tables: `table` builds
//! its entries from these, and `high` and `low` read the tables, so the
//! imports go one way (high, low -> table -> masks).

use super::{keep_bottom, keep_top, low1, pack, top1, Masks, CAT_SHIFT, FIELD, RANKS13};

/// The order a high hand is ranked in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HighOrder {
    /// Standard poker: A-2-3-4-5 is the lowest straight.
    Standard,
    /// Short deck (6 to A): A-6-7-8-9 is the lowest straight and a flush
    /// beats a full house.
    ShortDeck,
    /// Deuce-to-seven: the ace is only high, so A-2-3-4-5 is no straight.
    AceOnlyHigh,
}

/// Value-order slots (the `category` field of a packed value).
pub(crate) const HIGH_CARD: u32 = 0;
pub(crate) const PAIR: u32 = 1;
pub(crate) const TWO_PAIR: u32 = 2;
pub(crate) const TRIPS: u32 = 3;
pub(crate) const STRAIGHT: u32 = 4;
pub(crate) const QUADS: u32 = 7;
pub(crate) const STRAIGHT_FLUSH: u32 = 8;

impl HighOrder {
    #[inline(always)]
    fn flush_slot(self) -> u32 {
        if matches!(self, HighOrder::ShortDeck) {
            6
        } else {
            5
        }
    }

    #[inline(always)]
    fn full_house_slot(self) -> u32 {
        if matches!(self, HighOrder::ShortDeck) {
            5
        } else {
            6
        }
    }

    /// API.md `type` of a value slot (short deck swaps flush and full house
    /// in value order, never in numbering).
    pub(crate) fn type_of(self, slot: u32) -> u8 {
        match (self, slot) {
            (HighOrder::ShortDeck, 5) => 6,
            (HighOrder::ShortDeck, 6) => 5,
            _ => slot as u8,
        }
    }
}

/// The top rank (as a one-bit ace-high mask) of the best straight in `m`.
#[inline(always)]
pub(crate) fn straight_top(m: u16, order: HighOrder) -> u16 {
    // Shift so bit i+1 is rank i, and let the ace also play below the lowest
    // rank of the deck: bit 0 (below the deuce), or bit 4 (below the six).
    let mut x = (m as u32) << 1;
    let ace = (m as u32 >> 12) & 1;
    match order {
        HighOrder::Standard => x |= ace,
        HighOrder::ShortDeck => x |= ace << 4,
        HighOrder::AceOnlyHigh => {}
    }
    let s = x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4);
    if s == 0 {
        0
    } else {
        // bits j..j+4 of x are set, the top is rank j+3.
        1 << (31 - s.leading_zeros() + 3)
    }
}

/// The value of the best high hand in `m` (at most seven cards).
#[inline(always)]
pub(crate) fn value_of_masks(m: Masks, order: HighOrder) -> u32 {
    for f in m.0 {
        if f.count_ones() >= 5 {
            let st = straight_top(f, order);
            if st != 0 {
                return pack(STRAIGHT_FLUSH, 0, st);
            }
            return pack(order.flush_slot(), 0, keep_top(f, 5));
        }
    }
    let c = m.counts();
    if c.four != 0 {
        let q = top1(c.four);
        return pack(QUADS, q, top1(c.any & !q));
    }
    if c.ge3 != 0 {
        let t = top1(c.ge3);
        let rest = c.ge2 & !t;
        if rest != 0 {
            return pack(order.full_house_slot(), t, top1(rest));
        }
    }
    let st = straight_top(c.any, order);
    if st != 0 {
        return pack(STRAIGHT, 0, st);
    }
    if c.ge3 != 0 {
        let t = top1(c.ge3);
        return pack(TRIPS, t, keep_top(c.any & !t, 2));
    }
    if c.pair != 0 {
        if c.pair & (c.pair - 1) != 0 {
            let p = keep_top(c.pair, 2);
            return pack(TWO_PAIR, p, top1(c.any & !p));
        }
        return pack(PAIR, c.pair, keep_top(c.any & !c.pair, 3));
    }
    pack(HIGH_CARD, 0, keep_top(c.any, 5))
}

#[inline(always)]
pub(crate) fn pack_low(pairing: u32, a: u16, b: u16) -> u32 {
    ((5 - pairing) << CAT_SHIFT) | (((!a & RANKS13) as u32) << FIELD) | (!b & RANKS13) as u32
}

/// The value of the best ace-to-five low of up to seven cards, from ace-high masks.
#[inline(always)]
pub(crate) fn ace_five_of_masks(m: Masks) -> u32 {
    let c = m.ace_low().counts();
    match c.any.count_ones() {
        5.. => pack_low(0, 0, keep_bottom(c.any, 5)),
        4 => {
            let p = low1(c.ge2);
            pack_low(1, p, c.any & !p)
        }
        3 => {
            if c.ge2.count_ones() >= 2 {
                let p = keep_bottom(c.ge2, 2);
                pack_low(2, p, c.any & !p)
            } else {
                let t = low1(c.ge3);
                pack_low(3, t, c.any & !t)
            }
        }
        _ => {
            if c.ge3 != 0 && c.ge2.count_ones() >= 2 {
                let t = low1(c.ge3);
                pack_low(4, t, low1(c.ge2 & !t))
            } else {
                let q = low1(c.four);
                pack_low(5, q, c.any & !q)
            }
        }
    }
}

/// The best 8-or-better low of up to seven cards: five different ranks, all
/// 8 or lower (ace low), or `None`.
#[inline(always)]
pub(crate) fn low8_of_masks(m: Masks) -> Option<u32> {
    let lows = m.ace_low().any() & 0xFF;
    (lows.count_ones() >= 5).then(|| pack_low(0, 0, keep_bottom(lows, 5)))
}
