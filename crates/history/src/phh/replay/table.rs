//! The table as a PHH hand's actions leave it: each seat's chips (live and
//! dead, behind and on this street), who folded or mucked, each hand's
//! cards, and the board. It does not police the betting rules: the
//! recording already happened, and the settlement is what we test.

use crate::phh::reader::{Decimal, PhhHand};
use crate::phh::PhhError;
use smallvec::SmallVec;

/// One card as dealt: `None` when the file hides it (`??`).
pub(super) type Card = Option<String>;

fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return Err(format!("cards `{text}` are not two characters each"));
    }
    Ok((0..text.len())
        .step_by(2)
        .map(|i| &text[i..i + 2])
        .map(|c| (c != "??").then(|| c.to_string()))
        .collect())
}

/// An action's words, without a trailing `# comment` (the PHH spec lets an
/// action carry one, e.g. `p1 cc # hero calls`).
///
/// An action has at most five words, kept on the stack, and an ASCII
/// action (PHH's are) is split by std's ASCII splitter, which skips the
/// Unicode tables: the replay splits every action three times.
pub(crate) fn words(action: &str) -> SmallVec<[&str; 6]> {
    let action = action.split_once('#').map_or(action, |(a, _)| a);
    if action.is_ascii() {
        action.split_ascii_whitespace().collect()
    } else {
        action.split_whitespace().collect()
    }
}

/// An amount of the file made whole at `scale` (a power of ten), within
/// what a request can hold; `what` names it in the problem (a `Display`,
/// so a place such as `antes[2]` is written only when it is refused).
pub(super) fn whole(
    d: Decimal,
    scale: u32,
    what: impl std::fmt::Display,
) -> Result<i128, PhhError> {
    d.at_scale(scale)
        .filter(|v| *v >= 0 && *v <= i128::from(u64::MAX))
        .ok_or_else(|| PhhError::Unsupported(format!("amount {d} in {what}")))
}

/// A field's item, `name[i]`, written only when a problem names it.
pub(super) struct Item(pub &'static str, pub usize);

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", self.0, self.1)
    }
}

pub(super) struct Seat {
    /// Chips left behind.
    behind: i128,
    /// Live chips put in (antes all post, blinds, bets).
    pub(super) live: i128,
    /// Dead chips (a big-blind ante).
    pub(super) dead: i128,
    /// Chips put in on the current street (blinds, bring-in, bets).
    street: i128,
    pub(super) folded: bool,
    pub(super) hole: Vec<Card>,
    /// The cards shown at showdown, if the player showed.
    pub(super) shown: Option<Vec<Card>>,
}

impl Seat {
    /// Puts chips in, at most what is behind (short is all-in).
    fn put(&mut self, amount: i128, live: bool) -> i128 {
        let paid = amount.clamp(0, self.behind);
        self.behind -= paid;
        if live {
            self.live += paid;
        } else {
            self.dead += paid;
        }
        paid
    }

    /// Puts chips in toward this street's bet.
    fn bet(&mut self, amount: i128) {
        let paid = self.put(amount, true);
        self.street += paid;
    }
}

/// The table through the hand.
pub(super) struct Table {
    pub(super) seats: Vec<Seat>,
    pub(super) board: Vec<Card>,
    /// The power of ten the amounts are multiplied by.
    scale: u32,
    bring_in: i128,
    /// A deal or a draw after betting starts a new street.
    bet_since_street: bool,
    /// The last to bet or raise on the last street with betting (RULES.md
    /// §15.1): a street's first action clears it, so a street checked
    /// through leaves none, and cards run out after the betting keep it.
    pub(super) aggressor: Option<usize>,
    /// Cards were dealt since the last betting action (a run-out, at the
    /// end of the hand).
    pub(super) dealt_since_bet: bool,
    /// The showdown's `sm` actions in order: who, and whether they showed.
    pub(super) shows: Vec<(usize, bool)>,
}

