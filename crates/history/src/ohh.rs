//! Open Hand History (OHH 1.4.7, hh-specs.handhistory.org): the JSON hand
//! that rooms and trackers exchange, read into the core's betting steps,
//! judged by RULES.md §16, turned into the settle request its actions give
//! (§16.5), and written back completed with the settlement's pots.

pub mod amount;
pub mod answer;
pub mod examples;
pub mod hand;
pub mod read;
pub mod record;
pub mod replay;
pub mod request;
pub mod schema;
pub mod terms;

pub use amount::Amount;
pub use hand::{OhhDocument, OhhHand};
pub use terms::{OhhRequest, OhhTerms};

use read::{read, scale_of, units, OhhRead, Play};
use showdown_core::betting::{Game, Limits, Replay, Structure};

/// Why an OHH hand cannot be judged or settled: a 422 at `at`, a pointer
/// into the hand (the route puts `/ohh` before it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct OhhError {
    pub at: String,
    pub message: String,
}

impl OhhError {
    pub fn new(at: impl Into<String>, message: impl Into<String>) -> OhhError {
        OhhError {
            at: at.into(),
            message: message.into(),
        }
    }
}

/// A hand read and its betting replayed by the rules.
#[derive(Debug, Clone)]
pub struct Judged {
    pub read: OhhRead,
    pub replay: Replay,
    /// The variant the hand settles as (`holdem`, `omaha-hi-lo`, ...).
    pub variant: String,
}

/// Reads `req`'s hand and replays its betting (RULES.md §16).
pub fn judge(req: &OhhRequest) -> Result<Judged, OhhError> {
    let hand = &req.ohh;
    let terms = &req.settle;
    let variant = variant(hand, terms.variant.as_deref())?;
    let scale = scale_of(hand)?;
    let structure = structure(req, scale)?;
    let play = Play {
        scale,
        game: Game::Flop,
        structure,
        chip_unit: terms.chip_unit.unwrap_or(1),
    };
    let read = read(hand, play)?;
    let replay = showdown_core::betting::replay(&read.betting).map_err(|e| {
        let at = e.step.map(|s| read.pointer(s)).unwrap_or_default();
        OhhError::new(at, e.refusal.to_string())
    })?;
    Ok(Judged {
        read,
        replay,
        variant,
    })
}

/// The variant: the request's, or `game_type` with the hole cards' count.
fn variant(hand: &crate::ohh::OhhHand, named: Option<&str>) -> Result<String, OhhError> {
    if let Some(v) = named {
        return Ok(v.to_string());
    }
    let holes = hand
        .rounds
        .iter()
        .flat_map(|r| &r.actions)
        .filter(|a| matches!(a.action.as_str(), "Dealt Cards" | "Shows Cards"))
        .filter_map(|a| a.cards.as_ref().map(Vec::len))
        .max();
    let id = match (hand.game_type.as_str(), holes.unwrap_or(0)) {
        ("Holdem", _) => "holdem",
        ("Omaha", 5) => "omaha-5",
        ("Omaha", 6) => "omaha-6",
        ("Omaha", _) => "omaha",
        ("OmahaHiLo", 5) => "omaha-5-hi-lo",
        ("OmahaHiLo", _) => "omaha-hi-lo",
        ("Stud" | "StudHiLo" | "Draw", _) => {
            return Err(OhhError::new(
                "/game_type",
                format!(
                    "`{}` has no streets in OHH 1.4.7: send the hand to POST /v1/settle/phh",
                    hand.game_type
                ),
            ))
        }
        (other, _) => {
            return Err(OhhError::new(
                "/game_type",
                format!("`{other}` is not a game type of OHH 1.4.7 (Holdem, Omaha, OmahaHiLo)"),
            ))
        }
    };
    Ok(id.to_string())
}

/// The betting structure: `bet_limit.bet_type` and the house's sizes.
fn structure(req: &OhhRequest, scale: u32) -> Result<Structure, OhhError> {
    let hand = &req.ohh;
    let terms = &req.settle;
    let big = units(hand.big_blind_amount.0, scale, "/big_blind_amount")?;
    let min_bet = terms.min_bet.unwrap_or(big);
    match hand.bet_limit.bet_type.as_str() {
        "NL" => Ok(Structure::NoLimit { min_bet }),
        "PL" => Ok(Structure::PotLimit { min_bet }),
        "FL" => {
            let small_bet = terms.small_bet.unwrap_or(big);
            let mut limits = Limits::new(
                small_bet,
                terms.big_bet.unwrap_or(small_bet.saturating_mul(2)),
            );
            limits.cap = terms.cap.unwrap_or(limits.cap);
            limits.cap_heads_up = terms.cap_heads_up.unwrap_or(true);
            Ok(Structure::FixedLimit(limits))
        }
        other => Err(OhhError::new(
            "/bet_limit/bet_type",
            format!("`{other}` is not a bet type of OHH 1.4.7 (NL, PL, FL)"),
        )),
    }
}
