//! The 422 checks of the house's take (RULES.md §8; API.md "Rake, jackpot
//! drop and several boards"), which give the core's terms once valid, so
//! no later step reads the words again.

use super::dto::RakeRequest;
use crate::problems::Problems;
use crate::request_names::{pointer, worded};
use crate::settle::dto::SettleRequest;
use showdown_core::{
    cap_ladder_refusals, players_dealt_refusal, rake_rate_refusal, Attribution, Cap, CapStep,
    ChipAmount, Jackpot, Place, Rake, RakeAt, RakeRefusal, Rounding, Spread,
};

/// The house's terms as the core reads them: the rake and the jackpot
/// drop, each when the request has one and it is valid.
pub(crate) type Terms = (Option<Rake>, Option<Jackpot>);

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

/// Every problem of `rake` and `jackpot`, each with its pointer, and the
/// terms they give. `unit` is the request's chip unit when it is valid.
pub(crate) fn check(req: &SettleRequest, unit: Option<u64>, p: &mut Problems) -> Terms {
    let rake = req
        .rake
        .as_ref()
        .and_then(|r| check_rake(r, req.players.len(), unit, p));
    let jackpot = req.jackpot.as_ref().map(|j| Jackpot {
        amount: j.amount,
        min_pot: j.min_pot.unwrap_or(0),
        no_flop_no_drop: j.no_flop_no_drop.unwrap_or(true),
    });
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
    (rake, jackpot)
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

/// The problems of `rake`, and the rake it gives when it has none of its
/// own words wrong.
fn check_rake(
    r: &RakeRequest,
    players: usize,
    unit: Option<u64>,
    p: &mut Problems,
) -> Option<Rake> {
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
    let how = (
        rounding(r.rounding.as_deref()),
        spread(r.spread.as_deref()),
        attribution(r.attribution.as_deref()),
    );
    let unknown = [
        (
            "rounding",
            &r.rounding,
            how.0.is_none(),
            "\"down\", \"halfEven\" or \"up\"",
        ),
        (
            "spread",
            &r.spread,
            how.1.is_none(),
            "\"proportional\", \"mainFirst\", \"lastFirst\" or \"proportionalMainRest\"",
        ),
        (
            "attribution",
            &r.attribution,
            how.2.is_none(),
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
    Some(Rake {
        percent_bp: u32::try_from(r.percent_bp).unwrap_or(u32::MAX),
        cap: cap(r),
        players_dealt: r.players_dealt,
        rounding: how.0?,
        spread: how.1?,
        no_flop_no_drop: r.no_flop_no_drop.unwrap_or(true),
        attribution: how.2?,
    })
}

/// The rake's cap: one amount, a ladder by players dealt, or none.
fn cap(r: &RakeRequest) -> Cap {
    match (r.cap, &r.caps_by_players_dealt) {
        (Some(cap), _) => Cap::Fixed(cap),
        (None, Some(steps)) => Cap::ByPlayersDealt(
            steps
                .iter()
                .map(|s| CapStep {
                    min_players: s.min_players,
                    cap: s.cap,
                })
                .collect(),
        ),
        (None, None) => Cap::None,
    }
}
