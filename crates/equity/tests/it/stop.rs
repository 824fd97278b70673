//! The stop flag: a caller that no longer wants an equity gives the walk
//! up, and a stop never turns into a wrong answer.

use crate::common::cards;
use showdown_cards::VariantId;
use showdown_equity::{enumerate, enumerate_until, EquityError, PotMask};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Three Omaha-6 hands before the flop: one of the dearest walks.
fn omaha6() -> Vec<Vec<showdown_cards::Card>> {
    vec![
        cards("As Ah Kd Qd 2c 3h"),
        cards("Ks Kh 7c 6c 4d 5s"),
        cards("Js Th 9c 8d 2d 3s"),
    ]
}

#[test]
fn a_raised_flag_stops_the_walk() {
    let hands = omaha6();
    let refs: Vec<&[_]> = hands.iter().map(Vec::as_slice).collect();
    let stop = AtomicBool::new(true);
    let got = enumerate_until(
        VariantId::Omaha6,
        &refs,
        &[],
        &[],
        &[PotMask::all(3)],
        &stop,
    );
    assert_eq!(got, Err(EquityError::Stopped));
}

#[test]
fn a_flag_never_raised_answers_as_enumerate_does() {
    let hands = [cards("Ah Kh"), cards("Qs Qd"), cards("Jc Tc")];
    let refs: Vec<&[_]> = hands.iter().map(Vec::as_slice).collect();
    let board = cards("Qh 7h 2c");
    let pots = [PotMask::all(3), PotMask::of(&[1, 2])];
    let go = AtomicBool::new(false);
    assert_eq!(
        enumerate_until(VariantId::Holdem, &refs, &board, &[], &pots, &go),
        enumerate(VariantId::Holdem, &refs, &board, &[], &pots)
    );
}

#[test]
fn a_flag_raised_during_the_walk_gives_the_whole_answer_or_none() {
    let hands = omaha6();
    let refs: Vec<&[_]> = hands.iter().map(Vec::as_slice).collect();
    let pots = [PotMask::all(3)];
    let whole = enumerate(VariantId::Omaha6, &refs, &[], &[], &pots).unwrap();
    for after_us in [0, 500, 2_000, 8_000] {
        let stop = AtomicBool::new(false);
        let got = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_micros(after_us));
                stop.store(true, Relaxed);
            });
            enumerate_until(VariantId::Omaha6, &refs, &[], &[], &pots, &stop)
        });
        match got {
            Ok(e) => assert_eq!(e, whole, "raised after {after_us} µs"),
            Err(e) => assert_eq!(e, EquityError::Stopped, "raised after {after_us} µs"),
        }
    }
}
