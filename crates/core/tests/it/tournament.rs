//! RULES.md §12 (tournaments): each numbered rule and each worked example
//! 12.1-12.5, one test each, named after them (`rules_12_N_…` for the
//! rules, `worked_12_N_…` for the examples). Hands are given by value:
//! higher wins, equal ties.

use crate::common::hs;
use showdown_core::{
    settle, settle_boards, tournament, BountyAward, ChipsRefusal, HandInput, Hands, OddChipOrder,
    PlayerInput, Settlement, TournamentAt, TournamentError, TournamentField, TournamentOutcome,
    TournamentProblem, TournamentRefusal, TournamentTerms, Unit,
};

/// A live player: seat, stack, committed, hand value (stud key = value).
pub(crate) fn live(seat: u32, stack: u64, committed: u64, value: u64) -> PlayerInput {
    PlayerInput {
        seat,
        stack,
        committed,
        dead: 0,
        folded: false,
        hands: Some(Hands {
            high: hs(value, value as u32),
            low: None,
        }),
    }
}

fn folded(seat: u32, stack: u64, committed: u64) -> PlayerInput {
    PlayerInput {
        seat,
        stack,
        committed,
        dead: 0,
        folded: true,
        hands: None,
    }
}

fn hand(button_seat: u32, players: Vec<PlayerInput>) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat },
        split_game: false,
    }
}

fn terms(bounty_unit: u64, progressive_bp: u32, players_left: Option<u64>) -> TournamentTerms {
    TournamentTerms {
        bounty_unit,
        progressive_bp,
        players_left,
        ..Default::default()
    }
}

/// Settles `input` and works out its tournament end.
fn run(input: &HandInput, bounties: &[u64], t: TournamentTerms) -> (Settlement, TournamentOutcome) {
    let s = settle(input).unwrap();
    let out = tournament(input, &s, bounties, &t).unwrap();
    assert_eq!(out.bounty_in(), out.bounty_out(), "RULES.md §12.9");
    (s, out)
}

/// (collector, amount, cash, head, odd units) of each award.
fn awards(a: &[BountyAward]) -> Vec<(usize, u64, u64, u64, u64)> {
    a.iter()
        .map(|a| (a.player, a.amount, a.cash, a.head, a.odd_units))
        .collect()
}

/// Worked example 12.1's hand: A all in for 100 wins the main pot, C beats
/// B for the side pot; button seat 3.
fn across_pots() -> HandInput {
    hand(
        3,
        vec![
            live(1, 100, 100, 300),
            live(2, 300, 300, 100),
            live(3, 500, 300, 200),
        ],
    )
}

#[test]
fn worked_12_1_across_pots_side_pot_winner_collects_alone() {
    let (s, out) = run(&across_pots(), &[1000, 1000, 1000], terms(1, 0, None));
    assert_eq!(s.pots[0].amount, 300);
    assert_eq!(s.pots[1].amount, 400);
    assert_eq!(s.final_stacks, vec![300, 0, 600]);
    assert_eq!(out.eliminations.len(), 1);
    let b = &out.eliminations[0];
    assert_eq!((b.player, b.pot, b.bounty), (1, 1, 1000));
    assert_eq!(awards(&b.awards), vec![(2, 1000, 1000, 0, 0)]);
    assert_eq!(out.cash, vec![0, 0, 1000]);
    assert_eq!(out.bounties, vec![Some(1000), None, Some(1000)]);
}

/// Worked example 12.2's hand: A all in for 200, B and C call and tie,
/// button seat 1.
fn chopped() -> HandInput {
    hand(
        1,
        vec![
            live(1, 200, 200, 100),
            live(2, 1000, 200, 500),
            live(3, 1000, 200, 500),
        ],
    )
}

