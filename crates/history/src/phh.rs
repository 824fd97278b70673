//! Poker Hand History (PHH, github.com/uoftcprg/phh-std): reading its
//! TOML hands, replaying their actions into a settle request, and
//! checking the settlement against the recorded `finishing_stacks`
//! (`showdown replay`; the server's `POST /v1/settle/phh`).

pub mod all_in;
pub mod as_ohh;
pub mod betting;
pub mod check;
pub mod reader;
pub mod replay;
pub mod showdown;
mod streets;

pub use betting::{judge_betting, BettingJudged};
pub use check::{check_hand, read_archive, HandResult, Summary, Verdict};
pub use reader::{parse_hands, parse_one, Decimal, PhhHand};
pub use replay::{replay as replay_hand, Recorded, Replayed};
pub use showdown::{judge_hand, ShowdownVerdict};

/// Why a PHH text could not be turned into a settle request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhhError {
    #[error("not valid TOML: {0}")]
    Toml(String),
    #[error("field `{field}`: {message}")]
    Field {
        field: &'static str,
        message: String,
    },
    #[error("action {index} `{action}`: {message}")]
    Action {
        index: usize,
        action: String,
        message: String,
    },
    #[error("not supported: {0}")]
    Unsupported(String),
}

/// A 2-7 single-draw hand written for the OpenAPI document and the tests
/// (the replay's rule tests check it too): the big blind posts an ante of 30
/// besides his blind of 20, and it is dead money (RULES.md §2), so when all
/// fold to the raise to 40 the raiser's uncalled 20 comes back and the pot
/// is 10 + 20 + 30 + 20 = 80: p4 ends with 600 - 40 + 20 + 80 = 660.
pub const EXAMPLE_HAND: &str = "variant = 'N2L1D'\nante_trimming_status = false\n\
    antes = [0, 30, 0, 0, 0]\nblinds_or_straddles = [10, 20, 0, 0, 0]\n\
    min_bet = 20\nstarting_stacks = [1000, 800, 1200, 600, 1500]\n\
    actions = ['d dh p1 KdQs9h6c2d', 'd dh p2 AsAhTc8d5c', 'd dh p3 QcJh7d6s3c', \
    'd dh p4 8h7c5s4d2s', 'd dh p5 KhKcTs7h5d', 'p3 f', 'p4 cbr 40', 'p5 f', 'p1 f', 'p2 f']\n\
    hand = 12\nfinishing_stacks = [990, 750, 1200, 660, 1500]\n";
