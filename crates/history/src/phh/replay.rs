//! Replaying a PHH hand's actions into the settle request of API.md.
//!
//! The replay only tracks money and cards (`table`): who put in how much
//! (live and dead), who folded or mucked, the cards each live player ends
//! with, and the board; here the table becomes the request.

pub(crate) mod table;

use super::reader::{Decimal, PhhHand};
use super::PhhError;
pub use showdown_cards::Family;
use showdown_cards::VariantId;
use showdown_contract::settle::{PlayerRequest, SettleRequest, ShowdownRequest};
use table::{whole, words, Seat, Table};

/// The Showdown variant id of a PHH variant code, and its family (both
/// from the cards crate's table, the one home of the ids' spelling).
pub fn variant_id(code: &str) -> Option<(&'static str, Family)> {
    let id = match code {
        "NT" | "FT" => VariantId::Holdem,
        "NS" => VariantId::ShortDeck,
        "PO" => VariantId::Omaha,
        "FO/8" => VariantId::OmahaHiLo,
        "F7S" => VariantId::Stud,
        "F7S/8" => VariantId::StudHiLo,
        "FR" => VariantId::Razz,
        "F2L3D" | "N2L1D" => VariantId::DeuceToSeven,
        "FB" => VariantId::Badugi,
        _ => return None,
    };
    Some((id.as_str(), id.variant().family))
}

/// A replayed hand: the request, and the power of ten its amounts were
/// multiplied by to make them whole (0 unless the file has decimals).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub request: SettleRequest,
    pub scale: u32,
    /// The showdown as the record played it (RULES.md §15).
    pub recorded: Recorded,
}

/// What a record says of its showdown, by PHH index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// The last to bet or raise on the last street with betting.
    pub last_aggressor: Option<usize>,
    /// Cards were dealt after the last betting action.
    pub run_out: bool,
    /// The `sm` actions in order: who, and whether they showed (or mucked).
    pub sm: Vec<(usize, bool)>,
    /// Each player's cards as dealt, when every one of them is known.
    pub hole: Vec<Option<Vec<String>>>,
    /// Each player's live chips put in, before a mucker's uncalled part is
    /// given back.
    pub live: Vec<u64>,
}

/// The request id of the player at PHH index `i` (`p1`, `p2`, ... as the
/// actions name them; names may repeat across files, these never do).
pub fn player_id(index: usize) -> String {
    // A table's first nine ids without the formatting machinery: the
    // replay names every player of every hand several times.
    match u8::try_from(index + 1) {
        Ok(n @ 1..=9) => String::from_iter(['p', char::from(b'0' + n)]),
        _ => format!("p{}", index + 1),
    }
}

/// Replays `hand` into the settle request: the table seated with its
/// forced bets, every action played, then the request of the table as the
/// hand left it.
///
/// Seats: PHH index 0 is the first seat left of the button, the last index
/// is the button, so index `i` sits in seat `i + 1` and the button is seat
/// `n` (stud has no button).
pub fn replay(hand: &PhhHand) -> Result<Replayed, PhhError> {
    let (variant, family) = variant_id(&hand.variant)
        .ok_or_else(|| PhhError::Unsupported(format!("variant `{}`", hand.variant)))?;
    let scale = input_scale(hand);
    let mut table = Table::seat(hand, scale)?;
    table.play(hand)?;
    let live_count = table.seats.iter().filter(|s| !s.folded).count();
    if live_count == 0 {
        return Err(PhhError::Unsupported("every player folded".into()));
    }
    let uncontested = live_count == 1;
    let mut players = players(hand, &table.seats, scale, uncontested, family)?;
    let recorded = Recorded {
        last_aggressor: table.aggressor,
        run_out: table.dealt_since_bet,
        sm: table.shows.clone(),
        hole: table
            .seats
            .iter()
            .map(|s| s.hole.iter().cloned().collect::<Option<Vec<String>>>())
            .collect(),
        live: table.seats.iter().map(|s| as_u64(s.live)).collect(),
    };
    let showdown = (!uncontested).then(|| showdown(&recorded, &mut players));
    let board = match family {
        Family::Board => {
            let known: Option<Vec<String>> = table.board.into_iter().collect();
            match known {
                Some(b) => Some(b),
                None if uncontested => None,
                None => return Err(PhhError::Unsupported("the board has unknown cards".into())),
            }
        }
        Family::Stud | Family::Draw => None,
    };
    let n = hand.starting_stacks.len();
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
            showdown,
            ..SettleRequest::default()
        },
        scale,
        recorded,
    })
}

/// RULES.md §15 from the record: the last aggressor (when still in: a
/// player who mucked is out of the request), a run-out when at most one
/// player could still bet, and `shows` on every player who showed, so a
/// hand shown that could have been mucked is answered `chose`.
fn showdown(recorded: &Recorded, players: &mut [PlayerRequest]) -> ShowdownRequest {
    let live = |i: &usize| players.get(*i).is_some_and(|p| !p.folded);
    let last_aggressor = recorded.last_aggressor.filter(live).map(player_id);
    for &(i, shown) in &recorded.sm {
        if let Some(p) = players.get_mut(i) {
            p.shows |= shown && !p.folded;
        }
    }
    let betting = players
        .iter()
        .filter(|p| !p.folded && p.committed.saturating_add(p.dead.unwrap_or(0)) != p.stack)
        .count();
    ShowdownRequest {
        last_aggressor,
        run_out: recorded.run_out && betting <= 1,
        ..ShowdownRequest::default()
    }
}

/// Every player of the request, by PHH index: what they put in, whether
/// they folded, and the cards of a live hand at a showdown.
fn players(
    hand: &PhhHand,
    seats: &[Seat],
    scale: u32,
    uncontested: bool,
    family: Family,
) -> Result<Vec<PlayerRequest>, PhhError> {
    let mut committed: Vec<i128> = seats.iter().map(|s| s.live).collect();
    trim_folded_uncalled(&mut committed, seats);
    let mut players = Vec::with_capacity(seats.len());
    for (i, seat) in seats.iter().enumerate() {
        let cards = if seat.folded || uncontested {
            None
        } else {
            // Stud cards as dealt, where every one is known (RULES.md §15.4:
            // the up cards decide who shows first).
            let dealt = family == Family::Stud && seat.hole.iter().all(Option::is_some);
            let cards = match &seat.shown {
                Some(shown) if !dealt => shown,
                _ => &seat.hole,
            };
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
        let start = whole(hand.starting_stacks[i], scale, "starting_stacks")?;
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
            shows: false,
        });
    }
    Ok(players)
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
pub(crate) fn input_scale(hand: &PhhHand) -> u32 {
    let mut scale = hand
        .starting_stacks
        .iter()
        .chain(&hand.antes)
        .chain(&hand.blinds_or_straddles)
        .chain(&hand.bring_in)
        .map(|d| d.scale)
        .max()
        .unwrap_or(0);
    // Only an amount with a decimal point can raise the scale.
    for action in hand.actions.iter().filter(|a| a.contains('.')) {
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
