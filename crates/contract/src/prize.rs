//! Prize money in the answer (API.md "Prize money" and "POST /v1/prizes";
//! RULES.md §14.1-14.4): the settle route's prize table and the `prize`
//! steps a cashier would read out, and the hand-for-hand route, whose
//! whole pipeline, HTTP free, is [`prizes_request`].

use crate::dto::{
    EliminationDto, Id, PrizeFinish, PrizeLine, PrizeNotes, PrizesRequest, PrizesResponse,
    SettleRequest,
};
use crate::explain::{ordinal, player_name};
use crate::problems::Problems;
use crate::step::{ExplainRule, ExplainStep};
use crate::validate::prize::{check_table, TableFields};
use showdown_core::prize::{finish, Bust};
use showdown_core::{PrizeTable, TiedPlaces, TournamentOutcome, MAX_AMOUNT};
use showdown_json::Invalid;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// The most players one `POST /v1/prizes` request may list.
pub const MAX_PRIZE_PLAYERS: usize = 10_000;

/// The settle request's prize table (validation has checked it).
pub(crate) fn settle_table(req: &SettleRequest) -> Result<Option<PrizeTable>, Invalid> {
    let Some(t) = req.tournament.as_ref() else {
        return Ok(None);
    };
    let Some(prizes) = t.prizes.as_ref() else {
        return Ok(None);
    };
    PrizeTable::new(prizes.clone(), t.prize_unit.unwrap_or(1))
        .map(Some)
        .map_err(|e| Invalid::one("/tournament/prizes", e.to_string()))
}

/// `tiedPlaces` in the core's words (validation has closed the set).
pub(crate) fn tied_places(name: Option<&str>) -> TiedPlaces {
    match name {
        Some("seat") => TiedPlaces::Seat,
        _ => TiedPlaces::Split,
    }
}

/// RULES.md §14.2-14.3: what the `prize` steps will read of a settled
/// hand's outcome; `id(k)` names core player `k`.
pub(crate) fn notes<'a>(
    table: &PrizeTable,
    out: &TournamentOutcome,
    tied: TiedPlaces,
    id: &dyn Fn(usize) -> Id<'a>,
) -> PrizeNotes<'a> {
    let lines = out
        .eliminations
        .iter()
        .filter_map(|e| {
            let (p, places) = (e.prize?, e.places?);
            let pot = (places.0..=places.1.min(table.paid_places()))
                .map(|pl| table.place(pl))
                .sum();
            let equal_stacks = out
                .eliminations
                .iter()
                .filter(|o| o.stack == e.stack && o.player != e.player)
                .count();
            let line = PrizeLine {
                places,
                amount: p.amount,
                pot,
                sharers: p.sharers,
                odd_units: p.odd_units,
                equal_stacks,
            };
            Some((id(e.player), line))
        })
        .collect();
    PrizeNotes {
        unit: table.unit(),
        paid_places: table.paid_places(),
        seat_rule: tied == TiedPlaces::Seat,
        lines,
        winner_prize: out.winner_prize,
    }
}

/// RULES.md §14.2-14.3: the `prize` step of an elimination in the money
/// (its places reach the paid ones); none for the others.
pub(crate) fn elimination_step(
    notes: &PrizeNotes,
    req: &SettleRequest,
    e: &EliminationDto,
) -> Option<ExplainStep> {
    let line = notes.lines.get(&e.agent_id)?;
    if line.places.0 > notes.paid_places {
        return None;
    }
    let who = player_name(req, &e.agent_id);
    let order = if req.button_seat.is_some() {
        "seat order after the button"
    } else {
        "seat order (by seat number, a stud game)"
    };
    let text = if line.sharers > 1 {
        shared_words(&who, line, notes.unit, order)
    } else if line.equal_stacks > 0 && notes.seat_rule {
        format!(
            "{who} is paid {} for {} place: equal stacks do not share under tiedPlaces seat, so {order} placed them one place each (RULES.md §14.3).",
            line.amount,
            ordinal(line.places.0)
        )
    } else {
        format!(
            "{who} is paid {} for {} place (RULES.md §14.2).",
            line.amount,
            ordinal(line.places.0)
        )
    };
    Some(ExplainStep {
        rule: ExplainRule::Prize,
        source: "RULES.md §14.2-14.3".into(),
        pot: None,
        players: vec![e.agent_id.to_string()],
        amount: line.amount,
        text,
    })
}

/// RULES.md §14.2: the winner's first prize at the last hand.
pub(crate) fn winner_step(notes: &PrizeNotes, req: &SettleRequest, w: &Id) -> Option<ExplainStep> {
    let amount = notes.winner_prize?;
    Some(ExplainStep {
        rule: ExplainRule::Prize,
        source: "RULES.md §14.2".into(),
        pot: None,
        players: vec![w.to_string()],
        amount,
        text: format!(
            "{} wins the tournament and is paid the first prize, {amount} (RULES.md §14.2).",
            player_name(req, w)
        ),
    })
}

/// How a shared prize divided, for one of the players who share it.
fn shared_words(who: &str, line: &PrizeLine, unit: u64, order: &str) -> String {
    let (from, to) = line.places;
    let g = line.sharers;
    let units = line.pot / unit;
    let (each, odd) = (units / g * unit, units % g);
    let unit_words = if unit == 1 {
        String::new()
    } else {
        format!(" in units of {unit}")
    };
    let head = format!(
        "{who} shares {} to {} place with {} other player{} on equal stacks: those places pay {} together, divided {g} ways{unit_words}, {each} each",
        ordinal(from),
        ordinal(to),
        g - 1,
        if g == 2 { "" } else { "s" },
        line.pot
    );
    let tail = match (odd, line.odd_units) {
        (0, _) => String::new(),
        (1, 1) => format!("; the unit left over goes to the first of them in {order}, {who}"),
        (1, _) => format!("; the unit left over goes to the first of them in {order}, met before {who}"),
        (_, 1) => format!("; the {odd} units left over go one each to the first {odd} of them in {order}, {who} among them"),
        _ => format!("; the {odd} units left over go one each to the first {odd} of them in {order}, all met before {who}"),
    };
    format!(
        "{head}{tail}: {who} is paid {} (RULES.md §14.2-14.3).",
        line.amount
    )
}