impl Table {
    /// Every seat with its starting stack, and the forced bets posted.
    ///
    /// Seats: PHH index 0 is the first seat left of the button, the last
    /// index is the button. Heads-up, PHH lists the blinds in the usual
    /// order (small, big) but the button posts the small blind, so index 0
    /// posts the second entry and index 1 (the button) the first, as
    /// pokerkit does.
    pub(super) fn seat(hand: &PhhHand, scale: u32) -> Result<Table, PhhError> {
        let mut seats = Vec::with_capacity(hand.starting_stacks.len());
        for (i, s) in hand.starting_stacks.iter().enumerate() {
            seats.push(Seat {
                behind: whole(*s, scale, Item("starting_stacks", i))?,
                live: 0,
                dead: 0,
                street: 0,
                folded: false,
                hole: Vec::new(),
                shown: None,
            });
        }
        let mut table = Table {
            seats,
            board: Vec::new(),
            scale,
            bring_in: 0,
            bet_since_street: false,
            aggressor: None,
            dealt_since_bet: false,
            shows: Vec::new(),
        };
        table.post_forced(hand)?;
        table.bring_in = hand
            .bring_in
            .map(|b| whole(b, scale, "bring_in"))
            .transpose()?
            .unwrap_or(0);
        Ok(table)
    }

    /// Antes, blinds and straddles. An ante that only one player posts is
    /// a big-blind ante: dead money that matches no bet (RULES.md §2).
    /// Counted as live it would make a false side pot or a false uncalled
    /// bet; the corpus settles only with it dead. Blinds and straddles
    /// count toward the first street's bet.
    fn post_forced(&mut self, hand: &PhhHand) -> Result<(), PhhError> {
        let n = self.seats.len();
        let posting = hand.antes.iter().filter(|a| a.units > 0).count();
        let bb_ante = posting == 1;
        for (i, a) in hand.antes.iter().enumerate() {
            let a = whole(*a, self.scale, Item("antes", i))?;
            self.seats[i].put(a, !bb_ante);
        }
        for (i, b) in hand.blinds_or_straddles.iter().enumerate() {
            let b = whole(*b, self.scale, Item("blinds_or_straddles", i))?;
            let poster = if n == 2 { 1 - i } else { i };
            self.seats[poster].bet(b);
        }
        Ok(())
    }

    /// Every action of the hand, in order.
    pub(super) fn play(&mut self, hand: &PhhHand) -> Result<(), PhhError> {
        for (index, action) in hand.actions.iter().enumerate() {
            self.act(&At { index, action })?;
        }
        Ok(())
    }

    /// The player an action names (`p1` is index 0).
    fn player(&self, at: &At, word: &str) -> Result<usize, PhhError> {
        word.strip_prefix('p')
            .and_then(|d| d.parse::<usize>().ok())
            .filter(|p| (1..=self.seats.len()).contains(p))
            .map(|p| p - 1)
            .ok_or_else(|| at.err(format!("no player `{word}`")))
    }

    /// One action: a deal, a draw, a bet, or a showdown.
    fn act(&mut self, at: &At) -> Result<(), PhhError> {
        let cards = |text: &str| parse_cards(text).map_err(|m| at.err(m));
        match words(at.action).as_slice() {
            ["d", "db", text] => {
                self.new_street();
                self.dealt_since_bet = true;
                self.board.extend(cards(text)?);
            }
            ["d", "dh", p, text] => {
                self.new_street();
                self.dealt_since_bet = true;
                let p = self.player(at, p)?;
                self.seats[p].hole.extend(cards(text)?);
            }
            [p, "sd", rest @ ..] => {
                self.new_street();
                let p = self.player(at, p)?;
                let discards = match rest {
                    [] => Vec::new(),
                    [text] => cards(text)?,
                    _ => return Err(at.err("expected one card string".into())),
                };
                self.discard(at, p, discards)?;
            }
            [p, bet @ ("f" | "cc" | "pb")] => {
                self.betting();
                let p = self.player(at, p)?;
                self.wager(at, p, bet, None)?;
            }
            [p, "cbr", amount] => {
                self.betting();
                let p = self.player(at, p)?;
                self.aggressor = Some(p);
                self.wager(at, p, "cbr", Some(amount))?;
            }
            [p, "sm", rest @ ..] => {
                let p = self.player(at, p)?;
                match rest {
                    // Shows nothing: mucks, and is out of the pots.
                    [] => self.seats[p].folded = true,
                    [text] => self.seats[p].shown = Some(cards(text)?),
                    _ => return Err(at.err("expected one card string".into())),
                }
                self.shows.push((p, !rest.is_empty()));
            }
            _ => return Err(at.err("unknown action".into())),
        }
        Ok(())
    }

