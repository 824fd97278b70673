//! The 422 checks of `tournament` and `players[].bounty` (RULES.md §12.10).
//! A negative amount never gets here: it is not a `u64`, so it is a 400.

use crate::problems::{Problems, SEAT_FROM_1};
use crate::settle::{SettleRequest, TournamentRequest};
use showdown_cards::Variant;
use showdown_core::MAX_AMOUNT;

/// The most basis points a share can be (100 %).
const ALL_BP: u64 = 10_000;

/// The most players a tournament hand may list: no game deals a hand to
/// more (hold'em's 52 cards serve 23 players and a board). It bounds the
/// answer, whose awards grow with knockouts times collectors.
pub const MAX_TOURNAMENT_PLAYERS: usize = 23;

/// RULES.md §12.10: a bounty only in a tournament; a tournament hand's
/// table, what the house may not take from it, its terms, the players
/// with chips, and the bounties.
pub(super) fn check(req: &SettleRequest, p: &mut Problems) {
    let Some(t) = req.tournament.as_ref() else {
        for (i, pl) in req.players.iter().enumerate() {
            if pl.bounty.is_some() {
                p.push(
                    format!("/players/{i}/bounty"),
                    "a bounty needs tournament: send tournament (even {}) or leave bounty out",
                );
            }
        }
        return;
    };
    let n = req.players.len();
    if n > MAX_TOURNAMENT_PLAYERS {
        p.push(
            "/players",
            format!(
                "a tournament hand has at most {MAX_TOURNAMENT_PLAYERS} players (no deck deals a hand to more), got {n}"
            ),
        );
    }
    no_house_take(req, p);
    let unit = p.unit("/tournament/bountyUnit", "bountyUnit", t.bounty_unit);
    if let Some(bp) = t.progressive_bp.filter(|&bp| bp > ALL_BP) {
        p.push(
            "/tournament/progressiveBp",
            format!("progressiveBp {bp} is over 10000 (all of the bounty)"),
        );
    }
    with_chips(req, t, p);
    bounties(req, unit, p);
}

/// Tournaments take no rake and offer no cash-outs or bad-beat jackpot.
fn no_house_take(req: &SettleRequest, p: &mut Problems) {
    let house = [
        ("/rake", req.rake.is_some(), "rake"),
        ("/jackpot", req.jackpot.is_some(), "jackpot drop"),
        ("/cashOuts", req.cash_outs.is_some(), "cash-outs"),
        ("/badBeat", req.bad_beat.is_some(), "bad-beat jackpot"),
    ];
    for (pointer, present, what) in house {
        if present {
            p.push(
                pointer,
                format!("a tournament hand has no {what}: leave it out, or leave out tournament"),
            );
        }
    }
}

/// The players with chips: only they are live, two at least start the
/// hand, and no more than `playersLeft` of the event.
fn with_chips(req: &SettleRequest, t: &TournamentRequest, p: &mut Problems) {
    // A player without chips is already out of the event: listed, maybe,
    // but never live in a hand.
    for (i, pl) in req.players.iter().enumerate() {
        if pl.stack == 0 && !pl.folded {
            p.push(
                format!("/players/{i}/folded"),
                "a player with no chips is out of the tournament: they cannot be live in a hand",
            );
        }
    }
    let n = req.players.len();
    let with_chips = req.players.iter().filter(|pl| pl.stack > 0).count() as u64;
    if with_chips < 2 && n >= 2 {
        p.push(
            "/players",
            format!("a tournament hand needs 2 or more players with chips, got {with_chips}"),
        );
    }
    match t.players_left {
        Some(left) if left > MAX_AMOUNT => p.push(
            "/tournament/playersLeft",
            format!("playersLeft {left} is over 2^53 - 1 ({MAX_AMOUNT})"),
        ),
        Some(left) if left < with_chips => p.push(
            "/tournament/playersLeft",
            format!(
                "playersLeft {left} is below the {with_chips} players of the request who start the hand with chips"
            ),
        ),
        _ => {}
    }
}

/// Each bounty a multiple of the bounty unit, and all of them within
/// 2^53 - 1 (summed in u128, so no sum can wrap).
fn bounties(req: &SettleRequest, unit: Option<u64>, p: &mut Problems) {
    let mut total: u128 = 0;
    for (i, pl) in req.players.iter().enumerate() {
        let b = pl.bounty.unwrap_or(0);
        total += u128::from(b);
        match unit {
            Some(u) if b % u != 0 => p.push(
                format!("/players/{i}/bounty"),
                format!("bounty {b} is not a multiple of bountyUnit {u}"),
            ),
            _ => {}
        }
    }
    if total > u128::from(MAX_AMOUNT) {
        p.push(
            "/players",
            format!("the bounties add up to more than 2^53 - 1 ({MAX_AMOUNT})"),
        );
    }
}

/// RULES.md §13.8, the settle route's part: `smallBlindSeat`,
/// `bigBlindSeat` and `buttonRule` of a tournament hand in a button game.
pub(super) fn check_next_hand(req: &SettleRequest, table: Option<&Variant>, p: &mut Problems) {
    let Some(t) = req.tournament.as_ref() else {
        return;
    };
    if let Some(rule) = t.button_rule.as_deref() {
        check_button_rule(rule, "/tournament/buttonRule", p);
    }
    let (sb, bb) = match (t.small_blind_seat, t.big_blind_seat) {
        (None, None) => {
            if t.button_rule.is_some() {
                p.push(
                    "/tournament/buttonRule",
                    "buttonRule needs smallBlindSeat and bigBlindSeat: send both, or leave buttonRule out",
                );
            }
            return;
        }
        (Some(_), None) => {
            p.push(
                "/tournament/bigBlindSeat",
                "bigBlindSeat is required with smallBlindSeat: the next hand needs both blinds of this one",
            );
            return;
        }
        (None, Some(_)) => {
            p.push(
                "/tournament/smallBlindSeat",
                "smallBlindSeat is required with bigBlindSeat: the next hand needs both blinds of this one",
            );
            return;
        }
        (Some(sb), Some(bb)) => (sb, bb),
    };
    if table.is_some_and(|t| !t.button) {
        for field in ["smallBlindSeat", "bigBlindSeat"] {
            p.push(
                format!("/tournament/{field}"),
                format!("{} has no button or blinds: leave {field} out", req.variant),
            );
        }
        return;
    }
    if sb == 0 {
        p.push("/tournament/smallBlindSeat", SEAT_FROM_1);
    }
    if sb == bb {
        p.push(
            "/tournament/bigBlindSeat",
            format!("bigBlindSeat {bb} is also smallBlindSeat: the blinds are on two seats (heads-up, the small blind is the button's)"),
        );
    } else if !req.players.iter().any(|pl| pl.seat == bb && pl.stack > 0) {
        p.push(
            "/tournament/bigBlindSeat",
            format!("bigBlindSeat {bb} is not the seat of a player of the request who starts the hand with chips"),
        );
    }
}

/// The closed set of `buttonRule` (RULES.md §13.2, §13.5).
pub(crate) fn check_button_rule(rule: &str, pointer: &str, p: &mut Problems) {
    if !matches!(rule, "dead" | "forward") {
        p.push(
            pointer,
            showdown_json::closed_set::unknown("buttonRule", rule, &["dead", "forward"]),
        );
    }
}
