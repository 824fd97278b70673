//! A PHH hand of a flop game written as an OHH hand (`POST
//! /v1/settle/phh?record=ohh`), so the OHH record writer can complete it
//! as it completes the OHH route's hands.
//!
//! Seats follow the replay: PHH index `i` is OHH player `id` `i + 1` in
//! seat `i + 1`, the last index on the button. PHH writes a bet or raise
//! as the player's round total and OHH as the chips it adds, so the round
//! totals are tracked here as the betting reading tracks them.

use crate::ohh::amount::Amount;
use crate::ohh::hand::{BetLimit, OhhAction, OhhHand, OhhPlayer, OhhRound};
use crate::phh::reader::{Decimal, PhhHand};
use crate::phh::replay::input_scale;
use crate::phh::replay::table::words;

/// The OHH street of each board deal of a flop game, in order.
const STREETS: [&str; 3] = ["Flop", "Turn", "River"];

/// Why a PHH hand cannot be written as OHH: a 422 at [`AsOhhError::at`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsOhhError {
    /// OHH 1.4.7 has no streets for stud and draw games.
    #[error("`{0}` is not a flop game: OHH 1.4.7 writes hold'em and Omaha (NT, FT, NS, PO, FO/8), so a stud or draw hand has no OHH record")]
    NotFlop(String),
    /// An action this writing cannot put into OHH's rounds.
    #[error("action {index}: {message}")]
    Action { index: usize, message: String },
    /// An amount that is not whole at the hand's smallest decimal place.
    #[error("`{field}`: an amount is not a whole number of the hand's smallest unit")]
    Amount { field: &'static str },
}

impl AsOhhError {
    /// The JSON Pointer into the PHH hand of what cannot be written.
    pub fn at(&self) -> String {
        match self {
            AsOhhError::NotFlop(_) => "/variant".to_string(),
            AsOhhError::Action { index, .. } => format!("/actions/{index}"),
            AsOhhError::Amount { field } => format!("/{field}"),
        }
    }
}

/// The OHH `game_type` and `bet_type` of a flop game's PHH code.
fn game(code: &str) -> Result<(&'static str, &'static str), AsOhhError> {
    Ok(match code {
        // Short deck is read as hold'em's streets: OHH has no name for it.
        "NT" | "NS" => ("Holdem", "NL"),
        "FT" => ("Holdem", "FL"),
        "PO" => ("Omaha", "PL"),
        "FO/8" => ("OmahaHiLo", "FL"),
        other => return Err(AsOhhError::NotFlop(other.to_string())),
    })
}

/// Whether `?record=ohh` can write `code`'s hands (before settling them).
pub fn writes(code: &str) -> Result<(), AsOhhError> {
    game(code).map(|_| ())
}

/// The OHH `id` of an answer's PHH agent id (`p3` is 3).
pub fn ohh_id(agent: &str) -> Option<u64> {
    agent.strip_prefix('p')?.parse().ok()
}

/// Each player's chips behind and in this round, in `10^-scale` units.
struct Chips {
    scale: u32,
    behind: Vec<i128>,
    round: Vec<i128>,
}

impl Chips {
    fn bet(&self) -> i128 {
        self.round.iter().copied().max().unwrap_or(0)
    }

    /// `p` puts in up to `to` this round: the chips added, and all in or not.
    fn put(&mut self, p: usize, to: i128) -> (i128, bool) {
        let added = (to - self.round[p]).clamp(0, self.behind[p]);
        self.behind[p] -= added;
        self.round[p] += added;
        (added, self.behind[p] == 0)
    }

    fn amount(&self, units: i128) -> Amount {
        Amount::at(units, self.scale)
    }
}

/// The hand being written: its rounds so far.
struct Writer {
    chips: Chips,
    rounds: Vec<OhhRound>,
    boards: usize,
}

impl Writer {
    fn push(&mut self, action: OhhAction) {
        let number = self.rounds.iter().map(|r| r.actions.len()).sum::<usize>() + 1;
        let action = OhhAction {
            action_number: Some(number as u64),
            ..action
        };
        if let Some(round) = self.rounds.last_mut() {
            round.actions.push(action);
        }
    }

    fn round(&mut self, street: &str, cards: Option<Vec<String>>) {
        self.chips.round.iter_mut().for_each(|r| *r = 0);
        let id = self.rounds.len();
        self.rounds.push(OhhRound {
            id: Some(id.into()),
            street: street.to_string(),
            cards: cards.map(Into::into),
            actions: Vec::new(),
        });
    }

