//! The settle request an OHH hand's actions give (RULES.md §16.5): what
//! each player put in, dead or live, who folded, the board, the last
//! aggressor and the run-out, beside the house's terms.

use crate::ohh::read::{bounty_scale_of, units};
use crate::ohh::{Judged, OhhError, OhhRequest};
use showdown_contract::settle::{AllInEvRequest, PlayerRequest, SettleRequest, ShowdownRequest};
use showdown_core::betting::{BettingError, BettingRefusal, Derived, End};

/// The settle request of a hand whose betting has ended.
pub fn settle_request(req: &OhhRequest, judged: &Judged) -> Result<SettleRequest, OhhError> {
    if let Some(field) = req.settle.given_by_the_record() {
        return Err(OhhError::new(
            format!("/settle/{field}"),
            "the record gives this: leave it out of `settle`",
        ));
    }
    let Some(derived) = &judged.replay.derived else {
        let refusal = BettingError {
            step: None,
            refusal: BettingRefusal::NotEnded,
        };
        return Err(OhhError::new("/rounds", refusal.to_string()));
    };
    let hand = &req.ohh;
    let read = &judged.read;
    let terms = req.settle.clone();
    let terms_asked = terms.all_in_ev;
    let players = players(req, judged, derived)?;
    let live = |i: &usize| !players[*i].folded;
    let last_aggressor = derived
        .last_aggressor
        .filter(live)
        .map(|i| players[i].id.clone());
    let showdown = ShowdownRequest {
        last_aggressor,
        run_out: derived.run_out,
        ..terms.showdown.unwrap_or_default()
    };
    Ok(SettleRequest {
        game_id: hand.game_number.as_ref().map(|g| match g {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }),
        hand_number: terms.hand_number,
        variant: judged.variant.clone(),
        rules: terms.rules,
        hi_lo_odd_chips: terms.hi_lo_odd_chips,
        chip_unit: terms.chip_unit,
        button_seat: Some(hand.dealer_seat),
        board: Some(derived.board.iter().map(ToString::to_string).collect()),
        dead_money: (read.added_by_house > 0).then_some(read.added_by_house),
        players,
        rake: terms.rake,
        jackpot: terms.jackpot,
        boards: terms.boards,
        explain: terms.explain,
        cash_outs: terms.cash_outs,
        all_in_ev: all_in_ev(terms_asked, derived)?,
        bad_beat: terms.bad_beat,
        tournament: terms.tournament,
        showdown: Some(showdown),
    })
}

/// The board cards of a flop game when its betting ended all in with
/// cards to come (`RunOut` in a round before the river: before the flop,
/// on the flop, on the turn); `None` for a hand that ended otherwise. One
/// reading for both formats (the PHH replay's all-in table too).
pub(crate) fn all_in_board(end: End) -> Option<u64> {
    const BOARD_BY_ROUND: [u64; 3] = [0, 3, 4];
    match end {
        End::RunOut { round } => BOARD_BY_ROUND.get(round).copied(),
        _ => None,
    }
}

/// RULES.md §17.1 on the hand as played: `allInEv: true` counts the
/// expectation from the board the betting ended on, which the actions
/// give; a hand whose betting did not end all in with cards to come has
/// none to count.
fn all_in_ev(asked: bool, derived: &Derived) -> Result<Option<AllInEvRequest>, OhhError> {
    if !asked {
        return Ok(None);
    }
    match all_in_board(derived.end) {
        Some(board_cards) => Ok(Some(AllInEvRequest { board_cards })),
        None => Err(OhhError::new(
            "/settle/allInEv",
            "the betting did not end all in with board cards still to come, so there is no all-in expectation to count (RULES.md §17.1)",
        )),
    }
}

/// Each player as the settlement reads them. At a showdown, a live hand
/// the record never shows is one mucked unseen: OHH leaves such mucks
/// out ("mucking without card information can be omitted").
fn players(
    req: &OhhRequest,
    judged: &Judged,
    derived: &Derived,
) -> Result<Vec<PlayerRequest>, OhhError> {
    let read = &judged.read;
    let contested = !matches!(derived.end, End::Uncontested { .. });
    let bounties = bounties(req)?;
    Ok(req
        .ohh
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let cards = read.hole[i].clone();
            let unseen = contested && cards.is_none();
            let dead = derived.dead[i].saturating_add(read.added[i]);
            PlayerRequest {
                id: p.id.to_string(),
                name: p.name.clone(),
                seat: p.seat,
                stack: read.betting.seats[i].stack,
                committed: derived.committed[i],
                dead: (dead > 0).then_some(dead),
                folded: derived.folded[i] || unseen,
                cards,
                bounty: bounties[i],
                shows: derived.shows[i],
            }
        })
        .collect())
}

/// Each player's bounty (`player_bounty`) in the hand's smallest unit of
/// bounty money, when `settle.tournament` asks for the tournament's
/// terms; `None` without it, or for a bounty of 0 (a bounty needs a
/// tournament, RULES.md §12).
fn bounties(req: &OhhRequest) -> Result<Vec<Option<u64>>, OhhError> {
    let players = &req.ohh.players;
    if req.settle.tournament.is_none() {
        return Ok(vec![None; players.len()]);
    }
    let scale = bounty_scale_of(&req.ohh)?;
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let at = format!("/players/{i}/player_bounty");
            let units = p
                .player_bounty
                .map(|b| units(b.0, scale, &at))
                .transpose()?;
            Ok(units.filter(|&b| b > 0))
        })
        .collect()
}
