//! The chip race of RULES.md §6: TDA Rule 23 and the chip-race guide.

use showdown_cards::{Card, CardAt, CardTwice};
use showdown_core::chip_race::{
    chip_race, AwardReason, ChipRaceError, ChipRaceInput, Convention, RaceDeal, RacePlayer,
};
use showdown_core::draw::shuffled_deck;
use showdown_core::ChipRaceRefusal as R;
use showdown_core::{SeatingAt, SeatingRefusal, Worded};
use ChipRaceError::Refused;

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn player(seat: u32, removed_chips: u64, other_value: u64) -> RacePlayer {
    RacePlayer {
        seat,
        removed_chips,
        other_value,
    }
}

fn dealt(lists: &[&str]) -> RaceDeal {
    RaceDeal::Cards(lists.iter().map(|s| cards(s)).collect())
}

/// A race of `removed` chips coloring up to `color_up_to`; `small_blind_seat`
/// `None` is TDA 23, `Some` the chip-race guide's convention.
fn race(
    removed: u64,
    color_up_to: u64,
    small_blind_seat: Option<u32>,
    players: Vec<RacePlayer>,
    deal: RaceDeal,
) -> ChipRaceInput {
    let convention = match small_blind_seat {
        Some(_) => Convention::Standard,
        None => Convention::Tda,
    };
    ChipRaceInput {
        removed,
        color_up_to,
        convention,
        small_blind_seat,
        players,
        deal,
    }
}

/// An audit under TDA 23: the cards dealt, one list per player.
fn audit(
    removed: u64,
    color_up_to: u64,
    players: Vec<RacePlayer>,
    lists: &[&str],
) -> ChipRaceInput {
    race(removed, color_up_to, None, players, dealt(lists))
}

fn winners(r: &showdown_core::chip_race::ChipRaceResult) -> Vec<usize> {
    let mut w: Vec<usize> = (0..r.players.len())
        .filter(|&i| r.players[i].award.is_some())
        .collect();
    w.sort_unstable();
    w
}

/// The chip-race guide's worked numbers: "if there are 15 $5 chips remaining among 6
/// players, 3 $25 chips are prepared", and they go to the three highest
/// single cards.
#[test]
fn chip_race_guide_fifteen_5_chips_among_six_color_up_to_three_25s() {
    let players = vec![
        player(1, 4, 1000),
        player(2, 3, 500),
        player(3, 2, 750),
        player(4, 2, 250),
        player(5, 3, 1500),
        player(6, 1, 300),
    ];
    let dealt = [
        "2c 7d Jh 3s",
        "Ad 4c 9s",
        "Kc Qs",
        "5h 6h",
        "Kh 8c 2d",
        "Th",
    ];
    let r = chip_race(&audit(5, 25, players, &dealt)).unwrap();
    assert_eq!(r.value_removed, 75);
    assert_eq!(r.pool, 3);
    assert!(!r.rounded_up);
    // Highest cards: Ad (player 1), Kh (player 4), Kc (player 2).
    assert_eq!(r.award_order, vec![1, 4, 2]);
    assert_eq!(winners(&r), vec![1, 2, 4]);
    assert!(r
        .players
        .iter()
        .filter_map(|p| p.award)
        .all(|a| a.reason == AwardReason::RaceWin && !a.added));
    assert_eq!(r.players[0].best_card, Some("Jh".parse().unwrap()));
    assert_eq!(r.players[1].value_after, 525);
    assert_eq!(r.players[0].value_after, 1000);
    assert_eq!(r.added, 0);
}

/// The chip-race guide: an extra larger chip "as long as the leftover smaller chips
/// total more than half a single larger chip".
#[test]
fn more_than_half_a_chip_rounds_up() {
    // 3 x $5 = $15 > $12.50: one $25 chip.
    let r = chip_race(&audit(
        5,
        25,
        vec![player(1, 2, 100), player(2, 1, 100)],
        &["3c 4c", "2d"],
    ))
    .unwrap();
    assert_eq!(
        (r.value_removed, r.pool, r.remainder, r.rounded_up),
        (15, 1, 15, true)
    );
    assert_eq!(winners(&r), vec![0]);
}

