//! RULES.md §9 (several boards): one test per rule and per worked example.
//!
//! In the worked examples A is first left of the button, then B, C: seats
//! 1, 2, 3 with the button on seat 3.

use crate::common::hs;
use showdown_core::{
    settle, settle_boards, BoardsSettlement, CardsRefusal, Half, HandInput, Hands, OddChipOrder,
    PlayerInput, SettleError, MAX_BOARDS,
};

/// A live player whose hand on board `b` is `highs[b]` (and `lows[b]`).
fn on_boards(highs: &[u64], lows: &[Option<u64>]) -> Vec<Option<Hands>> {
    (0..highs.len())
        .map(|b| {
            Some(Hands {
                high: hs(highs[b], 0),
                low: lows.get(b).copied().flatten().map(|v| hs(v, 0)),
            })
        })
        .collect()
}

/// A hand: `players[i] = (seat, committed, hands on each board)`.
fn hand(
    players: &[(u32, u64, Vec<Option<Hands>>)],
    split_game: bool,
) -> (HandInput, Vec<Vec<Option<Hands>>>) {
    let boards = players.iter().map(|p| p.2.len()).max().unwrap_or(1);
    let input = HandInput {
        players: players
            .iter()
            .map(|(seat, committed, hands)| PlayerInput {
                seat: *seat,
                stack: 1_000,
                committed: *committed,
                dead: 0,
                folded: hands.is_empty(),
                hands: hands.first().copied().flatten(),
            })
            .collect(),
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat: 3 },
        split_game,
    };
    let more = (1..boards)
        .map(|b| {
            players
                .iter()
                .map(|p| p.2.get(b).copied().flatten())
                .collect()
        })
        .collect();
    (input, more)
}

fn settled(players: &[(u32, u64, Vec<Option<Hands>>)], split_game: bool) -> BoardsSettlement {
    let (input, more) = hand(players, split_game);
    settle_boards(&input, &more).unwrap()
}

/// `(player, half, amount, odd_chips, boards)` of pot 0.
fn shares(s: &BoardsSettlement) -> Vec<(usize, Half, u64, u64, u64)> {
    let pot = &s.settlement.pots[0];
    pot.shares
        .iter()
        .zip(&s.pots[0].share_boards)
        .map(|(x, &b)| (x.player, x.half, x.amount, x.odd_chips, b))
        .collect()
}

fn board_amounts(s: &BoardsSettlement, pot: usize) -> Vec<u64> {
    s.pots[pot].boards.iter().map(|b| b.amount).collect()
}

/// Two players putting in `pot / 2` each, any odd chip dead money, with
/// A's hand `a[b]` and B's `b[b]` on board `b`.
fn heads_up(pot: u64, a: &[u64], b: &[u64]) -> BoardsSettlement {
    let (mut input, more) = hand(
        &[
            (1, pot / 2, on_boards(a, &[])),
            (2, pot / 2, on_boards(b, &[])),
        ],
        false,
    );
    input.dead_money = pot % 2;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(s.settlement.pots[0].amount, pot);
    s
}

#[test]
fn rules_9_1_example_holdem_two_runs_pot_6_chopped_twice_3_and_3() {
    let s = settled(
        &[
            (1, 3, on_boards(&[5, 7], &[])),
            (2, 3, on_boards(&[5, 7], &[])),
        ],
        false,
    );
    assert_eq!(board_amounts(&s, 0), vec![3, 3]);
    assert_eq!(
        shares(&s),
        vec![(0, Half::Whole, 3, 0, 0b11), (1, Half::Whole, 3, 0, 0b11)]
    );
    assert_eq!(s.settlement.won, vec![3, 3]);
}

#[test]
fn rules_9_2_example_two_runs_pot_7_chopped_twice_4_and_3_as_on_one_board() {
    // A 4 committed, B 3 committed: the extra chip is uncalled; give B a
    // dead chip instead so the pot is 7 with no uncalled bet.
    let (mut input, more) = hand(
        &[
            (1, 3, on_boards(&[5, 9], &[])),
            (2, 3, on_boards(&[5, 9], &[])),
        ],
        false,
    );
    input.dead_money = 1;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(board_amounts(&s, 0), vec![4, 3]);
    assert_eq!(
        shares(&s),
        vec![(0, Half::Whole, 4, 1, 0b11), (1, Half::Whole, 3, 0, 0b11)]
    );
    // As on one board.
    let one = settle(&input).unwrap();
    assert_eq!(one.won, s.settlement.won);
}