/// `POST /v1/prizes` (RULES.md §14.4): validate, place every bust by
/// stack and `tieBreak`, and pay the places.
pub fn prizes_request(req: &PrizesRequest) -> Result<PrizesResponse<'_>, Invalid> {
    validate(req)?;
    let tied = tied_places(req.tied_places.as_deref());
    let table = PrizeTable::new(req.prizes.clone(), req.prize_unit.unwrap_or(1))
        .map_err(|e| Invalid::one("/prizes", e.to_string()))?;
    // The house's order of equal stacks: `tieBreak` (absent last), then id.
    let mut by_house: Vec<usize> = (0..req.players.len()).collect();
    by_house.sort_by(|&a, &b| {
        let key = |i: usize| (req.players[i].tie_break.is_none(), req.players[i].tie_break);
        key(a).cmp(&key(b)).then_with(|| {
            req.players[a]
                .id
                .as_bytes()
                .cmp(req.players[b].id.as_bytes())
        })
    });
    let mut rank = vec![0u64; req.players.len()];
    for (r, &i) in by_house.iter().enumerate() {
        rank[i] = r as u64;
    }
    let busts: Vec<Bust> = req
        .players
        .iter()
        .zip(&rank)
        .map(|(p, &rank)| Bust {
            stack: p.stack,
            rank,
        })
        .collect();
    let finishes = finish(&busts, req.players_left, tied, Some(&table))
        .map_err(|e| Invalid::one("/players", e.to_string()))?;
    let mut listed: Vec<usize> = (0..req.players.len()).collect();
    listed.sort_by_key(|&i| (finishes[i].order, rank[i]));
    let eliminations: Vec<PrizeFinish> = listed
        .iter()
        .map(|&i| PrizeFinish {
            agent_id: Cow::Borrowed(req.players[i].id.as_str()),
            stack: req.players[i].stack,
            order: finishes[i].order,
            places: [finishes[i].places.0, finishes[i].places.1],
            prize: finishes[i].prize,
        })
        .collect();
    let prize_cash: BTreeMap<Id, u64> = eliminations
        .iter()
        .filter(|e| e.prize > 0)
        .map(|e| (e.agent_id.clone(), e.prize))
        .collect();
    Ok(PrizesResponse {
        eliminations,
        prize_cash,
        players_left: req.players_left - req.players.len() as u64,
    })
}

/// RULES.md §14.9, the prizes route's part: the table, the players, their
/// ids, stacks and tie breaks, and the field.
fn validate(req: &PrizesRequest) -> Result<(), Invalid> {
    let mut p = Problems::default();
    check_table(
        &TableFields {
            at: "",
            prizes: Some(&req.prizes),
            prize_unit: req.prize_unit,
            tied_places: req.tied_places.as_deref(),
        },
        &mut p,
    );
    let n = req.players.len();
    if n == 0 {
        p.push(
            "/players",
            "a hand for hand needs at least 1 player knocked out, got 0",
        );
    } else if n > MAX_PRIZE_PLAYERS {
        p.push(
            "/players",
            format!("at most {MAX_PRIZE_PLAYERS} players a request, got {n}"),
        );
        return p.finish();
    }
    if req.players_left > MAX_AMOUNT {
        p.push(
            "/playersLeft",
            format!(
                "playersLeft {} is over 2^53 - 1 ({MAX_AMOUNT})",
                req.players_left
            ),
        );
    } else if req.players_left <= n as u64 {
        p.push(
            "/playersLeft",
            format!(
                "playersLeft {} must be above the {n} players knocked out: someone is left with chips",
                req.players_left
            ),
        );
    }
    check_players(req, &mut p);
    p.finish()
}

/// Ids unique and not empty, stacks at least 1, and with `seat` a
/// `tieBreak` on every player, never one shared by two equal stacks.
fn check_players(req: &PrizesRequest, p: &mut Problems) {
    let seat = req.tied_places.as_deref() == Some("seat");
    let mut ids: HashMap<&str, usize> = HashMap::with_capacity(req.players.len());
    let mut breaks: HashMap<(u64, u64), usize> = HashMap::new();
    for (i, pl) in req.players.iter().enumerate() {
        let first = ids.get(pl.id.as_str()).copied();
        p.id(i, &pl.id, first);
        ids.entry(pl.id.as_str()).or_insert(i);
        if pl.stack == 0 {
            p.push(
                format!("/players/{i}/stack"),
                "stack must be at least 1: a player knocked out started the hand with chips",
            );
        } else if pl.stack > MAX_AMOUNT {
            p.push(
                format!("/players/{i}/stack"),
                format!("stack {} is over 2^53 - 1 ({MAX_AMOUNT})", pl.stack),
            );
        }
        match pl.tie_break {
            None if seat => p.push(
                format!("/players/{i}/tieBreak"),
                "tiedPlaces seat needs a tieBreak on every player: the house's order of equal stacks",
            ),
            Some(t) if seat => {
                if let Some(first) = breaks.insert((pl.stack, t), i) {
                    p.push(
                        format!("/players/{i}/tieBreak"),
                        format!(
                            "tieBreak {t} is also that of /players/{first}, with the same stack: equal stacks need distinct tie breaks"
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}
