//! `allInEv` in a settle request and its answer (API.md, "All-in
//! expectation"; RULES.md §17).

use crate::Id;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Asks for every live player's all-in expectation (RULES.md §17).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AllInEvRequest {
    /// Board cards dealt when the betting ended: 0, 3 or 4, and no more
    /// than every board shares.
    #[schema(schema_with = crate::schema_enums::all_in_board_cards)]
    pub board_cards: u64,
}

/// One live player's expectation at the all-in, and what the cards gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AllInEv)]
pub struct AllInEvDto<'a> {
    /// The live player.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// What the pots owed the player over the run-outs: `Σ net × equity` over
    /// the pots they can win, each pot after its rake and drop, the equity over
    /// every run-out from the first `boardCards` cards. `numerator` and
    /// `denominator` are in lowest terms, `chips` is that fraction rounded to
    /// the nearest multiple of `chipUnit`, halves away from zero.
    pub expected: ExactChips,
    /// What the pots paid the player (odd chips included, an uncalled bet not);
    /// a cashed-out player's cash-out amount.
    #[schema(maximum = 9007199254740991u64)]
    pub won: u64,
    /// `won − expected`, negative when the cards ran against the player: a
    /// fraction, with its own rounding in `chips` (not `won − expected.chips`).
    pub luck: ExactChips,
}

/// An exact amount of chips: a fraction in lowest terms, and `chips`, that
/// fraction rounded to the nearest multiple of `chipUnit`, halves away
/// from zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExactChips {
    /// Above the line, negative for a loss; a decimal string past 2^53 − 1.
    #[schema(schema_with = crate::schema_enums::wide_integer)]
    pub numerator: WideInt,
    /// Below the line, at least 1; a decimal string past 2^53 − 1.
    #[schema(schema_with = crate::schema_enums::wide_integer)]
    pub denominator: WideInt,
    /// The fraction rounded to the chip unit.
    #[schema(minimum = -9007199254740991i64, maximum = 9007199254740991i64)]
    pub chips: i64,
}

/// An integer a double may not hold: a JSON number while it is within
/// ±(2^53 − 1), a decimal string past it, so no client reads a rounded
/// value (serde has no such form of its own, so it is written here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WideInt(pub i128);

/// The largest integer every JSON reader holds exactly.
const EXACT_IN_A_DOUBLE: u128 = (1 << 53) - 1;

impl Serialize for WideInt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(self.0) {
            Ok(n) if self.0.unsigned_abs() <= EXACT_IN_A_DOUBLE => s.serialize_i64(n),
            _ => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for WideInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WideInt, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Number(i64),
            Text(String),
        }
        match Form::deserialize(d)? {
            Form::Number(n) => Ok(WideInt(i128::from(n))),
            Form::Text(t) => t.parse().map(WideInt).map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::WideInt;

    #[test]
    fn api_md_a_numerator_past_2_pow_53_minus_1_is_a_decimal_string() {
        let text = |n: i128| serde_json::to_string(&WideInt(n)).unwrap();
        assert_eq!(text(176_873_750), "176873750");
        assert_eq!(text(-9_007_199_254_740_991), "-9007199254740991");
        assert_eq!(text(9_007_199_254_740_992), "\"9007199254740992\"");
        assert_eq!(text(-9_007_199_254_740_992), "\"-9007199254740992\"");
        let back: WideInt = serde_json::from_str("\"123456789012345678901\"").unwrap();
        assert_eq!(back, WideInt(123_456_789_012_345_678_901));
    }
}
