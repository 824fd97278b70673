//! The prizes request checked, every problem of RULES.md §14.9 with its
//! JSON Pointer: the prize table, the players, their ids, stacks and tie
//! breaks, and the field.

use super::dto::PrizesRequest;
use crate::prize_table::{check_table, TableFields};
use crate::problems::{seating, Problems};
use crate::request_names::worded;
use showdown_core::{hand_for_hand_refusals, HandForHandAt, HandForHandRefusal, Knocked};
use showdown_json::Invalid;

/// RULES.md §14.9, the prizes route's part: the table, the players, their
/// ids, stacks and tie breaks, and the field.
pub(super) fn request(req: &PrizesRequest) -> Result<(), Invalid> {
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
    let busts: Vec<Knocked> = (req.players.iter())
        .map(|pl| Knocked {
            stack: pl.stack,
            tie_break: pl.tie_break,
        })
        .collect();
    let seat = req.tied_places.as_deref() == Some("seat");
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let refusals = hand_for_hand_refusals(&busts, req.players_left, seat);
    // Ids are listed beside each player's other problems, in player order.
    let read_ids = !matches!(refusals.first(), Some(HandForHandRefusal::TooManyBusts(_)));
    let mut seated = seating(if read_ids { &ids } else { &[] }, &[]);
    for r in refusals {
        let pointer = match r.at() {
            HandForHandAt::Players => "/players".to_string(),
            HandForHandAt::PlayersLeft => "/playersLeft".to_string(),
            HandForHandAt::Stack(i) => {
                p.seating(&mut seated, i);
                format!("/players/{i}/stack")
            }
            HandForHandAt::TieBreak(i) => {
                p.seating(&mut seated, i);
                format!("/players/{i}/tieBreak")
            }
        };
        p.push(pointer, worded(&r));
    }
    p.seating(&mut seated, usize::MAX);
    p.finish()
}
