//! The OHH hand written back completed (API.md, `record`): the pots as
//! the settlement built them, from 0 with their rake and jackpot, who won
//! what, a `Showdown` round from RULES.md §15 when the hand had none, and
//! where the room's own `pots` were given, every place they differ.

use crate::ohh::amount::Amount;
use crate::ohh::hand::{OhhAction, OhhHand, OhhPot, OhhRound, OhhWin};
use serde::Serialize;
use showdown_contract::settle::HandComplete;
use std::collections::BTreeMap;

/// The completed record and, when the request carried the room's pots,
/// where they differ from ours.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Record {
    /// The hand completed: the settlement's `pots` and, when the hand had none, a `Showdown` round.
    pub ohh: OhhHand,
    /// Present when the request had `pots`: empty when the room agrees.
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
    let at = |units: u64| Amount::at(i128::from(units), scale);
    let pots: Vec<OhhPot> = settled
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
                    .map(|(player_id, won)| OhhWin {
                        player_id,
                        win_amount: at(won),
                        cashout_amount: None,
                        cashout_fee: None,
                        bonus_amount: None,
                        contributed_rake: None,
                    })
                    .collect(),
            }
        })
        .collect();
    let differences = hand.pots.as_ref().map(|room| differences(room, &pots));
    let mut ohh = hand.clone();
    ohh.pots = Some(pots);
    showdown_round(&mut ohh, settled, id_of);
    Record { ohh, differences }
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
