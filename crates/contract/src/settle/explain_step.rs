//! One step of an explanation: which rule moved which chips, and why.

use serde::{Deserialize, Serialize};

/// The rules a step can follow; ids are stable (API.md: add, never rename).
///
/// - `uncalled-bet`: a bet no one called goes back to its bettor.
/// - `side-pot`: a pot above the main pot for those who covered an all-in.
/// - `dead-money`: chips of no live player (antes, folds) in the pots.
/// - `single-eligible`: one player eligible takes the pot uncontested.
/// - `showdown-winner`: the best hand takes the pot (or its half) alone.
/// - `split`: tied hands share equally in whole chip units.
/// - `odd-chip-button`: odd chips go to tied seats in order left of the button.
/// - `odd-chip-stud-high-card`: stud, the odd chip to the highest card by suit.
/// - `odd-chip-stud-low-card`: stud low half, the odd chip to the lowest card by suit.
/// - `odd-chip-high-half`: under `hiLoOddChips: high`, a halved pot's leftover units to the high half's winners.
/// - `halved-odd-unit-high`: halving a pot, the odd unit goes to the high half.
/// - `no-qualifying-low`: no low qualifies, the high hand takes it all.
/// - `same-winners-split-once`: the same hands win both halves, split once.
/// - `rake`, `jackpot`: the house's take from a pot (RULES.md §8).
/// - `board-share`: a share of a pot won over several boards (RULES.md §9).
/// - `cash-out`: an all-in cash-out paid at the player's equity less the fee (RULES.md §10.5).
/// - `all-in-ev`: what a live player was due from the pots at the all-in, against what they won (RULES.md §17).
/// - `bad-beat-payout`: a bad-beat jackpot payout from the fund, not the pots (RULES.md §11.4).
/// - `elimination`: a player knocked out of the tournament, and their place (RULES.md §12.2-12.4).
/// - `bounty-award`: a collector's part of a knocked-out player's bounty (RULES.md §12.5-12.6).
/// - `tournament-win`: the last player left is paid their own bounty (RULES.md §12.7).
/// - `prize`: prize money for the places a player took, a shared prize's division (RULES.md §14.2-14.3).
/// - `next-hand`: where the next hand's button and blinds go (RULES.md §13.2-13.5).
/// - `showdown-shown`: a hand turned up at the showdown, and why (RULES.md §15, TDA 13, 15, 16).
/// - `showdown-not-shown`: a hand mucked unseen, or an uncontested winner's not shown (RULES.md §15).
/// - `betting-finding`: an action of the hand as played that broke a betting rule, and the TDA rule (RULES.md §16.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ExplainRule {
    /// A bet no one called goes back to its bettor before any pot is formed.
    UncalledBet,
    /// A pot above the main pot, for the players who matched an all-in.
    SidePot,
    /// Chips of players out of the hand (antes, blinds, folds) in the pots.
    DeadMoney,
    /// Only one player is eligible for the pot: they take it without a showdown.
    SingleEligible,
    /// The best hand of the pot (or of its half) takes it alone.
    ShowdownWinner,
    /// Tied hands share the pot (or half) equally, in whole chip units.
    Split,
    /// Button games: an odd chip goes to the first tied seat left of the button.
    OddChipButton,
    /// Stud high: an odd chip goes to the tied hand with the highest card by suit.
    OddChipStudHighCard,
    /// Stud low half: an odd chip goes to the tied hand with the lowest card by suit.
    OddChipStudLowCard,
    /// `hiLoOddChips: high` (Bovada): every leftover unit of a halved pot,
    /// the low half's too, goes to the high half's winners in odd-chip order.
    OddChipHighHalf,
    /// A pot with an odd unit is halved with the extra unit to the high half.
    HalvedOddUnitHigh,
    /// No hand qualifies for low: the high hand takes the whole pot.
    NoQualifyingLow,
    /// The same hands win high and low: the pot is split once, not halved first.
    SameWinnersSplitOnce,
    /// The house rake taken from a pot (RULES.md §8).
    Rake,
    /// The jackpot drop taken from a pot (RULES.md §8).
    Jackpot,
    /// With several boards, a player's share of a pot won over its boards (RULES.md §9).
    BoardShare,
    /// A player who took the all-in cash-out is paid their equity's value
    /// less the fee; their hand's winnings go to the house (RULES.md §10.5).
    CashOut,
    /// What a live player was due from the pots when the betting ended
    /// all in, against what they won (RULES.md §17); it moves no chips
    /// (`amount` is the expectation in chips).
    AllInEv,
    /// The bad-beat jackpot pays a loser, a winner or the table from its
    /// fund, not from the pots (RULES.md §11.4).
    BadBeatPayout,
    /// A player who started the hand with chips has none left: knocked out
    /// of the tournament, in the place their starting stack gives them
    /// (RULES.md §12.2-12.4). `amount` is their bounty, in bounty money.
    Elimination,
    /// A collector's part of a knocked-out player's bounty, cash and
    /// growth of their own (RULES.md §12.5-12.6); bounty money, not chips.
    BountyAward,
    /// The hand ends the tournament: the last player with chips is paid
    /// their own bounty (RULES.md §12.7); bounty money, not chips.
    TournamentWin,
    /// Prize money for the place or places a player took, and how a
    /// shared prize divided (RULES.md §14.2-14.3); prize money, not chips.
    Prize,
    /// Where the next hand's button and blinds go, and why (RULES.md
    /// §13.2-13.5); it moves no chips (`amount` 0).
    NextHand,
    /// A hand turned up at the showdown, and why: face up (TDA 15), first
    /// to show (TDA 16), to claim a pot or beating one shown (TDA 13, 16),
    /// or by choice (RULES.md §15); it moves no chips (`amount` 0).
    ShowdownShown,
    /// A hand mucked unseen because it could not beat or tie one shown
    /// (TDA 16), or an uncontested winner's hand, not shown (TDA 13);
    /// it moves no chips (`amount` 0).
    ShowdownNotShown,
    /// An action of a hand as played (the OHH and PHH routes) that broke
    /// a betting rule: its pointer, what was wrong and the TDA rule or
    /// RULES.md §16 item (RULES.md §16.6); it moves no chips (`amount` 0).
    BettingFinding,
}

