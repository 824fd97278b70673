//! Replaying a PHH hand's actions into the settle request of API.md.
//!
//! The replay only tracks money and cards: who put in how much (live and
//! dead), who folded or mucked, the cards each live player ends with, and
//! the board. It does not police the betting rules: the recording already
//! happened, and the settlement is what we test.

use super::reader::{Decimal, PhhHand};
use super::PhhError;
pub use showdown_cards::Family;
use showdown_contract::dto::{PlayerRequest, SettleRequest};

/// The Showdown variant id of a PHH variant code, and its family.
pub fn variant_id(code: &str) -> Option<(&'static str, Family)> {
    Some(match code {
        "NT" | "FT" => ("holdem", Family::Board),
        "NS" => ("short-deck", Family::Board),
        "PO" => ("omaha", Family::Board),
        "FO/8" => ("omaha-hi-lo", Family::Board),
        "F7S" => ("stud", Family::Stud),
        "F7S/8" => ("stud-hi-lo", Family::Stud),
        "FR" => ("razz", Family::Stud),
        "F2L3D" | "N2L1D" => ("deuce-to-seven", Family::Draw),
        "FB" => ("badugi", Family::Draw),
        _ => return None,
    })
}

/// A replayed hand: the request, and the power of ten its amounts were
/// multiplied by to make them whole (0 unless the file has decimals).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub request: SettleRequest,
    pub scale: u32,
}

/// The request id of the player at PHH index `i` (`p1`, `p2`, ... as the
/// actions name them; names may repeat across files, these never do).
pub fn player_id(index: usize) -> String {
    format!("p{}", index + 1)
}

/// One card as dealt: `None` when the file hides it (`??`).
type Card = Option<String>;

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

struct Seat {
    /// Chips left behind.
    behind: i128,
    /// Live chips put in (antes all post, blinds, bets).
    live: i128,
    /// Dead chips (a big-blind ante).
    dead: i128,
    /// Chips put in on the current street (blinds, bring-in, bets).
    street: i128,
    folded: bool,
    hole: Vec<Card>,
    /// The cards shown at showdown, if the player showed.
    shown: Option<Vec<Card>>,
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
}

