//! The typed input and result of settling one hand, apart from the
//! `settle*` functions so every module imports them without a circle.

use crate::cards_refusal::CardsRefusal;
use crate::chips_refusal::{ChipsRefusal, RakeRefusal};
use crate::hand_refusal::HandRefusal;
use crate::seating_refusal::{SeatingAt, SeatingRefusal};

/// One player of the hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerInput {
    /// Seat number, 1 or more, rising clockwise. Unique in the hand.
    pub seat: u32,
    /// Chips at the start of the hand.
    pub stack: u64,
    /// Live chips put in during the hand (blinds, bets, antes all post).
    pub committed: u64,
    /// Dead chips (big-blind ante, dead small blind): main pot, match no bet.
    pub dead: u64,
    pub folded: bool,
    /// The ranked hands of a live player at a showdown; `None` for folded
    /// players and when the hand is uncontested.
    pub hands: Option<Hands>,
}

/// A live player's hands, one per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hands {
    pub high: HandStrength,
    /// The low side of a split game; `None` in one-hand games and when the
    /// player has no qualifying low.
    pub low: Option<HandStrength>,
}

/// How good a hand is, and where it stands for stud odd chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandStrength {
    /// Higher wins; equal ties.
    pub value: u64,
    /// Stud only: the greater key gets an odd chip first (see
    /// `showdown_cards::stud_odd_chip_key`). Ignored in button games.
    pub chip_key: u32,
}

/// Who gets odd chips first (RULES.md §4, "Odd-chip order").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddChipOrder {
    /// Clockwise from the first seat left of the button; the button last.
    /// The button may be an empty seat.
    Button { button_seat: u32 },
    /// By each hand's `chip_key` on the side being split.
    Stud,
}

/// A finished hand to settle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandInput {
    pub players: Vec<PlayerInput>,
    /// The smallest denomination; every amount is a multiple of it.
    pub chip_unit: u64,
    /// Chips in the main pot from no one in the hand.
    pub dead_money: u64,
    pub order: OddChipOrder,
    /// Whether the variant has two sides (high-low or two hand types).
    pub split_game: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Showdown,
    Uncontested,
}

/// Which part of a pot a share came from (API.md `half`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Half {
    Whole,
    High,
    Low,
}

/// One player's share of one pot (or half of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    pub player: usize,
    pub half: Half,
    pub amount: u64,
    /// 1 when this share got one leftover unit of its split, else 0.
    pub odd_chips: u64,
}

/// A main or side pot, main first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    /// Gross: every chip in the pot, before the house's take.
    pub amount: u64,
    /// Indices of eligible players, in seat order.
    pub eligible: Vec<usize>,
    /// Shared by players with equal hands (a whole pot or a half).
    pub tie: bool,
    /// In odd-chip order within each half, high half first. They add up to
    /// `amount − rake − jackpot`.
    pub shares: Vec<Share>,
    /// The part of the hand's rake taken from this pot (RULES.md §8.5).
    pub rake: u64,
    /// The part of the jackpot drop taken from this pot.
    pub jackpot: u64,
    /// The commitment the settlement cut this pot at (RULES.md §2.2): its
    /// eligible players are the live players whose commitment is at least
    /// the cut, so a reader can tell who is in it from a player's chips
    /// alone. `None` for a pot made otherwise.
    pub cut: Option<u64>,
}

/// An uncalled bet given back (RULES.md §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uncalled {
    pub player: usize,
    pub amount: u64,
}

/// The result of settling a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub reason: Reason,
    pub pots: Vec<Pot>,
    pub uncalled: Vec<Uncalled>,
    /// Per player (by index): chips won from pots.
    pub won: Vec<u64>,
    /// Per player (by index): stack − committed − dead + won + returned.
    pub final_stacks: Vec<u64>,
    pub tie: bool,
    pub total_winners: usize,
    /// Players who won chips, sorted for `potBreakdown`: by amount won,
    /// highest first, then by odd-chip order (stud: of their high hands).
    pub winners: Vec<usize>,
    /// The hand's rake and who paid it; `None` when none was asked for.
    pub rake: Option<Take>,
    /// The jackpot drop and who paid it; `None` when none was asked for.
    pub jackpot: Option<Take>,
}

/// Why a hand cannot be settled. The server validates first, so these are
/// the core's own guard rails, never panics.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettleError {
    /// A player's chips (`player`, by core index) or the hand's dead money
    /// or chip unit (`None`), refused by the rule the contract's 422 words too.
    #[error("{refusal}")]
    Chips {
        player: Option<usize>,
        refusal: ChipsRefusal,
    },
    #[error("the chips in the hand overflow")]
    Overflow,
    /// The hand's table, refused by the rule the contract's 422 words too.
    #[error("{0}")]
    Hand(HandRefusal),
    /// Two players on one seat (`seating_refusal`'s rule; `first` and
    /// the place are core indices).
    #[error("{refusal}")]
    Seating {
        at: SeatingAt,
        refusal: SeatingRefusal,
    },
    /// A live player at a showdown without a hand (`cards_refusal`'s
    /// rule; the player is a core index).
    #[error("{0}")]
    Cards(CardsRefusal),
    /// The house's terms, refused by the rule the contract's 422 words too.
    #[error("{0}")]
    Rake(RakeRefusal),
    #[error("{0} boards: at most 64")]
    TooManyBoards(usize),
    #[error("board {0}: not one entry per player")]
    BoardHands(usize),
}

/// One half of one board's share of a pot (RULES.md §9.3): `Whole` when
/// the board's share was not halved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardHalf {
    pub half: Half,
    pub amount: u64,
    /// Who won it, in odd-chip order for the half.
    pub winners: Vec<usize>,
}

/// One board's share of a pot and who won it (RULES.md §9.2-9.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPart {
    pub amount: u64,
    /// The high (or whole) half first, then the low half.
    pub halves: Vec<BoardHalf>,
}

/// How one pot was shared between the boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotBoards {
    /// Each board's part, in deal order.
    pub boards: Vec<BoardPart>,
    /// Per entry of [`Pot::shares`] (same index): the boards its chips came
    /// from, bit `b` for board `b` (board 1 is bit 0).
    pub share_boards: Vec<u64>,
}

/// The result of settling a hand on several boards: the settlement, and per
/// pot how it was shared between the boards (empty with one board).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardsSettlement {
    pub settlement: Settlement,
    pub pots: Vec<PotBoards>,
}

/// The house's take of one kind from a hand, and who paid it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Take {
    /// Chips.
    pub amount: u64,
    /// Per player (by index): chips attributed; they add up to `amount`.
    pub contributions: Vec<u64>,
}
