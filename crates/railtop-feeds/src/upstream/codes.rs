//! Station codes as each feed spells them, checked in one place: a code that cannot be one of
//! the feed's is an "unknown station" before any request is made (and routing asks the same
//! question to find the feed a bare code belongs to).

use crate::source::SourceError;
use std::ops::RangeInclusive;

/// What a feed's station codes look like.
pub struct CodeShape {
    /// Characters, after trimming.
    pub len: RangeInclusive<usize>,
    pub char_ok: fn(char) -> bool,
    /// What every code starts with ("" for none).
    pub prefix: &'static str,
    /// Codes are upper case (a lower-case code is taken as meaning the same).
    pub upper: bool,
    /// The rest of "… is not …" in the error: "an Amtrak station code such as NYP".
    pub what: &'static str,
}

impl CodeShape {
    /// The code as the feed spells it, if `station` can be one.
    pub(crate) fn spell(&self, station: &str) -> Option<String> {
        let trimmed = station.trim();
        let code = if self.upper {
            trimmed.to_uppercase()
        } else {
            trimmed.to_string()
        };
        (self.len.contains(&code.chars().count())
            && code.starts_with(self.prefix)
            && code.chars().all(self.char_ok))
        .then_some(code)
    }

    pub fn fits(&self, station: &str) -> bool {
        self.spell(station).is_some()
    }

    /// The code as the feed spells it, or the "not a station of this feed" error.
    pub fn check(&self, station: &str) -> Result<String, SourceError> {
        self.spell(station)
            .ok_or_else(|| SourceError::NotFound(format!("{station:?} is not {}", self.what)))
    }

    /// Like [`check`](Self::check), for feeds whose station list also knows names' slugs
    /// (`berlin-hbf`): the code the country's list has for `station`, else `station` itself.
    pub(crate) fn check_listed(&self, station: &str, country: &str) -> Result<String, SourceError> {
        let listed = railtop_core::stations::by_code(station, Some(country));
        let code = listed.as_ref().map_or(station, |s| s.code.as_str());
        self.check(code)
            .map_err(|_| SourceError::NotFound(format!("{station:?} is not {}", self.what)))
    }
}

/// Letters and digits of any length up to 10 (Digitraffic, Irish Rail).
pub const fn alphanumeric(what: &'static str) -> CodeShape {
    CodeShape {
        len: 1..=10,
        char_ok: |c| c.is_ascii_alphanumeric(),
        prefix: "",
        upper: true,
        what,
    }
}

/// A national station number: `len` digits in all, starting with `prefix` (UIC, EVA).
pub const fn number(len: usize, prefix: &'static str, what: &'static str) -> CodeShape {
    CodeShape {
        len: len..=len,
        char_ok: |c| c.is_ascii_digit(),
        prefix,
        upper: false,
        what,
    }
}

/// ASCII letters, upper case (Amtrak, NS).
pub const fn letters(len: RangeInclusive<usize>, what: &'static str) -> CodeShape {
    CodeShape {
        len,
        char_ok: |c| c.is_ascii_alphabetic(),
        prefix: "",
        upper: true,
        what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let fi = alphanumeric("a Finnish station code");
        assert_eq!(fi.spell(" hki ").as_deref(), Some("HKI"));
        assert!(fi
            .check("H K")
            .unwrap_err()
            .to_string()
            .contains("not a Finnish"));
        assert!(!fi.fits(""));
        let uic = number(7, "85", "a Swiss station number");
        assert!(uic.fits("8503000") && !uic.fits("8011160") && !uic.fits("HKI"));
        let amtrak = letters(3..=3, "an Amtrak station code such as NYP");
        assert_eq!(amtrak.spell("nyp").as_deref(), Some("NYP"));
        assert!(!amtrak.fits("NY1") && !amtrak.fits("NYPX"));
    }
}