/// Replays `hand` into the settle request.
///
/// Seats: PHH index 0 is the first seat left of the button, the last index
/// is the button, so index `i` sits in seat `i + 1` and the button is seat
/// `n` (stud has no button). Heads-up, PHH lists the blinds in the usual
/// order (small, big) but the button posts the small blind, so index 0
/// posts the second entry and index 1 (the button) the first, as pokerkit
/// does.
pub fn replay(hand: &PhhHand) -> Result<Replayed, PhhError> {
    let (variant, family) = variant_id(&hand.variant)
        .ok_or_else(|| PhhError::Unsupported(format!("variant `{}`", hand.variant)))?;
    let n = hand.starting_stacks.len();
    let scale = input_scale(hand);
    let whole = |d: Decimal, what: &str| -> Result<i128, PhhError> {
        d.at_scale(scale)
            .filter(|v| *v >= 0 && *v <= i128::from(u64::MAX))
            .ok_or_else(|| PhhError::Unsupported(format!("amount {d} in {what}")))
    };
    let mut seats = Vec::with_capacity(n);
    for (i, s) in hand.starting_stacks.iter().enumerate() {
        seats.push(Seat {
            behind: whole(*s, &format!("starting_stacks[{i}]"))?,
            live: 0,
            dead: 0,
            street: 0,
            folded: false,
            hole: Vec::new(),
            shown: None,
        });
    }

    // Antes. An ante that only one player posts is a big-blind ante: dead
    // money that matches no bet (RULES.md §2). Counted as live it would make
    // a false side pot or a false uncalled bet; the corpus settles only with
    // it dead.
    let posting = hand.antes.iter().filter(|a| a.units > 0).count();
    let bb_ante = posting == 1;
    for (i, a) in hand.antes.iter().enumerate() {
        let a = whole(*a, &format!("antes[{i}]"))?;
        seats[i].put(a, !bb_ante);
    }
    // Blinds and straddles count toward the first street's bet.
    for (i, b) in hand.blinds_or_straddles.iter().enumerate() {
        let b = whole(*b, &format!("blinds_or_straddles[{i}]"))?;
        let poster = if n == 2 { 1 - i } else { i };
        let paid = seats[poster].put(b, true);
        seats[poster].street += paid;
    }
    let bring_in = hand
        .bring_in
        .map(|b| whole(b, "bring_in"))
        .transpose()?
        .unwrap_or(0);

    let mut board: Vec<Card> = Vec::new();
    // A deal or a draw after betting starts a new street.
    let mut bet_since_street = false;
    for (index, action) in hand.actions.iter().enumerate() {
        let err = |message: String| PhhError::Action {
            index,
            action: action.clone(),
            message,
        };
        let words = words(action);
        let player = |word: &str| -> Result<usize, PhhError> {
            word.strip_prefix('p')
                .and_then(|d| d.parse::<usize>().ok())
                .filter(|p| (1..=n).contains(p))
                .map(|p| p - 1)
                .ok_or_else(|| err(format!("no player `{word}`")))
        };
        match words.as_slice() {
            ["d", "db", cards] => {
                new_street(&mut seats, &mut bet_since_street);
                board.extend(parse_cards(cards).map_err(err)?);
            }
            ["d", "dh", p, cards] => {
                new_street(&mut seats, &mut bet_since_street);
                let p = player(p)?;
                seats[p].hole.extend(parse_cards(cards).map_err(err)?);
            }
            [p, "sd", rest @ ..] => {
                new_street(&mut seats, &mut bet_since_street);
                let p = player(p)?;
                let discards = match rest {
                    [] => Vec::new(),
                    [cards] => parse_cards(cards).map_err(err)?,
                    _ => return Err(err("expected one card string".into())),
                };
                for card in discards {
                    let hole = &mut seats[p].hole;
                    let at = hole
                        .iter()
                        .position(|c| *c == card)
                        .ok_or_else(|| err(format!("discards {card:?}, not in hand")))?;
                    hole.remove(at);
                }
            }
            [p, "f"] => {
                bet_since_street = true;
                seats[player(p)?].folded = true;
            }
            [p, "cc"] => {
                bet_since_street = true;
                let p = player(p)?;
                let to = seats.iter().map(|s| s.street).max().unwrap_or(0);
                let owed = to - seats[p].street;
                let paid = seats[p].put(owed, true);
                seats[p].street += paid;
            }
            [p, "cbr", amount] => {
                bet_since_street = true;
                let p = player(p)?;
                let to = Decimal::parse(amount)
                    .ok_or_else(|| err(format!("`{amount}` is not an amount")))?;
                let to = whole(to, action)?;
                if to < seats[p].street {
                    return Err(err("raises to less than already in".into()));
                }
                let owed = to - seats[p].street;
                let paid = seats[p].put(owed, true);
                seats[p].street += paid;
            }
            [p, "pb"] => {
                bet_since_street = true;
                let p = player(p)?;
                let paid = seats[p].put(bring_in, true);
                seats[p].street += paid;
            }
            [p, "sm", rest @ ..] => {
                let p = player(p)?;
                match rest {
                    // Shows nothing: mucks, and is out of the pots.
                    [] => seats[p].folded = true,
                    [cards] => seats[p].shown = Some(parse_cards(cards).map_err(err)?),
                    _ => return Err(err("expected one card string".into())),
                }
            }
            _ => return Err(err("unknown action".into())),
        }
    }

    let live_count = seats.iter().filter(|s| !s.folded).count();
    if live_count == 0 {
        return Err(PhhError::Unsupported("every player folded".into()));
    }
    let uncontested = live_count == 1;

    let mut committed: Vec<i128> = seats.iter().map(|s| s.live).collect();
    trim_folded_uncalled(&mut committed, &seats);

    let mut players = Vec::with_capacity(n);
    for (i, seat) in seats.iter().enumerate() {
        let cards = if seat.folded || uncontested {
            None
        } else {
            let cards = seat.shown.as_ref().unwrap_or(&seat.hole);
            let known: Option<Vec<String>> = cards.iter().cloned().collect();
            match known {
                Some(c) if !c.is_empty() => Some(c),
                _ => {
                    return Err(PhhError::Unsupported(format!(
                        "{}'s cards are unknown at the showdown",
                        player_id(i)
                    )))
                }
            }
        };
        let start = whole(hand.starting_stacks[i], "starting_stacks")?;
        players.push(PlayerRequest {
            id: player_id(i),
            name: hand.players.get(i).cloned(),
            seat: u32::try_from(i + 1).unwrap_or(u32::MAX),
            stack: as_u64(start),
            committed: as_u64(committed[i]),
            dead: (seat.dead > 0).then(|| as_u64(seat.dead)),
            folded: seat.folded,
            cards,
            bounty: None,
        });
    }
    let board = match family {
        Family::Board => {
            let known: Option<Vec<String>> = board.into_iter().collect();
            match known {
                Some(b) => Some(b),
                None if uncontested => None,
                None => return Err(PhhError::Unsupported("the board has unknown cards".into())),
            }
        }
        Family::Stud | Family::Draw => None,
    };
    Ok(Replayed {
        request: SettleRequest {
            game_id: Some(hand.label.clone()),
            hand_number: hand.hand,
            variant: variant.to_string(),
            rules: None,
            chip_unit: None,
            button_seat: (family != Family::Stud).then(|| u32::try_from(n).unwrap_or(u32::MAX)),
            board,
            dead_money: None,
            players,
            ..SettleRequest::default()
        },
        scale,
    })
}

