//! A card given twice: the cards crate decides and words it
//! (`CardTwice`); every route that takes cards refuses it at the later
//! copy's pointer, naming the first copy's.

use crate::refusal::{listed, one_wording_one_pointer, settle_problems, showdown_hand};
use serde_json::{json, Value};
use showdown_cards::{Card, CardTwice};
use showdown_contract::chip_race::{chip_race_request, ChipRaceRequest};
use showdown_contract::draw::{draw_request, DrawRequest};
use showdown_contract::equity::{prepare, EquityRequest};
use std::fmt;

/// Every route and list that takes cards (cash-outs, deals, prizes and
/// tables take none).
#[derive(Debug, Clone, Copy)]
enum Taker {
    /// Settle: the board and a player's hand.
    SettleBoard,
    /// Settle: two players' hands.
    SettleHands,
    /// Settle with several boards: outside the part they share.
    SettleBoards,
    /// Settle a stud hand (no board).
    Stud,
    /// Settle a draw game (no board).
    DrawGame,
    /// A bad beat's minimum losing hand, a deck of its own.
    MinLosingHand,
    /// Equity: the board and a player's hand.
    Equity,
    /// Equity: the dead cards.
    EquityDead,
    /// A draw for the button: one card a player.
    Draw,
    /// A chip race's cards as dealt.
    ChipRace,
}

const ALL: [Taker; 10] = [
    Taker::SettleBoard,
    Taker::SettleHands,
    Taker::SettleBoards,
    Taker::Stud,
    Taker::DrawGame,
    Taker::MinLosingHand,
    Taker::Equity,
    Taker::EquityDead,
    Taker::Draw,
    Taker::ChipRace,
];

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// The settle problems of a two-handed showdown changed by `edit`.
fn settle(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = showdown_hand();
    edit(&mut body);
    settle_problems(body)
}

/// A hand of `variant` with no board or button, the players' cards given.
fn boardless(b: &mut Value, variant: &str, hands: [Value; 2]) {
    b["variant"] = json!(variant);
    let body = b.as_object_mut().unwrap();
    body.remove("board");
    body.remove("buttonSeat");
    let [h0, h1] = hands;
    b["players"][0]["cards"] = h0;
    b["players"][1]["cards"] = h1;
}

/// The equity request of a heads-up hold'em, changed by `edit`.
fn equity_body(edit: impl FnOnce(&mut Value)) -> Value {
    let mut body = json!({
        "variant": "holdem",
        "players": [{"id": "a", "cards": ["Ah", "Kd"]}, {"id": "b", "cards": ["2c", "3c"]}]
    });
    edit(&mut body);
    body
}

fn equity(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let req: EquityRequest = serde_json::from_value(equity_body(edit)).unwrap();
    listed(prepare(&req).err().expect("refused"))
}

/// A draw for the button, each player's card given.
fn draw(cards: [&str; 3]) -> Vec<(String, String)> {
    let players = cards
        .iter()
        .enumerate()
        .map(|(i, c)| json!({"id": format!("p{i}"), "seat": i + 1, "card": c}));
    let body = json!({"purpose": "button", "players": players.collect::<Vec<_>>()});
    let req: DrawRequest = serde_json::from_value(body).unwrap();
    listed(draw_request(&req).unwrap_err())
}

/// A chip race of two, each leftover chip dealt the card given.
fn chip_race(cards: [&[&str]; 2]) -> Vec<(String, String)> {
    let players = cards.iter().enumerate().map(|(i, c)| {
        json!({"id": format!("p{i}"), "seat": i + 1, "leftoverChips": c.len(), "otherChips": 100, "cards": c})
    });
    let body =
        json!({"removedDenomination": 5, "colorUpTo": 25, "players": players.collect::<Vec<_>>()});
    let req: ChipRaceRequest = serde_json::from_value(body).unwrap();
    listed(chip_race_request(&req).unwrap_err())
}

