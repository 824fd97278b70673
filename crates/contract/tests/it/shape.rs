//! Tests of `showdown-json`'s shape walk on the contract's own request
//! types: one case per rule the derive teaches it, the budgets of a hostile
//! body, and agreement with the typed parse on every golden request (about 540 lines of cases; no logic of their own).

use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use showdown_contract::chip_race::ChipRaceRequest;
use showdown_contract::draw::DrawRequest;
use showdown_contract::settle::SettleRequest;
use showdown_json::objects::Objects;
use showdown_json::walk_probe::{every, field_error, walk, Node, WALK_BUDGET};
use showdown_json::{FieldError, Invalid, MAX_LISTED};

/// Every problem the walk finds in `text` as a `T`: (pointer, message).
fn found<T: DeserializeOwned>(text: &str) -> Vec<(String, String)> {
    found_all::<T>(text)
        .0
        .errors
        .into_iter()
        .map(|e| (e.pointer, e.message))
        .collect()
}

fn found_all<T: DeserializeOwned>(text: &str) -> (Invalid, usize) {
    let (invalid, walks, complete) = walk::<T>(&serde_json::from_str(text).expect("JSON"));
    assert!(complete, "the walk of {text:.80} was cut short");
    (invalid, walks)
}

fn pointers<T: DeserializeOwned>(text: &str) -> Vec<String> {
    found::<T>(text).into_iter().map(|(p, _)| p).collect()
}

fn problem(pointer: &str, message: &str) -> FieldError {
    FieldError {
        pointer: pointer.to_string(),
        message: message.to_string(),
    }
}

/// What the typed parse says, as `parse_json` reports it: `None` when it
/// parses, `Err` for a body that is not JSON, else its one problem.
fn typed<T: DeserializeOwned>(bytes: &[u8]) -> Option<Result<FieldError, ()>> {
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    match serde_path_to_error::deserialize::<_, T>(Objects(&mut *de)) {
        Ok(_) => de.end().err().map(|_| Err(())),
        Err(e) if e.inner().is_syntax() || e.inner().is_eof() => Some(Err(())),
        Err(e) => Some(Ok(field_error(&e))),
    }
}

/// A settle request of two players, in this key order.
const TWO: &str = r#"{"variant":"holdem","buttonSeat":1,"players":[
    {"id":"a","seat":1,"stack":100,"committed":10,"cards":["Ah","Kd"]},
    {"id":"b","seat":2,"stack":100,"committed":10,"cards":["2c","3c"]}]}"#;

#[test]
fn a_valid_request_has_no_problems() {
    assert_eq!(found::<SettleRequest>(TWO), vec![]);
    for example in [
        showdown_contract::settle::example_api_md(),
        showdown_contract::settle::raked_settle_example(),
        showdown_contract::settle::example_run_it_twice(),
        showdown_contract::settle::example_double_board_omaha_hi_lo(),
    ] {
        assert_eq!(found::<SettleRequest>(&example.to_string()), vec![]);
    }
    assert_eq!(found::<ChipRaceRequest>(&chip_race().to_string()), vec![]);
    assert_eq!(found::<DrawRequest>(&draw().to_string()), vec![]);
}

#[test]
fn every_wrong_value_is_listed_in_document_order_with_plain_words() {
    let text = r#"{"variant":"holdem","players":[
        {"id":"a","seat":"1","stack":1.5,"committed":10,"cards":"AhKd"},
        {"id":7,"seat":2,"stack":100,"committed":-5,"folded":"no"}]}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [
            (
                "/players/0/seat",
                "expected a whole number, 0 or more, got string \"1\""
            ),
            (
                "/players/0/stack",
                "expected a whole number, 0 or more, got 1.5 (whole numbers only: no fractions)"
            ),
            ("/players/0/cards", "expected a list, got string \"AhKd\""),
            ("/players/1/id", "expected a string, got 7"),
            (
                "/players/1/committed",
                "expected a whole number, 0 or more, got -5"
            ),
            (
                "/players/1/folded",
                "expected true or false, got string \"no\""
            ),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
}

