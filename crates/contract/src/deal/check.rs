//! The deal request checked, every problem of RULES.md §14.9 with its
//! JSON Pointer: the method, the players and their stacks, the prizes
//! and the amount set aside.

use super::dto::DealRequest;
use crate::problems::{seating, Problems};
use crate::request_names::worded;
use showdown_core::{
    player_count_refusal, prize_count_refusal, set_aside_refusals, stack_refusal,
    stacks_total_refusal, DealAt, DealMethod, DealRefusal,
};

/// The methods, as the request names them.
const METHODS: [&str; 3] = ["icm", "chipChop", "equal"];

/// `method`, one of three (a closed set: a hint when it is off).
pub(super) fn method(name: &str, p: &mut Problems) -> Option<DealMethod> {
    match name {
        "icm" => Some(DealMethod::Icm),
        "chipChop" => Some(DealMethod::ChipChop),
        "equal" => Some(DealMethod::Equal),
        other => {
            p.push(
                "/method",
                showdown_json::closed_set::unknown("method", other, &METHODS),
            );
            None
        }
    }
}

/// How many players, their ids and stacks (RULES.md §14.6).
pub(super) fn players(req: &DealRequest, method: Option<DealMethod>, p: &mut Problems) {
    let n = req.players.len();
    push(p, player_count_refusal(method, n));
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let mut seated = seating(&ids, &[]);
    for (i, pl) in req.players.iter().enumerate() {
        p.seating(&mut seated, i);
        push(p, stack_refusal(i, pl.stack));
    }
    let stacks: Vec<u64> = req.players.iter().map(|pl| pl.stack).collect();
    push(p, stacks_total_refusal(&stacks));
}

/// The prize table and the amount set aside (RULES.md §14.1, §14.5).
pub(super) fn prizes(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    crate::prize_table::check_prizes("", &req.prizes, unit, p);
    push(p, prize_count_refusal(req.prizes.len(), req.players.len()));
    if let Some(aside) = req.set_aside {
        for refusal in set_aside_refusals(aside, &req.prizes, unit) {
            push(p, Some(refusal));
        }
    }
}

/// The core's refusal, if any, at its pointer.
fn push(p: &mut Problems, refusal: Option<DealRefusal>) {
    if let Some(r) = refusal {
        p.push(pointer(r.at()), worded(&r));
    }
}

/// The JSON Pointer of a deal refusal's place.
pub(super) fn pointer(at: DealAt) -> String {
    match at {
        DealAt::Players => "/players".to_string(),
        DealAt::Stack(i) => format!("/players/{i}/stack"),
        DealAt::Prizes => "/prizes".to_string(),
        DealAt::SetAside => "/setAside".to_string(),
    }
}
