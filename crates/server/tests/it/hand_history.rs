//! The worked requests of openapi/HAND-HISTORY.md (tests/hand-history/),
//! each settled over HTTP to the stacks the page gives, and the one the
//! page says is refused, refused.

use crate::common::*;
use serde_json::{json, Value};

fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hand-history")
}

fn request(name: &str) -> Value {
    let path = dir().join(format!("{name}.request.json"));
    serde_json::from_slice(&std::fs::read(path).expect("worked request")).expect("JSON")
}

/// Every worked request and the final stacks HAND-HISTORY.md gives.
fn settled() -> Vec<(&'static str, Value)> {
    vec![
        (
            "straddle",
            json!({"btn": 500, "sb": 495, "bb": 480, "straddle": 525}),
        ),
        ("stud-bring-in", json!({"a": 295, "b": 235, "c": 370})),
        ("button-ante", json!({"btn": 545, "sb": 495, "bb": 460})),
        (
            "missed-blind",
            json!({"btn": 530, "sb": 495, "bb": 490, "returning": 485}),
        ),
        ("bomb-pot", json!({"a": 650, "b": 450, "c": 350, "d": 550})),
        ("short-of-the-ante", json!({"short": 9, "b": 339, "c": 255})),
        ("folded-cards", json!({"a": 480, "b": 580, "c": 440})),
    ]
}

#[tokio::test]
async fn every_worked_request_settles_to_the_stacks_the_page_gives() {
    for (name, stacks) in settled() {
        let r = settle(&request(name)).await;
        assert_eq!(
            r.status,
            200,
            "{name}: {}",
            String::from_utf8_lossy(&r.body)
        );
        assert_eq!(r.json()["data"]["finalChipStacks"], stacks, "{name}");
    }
}

#[tokio::test]
async fn an_uncontested_winner_showing_three_holdem_cards_is_refused() {
    let r = settle(&request("uncontested-three-cards")).await;
    assert_problem(&r, 422);
    assert_eq!(
        r.errors(),
        [(
            "/players/0/cards".to_string(),
            "holdem deals 2 cards per player, got 3".to_string()
        )]
    );
}

#[test]
fn every_file_of_the_folder_is_a_worked_request_of_the_page() {
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi/HAND-HISTORY.md"),
    )
    .expect("HAND-HISTORY.md");
    let mut named: Vec<String> = settled().iter().map(|(n, _)| n.to_string()).collect();
    named.push("uncontested-three-cards".to_string());
    for entry in std::fs::read_dir(dir()).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.strip_suffix(".request.json").expect("a request file");
        assert!(
            named.iter().any(|n| n == name),
            "{file} is settled by no test"
        );
        assert!(page.contains(&file), "HAND-HISTORY.md does not show {file}");
    }
}

#[test]
fn the_readme_stays_within_300_lines_and_links_the_page() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    assert!(
        readme.lines().count() <= 300,
        "{} lines",
        readme.lines().count()
    );
    assert!(readme.contains("openapi/HAND-HISTORY.md"));
}