#[test]
fn a_number_out_of_its_range_is_listed() {
    let text = r#"{"variant":"holdem","buttonSeat":4294967296,"handNumber":1e20,"players":[]}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [
            (
                "/buttonSeat",
                "expected a whole number from 0 to 4294967295, got 4294967296"
            ),
            (
                "/handNumber",
                "expected a whole number, 0 or more, got 1e+20: too large"
            ),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
}

#[test]
fn a_whole_number_written_as_a_decimal_says_so_not_too_large() {
    let text = r#"{"variant":"holdem","handNumber":100.0,"players":[]}"#;
    let (pointer, message) = found::<SettleRequest>(text).remove(0);
    assert_eq!(pointer, "/handNumber");
    assert_eq!(
        message,
        "expected a whole number, 0 or more, got 100.0: write a whole number without a decimal point or exponent"
    );
}

#[test]
fn a_misspelt_field_is_named_with_the_one_it_meant_and_not_also_as_missing() {
    let text = r#"{"variant":"holdem","players":[{"id":"a","seat":1,"stack":5,"commited":1}]}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [(
            "/players/0/commited".to_string(),
            "unknown field \"commited\": did you mean \"committed\"?".to_string()
        )]
    );
}

#[test]
fn an_unknown_field_far_from_any_is_listed_and_the_absent_one_too() {
    let text = r#"{"variant":"holdem","players":[{"id":"a","seat":1,"stack":5,"colour":"red"}]}"#;
    let got = found::<SettleRequest>(text);
    assert_eq!(
        pointers::<SettleRequest>(text),
        ["/players/0/colour", "/players/0"]
    );
    assert!(
        got[0]
            .1
            .starts_with("unknown field \"colour\"; the fields here are id, name, seat"),
        "{got:?}"
    );
    assert_eq!(got[1].1, "the required field \"committed\" is missing");
}

#[test]
fn missing_fields_are_listed_at_their_object_after_its_other_problems() {
    let text = r#"{"players":[{"name":"x","stack":-1},{"id":"b","seat":2,"stack":1,"committed":1}],"rules":5}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [
            (
                "/players/0/stack",
                "expected a whole number, 0 or more, got -1"
            ),
            ("/players/0", "the required field \"id\" is missing"),
            ("/players/0", "the required field \"seat\" is missing"),
            ("/players/0", "the required field \"committed\" is missing"),
            ("/rules", "expected a string, got 5"),
            ("", "the required field \"variant\" is missing"),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
}

#[test]
fn a_field_given_twice_is_listed_at_the_field() {
    let text = r#"{"variant":"holdem","players":[{"id":"a","seat":1,"seat":2,"stack":5,"committed":1.5}]}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [
            ("/players/0/seat", "the field \"seat\" is given twice"),
            (
                "/players/0/committed",
                "expected a whole number, 0 or more, got 1.5 (whole numbers only: no fractions)"
            ),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
    let typed = typed::<SettleRequest>(text.as_bytes()).unwrap().unwrap();
    assert_eq!(typed.pointer, "/players/0/seat");
}

#[test]
fn the_house_s_newer_fields_are_walked_like_the_others() {
    // `rake.spread` and `cashOuts[].feeRounding` are strings: any other
    // shape is a 400 at their pointer, a misspelt key names them.
    let text = r#"{"variant":"holdem","players":[],"rake":{"percentBp":5,"spread":2},
        "cashOuts":[{"agentId":"a","boardCards":3,"feeRounding":[]},
                    {"agentId":"b","boardCards":3,"feeRoundng":"down"}]}"#;
    assert_eq!(
        pointers::<SettleRequest>(text),
        [
            "/rake/spread",
            "/cashOuts/0/feeRounding",
            "/cashOuts/1/feeRoundng"
        ]
    );
    let typed = typed::<SettleRequest>(
        br#"{"variant":"holdem","players":[],"cashOuts":[{"agentId":"b","boardCards":3,"feeRoundng":"down"}]}"#,
    )
    .unwrap()
    .unwrap();
    assert!(typed.message.contains("feeRounding"), "{}", typed.message);
}