    /// A chips action of player index `p`, its amount the chips added.
    fn chips_action(&mut self, p: usize, kind: &str, to: i128) {
        let (added, all_in) = self.chips.put(p, to);
        let amount = Some(self.chips.amount(added));
        self.push(action(p, kind, amount, Some(all_in), None));
    }
}

fn action(
    p: usize,
    kind: &str,
    amount: Option<Amount>,
    is_allin: Option<bool>,
    cards: Option<Vec<String>>,
) -> OhhAction {
    OhhAction {
        action_number: None,
        player_id: Some(p as u64 + 1),
        action: kind.to_string(),
        amount,
        is_allin,
        cards,
    }
}

/// Two-character cards of a PHH card run (`AsKd`, `????`).
fn cards(text: &str) -> Vec<String> {
    text.as_bytes()
        .chunks(2)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect()
}

/// `hand` written as OHH 1.4.7, amounts in its own decimals; the pots
/// are left for the record writer to fill.
pub fn as_ohh(hand: &PhhHand) -> Result<OhhHand, AsOhhError> {
    let (game_type, bet_type) = game(&hand.variant)?;
    let scale = input_scale(hand);
    let whole = |d: Decimal, field: &'static str| {
        d.at_scale(scale)
            .filter(|u| *u >= 0)
            .ok_or(AsOhhError::Amount { field })
    };
    let n = hand.starting_stacks.len();
    let list = |ds: &[Decimal], field: &'static str| {
        ds.iter()
            .map(|&d| whole(d, field))
            .collect::<Result<Vec<_>, _>>()
    };
    let stacks = list(&hand.starting_stacks, "starting_stacks")?;
    let blinds = list(&hand.blinds_or_straddles, "blinds_or_straddles")?;
    let antes = list(&hand.antes, "antes")?;
    let mut w = Writer {
        chips: Chips {
            scale,
            behind: stacks.clone(),
            round: vec![0; n],
        },
        rounds: Vec::new(),
        boards: 0,
    };
    w.round("Preflop", None);
    posts(&mut w, &antes, &blinds);
    for (index, text) in hand.actions.iter().enumerate() {
        played(&mut w, &words(text), scale)
            .map_err(|message| AsOhhError::Action { index, message })?;
    }
    let amount = |units: i128| Amount::at(units, scale);
    let ante = antes.iter().copied().max().unwrap_or(0);
    Ok(OhhHand {
        spec_version: Some("1.4.7".to_string()),
        site_name: None,
        network_name: None,
        internal_version: None,
        tournament: None,
        tournament_info: None,
        game_number: None,
        start_date_utc: None,
        table_name: None,
        table_handle: None,
        table_skin: None,
        game_type: game_type.to_string(),
        bet_limit: BetLimit {
            bet_type: bet_type.to_string(),
            bet_cap: None,
        },
        table_size: Some(n.into()),
        currency: None,
        dealer_seat: n as u32,
        small_blind_amount: amount(blinds.first().copied().unwrap_or(0)),
        big_blind_amount: amount(blinds.get(1).copied().unwrap_or(0)),
        ante_amount: Some(amount(ante)),
        hero_player_id: None,
        flags: None,
        players: (0..n)
            .map(|i| OhhPlayer {
                id: i as u64 + 1,
                seat: i as u32 + 1,
                name: hand.players.get(i).cloned(),
                display: None,
                starting_stack: amount(stacks[i]),
                player_bounty: None,
                is_sitting_out: None,
            })
            .collect(),
        rounds: w.rounds,
        pots: None,
        tournament_bounties: None,
    })
}

/// The antes, then the blinds and straddles (heads-up, the button posts
/// the small blind that PHH lists first, as the replay reads it).
fn posts(w: &mut Writer, antes: &[i128], blinds: &[i128]) {
    for (p, &ante) in antes.iter().enumerate() {
        if ante > 0 {
            let paid = ante.min(w.chips.behind[p]);
            w.chips.behind[p] -= paid;
            let all_in = w.chips.behind[p] == 0;
            let amount = Some(w.chips.amount(paid));
            w.push(action(p, "Post Ante", amount, Some(all_in), None));
        }
    }
    let heads_up = antes.len() == 2;
    for (i, &blind) in blinds.iter().enumerate() {
        let p = if heads_up { 1 - i } else { i };
        let kind = match i {
            0 => "Post SB",
            1 => "Post BB",
            _ => "Straddle",
        };
        if blind > 0 {
            w.chips_action(p, kind, blind);
        }
    }
}

