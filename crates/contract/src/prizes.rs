//! `POST /v1/prizes` (API.md "POST /v1/prizes"; RULES.md §14.4): the busts
//! of one hand dealt hand for hand at several tables, placed together and
//! paid. [`prizes_request`] is the whole pipeline, HTTP free.

mod answer;
mod check;
mod dto;

pub use dto::{PrizeFinish, PrizePlayer, PrizesRequest, PrizesResponse};

use crate::request_names::worded;
use showdown_core::prize::finish;
use showdown_core::PrizeTable;
use showdown_json::Invalid;

/// `POST /v1/prizes` (RULES.md §14.4): validate, place every bust by
/// stack and `tieBreak`, and pay the places.
pub fn prizes_request(req: &PrizesRequest) -> Result<PrizesResponse<'_>, Invalid> {
    check::request(req)?;
    let tied = crate::prize_table::tied_places(req.tied_places.as_deref());
    let table = PrizeTable::new(req.prizes.clone(), req.prize_unit.unwrap_or(1))
        .map_err(|e| Invalid::one("/prizes", worded(&e)))?;
    let (busts, rank) = answer::busts(req);
    let finishes = finish(&busts, req.players_left, tied, Some(&table))
        .map_err(|e| Invalid::one("/players", worded(&e)))?;
    Ok(answer::response(req, &rank, &finishes))
}
