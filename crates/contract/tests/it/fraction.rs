//! Exact fractions shown as percentages (API.md).

use showdown_contract::fraction::{percent, Fraction};

fn pct(n: u64, d: u64) -> String {
    percent(&Fraction {
        numerator: n,
        denominator: d,
    })
}

/// API.md's example and worked example 10.1's figures.
#[test]
fn percent_has_four_decimals_rounded_half_to_even() {
    assert_eq!(pct(23, 90), "25.5556");
    assert_eq!(pct(67, 90), "74.4444");
    assert_eq!(pct(197_833, 428_076), "46.2145");
    assert_eq!(pct(1, 1), "100.0000");
    assert_eq!(pct(0, 1), "0.0000");
    // 1/3 200 000 = 0.00003125 %: 0.3125 of the last digit, down.
    assert_eq!(pct(1, 3_200_000), "0.0000");
    // Exactly half a digit: 0.00005 % rounds to the even 0.0000, and
    // 0.00015 % to the even 0.0002.
    assert_eq!(pct(1, 2_000_000), "0.0000");
    assert_eq!(pct(3, 2_000_000), "0.0002");
}
