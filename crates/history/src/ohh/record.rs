//! The OHH hand written back completed (API.md, `record`): the pots as
//! the settlement built them, from 0 with their rake and jackpot, who won
//! what and the cash-outs paid, the bounties paid, a `Showdown` round from
//! RULES.md §15 when the hand had none, and where the room's own `pots`
//! (and bounties) were given, every place they differ.

use crate::ohh::amount::Amount;
use crate::ohh::hand::{OhhAction, OhhBounty, OhhHand, OhhPot, OhhRound, OhhWin};
use crate::ohh::read::bounty_scale_of;
use serde::Serialize;
use showdown_contract::settle::HandComplete;
use std::collections::BTreeMap;

/// The completed record and, when the request carried the room's pots,
/// where they differ from ours.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Record {
    /// The hand completed: the settlement's `pots` and, when the hand had none, a `Showdown` round.
    pub ohh: OhhHand,
    /// Present when the request had `pots` (or `tournament_bounties` the
    /// settlement paid its own of): empty when the room agrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differences: Option<Vec<Difference>>,
}

/// One place where the room's result is not the settlement's.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Difference {
    /// The pointer into the request's hand (`/ohh/pots/0/amount`).
    pub at: String,
    /// The room's amount (`null`: the room has none there).
    pub room: Option<Amount>,
    /// The settlement's amount (`null`: it has none there).
    pub showdown: Option<Amount>,
}

/// `hand` completed with `settled`, amounts in `10^-scale`.
pub fn record(hand: &OhhHand, settled: &HandComplete, scale: u32) -> Record {
    record_by(hand, settled, scale, &|agent| agent.parse().ok())
}

/// [`record`] of a hand whose settlement names players otherwise than by
/// their OHH `id` (the PHH route's `p1`, `p2`, ...): `id_of` gives the OHH
/// `id` of an answer's agent id.
pub fn record_by(
    hand: &OhhHand,
    settled: &HandComplete,
    scale: u32,
    id_of: &dyn Fn(&str) -> Option<u64>,
) -> Record {
    let mut pots = pots(settled, scale, id_of);
    let cashed = settled.cash_outs.is_some();
    echo_room(&mut pots, hand.pots.as_deref(), cashed);
    for c in settled.cash_outs.iter().flatten() {
        if let Some(id) = id_of(&c.agent_id) {
            let fee = c.value.saturating_sub(c.amount);
            cash_out(
                &mut pots,
                id,
                Amount::at(i128::from(c.amount), scale),
                Amount::at(i128::from(fee), scale),
            );
        }
    }
    let bounties = bounties(hand, settled, id_of);
    let mut differences = hand.pots.as_ref().map(|room| differences(room, &pots));
    if let (Some(room), Some(ours)) = (&hand.tournament_bounties, &bounties) {
        differences
            .get_or_insert_with(Vec::new)
            .extend(bounty_differences(room, ours));
    }
    let mut ohh = hand.clone();
    ohh.pots = Some(pots);
    if bounties.is_some() {
        ohh.tournament_bounties = bounties;
    }
    showdown_round(&mut ohh, settled, id_of);
    Record { ohh, differences }
}

/// The settlement's pots, from 0, with who won what of each.
fn pots(settled: &HandComplete, scale: u32, id_of: &dyn Fn(&str) -> Option<u64>) -> Vec<OhhPot> {
    let at = |units: u64| Amount::at(i128::from(units), scale);
    settled
        .pots
        .iter()
        .map(|pot| {
            let mut wins: BTreeMap<u64, u64> = BTreeMap::new();
            for share in &pot.shares {
                if let Some(id) = id_of(&share.agent_id) {
                    *wins.entry(id).or_default() += share.amount;
                }
            }
            OhhPot {
                number: pot.index,
                amount: at(pot.amount),
                rake: pot.rake.map(at),
                jackpot: pot.jackpot.map(at),
                player_wins: wins
                    .into_iter()
                    .map(|(player_id, won)| win(player_id, at(won)))
                    .collect(),
            }
        })
        .collect()
}

fn win(player_id: u64, win_amount: Amount) -> OhhWin {
    OhhWin {
        player_id,
        win_amount,
        cashout_amount: None,
        cashout_fee: None,
        bonus_amount: None,
        contributed_rake: None,
    }
}

