//! The settlement core: pots, splits, odd chips and the chip race.
//!
//! Pure integer arithmetic, no I/O, no HTTP, no floating point. Hands arrive
//! already ranked (the cards crate ranks them); the core only compares the
//! values. Players are referred to by their index in [`HandInput::players`];
//! the result never depends on that order beyond the indices it reports.
//!
//! INTERFACE CONTRACT (relied on by `showdown-server`): the types below and
//! [`settle`]; beside the settlement, [`cash_out_problems`] and
//! [`apply_cash_outs`] (RULES.md §10) and [`bad_beat`] (§11) and [`tournament`] (§12), [`deal`] (§14.5-14.7), [`showdown`] (§15: who shows and who mucks), [`betting`] (§16: the
//! actions checked, the next action, the settle inputs), and between hands
//! [`next_hand`], [`first_hand`] and [`between_hands`] (§13), pure functions of seats, which read a
//! settled hand or plain facts about it and never change the settlement.
//! Implementation modules (`pot`, `split`, `odd_chip`, ...) are the core's
//! own.

pub mod all_in_ev;
mod award;
mod bad_beat;
mod bad_beat_refusal;
/// The betting as played (RULES.md §16): who acts, what each may do, the
/// verdict on every action and the settle inputs the actions give.
pub mod betting;
mod boards;
mod cards_refusal;
mod cash_out;
mod cash_out_refusal;
mod cash_out_terms;
mod chips_refusal;
mod deal;
mod deal_refusal;
mod first_hand;
mod guard;
mod hand_refusal;
mod next_hand;
mod next_hand_refusal;
mod odd_chip;
mod outcome;
mod pot;
mod pot_spread;
pub mod prize;
mod prize_refusal;
pub mod rake;
mod seating_refusal;
pub mod settlement;
pub mod showdown;
mod showdown_refusal;
mod split;
mod tables;
mod tables_refusal;
mod term;
mod tournament;
mod tournament_refusal;
mod types;

pub use betting::{
    derive as derive_betting, next_action, replay as replay_betting, verdict as betting_verdict,
    BettingError, BettingHand, BettingRefusal, Replay,
};
pub use boards::MAX_BOARDS;
pub use guard::MAX_AMOUNT;
pub mod chip_race;
mod chip_race_refusal;
pub use chip_race_refusal::{
    denominations, race_player_refusals, small_blind_refusal, ChipRaceRefusal, Denomination,
    RaceAt, RaceChips, RaceSeat, RaceTerms,
};
pub mod draw;

pub use all_in_ev::{
    all_in_ev_problems, all_in_expectation, AllInEvAt, AllInEvError, AllInEvHand, AllInEvProblem,
    AllInEvRefusal, Exact, Expectation, RunoutShares, SignedFraction,
};
pub use bad_beat::{
    bad_beat, BadBeatError, BadBeatOutcome, BadBeatPayout, BadBeatPlayer, BadBeatRole,
    BadBeatTerms, BadBeatWin, NotQualified, DEFAULT_LOSER_BP, DEFAULT_MIN_PLAYERS_DEALT,
    DEFAULT_TABLE_BP, DEFAULT_WINNER_BP,
};
pub use bad_beat_refusal::{bad_beat_game, bad_beat_refusals, BadBeatAt, BadBeatRefusal};
pub use cards_refusal::{
    board_refusal, boards_deck_refusal, boards_refusal, hole_refusal, CardsAt, CardsRefusal,
    MAX_LISTED_BOARDS,
};
pub use cash_out::{
    apply_cash_outs, CashOut, CashOutError, CashOutOutcome, CashOutPot, CashOutSettlement,
    CashOutTerms, FeeRounding, Fraction, PotEquity, DEFAULT_FEE_BP, MAX_RUNOUTS,
    SHARE_UNITS_PER_RUNOUT,
};
pub use cash_out_refusal::{
    cash_out_problems, CashOutAt, CashOutField, CashOutHand, CashOutProblem, CashOutRefusal,
    CashOutSeat,
};
pub use chips_refusal::{
    cap_ladder_refusals, chip_amount_refusal, echo_refusal, hand_total_refusal, over_stack,
    players_dealt_refusal, rake_rate_refusal, unit_refusal, ChipsRefusal, EchoRefusal, RakeAt,
    RakeRefusal,
};
pub use deal::{
    deal, deal_until, tie_order, DealError, DealMethod, DealOutcome, DealShare, DealTerms,
    MAX_DEAL_PLAYERS, MAX_ICM_PLAYERS,
};
pub use deal_refusal::{
    player_count_refusal, prize_count_refusal, set_aside_refusals, stack_refusal,
    stacks_total_refusal, DealAt, DealRefusal,
};
pub use first_hand::{first_hand, Before};
pub use hand_refusal::{button_refusal, folded_uncalled, hand_refusals, HandAt, HandRefusal};
pub use next_hand::{
    button_and_small_blind, next_hand, ButtonRule, HandPlayed, NextHand, Seated, TableNext,
};
pub use next_hand_refusal::{next_hand_refusals, NextHandAt, NextHandRefusal};
pub use prize::{PrizeTable, TiedPlaces, MAX_PRIZES};
pub use prize_refusal::{
    hand_for_hand_refusals, prize_table_problems, HandForHandAt, HandForHandRefusal, Knocked,
    PrizeTableAt, PrizeTableProblem, PrizeTableRefusal, MAX_PRIZE_PLAYERS,
};
pub use rake::{Attribution, Cap, CapStep, HouseTake, Jackpot, Rake, Rounding, Spread};
pub use seating_refusal::{
    earlier_equal, id_refusals, seat_refusals, seating_refusals, SeatingAt, SeatingRefusal,
};
pub use settlement::{settle, settle_boards, settle_hand, settle_hand_with, settle_with_house};
pub use showdown::{
    all_in, showdown, showdown_into, AllFaceUp, FaceUp, Muck, ShowEntries, ShowEntry, ShowOrder,
    ShowdownError, ShowdownHand, ShowdownTerms, Why,
};
pub use showdown_refusal::{
    last_aggressor_refusal, run_out_refusal, shows_refusal, ShowdownAt, ShowdownRefusal,
};
pub use split::HiLoOddChips;
pub use tables::{
    between_hands, Balancing, Breaking, Move, Table, TableAfter, TablePlayer, TablesOutcome,
    MAX_SEATS,
};
pub use tables_refusal::{
    table_refusals, tables_id_refusals, tables_terms_refusals, SeatField, TableSeats, TablesAt,
    TablesIdRefusal, TablesRefusal, MAX_TABLES, MAX_TABLE_PLAYERS,
};
pub use term::{ChipAmount, Names, Place, Plain, Term, Unit, Worded};
pub use tournament::{
    tournament, tournament_with_prizes, BountyAward, Elimination, PrizePaid, TournamentError,
    TournamentOutcome, TournamentTerms,
};
pub use tournament_refusal::{
    tournament_problems, TournamentAt, TournamentField, TournamentHand, TournamentProblem,
    TournamentRefusal, TournamentSeat,
};
pub use types::{
    BoardHalf, BoardPart, BoardsSettlement, Half, HandInput, HandStrength, Hands, OddChipOrder,
    PlayerInput, Pot, PotBoards, Reason, SettleError, Settlement, Share, Take, Uncalled,
};
