//! What a player asks for when cashing out (API.md `cashOuts[]`), as sent:
//! read by the refusals (`cash_out_refusal`) and, once they pass, by the
//! cash-out itself (`cash_out`).

/// The fee when a cash-out names none: 100 basis points, 1 % (API.md).
pub const DEFAULT_FEE_BP: u64 = 100;

/// How the fee comes off a cash-out's value (RULES.md §10.5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FeeRounding {
    /// The paid amount is the exact value less the fee, rounded down; the
    /// fee is whatever that leaves of the value.
    #[default]
    Down,
    /// The fee is its own amount (PokerStars prints it): the value rounded
    /// down, times the rate, to the nearest unit with halves up, is taken
    /// off the rounded value.
    Nearest,
}

/// What a player asked for when cashing out (API.md `cashOuts[]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashOutTerms {
    /// Index of the player in the hand.
    pub player: usize,
    /// `k`: the board cards dealt when the offer was taken (0, 3 or 4).
    pub board_cards: u64,
    /// The fee in basis points, 0 to 10,000.
    pub fee_bp: u64,
    pub fee_rounding: FeeRounding,
}
