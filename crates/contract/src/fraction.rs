//! Exact fractions for equities, and their display as a percentage.

use serde::{Deserialize, Serialize};

/// A fraction in lowest terms (`denominator` ≥ 1): an equity is reported
/// exactly, so a client can check it or compute with it without rounding.
/// The engine and the core reduce it; this is the answer's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fraction {
    /// Above the line; 0 for no chance.
    pub numerator: u64,
    /// Below the line, at least 1; equal to `numerator` for a certainty.
    #[schema(minimum = 1)]
    pub denominator: u64,
}

/// `f` × 100 with four decimals, rounded half to even, in integers only
/// (API.md: `percent` is for display).
pub fn percent(f: &Fraction) -> String {
    let d = u128::from(f.denominator.max(1));
    let scaled = u128::from(f.numerator) * 1_000_000;
    let (mut q, r) = (scaled / d, scaled % d);
    if 2 * r > d || (2 * r == d && q % 2 == 1) {
        q += 1;
    }
    format!("{}.{:04}", q / 10_000, q % 10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
