//! Hands built from the fuzzer's bytes so that most of them are valid:
//! right card counts dealt from one shuffled deck, amounts in chip units,
//! a button only in button games. Random bytes rarely make a valid JSON
//! hand, so this is the target that reaches pots, splits and odd chips;
//! a few fields can still be wrong on purpose (the 422 paths).
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use showdown_contract::settle::{PlayerRequest, SettleRequest, ShowdownRequest, TournamentRequest};

/// API.md's table: variant, hole cards, board cards, has a button.
const VARIANTS: &[(&str, usize, usize, bool)] = &[
    ("holdem", 2, 5, true),
    ("short-deck", 2, 5, true),
    ("omaha", 4, 5, true),
    ("omaha-hi-lo", 4, 5, true),
    ("omaha-5", 5, 5, true),
    ("omaha-5-hi-lo", 5, 5, true),
    ("omaha-6", 6, 5, true),
    ("dramaha", 5, 5, true),
    ("sohe", 6, 5, true),
    ("stud", 7, 0, false),
    ("stud-hi-lo", 7, 0, false),
    ("razz", 7, 0, false),
    ("razzdugi", 7, 0, false),
    ("five-card-draw", 5, 0, true),
    ("deuce-to-seven", 5, 0, true),
    ("ace-to-five", 5, 0, true),
    ("badacey", 5, 0, true),
    ("badeucy", 5, 0, true),
    ("badugi", 4, 0, true),
];
const UNITS: [u64; 4] = [1, 5, 25, 1000];

#[derive(Arbitrary, Debug)]
struct Hand {
    variant: u8,
    roberts: bool,
    unit: u8,
    button: u8,
    dead_money: u8,
    /// Shuffles the deck.
    deck_seed: u64,
    /// Usually 0: then every count is right.
    mischief: u8,
    players: Vec<Player>,
    /// A tournament hand: bounty unit (index), progressive rate, players
    /// left beyond those in the hand.
    tournament: Option<(u8, u16, u8)>,
    /// RULES.md §15: the last aggressor (a player's index), then indices
    /// into each closed set (out of range: a value the validator refuses).
    showdown: Option<(u8, bool, [u8; 5])>,
}

#[derive(Arbitrary, Debug)]
struct Player {
    seat: u8,
    stack: u16,
    /// Fraction of the stack put in, in 256ths (255: all in).
    committed: u8,
    dead: u8,
    folded: bool,
    show_cards: bool,
    bounty: u16,
    /// Chose to show at the showdown (refused on a folded player).
    shows: bool,
}

fn deck(seed: u64, short: bool) -> Vec<String> {
    let ranks: &[u8] = if short {
        b"6789TJQKA"
    } else {
        b"23456789TJQKA"
    };
    let mut cards: Vec<String> = ranks
        .iter()
        .flat_map(|&r| {
            b"shdc"
                .iter()
                .map(move |&s| format!("{}{}", r as char, s as char))
        })
        .collect();
    // xorshift Fisher-Yates: deterministic in the input.
    let mut x = seed | 1;
    for i in (1..cards.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    cards
}

fuzz_target!(|hand: Hand| {
    let (variant, hole, board_n, button) = VARIANTS[hand.variant as usize % VARIANTS.len()];
    let unit = UNITS[hand.unit as usize % UNITS.len()];
    // mischief 1..=3 bends one rule so the validator gets its turn.
    let mischief = if hand.mischief < 200 {
        0
    } else {
        hand.mischief % 4
    };
    let mut cards = deck(hand.deck_seed, variant == "short-deck").into_iter();
    let board: Vec<String> = cards.by_ref().take(board_n).collect();

    let deck_len = if variant == "short-deck" { 36 } else { 52 };
    let max_players = ((deck_len - board_n) / hole).min(10);
    let mut players = Vec::new();
    let mut seat = 0u32;
    for (i, p) in hand.players.iter().take(max_players).enumerate() {
        // Distinct rising seats with gaps (mischief 2 repeats one).
        seat += 1 + u32::from(p.seat % 3);
        let stack = u64::from(p.stack) * unit;
        let dead = if p.dead < 20 {
            u64::from(p.dead % 4) * unit
        } else {
            0
        };
        let room = stack.saturating_sub(dead) / unit;
        let committed = room * u64::from(p.committed) / 255 * unit;
        let n_cards = if mischief == 1 && i == 0 {
            hole + 1
        } else {
            hole
        };
        let dealt: Vec<String> = cards.by_ref().take(n_cards).collect();
        let cards = (!p.folded || p.show_cards).then_some(dealt);
        players.push(PlayerRequest {
            id: format!("p{i}"),
            name: None,
            seat: if mischief == 2 && i == 1 { 1 } else { seat },
            stack,
            committed,
            dead: (dead > 0).then_some(dead),
            folded: p.folded,
            cards,
            bounty: None,
            shows: p.shows && (!p.folded || mischief == 1),
        });
    }
    // A folded player never holds an uncalled bet (that is a 422): cap what
    // folded players put in at the live players' most.
    let live_max = players
        .iter()
        .filter(|p| !p.folded)
        .map(|p| p.committed)
        .max()
        .unwrap_or(0);
    for p in players.iter_mut().filter(|p| p.folded) {
        p.committed = p.committed.min(live_max);
    }
    if hand.deck_seed & 1 == 1 {
        players.reverse(); // request order must not matter
    }
    let tournament = hand.tournament.map(|(u, bp, extra)| TournamentRequest {
        bounty_unit: Some(UNITS[u as usize % UNITS.len()]),
        progressive_bp: Some(u64::from(bp % 10_001)),
        players_left: (extra < 200).then(|| players.len() as u64 + u64::from(extra % 4)),
        ..Default::default()
    });
    if let Some(t) = &tournament {
        let bounty_unit = t.bounty_unit.unwrap_or(1);
        for (p, raw) in players.iter_mut().zip(&hand.players) {
            // mischief 3 also puts a bounty off its unit.
            let off = u64::from(mischief == 3 && raw.bounty % 7 == 0);
            p.bounty = Some(u64::from(raw.bounty) * bounty_unit + off);
        }
    }
    let showdown = hand.showdown.map(|(aggressor, run_out, sets)| {
        let pick = |set: &[&str], k: u8| {
            let k = usize::from(k);
            (k <= set.len()).then(|| set.get(k).copied().unwrap_or("x").to_string())
        };
        let orders = ["action", "pots", "seat"];
        ShowdownRequest {
            last_aggressor: players.get(usize::from(aggressor)).map(|p| p.id.clone()),
            run_out,
            muck: pick(&["losers", "none"], sets[0]),
            face_up: pick(&["allIn", "bettingOver", "runOut"], sets[1]),
            order: pick(&orders, sets[2]),
            face_up_order: pick(&orders, sets[3]),
            audience: pick(&["house", "table"], sets[4]),
        }
    });
    let req = SettleRequest {
        game_id: Some("fuzz".into()),
        hand_number: Some(1),
        variant: variant.into(),
        rules: Some(if hand.roberts { "roberts" } else { "tda" }.into()),
        chip_unit: Some(if mischief == 3 { unit + 1 } else { unit }),
        button_seat: button.then_some(u32::from(hand.button % 12) + 1),
        board: (board_n > 0).then_some(board),
        dead_money: (hand.dead_money < 30).then_some(u64::from(hand.dead_money % 3) * unit),
        players,
        tournament,
        showdown,
        ..Default::default()
    };
    if let Ok(event) = showdown_contract::settle_request(&req) {
        showdown_fuzz::check_settlement(&req, &event);
    }
});
