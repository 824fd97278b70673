//! Signed exact fractions and their rounding to chips (RULES.md §17.3):
//! `luck` is negative for a player the cards went against, so the
//! cash-out's unsigned fraction does not serve.

/// `numerator / denominator` in lowest terms, `denominator` ≥ 1; zero is
/// `0/1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignedFraction {
    pub numerator: i128,
    pub denominator: u128,
}

impl SignedFraction {
    /// The fraction in lowest terms; `None` for a zero denominator or one
    /// past `i128`.
    pub fn new(numerator: i128, denominator: u128) -> Option<SignedFraction> {
        if denominator == 0 || i128::try_from(denominator).is_err() {
            return None;
        }
        let g = gcd(numerator.unsigned_abs(), denominator);
        let g_signed = i128::try_from(g).ok()?;
        Some(SignedFraction {
            numerator: numerator / g_signed,
            denominator: denominator / g,
        })
    }

    /// `amount − self`, in lowest terms.
    pub fn subtracted_from(self, amount: u64) -> Option<SignedFraction> {
        let d = i128::try_from(self.denominator).ok()?;
        let n = i128::from(amount)
            .checked_mul(d)?
            .checked_sub(self.numerator)?;
        SignedFraction::new(n, self.denominator)
    }

    /// The nearest multiple of `unit`, halves away from zero.
    pub fn round_to(self, unit: u64) -> Option<i128> {
        let step = self.denominator.checked_mul(u128::from(unit.max(1)))?;
        let twice = self.numerator.unsigned_abs().checked_mul(2)?;
        let units = twice.checked_add(step)? / step.checked_mul(2)?;
        let chips = i128::try_from(units.checked_mul(u128::from(unit.max(1)))?).ok()?;
        Some(if self.numerator < 0 { -chips } else { chips })
    }
}

/// A fraction and its `chips`: the fraction rounded to the chip unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    pub fraction: SignedFraction,
    pub chips: i128,
}

impl Exact {
    /// `fraction` with its rounding (§17.3). The fractions of an
    /// expectation are below 2^53 in size, so the rounding cannot
    /// overflow; should it, `chips` is the fraction's whole part.
    pub fn rounded(fraction: SignedFraction, unit: u64) -> Exact {
        let whole = || {
            let d = i128::try_from(fraction.denominator).unwrap_or(i128::MAX);
            fraction.numerator / d
        };
        Exact {
            fraction,
            chips: fraction.round_to(unit).unwrap_or_else(whole),
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(n: i128, d: u128) -> SignedFraction {
        SignedFraction::new(n, d).unwrap()
    }

    #[test]
    fn fractions_come_in_lowest_terms_zero_as_0_over_1() {
        assert_eq!(
            f(10, 4),
            SignedFraction {
                numerator: 5,
                denominator: 2
            }
        );
        assert_eq!(
            f(-10, 4),
            SignedFraction {
                numerator: -5,
                denominator: 2
            }
        );
        assert_eq!(
            f(0, 7),
            SignedFraction {
                numerator: 0,
                denominator: 1
            }
        );
        assert_eq!(SignedFraction::new(1, 0), None);
    }

    #[test]
    fn rules_17_3_chips_round_to_the_nearest_unit_halves_away_from_zero() {
        assert_eq!(f(5, 2).round_to(1), Some(3));
        assert_eq!(f(-5, 2).round_to(1), Some(-3));
        assert_eq!(f(7, 3).round_to(1), Some(2));
        assert_eq!(f(-7, 3).round_to(1), Some(-2));
        assert_eq!(f(125, 1).round_to(50), Some(150));
        assert_eq!(f(124, 1).round_to(50), Some(100));
        assert_eq!(f(-125, 1).round_to(50), Some(-150));
        assert_eq!(f(0, 1).round_to(25), Some(0));
    }

    #[test]
    fn luck_is_won_less_expected_exactly() {
        let expected = f(176_873_750, 107_019);
        assert_eq!(expected.subtracted_from(0), Some(f(-176_873_750, 107_019)));
        let b = f(37_164_250, 107_019);
        assert_eq!(b.subtracted_from(2000), Some(f(176_873_750, 107_019)));
    }
}
