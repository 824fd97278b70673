//! Property tests of several boards (RULES.md §9): chips conserved for 1 to
//! 4 boards, each board's share of a pot `n div B` or one more, boards that
//! all have the same winners settling as that one board, and the order of
//! the players not mattering. Random 2- to 6-player button hands with side
//! pots, dead money, chip units, one- and two-sided games.

use proptest::prelude::*;
use showdown_core::{
    settle, settle_boards, BoardsSettlement, HandInput, HandStrength, Hands, OddChipOrder,
    PlayerInput,
};

const CASES: u32 = 2048;

/// A hand on 1 to 4 boards: the input (board 1 in `players[i].hands`) and
/// every later board's hands, `more[b][i]`.
#[derive(Debug, Clone)]
pub(crate) struct Deal {
    pub(crate) input: HandInput,
    pub(crate) more: Vec<Vec<Option<Hands>>>,
}

fn hands(high: u64, low: Option<u64>) -> Hands {
    Hands {
        high: HandStrength {
            value: high,
            chip_key: 0,
        },
        low: low.map(|value| HandStrength { value, chip_key: 0 }),
    }
}

/// Per player: stack, committed, folded; per board: high value, low value.
type RawPlayer = (u64, u64, bool, Vec<(u64, Option<u64>)>);

pub(crate) fn arb_deal() -> impl Strategy<Value = Deal> {
    (
        2usize..=6,
        1usize..=4,
        prop::sample::select(vec![1u64, 5]),
        any::<bool>(),
        1u32..=7,
    )
        .prop_flat_map(|(n, boards, unit, split_game, button_seat)| {
            let board = (0u64..3, prop::option::weighted(0.6, 0u64..3));
            let player = (
                1u64..=300,
                0u64..=300,
                prop::bool::weighted(0.25),
                prop::collection::vec(board, boards),
            );
            (
                Just((unit, split_game, button_seat)),
                prop::collection::vec(player, n),
                0u64..=3,
            )
        })
        .prop_map(|((unit, split_game, button_seat), raws, dead_money)| {
            deal(unit, split_game, button_seat, &raws, dead_money)
        })
}

/// A possible hand from raw draws: someone live, the sole top committer live,
/// every live player with hands on every board.
fn deal(
    unit: u64,
    split_game: bool,
    button_seat: u32,
    raws: &[RawPlayer],
    dead_money: u64,
) -> Deal {
    let mut players: Vec<PlayerInput> = raws
        .iter()
        .enumerate()
        .map(|(i, (stack, c, folded, _))| PlayerInput {
            seat: i as u32 + 1,
            stack: stack * unit,
            committed: (c % (stack + 1)) * unit,
            dead: 0,
            folded: *folded,
            hands: None,
        })
        .collect();
    let top = players.iter().map(|p| p.committed).max().unwrap_or(0);
    if let Some(p) = players.iter_mut().find(|p| p.committed == top) {
        p.folded = false;
    }
    let on = |i: usize, b: usize| {
        let (high, low) = raws[i].3[b];
        (!players[i].folded).then(|| hands(high, low.filter(|_| split_game)))
    };
    let boards = raws[0].3.len();
    let more = (1..boards)
        .map(|b| (0..players.len()).map(|i| on(i, b)).collect())
        .collect();
    let first: Vec<Option<Hands>> = (0..players.len()).map(|i| on(i, 0)).collect();
    for (p, h) in players.iter_mut().zip(first) {
        p.hands = h;
    }
    Deal {
        input: HandInput {
            players,
            chip_unit: unit,
            dead_money: dead_money * unit,
            order: OddChipOrder::Button { button_seat },
            split_game,
        },
        more,
    }
}

