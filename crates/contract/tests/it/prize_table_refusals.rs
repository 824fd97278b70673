//! RULES.md §14.9: the prize-table refusals the core decides, as every
//! route that carries a table places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named};
use serde_json::json;
use showdown_contract::prizes::{prizes_request, PrizesRequest};
use showdown_core::prize::PrizeError;
use showdown_core::{PrizeTable, PrizeTableRefusal as R, MAX_AMOUNT, MAX_PRIZES};

/// A table refused for `r` alone, with its unit and the index of the
/// prize at fault (`None`: the list as a whole). The match has no
/// wildcard: a refusal the core adds fails to compile until it is listed
/// here, with its pointer.
fn table(r: R) -> (Vec<u64>, u64, Option<usize>) {
    match r {
        R::TooManyPlaces(n) => (vec![1; n], 1, None),
        R::NotMultiple { prize, unit } => (vec![prize, unit], unit, Some(0)),
        R::Rising {
            prize,
            place,
            before,
        } => {
            let mut prizes = vec![before; place - 1];
            prizes.push(prize);
            (prizes, 1, Some(place - 1))
        }
        R::Total => (vec![MAX_AMOUNT, 1], 1, None),
    }
}

/// RULES.md §14.9: each of the core's prize-table refusals has one
/// wording, the core's, which both the 422 and `PrizeTable::new` give,
/// and one pointer, under the object that holds the table.
#[test]
fn rules_14_9_every_prize_table_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::TooManyPlaces(MAX_PRIZES + 1),
        R::NotMultiple {
            prize: 150,
            unit: 100,
        },
        R::Rising {
            prize: 12_000,
            place: 4,
            before: 10_000,
        },
        R::Total,
    ];
    let case = |r: R| {
        let (prizes, unit, index) = table(r);
        let refused = PrizeTable::new(prizes.clone(), unit).unwrap_err();
        assert_eq!(refused, PrizeError::Table(r));
        let body = json!({"prizes": prizes, "prizeUnit": unit, "playersLeft": 5,
            "players": [{"id": "a", "stack": 100}]});
        let req: PrizesRequest = serde_json::from_value(body).unwrap();
        let found = listed(prizes_request(&req).expect_err("refused"));
        let pointer = match index {
            Some(i) => format!("/prizes/{i}"),
            None => "/prizes".to_string(),
        };
        (found, pointer)
    };
    one_wording_one_pointer_named(&all, case);
}
