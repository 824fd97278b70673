//! The JSON of `POST /v1/draw`, its validation (every problem, each with a
//! JSON Pointer, through the accumulator settle validation uses) and the
//! glue to `showdown_core::draw`.
//!
//! [`draw_request`] is the whole pipeline, HTTP free: the route only wraps
//! it. Players reach the core sorted by seat, so the response
//! never depends on the order of the request; pointers index the request
//! as sent. A deal is either the cards really dealt (an audit) or a seed,
//! echoed back, whose shuffle is fixed for good (`showdown_core::draw`).

use crate::problems::{seat_order, Problems, SEAT_FROM_1};
use serde::{Deserialize, Serialize};
use showdown_cards::Card;
use showdown_core::draw::{draw, DrawDeal, DrawInput, DrawResult, DECK_SIZE};
use showdown_json::Invalid;

/// POST /v1/draw body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "purpose": "button",
    "dealerSeat": 4,
    "players": [
        {"id": "agent-a", "seat": 1, "card": "Kh"},
        {"id": "agent-b", "seat": 4, "card": "Ks"},
        {"id": "agent-c", "seat": 6, "card": "9c"}
    ]
}))]
pub struct DrawRequest {
    /// Free text echoed back (e.g. `button`, `seat-move`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    /// The dealer's seat: the deal starts with the first player to its left
    /// (Robert's 3.7.2). Without it the deal starts at seat 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub dealer_seat: Option<u32>,
    /// Deal from this seed (0 to 2^53 - 1); else every player gives a card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub seed: Option<u64>,
    /// The players drawing: 2 to 52, one card each from one deck.
    #[schema(min_items = 2, max_items = 52)]
    pub players: Vec<DrawPlayerRequest>,
}

/// One player in a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DrawPlayerRequest {
    /// The player's id: not empty, unique in the draw.
    #[schema(min_length = 1)]
    pub id: String,
    /// A display name, echoed back beside the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat number, 1 or more, unique in the draw.
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub seat: u32,
    /// The card dealt to the player (an audit): required for every player
    /// when there is no `seed`, refused with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::CardName>)]
    pub card: Option<String>,
}

/// POST /v1/draw response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "purpose": "button",
    "dealerSeat": 4,
    "dealOrder": ["agent-c", "agent-a", "agent-b"],
    "players": [
        {"id": "agent-a", "seat": 1, "card": "Kh", "place": 2},
        {"id": "agent-b", "seat": 4, "card": "Ks", "place": 1},
        {"id": "agent-c", "seat": 6, "card": "9c", "place": 3}
    ],
    "winnerId": "agent-b",
    "winningCard": "Ks"
}))]
pub struct DrawResponse {
    /// The request's `purpose`; left out when it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub purpose: Option<String>,
    /// The request's `dealerSeat`; left out when it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, nullable = false)]
    pub dealer_seat: Option<u32>,
    /// The seed the cards were dealt from, echoed; left out for an audit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seed: Option<u64>,
    /// Player ids in the order the cards were dealt.
    pub deal_order: Vec<String>,
    /// Every player, by seat; `place` 1 is the highest card.
    pub players: Vec<DrawPlayerResult>,
    /// The id of the player with the highest card.
    pub winner_id: String,
    /// That player's `name`; left out when they have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub winner_name: Option<String>,
    /// The highest card (rank, then suit).
    #[schema(value_type = crate::schema_enums::CardName)]
    pub winning_card: String,
}

/// One player's card in a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawPlayerResult {
    /// The player's id.
    pub id: String,
    /// The player's `name`; left out when they have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// The player's seat.
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub seat: u32,
    /// The card the player drew.
    #[schema(value_type = crate::schema_enums::CardName)]
    pub card: String,
    /// 1 for the highest card (rank, then suit), 2 for the next, ...
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub place: u32,
}

/// Run a draw request: the response, or every problem found. The table
/// and the deal are checked, the core draws for the players by seat, and
/// the response names them as the request did.
pub fn draw_request(req: &DrawRequest) -> Result<DrawResponse, Invalid> {
    let mut p = Problems::default();
    let parsed = check(&mut p, req);
    p.finish()?;

    let order = seat_order(req.players.iter().map(|pl| pl.seat));
    let deal = match req.seed {
        Some(seed) => DrawDeal::Seed(seed),
        None => {
            // Every player gave a card (checked above), in request order.
            let cards: Vec<Card> = parsed.into_iter().flatten().collect();
            DrawDeal::Cards(order.iter().map(|&i| cards[i]).collect())
        }
    };
    let input = DrawInput {
        seats: order.iter().map(|&i| req.players[i].seat).collect(),
        dealer_seat: req.dealer_seat,
        deal,
    };
    let r = draw(&input).map_err(|e| Invalid::one("", format!("the draw cannot be run: {e}")))?;
    Ok(response(req, &order, &r))
}

/// Every problem of the request: the number of players, the dealer seat,
/// the seed or a card for each player, and the cards; the cards parsed, by
/// request index.
fn check(p: &mut Problems, req: &DrawRequest) -> Vec<Option<Card>> {
    let n = req.players.len();
    if n < 2 {
        p.push(
            "/players",
            format!("a draw needs at least 2 players, got {n}"),
        );
    } else if n > DECK_SIZE {
        p.push(
            "/players",
            format!(
                "a draw deals one card each from one deck: at most {DECK_SIZE} players, got {n}"
            ),
        );
    }
    if req.dealer_seat == Some(0) {
        p.push("/dealerSeat", SEAT_FROM_1);
    }
    p.seed(req.seed);
    p.players(req.players.iter().map(|pl| (pl.id.as_str(), pl.seat)));
    for (i, pl) in req.players.iter().enumerate() {
        match (&pl.card, req.seed) {
            (Some(_), Some(_)) => p.push(
                format!("/players/{i}/card"),
                "give either a seed or the cards dealt, not both",
            ),
            (None, None) => p.push(
                format!("/players/{i}/card"),
                "no seed: give the card dealt to every player",
            ),
            _ => {}
        }
    }
    let pointed: Vec<(String, &str)> = req
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, pl)| Some((format!("/players/{i}/card"), pl.card.as_deref()?)))
        .collect();
    p.cards(&pointed)
}

/// The response: the deal order, each player's card and place, and the
/// winner, named as the request named them (`order[k]` is the request
/// index of core player k).
fn response(req: &DrawRequest, order: &[usize], r: &DrawResult) -> DrawResponse {
    let n = req.players.len();
    let mut place = vec![0u32; n];
    for (rank, &k) in r.ranking.iter().enumerate() {
        place[k] = rank as u32 + 1;
    }
    let winner = &req.players[order[r.winner]];
    DrawResponse {
        purpose: req.purpose.clone(),
        dealer_seat: req.dealer_seat,
        seed: req.seed,
        deal_order: r
            .deal_order
            .iter()
            .map(|&k| req.players[order[k]].id.clone())
            .collect(),
        players: (0..n)
            .map(|k| {
                let pl = &req.players[order[k]];
                DrawPlayerResult {
                    id: pl.id.clone(),
                    name: pl.name.clone(),
                    seat: pl.seat,
                    card: r.cards[k].to_string(),
                    place: place[k],
                }
            })
            .collect(),
        winner_id: winner.id.clone(),
        winner_name: winner.name.clone(),
        winning_card: r.cards[r.winner].to_string(),
    }
}
