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
use toml::{Table, Value};

/// A TOML number as a decimal. TOML gives non-integers as floats; their
/// shortest round-trip text (`10112.5`) is the decimal the file wrote.
fn decimal_of(value: &Value) -> Option<Decimal> {
    match value {
        Value::Integer(i) => Some(Decimal {
            units: i128::from(*i),
            scale: 0,
        }),
        Value::Float(f) => Decimal::of_float(*f),
        _ => None,
    }
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
    let table: Table = text
        .parse()
        .map_err(|e: toml::de::Error| PhhError::Toml(e.message().to_string()))?;
    if table.contains_key("variant") {
        return Ok(vec![hand_from_table(&table, label.to_string())]);
    }
    let hands: Vec<_> = table
        .iter()
        .filter_map(|(key, value)| match value {
            Value::Table(t) => Some(hand_from_table(t, format!("{label}#{key}"))),
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

fn hand_from_table(t: &Table, label: String) -> Result<PhhHand, PhhError> {
    let variant = match t.get("variant") {
        Some(Value::String(s)) => s.clone(),
        _ => return Err(field("variant", "missing or not a string")),
    };
    let starting_stacks =
        amounts(t, "starting_stacks")?.ok_or_else(|| field("starting_stacks", "missing"))?;
    let n = starting_stacks.len();
    if n < 2 {
        return Err(field("starting_stacks", "fewer than 2 players"));
    }
    let per_player = |name: &'static str| -> Result<Vec<Decimal>, PhhError> {
        match t.get(name) {
            None => Ok(vec![Decimal { units: 0, scale: 0 }; n]),
            // A single number: every player posts it (pokerkit's reading).
            Some(v @ (Value::Integer(_) | Value::Float(_))) => {
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
    let one = |name: &'static str| match t.get(name) {
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
    let hand = match t.get("hand") {
        Some(Value::Integer(h)) => u64::try_from(*h).ok(),
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

fn strings(t: &Table, name: &'static str) -> Result<Option<Vec<String>>, PhhError> {
    match t.get(name) {
        None => Ok(None),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                _ => Err(field(name, "an entry is not a string")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(field(name, "not an array")),
    }
}

fn amounts(t: &Table, name: &'static str) -> Result<Option<Vec<Decimal>>, PhhError> {
    match t.get(name) {
        None => Ok(None),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| decimal_of(v).ok_or_else(|| field(name, "an entry is not an amount")))
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
