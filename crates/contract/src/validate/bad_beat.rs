//! The 422 checks of `badBeat` (RULES.md §11.5): the game, the shares, the
//! minimum losing hand, and the fund and counts the core can judge.

use crate::problems::Problems;
use crate::settle::SettleRequest;
use showdown_cards::{Card, Rank, VariantId};
use showdown_core::ChipAmount;

/// The games of RULES.md §11.1.
pub fn bad_beat_game(variant: VariantId) -> bool {
    use VariantId as V;
    matches!(
        variant,
        V::Holdem | V::ShortDeck | V::Omaha | V::Omaha5 | V::Omaha6
    )
}

pub(super) fn check(
    req: &SettleRequest,
    variant: Option<VariantId>,
    unit: Option<u64>,
    p: &mut Problems,
) {
    let Some(bb) = req.bad_beat.as_ref() else {
        return;
    };
    if let Some(v) = variant.filter(|&v| !bad_beat_game(v)) {
        p.push(
            "/badBeat",
            format!(
                "the bad-beat jackpot is judged in holdem, short-deck, omaha, omaha-5 and omaha-6, not {}",
                v.as_str()
            ),
        );
    }
    let bp = |b: Option<u64>, default: u64| b.unwrap_or(default);
    let shares = [
        bp(bb.loser_bp, 5000),
        bp(bb.winner_bp, 2500),
        bp(bb.table_bp, 2500),
    ];
    let total = shares.iter().fold(0u64, |a, &b| a.saturating_add(b));
    if total > 10_000 {
        p.push(
            "/badBeat",
            format!("loserBp, winnerBp and tableBp add up to {total} basis points, over 10000"),
        );
    }
    let pool = || "/badBeat/pool".to_string();
    p.amount(pool, ChipAmount::Pool, bb.pool, unit);
    let n = req.players.len() as u64;
    let u32_max = u64::from(u32::MAX);
    if let Some(d) = bb.players_dealt {
        if d < n || d > u32_max {
            p.push(
                "/badBeat/playersDealt",
                format!("players dealt must be from {n} (the players in the hand) to {u32_max}, got {d}"),
            );
        }
    }
    if bb.min_players_dealt.is_some_and(|m| m > u32_max) {
        p.push("/badBeat/minPlayersDealt", format!("at most {u32_max}"));
    }
    min_losing_hand(&bb.min_losing_hand, variant, p);
}

/// Five distinct, well-formed cards of the variant's deck.
fn min_losing_hand(cards: &[String], variant: Option<VariantId>, p: &mut Problems) {
    if cards.len() != 5 {
        p.push(
            "/badBeat/minLosingHand",
            format!("the minimum losing hand is five cards, got {}", cards.len()),
        );
        return;
    }
    let short = variant == Some(VariantId::ShortDeck);
    let mut seen: Vec<Card> = Vec::with_capacity(5);
    for (j, s) in cards.iter().enumerate() {
        let at = format!("/badBeat/minLosingHand/{j}");
        match s.parse::<Card>() {
            Err(e) => p.push(at, crate::problems::malformed_card(s, &e)),
            Ok(c) if short && c.rank() < Rank::Six => {
                p.push(at, format!("card {c} is not in the short deck (6 to A)"))
            }
            Ok(c) if seen.contains(&c) => p.push(at, format!("card {c} appears twice")),
            Ok(c) => seen.push(c),
        }
    }
}