#[test]
fn worked_12_2_chopped_bounty_odd_unit_left_of_button() {
    let (s, out) = run(&chopped(), &[2501, 0, 0], terms(1, 0, None));
    assert_eq!(s.final_stacks, vec![0, 1100, 1100]);
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 1251, 1251, 0, 1), (2, 1250, 1250, 0, 0)]
    );
    // bountyUnit 25, a bounty of 101 units.
    let (_, out) = run(&chopped(), &[2525, 0, 0], terms(25, 0, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 1275, 1275, 0, 1), (2, 1250, 1250, 0, 0)]
    );
}

#[test]
fn worked_12_3_progressive_half_head_rounded_down() {
    // One collector of a 3979 bounty (A all in loses to B heads-up).
    let one = hand(2, vec![live(1, 200, 200, 1), live(2, 1000, 200, 9)]);
    let (_, out) = run(&one, &[3979, 500], terms(1, 5000, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 3979, 1990, 1989, 0)]
    );
    assert_eq!(out.bounties, vec![None, Some(500 + 1989)]);
    // Two collectors: 1990 and 1989 of it.
    let (_, out) = run(&chopped(), &[3979, 0, 0], terms(1, 5000, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 1990, 995, 995, 1), (2, 1989, 995, 994, 0)]
    );
}

#[test]
fn worked_12_4_places_largest_stack_finishes_best() {
    // A (3000) and C (1200) lose to B, who covers both; 10 players left.
    let input = hand(
        2,
        vec![
            live(1, 3000, 3000, 1),
            live(2, 5000, 3000, 9),
            live(3, 1200, 1200, 2),
        ],
    );
    let (_, out) = run(&input, &[0, 0, 0], terms(1, 0, Some(10)));
    let finish: Vec<_> = out
        .eliminations
        .iter()
        .map(|e| (e.player, e.order, e.places))
        .collect();
    assert_eq!(finish, vec![(0, 1, Some((9, 9))), (2, 2, Some((10, 10)))]);

    // Equal stacks share places 9 and 10.
    let input = hand(
        2,
        vec![
            live(1, 1200, 1200, 1),
            live(2, 5000, 1200, 9),
            live(3, 1200, 1200, 2),
        ],
    );
    let (_, out) = run(&input, &[0, 0, 0], terms(1, 0, Some(10)));
    let finish: Vec<_> = out
        .eliminations
        .iter()
        .map(|e| (e.player, e.order, e.places))
        .collect();
    assert_eq!(finish, vec![(0, 1, Some((9, 10))), (2, 1, Some((9, 10)))]);
}

#[test]
fn worked_12_5_last_hand_winner_paid_own_bounty_after_growth() {
    let input = hand(1, vec![live(1, 3000, 2000, 9), live(2, 2000, 2000, 1)]);
    let (_, out) = run(&input, &[5000, 4000], terms(1, 5000, Some(2)));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(0, 4000, 2000, 2000, 0)]
    );
    assert_eq!(out.winner, Some(0));
    assert_eq!(out.winner_bounty, 7000);
    assert_eq!(out.cash, vec![9000, 0]);
    assert_eq!(out.bounties, vec![Some(0), None]);
    assert_eq!(out.eliminations[0].places, Some((2, 2)));
}

#[test]
fn rules_12_1_terms_default_to_a_plain_knockout_of_unit_1() {
    assert_eq!(TournamentTerms::default(), terms(1, 0, None));
    // No bounties at all: eliminations still come out, every award 0.
    let (_, out) = run(&across_pots(), &[0, 0, 0], TournamentTerms::default());
    assert_eq!(awards(&out.eliminations[0].awards), vec![(2, 0, 0, 0, 0)]);
    assert_eq!(out.cash, vec![0, 0, 0]);
    assert_eq!(out.winner, None);
}

/// The core's refusal of a tournament hand, at its place.
fn refused(at: TournamentAt, refusal: TournamentRefusal) -> TournamentError {
    TournamentError::Refused(TournamentProblem { at, refusal })
}

