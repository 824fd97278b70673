//! The enumeration's result as the answer of `POST /v1/equity`.

use super::dto::{EquityRequest, EquityResponse, PlayerEquity};
use crate::fraction::{percent, Fraction};
use showdown_equity::Equity;

/// Each player's equity in the one pot, in request order, each fraction
/// in lowest terms with its display percentage.
pub(super) fn response(req: &EquityRequest, result: &Equity) -> EquityResponse {
    let pot = &result.pots[0];
    let players = req
        .players
        .iter()
        .zip(&pot.players)
        .enumerate()
        .map(|(i, (p, s))| {
            let (numerator, denominator) = result.fraction(0, i);
            let equity = Fraction {
                numerator,
                denominator,
            };
            PlayerEquity {
                id: p.id.clone(),
                percent: percent(&equity),
                equity,
                wins: s.wins,
                ties: s.ties,
            }
        })
        .collect();
    EquityResponse {
        variant: req.variant.clone(),
        runouts: result.runouts,
        players,
    }
}
