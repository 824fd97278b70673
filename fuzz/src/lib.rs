//! What every fuzz target checks once a request was settled: the money adds
//! up (API.md's invariant) and the answer serializes. A panic here is a
//! crash libFuzzer keeps.

use showdown_contract::settle::{HandCompleteEvent, SettleRequest};

/// API.md: the sum of `potBreakdown` amounts plus `uncalled` equals the sum
/// of every `committed` and `dead` plus `deadMoney`; and every player's final
/// stack is `stack − committed − dead + won + returned`.
pub fn check_settlement(req: &SettleRequest, event: &HandCompleteEvent) {
    let d = &event.data;
    let paid_in: u128 = req
        .players
        .iter()
        .map(|p| u128::from(p.committed) + u128::from(p.dead.unwrap_or(0)))
        .sum::<u128>()
        + u128::from(req.dead_money.unwrap_or(0));
    let won: u128 = d.pot_breakdown.iter().map(|e| u128::from(e.amount)).sum();
    let returned: u128 = d.uncalled.iter().map(|u| u128::from(u.amount)).sum();
    // RULES.md §8.8: the rake and the jackpot drop are the rest.
    let house: u128 = [&d.rake, &d.jackpot]
        .into_iter()
        .flatten()
        .map(|t| u128::from(t.amount))
        .sum();
    assert_eq!(
        won + returned + house,
        paid_in,
        "chips created or lost: {req:?} -> {event:?}"
    );
    let pots: u128 = d.pots.iter().map(|p| u128::from(p.amount)).sum();
    assert_eq!(pots, won + house, "pots and potBreakdown disagree: {event:?}");

    assert_eq!(d.final_chip_stacks.len(), req.players.len());
    for p in &req.players {
        let won_p: u128 = d
            .pot_breakdown
            .iter()
            .filter(|e| e.agent_id == p.id)
            .map(|e| u128::from(e.amount))
            .sum();
        let back: u128 = d
            .uncalled
            .iter()
            .filter(|u| u.agent_id == p.id)
            .map(|u| u128::from(u.amount))
            .sum();
        let expect = u128::from(p.stack) + won_p + back
            - u128::from(p.committed)
            - u128::from(p.dead.unwrap_or(0));
        assert_eq!(
            u128::from(d.final_chip_stacks[p.id.as_str()]),
            expect,
            "final stack of {}",
            p.id
        );
    }
    let unit = u128::from(req.chip_unit.unwrap_or(1));
    for pot in &d.pots {
        for s in &pot.shares {
            assert_eq!(
                u128::from(s.amount) % unit,
                0,
                "a share not in whole chip units"
            );
        }
    }
    check_tournament(req, event);
    check_showdown(event);
    serde_json::to_vec(event).expect("the event serializes");
}

/// RULES.md §15: at a showdown every player paid from a pot was shown,
/// and a hand not shown carries no card and no rank.
fn check_showdown(event: &HandCompleteEvent) {
    let d = &event.data;
    let Some(entries) = &d.showdown else {
        return;
    };
    for e in entries.iter().filter(|e| !e.shown) {
        assert!(
            e.cards.is_none() && e.hand_rank.is_none() && e.hand_ranks.is_none(),
            "a mucked hand with cards: {e:?}"
        );
    }
    if d.reason != "showdown" {
        return;
    }
    for share in d.pots.iter().flat_map(|p| &p.shares) {
        let entry = entries.iter().find(|e| e.agent_id == share.agent_id);
        assert!(
            entry.is_some_and(|e| e.shown),
            "{} is paid but not shown: {entries:?}",
            share.agent_id
        );
    }
}

/// RULES.md §12.9 and the shape of every award, on a tournament hand.
fn check_tournament(req: &SettleRequest, event: &HandCompleteEvent) {
    let d = &event.data;
    let (Some(t), Some(gone), Some(after), Some(cash)) = (
        &req.tournament,
        &d.eliminations,
        &d.bounties,
        &d.bounty_cash,
    ) else {
        assert!(req.tournament.is_none(), "a tournament hand without its end");
        return;
    };
    let unit = t.bounty_unit.unwrap_or(1);
    let bounty = |id: &str| {
        req.players
            .iter()
            .find(|p| p.id == id)
            .and_then(|p| p.bounty)
            .unwrap_or(0)
    };
    let mut head: u128 = 0;
    for e in gone {
        assert_eq!(d.final_chip_stacks[e.agent_id.as_ref()], 0, "{e:?}");
        assert_eq!(e.bounty, bounty(&e.agent_id));
        let amounts: Vec<u64> = e.awards.iter().map(|a| a.amount).collect();
        assert_eq!(amounts.iter().sum::<u64>(), e.bounty, "{e:?}");
        let spread = amounts.iter().max().unwrap() - amounts.iter().min().unwrap();
        assert!(spread <= unit, "{e:?}");
        for a in &e.awards {
            assert_eq!(a.amount, a.cash + a.head, "{a:?}");
            assert!(d.final_chip_stacks[a.agent_id.as_ref()] > 0, "{a:?}");
            head += u128::from(a.head);
        }
    }
    let winner_own: u128 = d.tournament_winner.as_ref().map_or(0, |w| {
        let collected: u64 = gone
            .iter()
            .flat_map(|e| &e.awards)
            .filter(|a| &a.agent_id == w)
            .map(|a| a.head)
            .sum();
        u128::from(bounty(w)) + u128::from(collected)
    });
    let bounties_in: u128 = gone.iter().map(|e| u128::from(e.bounty)).sum::<u128>() + winner_own;
    let paid: u128 = cash.values().map(|&c| u128::from(c)).sum();
    assert_eq!(bounties_in, paid + head, "RULES.md §12.9: {event:?}");
    assert_eq!(after.len() + gone.len(), req.players.len());
}
