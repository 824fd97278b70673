//! Readable names and descriptions (API.md `handRank.name`/`description`).
//! Built only on the full path, never in hot loops.

use super::{bits_desc, rank_hi, rank_lo};
use crate::card::Rank;

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

/// "K-9-7" from ranks, highest first.
pub(crate) fn dashed(ranks: impl Iterator<Item = Rank>) -> String {
    ranks
        .map(|r| r.to_char().to_string())
        .collect::<Vec<_>>()
        .join("-")
}

fn hi(mask: u16) -> Vec<Rank> {
    bits_desc(mask).map(rank_hi).collect()
}

fn lo(mask: u16) -> Vec<Rank> {
    bits_desc(mask).map(rank_lo).collect()
}

/// Name and description of a high hand of API type `ty`, from the packed
/// fields `a` (ranks that make the category) and `b` (kickers, or the top of
/// a straight), ace-high masks.
pub(crate) fn high(ty: u8, a: u16, b: u16) -> (String, String) {
    let name = TYPE_NAMES[ty as usize].to_string();
    let (ar, br) = (hi(a), hi(b));
    let description = made(ty, &ar, &br, &name);
    (name, description)
}

/// The description of a made hand from its category ranks `ar` and kickers
/// `br`, highest first (shared by high and paired low hands).
fn made(ty: u8, ar: &[Rank], br: &[Rank], name: &str) -> String {
    let kick = |br: &[Rank]| dashed(br.iter().copied());
    match ty {
        0 => format!("{name}, {}", kick(br)),
        1 => format!("Pair of {}, {} kickers", plural(ar[0]), kick(br)),
        2 => format!(
            "Two Pair, {} and {}, {} kicker",
            plural(ar[0]),
            plural(ar[1]),
            kick(br)
        ),
        3 => format!("Three of a Kind, {}, {} kickers", plural(ar[0]), kick(br)),
        4 | 8 => format!("{name}, {} high", br[0].to_char()),
        5 => format!("Flush, {} high", br[0].to_char()),
        6 => format!("Full House, {} full of {}", plural(ar[0]), plural(br[0])),
        7 => format!("Four of a Kind, {}, {} kicker", plural(ar[0]), kick(br)),
        _ => "Royal Flush".to_string(),
    }
}

/// Name and description of an ace-to-five low hand (ace-low masks); `ty` is
/// the API type of its pairing (0 no pair, 1 pair, 2 two pair, 3 trips,
/// 6 full house, 7 quads).
pub(crate) fn ace_five(ty: u8, a: u16, b: u16) -> (String, String) {
    let (ar, br) = (lo(a), lo(b));
    if ty == 0 {
        if b == 0b11111 {
            return ("Wheel".into(), "Wheel, 5-4-3-2-A".into());
        }
        let low = format!("{} low", dashed(br.iter().copied()));
        return (low.clone(), low);
    }
    let name = TYPE_NAMES[ty as usize].to_string();
    let description = made(ty, &ar, &br, &name);
    (name, description)
}

/// Name and description of a deuce-to-seven hand from its high reading.
pub(crate) fn deuce_seven(ty: u8, a: u16, b: u16) -> (String, String) {
    if ty == 0 {
        let low = format!("{} low", dashed(hi(b).into_iter()));
        return (low.clone(), low);
    }
    high(ty, a, b)
}

/// Name and description of a badugi of `n` cards whose ranks are `mask`
/// (ace-low or ace-high masks as `ace_low` says).
pub(crate) fn badugi(n: u8, mask: u16, ace_low: bool) -> (String, String) {
    let ranks = if ace_low { lo(mask) } else { hi(mask) };
    let name = if n == 4 {
        "4-card badugi".to_string()
    } else {
        format!("{n}-card hand")
    };
    let description = format!("{name}, {} high", ranks[0].to_char());
    (name, description)
}
