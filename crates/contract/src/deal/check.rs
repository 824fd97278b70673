//! The deal request checked, every problem of RULES.md §14.9 with its
//! JSON Pointer: the method, the players and their stacks, the prizes
//! and the amount set aside.

use super::dto::DealRequest;
use crate::problems::{earlier_equal, Problems};
use showdown_core::{ChipAmount, DealMethod, MAX_AMOUNT, MAX_ICM_PLAYERS, MAX_PRIZES};

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
    let max = method.map_or(MAX_PRIZES, DealMethod::max_players);
    if n < 2 {
        p.push(
            "/players",
            format!("a deal needs at least 2 players, got {n}"),
        );
    } else if n > max {
        let why = if method == Some(DealMethod::Icm) {
            format!(
                "icm takes at most {MAX_ICM_PLAYERS} players (its work doubles with each one), got {n}: use chipChop or equal, or deal with fewer players left"
            )
        } else {
            format!("a deal takes at most {max} players, got {n}")
        };
        p.push("/players", why);
    }
    let first = earlier_equal(n, |i| req.players[i].id.as_str());
    let mut chips: u64 = 0;
    for (i, pl) in req.players.iter().enumerate() {
        p.id(i, &pl.id, first(i).filter(|_| !pl.id.is_empty()));
        if pl.stack == 0 {
            p.push(
                format!("/players/{i}/stack"),
                "stack must be at least 1: a player without chips is out of the tournament",
            );
        } else {
            p.amount(
                || format!("/players/{i}/stack"),
                ChipAmount::Stack,
                pl.stack,
                None,
            );
        }
        chips = chips.saturating_add(pl.stack);
    }
    if chips > MAX_AMOUNT && !p.over {
        p.push(
            "/players",
            format!("the stacks add up to {chips}, over 2^53 - 1 ({MAX_AMOUNT})"),
        );
    }
}

/// The prize table and the amount set aside (RULES.md §14.1, §14.5).
pub(super) fn prizes(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    crate::validate::prize::check_prizes("", &req.prizes, unit, p);
    let (k, n) = (req.prizes.len(), req.players.len());
    if k > n && k <= MAX_PRIZES {
        p.push(
            "/prizes",
            format!("{k} prizes for {n} players: list the places still to be paid, at most one a player"),
        );
    }
    set_aside(req, unit, p);
}

/// `setAside`: a multiple of the unit, at most the first prize less the
/// second (so the table it leaves never rises).
fn set_aside(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    let Some(aside) = req.set_aside else {
        return;
    };
    if let Some(u) = unit.filter(|u| !aside.is_multiple_of(*u)) {
        p.push(
            "/setAside",
            format!("setAside {aside} is not a multiple of prizeUnit {u}"),
        );
    }
    let first = req.prizes.first().copied().unwrap_or(0);
    let second = req.prizes.get(1).copied().unwrap_or(0);
    let most = first.saturating_sub(second);
    if aside > most {
        p.push(
            "/setAside",
            format!("setAside {aside} is above the first prize less the second ({first} - {second} = {most}): the winner's prize must stay at least the runner-up's"),
        );
    }
}