/// A player who starts with no chips is already out: they may be listed
/// (folded, keeping their bounty) but never live, and a hand needs two
/// players with chips.
#[test]
fn rules_12_2_a_player_without_chips_is_never_live() {
    let input = hand(
        3,
        vec![live(1, 100, 100, 1), live(2, 100, 100, 9), live(3, 0, 0, 9)],
    );
    let s = settle(&input).unwrap();
    let err = tournament(&input, &s, &[0; 3], &terms(1, 0, Some(2))).unwrap_err();
    assert_eq!(
        err,
        refused(
            TournamentAt::Player {
                index: 2,
                field: TournamentField::Folded
            },
            TournamentRefusal::LiveWithoutChips
        )
    );
    let input = hand(2, vec![live(1, 100, 0, 1), folded(2, 0, 0)]);
    let s = settle(&input).unwrap();
    let err = tournament(&input, &s, &[0; 2], &terms(1, 0, None)).unwrap_err();
    assert_eq!(
        err,
        refused(TournamentAt::Players, TournamentRefusal::TooFewWithChips(1))
    );
}

#[test]
fn rules_12_2_eliminated_started_with_chips_and_ends_with_none() {
    // Seat 4 sat in with no chips and put none in: not eliminated. Seat 3
    // folded with chips behind: not eliminated.
    let input = hand(
        4,
        vec![
            live(1, 100, 100, 1),
            live(2, 500, 100, 9),
            folded(3, 500, 50),
            folded(4, 0, 0),
        ],
    );
    let (s, out) = run(&input, &[10, 20, 30, 40], terms(1, 0, None));
    assert_eq!(s.final_stacks, vec![0, 650, 450, 0]);
    let gone: Vec<usize> = out.eliminations.iter().map(|e| e.player).collect();
    assert_eq!(gone, vec![0]);
    assert_eq!(out.bounties, vec![None, Some(20), Some(30), Some(40)]);
    assert_eq!(out.cash, vec![0, 10, 0, 0]);
}

#[test]
fn rules_12_3_finishing_order_shares_equal_stacks_1_2_2_4() {
    // Four short stacks all in against the big stack in seat 5, who wins.
    let input = hand(
        5,
        vec![
            live(1, 400, 400, 1),
            live(2, 300, 300, 2),
            live(3, 300, 300, 3),
            live(4, 100, 100, 4),
            live(5, 5000, 400, 9),
        ],
    );
    let (_, out) = run(&input, &[0; 5], terms(1, 0, Some(20)));
    let finish: Vec<_> = out
        .eliminations
        .iter()
        .map(|e| (e.player, e.order, e.places))
        .collect();
    assert_eq!(
        finish,
        vec![
            (0, 1, Some((17, 17))),
            (1, 2, Some((18, 19))),
            (2, 2, Some((18, 19))),
            (3, 4, Some((20, 20))),
        ]
    );
    // Without playersLeft: the order, no places.
    let (_, out) = run(&input, &[0; 5], terms(1, 0, None));
    assert!(out.eliminations.iter().all(|e| e.places.is_none()));
    assert_eq!(out.eliminations[3].order, 4);
}

#[test]
fn rules_12_4_eliminating_pot_is_the_last_holding_their_chips() {
    // The short stack wins the main pot, the middle stack loses the side
    // pot: the side pot's winner alone knocks them out (worked example 12.1).
    let (_, out) = run(&across_pots(), &[0, 700, 0], terms(1, 0, None));
    assert_eq!(out.eliminations[0].pot, 1);
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(2, 700, 700, 0, 0)]
    );

    // A player who folds their last chips: the last pot holding them.
    let input = hand(
        3,
        vec![
            folded(1, 300, 300),
            live(2, 200, 200, 5),
            live(3, 900, 400, 7),
        ],
    );
    let (s, out) = run(&input, &[100, 100, 100], terms(1, 0, None));
    assert_eq!(s.pots.len(), 2);
    let e: Vec<_> = out.eliminations.iter().map(|e| (e.player, e.pot)).collect();
    assert_eq!(e, vec![(0, 1), (1, 0)]);
}

