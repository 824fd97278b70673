//! Several boards in the explanation (RULES.md §9): a `board-share` step
//! for each share of a pot, naming the boards it was won on.

use crate::settle::explain_step::{step, ExplainRule, ExplainStep};
use crate::settle::hand::Hand;
use crate::settle::names::pot_label;
use showdown_core::{Pot, PotBoards};

/// RULES.md §9: with several boards, each share of pot `idx` and the
/// boards it was won on.
pub(crate) fn board_shares<'c>(
    cx: &'c Hand,
    idx: usize,
    pot: &'c Pot,
    parts: &'c PotBoards,
) -> impl Iterator<Item = ExplainStep> + 'c {
    let label = pot_label(idx);
    pot.shares
        .iter()
        .zip(&parts.share_boards)
        .map(move |(sh, &mask)| {
            let b: Vec<String> = (0..64)
                .filter(|b| mask & (1u64 << b) != 0)
                .map(|b: u64| (b + 1).to_string())
                .collect();
            let on = match b.as_slice() {
                [] => "no board".to_string(),
                [one] => format!("board {one}"),
                [init @ .., last] => format!("boards {} and {last}", init.join(", ")),
            };
            step(
                ExplainRule::BoardShare,
                "RULES.md §9",
                Some(idx),
                vec![cx.id(sh.player).into_owned()],
                sh.amount,
                format!(
                    "{label}: {} wins {} on {on} of {} (RULES.md §9).",
                    cx.name(sh.player),
                    sh.amount,
                    parts.boards.len()
                ),
            )
        })
}
