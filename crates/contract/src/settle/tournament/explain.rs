//! Prize money in the settle answer (API.md "Prize money"; RULES.md
//! §14.1-14.3): the settle route's prize table and the `prize` steps a
//! cashier would read out. The hand-for-hand route is `crate::prizes`.

use crate::settle::dto::{EliminationDto, PrizeLine, PrizeNotes, SettleRequest};
use crate::settle::explain::{ordinal, player_name};
use crate::settle::step::{ExplainRule, ExplainStep};
use crate::Id;
use showdown_core::{PrizeTable, TiedPlaces, TournamentOutcome};
use showdown_json::Invalid;

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