#[test]
fn rules_12_4_split_games_both_halves_collect() {
    // Hi-lo: A all in; B takes the high half, C the low half.
    let mut input = hand(
        3,
        vec![
            live(1, 100, 100, 1),
            live(2, 800, 100, 9),
            live(3, 800, 100, 2),
        ],
    );
    input.split_game = true;
    input.players[0].hands.as_mut().unwrap().low = Some(hs(3, 3));
    input.players[2].hands.as_mut().unwrap().low = Some(hs(8, 8));
    let (s, out) = run(&input, &[301, 0, 0], terms(1, 0, None));
    assert_eq!(s.final_stacks, vec![0, 850, 850]);
    // Seat 2 is first left of the button (seat 3).
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 151, 151, 0, 1), (2, 150, 150, 0, 0)]
    );
}

#[test]
fn rules_12_4_several_boards_every_boards_winners_collect() {
    // Run twice: B wins board 1, C board 2; A is all in and loses both.
    let input = hand(
        1,
        vec![
            live(1, 100, 100, 1),
            live(2, 800, 100, 9),
            live(3, 800, 100, 2),
        ],
    );
    let board2 = vec![
        Some(Hands {
            high: hs(1, 1),
            low: None,
        }),
        Some(Hands {
            high: hs(2, 2),
            low: None,
        }),
        Some(Hands {
            high: hs(9, 9),
            low: None,
        }),
    ];
    let s = settle_boards(&input, &[board2]).unwrap().settlement;
    assert_eq!(s.final_stacks, vec![0, 850, 850]);
    let out = tournament(&input, &s, &[9, 0, 0], &terms(1, 0, None)).unwrap();
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 5, 5, 0, 1), (2, 4, 4, 0, 0)]
    );
}

#[test]
fn rules_12_5_every_collector_listed_even_with_0() {
    let (_, out) = run(&chopped(), &[1, 0, 0], terms(1, 0, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 1, 1, 0, 1), (2, 0, 0, 0, 0)]
    );
}

#[test]
fn rules_12_5_stud_odd_unit_to_the_best_high_card_key() {
    // Stud: B and C tie on value; C's chip key is greater, so C is first.
    let mut input = chopped();
    input.order = OddChipOrder::Stud;
    input.players[1].hands.as_mut().unwrap().high = hs(500, 10);
    input.players[2].hands.as_mut().unwrap().high = hs(500, 20);
    let (_, out) = run(&input, &[2501, 0, 0], terms(1, 0, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(2, 1251, 1251, 0, 1), (1, 1250, 1250, 0, 0)]
    );
}

#[test]
fn rules_12_6_each_bounty_on_its_own_collector_grows_by_the_heads() {
    // C knocks out A (bounty 999) and B (bounty 1001) alone, PKO 50 %.
    let input = hand(
        3,
        vec![
            live(1, 100, 100, 1),
            live(2, 300, 300, 2),
            live(3, 900, 300, 9),
        ],
    );
    let (_, out) = run(&input, &[999, 1001, 2000], terms(1, 5000, None));
    let per: Vec<_> = out
        .eliminations
        .iter()
        .map(|e| (e.player, awards(&e.awards)))
        .collect();
    assert_eq!(
        per,
        vec![
            (1, vec![(2, 1001, 501, 500, 0)]),
            (0, vec![(2, 999, 500, 499, 0)]),
        ]
    );
    // Rounded one bounty at a time: 500 + 499, not (999 + 1001) / 2.
    assert_eq!(out.bounties, vec![None, None, Some(2000 + 999)]);
    assert_eq!(out.cash, vec![0, 0, 1001]);
}

#[test]
fn rules_12_7_last_hand_only_when_one_player_is_left() {
    let input = hand(1, vec![live(1, 3000, 2000, 9), live(2, 2000, 2000, 1)]);
    // Three players left in the tournament: not the last hand.
    let (_, out) = run(&input, &[5000, 4000], terms(1, 5000, Some(3)));
    assert_eq!(out.winner, None);
    assert_eq!(out.bounties, vec![Some(7000), None]);
    assert_eq!(out.cash, vec![2000, 0]);
}

