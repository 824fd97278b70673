//! Reading Poker Hand History (PHH) text: one hand (`.phh`) or several
//! hands as TOML tables (`.phhs`).
//!
//! PHH (github.com/uoftcprg/phh-std) is a TOML dialect. Amounts may be
//! integers or decimals (`1259450.25` in a real hand, `10112.5` in recorded
//! finishing stacks that split an odd chip), so they are read as exact
//! decimals and scaled to whole units by the replay: no float ever reaches
//! the settlement.

use super::PhhError;
pub use crate::decimal::Decimal;
use toml::de::{DeTable, DeValue};

/// Significant digits up to which a decimal's text goes through a float
/// and back unchanged, so it is the decimal the float reading gives.
const FLOAT_DIGITS: usize = 15;

/// A TOML number as a decimal. The parser keeps each number's text: an
/// integer, and a plain decimal of up to 15 significant digits, is read
/// from it as written; any other float (`1e3`, `+2.5`, more digits) as
/// the shortest text of the float it is (`10112.5`), as a float reader
/// would see it, so both readings give the same decimals.
fn decimal_of(value: &DeValue<'_>) -> Option<Decimal> {
    match value {
        DeValue::Integer(i) => Some(Decimal {
            units: i128::from(i64::from_str_radix(i.as_str(), i.radix()).ok()?),
            scale: 0,
        }),
        DeValue::Float(f) => {
            let text = f.as_str();
            plain_decimal(text)
                .or_else(|| Decimal::of_float(text.parse::<f64>().ok().filter(|f| f.is_finite())?))
        }
        _ => None,
    }
}

/// `text` as a decimal when it is `-`, digits, `.`, digits with at most
/// [`FLOAT_DIGITS`] significant ones; `None` sends it the float's way.
fn plain_decimal(text: &str) -> Option<Decimal> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let plain = digits.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let significant = digits
        .trim_start_matches(['0', '.'])
        .trim_end_matches(['0', '.'])
        .bytes()
        .filter(u8::is_ascii_digit)
        .count();
    (plain && significant <= FLOAT_DIGITS)
        .then(|| Decimal::parse(text))
        .flatten()
}

/// One hand as the PHH file gives it (only the fields the replay needs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhHand {
    /// Where the hand came from: the file, plus `#table` in a `.phhs`.
    pub label: String,
    /// The PHH variant code: `NT`, `PO`, `FO/8`, `F7S`, ...
    pub variant: String,
    /// Per player, index 0 first; all zero when absent.
    pub antes: Vec<Decimal>,
    pub blinds_or_straddles: Vec<Decimal>,
    pub bring_in: Option<Decimal>,
    /// The betting structure's sizes (RULES.md §16.1): `min_bet` in no
    /// and pot limit, `small_bet` and `big_bet` in fixed limit.
    pub min_bet: Option<Decimal>,
    pub small_bet: Option<Decimal>,
    pub big_bet: Option<Decimal>,
    pub starting_stacks: Vec<Decimal>,
    pub actions: Vec<String>,
    pub players: Vec<String>,
    pub finishing_stacks: Option<Vec<Decimal>>,
    pub hand: Option<u64>,
}

/// Reads a `.phh` (one hand) or a `.phhs` (a table per hand, in file order
/// of their keys) text. A table that is not a valid hand gives an `Err` in
/// its place, so one bad hand does not hide the others.
pub fn parse_hands(text: &str, label: &str) -> Result<Vec<Result<PhhHand, PhhError>>, PhhError> {
    // The parser's own borrowed table: the hand's few fields are read
    // from it, and the rest of the file is never copied.
    let table = DeTable::parse(text)
        .map_err(|e| PhhError::Toml(e.message().to_string()))?
        .into_inner();
    if table.contains_key("variant") {
        return Ok(vec![hand_from_table(&table, label.to_string())]);
    }
    let hands: Vec<_> = table
        .iter()
        .filter_map(|(key, value)| match value.get_ref() {
            DeValue::Table(t) => Some(hand_from_table(t, format!("{label}#{}", key.get_ref()))),
            _ => None,
        })
        .collect();
    if hands.is_empty() {
        return Err(PhhError::Field {
            field: "variant",
            message: "no hand: neither a `variant` key nor hand tables".into(),
        });
    }
    Ok(hands)
}

