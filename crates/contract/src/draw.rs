//! The JSON of `POST /v1/draw`, its validation (every problem, each with a
//! JSON Pointer, through the accumulator settle validation uses) and the
//! glue to `showdown_core::draw`.
//!
//! [`draw_request`] is the whole pipeline, HTTP free: the route only wraps
//! it. Players reach the core sorted by seat, so the response
//! never depends on the order of the request; pointers index the request
//! as sent. A deal is either the cards really dealt (an audit) or a seed,
//! echoed back, whose shuffle is fixed for good (`showdown_core::draw`).

mod answer;
mod check;
mod dto;

pub use dto::{DrawPlayerRequest, DrawPlayerResult, DrawRequest, DrawResponse};

use crate::problems::{seat_order, Problems};
use showdown_core::draw::draw;
use showdown_json::Invalid;

/// Run a draw request: the response, or every problem found. The table
/// and the deal are checked, the core draws for the players by seat, and
/// the response names them as the request did.
pub fn draw_request(req: &DrawRequest) -> Result<DrawResponse, Invalid> {
    let mut p = Problems::default();
    let parsed = check::request(&mut p, req);
    p.finish()?;

    let order = seat_order(req.players.iter().map(|pl| pl.seat));
    let input = answer::input(req, &order, parsed);
    let r = draw(&input).map_err(|e| Invalid::one("", format!("the draw cannot be run: {e}")))?;
    Ok(answer::response(req, &order, &r))
}
