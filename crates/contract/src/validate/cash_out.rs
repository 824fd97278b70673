//! The 422 checks of `cashOuts` (RULES.md §10.6): the core lists every
//! refusal with its place, and each becomes a problem with a pointer.

use crate::problems::Problems;
use crate::settle::SettleRequest;
use showdown_cards::VariantId;
use showdown_core::{
    cash_out_problems, CashOutAt, CashOutField, CashOutHand, CashOutRefusal, CashOutSeat,
    CashOutTerms, FeeRounding, DEFAULT_FEE_BP,
};
use showdown_equity::equity_game;

/// `cashOuts[].feeRounding`, as the contract spells it.
pub fn fee_rounding(s: Option<&str>) -> Option<FeeRounding> {
    match s {
        None | Some("down") => Some(FeeRounding::Down),
        Some("nearest") => Some(FeeRounding::Nearest),
        Some(_) => None,
    }
}

/// The request's cash-outs as the core's terms, by request player index;
/// `None` for one naming nobody in the hand (the core then refuses it).
pub fn terms(req: &SettleRequest) -> Vec<Option<CashOutTerms>> {
    let list = req.cash_outs.as_deref().unwrap_or(&[]);
    list.iter()
        .map(|c| {
            let player = req.players.iter().position(|p| p.id == c.agent_id)?;
            Some(CashOutTerms {
                player,
                // Out-of-range numbers stay out of range, so the core
                // refuses them; the message below quotes the request's own.
                board_cards: u8::try_from(c.board_cards).unwrap_or(u8::MAX),
                fee_bp: c
                    .fee_bp
                    .map_or(DEFAULT_FEE_BP, |f| u32::try_from(f).unwrap_or(u32::MAX)),
                // An unknown name is refused below; the core never sees it.
                fee_rounding: fee_rounding(c.fee_rounding.as_deref()).unwrap_or_default(),
            })
        })
        .collect()
}

pub(super) fn check(req: &SettleRequest, variant: Option<VariantId>, p: &mut Problems) {
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
    let terms = terms(req);
    // A cash-out naming nobody is reported here; the core sees the others,
    // so its indices are mapped back to the request's.
    let mut known = Vec::with_capacity(terms.len());
    let mut index_of = Vec::with_capacity(terms.len());
    for (i, t) in terms.iter().enumerate() {
        match t {
            Some(t) => {
                known.push(*t);
                index_of.push(i);
            }
            None => p.push(
                format!("/cashOuts/{i}/agentId"),
                format!("no player has id {:?}", list[i].agent_id),
            ),
        }
    }
    for problem in cash_out_problems(&hand, &known) {
        let (pointer, i) = match problem.at {
            CashOutAt::List => ("/cashOuts".to_string(), None),
            CashOutAt::Field { index, field } => {
                let i = index_of[index];
                let name = match field {
                    CashOutField::Player => "agentId",
                    CashOutField::BoardCards => "boardCards",
                    CashOutField::FeeBp => "feeBp",
                };
                (format!("/cashOuts/{i}/{name}"), Some(i))
            }
            CashOutAt::PlayerCards { player } => (format!("/players/{player}/cards"), None),
        };
        let message = match (problem.refusal, i) {
            (CashOutRefusal::BoardCards(_), Some(i)) => {
                format!("board cards must be 0, 3 or 4, not {}", list[i].board_cards)
            }
            (CashOutRefusal::FeeBp(_), Some(i)) => format!(
                "fee of {} basis points: must be 0 to 10000",
                list[i].fee_bp.unwrap_or(u64::from(DEFAULT_FEE_BP))
            ),
            (CashOutRefusal::ListedTwice { first }, _) => format!(
                "the player already cashed out at /cashOuts/{}",
                index_of[first]
            ),
            (refusal, _) => refusal.to_string(),
        };
        p.push(pointer, message);
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