#[test]
fn rules_9_3_example_two_runs_pot_15_a_wins_run_1_b_run_2_8_and_7() {
    let (mut input, more) = hand(
        &[
            (1, 7, on_boards(&[9, 1], &[])),
            (2, 7, on_boards(&[1, 9], &[])),
        ],
        false,
    );
    input.dead_money = 1;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(board_amounts(&s, 0), vec![8, 7]);
    assert_eq!(
        shares(&s),
        vec![(0, Half::Whole, 8, 0, 0b01), (1, Half::Whole, 7, 0, 0b10)]
    );
    assert!(!s.settlement.tie);
}

#[test]
fn rules_9_4_example_three_runs_pot_4_a_wins_runs_1_and_3_b_run_2() {
    let s = heads_up(4, &[9, 1, 9], &[1, 9, 1]);
    assert_eq!(board_amounts(&s, 0), vec![2, 1, 1]);
    assert_eq!(
        shares(&s),
        vec![(0, Half::Whole, 3, 0, 0b101), (1, Half::Whole, 1, 0, 0b010)]
    );
    assert_eq!(s.settlement.won, vec![3, 1]);
}

#[test]
fn rules_9_5_example_omaha_hi_lo_two_boards_pot_9_a_7_b_2() {
    // Board 1: A high, B low. Board 2: nobody qualifies for low, A scoops.
    let (mut input, more) = hand(
        &[
            (1, 4, on_boards(&[9, 9], &[None, None])),
            (2, 4, on_boards(&[1, 1], &[Some(5), None])),
        ],
        true,
    );
    input.dead_money = 1;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(board_amounts(&s, 0), vec![5, 4]);
    let halves: Vec<(Half, u64, Vec<usize>)> = s.pots[0]
        .boards
        .iter()
        .flat_map(|b| &b.halves)
        .map(|h| (h.half, h.amount, h.winners.clone()))
        .collect();
    assert_eq!(
        halves,
        vec![
            (Half::High, 3, vec![0]),
            (Half::Low, 2, vec![1]),
            (Half::Whole, 4, vec![0]),
        ]
    );
    // A's chips came from a high half and a whole board: `whole`.
    assert_eq!(
        shares(&s),
        vec![(0, Half::Whole, 7, 0, 0b11), (1, Half::Low, 2, 0, 0b01)]
    );
}

#[test]
fn rules_9_1_boards_count_in_deal_order() {
    // The same two boards dealt the other way round move the extra unit.
    let s = heads_up(3, &[9, 1], &[1, 9]);
    assert_eq!(s.settlement.won, vec![2, 1]);
    let s = heads_up(3, &[1, 9], &[9, 1]);
    assert_eq!(s.settlement.won, vec![1, 2]);
}

#[test]
fn rules_9_2_board_shares_n_div_b_remainder_to_the_first_boards() {
    let s = heads_up(11, &[9, 9, 9, 9], &[1, 1, 1, 1]);
    assert_eq!(board_amounts(&s, 0), vec![3, 3, 3, 2]);
    // Whole chip units: 5 units of 25 over two boards are 75 and 50.
    let (mut input, more) = hand(
        &[
            (1, 50, on_boards(&[9, 1], &[])),
            (2, 50, on_boards(&[1, 9], &[])),
        ],
        false,
    );
    input.chip_unit = 25;
    input.dead_money = 25;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(board_amounts(&s, 0), vec![75, 50]);
    assert_eq!(s.settlement.won, vec![75, 50]);
}

#[test]
fn rules_9_3_each_board_decided_among_the_pots_eligible_players_only() {
    // C (seat 3) all-in for 10 has the best hand on board 2; A and B put in
    // 30 each. Main 30 (A, B, C), side 40 (A, B).
    let s = settled(
        &[
            (1, 30, on_boards(&[8, 2], &[])),
            (2, 30, on_boards(&[2, 8], &[])),
            (3, 10, on_boards(&[1, 9], &[])),
        ],
        false,
    );
    let pots = &s.settlement.pots;
    assert_eq!(pots.len(), 2);
    // Main: board 1 to A (15), board 2 to C (15).
    assert_eq!(s.settlement.won, vec![15 + 20, 20, 15]);
    assert_eq!(s.pots[1].boards[1].halves[0].winners, vec![1]);
}