#[test]
fn exactly_half_a_chip_does_not_round_up() {
    // 2 x $25 = $50, exactly half a $100 chip: no chip.
    let r = chip_race(&audit(
        25,
        100,
        vec![player(1, 1, 500), player(2, 1, 500)],
        &["As", "Kd"],
    ))
    .unwrap();
    assert_eq!((r.value_removed, r.pool, r.rounded_up), (50, 0, false));
    assert!(winners(&r).is_empty());
    assert_eq!(r.players[0].value_after, 500);
}

#[test]
fn full_chips_plus_a_remainder_of_half_or_less_is_dropped() {
    // 6 x $5 = $30: one $25 chip, $5 dropped.
    let players = vec![player(1, 4, 100), player(2, 2, 100)];
    let r = chip_race(&audit(5, 25, players, &["2c 3c 4c 5c", "6d 7d"])).unwrap();
    assert_eq!((r.pool, r.remainder, r.rounded_up), (1, 5, false));
    assert_eq!(winners(&r), vec![1]);
}

/// TDA 23-A: "chips will be raced off, starting in seat 1".
#[test]
fn tda_23_deal_starts_at_seat_1() {
    let players = vec![
        player(2, 2, 100),
        player(5, 1, 100),
        player(7, 3, 100),
        player(9, 0, 100),
    ];
    let input = race(5, 25, None, players, RaceDeal::Seed(42));
    let r = chip_race(&input).unwrap();
    assert_eq!(r.deal_order, vec![0, 1, 2]);
    let deck = shuffled_deck(42);
    assert_eq!(r.players[0].cards, deck[0..2]);
    assert_eq!(r.players[1].cards, deck[2..3]);
    assert_eq!(r.players[2].cards, deck[3..6]);
    assert!(r.players[3].cards.is_empty());
}

/// The chip-race guide: "dealt ... starting from the small blind position for the
/// upcoming hand", each player receiving "all of his cards before the next
/// player".
#[test]
fn chip_race_guide_deal_starts_at_the_next_small_blind_all_cards_of_a_player_together() {
    let players = vec![
        player(1, 3, 100),
        player(3, 2, 100),
        player(6, 1, 100),
        player(8, 4, 100),
    ];
    let input = race(5, 25, Some(6), players, RaceDeal::Seed(7));
    let r = chip_race(&input).unwrap();
    assert_eq!(r.deal_order, vec![2, 3, 0, 1]);
    let deck = shuffled_deck(7);
    assert_eq!(r.players[2].cards, deck[0..1]);
    assert_eq!(r.players[3].cards, deck[1..5]);
    assert_eq!(r.players[0].cards, deck[5..8]);
    assert_eq!(r.players[1].cards, deck[8..10]);
}

/// The small blind's seat may be empty (a dead small blind): the deal starts
/// with the next occupied seat clockwise.
#[test]
fn chip_race_guide_empty_small_blind_seat_starts_at_the_next_player_clockwise() {
    let input = race(
        5,
        25,
        Some(9),
        vec![player(1, 1, 100), player(4, 1, 100), player(7, 1, 100)],
        RaceDeal::Seed(1),
    );
    assert_eq!(chip_race(&input).unwrap().deal_order, vec![0, 1, 2]);
}

/// The chip-race guide and Robert's 3.7.1: the highest single card, rank first, then
/// spades > hearts > diamonds > clubs; poker hands do not count.
#[test]
fn chip_race_guide_highest_single_card_wins_rank_then_suit() {
    // Player 0 holds a pair of kings, player 1 the single Ks: the Ks wins.
    let players = vec![player(1, 3, 100), player(2, 1, 100), player(3, 1, 100)];
    let r = chip_race(&audit(5, 25, players, &["Kh Kd 2c", "Ks", "Qs"])).unwrap();
    assert_eq!(r.pool, 1);
    assert_eq!(winners(&r), vec![1]);
    assert_eq!(r.players[1].best_card, Some("Ks".parse().unwrap()));
}

/// TDA 23-A: "with a maximum of one chip awarded to a player"; the chip-race guide: "No
/// player is issued more than one chip".
#[test]
fn tda_23_at_most_one_chip_a_player() {
    // Player 0 holds the four best cards; two chips to give.
    let players = vec![player(1, 4, 100), player(2, 4, 100)];
    let r = chip_race(&audit(5, 25, players, &["As Ah Ad Ac", "2c 3c 4c 5c"])).unwrap();
    assert_eq!(r.pool, 2);
    assert_eq!(winners(&r), vec![0, 1]);
    assert_eq!(r.award_order, vec![0, 1]);
}