/// Reads exactly one hand (the body of `POST /v1/settle/phh`).
pub fn parse_one(text: &str, label: &str) -> Result<PhhHand, PhhError> {
    let mut hands = parse_hands(text, label)?;
    if hands.len() != 1 {
        return Err(PhhError::Field {
            field: "variant",
            message: format!("expected one hand, found {}", hands.len()),
        });
    }
    hands.remove(0)
}

fn hand_from_table(t: &DeTable<'_>, label: String) -> Result<PhhHand, PhhError> {
    let get = |name: &str| t.get(name).map(|v| v.get_ref());
    let variant = match get("variant") {
        Some(DeValue::String(s)) => s.to_string(),
        _ => return Err(field("variant", "missing or not a string")),
    };
    let starting_stacks =
        amounts(t, "starting_stacks")?.ok_or_else(|| field("starting_stacks", "missing"))?;
    let n = starting_stacks.len();
    if n < 2 {
        return Err(field("starting_stacks", "fewer than 2 players"));
    }
    let per_player = |name: &'static str| -> Result<Vec<Decimal>, PhhError> {
        match get(name) {
            None => Ok(vec![Decimal { units: 0, scale: 0 }; n]),
            // A single number: every player posts it (pokerkit's reading).
            Some(v @ (DeValue::Integer(_) | DeValue::Float(_))) => {
                let d = decimal_of(v).ok_or_else(|| field(name, "not an amount"))?;
                Ok(vec![d; n])
            }
            Some(_) => {
                let mut list = amounts(t, name)?.unwrap_or_default();
                if list.len() > n {
                    return Err(field(name, "more entries than players"));
                }
                list.resize(n, Decimal { units: 0, scale: 0 });
                Ok(list)
            }
        }
    };
    let antes = per_player("antes")?;
    let blinds_or_straddles = per_player("blinds_or_straddles")?;
    let one = |name: &'static str| match get(name) {
        None => Ok(None),
        Some(v) => decimal_of(v)
            .map(Some)
            .ok_or_else(|| field(name, "not an amount")),
    };
    let bring_in = one("bring_in")?;
    let (min_bet, small_bet, big_bet) = (one("min_bet")?, one("small_bet")?, one("big_bet")?);
    let actions =
        strings(t, "actions")?.ok_or_else(|| field("actions", "missing or not an array"))?;
    let players = strings(t, "players")?.unwrap_or_default();
    if !players.is_empty() && players.len() != n {
        return Err(field("players", "not one name per starting stack"));
    }
    let finishing_stacks = amounts(t, "finishing_stacks")?;
    if finishing_stacks.as_ref().is_some_and(|f| f.len() != n) {
        return Err(field("finishing_stacks", "not one per starting stack"));
    }
    let hand = match get("hand") {
        Some(DeValue::Integer(h)) => u64::from_str_radix(h.as_str(), h.radix()).ok(),
        _ => None,
    };
    Ok(PhhHand {
        label,
        variant,
        antes,
        blinds_or_straddles,
        bring_in,
        min_bet,
        small_bet,
        big_bet,
        starting_stacks,
        actions,
        players,
        finishing_stacks,
        hand,
    })
}

fn field(field: &'static str, message: &str) -> PhhError {
    PhhError::Field {
        field,
        message: message.to_string(),
    }
}

