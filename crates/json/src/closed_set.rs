//! Values outside a closed set, refused by one rule (API.md, "Closed
//! sets"): a string where a string belongs is the request's shape, so a
//! value the set does not hold (`"plo"` as a variant, `"Zz"` as a card,
//! `"sideways"` as a buttonRule) is a 422 with a pointer, as any other
//! impossible value is, never a 400. Every such refusal carries a hint: the
//! value the client probably meant, else the values allowed. (A card the
//! parser refused gets its own hint, beside the contract's card checks.)

use crate::shape::words::meant;

/// `unknown {field} {value}`, then the value it probably meant or, failing
/// that, every value `allowed` holds.
pub fn unknown(field: &str, value: &str, allowed: &[&str]) -> String {
    match guess(value, allowed) {
        Some(m) => format!("unknown {field} {value:?}: did you mean {m:?}?"),
        None => format!("unknown {field} {value:?}: use {}", one_of(allowed)),
    }
}

/// The allowed value `value` probably meant: the same but for case and
/// separators (`proportional-main-rest`), or up to two letters, or one that
/// holds the other whole (`texas-holdem`).
fn guess<'a>(value: &str, allowed: &[&'a str]) -> Option<&'a str> {
    let bare = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let word = bare(value);
    let spelt = allowed.iter().find(|a| !word.is_empty() && bare(a) == word);
    spelt
        .copied()
        .or_else(|| meant(value, allowed))
        .or_else(|| {
            let lower = value.to_lowercase();
            let mut holding = allowed.iter().filter(|a| {
                let a = a.to_lowercase();
                a.len() >= 4 && lower.len() >= 4 && (lower.contains(&a) || a.contains(&lower))
            });
            // Only a guess with one answer is a hint.
            match (holding.next(), holding.next()) {
                (Some(one), None) => Some(*one),
                _ => None,
            }
        })
}

/// `"a"`, `"a" or "b"`, `one of "a", "b", "c"`.
fn one_of(allowed: &[&str]) -> String {
    let quoted: Vec<String> = allowed.iter().map(|a| format!("{a:?}")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        more => format!("one of {}", more.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VARIANTS: [&str; 3] = ["holdem", "short-deck", "omaha"];

    #[test]
    fn a_value_off_by_case_or_letters_or_words_gets_the_one_it_meant() {
        for value in ["Holdem", "holdme", "texas-holdem", "HOLDEM"] {
            assert_eq!(
                unknown("variant", value, &VARIANTS),
                format!("unknown variant {value:?}: did you mean \"holdem\"?")
            );
        }
    }

    #[test]
    fn a_value_spelt_with_other_separators_gets_the_one_it_meant() {
        let spreads = [
            "proportional",
            "mainFirst",
            "lastFirst",
            "proportionalMainRest",
        ];
        for value in [
            "proportional-main-rest",
            "proportional_main_rest",
            "MAIN_FIRST",
        ] {
            let hint = unknown("spread", value, &spreads);
            assert!(hint.contains("did you mean"), "{hint}");
        }
        assert_eq!(
            unknown("spread", "proportional-main-rest", &spreads),
            "unknown spread \"proportional-main-rest\": did you mean \"proportionalMainRest\"?"
        );
        assert_eq!(
            unknown("hiLoOddChips", "HIGH", &["tda", "high"]),
            "unknown hiLoOddChips \"HIGH\": did you mean \"high\"?"
        );
    }

    #[test]
    fn a_value_far_from_every_one_gets_the_list() {
        assert_eq!(
            unknown("variant", "plo", &VARIANTS),
            "unknown variant \"plo\": use one of \"holdem\", \"short-deck\", \"omaha\""
        );
        assert_eq!(
            unknown("rules", "wsop", &["tda", "roberts"]),
            "unknown rules \"wsop\": use \"tda\" or \"roberts\""
        );
    }
}
