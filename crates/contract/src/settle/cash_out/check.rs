//! The 422 checks of `cashOuts` (RULES.md §10.6): the core lists every
//! refusal with its place, and each becomes a problem with a pointer.

use crate::problems::Problems;
use crate::request_names::{pointer, worded};
use crate::settle::dto::SettleRequest;
use showdown_cards::VariantId;
use showdown_core::{
    cash_out_problems, CashOutAt, CashOutField, CashOutHand, CashOutSeat, CashOutTerms,
    FeeRounding, Place, DEFAULT_FEE_BP,
};
use showdown_equity::equity_game;

/// `cashOuts[].feeRounding`, as the contract spells it.
pub(crate) fn fee_rounding(s: Option<&str>) -> Option<FeeRounding> {
    match s {
        None | Some("down") => Some(FeeRounding::Down),
        Some("nearest") => Some(FeeRounding::Nearest),
        Some(_) => None,
    }
}

/// The request's cash-outs as the core's terms, by request player index;
/// one naming nobody in the hand names an index past the players, which
/// the core refuses.
pub(crate) fn terms(req: &SettleRequest) -> Vec<CashOutTerms> {
    let list = req.cash_outs.as_deref().unwrap_or(&[]);
    let player = |id: &str| req.players.iter().position(|p| p.id == id);
    list.iter()
        .map(|c| CashOutTerms {
            player: player(&c.agent_id).unwrap_or(usize::MAX),
            board_cards: c.board_cards,
            fee_bp: c.fee_bp.unwrap_or(DEFAULT_FEE_BP),
            // An unknown name is refused below; the core never sees it.
            fee_rounding: fee_rounding(c.fee_rounding.as_deref()).unwrap_or_default(),
        })
        .collect()
}

/// RULES.md §10.6: each of the core's refusals (`cash_out_problems`) at
/// its pointer, then the contract's closed set of `feeRounding`.
pub(crate) fn check(req: &SettleRequest, variant: Option<VariantId>, p: &mut Problems) {
    let Some(list) = req.cash_outs.as_deref() else {
        return;
    };
    let seats: Vec<CashOutSeat> = req
        .players
        .iter()
        .map(|pl| CashOutSeat {
            live: !pl.folded,
            has_cards: pl.cards.as_ref().is_some_and(|c| !c.is_empty()),
        })
        .collect();
    let hand = CashOutHand {
        cash_out_allowed: variant.is_none_or(|v| equity_game(v).is_some()),
        boards: req.boards.as_ref().map_or(1, Vec::len),
        players: &seats,
    };
    for problem in cash_out_problems(&hand, &terms(req)) {
        let at = match problem.at {
            CashOutAt::List => "/cashOuts".to_string(),
            CashOutAt::Field { index, field } => {
                let name = match field {
                    CashOutField::Player => "agentId",
                    CashOutField::BoardCards => "boardCards",
                    CashOutField::FeeBp => "feeBp",
                };
                format!("{}/{name}", pointer(Place::CashOut(index)))
            }
            CashOutAt::PlayerCards { player } => format!("/players/{player}/cards"),
        };
        p.push(at, worded(&problem.refusal));
    }
    // The rounding is the contract's word, not a refusal of the core's: it
    // is listed after them.
    for (i, c) in list.iter().enumerate() {
        if fee_rounding(c.fee_rounding.as_deref()).is_none() {
            p.push(
                format!("/cashOuts/{i}/feeRounding"),
                showdown_json::closed_set::unknown(
                    "feeRounding",
                    c.fee_rounding.as_deref().unwrap_or_default(),
                    &["down", "nearest"],
                ),
            );
        }
    }
}
