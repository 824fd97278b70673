//! The JSON of `POST /v1/tables` (API.md; RULES.md §13), its validation
//! (every problem of §13.8, each with a JSON Pointer, through the
//! accumulator every route shares) and the glue to
//! `showdown_core::between_hands`.
//!
//! [`tables_request`] is the whole pipeline, HTTP free: the route and the
//! `showdown tables` subcommand only wrap it. Players are identified by
//! their place in the request, so the answer's ids borrow from it.

mod answer;
mod check;
mod dto;

pub use check::check_required;
pub use dto::{
    OpenSeat, SeatedPlayer, TableBreak, TableMove, TableNextHand, TableRequest, TablesRequest,
    TablesResponse,
};

use crate::next_hand::button_rule;
use showdown_core::{between_hands, Balancing};
use showdown_json::Invalid;

/// The whole tables route: validate, then the core, then the answer.
pub fn tables_request(req: &TablesRequest) -> Result<TablesResponse<'_>, Invalid> {
    check::request(req)?;
    let rule = button_rule(req.button_rule.as_deref());
    let (tables, who) = answer::input(req);
    let terms = Balancing {
        max_difference: req.max_difference.unwrap_or(1),
        halt_difference: req.halt_difference.unwrap_or(3),
        rule,
    };
    Ok(answer::response(req, &who, &between_hands(&tables, &terms)))
}