fn strings(t: &DeTable<'_>, name: &'static str) -> Result<Option<Vec<String>>, PhhError> {
    match t.get(name).map(|v| v.get_ref()) {
        None => Ok(None),
        Some(DeValue::Array(list)) => list
            .iter()
            .map(|v| match v.get_ref() {
                DeValue::String(s) => Ok(s.to_string()),
                _ => Err(field(name, "an entry is not a string")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(field(name, "not an array")),
    }
}

fn amounts(t: &DeTable<'_>, name: &'static str) -> Result<Option<Vec<Decimal>>, PhhError> {
    match t.get(name).map(|v| v.get_ref()) {
        None => Ok(None),
        Some(DeValue::Array(list)) => list
            .iter()
            .map(|v| {
                decimal_of(v.get_ref()).ok_or_else(|| field(name, "an entry is not an amount"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(field(name, "not an array")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phh_single_hand_and_phhs_tables() {
        let one = "variant = 'NT'\nstarting_stacks = [100, 200.5]\nblinds_or_straddles = [1, 2]\nactions = ['p1 f']\nfinishing_stacks = [99, 201.5]\n";
        let hands = parse_hands(one, "a.phh").unwrap();
        assert_eq!(hands.len(), 1);
        let h = hands[0].as_ref().unwrap();
        assert_eq!(h.label, "a.phh");
        assert_eq!(h.antes, vec![Decimal { units: 0, scale: 0 }; 2]);
        assert_eq!(
            h.starting_stacks[1],
            Decimal {
                units: 2005,
                scale: 1
            }
        );

        let many = "[1]\nvariant = 'NT'\nstarting_stacks = [100, 200]\nactions = []\n\n[2]\nvariant = 'FR'\nstarting_stacks = [5, 5, 5]\nantes = 1\nactions = ['p1 pb']\n";
        let hands = parse_hands(many, "b.phhs").unwrap();
        assert_eq!(hands.len(), 2);
        let second = hands[1].as_ref().unwrap();
        assert_eq!(second.label, "b.phhs#2");
        assert_eq!(second.antes, vec![Decimal { units: 1, scale: 0 }; 3]);
    }

    proptest::proptest! {
        /// A plain decimal read from its text is the decimal its float
        /// gives (the reading before the parser's text was kept), and a
        /// float past 15 significant digits is left to the float's way.
        #[test]
        fn a_decimals_text_reads_as_its_float_does(
            whole in 0u64..10_000_000_000,
            frac in 0u64..1_000_000_000,
            places in 0usize..=9,
            negative: bool,
        ) {
            let frac = format!("{frac:09}");
            let text = format!("{}{whole}.{}", if negative { "-" } else { "" }, &frac[..places.max(1)]);
            let by_float = Decimal::of_float(text.parse::<f64>().unwrap());
            match plain_decimal(&text) {
                Some(d) => proptest::prop_assert_eq!(Some(d), by_float, "{}", text),
                None => {
                    let digits = text.trim_start_matches(['-', '0', '.']).trim_end_matches(['0', '.']);
                    proptest::prop_assert!(digits.bytes().filter(u8::is_ascii_digit).count() > FLOAT_DIGITS, "{}", text);
                }
            }
        }
    }

    #[test]
    fn numbers_in_other_forms_read_as_their_floats() {
        let hand = |amount: &str| {
            let text =
                format!("variant = 'NT'\nstarting_stacks = [{amount}, 0x10]\nactions = []\n");
            parse_one(&text, "x").unwrap().starting_stacks
        };
        let d = |units, scale| Decimal { units, scale };
        assert_eq!(hand("1e3"), vec![d(1000, 0), d(16, 0)]);
        assert_eq!(hand("+2.50"), vec![d(25, 1), d(16, 0)]);
        assert_eq!(hand("1_000.5"), vec![d(10005, 1), d(16, 0)]);
        assert!(parse_one(
            "variant = 'NT'\nstarting_stacks = [0.30000000000000004, 1]\nactions = []\n",
            "x"
        )
        .is_err());
    }

    #[test]
    fn phh_errors_name_the_field() {
        let bad = "variant = 'NT'\nstarting_stacks = [100]\nactions = []\n";
        let err = parse_hands(bad, "x").unwrap()[0].clone().unwrap_err();
        assert!(matches!(
            err,
            PhhError::Field {
                field: "starting_stacks",
                ..
            }
        ));
        assert!(matches!(
            parse_hands("= broken", "x"),
            Err(PhhError::Toml(_))
        ));
    }
}
