//! The cash-outs a request may not ask for (RULES.md §10.6), all of them at
//! once, each placed where a 422 can point at it.
//!
//! The server runs this before it enumerates any runout: a refused request
//! costs no equity work. It takes plain facts about the hand, not JSON, so
//! the core stays free of the wire format: a refusal says which cash-out
//! or player (an index), and the contract turns each [`CashOutAt`] into a
//! pointer and names the field and the cash-out a refusal points back to
//! ([`Worded`]).

use crate::cash_out_terms::CashOutTerms;
use crate::term::{Names, Place, Plain, Term, Worded};

/// What §10.6 needs to know about the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashOutHand<'a> {
    /// The variant is one of §10.1's games (hold'em, short deck and the
    /// Omaha games, high-low included).
    pub cash_out_allowed: bool,
    /// How many boards the hand was played on (1 for the usual hand).
    pub boards: usize,
    /// Per player (by index).
    pub players: &'a [CashOutSeat],
}

/// One player, as far as a cash-out cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashOutSeat {
    /// Not folded.
    pub live: bool,
    /// The request gives the player's hole cards.
    pub has_cards: bool,
}

/// A field of one cash-out: the player, the board cards dealt when the
/// offer was taken, and the fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CashOutField {
    Player,
    BoardCards,
    FeeBp,
}

/// Where a problem lies in the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CashOutAt {
    /// The cash-out list as a whole: the hand allows none.
    List,
    /// One field of cash-out `index`.
    Field { index: usize, field: CashOutField },
    /// Player `player`'s hole cards, which every cash-out's equity needs.
    PlayerCards { player: usize },
}

/// Why a cash-out is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CashOutRefusal {
    #[error("cash-outs are offered in hold'em, short deck and Omaha games only")]
    Game,
    #[error("cash-outs are offered on one board only, not {0}")]
    SeveralBoards(usize),
    #[error("board cards must be 0, 3 or 4, not {0}")]
    BoardCards(u64),
    #[error("{}", self.worded(&Plain))]
    UnknownPlayer,
    #[error("the player folded")]
    NotLive,
    #[error("the hand had no showdown")]
    NoShowdown,
    /// `first`: the index of the player's earlier cash-out, which the
    /// caller names ([`Worded`]).
    #[error("{}", self.worded(&Plain))]
    ListedTwice { first: usize },
    #[error("fee of {0} basis points: must be 0 to 10000")]
    FeeBp(u64),
    #[error("a live player's cards are needed for the equity of a cash-out")]
    LiveWithoutCards,
}

impl Worded for CashOutRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use CashOutRefusal as R;
        match *self {
            R::UnknownPlayer => format!(
                "no player of the hand has this {}",
                names.term(Term::AgentId)
            ),
            R::ListedTwice { first } => format!(
                "the player already cashed out at {}",
                names.place(Place::CashOut(first))
            ),
            R::Game
            | R::SeveralBoards(_)
            | R::BoardCards(_)
            | R::NotLive
            | R::NoShowdown
            | R::FeeBp(_)
            | R::LiveWithoutCards => self.to_string(),
        }
    }
}

/// One refused point of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashOutProblem {
    pub at: CashOutAt,
    pub refusal: CashOutRefusal,
}

/// Every reason RULES.md §10.6 refuses `cash_outs` in `hand`; empty when
/// none applies (and always empty without cash-outs).
///
/// Order: each cash-out naming no player of the hand (judged no further),
/// then the hand's own problems (game, boards), then each other cash-out
/// in list order, its fields in the order player, `boardCards`, `feeBp`,
/// then each live player without cards, by index. A player listed twice is
/// reported at the later entry, naming the first.
pub fn cash_out_problems(
    hand: &CashOutHand<'_>,
    cash_outs: &[CashOutTerms],
) -> Vec<CashOutProblem> {
    let mut problems = Vec::new();
    let known = |terms: &CashOutTerms| terms.player < hand.players.len();
    for (index, _) in cash_outs.iter().enumerate().filter(|(_, t)| !known(t)) {
        problems.push(CashOutProblem {
            at: CashOutAt::Field {
                index,
                field: CashOutField::Player,
            },
            refusal: CashOutRefusal::UnknownPlayer,
        });
    }
    if cash_outs.is_empty() {
        return problems;
    }
    let mut at_list = |refusal| {
        problems.push(CashOutProblem {
            at: CashOutAt::List,
            refusal,
        })
    };
    if !hand.cash_out_allowed {
        at_list(CashOutRefusal::Game);
    }
    if hand.boards > 1 {
        at_list(CashOutRefusal::SeveralBoards(hand.boards));
    }
    let live = hand.players.iter().filter(|p| p.live).count();
    for (index, terms) in cash_outs.iter().enumerate().filter(|(_, t)| known(t)) {
        let mut at = |field, refusal| {
            problems.push(CashOutProblem {
                at: CashOutAt::Field { index, field },
                refusal,
            })
        };
        let first = cash_outs[..index]
            .iter()
            .position(|t| t.player == terms.player);
        let player = match hand.players[terms.player] {
            p if !p.live => Some(CashOutRefusal::NotLive),
            _ if live < 2 => Some(CashOutRefusal::NoShowdown),
            _ => first.map(|first| CashOutRefusal::ListedTwice { first }),
        };
        if let Some(refusal) = player {
            at(CashOutField::Player, refusal);
        }
        if let Some(r) = board_cards_refusal(terms.board_cards) {
            at(CashOutField::BoardCards, r);
        }
        if let Some(r) = fee_refusal(terms.fee_bp) {
            at(CashOutField::FeeBp, r);
        }
    }
    for (player, p) in hand.players.iter().enumerate() {
        if p.live && !p.has_cards {
            problems.push(CashOutProblem {
                at: CashOutAt::PlayerCards { player },
                refusal: CashOutRefusal::LiveWithoutCards,
            });
        }
    }
    problems
}

/// RULES.md §10.6: the offer was taken before the flop, on the flop or on
/// the turn.
pub(crate) fn board_cards_refusal(board_cards: u64) -> Option<CashOutRefusal> {
    (!matches!(board_cards, 0 | 3 | 4)).then_some(CashOutRefusal::BoardCards(board_cards))
}

/// The fee is a share of the value: 0 to 10000 basis points.
pub(crate) fn fee_refusal(fee_bp: u64) -> Option<CashOutRefusal> {
    (fee_bp > 10_000).then_some(CashOutRefusal::FeeBp(fee_bp))
}
