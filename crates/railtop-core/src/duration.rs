//! The one way railtop reads a length of time a person typed: `20s`, `5m`, `1h30m`, `500ms`,
//! `2h 15m`, `1d` (humantime's spelling, without its crate). Every option that takes a time uses
//! it, so what works in one works in all; a bare number is refused (is `5` seconds or minutes?)
//! except where an option has always meant seconds (`--interval`).

use std::time::Duration;

/// How a number without a unit is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bare {
    /// Refused: the unit must be said.
    Refused,
    /// Seconds (options documented as seconds before they took units).
    Seconds,
}

/// Why a time was not read, in a sentence that shows the right spelling.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("{0:?} is not a length of time such as 20s, 5m or 1h30m")]
    Unreadable(String),
    #[error("{0:?} has no unit: write 5s or 5m")]
    NoUnit(String),
    #[error("{0:?} is longer than railtop can count")]
    TooLong(String),
}

/// Reads `s` (see the module's spellings).
pub fn parse(s: &str, bare: Bare) -> Result<Duration, DurationError> {
    let text = s.trim();
    let unreadable = || DurationError::Unreadable(text.to_string());
    if text.is_empty() {
        return Err(unreadable());
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return match bare {
            Bare::Refused => Err(DurationError::NoUnit(text.to_string())),
            Bare::Seconds => text
                .parse::<u64>()
                .map(Duration::from_secs)
                .map_err(|_| DurationError::TooLong(text.to_string())),
        };
    }
    let mut total_ms: u64 = 0;
    let mut rest = text;
    while !rest.is_empty() {
        rest = rest.trim_start();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(unreadable());
        }
        let n: u64 = rest[..digits]
            .parse()
            .map_err(|_| DurationError::TooLong(text.to_string()))?;
        rest = rest[digits..].trim_start();
        let unit_len = rest.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
        let unit_ms: u64 = match &rest[..unit_len] {
            "ms" | "msec" => 1,
            "s" | "sec" | "secs" | "second" | "seconds" => 1_000,
            "m" | "min" | "mins" | "minute" | "minutes" => 60_000,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3_600_000,
            "d" | "day" | "days" => 86_400_000,
            _ => return Err(unreadable()),
        };
        rest = &rest[unit_len..];
        total_ms = n
            .checked_mul(unit_ms)
            .and_then(|ms| total_ms.checked_add(ms))
            .ok_or_else(|| DurationError::TooLong(text.to_string()))?;
    }
    Ok(Duration::from_millis(total_ms))
}

/// A time typed with its unit, in whole seconds within `min..=max`: the one check every layer
/// (the file, `RAILTOP_*`, flags) puts a time through. The error says the allowed range.
pub fn seconds_within(s: &str, bare: Bare, min: u64, max: u64) -> Result<u64, String> {
    let d = parse(s, bare).map_err(|e| e.to_string())?;
    let (lo, hi) = (Duration::from_secs(min), Duration::from_secs(max));
    if d < lo || d > hi {
        return Err(format!(
            "{:?} is out of range: from {} to {}",
            s.trim(),
            format(lo),
            format(hi)
        ));
    }
    if d.subsec_nanos() != 0 {
        return Err(format!("{:?}: whole seconds only", s.trim()));
    }
    Ok(d.as_secs())
}

/// `1h30m`, `45s`, `500ms`: how railtop writes a time back (errors, `--print-config`).
pub fn format(d: Duration) -> String {
    let ms = d.as_millis();
    if !ms.is_multiple_of(1000) || ms == 0 {
        return format!("{ms}ms");
    }
    let mut secs = d.as_secs();
    let mut out = String::new();
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] {
        if secs >= size {
            out.push_str(&format!("{}{unit}", secs / size));
            secs %= size;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(s: &str) -> u128 {
        parse(s, Bare::Refused).unwrap().as_millis()
    }

    #[test]
    fn reads_what_people_type() {
        assert_eq!(ms("20s"), 20_000);
        assert_eq!(ms("5m"), 300_000);
        assert_eq!(ms("1h30m"), 5_400_000);
        assert_eq!(ms("2h 15m"), 8_100_000);
        assert_eq!(ms("500ms"), 500);
        assert_eq!(ms(" 1d "), 86_400_000);
        assert_eq!(ms("90 sec"), 90_000);
        assert_eq!(ms("0s"), 0);
    }

    #[test]
    fn refuses_with_the_right_spelling() {
        assert_eq!(
            parse("5", Bare::Refused),
            Err(DurationError::NoUnit("5".into()))
        );
        assert_eq!(parse("5", Bare::Seconds), Ok(Duration::from_secs(5)));
        for bad in ["", "m", "5x", "5m3", "-5s", "1.5h", "soon", "5s!"] {
            assert!(
                matches!(parse(bad, Bare::Seconds), Err(DurationError::Unreadable(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            parse("99999999999999999999d", Bare::Refused),
            Err(DurationError::TooLong(_))
        ));
        assert!(matches!(
            parse("999999999999999d", Bare::Refused),
            Err(DurationError::TooLong(_))
        ));
        assert!(parse("5", Bare::Refused)
            .unwrap_err()
            .to_string()
            .contains("5m"));
    }

    #[test]
    fn writes_back_what_it_reads() {
        for s in ["20s", "5m", "1h30m", "500ms", "1d", "2h15m10s"] {
            assert_eq!(format(parse(s, Bare::Refused).unwrap()), s);
        }
    }
}
