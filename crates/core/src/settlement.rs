//! Settling one hand: the `settle*` functions over the types in `types`.

use crate::rake::HouseTake;
use crate::split::HiLoOddChips;
use crate::types::{
    BoardsSettlement, HandInput, Hands, Pot, PotBoards, Reason, SettleError, Settlement, Uncalled,
};
use crate::{award, boards, guard, outcome, pot, rake};
use std::borrow::Cow;

/// Settle one hand: build the pots, return uncalled bets, award each pot.
///
/// Never panics: every impossible or overflowing input is a [`SettleError`].
/// The result does not depend on the order of `players` beyond the indices
/// it reports: `Pot::eligible` is in seat order, shares in odd-chip order.
pub fn settle(input: &HandInput) -> Result<Settlement, SettleError> {
    settle_hand(input, &HouseTake::NONE, &[]).map(|b| b.settlement)
}

/// [`settle`] with the house's take (RULES.md §8): the rake and the jackpot
/// drop come out of each pot before it is split, and each pot's net amount
/// is split exactly as without them.
pub fn settle_with_house(input: &HandInput, house: &HouseTake) -> Result<Settlement, SettleError> {
    settle_hand(input, house, &[]).map(|b| b.settlement)
}

/// [`settle`] for a hand played out on several boards (RULES.md §9):
/// `more_boards[b][i]` is player `i`'s hands on board `b + 2`, and
/// `players[i].hands` theirs on board 1. With no more boards, this is
/// [`settle`] to the result.
pub fn settle_boards(
    input: &HandInput,
    more_boards: &[Vec<Option<Hands>>],
) -> Result<BoardsSettlement, SettleError> {
    settle_hand(input, &HouseTake::NONE, more_boards)
}

/// The whole settlement: the house's take (RULES.md §8) comes out of each
/// pot once, then the net is shared between the boards (§9.2) and split,
/// the odd chips of halved pots by TDA 19.
pub fn settle_hand(
    input: &HandInput,
    house: &HouseTake,
    more_boards: &[Vec<Option<Hands>>],
) -> Result<BoardsSettlement, SettleError> {
    settle_hand_with(input, house, more_boards, HiLoOddChips::Tda)
}

/// [`settle_hand`] with the low halves' leftover units where `hi_lo` sends
/// them (RULES.md §4 `hiLoOddChips`); nothing changes in a one-hand game.
pub fn settle_hand_with(
    input: &HandInput,
    house: &HouseTake,
    more_boards: &[Vec<Option<Hands>>],
    hi_lo: HiLoOddChips,
) -> Result<BoardsSettlement, SettleError> {
    let unit = guard::check_input(input)?;
    // One board (the usual hand) needs no copies of the input.
    let boards = if more_boards.is_empty() {
        Vec::new()
    } else {
        boards::board_inputs(input, more_boards)?
    };
    let players = &input.players;
    let reason = outcome::reason(players)?;
    outcome::chips_in(input)?;
    let uncalled: Vec<Uncalled> = pot::uncalled_bet(players)?.into_iter().collect();
    if reason == Reason::Showdown {
        outcome::check_hands(players)?;
        for board in &boards {
            outcome::check_hands(&board.players)?;
        }
    }
    let committed = pot::called_commitments(players, uncalled.first().copied())?;
    // Each pot with its cut, which the pot keeps (`Pot::cut`).
    let layers = pot::cut_layers(players, &committed, input.dead_money)?;
    let gross: Vec<u64> = layers.iter().map(|(_, l)| l.amount).collect();
    let taken = rake::take(
        input,
        house,
        unit,
        &gross,
        &rake::weights(players, &committed)?,
    )?;
    let (pots, pot_boards) = award_pots(input, unit, layers, &taken.per_pot, &boards, hi_lo)?;
    let won = outcome::total_won(players.len(), &pots)?;
    let final_stacks = outcome::final_stacks(players, &won, &uncalled)?;
    let winners = outcome::winners_order(input, &won);
    let settlement = Settlement {
        reason,
        tie: pots.iter().any(|p| p.tie),
        total_winners: winners.len(),
        winners,
        pots,
        uncalled,
        won,
        final_stacks,
        rake: taken.rake,
        jackpot: taken.jackpot,
    };
    Ok(BoardsSettlement {
        settlement,
        pots: pot_boards,
    })
}

/// Award each pot, net of its rake and jackpot drop: on the one board, or
/// shared between the boards (RULES.md §9.2), where the house's take comes
/// out once, before the board shares.
fn award_pots(
    input: &HandInput,
    unit: u64,
    layers: Vec<(u64, pot::Layer)>,
    per_pot: &[(u64, u64)],
    boards: &[Cow<'_, HandInput>],
    hi_lo: HiLoOddChips,
) -> Result<(Vec<Pot>, Vec<PotBoards>), SettleError> {
    // A loop, not `collect::<Result<Vec<_>, _>>()`, which cannot size its Vec.
    let mut pots = Vec::with_capacity(layers.len());
    let mut pot_boards = Vec::with_capacity(if boards.is_empty() { 0 } else { layers.len() });
    for ((cut, layer), &(pot_rake, pot_jackpot)) in layers.into_iter().zip(per_pot) {
        let net = guard::sub(guard::sub(layer.amount, pot_rake)?, pot_jackpot)?;
        if boards.is_empty() {
            let mut pot = award::award_pot(
                input,
                unit,
                pot::Layer {
                    amount: net,
                    ..layer
                },
                hi_lo,
            )?;
            rake::restore_gross(&mut pot, pot_rake, pot_jackpot)?;
            pot.cut = Some(cut);
            pots.push(pot);
        } else {
            let (mut pot, parts) = boards::award_pot_on_boards(boards, unit, layer, net, hi_lo)?;
            pot.rake = pot_rake;
            pot.jackpot = pot_jackpot;
            pot.cut = Some(cut);
            pots.push(pot);
            pot_boards.push(parts);
        }
    }
    Ok((pots, pot_boards))
}
