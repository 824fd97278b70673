//! The `hand_complete` event written as JSON by hand: the same bytes as
//! `serde_json::to_vec`, in about a third of the instructions.
//!
//! Why: serializing was about 40 % of the CPU a settle request spends
//! beyond parsing (`examples/settle_cost.rs` under callgrind: 15.7k
//! instructions of 41k). serde_json escapes every key at run time, byte by
//! byte, and an event is mostly keys, ids and card names. Here a key and its
//! punctuation are one constant copy, a string with nothing to escape (every
//! id and card in practice) is one copy between quotes, and numbers go
//! through `itoa`, as in serde_json.
//!
//! Why it cannot drift from the contract: the serde derive on the DTOs stays
//! the one definition of the JSON (the OpenAPI document, the CLI, the
//! tests); every struct is destructured whole below, so a field added to a
//! DTO does not compile until it is written here too; and the tests compare
//! this writer with serde_json byte for byte on every load-corpus and golden
//! request and on random events with strings that need escaping.

use crate::dto::{
    HandComplete, HandCompleteEvent, HandRankDto, PotBreakdownEntry, PotDto, ShareDto, UncalledDto,
};

/// The event as JSON, appended to `out`.
pub fn write_event(out: &mut Vec<u8>, event: &HandCompleteEvent) {
    let HandCompleteEvent { kind, data } = event;
    out.extend_from_slice(b"{\"type\":");
    string(out, kind);
    out.extend_from_slice(b",\"data\":");
    hand_complete(out, data);
    out.push(b'}');
}

fn hand_complete(out: &mut Vec<u8>, d: &HandComplete) {
    let HandComplete {
        game_id,
        hand_number,
        variant,
        rules,
        reason,
        winner_id,
        winner_name,
        winning_hand,
        tie,
        total_winners,
        pot_breakdown,
        pots,
        uncalled,
        final_chip_stacks,
    } = d;
    // `{` then each field with its leading comma; the first one present
    // has none. gameId and handNumber may be absent, variant never is.
    out.push(b'{');
    let mut first = true;
    if let Some(id) = game_id {
        out.extend_from_slice(b"\"gameId\":");
        string(out, id);
        first = false;
    }
    if let Some(n) = hand_number {
        out.extend_from_slice(if first {
            b"\"handNumber\":"
        } else {
            b",\"handNumber\":"
        });
        number(out, *n);
        first = false;
    }
    out.extend_from_slice(if first {
        b"\"variant\":"
    } else {
        b",\"variant\":"
    });
    string(out, variant);
    out.extend_from_slice(b",\"rules\":");
    string(out, rules);
    out.extend_from_slice(b",\"reason\":");
    string(out, reason);
    out.extend_from_slice(b",\"winnerId\":");
    string(out, winner_id);
    if let Some(name) = winner_name {
        out.extend_from_slice(b",\"winnerName\":");
        string(out, name);
    }
    out.extend_from_slice(b",\"winningHand\":");
    optional_hand(out, winning_hand.as_ref());
    out.extend_from_slice(b",\"tie\":");
    boolean(out, *tie);
    out.extend_from_slice(b",\"totalWinners\":");
    number(out, *total_winners);
    out.extend_from_slice(b",\"potBreakdown\":");
    list(out, pot_breakdown, breakdown_entry);
    out.extend_from_slice(b",\"pots\":");
    list(out, pots, pot);
    out.extend_from_slice(b",\"uncalled\":");
    list(out, uncalled, uncalled_entry);
    out.extend_from_slice(b",\"finalChipStacks\":{");
    for (i, (id, chips)) in final_chip_stacks.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, id);
        out.push(b':');
        number(out, *chips);
    }
    out.extend_from_slice(b"}}");
}

fn hand(out: &mut Vec<u8>, h: &HandRankDto) {
    let HandRankDto {
        kind,
        name,
        value,
        description,
        cards,
    } = h;
    out.extend_from_slice(b"{\"type\":");
    number(out, u64::from(*kind));
    out.extend_from_slice(b",\"name\":");
    string(out, name);
    out.extend_from_slice(b",\"value\":");
    number(out, *value);
    out.extend_from_slice(b",\"description\":");
    string(out, description);
    out.extend_from_slice(b",\"cards\":");
    list(out, cards, |out, c| string(out, c));
    out.push(b'}');
}

fn optional_hand(out: &mut Vec<u8>, h: Option<&HandRankDto>) {
    match h {
        Some(h) => hand(out, h),
        None => out.extend_from_slice(b"null"),
    }
}

