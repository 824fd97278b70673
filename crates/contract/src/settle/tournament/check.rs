//! The 422 checks of `tournament` and `players[].bounty` (RULES.md §12.10).
//! A negative amount never gets here: it is not a `u64`, so it is a 400.

use crate::prize_table::{check_table, TableFields};
use crate::problems::Problems;
use crate::request_names::worded;
use crate::settle::dto::SettleRequest;
use showdown_core::{
    tournament_problems, TournamentAt, TournamentField, TournamentHand, TournamentSeat, Unit,
};

/// The most players a tournament hand may list: no game deals a hand to
/// more (hold'em's 52 cards serve 23 players and a board). It bounds the
/// answer, whose awards grow with knockouts times collectors.
pub const MAX_TOURNAMENT_PLAYERS: usize = 23;

/// RULES.md §12.10: a bounty only in a tournament; a tournament hand's
/// table, what the house may not take from it, its bounty unit; then the
/// refusals of the hand the core decides and words (its terms, the
/// players with chips, the bounties), each at its pointer.
pub(crate) fn check(req: &SettleRequest, p: &mut Problems) {
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
    let unit = p.unit("/tournament/bountyUnit", Unit::Bounty, t.bounty_unit);
    let seats: Vec<TournamentSeat> = req
        .players
        .iter()
        .map(|pl| TournamentSeat {
            stack: pl.stack,
            live: !pl.folded,
            bounty: pl.bounty.unwrap_or(0),
        })
        .collect();
    let hand = TournamentHand {
        players: &seats,
        progressive_bp: t.progressive_bp.unwrap_or(0),
        players_left: t.players_left,
        bounty_unit: unit,
    };
    for problem in tournament_problems(&hand) {
        p.push(pointer(problem.at), worded(&problem.refusal));
    }
}

/// The pointer of a refusal the core decided (`tournament_problems`).
fn pointer(at: TournamentAt) -> String {
    match at {
        TournamentAt::Players => "/players".to_string(),
        TournamentAt::Player { index, field } => {
            let field = match field {
                TournamentField::Folded => "folded",
                TournamentField::Bounty => "bounty",
            };
            format!("/players/{index}/{field}")
        }
        TournamentAt::ProgressiveBp => "/tournament/progressiveBp".to_string(),
        TournamentAt::PlayersLeft => "/tournament/playersLeft".to_string(),
    }
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

/// RULES.md §14.9, the settle route's part: the table under `tournament`,
/// which needs `playersLeft` to place anyone.
pub(crate) fn check_prize_table(req: &SettleRequest, p: &mut Problems) {
    let Some(t) = req.tournament.as_ref() else {
        return;
    };
    if t.prizes.is_some() && t.players_left.is_none() {
        p.push(
            "/tournament/prizes",
            "prizes needs playersLeft: the places a hand pays are counted from the players left",
        );
    }
    check_table(
        &TableFields {
            at: "/tournament",
            prizes: t.prizes.as_deref(),
            prize_unit: t.prize_unit,
            tied_places: t.tied_places.as_deref(),
        },
        p,
    );
}