#[test]
fn rules_12_8_mystery_bounty_is_the_drawn_amount_paid_whole() {
    let (_, out) = run(&across_pots(), &[0, 25_000, 0], terms(1, 0, None));
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(2, 25_000, 25_000, 0, 0)]
    );
    // The chips are the same whatever the bounties.
    let (s0, _) = run(&across_pots(), &[0, 0, 0], terms(1, 0, None));
    let (s1, _) = run(&across_pots(), &[0, 25_000, 0], terms(1, 0, None));
    assert_eq!(s0, s1);
}

#[test]
fn rules_12_9_bounties_in_equal_cash_plus_growth() {
    let input = hand(1, vec![live(1, 3000, 2000, 9), live(2, 2000, 2000, 1)]);
    let (_, out) = run(&input, &[5000, 4000], terms(1, 5000, Some(2)));
    // 4000 + 7000 = 9000 paid + 2000 grown.
    assert_eq!(out.bounty_in(), 11_000);
    assert_eq!(out.bounty_out(), 11_000);
}

#[test]
fn rules_12_10_refusals_are_errors_never_panics() {
    let input = across_pots();
    let s = settle(&input).unwrap();
    let err = |b: &[u64], t: TournamentTerms| tournament(&input, &s, b, &t).unwrap_err();
    assert_eq!(
        err(&[0; 3], terms(0, 0, None)),
        TournamentError::BountyUnit(ChipsRefusal::UnitZero(Unit::Bounty))
    );
    assert_eq!(
        err(&[0; 3], terms(1, 10_001, None)),
        refused(
            TournamentAt::ProgressiveBp,
            TournamentRefusal::Progressive(10_001)
        )
    );
    assert_eq!(
        err(&[5, 10, 0], terms(10, 0, None)),
        refused(
            TournamentAt::Player {
                index: 0,
                field: TournamentField::Bounty
            },
            TournamentRefusal::BountyNotMultiple {
                bounty: 5,
                unit: 10
            }
        )
    );
    assert_eq!(
        err(&[1 << 52, 1 << 52, 0], terms(1, 0, None)),
        refused(TournamentAt::Players, TournamentRefusal::BountyTotal)
    );
    assert_eq!(
        err(&[0; 3], terms(1, 0, Some(2))),
        refused(
            TournamentAt::PlayersLeft,
            TournamentRefusal::PlayersLeftBelow {
                players_left: 2,
                with_chips: 3
            }
        )
    );
    assert_eq!(
        err(&[0; 3], terms(1, 0, Some(u64::MAX))),
        refused(
            TournamentAt::PlayersLeft,
            TournamentRefusal::PlayersLeftTooLarge(u64::MAX)
        )
    );
    assert_eq!(
        err(&[0; 2], terms(1, 0, None)),
        TournamentError::BountyCount { got: 2, players: 3 }
    );
}

/// RULES.md §12, "Where the rules leave a choice": a player whose whole
/// stack went in dead (a big-blind ante) is knocked out by the main pot,
/// and a tied hand whose share of that pot rounds to nothing won no chips
/// and collects nothing.
#[test]
fn rules_12_4_dead_stack_and_a_share_of_nothing() {
    // A posts a 1-chip ante, their whole stack; B and C check it down and
    // tie, beating A: the 1-chip main pot goes to B (first left of the
    // button), C's share is 0.
    let mut a = live(1, 1, 0, 1);
    a.dead = 1;
    let input = hand(3, vec![a, live(2, 500, 0, 9), live(3, 500, 0, 9)]);
    let (s, out) = run(&input, &[300, 0, 0], terms(1, 0, None));
    assert_eq!(s.final_stacks, vec![0, 501, 500]);
    assert_eq!(out.eliminations[0].pot, 0);
    assert_eq!(
        awards(&out.eliminations[0].awards),
        vec![(1, 300, 300, 0, 0)]
    );
}
