//! `showdown replay`'s all-in adjusted results (RULES.md §17): for each
//! recorded hand whose betting ended all in with board cards to come, what
//! every live player was due at the all-in beside what they won, and over
//! an archive the sums per player, as a tracker's adjusted graph shows
//! them (the Pluribus hands, for example).

use crate::ohh::request::all_in_board;
use crate::phh::betting::betting_hand;
use crate::phh::reader::PhhHand;
use crate::phh::replay::replay as replay_hand;
use showdown_contract::settle::AllInEvRequest;
use showdown_contract::settle_request;
use showdown_core::betting::derive;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// The finest decimal place the sums are kept in: amounts of hands in
/// coarser units are scaled to it, so hands of any unit add up exactly.
const SUM_SCALE: u32 = 8;

/// One hand's all-in result, amounts in units of `10^-scale`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllInHand {
    pub scale: u32,
    /// Every live player: their name (or id), what the pots paid them, and
    /// what they were due, rounded to the chip as the answer rounds it.
    pub players: Vec<(String, u64, i64)>,
}

/// The hand's all-in result, when its betting ended all in with cards to
/// come and it settles; `None` otherwise (nothing to adjust).
pub fn all_in_hand(hand: &PhhHand) -> Option<AllInHand> {
    let (betting, _) = betting_hand(hand).ok()?;
    // Board cards to come: flop games only (a stud street is no board).
    if betting.game != showdown_core::betting::Game::Flop {
        return None;
    }
    let board_cards = all_in_board(derive(&betting).ok()?.end)?;
    let mut replayed = replay_hand(hand).ok()?;
    replayed.request.all_in_ev = Some(AllInEvRequest { board_cards });
    let event = settle_request(&replayed.request).ok()?;
    let req = &replayed.request;
    let players = event
        .data
        .all_in_ev?
        .iter()
        .map(|e| {
            let p = req.players.iter().find(|p| p.id == *e.agent_id);
            let name = p
                .and_then(|p| p.name.clone())
                .unwrap_or(e.agent_id.to_string());
            (name, e.won, e.expected.chips)
        })
        .collect();
    Some(AllInHand {
        scale: replayed.scale,
        players,
    })
}

/// One player's sums over the hands.
#[derive(Default)]
struct Sums {
    hands: usize,
    won: i128,
    expected: i128,
}

/// The table at the end of a replay: per player over every all-in hand,
/// the hands, `won`, `expected` and their difference (luck); nothing when
/// no hand ended all in.
pub fn write_table(hands: &[&AllInHand], out: &mut dyn Write) -> io::Result<()> {
    if hands.is_empty() {
        return Ok(());
    }
    let mut by_player: BTreeMap<&str, Sums> = BTreeMap::new();
    for h in hands {
        let to_sum = 10i128.pow(SUM_SCALE.saturating_sub(h.scale));
        for (name, won, expected) in &h.players {
            let s = by_player.entry(name).or_default();
            s.hands += 1;
            s.won += i128::from(*won) * to_sum;
            s.expected += i128::from(*expected) * to_sum;
        }
    }
    let places = hands.iter().map(|h| h.scale).max().unwrap_or(0);
    writeln!(
        out,
        "all-in adjusted (RULES.md §17), {} hands whose betting ended all in with cards to come:",
        hands.len()
    )?;
    let width = by_player.keys().map(|k| k.len()).max().unwrap_or(6).max(6);
    writeln!(
        out,
        "{:width$} {:>6} {:>14} {:>14} {:>14}",
        "player", "hands", "won", "expected", "luck"
    )?;
    for (name, s) in &by_player {
        let show = |x: i128| decimal(x, places);
        writeln!(
            out,
            "{name:width$} {:>6} {:>14} {:>14} {:>14}",
            s.hands,
            show(s.won),
            show(s.expected),
            show(s.won - s.expected)
        )?;
    }
    Ok(())
}

/// `x` units of `10^-SUM_SCALE` written with `places` decimals (the
/// finest the hands used, so nothing is cut).
fn decimal(x: i128, places: u32) -> String {
    let unit = 10i128.pow(SUM_SCALE - places.min(SUM_SCALE));
    let v = x / unit;
    if places == 0 {
        return v.to_string();
    }
    let p = 10i128.pow(places);
    let sign = if v < 0 { "-" } else { "" };
    format!(
        "{sign}{}.{:0w$}",
        v.abs() / p,
        v.abs() % p,
        w = places as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked example 17.1 as a PHH record: p2 (the button, small blind)
    /// moves all in before the flop and p1 calls; the board is run out.
    #[test]
    fn rules_17_1_a_recorded_all_in_gives_each_player_their_due() {
        let text = "variant = 'NT'\nante_trimming_status = false\nantes = [0, 0]\n\
            blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [1000, 1000]\n\
            players = ['A', 'B']\n\
            actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 1000', 'p1 cc', \
            'd db Kc7s2d', 'd db 9h', 'd db 3c']\n";
        let hand = crate::phh::reader::parse_one(text, "17.1").unwrap();
        let got = all_in_hand(&hand).expect("an all-in before the flop");
        assert_eq!(
            got.players,
            [("A".to_string(), 0, 1653), ("B".to_string(), 2000, 347)]
        );
    }

    #[test]
    fn sums_are_kept_exactly_in_the_finest_unit() {
        assert_eq!(decimal(-150_000_000, 2), "-1.50");
        assert_eq!(decimal(1_653 * 100_000_000, 0), "1653");
        let a = AllInHand {
            scale: 0,
            players: vec![("A".into(), 0, 1653), ("B".into(), 2000, 347)],
        };
        let b = AllInHand {
            scale: 2,
            players: vec![("A".into(), 150, 100)],
        };
        let mut out = Vec::new();
        write_table(&[&a, &b], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<Vec<&str>> = text
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(lines[0], ["A", "2", "1.50", "1654.00", "-1652.50"]);
        assert_eq!(lines[1], ["B", "1", "2000.00", "347.00", "1653.00"]);
    }
}
