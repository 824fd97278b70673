//! The bad-beat jackpot of a settled hand (RULES.md §11): the request's
//! terms and the hands as dealt go to the core, whose verdict becomes the
//! answer's `badBeat`. Judged on the first board only, and on the hands as
//! dealt, whether or not a player cashed out.

use super::dto::{BadBeatDto, BadBeatPayoutDto, BadBeatRequest};
use crate::settle::pots::dto::hand_rank_dto;
use crate::settle::validated::Validated;
use showdown_cards::{both_hole_cards_play, five_card_high_value, rank_showdown, Card, VariantId};
use showdown_core::{
    bad_beat, BadBeatOutcome, BadBeatPlayer, BadBeatTerms, NotQualified, DEFAULT_LOSER_BP,
    DEFAULT_MIN_PLAYERS_DEALT, DEFAULT_TABLE_BP, DEFAULT_WINNER_BP,
};
use showdown_json::Invalid;
use std::borrow::Cow;

/// The request's terms in the core's words (after validation, every
/// number is in range).
fn terms(bb: &BadBeatRequest, min_losing_hand: u64) -> BadBeatTerms {
    let bp = |b: Option<u64>, d: u32| b.map_or(d, |b| u32::try_from(b).unwrap_or(u32::MAX));
    BadBeatTerms {
        pool: bb.pool,
        min_losing_hand,
        both_hole_cards_play: bb.both_hole_cards_play.unwrap_or(true),
        min_players_dealt: bp(bb.min_players_dealt, DEFAULT_MIN_PLAYERS_DEALT),
        players_dealt: bb
            .players_dealt
            .map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
        loser_bp: bp(bb.loser_bp, DEFAULT_LOSER_BP),
        winner_bp: bp(bb.winner_bp, DEFAULT_WINNER_BP),
        table_bp: bp(bb.table_bp, DEFAULT_TABLE_BP),
    }
}

fn not_qualified<'a>(reason: NotQualified) -> BadBeatDto<'a> {
    BadBeatDto {
        qualified: false,
        reason: Some(Cow::Borrowed(reason.as_str())),
        losing_hand: None,
        winning_hand: None,
        payouts: None,
        paid: None,
        remaining: None,
    }
}

/// The core's verdict on the jackpot, before the answer is built (the
/// showdown needs it: RULES.md §15.8 shows the hands it pays); `None`
/// without `badBeat`. `highs[i]`: request player `i`'s high value on the
/// first board, for every live player of a contested hand.
pub(crate) fn verdict(
    v: &Validated,
    highs: &[Option<u64>],
) -> Result<Option<BadBeatOutcome>, Invalid> {
    let Some(bb) = v.req.bad_beat.as_ref() else {
        return Ok(None);
    };
    if !v.contested {
        return Ok(Some(BadBeatOutcome::NotQualified(NotQualified::NoShowdown)));
    }
    let min = min_losing_value(v.variant, &bb.min_losing_hand)
        .ok_or_else(|| Invalid::one("/badBeat/minLosingHand", "not five cards of the deck"))?;
    let players: Vec<BadBeatPlayer> = v
        .players()
        .iter()
        .enumerate()
        .map(|(i, pl)| BadBeatPlayer {
            seat: pl.seat,
            live: !pl.folded,
            high: highs[i],
            both_hole_cards_play: !pl.folded
                && both_hole_cards_play(v.variant, v.hole(i), v.board()),
        })
        .collect();
    bad_beat(&terms(bb, min), &players, v.chip_unit)
        .map(Some)
        .map_err(|e| Invalid::one("/badBeat", e.to_string()))
}

/// RULES.md §15.8, by request index: the losing and winning hands a
/// qualifying bad beat's jackpot pays, which the showdown turns up; empty
/// when nothing qualified.
pub(crate) fn paid_hands(outcome: Option<&BadBeatOutcome>, players: usize) -> Vec<bool> {
    let Some(BadBeatOutcome::Qualified(win)) = outcome else {
        return Vec::new();
    };
    let mut paid = vec![false; players];
    for &i in win.losers.iter().chain(&win.winners) {
        if let Some(p) = paid.get_mut(i) {
            *p = true;
        }
    }
    paid
}

/// The answer's `badBeat` from the [`verdict`]. `hidden[i]` (empty:
/// nobody) marks a hand the answer may not show (RULES.md §15.6); the
/// hands the jackpot pays are shown (§15.8), so this is a guard rail:
/// the losing or winning hand is then a shown one's of the same role, or
/// left out.
pub(crate) fn judge<'a>(
    v: &Validated<'a>,
    outcome: Option<BadBeatOutcome>,
    hidden: &[bool],
) -> Option<BadBeatDto<'a>> {
    let win = match outcome? {
        BadBeatOutcome::NotQualified(reason) => return Some(not_qualified(reason)),
        BadBeatOutcome::Qualified(win) => win,
    };
    let rank = |i: usize| {
        rank_showdown(v.variant, v.hole(i), v.board())
            .ok()
            .map(|s| hand_rank_dto(&s.high))
    };
    Some(BadBeatDto {
        qualified: true,
        reason: None,
        losing_hand: first_seen(&win.losers, hidden).and_then(rank),
        winning_hand: first_seen(&win.winners, hidden).and_then(rank),
        payouts: Some(
            win.payouts
                .iter()
                .map(|p| BadBeatPayoutDto {
                    agent_id: Cow::Borrowed(v.players()[p.player].id.as_str()),
                    role: Cow::Borrowed(p.role.as_str()),
                    amount: p.amount,
                })
                .collect(),
        ),
        paid: Some(win.paid),
        remaining: Some(win.remaining),
    })
}

/// The first of `players` whose hand the answer may show.
fn first_seen(players: &[usize], hidden: &[bool]) -> Option<usize> {
    players
        .iter()
        .copied()
        .find(|&i| hidden.get(i) != Some(&true))
}

/// `minLosingHand` as a high value of the variant, once it passed
/// `check.rs`.
fn min_losing_value(variant: VariantId, cards: &[String]) -> Option<u64> {
    let cards: Vec<Card> = cards
        .iter()
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    five_card_high_value(variant, &cards)
}