fn breakdown_entry(out: &mut Vec<u8>, e: &PotBreakdownEntry) {
    let PotBreakdownEntry {
        agent_id,
        agent_name,
        amount,
        hand_rank,
        low_hand_rank,
    } = e;
    out.extend_from_slice(b"{\"agentId\":");
    string(out, agent_id);
    if let Some(name) = agent_name {
        out.extend_from_slice(b",\"agentName\":");
        string(out, name);
    }
    out.extend_from_slice(b",\"amount\":");
    number(out, *amount);
    out.extend_from_slice(b",\"handRank\":");
    optional_hand(out, hand_rank.as_ref());
    if let Some(low) = low_hand_rank {
        out.extend_from_slice(b",\"lowHandRank\":");
        hand(out, low);
    }
    out.push(b'}');
}

fn pot(out: &mut Vec<u8>, p: &PotDto) {
    let PotDto {
        index,
        name,
        amount,
        eligible,
        tie,
        shares,
    } = p;
    out.extend_from_slice(b"{\"index\":");
    number(out, *index);
    out.extend_from_slice(b",\"name\":");
    string(out, name);
    out.extend_from_slice(b",\"amount\":");
    number(out, *amount);
    out.extend_from_slice(b",\"eligible\":");
    list(out, eligible, |out, id| string(out, id));
    out.extend_from_slice(b",\"tie\":");
    boolean(out, *tie);
    out.extend_from_slice(b",\"shares\":");
    list(out, shares, share);
    out.push(b'}');
}

fn share(out: &mut Vec<u8>, s: &ShareDto) {
    let ShareDto {
        agent_id,
        half,
        amount,
        odd_chips,
    } = s;
    out.extend_from_slice(b"{\"agentId\":");
    string(out, agent_id);
    out.extend_from_slice(b",\"half\":");
    string(out, half);
    out.extend_from_slice(b",\"amount\":");
    number(out, *amount);
    out.extend_from_slice(b",\"oddChips\":");
    number(out, *odd_chips);
    out.push(b'}');
}

fn uncalled_entry(out: &mut Vec<u8>, u: &UncalledDto) {
    let UncalledDto { agent_id, amount } = u;
    out.extend_from_slice(b"{\"agentId\":");
    string(out, agent_id);
    out.extend_from_slice(b",\"amount\":");
    number(out, *amount);
    out.push(b'}');
}

