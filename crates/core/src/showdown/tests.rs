//! The one pass against the general path: on random hands, pots (the
//! settlement's, and arbitrary ones) and terms, `showdown` answers
//! exactly as the general path does, refusals included.

use super::{
    general, one_pass, showdown, showdown_into, AllFaceUp, FaceUp, Muck, ShowEntries, ShowEntry,
    ShowOrder, ShowdownError, ShowdownHand, ShowdownTerms,
};
use crate::settle;
use crate::types::{HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, Pot};
use proptest::prelude::*;

/// One player: seat, stack, committed, folded, hands (high, low).
type Seat = (u32, u64, u64, bool, Option<(u64, Option<u64>)>);

fn arb_player() -> impl Strategy<Value = Seat> {
    let value = 0..6u64; // few values, so hands tie
    let low = prop::option::weighted(0.3, value.clone());
    let hands = prop::option::weighted(0.95, (value, low));
    let committed = prop::sample::select(vec![0u64, 100, 200, 300, 500, 500, 500]);
    (
        1..12u32,
        any::<bool>(),
        committed,
        prop::bool::weighted(0.2),
        hands,
    )
        .prop_map(|(seat, all_in, committed, folded, hands)| {
            let stack = if all_in { committed } else { committed + 1_000 };
            (seat, stack, committed, folded, hands)
        })
}

fn player((seat, stack, committed, folded, hands): Seat) -> PlayerInput {
    let strength = |value| HandStrength { value, chip_key: 0 };
    PlayerInput {
        seat,
        stack,
        committed,
        dead: 0,
        folded,
        hands: hands.map(|(high, low)| Hands {
            high: strength(high),
            low: low.map(strength),
        }),
    }
}

/// Players mostly in seat order (as the settle route sends them),
/// sometimes not, sometimes with a seat twice.
fn arb_input() -> impl Strategy<Value = HandInput> {
    let shape = (0..4u8, 1..12u32, any::<bool>());
    (prop::collection::vec(arb_player(), 2..14), shape).prop_map(
        |(seats, (shape, button_seat, split_game))| {
            let mut players: Vec<PlayerInput> = seats.into_iter().map(player).collect();
            if shape != 0 {
                for (i, p) in players.iter_mut().enumerate() {
                    p.seat = 2 * i as u32 + 1;
                }
            }
            if shape == 1 {
                players.reverse();
            }
            HandInput {
                players,
                chip_unit: 1,
                dead_money: 0,
                order: OddChipOrder::Button { button_seat },
                split_game,
            }
        },
    )
}

/// Pots that need not be nested, with indices past the table too.
fn arb_pots() -> impl Strategy<Value = Vec<Pot>> {
    let eligible = prop::collection::vec(0..11usize, 0..6);
    prop::collection::vec(eligible, 0..5).prop_map(|lists| {
        lists
            .into_iter()
            .map(|eligible| Pot {
                amount: 100,
                eligible,
                tie: false,
                shares: Vec::new(),
                rake: 0,
                jackpot: 0,
                cut: None,
            })
            .collect()
    })
}