#[test]
fn nested_objects_and_lists_are_walked_to_their_leaves() {
    let text = r#"{"variant":"holdem","players":[],
        "rake":{"percentBp":-1,"capsByPlayersDealt":[{"minPlayers":2,"cap":1.5},{"cap":3},"x"],"rounding":1},
        "jackpot":{"amount":"1","minPot":[]},
        "boards":[["Ah",2],"Kd"],"board":{}}"#;
    assert_eq!(
        pointers::<SettleRequest>(text),
        [
            "/rake/percentBp",
            "/rake/capsByPlayersDealt/0/cap",
            "/rake/capsByPlayersDealt/1",
            "/rake/capsByPlayersDealt/2",
            "/rake/rounding",
            "/jackpot/amount",
            "/jackpot/minPot",
            "/boards/0/1",
            "/boards/1",
            "/board",
        ]
    );
}

#[test]
fn the_wrong_shape_where_an_object_or_a_list_belongs_is_one_problem() {
    let text =
        r#"{"variant":"holdem","players":{"id":"a"},"rake":[],"jackpot":"big","board":[[]]}"#;
    assert_eq!(
        found::<SettleRequest>(text),
        [
            ("/players", "expected a list, got map"),
            // A struct is read from an object only (crate::objects).
            ("/rake", LIST),
            ("/jackpot", "expected an object, got string \"big\""),
            ("/board/0", "expected a string, got sequence"),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
}

/// What the walk says of a struct written as a list.
const LIST: &str = "expected an object, got a list: fields are given by name, never by position";

#[test]
fn structs_written_as_lists_are_one_problem_each_in_one_walk() {
    let players = vec!["[]"; 1_000].join(",");
    let text = format!(r#"{{"variant":"holdem","players":[{players},["a"]]}}"#);
    let (invalid, walks) = found_all::<SettleRequest>(&text);
    assert_eq!(invalid.total(), 1_001);
    assert_eq!(invalid.errors[0].pointer, "/players/0");
    assert_eq!(invalid.errors[0].message, LIST);
    assert_eq!(walks, 1);
}

#[test]
fn a_body_of_another_shape_is_one_problem_at_the_root() {
    for (text, message) in [
        ("5", "expected an object, got 5"),
        ("null", "expected an object, got null"),
        ("\"x\"", "expected an object, got string \"x\""),
        ("[]", LIST),
        (r#"["g1",5,"holdem"]"#, LIST),
    ] {
        assert_eq!(
            found::<SettleRequest>(text),
            [(String::new(), message.to_string())],
            "{text}"
        );
    }
}

#[test]
fn keys_are_escaped_in_pointers() {
    let text = r#"{"variant":"holdem","players":[],"a/b~c":1}"#;
    assert_eq!(pointers::<SettleRequest>(text), ["/a~1b~0c"]);
}

#[test]
fn chip_race_and_draw_requests_list_every_problem() {
    let text = r#"{"removedDenomination":-5,"colorUpTo":2.5,"convention":1,
        "players":[{"id":"a","seat":1,"leftoverChips":"3","otherChip":5}]}"#;
    assert_eq!(
        pointers::<ChipRaceRequest>(text),
        [
            "/removedDenomination",
            "/colorUpTo",
            "/convention",
            "/players/0/leftoverChips",
            "/players/0/otherChip",
        ]
    );
    let text = r#"{"dealerSeat":-1,"seed":"7","players":[{"id":"a","card":5},{"seat":2,"id":"b","cards":"Ah"}]}"#;
    let got = found::<DrawRequest>(text);
    assert_eq!(
        got.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
        [
            "/dealerSeat",
            "/seed",
            "/players/0/card",
            "/players/0",
            "/players/1/cards",
        ]
    );
    assert_eq!(got[4].1, "unknown field \"cards\": did you mean \"card\"?");
}

#[test]
fn a_64_kib_array_of_bad_players_lists_the_cap_counts_the_rest_in_few_walks() {
    let players = vec!["1"; 30_000].join(",");
    let text = format!(r#"{{"variant":"holdem","players":[{players}]}}"#);
    assert!(text.len() < 64 * 1024);
    let (invalid, walks) = found_all::<SettleRequest>(&text);
    assert_eq!(invalid.errors.len(), MAX_LISTED);
    assert_eq!(invalid.total(), 30_000);
    assert_eq!(invalid.errors[0].pointer, "/players/0");
    assert_eq!(
        invalid.errors[MAX_LISTED - 1].pointer,
        format!("/players/{}", MAX_LISTED - 1)
    );
    assert_eq!(walks, 1);
    // Every player missing every field: one walk a rule, not a player.
    let players = vec![r#"{"colour":1}"#; 1_000].join(",");
    let text = format!(r#"{{"players":[{players}]}}"#);
    let (invalid, walks) = found_all::<SettleRequest>(&text);
    assert_eq!(invalid.total(), 1_000 * 5 + 1);
    assert!(walks <= 8, "{walks} walks");
}

#[test]
fn a_large_body_that_needs_many_walks_is_cut_short_within_the_budget_and_says_so() {
    // Six walks' worth of rules over 12,000 values: more than the budget.
    let players = vec![r#"{"colour":1}"#; 6_000].join(",");
    let text = format!(r#"{{"players":[{players}]}}"#);
    let root: Node = serde_json::from_str(&text).unwrap();
    let (invalid, walks, complete) = walk::<SettleRequest>(&root);
    assert!(!complete);
    assert!(walks * root.size() <= WALK_BUDGET, "{walks} walks");
    // What the last walk found before it stopped is still listed.
    let listed: Vec<&str> = invalid.errors.iter().map(|e| e.pointer.as_str()).collect();
    assert_eq!(listed[0], "/players/0/colour");
    assert!(
        listed.iter().all(|p| p.starts_with("/players/0")),
        "{listed:?}"
    );
    // A small body keeps every walk it needs.
    let (_, _, complete) =
        walk::<SettleRequest>(&serde_json::from_str(r#"{"players":[{"colour":1}]}"#).unwrap());
    assert!(complete);
}

#[test]
fn a_body_that_is_not_json_keeps_the_typed_problem_alone() {
    let first = problem("/variant", "expected a string, got 5");
    let (got, complete) = every::<SettleRequest>(br#"{"variant":5,"players":[1,"#, first.clone());
    assert_eq!((got.errors, got.unlisted, complete), (vec![first], 0, true));
}

#[test]
fn the_typed_problem_leads_even_if_the_walk_disagreed() {
    let first = problem("/nowhere", "made up");
    let (got, _) = every::<SettleRequest>(br#"{"variant":5,"players":[]}"#, first.clone());
    assert_eq!(got.errors[0], first);
    assert_eq!(got.errors[1].pointer, "/variant");
}

fn chip_race() -> Value {
    json!({"removedDenomination": 5, "colorUpTo": 25, "convention": "standard",
        "smallBlindSeat": 3, "seed": 20260522,
        "players": [
            {"id": "agent-a", "name": "A", "seat": 1, "leftoverChips": 4, "otherChips": 1000, "cards": ["Ah"]},
            {"id": "agent-b", "seat": 2, "leftoverChips": 3, "otherChips": 500}]})
}

fn draw() -> Value {
    json!({"purpose": "button", "dealerSeat": 4, "seed": 1,
        "players": [{"id": "agent-a", "name": "A", "seat": 1, "card": "Kh"}, {"id": "agent-b", "seat": 4}]})
}

/// Where a mutation applies: a path of keys and indices into the request.
fn paths(v: &Value, here: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                here.push(json!(k));
                paths(child, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                here.push(json!(i));
                paths(child, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'v>(v: &'v mut Value, path: &[Value]) -> &'v mut Value {
    path.iter().fold(v, |v, step| match step {
        Value::String(k) => &mut v[k.as_str()],
        _ => &mut v[step.as_u64().unwrap() as usize],
    })
}

/// Values a client gets wrong.
fn wrong_values() -> Vec<Value> {
    vec![
        json!(null),
        json!(true),
        json!(-5),
        json!(1.5),
        json!(1e20),
        json!(u64::MAX),
        json!(4294967296u64),
        json!("x"),
        json!("1000"),
        json!([]),
        json!([1, "a"]),
        json!({}),
        json!({"id": 1}),
        json!(0),
    ]
}

/// One mistake at `path`: a wrong value, a deleted or misspelt field, an
/// unknown field, or a deleted list item.
fn mutate(v: &mut Value, path: &[Value], how: usize) {
    let wrong = wrong_values();
    if how < wrong.len() || path.is_empty() {
        *at(v, path) = wrong[how % wrong.len()].clone();
        return;
    }
    let (last, parent) = path.split_last().unwrap();
    let parent = at(v, parent);
    match (parent, last) {
        (Value::Object(m), Value::String(k)) => {
            let value = m.remove(k).unwrap();
            match how % 3 {
                0 => {}
                1 => {
                    m.insert(format!("{}x", &k[..k.len() - 1]), value);
                }
                _ => {
                    m.insert(k.clone(), value);
                    m.insert("colour".to_string(), json!(1));
                }
            }
        }
        (Value::Array(items), step) => {
            items.remove(step.as_u64().unwrap() as usize);
        }
        _ => {}
    }
}

/// Field names of the requests, to insert at the front of an object: out
/// of order, and given twice when the object has it already.
const FIELDS: [&str; 12] = [
    "variant",
    "players",
    "seat",
    "stack",
    "committed",
    "id",
    "cards",
    "percentBp",
    "cap",
    "amount",
    "colorUpTo",
    "card",
];

/// The walk over a mutated request: where the typed parse fails with a
/// shape problem, the walk lists at least one, and its first is the typed
/// parse's (pointer and words); where the typed parse succeeds, the walk
/// lists nothing.
fn walk_agrees<T: DeserializeOwned>(
    valid: Value,
    picks: &[(prop::sample::Index, usize)],
    inserts: &[(prop::sample::Index, usize, usize)],
) -> Result<(), TestCaseError> {
    let mut v = valid;
    for (pick, how) in picks {
        let mut all = Vec::new();
        paths(&v, &mut Vec::new(), &mut all);
        let path = pick.get(&all).clone();
        mutate(&mut v, &path, *how);
    }
    let mut text = v.to_string();
    for (pick, field, value) in inserts {
        let opens: Vec<usize> = text.match_indices('{').map(|(i, _)| i).collect();
        if opens.is_empty() {
            break;
        }
        let good = [json!("holdem"), json!(2), json!(["Ah"])];
        let value = good
            .iter()
            .chain(&wrong_values())
            .nth(*value)
            .unwrap()
            .clone();
        let field = FIELDS[field % FIELDS.len()];
        text.insert_str(*pick.get(&opens) + 1, &format!("\"{field}\":{value},"));
    }
    // Not JSON (an insert into `{}` leaves a trailing comma): no walk.
    let Ok(root) = serde_json::from_str::<Node>(&text) else {
        return Ok(());
    };
    let (found, _, _) = walk::<T>(&root);
    match typed::<T>(text.as_bytes()) {
        None => prop_assert!(found.errors.is_empty(), "{text}: {:?}", found.errors),
        Some(Err(())) => {}
        Some(Ok(first)) => {
            prop_assert!(!found.errors.is_empty(), "{text}");
            prop_assert_eq!(&found.errors[0], &first, "{}", text);
        }
    }
    Ok(())
}

fn picks() -> impl Strategy<Value = Vec<(prop::sample::Index, usize)>> {
    prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            0usize..wrong_values().len() + 3,
        ),
        0..4,
    )
}

fn inserts() -> impl Strategy<Value = Vec<(prop::sample::Index, usize, usize)>> {
    let values = wrong_values().len() + 3;
    prop::collection::vec(
        (any::<prop::sample::Index>(), 0..FIELDS.len(), 0..values),
        0..3,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_walk_agrees_with_the_typed_parse_on_settle_requests(
        example in 0usize..4,
        picks in picks(),
        inserts in inserts(),
    ) {
        let valid = [
            showdown_contract::settle::example_api_md(),
            showdown_contract::settle::raked_settle_example(),
            showdown_contract::settle::example_run_it_twice(),
            showdown_contract::settle::example_double_board_omaha_hi_lo(),
        ][example].clone();
        walk_agrees::<SettleRequest>(valid, &picks, &inserts)?;
    }

    #[test]
    fn the_walk_agrees_with_the_typed_parse_on_chip_races_and_draws(
        draw_it in any::<bool>(),
        picks in picks(),
        inserts in inserts(),
    ) {
        if draw_it {
            walk_agrees::<DrawRequest>(draw(), &picks, &inserts)?;
        } else {
            walk_agrees::<ChipRaceRequest>(chip_race(), &picks, &inserts)?;
        }
    }
}