/// `[a,b,...]`, each item by `item`.
fn list<T>(out: &mut Vec<u8>, items: &[T], item: impl Fn(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// A JSON string. Nothing to escape (a quote, a backslash or a control
/// character; serde_json escapes nothing else): copied between quotes.
/// Otherwise serde_json writes it, so the escapes are its own.
fn string(out: &mut Vec<u8>, s: &str) {
    if plain(s.as_bytes()) {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    } else {
        // Writing to a Vec cannot fail, and a str is always valid JSON text.
        let _ = serde_json::to_writer(&mut *out, s);
    }
}

/// True when `s` holds nothing JSON escapes: no quote, no backslash, no
/// control character (below 0x20).
///
/// Eight bytes at a time (SWAR: "SIMD within a register"): strings are
/// most of an answer's bytes, and the byte-at-a-time test was a quarter of
/// the writer's instructions. For a word `v`, `(v - n * ONES) & !v & HIGH`
/// is non-zero exactly when some byte of `v` is below `n` (for `n <= 128`;
/// a borrow can set a higher byte's bit only below a byte that is truly
/// below `n`), so `x = v ^ (b * ONES)` finds a byte equal to `b` as a zero
/// byte of `x`.
fn plain(s: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |v: u64, n: u8| v.wrapping_sub(ONES * u64::from(n)) & !v & HIGH;
    let mut words = s.chunks_exact(8);
    for w in &mut words {
        let v = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        let quote = v ^ (ONES * u64::from(b'"'));
        let backslash = v ^ (ONES * u64::from(b'\\'));
        if below(v, 0x20) | below(quote, 1) | below(backslash, 1) != 0 {
            return false;
        }
    }
    words
        .remainder()
        .iter()
        .all(|&b| b >= 0x20 && b != b'"' && b != b'\\')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::borrow::Cow;

    fn serde_bytes(e: &HandCompleteEvent) -> Vec<u8> {
        serde_json::to_vec(e).unwrap()
    }

    fn written(e: &HandCompleteEvent) -> Vec<u8> {
        let mut out = Vec::new();
        write_event(&mut out, e);
        out
    }

    /// Every load-corpus and golden request that settles: the same bytes as
    /// serde_json.
    #[test]
    fn every_corpus_and_golden_event_is_written_as_serde_json_writes_it() {
        let mut n = 0;
        for (name, req) in crate::settle::sample_requests() {
            if let Ok(event) = crate::settle_request(&req) {
                assert_eq!(
                    String::from_utf8(written(&event)).unwrap(),
                    String::from_utf8(serde_bytes(&event)).unwrap(),
                    "{name}"
                );
                n += 1;
            }
        }
        assert!(n > 50, "only {n} events compared");
    }

    /// Text that needs escaping: quotes, backslashes, control characters,
    /// non-ASCII and the line separators JSON allows raw.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-z0-9-]{0,12}",
            "[\"\\\\\u{0}-\u{1f}\u{7f}é€😀\u{2028}a-z]{0,12}",
        ]
    }

    fn cow() -> impl Strategy<Value = Cow<'static, str>> {
        text().prop_map(Cow::Owned)
    }

    fn hand_rank() -> impl Strategy<Value = HandRankDto> {
        (
            any::<u8>(),
            cow(),
            any::<u64>(),
            text(),
            prop::collection::vec(cow(), 0..6),
        )
            .prop_map(|(kind, name, value, description, cards)| HandRankDto {
                kind,
                name,
                value,
                description,
                cards,
            })
    }

    fn event() -> impl Strategy<Value = HandCompleteEvent<'static>> {
        let entry = (
            cow(),
            prop::option::of(cow()),
            any::<u64>(),
            prop::option::of(hand_rank()),
            prop::option::of(hand_rank()),
        )
            .prop_map(|(agent_id, agent_name, amount, hand_rank, low_hand_rank)| {
                PotBreakdownEntry {
                    agent_id,
                    agent_name,
                    amount,
                    hand_rank,
                    low_hand_rank,
                }
            });
        let share = (cow(), cow(), any::<u64>(), any::<u64>()).prop_map(
            |(agent_id, half, amount, odd_chips)| ShareDto {
                agent_id,
                half,
                amount,
                odd_chips,
            },
        );
        let pot = (
            any::<u64>(),
            cow(),
            any::<u64>(),
            prop::collection::vec(cow(), 0..4),
            any::<bool>(),
            prop::collection::vec(share, 0..4),
        )
            .prop_map(|(index, name, amount, eligible, tie, shares)| PotDto {
                index,
                name,
                amount,
                eligible,
                tie,
                shares,
            });
        let uncalled =
            (cow(), any::<u64>()).prop_map(|(agent_id, amount)| UncalledDto { agent_id, amount });
        (
            (
                cow(),
                prop::option::of(cow()),
                prop::option::of(any::<u64>()),
                cow(),
                cow(),
                cow(),
                cow(),
                prop::option::of(cow()),
            ),
            (
                prop::option::of(hand_rank()),
                any::<bool>(),
                any::<u64>(),
                prop::collection::vec(entry, 0..4),
                prop::collection::vec(pot, 0..3),
                prop::collection::vec(uncalled, 0..2),
                prop::collection::btree_map(cow(), any::<u64>(), 0..5),
            ),
        )
            .prop_map(
                |(
                    (kind, game_id, hand_number, variant, rules, reason, winner_id, winner_name),
                    (
                        winning_hand,
                        tie,
                        total_winners,
                        pot_breakdown,
                        pots,
                        uncalled,
                        final_chip_stacks,
                    ),
                )| HandCompleteEvent {
                    kind,
                    data: HandComplete {
                        game_id,
                        hand_number,
                        variant,
                        rules,
                        reason,
                        winner_id,
                        winner_name,
                        winning_hand,
                        tie,
                        total_winners,
                        pot_breakdown,
                        pots,
                        uncalled,
                        final_chip_stacks,
                    },
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// The word-at-a-time test agrees with the byte-at-a-time one, on
        /// strings long enough for several words, with the bytes it looks
        /// for (and their neighbours 0x1f/0x20, 0x21/0x23, 0x5b/0x5d, 0x7f,
        /// non-ASCII) anywhere in a word.
        #[test]
        fn plain_agrees_with_the_byte_test(
            s in prop_oneof![
                // nothing to escape, the neighbours of what is escaped
                "[ !#\\[\\]\u{7f}a-z0-9é€😀]{0,40}",
                // one byte to escape, anywhere in a word
                "[ !#\\[\\]a-z]{0,20}[\"\\\\\u{0}-\u{1f}][ !#a-z€]{0,20}",
                // any mix
                "[\"\\\\\u{0}-\u{1f} !#\\[\\]\u{7f}a-z0-9é€😀]{0,40}",
            ]
        ) {
            let bytewise = s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\');
            prop_assert_eq!(plain(s.as_bytes()), bytewise);
        }

        /// Any event, optional fields present or absent, strings that need
        /// escaping: the same bytes as serde_json.
        #[test]
        fn any_event_is_written_as_serde_json_writes_it(e in event()) {
            prop_assert_eq!(
                String::from_utf8(written(&e)).unwrap(),
                String::from_utf8(serde_bytes(&e)).unwrap()
            );
        }
    }
}
