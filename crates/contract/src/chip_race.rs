//! The JSON of `POST /v1/chip-race`, its validation (every problem, each
//! with a JSON Pointer, through the accumulator settle validation uses) and
//! the glue to `showdown_core::chip_race`.
//!
//! [`chip_race_request`] is the whole pipeline, HTTP free: the route only
//! wraps it. Players reach the core sorted by seat,
//! so the response never depends on the order of the request;
//! pointers index the request as sent.
//!
//! A deal is either the cards a table really dealt (an audit) or a seed: the
//! response echoes the seed, and the shuffle is fixed for good (see
//! `showdown_core::draw`), so anyone can replay it. The service never picks a
//! seed itself: the same request always gives the same bytes.

mod answer;
mod check;
mod dto;

pub use dto::{
    ChipRaceAward, ChipRacePlayerRequest, ChipRacePlayerResult, ChipRaceRequest, ChipRaceResponse,
};

use crate::problems::{seat_order, seating, Problems};
use showdown_core::chip_race::chip_race;
use showdown_core::ChipRaceRefusal;
use showdown_json::Invalid;

/// Run a chip race request: the response, or every problem found. The
/// steps of the race: check the denominations, the convention, the table
/// and each player's chips and cards; then the core races the players by
/// seat, and the response names them as the request did.
pub fn chip_race_request(req: &ChipRaceRequest) -> Result<ChipRaceResponse, Invalid> {
    let mut p = Problems::default();
    let ratio = check::ratio(&mut p, req);
    let convention = check::convention(&mut p, req);
    p.seed(req.seed);
    if req.players.is_empty() {
        p.push("/players", ChipRaceRefusal::NoPlayers.to_string());
    }
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let seats: Vec<u32> = req.players.iter().map(|pl| pl.seat).collect();
    p.seating(&mut seating(&ids, &seats), usize::MAX);
    check::players(&mut p, req, ratio);
    let by_request = check::cards(&mut p, req);
    p.finish()?;

    let order = seat_order(req.players.iter().map(|pl| pl.seat));
    let input = answer::input(req, &order, convention, by_request);
    // Validation makes the core's errors unreachable; should one trip anyway
    // it is still the client's request at fault, never a 5xx.
    let r = chip_race(&input)
        .map_err(|e| Invalid::one("", format!("the chip race cannot be run: {e}")))?;
    Ok(answer::response(req, &order, convention, &r))
}
