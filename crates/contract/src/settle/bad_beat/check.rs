//! The 422 checks of `badBeat` (RULES.md §11.5): the game, the shares, the
//! minimum losing hand, and the fund and counts the core can judge.

use crate::deck::Deck;
use crate::problems::Problems;
use crate::request_names::worded;
use crate::settle::dto::SettleRequest;
use showdown_cards::{CardAt, VariantId};
use showdown_core::{
    bad_beat_refusals, BadBeatAt, ChipAmount, DEFAULT_LOSER_BP, DEFAULT_TABLE_BP, DEFAULT_WINNER_BP,
};

/// RULES.md §11.5: the core's refusals of the terms (`bad_beat_refusals`)
/// and the pool's, each at its pointer in the order the request reads
/// (terms, pool, counts), then the minimum losing hand's cards.
pub(crate) fn check(
    req: &SettleRequest,
    variant: Option<VariantId>,
    unit: Option<u64>,
    p: &mut Problems,
) {
    let Some(bb) = req.bad_beat.as_ref() else {
        return;
    };
    let bp = |b: Option<u64>, default: u32| b.unwrap_or(u64::from(default));
    let shares = [
        bp(bb.loser_bp, DEFAULT_LOSER_BP),
        bp(bb.winner_bp, DEFAULT_WINNER_BP),
        bp(bb.table_bp, DEFAULT_TABLE_BP),
    ];
    let n = req.players.len() as u64;
    let (dealt, min) = (bb.players_dealt, bb.min_players_dealt);
    let terms = bad_beat_refusals(variant, shares, n, dealt, min);
    let mut terms = terms.into_iter().peekable();
    let mut push = |p: &mut Problems, at| {
        while let Some(r) = terms.next_if(|r| r.at() == at) {
            let pointer = match at {
                BadBeatAt::Terms => "/badBeat",
                BadBeatAt::PlayersDealt => "/badBeat/playersDealt",
                BadBeatAt::MinPlayersDealt => "/badBeat/minPlayersDealt",
            };
            p.push(pointer, worded(&r));
        }
    };
    push(p, BadBeatAt::Terms);
    let pool = || "/badBeat/pool".to_string();
    p.amount(pool, ChipAmount::Pool, bb.pool, unit);
    push(p, BadBeatAt::PlayersDealt);
    push(p, BadBeatAt::MinPlayersDealt);
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
    // A deck of its own: the hand is a threshold, dealt to nobody.
    let mut deck = Deck::new(variant == Some(VariantId::ShortDeck));
    for (index, s) in cards.iter().enumerate() {
        deck.take(p, CardAt::Lone { index }, s);
    }
}
