//! Real hands: reading Poker Hand History (PHH) files, replaying their
//! actions into a settle request, and checking the settlement against the
//! recorded `finishing_stacks` (`showdown replay`, `POST /v1/settle/phh`).

pub mod check;
pub mod reader;
pub mod replay;

pub use check::{check_hand, replay, HandResult, Summary, Verdict};
pub use reader::{parse_hands, parse_one, Decimal, PhhHand};
pub use replay::{replay as replay_hand, Replayed};

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