/// The room's own fields of each player's win, where the room's pot of
/// that number has the player: `bonus_amount` and `contributed_rake`
/// (the room's to say), and the cash-out unless the settlement counted
/// the hand's cash-outs itself.
fn echo_room(pots: &mut [OhhPot], room: Option<&[OhhPot]>, cashed: bool) {
    let Some(room) = room else { return };
    for pot in pots.iter_mut() {
        let Some(theirs) = room.iter().find(|r| r.number == pot.number) else {
            continue;
        };
        for w in &mut pot.player_wins {
            let Some(t) = theirs
                .player_wins
                .iter()
                .find(|t| t.player_id == w.player_id)
            else {
                continue;
            };
            w.bonus_amount = t.bonus_amount;
            w.contributed_rake = t.contributed_rake;
            if !cashed {
                w.cashout_amount = t.cashout_amount;
                w.cashout_fee = t.cashout_fee;
            }
        }
    }
}

/// A cash-out (RULES.md §10) on the player's win in the main pot, number 0
/// (OHH has one `player_wins` a pot, a cash-out is the hand's): what the
/// player was paid and the fee, `win_amount` staying what the hand won
/// (0 when it won nothing there), as the specification asks.
fn cash_out(pots: &mut [OhhPot], id: u64, amount: Amount, fee: Amount) {
    let Some(main) = pots.iter_mut().find(|p| p.number == 0) else {
        return;
    };
    let k = match main.player_wins.binary_search_by_key(&id, |w| w.player_id) {
        Ok(k) => k,
        Err(k) => {
            main.player_wins.insert(k, win(id, Amount::at(0, 0)));
            k
        }
    };
    main.player_wins[k].cashout_amount = Some(amount);
    main.player_wins[k].cashout_fee = Some(fee);
}

/// The bounties the settlement paid (RULES.md §12), when the request gave
/// `settle.tournament` and the players their `player_bounty`: one entry a
/// collector paid in cash for a player knocked out, `bounty_won` in the
/// hand's bounty decimals (a progressive knockout's other part goes on
/// the collector's own bounty, not won now). On the tournament's last
/// hand the winner is also paid their own bounty (RULES.md §12.7): an
/// entry of its own, the winner as both collector and player knocked
/// out, since OHH has no other place for it. `None` otherwise: the
/// room's, if any, stay as they came.
fn bounties(
    hand: &OhhHand,
    settled: &HandComplete,
    id_of: &dyn Fn(&str) -> Option<u64>,
) -> Option<Vec<OhhBounty>> {
    let eliminations = settled.eliminations.as_ref()?;
    let any = hand
        .players
        .iter()
        .any(|p| p.player_bounty.is_some_and(|b| b.0.units > 0));
    if !any {
        return None;
    }
    let scale = bounty_scale_of(hand).unwrap_or(0);
    let mut out = Vec::new();
    for e in eliminations {
        let Some(defeated) = id_of(&e.agent_id) else {
            continue;
        };
        for a in e.awards.iter().filter(|a| a.cash > 0) {
            if let Some(player_id) = id_of(&a.agent_id) {
                out.push(OhhBounty {
                    player_id,
                    bounty_won: Amount::at(i128::from(a.cash), scale),
                    defeated_player_id: defeated,
                });
            }
        }
    }
    out.extend(own_bounty(settled, id_of, scale));
    Some(out)
}

/// The tournament winner's own bounty, paid with the title: what the
/// settlement paid the winner in bounty money beyond their awards.
fn own_bounty(
    settled: &HandComplete,
    id_of: &dyn Fn(&str) -> Option<u64>,
    scale: u32,
) -> Option<OhhBounty> {
    let winner = settled.tournament_winner.as_deref()?;
    let paid = *settled.bounty_cash.as_ref()?.get(winner)?;
    let awards: u64 = (settled.eliminations.iter().flatten())
        .flat_map(|e| &e.awards)
        .filter(|a| a.agent_id == winner)
        .map(|a| a.cash)
        .sum();
    let own = paid.checked_sub(awards).filter(|&own| own > 0)?;
    let id = id_of(winner)?;
    Some(OhhBounty {
        player_id: id,
        bounty_won: Amount::at(i128::from(own), scale),
        defeated_player_id: id,
    })
}