/// The problems of a request of `taker` with a card given twice, and the
/// refusal it must carry: the card, the first copy's pointer and the
/// later one's.
fn case(taker: Taker) -> (Vec<(String, String)>, CardTwice<&'static str>) {
    let twice = |c: &str, first, again| CardTwice {
        card: card(c),
        first,
        again,
    };
    match taker {
        Taker::SettleBoard => (
            settle(|b| b["players"][1]["cards"] = json!(["2c", "Jc"])),
            twice("Jc", "/board/3", "/players/1/cards/1"),
        ),
        Taker::SettleHands => (
            settle(|b| b["players"][1]["cards"] = json!(["Kd", "3c"])),
            twice("Kd", "/players/0/cards/1", "/players/1/cards/0"),
        ),
        Taker::SettleBoards => (
            settle(|b| {
                b.as_object_mut().unwrap().remove("board");
                let run = |turn: &str, river: &str| json!(["2d", "7h", "9s", turn, river]);
                b["boards"] = json!([run("Jc", "Qd"), run("Qd", "Th")]);
            }),
            twice("Qd", "/boards/0/4", "/boards/1/3"),
        ),
        Taker::Stud => (
            settle(|b| {
                let h0 = json!(["Ah", "Kd", "Qs", "Jc", "9h", "8d", "7s"]);
                let h1 = json!(["2c", "3c", "4c", "5c", "6h", "8d", "Ts"]);
                boardless(b, "stud", [h0, h1]);
            }),
            twice("8d", "/players/0/cards/5", "/players/1/cards/5"),
        ),
        Taker::DrawGame => (
            settle(|b| {
                let h0 = json!(["Ah", "Kd", "Qs", "Jc"]);
                let h1 = json!(["Jc", "3d", "4h", "5s"]);
                boardless(b, "badugi", [h0, h1]);
            }),
            twice("Jc", "/players/0/cards/3", "/players/1/cards/0"),
        ),
        Taker::MinLosingHand => (
            settle(|b| {
                let hand = json!(["Ah", "Ad", "Ac", "Kh", "Ad"]);
                b["badBeat"] = json!({"pool": 1000, "minLosingHand": hand});
            }),
            twice("Ad", "/badBeat/minLosingHand/1", "/badBeat/minLosingHand/4"),
        ),
        Taker::Equity => (
            equity(|b| b["board"] = json!(["7d", "Kd", "9s"])),
            twice("Kd", "/board/1", "/players/0/cards/1"),
        ),
        Taker::EquityDead => (
            equity(|b| b["dead"] = json!(["7d", "8d", "7d"])),
            twice("7d", "/dead/0", "/dead/2"),
        ),
        Taker::Draw => (
            draw(["As", "Kh", "As"]),
            twice("As", "/players/0/card", "/players/2/card"),
        ),
        Taker::ChipRace => (
            chip_race([&["2c", "3c"], &["4c", "3c"]]),
            twice("3c", "/players/0/cards/1", "/players/1/cards/1"),
        ),
    }
}

/// A card given twice as `.0` refuses it, worded by the cards crate.
#[derive(Debug, Clone)]
struct Refused(Taker, CardTwice<&'static str>);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.1.fmt(f)
    }
}

/// RULES.md §9.1 (no card twice in a hand, one deck) and API.md (a
/// duplicate card is a 422 at the later copy): every route that takes
/// cards refuses a card given twice once, in the cards crate's wording,
/// at the later copy, naming the first by pointer; no other wording of
/// it is left.
#[test]
fn rules_9_1_a_card_given_twice_has_one_wording_and_one_pointer_on_every_route() {
    let all = ALL.map(|taker| Refused(taker, case(taker).1));
    one_wording_one_pointer(&all, |Refused(taker, twice)| {
        let (found, _) = case(taker);
        let told = |m: &String| m.contains("more than once") || m.contains("twice");
        let twices = found.iter().filter(|(_, m)| told(m)).count();
        assert_eq!(twices, 1, "{taker:?}: {found:?}");
        (found, twice.again)
    });
}
