//! The 422 checks of a prize table (RULES.md §14.9), shared by the settle
//! route's `tournament`, `POST /v1/prizes` and `POST /v1/deals`: each
//! problem once, in one wording, with a pointer under the object that
//! carries the table.

use crate::problems::Problems;
use crate::settle::SettleRequest;
use showdown_core::{MAX_AMOUNT, MAX_PRIZES};

/// The closed set of `tiedPlaces` (RULES.md §14.3).
pub(crate) const TIED_PLACES: [&str; 2] = ["split", "seat"];

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
    let unit = p.unit(&format!("{at}/prizeUnit"), "prizeUnit", f.prize_unit);
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

/// The prizes of a table under `at`, every route's: at most
/// [`MAX_PRIZES`], each a multiple of `unit` (when it is valid) and not
/// above the one before, and their total within 2^53 - 1.
pub(crate) fn check_prizes(at: &str, prizes: &[u64], unit: Option<u64>, p: &mut Problems) {
    if prizes.len() > MAX_PRIZES {
        p.push(
            format!("{at}/prizes"),
            format!(
                "a prize table has at most {MAX_PRIZES} places, got {}",
                prizes.len()
            ),
        );
        return;
    }
    let mut total: u128 = 0;
    for (i, &prize) in prizes.iter().enumerate() {
        total += u128::from(prize);
        match unit {
            Some(u) if prize % u != 0 => p.push_with(
                || format!("{at}/prizes/{i}"),
                || format!("prize {prize} is not a multiple of prizeUnit {u}"),
            ),
            _ => {}
        }
        if i > 0 && prize > prizes[i - 1] {
            p.push_with(
                || format!("{at}/prizes/{i}"),
                || {
                    format!(
                        "prize {prize} of place {} is above {} of place {i}: prizes never rise",
                        i + 1,
                        prizes[i - 1]
                    )
                },
            );
        }
    }
    if total > u128::from(MAX_AMOUNT) {
        p.push(
            format!("{at}/prizes"),
            format!("the prizes add up to more than 2^53 - 1 ({MAX_AMOUNT})"),
        );
    }
}

/// RULES.md §14.9, the settle route's part: the table under `tournament`,
/// which needs `playersLeft` to place anyone.
pub(super) fn check(req: &SettleRequest, p: &mut Problems) {
    let Some(t) = req.tournament.as_ref() else {
        return;
    };
    if t.prizes.is_some() && t.players_left.is_none() {
        p.push(
            "/tournament/prizes",
            "prizes needs playersLeft: the places a hand pays are counted from the players left",
        );
    }
    check_table(
        &TableFields {
            at: "/tournament",
            prizes: t.prizes.as_deref(),
            prize_unit: t.prize_unit,
            tied_places: t.tied_places.as_deref(),
        },
        p,
    );
}