/// Where the room's bounties differ from the settlement's, entry by
/// collector and player knocked out.
fn bounty_differences(room: &[OhhBounty], ours: &[OhhBounty]) -> Vec<Difference> {
    let key = |b: &OhhBounty| (b.player_id, b.defeated_player_id);
    let mut out = Vec::new();
    for (k, theirs) in room.iter().enumerate() {
        let mine = ours
            .iter()
            .find(|m| key(m) == key(theirs))
            .map(|m| m.bounty_won);
        if mine != Some(theirs.bounty_won) {
            out.push(Difference {
                at: format!("/ohh/tournament_bounties/{k}/bounty_won"),
                room: Some(theirs.bounty_won),
                showdown: mine,
            });
        }
    }
    for mine in ours
        .iter()
        .filter(|m| !room.iter().any(|t| key(t) == key(m)))
    {
        out.push(Difference {
            at: "/ohh/tournament_bounties/-".to_string(),
            room: None,
            showdown: Some(mine.bounty_won),
        });
    }
    out
}

/// A `Showdown` round from the settlement's showdown, when the hand had
/// none: who showed (with the cards the record gave) and who mucked. A
/// pot left to one player is won unseen (RULES.md §15.3): no showdown, so
/// no round, and the record sent back settles the same.
fn showdown_round(ohh: &mut OhhHand, settled: &HandComplete, id_of: &dyn Fn(&str) -> Option<u64>) {
    let Some(entries) = &settled.showdown else {
        return;
    };
    if &*settled.reason == "uncontested" {
        return;
    }
    if ohh.rounds.iter().any(|r| r.street == "Showdown") || entries.is_empty() {
        return;
    }
    let cards_of = |id: u64| {
        ohh.rounds
            .iter()
            .rev()
            .flat_map(|r| r.actions.iter().rev())
            .filter(|a| a.player_id == Some(id))
            .find_map(|a| a.cards.clone())
    };
    let actions = entries
        .iter()
        .filter_map(|e| id_of(&e.agent_id).map(|id| (id, e.shown)))
        .map(|(id, shown)| OhhAction {
            action_number: None,
            player_id: Some(id),
            action: if shown { "Shows Cards" } else { "Mucks Cards" }.to_string(),
            amount: None,
            is_allin: None,
            cards: if shown { cards_of(id) } else { None },
        })
        .collect();
    let id = ohh.rounds.len();
    ohh.rounds.push(OhhRound {
        id: Some(serde_json::Value::from(id)),
        street: "Showdown".to_string(),
        cards: None,
        actions,
    });
}

/// Every place the room's pots differ from ours, pot by pot by `number`.
fn differences(room: &[OhhPot], ours: &[OhhPot]) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut diff = |at: String, room: Option<Amount>, showdown: Option<Amount>| {
        let zero = |a: Option<Amount>| a.is_none_or(|a| a.0.units == 0);
        let same = match (room, showdown) {
            (Some(r), Some(s)) => r == s,
            (r, s) => zero(r) && zero(s),
        };
        if !same {
            out.push(Difference { at, room, showdown });
        }
    };
    for (k, pot) in room.iter().enumerate() {
        let at = format!("/ohh/pots/{k}");
        let Some(mine) = ours.iter().find(|p| p.number == pot.number) else {
            diff(format!("{at}/amount"), Some(pot.amount), None);
            continue;
        };
        diff(format!("{at}/amount"), Some(pot.amount), Some(mine.amount));
        diff(format!("{at}/rake"), pot.rake, mine.rake);
        diff(format!("{at}/jackpot"), pot.jackpot, mine.jackpot);
        for (w, win) in pot.player_wins.iter().enumerate() {
            let ours = mine
                .player_wins
                .iter()
                .find(|m| m.player_id == win.player_id);
            diff(
                format!("{at}/player_wins/{w}/win_amount"),
                Some(win.win_amount),
                ours.map(|m| m.win_amount),
            );
            diff(
                format!("{at}/player_wins/{w}/cashout_amount"),
                win.cashout_amount,
                ours.and_then(|m| m.cashout_amount),
            );
            diff(
                format!("{at}/player_wins/{w}/cashout_fee"),
                win.cashout_fee,
                ours.and_then(|m| m.cashout_fee),
            );
        }
        for m in &mine.player_wins {
            if !pot.player_wins.iter().any(|w| w.player_id == m.player_id) {
                diff(format!("{at}/player_wins/-"), None, Some(m.win_amount));
            }
        }
    }
    for mine in ours {
        if !room.iter().any(|p| p.number == mine.number) {
            diff(
                format!("/ohh/pots/{}", mine.number),
                None,
                Some(mine.amount),
            );
        }
    }
    out
}
