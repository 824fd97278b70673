//! Readable names and descriptions (API.md `handRank.name`/`description`).
//! Built only on the full path, never in hot loops.

use std::borrow::Cow;

use super::{bits_desc, rank_hi, rank_lo};
use crate::card::Rank;
use crate::hand::Name;

pub(crate) fn plural(r: Rank) -> &'static str {
    match r {
        Rank::Two => "Twos",
        Rank::Three => "Threes",
        Rank::Four => "Fours",
        Rank::Five => "Fives",
        Rank::Six => "Sixes",
        Rank::Seven => "Sevens",
        Rank::Eight => "Eights",
        Rank::Nine => "Nines",
        Rank::Ten => "Tens",
        Rank::Jack => "Jacks",
        Rank::Queen => "Queens",
        Rank::King => "Kings",
        Rank::Ace => "Aces",
    }
}

pub(crate) const TYPE_NAMES: [&str; 10] = [
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Royal Flush",
];

/// "K-9-7" from ranks, highest first, appended to `out`.
fn push_dashed(out: &mut String, ranks: impl IntoIterator<Item = Rank>) {
    for (i, r) in ranks.into_iter().enumerate() {
        if i > 0 {
            out.push('-');
        }
        out.push(r.to_char());
    }
}

/// "K-9-7" from ranks, highest first.
pub(crate) fn dashed(ranks: impl Iterator<Item = Rank>) -> String {
    let mut out = String::with_capacity(16);
    push_dashed(&mut out, ranks);
    out
}

/// The ranks of a 13-bit mask, highest first, on the stack: describing a
/// hand allocates its description and nothing else.
struct Ranks {
    ranks: [Rank; 13],
    len: usize,
}

impl Ranks {
    fn of(mask: u16, rank: impl Fn(u8) -> Rank) -> Ranks {
        let mut out = Ranks {
            ranks: [Rank::Two; 13],
            len: 0,
        };
        for bit in bits_desc(mask) {
            out.ranks[out.len] = rank(bit);
            out.len += 1;
        }
        out
    }
}

impl std::ops::Deref for Ranks {
    type Target = [Rank];
    fn deref(&self) -> &[Rank] {
        &self.ranks[..self.len]
    }
}

fn hi(mask: u16) -> Ranks {
    Ranks::of(mask, rank_hi)
}

fn lo(mask: u16) -> Ranks {
    Ranks::of(mask, rank_lo)
}

/// Name and description of a high hand of API type `ty`, from the packed
/// fields `a` (ranks that make the category) and `b` (kickers, or the top of
/// a straight), ace-high masks.
pub(crate) fn high(ty: u8, a: u16, b: u16) -> (Name, String) {
    let name = TYPE_NAMES[ty as usize];
    let (ar, br) = (hi(a), hi(b));
    let description = made(ty, &ar, &br, name);
    (Cow::Borrowed(name), description)
}

/// The description of a made hand from its category ranks `ar` and kickers
/// `br`, highest first (shared by high and paired low hands). Written with
/// `push_str`, not `format!`: the service describes every winning hand.
fn made(ty: u8, ar: &[Rank], br: &[Rank], name: &str) -> String {
    let mut s = String::with_capacity(48);
    let mut push = |parts: &[&str]| parts.iter().for_each(|p| s.push_str(p));
    match ty {
        0 => push(&[name, ", "]),
        1 => push(&["Pair of ", plural(ar[0]), ", "]),
        2 => push(&["Two Pair, ", plural(ar[0]), " and ", plural(ar[1]), ", "]),
        3 => push(&["Three of a Kind, ", plural(ar[0]), ", "]),
        4 | 8 => push(&[name, ", "]),
        5 => push(&["Flush, "]),
        6 => push(&["Full House, ", plural(ar[0]), " full of ", plural(br[0])]),
        7 => push(&["Four of a Kind, ", plural(ar[0]), ", "]),
        _ => push(&["Royal Flush"]),
    }
    match ty {
        0..=3 | 7 => {
            push_dashed(&mut s, br.iter().copied());
            s.push_str(match ty {
                1 | 3 => " kickers",
                2 | 7 => " kicker",
                _ => "",
            });
        }
        4 | 5 | 8 => {
            s.push(br[0].to_char());
            s.push_str(" high");
        }
        _ => {}
    }
    s
}

/// Name and description of an ace-to-five low hand (ace-low masks); `ty` is
/// the API type of its pairing (0 no pair, 1 pair, 2 two pair, 3 trips,
/// 6 full house, 7 quads).
pub(crate) fn ace_five(ty: u8, a: u16, b: u16) -> (Name, String) {
    let (ar, br) = (lo(a), lo(b));
    if ty == 0 {
        if b == 0b11111 {
            return (Cow::Borrowed("Wheel"), "Wheel, 5-4-3-2-A".into());
        }
        let mut low = dashed(br.iter().copied());
        low.push_str(" low");
        return (Cow::Owned(low.clone()), low);
    }
    let name = TYPE_NAMES[ty as usize];
    let description = made(ty, &ar, &br, name);
    (Cow::Borrowed(name), description)
}

/// Name and description of a deuce-to-seven hand from its high reading.
pub(crate) fn deuce_seven(ty: u8, a: u16, b: u16) -> (Name, String) {
    if ty == 0 {
        let mut low = dashed(hi(b).iter().copied());
        low.push_str(" low");
        return (Cow::Owned(low.clone()), low);
    }
    high(ty, a, b)
}

/// Name and description of a badugi of `n` cards whose ranks are `mask`
/// (ace-low or ace-high masks as `ace_low` says).
pub(crate) fn badugi(n: u8, mask: u16, ace_low: bool) -> (Name, String) {
    let ranks = if ace_low { lo(mask) } else { hi(mask) };
    let name = match n {
        4 => "4-card badugi",
        3 => "3-card hand",
        2 => "2-card hand",
        1 => "1-card hand",
        _ => "0-card hand",
    };
    let mut description = String::with_capacity(24);
    description.push_str(name);
    description.push_str(", ");
    description.push(ranks[0].to_char());
    description.push_str(" high");
    (Cow::Borrowed(name), description)
}
