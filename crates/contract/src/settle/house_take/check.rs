//! The 422 checks of the house's take (RULES.md §8; API.md "Rake, jackpot
//! drop and several boards"); `answer.rs` reads it for the core once
//! valid.

use super::dto::RakeRequest;
use crate::problems::Problems;
use crate::request_names::{pointer, worded};
use crate::settle::dto::SettleRequest;
use showdown_core::{
    cap_ladder_refusals, players_dealt_refusal, rake_rate_refusal, Attribution, ChipAmount, Place,
    RakeAt, RakeRefusal, Rounding, Spread,
};

/// `rake.rounding`, as the contract spells it.
pub(crate) fn rounding(s: Option<&str>) -> Option<Rounding> {
    match s {
        None | Some("down") => Some(Rounding::Down),
        Some("halfEven") => Some(Rounding::HalfEven),
        Some("up") => Some(Rounding::Up),
        Some(_) => None,
    }
}

/// `rake.spread`, as the contract spells it.
pub(crate) fn spread(s: Option<&str>) -> Option<Spread> {
    match s {
        None | Some("proportional") => Some(Spread::Proportional),
        Some("mainFirst") => Some(Spread::MainFirst),
        Some("lastFirst") => Some(Spread::LastFirst),
        Some("proportionalMainRest") => Some(Spread::ProportionalMainRest),
        Some(_) => None,
    }
}

/// `rake.attribution`, as the contract spells it.
pub(crate) fn attribution(s: Option<&str>) -> Option<Attribution> {
    match s {
        None | Some("weightedContributed") => Some(Attribution::WeightedContributed),
        Some("contributed") => Some(Attribution::Contributed),
        Some("dealt") => Some(Attribution::Dealt),
        Some(_) => None,
    }
}

/// Every problem of `rake` and `jackpot`, each with its pointer. `unit` is
/// the request's chip unit when it is valid.
pub(crate) fn check(req: &SettleRequest, unit: Option<u64>, p: &mut Problems) {
    if let Some(r) = &req.rake {
        check_rake(r, req.players.len(), unit, p);
    }
    if let Some(j) = &req.jackpot {
        p.amount(
            || "/jackpot/amount".into(),
            ChipAmount::JackpotAmount,
            j.amount,
            unit,
        );
        if let Some(min_pot) = j.min_pot {
            p.amount(
                || "/jackpot/minPot".into(),
                ChipAmount::MinPot,
                min_pot,
                unit,
            );
        }
    }
}

/// A refusal of the house's terms at its pointer.
fn refused(p: &mut Problems, r: RakeRefusal) {
    let at = match r.at() {
        RakeAt::PercentBp => "/rake/percentBp".to_string(),
        RakeAt::PlayersDealt => "/rake/playersDealt".to_string(),
        RakeAt::MinPlayers(k) => pointer(Place::CapMinPlayers(k)),
    };
    p.push(at, worded(&r));
}

fn check_rake(r: &RakeRequest, players: usize, unit: Option<u64>, p: &mut Problems) {
    if let Some(refusal) = rake_rate_refusal(r.percent_bp) {
        refused(p, refusal);
    }
    if let Some(cap) = r.cap {
        p.amount(|| "/rake/cap".into(), ChipAmount::Cap, cap, unit);
        if r.caps_by_players_dealt.is_some() {
            p.push(
                "/rake/capsByPlayersDealt",
                "give cap or capsByPlayersDealt, not both",
            );
        }
    }
    let steps = r.caps_by_players_dealt.as_deref().unwrap_or(&[]);
    let mins: Vec<u32> = steps.iter().map(|s| s.min_players).collect();
    let mut twice = cap_ladder_refusals(&mins).into_iter().peekable();
    for (k, step) in steps.iter().enumerate() {
        let at = || format!("/rake/capsByPlayersDealt/{k}/cap");
        p.amount(at, ChipAmount::Cap, step.cap, unit);
        if let Some(r) = twice.next_if(|r| r.at() == RakeAt::MinPlayers(k)) {
            refused(p, r);
        }
    }
    let dealt = r.players_dealt;
    if let Some(refusal) = dealt.and_then(|d| players_dealt_refusal(d, players)) {
        refused(p, refusal);
    }
    let unknown = [
        (
            "rounding",
            &r.rounding,
            rounding(r.rounding.as_deref()).is_none(),
            "\"down\", \"halfEven\" or \"up\"",
        ),
        (
            "spread",
            &r.spread,
            spread(r.spread.as_deref()).is_none(),
            "\"proportional\", \"mainFirst\", \"lastFirst\" or \"proportionalMainRest\"",
        ),
        (
            "attribution",
            &r.attribution,
            attribution(r.attribution.as_deref()).is_none(),
            "\"weightedContributed\", \"contributed\" or \"dealt\"",
        ),
    ];
    for (field, value, bad, choices) in unknown {
        if bad {
            let value = value.as_deref().unwrap_or_default();
            // The quoted words of `choices` are the set (API.md, Closed sets).
            let allowed: Vec<&str> = choices.split('"').skip(1).step_by(2).collect();
            p.push(
                format!("/rake/{field}"),
                showdown_json::closed_set::unknown(field, value, &allowed),
            );
        }
    }
}
