//! The house's take (RULES.md §8): the one fact of the deal its terms
//! need, and what it took as the answer gives it.

use super::dto::TakeDto;
use crate::settle::hand::Hand;
use crate::settle::pots::cards::Dealt;
use showdown_cards::Variant;
use showdown_core::Take;

/// RULES.md §8.2: whether a flop was seen, which the no-flop-no-drop
/// switches read. A board game whose boards all have fewer than three
/// cards saw no flop; stud and draw games have no flop, so for them the
/// switch never applies (the caller sends no `rake` for a hand that ended
/// on the first betting round).
pub(crate) fn flop_seen(table: &Variant, dealt: &Dealt) -> bool {
    // With several boards, no rake only when every board is short; board
    // `b` runs from the previous board's end (0 for the first) to its own.
    let starts = std::iter::once(0).chain(dealt.board_ends.iter().copied());
    table.board_cards == 0
        || starts
            .zip(&dealt.board_ends)
            .any(|(start, &end)| end - start >= 3)
}

/// API.md `rake`, `jackpot`: every player's part, zero included.
pub(crate) fn take_dto<'a>(t: &Option<Take>, hand: &Hand<'a, '_>) -> Option<TakeDto<'a>> {
    t.as_ref().map(|t| TakeDto {
        amount: t.amount,
        contributions: t
            .contributions
            .iter()
            .enumerate()
            .map(|(k, &c)| (hand.id(k), c))
            .collect(),
    })
}