fn settled(d: &Deal) -> Result<BoardsSettlement, TestCaseError> {
    settle_boards(&d.input, &d.more).map_err(|e| TestCaseError::fail(format!("{e}: {d:?}")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// API.md invariant with 1 to 4 boards: chips won plus chips returned
    /// are every chip put in, and every pot's shares add up to the pot.
    #[test]
    fn prop_chips_conserved_for_1_to_4_boards(d in arb_deal()) {
        let s = settled(&d)?;
        let put_in: u64 = d.input.players.iter().map(|p| p.committed + p.dead).sum::<u64>()
            + d.input.dead_money;
        let won: u64 = s.settlement.won.iter().sum();
        let back: u64 = s.settlement.uncalled.iter().map(|u| u.amount).sum();
        prop_assert_eq!(won + back, put_in);
        for pot in &s.settlement.pots {
            prop_assert_eq!(pot.shares.iter().map(|x| x.amount).sum::<u64>(), pot.amount);
        }
        for (pot, parts) in s.settlement.pots.iter().zip(&s.pots) {
            prop_assert_eq!(parts.share_boards.len(), pot.shares.len());
            for part in &parts.boards {
                prop_assert_eq!(part.halves.iter().map(|h| h.amount).sum::<u64>(), part.amount);
            }
        }
    }

    /// RULES.md §9.2: each board's share of a pot of `n` units is `n div B`
    /// units or one more, the larger ones first, adding up to the pot.
    #[test]
    fn prop_each_boards_share_is_n_div_b_or_one_more(d in arb_deal()) {
        let s = settled(&d)?;
        let unit = d.input.chip_unit;
        let b = d.more.len() as u64 + 1;
        if b == 1 {
            prop_assert!(s.pots.is_empty());
        }
        for (pot, parts) in s.settlement.pots.iter().zip(&s.pots) {
            let n = pot.amount / unit;
            let units: Vec<u64> = parts.boards.iter().map(|p| p.amount / unit).collect();
            prop_assert_eq!(units.len() as u64, b);
            prop_assert!(units.iter().all(|&u| u == n / b || u == n / b + 1));
            prop_assert!(units.windows(2).all(|w| w[0] >= w[1]));
            prop_assert_eq!(units.iter().sum::<u64>(), n);
        }
    }

    /// RULES.md §9.4: a hand whose boards all have the same winners settles
    /// as that one board would. Every board here copies board 1's hands; in
    /// a split game the low is left out, so nobody halves a board (with
    /// different high and low winners §9.3 halves each board's share, and
    /// the high side gets each board's odd unit: not the one-board split).
    #[test]
    fn prop_boards_with_the_same_winners_settle_as_one_board(d in arb_deal()) {
        let mut d = d;
        for p in &mut d.input.players {
            if let Some(h) = &mut p.hands {
                h.low = None;
            }
        }
        let first: Vec<Option<Hands>> = d.input.players.iter().map(|p| p.hands).collect();
        for board in &mut d.more {
            board.clone_from(&first);
        }
        let s = settled(&d)?;
        let one = settle(&d.input).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&s.settlement.won, &one.won);
        prop_assert_eq!(&s.settlement.final_stacks, &one.final_stacks);
        prop_assert_eq!(&s.settlement.winners, &one.winners);
        prop_assert_eq!(s.settlement.tie, one.tie);
    }

    /// The order of the players does not matter with several boards either:
    /// what each player wins, mapped back through the permutation.
    #[test]
    fn prop_player_order_does_not_matter_on_boards(
        (d, perm) in arb_deal().prop_flat_map(|d| {
            let n = d.input.players.len();
            (Just(d), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        })
    ) {
        let s = settled(&d)?;
        let permuted = Deal {
            input: HandInput {
                players: perm.iter().map(|&i| d.input.players[i].clone()).collect(),
                ..d.input.clone()
            },
            more: d.more.iter().map(|b| perm.iter().map(|&i| b[i]).collect()).collect(),
        };
        let t = settled(&permuted)?;
        for (j, &i) in perm.iter().enumerate() {
            prop_assert_eq!(t.settlement.won[j], s.settlement.won[i]);
            prop_assert_eq!(t.settlement.final_stacks[j], s.settlement.final_stacks[i]);
        }
        let back = |w: &[usize]| w.iter().map(|&j| perm[j]).collect::<Vec<_>>();
        prop_assert_eq!(back(&t.settlement.winners), s.settlement.winners.clone());
        for (a, b) in s.pots.iter().zip(&t.pots) {
            for (x, y) in a.boards.iter().zip(&b.boards) {
                prop_assert_eq!(x.amount, y.amount);
                for (hx, hy) in x.halves.iter().zip(&y.halves) {
                    prop_assert_eq!(&hx.winners, &back(&hy.winners));
                }
            }
        }
    }
}
