//! An OHH amount: a JSON number read as the exact decimal it was written
//! as, and written back in the same decimal text.

use crate::decimal::Decimal;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A decimal amount of the hand's currency or chips (`0.02`, `1500`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(value_type = f64)]
pub struct Amount(pub Decimal);

impl Amount {
    /// `units` of `10^-scale`, as the record writes it.
    pub fn at(units: i128, scale: u32) -> Amount {
        let mut d = Decimal { units, scale };
        while d.scale > 0 && d.units % 10 == 0 {
            d.units /= 10;
            d.scale -= 1;
        }
        Amount(d)
    }
}

struct AmountVisitor;

impl Visitor<'_> for AmountVisitor {
    type Value = Amount;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a decimal amount with at most 15 significant digits")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Amount, E> {
        Ok(Amount(Decimal {
            units: i128::from(v),
            scale: 0,
        }))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Amount, E> {
        Ok(Amount(Decimal {
            units: i128::from(v),
            scale: 0,
        }))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Amount, E> {
        Decimal::of_float(v).map(Amount).ok_or_else(|| {
            E::custom(format!(
                "{v} is not an amount with at most 15 significant digits and 9 decimal places"
            ))
        })
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
        d.deserialize_any(AmountVisitor)
    }
}

impl Serialize for Amount {
    /// The decimal's own text as a JSON number: a float would round an
    /// amount of 16 digits, and the record must give back what it read.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.0.to_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_reads_and_writes_its_own_decimal_text() {
        for text in ["0.02", "1500", "2.38", "0", "1259450.25"] {
            let a: Amount = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            if text.len() <= 16 {
                assert_eq!(serde_json::to_string(&a).unwrap(), text, "{text}");
            }
        }
        let a: Amount = serde_json::from_str("2.50").unwrap();
        assert_eq!(serde_json::to_string(&a).unwrap(), "2.5");
        assert_eq!(serde_json::to_string(&Amount::at(250, 2)).unwrap(), "2.5");
        assert!(serde_json::from_str::<Amount>("\"2\"").is_err());
        assert!(serde_json::from_str::<Amount>("0.30000000000000004").is_err());
    }
}
