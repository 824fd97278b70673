//! Exact decimal amounts, as both formats write them: a PHH amount is
//! read from the text the TOML parser keeps, and an OHH amount, which
//! the JSON parser gives as a float, from the float's shortest text; so
//! no float ever reaches a settlement.

/// An exact decimal amount: `units / 10^scale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    pub units: i128,
    pub scale: u32,
}

/// Decimal places beyond which an amount is refused (keeps the arithmetic in i128).
pub const MAX_SCALE: u32 = 9;

impl Decimal {
    /// Parses `123`, `-4`, `10112.5`.
    pub fn parse(text: &str) -> Option<Decimal> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let frac = frac.trim_end_matches('0');
        let scale = u32::try_from(frac.len()).ok().filter(|s| *s <= MAX_SCALE)?;
        if int.len() > 20 {
            return None;
        }
        let mut units: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            units = units.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
        }
        Some(Decimal {
            units: if negative { -units } else { units },
            scale,
        })
    }

    /// This amount counted in units of `10^-scale`, if it is a whole number of them.
    pub fn at_scale(self, scale: u32) -> Option<i128> {
        // Nearly every amount of a hand is already at the hand's scale.
        if self.scale == scale {
            return Some(self.units);
        }
        if self.scale > scale {
            let div = 10i128.pow(self.scale - scale);
            (self.units % div == 0).then_some(self.units / div)
        } else {
            self.units.checked_mul(10i128.pow(scale - self.scale))
        }
    }
}

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.scale == 0 {
            return write!(f, "{}", self.units);
        }
        let div = 10i128.pow(self.scale);
        let sign = if self.units < 0 { "-" } else { "" };
        let abs = self.units.abs();
        write!(
            f,
            "{sign}{}.{:0width$}",
            abs / div,
            abs % div,
            width = self.scale as usize
        )
    }
}

impl Decimal {
    /// A float read from a record as the decimal it was written as: the
    /// shortest text that reads back to the same float. Up to 15
    /// significant digits that is the written decimal itself; a float
    /// whose shortest text needs more cannot be told from its neighbours,
    /// so it is refused rather than guessed.
    pub fn of_float(f: f64) -> Option<Decimal> {
        if !f.is_finite() {
            return None;
        }
        let mut text = ShortText::default();
        // Longer text than the buffer holds has over 20 whole digits or
        // over 9 decimal places, which `parse` refuses anyway.
        std::fmt::Write::write_fmt(&mut text, format_args!("{f}")).ok()?;
        let text = std::str::from_utf8(text.bytes()).ok()?;
        let mut first = None;
        let mut last = 0;
        for (i, b) in text.bytes().filter(u8::is_ascii_digit).enumerate() {
            if b != b'0' {
                first.get_or_insert(i);
                last = i + 1;
            }
        }
        let significant = first.map_or(0, |first| last - first);
        (significant <= 15).then(|| Decimal::parse(text)).flatten()
    }
}

/// A float's text written on the stack: amounts are read by the dozen a
/// hand, and none needs more than a few tens of bytes.
struct ShortText {
    buf: [u8; 40],
    len: usize,
}

impl Default for ShortText {
    fn default() -> ShortText {
        ShortText {
            buf: [0; 40],
            len: 0,
        }
    }
}

impl ShortText {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl std::fmt::Write for ShortText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let room = self.buf.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        room.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_reads_integers_and_halves_exactly() {
        let d = Decimal::parse("10112.5").unwrap();
        assert_eq!((d.units, d.scale), (101125, 1));
        assert_eq!(d.at_scale(0), None);
        assert_eq!(d.at_scale(2), Some(1011250));
        assert_eq!(
            Decimal::parse("1259450.25").unwrap().at_scale(2),
            Some(125945025)
        );
        assert_eq!(
            Decimal::parse("100.0").unwrap(),
            Decimal {
                units: 100,
                scale: 0
            }
        );
        assert_eq!(Decimal::parse("1e5"), None);
        assert_eq!(Decimal::parse(".5"), None);
        assert_eq!(Decimal::parse("10112.5").unwrap().to_string(), "10112.5");
    }

    #[test]
    fn a_float_is_read_as_the_decimal_it_was_written_as() {
        assert_eq!(Decimal::of_float(0.1).unwrap().to_string(), "0.1");
        assert_eq!(Decimal::of_float(0.07).unwrap().at_scale(2), Some(7));
        assert_eq!(
            Decimal::of_float(1259450.25).unwrap().at_scale(2),
            Some(125945025)
        );
        assert_eq!(
            Decimal::of_float(2.0).unwrap(),
            Decimal { units: 2, scale: 0 }
        );
        // 0.1 + 0.2 prints with 17 digits: not a decimal a record wrote.
        assert_eq!(Decimal::of_float(0.1 + 0.2), None);
        assert_eq!(Decimal::of_float(f64::NAN), None);
        // Past the stack buffer: refused, as `parse` refuses such text.
        assert_eq!(Decimal::of_float(1e-30), None);
        assert_eq!(Decimal::of_float(1e30), None);
        assert_eq!(
            Decimal::of_float(-0.000000001).unwrap().to_string(),
            "-0.000000001"
        );
        assert_eq!(
            Decimal::of_float(99999999999999.9).unwrap().at_scale(1),
            Some(999999999999999)
        );
    }
}