/// TDA 23-A: "a player losing his remaining chip(s) in a race will get 1 chip
/// of the lowest denomination still in play" — the race runs as usual, then
/// the raced-out player gets one chip of the colored-up denomination.
#[test]
fn tda_23_nobody_is_raced_out() {
    // Player 2 has only two $5 chips and the lowest cards.
    let players = vec![player(1, 3, 100), player(2, 2, 100), player(3, 2, 0)];
    let r = chip_race(&audit(5, 25, players, &["As Kd 2d", "Qh 3h", "2c 3c"])).unwrap();
    assert_eq!(r.pool, 1); // $35: one chip, $10 not more than half.
    assert!(r.players[2].raced_out);
    assert_eq!(r.award_order, vec![0, 2]);
    let a = r.players[2].award.unwrap();
    assert_eq!((a.reason, a.added), (AwardReason::NotRacedOut, true));
    assert_eq!(r.players[2].value_after, 25);
    assert_eq!(r.added, 1);
    assert!(r.players[1].award.is_none());
}

/// Under TDA 23 a raced-out player who wins the race keeps that one chip and
/// gets nothing more (at most one chip a player).
#[test]
fn tda_23_raced_out_player_who_wins_gets_one_chip_only() {
    let players = vec![player(1, 3, 100), player(2, 2, 0)];
    let r = chip_race(&audit(5, 25, players, &["2d 3d 4d", "As 5c"])).unwrap();
    assert_eq!(r.pool, 1);
    let a = r.players[1].award.unwrap();
    assert_eq!((a.reason, a.added), (AwardReason::RaceWin, false));
    assert_eq!(r.added, 0);
    assert!(r.players[0].award.is_none());
}

/// The chip-race guide: "he automatically gets one colored up chip if one is
/// available. Any leftover colored up chips go to the winner(s)".
#[test]
fn chip_race_guide_raced_out_player_gets_a_chip_before_the_winners() {
    let players = vec![player(1, 3, 100), player(2, 2, 100), player(3, 2, 0)];
    let input = race(
        5,
        25,
        Some(1),
        players,
        dealt(&["As Kd 2d", "Qh 3h", "2c 3c"]),
    );
    let r = chip_race(&input).unwrap();
    assert_eq!(r.pool, 1);
    assert_eq!(r.award_order, vec![2]);
    let a = r.players[2].award.unwrap();
    assert_eq!((a.reason, a.added), (AwardReason::NotRacedOut, false));
    assert!(
        r.players[0].award.is_none(),
        "the pool went to the raced-out player"
    );
    assert_eq!(r.added, 0);
}

/// When the pool has no chip left for a raced-out player, one is added all
/// the same: a chip race cannot eliminate a player (the chip-race guide, TDA 23-A).
#[test]
fn chip_race_guide_raced_out_player_gets_a_chip_added_when_none_is_left() {
    // $25 -> $100, two players with one $25 chip each and nothing else: $50
    // is exactly half, so the pool is empty.
    let input = race(
        25,
        100,
        Some(2),
        vec![player(1, 1, 0), player(2, 1, 0)],
        dealt(&["2c", "As"]),
    );
    let r = chip_race(&input).unwrap();
    assert_eq!(r.pool, 0);
    assert_eq!(r.added, 2);
    assert_eq!(r.award_order, vec![1, 0]);
    assert!(r.players.iter().all(|p| p.value_after == 100));
}

/// TDA 23-C and the chip-race guide: full sets of removed chips are exchanged at equal
/// value; only the leftovers race, so a player with only removed chips that
/// make full sets is not raced out.
#[test]
fn tda_23_c_full_sets_are_exchanged_at_equal_value() {
    let players = vec![player(1, 7, 0), player(2, 1, 100)];
    let r = chip_race(&audit(5, 25, players, &["2c 3c", "Ah"])).unwrap();
    assert_eq!((r.players[0].exchanged, r.players[0].raced), (1, 2));
    assert!(!r.players[0].raced_out);
    assert_eq!(r.value_removed, 15);
    assert_eq!(r.pool, 1);
    assert_eq!(r.players[0].value_after, 25);
    assert_eq!(r.players[1].value_after, 125);
}

