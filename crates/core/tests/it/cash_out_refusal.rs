//! RULES.md §10.6: the cash-outs a request may not ask for, each refusal
//! in a test named after the rule, placed where a 422 points.

use showdown_core::Worded;
use showdown_core::{
    cash_out_problems, CashOutAt, CashOutField, CashOutHand, CashOutProblem, CashOutRefusal,
    CashOutSeat, CashOutTerms, FeeRounding,
};

const LIVE: CashOutSeat = CashOutSeat {
    live: true,
    has_cards: true,
};
const FOLDED: CashOutSeat = CashOutSeat {
    live: false,
    has_cards: false,
};

fn terms(player: usize, board_cards: u64, fee_bp: u64) -> CashOutTerms {
    CashOutTerms {
        player,
        board_cards,
        fee_bp,
        fee_rounding: FeeRounding::Down,
    }
}

fn problems(
    allowed: bool,
    boards: usize,
    players: &[CashOutSeat],
    cash_outs: &[CashOutTerms],
) -> Vec<(CashOutAt, CashOutRefusal)> {
    let hand = CashOutHand {
        cash_out_allowed: allowed,
        boards,
        players,
    };
    cash_out_problems(&hand, cash_outs)
        .into_iter()
        .map(|CashOutProblem { at, refusal }| (at, refusal))
        .collect()
}

fn at(index: usize, field: CashOutField) -> CashOutAt {
    CashOutAt::Field { index, field }
}

#[test]
fn rules_10_6_a_sound_cash_out_is_not_refused() {
    for k in [0, 3, 4] {
        for fee in [0, 100, 10_000] {
            assert_eq!(
                problems(true, 1, &[LIVE, LIVE, FOLDED], &[terms(1, k, fee)]),
                vec![]
            );
        }
    }
    // Without cash-outs nothing is refused, whatever the hand.
    assert_eq!(problems(false, 3, &[FOLDED], &[]), vec![]);
}

#[test]
fn rules_10_6_refuses_another_game() {
    assert_eq!(
        problems(false, 1, &[LIVE, LIVE], &[terms(0, 3, 100)]),
        vec![(CashOutAt::List, CashOutRefusal::Game)]
    );
}

#[test]
fn rules_10_6_refuses_several_boards() {
    assert_eq!(
        problems(true, 2, &[LIVE, LIVE], &[terms(0, 3, 100)]),
        vec![(CashOutAt::List, CashOutRefusal::SeveralBoards(2))]
    );
}

#[test]
fn rules_10_6_refuses_board_cards_other_than_0_3_4() {
    for k in [1, 2, 5, 255] {
        assert_eq!(
            problems(true, 1, &[LIVE, LIVE], &[terms(0, k, 100)]),
            vec![(
                at(0, CashOutField::BoardCards),
                CashOutRefusal::BoardCards(k)
            )]
        );
    }
}

#[test]
fn rules_10_6_refuses_a_player_not_live_or_not_at_a_showdown() {
    assert_eq!(
        problems(true, 1, &[LIVE, LIVE, FOLDED], &[terms(2, 3, 100)]),
        vec![(at(0, CashOutField::Player), CashOutRefusal::NotLive)]
    );
    // One live player: the hand ended without a showdown.
    assert_eq!(
        problems(true, 1, &[LIVE, FOLDED], &[terms(0, 3, 100)]),
        vec![(at(0, CashOutField::Player), CashOutRefusal::NoShowdown)]
    );
    assert_eq!(
        problems(true, 1, &[LIVE, LIVE], &[terms(7, 3, 100)]),
        vec![(at(0, CashOutField::Player), CashOutRefusal::UnknownPlayer)]
    );
}

#[test]
fn rules_10_6_refuses_a_player_listed_twice() {
    assert_eq!(
        problems(
            true,
            1,
            &[LIVE, LIVE, LIVE],
            &[terms(1, 3, 100), terms(0, 3, 100), terms(1, 4, 0)]
        ),
        vec![(
            at(2, CashOutField::Player),
            CashOutRefusal::ListedTwice { first: 0 }
        )]
    );
}

#[test]
fn rules_10_6_refuses_a_fee_outside_0_to_10000() {
    assert_eq!(
        problems(true, 1, &[LIVE, LIVE], &[terms(0, 3, 10_001)]),
        vec![(at(0, CashOutField::FeeBp), CashOutRefusal::FeeBp(10_001))]
    );
}

#[test]
fn rules_10_6_refuses_a_live_player_without_cards() {
    let no_cards = CashOutSeat {
        live: true,
        has_cards: false,
    };
    // The equity needs every live player's cards, not only the cashier's.
    assert_eq!(
        problems(true, 1, &[LIVE, no_cards, FOLDED], &[terms(0, 3, 100)]),
        vec![(
            CashOutAt::PlayerCards { player: 1 },
            CashOutRefusal::LiveWithoutCards
        )]
    );
}

#[test]
fn rules_10_6_every_problem_at_once_in_order() {
    let no_cards = CashOutSeat {
        live: true,
        has_cards: false,
    };
    let got = problems(
        false,
        2,
        &[no_cards, LIVE, FOLDED],
        &[terms(2, 1, 20_000), terms(1, 3, 100), terms(1, 0, 0)],
    );
    assert_eq!(
        got,
        vec![
            (CashOutAt::List, CashOutRefusal::Game),
            (CashOutAt::List, CashOutRefusal::SeveralBoards(2)),
            (at(0, CashOutField::Player), CashOutRefusal::NotLive),
            (
                at(0, CashOutField::BoardCards),
                CashOutRefusal::BoardCards(1)
            ),
            (at(0, CashOutField::FeeBp), CashOutRefusal::FeeBp(20_000)),
            (
                at(2, CashOutField::Player),
                CashOutRefusal::ListedTwice { first: 1 }
            ),
            (
                CashOutAt::PlayerCards { player: 0 },
                CashOutRefusal::LiveWithoutCards
            ),
        ]
    );
}

/// RULES.md §10.6: the core says which cash-out came first, an index in
/// its own words; the caller names it (the contract: its JSON Pointer).
#[test]
fn rules_10_6_a_player_listed_twice_names_the_first_cash_out_in_the_callers_words() {
    let r = CashOutRefusal::ListedTwice { first: 1 };
    assert_eq!(r.to_string(), "the player already cashed out at cash-out 1");
    assert_eq!(
        r.worded(&Entries),
        "the player already cashed out at entry 1"
    );
    assert_eq!(
        CashOutRefusal::NotLive.worded(&Entries),
        CashOutRefusal::NotLive.to_string()
    );
}

/// A caller's names: a cash-out is an entry.
struct Entries;

impl showdown_core::Names for Entries {
    fn term(&self, term: showdown_core::Term) -> &'static str {
        term.word()
    }
    fn place(&self, place: showdown_core::Place) -> String {
        match place {
            showdown_core::Place::CashOut(i) => format!("entry {i}"),
            other => other.word(),
        }
    }
}