#[test]
fn rules_9_3_no_qualifying_low_on_a_board_high_takes_that_boards_share() {
    let s = settled(
        &[
            (1, 5, on_boards(&[9, 9], &[None, None])),
            (2, 5, on_boards(&[1, 1], &[None, Some(3)])),
        ],
        true,
    );
    // Board 1: no low, A scoops 5; board 2: A high 3, B low 2.
    assert_eq!(s.settlement.won, vec![8, 2]);
    assert_eq!(s.pots[0].boards[0].halves.len(), 1);
    assert_eq!(s.pots[0].boards[1].halves.len(), 2);
}

#[test]
fn rules_9_3_halving_a_boards_odd_share_gives_the_unit_to_high() {
    // Pot 10 over two boards, 5 each: A high and B low on both boards.
    let s = settled(
        &[
            (1, 5, on_boards(&[9, 9], &[None, None])),
            (2, 5, on_boards(&[1, 1], &[Some(3), Some(3)])),
        ],
        true,
    );
    assert_eq!(
        shares(&s),
        vec![(0, Half::High, 6, 0, 0b11), (1, Half::Low, 4, 0, 0b11)]
    );
}

#[test]
fn rules_9_4_same_winners_split_once_not_per_run() {
    // PokerKit splits each run of a 6-chip pot on its own (3 per run, 2 and
    // 1) and pays 4 and 2; the same two winners split once: 3 and 3.
    let s = heads_up(6, &[5, 5], &[5, 5]);
    assert_eq!(s.settlement.won, vec![3, 3]);
    assert!(s.settlement.tie);
    // One odd chip over the whole pot, not one per run: 5 over two boards.
    let (mut input, more) = hand(
        &[
            (1, 2, on_boards(&[5, 5], &[])),
            (2, 2, on_boards(&[5, 5], &[])),
            (4, 0, vec![]),
        ],
        false,
    );
    input.players[2].committed = 1;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(s.settlement.won, vec![3, 2, 0]);
    let odd: u64 = s.settlement.pots[0]
        .shares
        .iter()
        .map(|x| x.odd_chips)
        .sum();
    assert_eq!(odd, 1);
}

#[test]
fn rules_9_4_a_player_in_two_sets_gets_a_share_from_each() {
    // A alone wins board 1 (5); A and B chop board 2 (4): 5 + 2, 2.
    let (mut input, more) = hand(
        &[
            (1, 4, on_boards(&[9, 5], &[])),
            (2, 4, on_boards(&[1, 5], &[])),
        ],
        false,
    );
    input.dead_money = 1;
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(
        shares(&s),
        vec![
            (0, Half::Whole, 5, 0, 0b01),
            (0, Half::Whole, 2, 0, 0b10),
            (1, Half::Whole, 2, 0, 0b10),
        ]
    );
}

#[test]
fn rules_9_5_one_board_is_the_one_board_settlement() {
    let (input, _) = hand(
        &[
            (1, 50, on_boards(&[5], &[Some(2)])),
            (2, 51, on_boards(&[5], &[Some(3)])),
            (3, 20, on_boards(&[7], &[None])),
        ],
        true,
    );
    let s = settle_boards(&input, &[]).unwrap();
    assert!(s.pots.is_empty());
    assert_eq!(s.settlement, settle(&input).unwrap());
}

#[test]
fn rules_9_uncontested_hand_needs_no_hands_on_any_board() {
    let (mut input, more) = hand(&[(1, 10, on_boards(&[5, 5], &[])), (2, 10, vec![])], false);
    input.players[0].hands = None;
    let more: Vec<Vec<Option<Hands>>> = more.iter().map(|b| vec![None; b.len()]).collect();
    let s = settle_boards(&input, &more).unwrap();
    assert_eq!(s.settlement.won, vec![20, 0]);
    assert_eq!(board_amounts(&s, 0), vec![10, 10]);
}