fn arb_terms() -> impl Strategy<Value = ShowdownTerms> {
    let order = prop::sample::select(vec![ShowOrder::Action, ShowOrder::Pots, ShowOrder::Seat]);
    (
        prop::option::weighted(0.9, 0..10usize),
        prop::bool::weighted(0.2),
        prop::sample::select(vec![Muck::Losers, Muck::Losers, Muck::Losers, Muck::None]),
        prop::sample::select(vec![FaceUp::AllIn, FaceUp::BettingOver, FaceUp::RunOut]),
        prop::sample::select(vec![ShowOrder::Action, ShowOrder::Action, ShowOrder::Pots]),
        prop::option::weighted(0.3, order),
        prop::option::weighted(
            0.1,
            prop::sample::select(vec![AllFaceUp::CashOut, AllFaceUp::AllInEv]),
        ),
    )
        .prop_map(
            |(last_aggressor, run_out, muck, face_up, order, face_up_order, all_face_up)| {
                ShowdownTerms {
                    last_aggressor,
                    run_out,
                    muck,
                    face_up,
                    order,
                    face_up_order,
                    all_face_up,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Whatever the hand, the pots and the terms, the one pass (where it
    /// takes the hand) and the general path give the same answer.
    #[test]
    fn rules_15_3_the_one_pass_answers_as_the_general_path(
        input in arb_input(),
        own_pots in prop::option::weighted(0.25, arb_pots()),
        terms in arb_terms(),
        shows in prop::collection::vec(prop::bool::weighted(0.2), 0..10),
        jackpot in prop::option::weighted(0.1, prop::collection::vec(any::<bool>(), 0..10)),
    ) {
        let settled = settle(&input).map(|s| s.pots).unwrap_or_default();
        let pots = own_pots.unwrap_or(settled);
        let hand = ShowdownHand {
            input: &input,
            more_boards: &[],
            pots: &pots,
            shows: &shows,
            jackpot: jackpot.as_deref().unwrap_or_default(),
            showing: None,
        };
        prop_assert_eq!(showdown(&hand, &terms), general(&hand, &terms));
    }
}

/// A hand of these players at one table (button 1, unit 1).
fn table(players: Vec<PlayerInput>) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat: 1 },
        split_game: false,
    }
}

/// The showdown's view of a hand on one board, nobody asking to show.
fn on_one_board<'a>(input: &'a HandInput, pots: &'a [Pot]) -> ShowdownHand<'a> {
    ShowdownHand {
        input,
        more_boards: &[],
        pots,
        shows: &[],
        jackpot: &[],
        showing: None,
    }
}

/// The property above is only worth its cases if the one pass takes
/// hands: it takes a settled hand in seat order with a last aggressor.
#[test]
fn the_one_pass_takes_the_usual_hand() {
    let seated = |seat: u32| {
        let hand = Some((seat.into(), None));
        player((seat, 1_000 + u64::from(seat), 500, false, hand))
    };
    let input = table((1..=4).map(seated).collect());
    let pots = settle(&input).unwrap().pots;
    let hand = on_one_board(&input, &pots);
    let terms = ShowdownTerms {
        last_aggressor: Some(2),
        ..ShowdownTerms::default()
    };
    let mut fast = vec![ShowEntry::UNDECIDED; input.players.len()];
    let live = one_pass::showdown(&hand, &terms, &mut fast).expect("taken");
    fast.truncate(live);
    assert_eq!(Ok(ShowEntries::from_vec(fast)), general(&hand, &terms));
}

/// `showdown_into` needs room for the live players only: a buffer too
/// short for the one pass (one entry a player) still takes the general
/// path's answer when it fits, and is refused with `Room` when it does
/// not, never cut short.
#[test]
fn showdown_into_needs_room_for_the_live_players_only() {
    let folded = |seat: u32| player((seat, 1_000, 0, true, None));
    let live = |seat: u32| player((seat, 1_000, 500, false, Some((seat.into(), None))));
    let input = table(vec![folded(1), live(2), folded(3), live(4)]);
    let pots = settle(&input).unwrap().pots;
    let hand = on_one_board(&input, &pots);
    let terms = ShowdownTerms {
        last_aggressor: Some(1),
        ..ShowdownTerms::default()
    };
    let whole = showdown(&hand, &terms).unwrap();
    assert_eq!(whole.len(), 2);
    let mut two = [ShowEntry::UNDECIDED; 2];
    assert_eq!(showdown_into(&hand, &terms, &mut two), Ok(2));
    assert_eq!(&two[..], &whole[..]);
    let mut one = [ShowEntry::UNDECIDED; 1];
    assert_eq!(
        showdown_into(&hand, &terms, &mut one),
        Err(ShowdownError::Room(1))
    );
}

/// Who asked to show, gathered eight flags at a time, against one flag
/// at a time, for every length up to past the 32 the pass keeps.
#[test]
fn flags_gathered_eight_at_a_time_are_the_flags() {
    for n in 0..40 {
        let flags: Vec<bool> = (0..n).map(|k| (k * 7 + n) % 3 == 0).collect();
        let one_at_a_time = (flags.iter().take(32).enumerate())
            .fold(0u32, |bits, (k, &f)| bits | u32::from(f) << k);
        assert_eq!(one_pass::bit_set(&flags), one_at_a_time, "{n} flags");
    }
}