    /// A draw: the discards leave the player's hand.
    fn discard(&mut self, at: &At, p: usize, discards: Vec<Card>) -> Result<(), PhhError> {
        for card in discards {
            let hole = &mut self.seats[p].hole;
            let i = hole
                .iter()
                .position(|c| *c == card)
                .ok_or_else(|| at.err(format!("discards {card:?}, not in hand")))?;
            hole.remove(i);
        }
        Ok(())
    }

    /// A fold, a check or call, a bet or raise to `amount`, or the
    /// bring-in.
    fn wager(
        &mut self,
        at: &At,
        p: usize,
        bet: &str,
        amount: Option<&str>,
    ) -> Result<(), PhhError> {
        match (bet, amount) {
            ("cc", _) => {
                let to = self.seats.iter().map(|s| s.street).max().unwrap_or(0);
                let owed = to - self.seats[p].street;
                self.seats[p].bet(owed);
            }
            ("cbr", Some(amount)) => {
                let to = Decimal::parse(amount)
                    .ok_or_else(|| at.err(format!("`{amount}` is not an amount")))?;
                let to = whole(to, self.scale, at.action)?;
                if to < self.seats[p].street {
                    return Err(at.err("raises to less than already in".into()));
                }
                let owed = to - self.seats[p].street;
                self.seats[p].bet(owed);
            }
            ("pb", _) => self.seats[p].bet(self.bring_in),
            ("f", _) => self.seats[p].folded = true,
            _ => return Err(at.err("unknown action".into())),
        }
        Ok(())
    }

    /// A betting action: the first of a street clears the last street's
    /// aggressor.
    fn betting(&mut self) {
        if !self.bet_since_street {
            self.aggressor = None;
        }
        self.bet_since_street = true;
        self.dealt_since_bet = false;
    }

    /// The street's bets are settled into the hand's totals: a new street
    /// starts.
    fn new_street(&mut self) {
        if self.bet_since_street {
            for s in self.seats.iter_mut() {
                s.street = 0;
            }
            self.bet_since_street = false;
        }
    }
}

/// Where an action stands in the hand, for its problem.
struct At<'a> {
    index: usize,
    action: &'a String,
}

impl At<'_> {
    fn err(&self, message: String) -> PhhError {
        PhhError::Action {
            index: self.index,
            action: self.action.clone(),
            message,
        }
    }
}

#[cfg(test)]
mod words_tests {
    use super::words;
    use proptest::prelude::*;

    /// The plain reading: drop a `# comment`, split on whitespace.
    fn plain(action: &str) -> Vec<&str> {
        let action = action.split_once('#').map_or(action, |(a, _)| a);
        action.split_whitespace().collect()
    }

    proptest! {
        /// The ASCII splitter reads every action as the plain split does,
        /// tabs, line ends, comments and non-ASCII text included.
        #[test]
        fn words_are_the_plain_split(action in "[a-z0-9 \t\r\n#?é\u{a0}]{0,24}") {
            prop_assert_eq!(words(&action).to_vec(), plain(&action));
        }
    }

    #[test]
    fn words_of_a_commented_bet() {
        assert_eq!(
            words("p1 cbr 100 # hero bets").to_vec(),
            ["p1", "cbr", "100"]
        );
        assert_eq!(words("  d db  Jc#x").to_vec(), ["d", "db", "Jc"]);
    }
}
