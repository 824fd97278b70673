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