/// An action's words, without a trailing `# comment` (the PHH spec lets an
/// action carry one, e.g. `p1 cc # hero calls`).
fn words(action: &str) -> Vec<&str> {
    let action = action.split_once('#').map_or(action, |(a, _)| a);
    action.split_whitespace().collect()
}

/// The street's bets are settled into the hand's totals: a new street starts.
fn new_street(seats: &mut [Seat], bet_since_street: &mut bool) {
    if *bet_since_street {
        for s in seats.iter_mut() {
            s.street = 0;
        }
        *bet_since_street = false;
    }
}

/// A player who mucks at the showdown is folded; if that player alone had
/// put in the most (an all-in call for less left part of their bet
/// uncalled), the uncalled part goes back to them before they leave the
/// pots: the service refuses a folded player holding an uncalled bet.
fn trim_folded_uncalled(committed: &mut [i128], seats: &[Seat]) {
    let Some(max) = committed.iter().copied().max() else {
        return;
    };
    let top: Vec<usize> = (0..committed.len())
        .filter(|&i| committed[i] == max)
        .collect();
    if let [only] = top.as_slice() {
        if seats[*only].folded {
            let second = committed
                .iter()
                .enumerate()
                .filter(|(i, _)| i != only)
                .map(|(_, c)| *c)
                .max()
                .unwrap_or(0);
            committed[*only] = second;
        }
    }
}

fn as_u64(v: i128) -> u64 {
    u64::try_from(v).unwrap_or(u64::MAX)
}

/// The fewest decimal places that make every input amount whole.
fn input_scale(hand: &PhhHand) -> u32 {
    let mut scale = hand
        .starting_stacks
        .iter()
        .chain(&hand.antes)
        .chain(&hand.blinds_or_straddles)
        .chain(&hand.bring_in)
        .map(|d| d.scale)
        .max()
        .unwrap_or(0);
    for action in &hand.actions {
        let words = words(action);
        if let [_, "cbr", amount] = words.as_slice() {
            if let Some(d) = Decimal::parse(amount) {
                scale = scale.max(d.scale);
            }
        }
    }
    scale
}

#[cfg(test)]
mod tests;
