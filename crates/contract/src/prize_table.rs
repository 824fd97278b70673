//! A prize table as every route that carries one reads it (RULES.md
//! §14.1, §14.3, §14.9): the settle route's `tournament`, `POST
//! /v1/prizes` and `POST /v1/deals`. The core decides and words each
//! refusal of the table once (`showdown_core::prize_table_problems`);
//! here each gets its pointer under the object that carries the table,
//! and `tiedPlaces` its closed set, so no route checks a table its own way.

use crate::problems::Problems;
use crate::request_names::worded;
use showdown_core::{prize_table_problems, PrizeTableAt, TiedPlaces, Unit};

/// The closed set of `tiedPlaces` (RULES.md §14.3).
pub(crate) const TIED_PLACES: [&str; 2] = ["split", "seat"];

/// `tiedPlaces` in the core's words (validation has closed the set).
pub(crate) fn tied_places(name: Option<&str>) -> TiedPlaces {
    match name {
        Some("seat") => TiedPlaces::Seat,
        _ => TiedPlaces::Split,
    }
}

/// A prize table's fields, wherever they sit; `at` is the pointer of the
/// object that holds them ("" for the top of the request).
pub(crate) struct TableFields<'r> {
    pub at: &'r str,
    pub prizes: Option<&'r [u64]>,
    pub prize_unit: Option<u64>,
    pub tied_places: Option<&'r str>,
}

/// RULES.md §14.1 and §14.9: the unit, `tiedPlaces` in its closed set,
/// then the prizes ([`check_prizes`]).
pub(crate) fn check_table(f: &TableFields, p: &mut Problems) {
    let at = f.at;
    let unit = p.unit(&format!("{at}/prizeUnit"), Unit::Prize, f.prize_unit);
    if let Some(tied) = f.tied_places {
        if !TIED_PLACES.contains(&tied) {
            p.push(
                format!("{at}/tiedPlaces"),
                showdown_json::closed_set::unknown("tiedPlaces", tied, &TIED_PLACES),
            );
        }
    }
    if let Some(prizes) = f.prizes {
        check_prizes(at, prizes, unit, p);
    }
}

/// The prizes of a table under `at`, every route's: each refusal the
/// core decides (`prize_table_problems`, which words it), at its pointer.
/// `unit` is the table's unit when it is valid.
pub(crate) fn check_prizes(at: &str, prizes: &[u64], unit: Option<u64>, p: &mut Problems) {
    for problem in prize_table_problems(prizes, unit) {
        p.push_with(|| pointer(at, problem.at), || worded(&problem.refusal));
    }
}

/// The pointer of a prize table's problem under `at`.
fn pointer(at: &str, place: PrizeTableAt) -> String {
    match place {
        PrizeTableAt::Prizes => format!("{at}/prizes"),
        PrizeTableAt::Prize(i) => format!("{at}/prizes/{i}"),
    }
}
