//! Assembling the result of a hand from its awarded pots (API.md
//! `potBreakdown`, `tie`, `totalWinners`, `finalChipStacks`).

use std::cmp::Reverse;

use crate::cards_refusal::CardsRefusal;
use crate::chips_refusal::hand_total_refusal;
use crate::guard::{add, sub};
use crate::hand_refusal::HandRefusal;
use crate::odd_chip::{self, Side};
use crate::types::{HandInput, PlayerInput, Pot, Reason, SettleError, Uncalled};

/// RULES.md §2.3: a hand where one live player remains is `uncontested`
/// (no cards needed); otherwise it goes to a showdown.
pub(crate) fn reason(players: &[PlayerInput]) -> Result<Reason, SettleError> {
    match players.iter().filter(|p| !p.folded).count() {
        0 => Err(SettleError::Hand(HandRefusal::NoLivePlayer)),
        1 => Ok(Reason::Uncontested),
        _ => Ok(Reason::Showdown),
    }
}

/// RULES.md §3 ("cards speak", TDA 12): at a contested showdown every live
/// player's hand is needed (API.md: a contested live player without cards is
/// an impossible hand).
pub(crate) fn check_hands(players: &[PlayerInput]) -> Result<(), SettleError> {
    match players.iter().position(|p| !p.folded && p.hands.is_none()) {
        Some(player) => Err(SettleError::Cards(CardsRefusal::LiveWithoutCards {
            player,
        })),
        None => Ok(()),
    }
}

/// API.md invariant: all chips put in (`committed`, `dead`, `deadMoney`)
/// stay at or below 2^53 − 1 in total, so no pot or win can exceed it.
pub(crate) fn chips_in(input: &HandInput) -> Result<u64, SettleError> {
    let put_in = |sum: u64, p: &PlayerInput| sum.saturating_add(p.committed).saturating_add(p.dead);
    let total = input.players.iter().fold(input.dead_money, put_in);
    match hand_total_refusal(total) {
        Some(refusal) => Err(SettleError::Chips {
            player: None,
            refusal,
        }),
        None => Ok(total),
    }
}

/// Per player: the chips won over every pot.
pub(crate) fn total_won(count: usize, pots: &[Pot]) -> Result<Vec<u64>, SettleError> {
    let mut won = vec![0u64; count];
    for share in pots.iter().flat_map(|p| &p.shares) {
        let slot = won.get_mut(share.player).ok_or(SettleError::Overflow)?;
        *slot = add(*slot, share.amount)?;
    }
    Ok(won)
}

/// API.md `finalChipStacks`: `stack − committed − dead + won + returned`.
pub(crate) fn final_stacks(
    players: &[PlayerInput],
    won: &[u64],
    uncalled: &[Uncalled],
) -> Result<Vec<u64>, SettleError> {
    let mut stacks = Vec::with_capacity(players.len());
    for (i, (p, &w)) in players.iter().zip(won).enumerate() {
        let returned = uncalled
            .iter()
            .filter(|u| u.player == i)
            .try_fold(0u64, |s, u| add(s, u.amount))?;
        stacks.push(add(
            add(sub(sub(p.stack, p.committed)?, p.dead)?, w)?,
            returned,
        )?);
    }
    Ok(stacks)
}

/// API.md `potBreakdown` order: players who won chips, most first, then in
/// odd-chip order (button games: clockwise from the first seat left of the
/// button; stud: the high hand's chip key, greater first — TDA 19).
pub(crate) fn winners_order(input: &HandInput, won: &[u64]) -> Vec<usize> {
    let mut winners: Vec<usize> = (0..won.len()).filter(|&i| won[i] > 0).collect();
    winners.sort_by(|&a, &b| {
        Reverse(won[a]).cmp(&Reverse(won[b])).then_with(|| {
            odd_chip::compare(
                input.order,
                Side::High,
                &input.players[a],
                &input.players[b],
            )
        })
    });
    winners
}