/// One PHH action written into the rounds.
fn played(w: &mut Writer, words: &[&str], scale: u32) -> Result<(), String> {
    let n = w.chips.behind.len();
    let player = |p: &str| -> Result<usize, String> {
        p.strip_prefix('p')
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| k >= 1 && k <= n)
            .map(|k| k - 1)
            .ok_or_else(|| format!("`{p}` is not a player"))
    };
    match words {
        ["d", "dh", p, dealt] => {
            let p = player(p)?;
            w.push(action(p, "Dealt Cards", None, None, Some(cards(dealt))));
        }
        ["d", "db", dealt] => {
            let street = STREETS
                .get(w.boards)
                .ok_or("more board deals than a flop game has")?;
            w.boards += 1;
            w.round(street, Some(cards(dealt)));
        }
        [p, "f"] => w.push(action(player(p)?, "Fold", None, None, None)),
        [p, "cc"] => {
            let p = player(p)?;
            if w.chips.round[p] >= w.chips.bet() {
                w.push(action(p, "Check", None, None, None));
            } else {
                w.chips_action(p, "Call", w.chips.bet());
            }
        }
        [p, "cbr", total] => {
            let p = player(p)?;
            let to = Decimal::parse(total)
                .and_then(|d| d.at_scale(scale))
                .ok_or("an amount is not whole")?;
            let kind = if w.chips.bet() > 0 { "Raise" } else { "Bet" };
            w.chips_action(p, kind, to);
        }
        [p, "sm", rest @ ..] => {
            let p = player(p)?;
            if w.rounds.last().is_none_or(|r| r.street != "Showdown") {
                w.round("Showdown", None);
            }
            match rest.first().filter(|c| !c.contains('?')) {
                Some(shown) => w.push(action(p, "Shows Cards", None, None, Some(cards(shown)))),
                None => w.push(action(p, "Mucks Cards", None, None, None)),
            }
        }
        other => return Err(format!("`{}` has no OHH action", other.join(" "))),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::reader::parse_one;

    fn hand(text: &str) -> PhhHand {
        parse_one(text, "t").unwrap()
    }

    #[test]
    fn a_phh_raise_to_a_round_total_is_written_as_the_chips_it_adds() {
        let h = hand(
            "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\nstarting_stacks = [100, 100, 100]\n\
             actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7h2c', 'p3 cbr 6', 'p1 cbr 18', \
             'p2 f', 'p3 cc', 'd db 2s3s4s', 'p1 cbr 20', 'p3 f']\n",
        );
        let ohh = as_ohh(&h).unwrap();
        assert_eq!((ohh.dealer_seat, ohh.game_type.as_str()), (3, "Holdem"));
        let pre = &ohh.rounds[0].actions;
        let said: Vec<(&str, Option<String>)> = pre
            .iter()
            .map(|a| (a.action.as_str(), a.amount.map(|x| x.0.to_string())))
            .collect();
        assert_eq!(said[0], ("Post SB", Some("1".into())));
        assert_eq!(said[1], ("Post BB", Some("2".into())));
        // p1 has 1 in (the small blind): a raise to 18 adds 17.
        assert_eq!(said[6], ("Raise", Some("17".into())));
        // p3 had 6 in: the call adds 12.
        assert_eq!(said[8], ("Call", Some("12".into())));
        let flop = &ohh.rounds[1];
        assert_eq!(flop.street, "Flop");
        assert_eq!(flop.actions[0].action, "Bet");
        assert_eq!(flop.actions[0].action_number, Some(10));
    }

    #[test]
    fn a_heads_up_button_posts_the_small_blind_and_shows_go_to_a_showdown_round() {
        let h = hand(
            "variant = 'PO'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [50.5, 50]\n\
             actions = ['p2 cc', 'p1 cc', 'd db 2s3s4s', 'd db 5d', 'd db 9c', \
             'p1 sm AsKsQdJd', 'p2 sm']\n",
        );
        let ohh = as_ohh(&h).unwrap();
        assert_eq!(ohh.rounds[0].actions[0].player_id, Some(2));
        assert_eq!(ohh.rounds[0].actions[0].action, "Post SB");
        assert_eq!(ohh.players[0].starting_stack.0.to_string(), "50.5");
        let streets: Vec<&str> = ohh.rounds.iter().map(|r| r.street.as_str()).collect();
        assert_eq!(streets, ["Preflop", "Flop", "Turn", "River", "Showdown"]);
        let shown = &ohh.rounds[4].actions;
        assert_eq!(shown[0].cards.as_ref().unwrap().len(), 4);
        assert_eq!(shown[1].action, "Mucks Cards");
    }

    #[test]
    fn stud_and_draw_have_no_ohh_record_at_the_variant() {
        let e = writes("F7S").unwrap_err();
        assert_eq!(e.at(), "/variant");
        assert!(writes("N2L1D").is_err());
        assert!(writes("FO/8").is_ok());
        assert_eq!(ohh_id("p12"), Some(12));
    }
}
