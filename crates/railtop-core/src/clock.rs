//! The clock every source reads: the system time, or a fixed instant from `RAILTOP_NOW`, so that
//! recorded data and the demo can be replayed as of one moment (and snapshot tests stay stable).

use chrono::{DateTime, SecondsFormat, Utc};

/// Name of the environment variable that fixes the clock (RFC 3339).
pub(crate) const NOW_ENV: &str = "RAILTOP_NOW";

/// A `RAILTOP_NOW` that is not a time.
#[derive(Debug, thiserror::Error)]
#[error("{NOW_ENV}={value:?} is not an RFC 3339 time such as 2026-11-22T08:30:00Z")]
pub struct BadNow {
    pub value: String,
    pub source: chrono::ParseError,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    System,
    Fixed(DateTime<Utc>),
}

impl Clock {
    /// The clock a `RAILTOP_NOW` value asks for: none or blank is the system clock.
    pub fn from_value(value: Option<&str>) -> Result<Clock, BadNow> {
        match value {
            Some(v) if !v.trim().is_empty() => Clock::parse(v),
            _ => Ok(Clock::System),
        }
    }

    pub fn parse(rfc3339: &str) -> Result<Clock, BadNow> {
        DateTime::parse_from_rfc3339(rfc3339.trim())
            .map(|t| Clock::Fixed(t.with_timezone(&Utc)))
            .map_err(|source| BadNow {
                value: rfc3339.to_string(),
                source,
            })
    }

    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(t) => *t,
        }
    }
}

/// The API's `fetchedAt` format: RFC 3339 in UTC, whole seconds.
pub fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Whole minutes from seconds, rounded half away from zero (90 s is 2 min, -30 s is -1).
pub fn minutes_from_seconds(seconds: i64) -> i64 {
    // From outside: `i64::MIN` has no absolute value, so saturate rather than overflow.
    let m = seconds.saturating_abs().saturating_add(30) / 60;
    if seconds < 0 {
        -m
    } else {
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_offsets_into_utc() {
        let c = Clock::parse("2026-11-22T09:30:00+02:00").unwrap();
        assert_eq!(rfc3339(c.now()), "2026-11-22T07:30:00Z");
    }

    #[test]
    fn rejects_garbage_with_an_example() {
        let e = Clock::parse("yesterday").unwrap_err();
        assert!(e.to_string().contains("RFC 3339"), "{e}");
    }
}