/// One deck, never two (module docs): identical cards from a second deck
/// could not be separated by rank or suit.
#[test]
fn more_than_52_cards_is_an_error_not_a_second_deck() {
    // $100 -> $1000: nine leftover chips each, seven players = 63 cards.
    let players: Vec<RacePlayer> = (1..=7).map(|s| player(s, 9, 5000)).collect();
    let input = race(100, 1000, None, players, RaceDeal::Seed(3));
    assert_eq!(
        chip_race(&input),
        Err(Refused(R::TooManyCards { needed: 63 }))
    );
    // Exactly 52 is one full deck and runs.
    let mut ok = input.clone();
    ok.players = (1..=5)
        .map(|s| player(s, 9, 5000))
        .chain([player(6, 7, 5000)])
        .collect();
    let r = chip_race(&ok).unwrap();
    let mut all: Vec<Card> = r.players.iter().flat_map(|p| p.cards.clone()).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 52);
}

#[test]
fn audit_cards_must_match_the_leftover_chips_and_be_distinct() {
    let hand = |player| CardAt::Hand { player, index: 0 };
    let players = vec![player(1, 2, 100), player(2, 1, 100)];
    assert_eq!(
        chip_race(&audit(5, 25, players.clone(), &["2c", "3c"])),
        Err(Refused(R::CardCount {
            player: 0,
            leftover: 2,
            raced: 2,
            ratio: 5,
            got: 1
        }))
    );
    assert_eq!(
        chip_race(&audit(5, 25, players.clone(), &["2c 3c", "2c"])),
        Err(ChipRaceError::Twice(CardTwice {
            card: "2c".parse().unwrap(),
            first: hand(0),
            again: hand(1)
        }))
    );
    assert_eq!(
        chip_race(&audit(5, 25, players, &["2c 3c"])),
        Err(ChipRaceError::CardLists { players: 2, got: 1 })
    );
}

#[test]
fn denominations_must_color_up_to_a_larger_multiple() {
    let p = || vec![player(1, 1, 100)];
    assert_eq!(
        chip_race(&audit(0, 25, p(), &["2c"])),
        Err(Refused(R::RemovedZero))
    );
    assert_eq!(
        chip_race(&audit(25, 25, p(), &["2c"])),
        Err(Refused(R::NotLarger {
            removed: 25,
            color_up_to: 25
        }))
    );
    assert_eq!(
        chip_race(&audit(25, 60, p(), &["2c"])),
        Err(Refused(R::NotAMultiple {
            removed: 25,
            color_up_to: 60
        }))
    );
}

/// The core says which denomination, in its own words; the caller names
/// each as its request does (the contract: `colorUpTo`).
#[test]
fn rules_6_denomination_refusals_name_each_denomination_in_the_callers_words() {
    let r = R::NotAMultiple {
        removed: 5,
        color_up_to: 12,
    };
    assert_eq!(
        r.to_string(),
        "the color-up denomination 12 must be a multiple of the removed denomination 5"
    );
    assert_eq!(r.worded(&Short), "new 12 must be a multiple of old 5");
    assert_eq!(R::NoPlayers.worded(&Short), R::NoPlayers.to_string());
}

/// A caller's names for the denominations: old and new.
struct Short;

impl showdown_core::Names for Short {
    fn term(&self, term: showdown_core::Term) -> &'static str {
        match term {
            showdown_core::Term::RemovedDenomination => "old",
            showdown_core::Term::ColorUpTo => "new",
            other => other.word(),
        }
    }
    fn place(&self, place: showdown_core::Place) -> String {
        place.word()
    }
}

#[test]
fn seats_and_small_blind_are_checked() {
    let mut input = audit(
        5,
        25,
        vec![player(1, 1, 100), player(1, 1, 100)],
        &["2c", "3c"],
    );
    assert_eq!(
        chip_race(&input),
        Err(ChipRaceError::Seating(
            SeatingAt::Seat(1),
            SeatingRefusal::DuplicateSeat { seat: 1, first: 0 }
        ))
    );
    input.players[1].seat = 2;
    input.small_blind_seat = Some(2);
    assert_eq!(
        chip_race(&input),
        Err(Refused(R::SmallBlindNotUsed { named: true }))
    );
    input.convention = Convention::Standard;
    input.small_blind_seat = None;
    assert_eq!(chip_race(&input), Err(Refused(R::SmallBlindMissing)));
    input.small_blind_seat = Some(2);
    assert!(chip_race(&input).is_ok());
    input.players.clear();
    input.deal = RaceDeal::Cards(vec![]);
    assert_eq!(chip_race(&input), Err(Refused(R::NoPlayers)));
}