#[test]
fn rules_9_bad_board_inputs_are_errors_not_panics() {
    let (input, mut more) = hand(
        &[
            (1, 10, on_boards(&[5, 5], &[])),
            (2, 10, on_boards(&[5, 5], &[])),
        ],
        false,
    );
    more[0][1] = None;
    assert_eq!(
        settle_boards(&input, &more),
        Err(SettleError::Cards(CardsRefusal::LiveWithoutCards {
            player: 1
        }))
    );
    more[0].pop();
    assert_eq!(
        settle_boards(&input, &more),
        Err(SettleError::BoardHands(1))
    );
    let many = vec![vec![None, None]; MAX_BOARDS];
    assert_eq!(
        settle_boards(&input, &many),
        Err(SettleError::TooManyBoards(MAX_BOARDS + 1))
    );
}

/// A rake of `percent_bp` capped at `cap`, taken by `spread`, rounded
/// down, weighted, with the flop seen: the house of the tests below.
fn capped_rake(
    percent_bp: u32,
    cap: u64,
    spread: showdown_core::Spread,
) -> showdown_core::HouseTake {
    use showdown_core::{Attribution, Cap, HouseTake, Rake, Rounding};
    HouseTake {
        rake: Some(Rake {
            percent_bp,
            cap: Cap::Fixed(cap),
            players_dealt: None,
            rounding: Rounding::Down,
            spread,
            no_flop_no_drop: true,
            attribution: Attribution::WeightedContributed,
        }),
        jackpot: None,
        flop_seen: true,
    }
}

/// RULES.md §9.2 with §8: the rake comes out of the pot once, before the
/// board shares. Pot 100 (A and B 50 each), 10 % capped at 5: 95 left; A
/// wins run 1 (48), B run 2 (47). Taking 5 from each run's share instead
/// would leave 90.
#[test]
fn rules_9_2_rake_taken_once_before_the_board_shares() {
    use showdown_core::{settle_hand, Spread};
    let (input, more) = hand(
        &[
            (1, 50, on_boards(&[9, 1], &[])),
            (2, 50, on_boards(&[1, 9], &[])),
        ],
        false,
    );
    let house = capped_rake(1_000, 5, Spread::Proportional);
    let b = settle_hand(&input, &house, &more).unwrap();
    let s = &b.settlement;
    assert_eq!(s.rake.as_ref().map(|t| t.amount), Some(5));
    assert_eq!((s.pots[0].amount, s.pots[0].rake), (100, 5));
    assert_eq!(s.won, vec![48, 47]);
    let shares: Vec<u64> = b.pots[0].boards.iter().map(|p| p.amount).collect();
    assert_eq!(shares, vec![48, 47]);
}

/// RULES.md §8.5 with §9: each pot gives its part of the rake by the
/// spread, once, before its boards share what is left. Pots 315 (A, B, C)
/// and 358 (B, C) at 5 % capped at 30, main first: 15 and 15. Board 1: A
/// then C best; board 2: B best. Main 300: 150 to A, 150 to B; side 343:
/// 172 to C (board 1, the odd chip) and 171 to B.
#[test]
fn rules_8_5_main_first_on_two_boards_rakes_each_pot_once() {
    use showdown_core::{settle_hand, Spread};
    let (mut input, more) = hand(
        &[
            (1, 105, on_boards(&[9, 1], &[])),
            (2, 284, on_boards(&[1, 9], &[])),
            (3, 284, on_boards(&[5, 5], &[])),
        ],
        false,
    );
    input.players[0].stack = 105;
    let house = capped_rake(500, 30, Spread::MainFirst);
    let b = settle_hand(&input, &house, &more).unwrap();
    let s = &b.settlement;
    let parts: Vec<(u64, u64)> = s.pots.iter().map(|p| (p.amount, p.rake)).collect();
    assert_eq!(parts, vec![(315, 15), (358, 15)]);
    for (pot, split) in s.pots.iter().zip(&b.pots) {
        let boards: u64 = split.boards.iter().map(|p| p.amount).sum();
        assert_eq!(boards, pot.amount - pot.rake);
    }
    assert_eq!(s.won, vec![150, 150 + 171, 172]);
}