impl ExplainRule {
    /// Every rule id, for the tests and the docs.
    pub const ALL: [ExplainRule; 27] = [
        Self::UncalledBet,
        Self::SidePot,
        Self::DeadMoney,
        Self::SingleEligible,
        Self::ShowdownWinner,
        Self::Split,
        Self::OddChipButton,
        Self::OddChipStudHighCard,
        Self::OddChipStudLowCard,
        Self::OddChipHighHalf,
        Self::HalvedOddUnitHigh,
        Self::NoQualifyingLow,
        Self::SameWinnersSplitOnce,
        Self::Rake,
        Self::Jackpot,
        Self::BoardShare,
        Self::CashOut,
        Self::AllInEv,
        Self::BadBeatPayout,
        Self::Elimination,
        Self::BountyAward,
        Self::TournamentWin,
        Self::NextHand,
        Self::Prize,
        Self::ShowdownShown,
        Self::ShowdownNotShown,
        Self::BettingFinding,
    ];

    /// Whether the step pays chips to the players it names (one step per
    /// pot share); the others explain a pot or a take.
    pub fn pays(self) -> bool {
        matches!(
            self,
            Self::SingleEligible
                | Self::ShowdownWinner
                | Self::Split
                | Self::OddChipButton
                | Self::OddChipStudHighCard
                | Self::OddChipStudLowCard
                | Self::OddChipHighHalf
                | Self::BoardShare
        )
    }
}

/// One thing that moved chips, or the reason a pot was split as it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplainStep {
    /// The rule the step follows (one of `ExplainRule`).
    pub rule: ExplainRule,
    /// The rulebook reference: TDA 2013, Robert's Rules, house rules or RULES.md.
    pub source: String,
    /// The pot index (as in `pots[].index`); absent for uncalled bets,
    /// cash-outs, bad-beat payouts and a tournament win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pot: Option<u64>,
    /// The agent ids the step concerns.
    pub players: Vec<String>,
    /// Chips; see the module's list of which steps add up to what.
    pub amount: u64,
    /// One plain English sentence, control characters replaced.
    pub text: String,
}

/// One step that pays nobody from a pot or pays one player.
pub(crate) fn step(
    rule: ExplainRule,
    source: &str,
    pot: Option<usize>,
    players: Vec<String>,
    amount: u64,
    text: String,
) -> ExplainStep {
    ExplainStep {
        rule,
        source: source.into(),
        pot: pot.map(|p| p as u64),
        players,
        amount,
        text,
    }
}

/// A name fit for one line of text: control characters become spaces and
/// the length is capped, so a hostile name cannot break or flood the text.
pub fn safe_name(name: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = name
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if name.chars().nth(MAX).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_stay_on_one_short_line() {
        let long = "x".repeat(10_000);
        assert_eq!(safe_name("a\nb\"c"), "a b\"c");
        assert_eq!(safe_name(&long).chars().count(), 41);
        assert_eq!(safe_name("张伟"), "张伟");
    }
}
