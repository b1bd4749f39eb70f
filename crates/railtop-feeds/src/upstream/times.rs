//! Time conversions every feed needs: station-local clock times and delays in whole minutes.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

/// `HH:MM` of an instant on the station's clock.
pub fn local_hhmm(t: DateTime<Utc>, tz: Tz) -> String {
    t.with_timezone(&tz).format("%H:%M").to_string()
}

pub use crate::clock::minutes_from_seconds;

/// `2022-10-21T13:31:00+0200` (an offset without its colon, as several feeds write it), or any
/// RFC 3339 time.
pub fn parse_offset_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    DateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%z")
        .or_else(|_| DateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f%z"))
        .or_else(|_| DateTime::parse_from_rfc3339(s))
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// A row's planned instant and its expected one, for feeds that send both as offset times
/// (NS, Trafikverket): no row without a plan, and no expected time for a cancelled train.
pub fn planned_and_expected(
    planned: Option<&str>,
    expected: Option<&str>,
    cancelled: bool,
) -> Option<(DateTime<Utc>, Option<DateTime<Utc>>)> {
    let planned = parse_offset_time(planned?)?;
    let expected = expected.and_then(parse_offset_time).filter(|_| !cancelled);
    Some((planned, expected))
}

/// `t` plus `seconds` from a feed, `None` past chrono's range (a feed's `delay` of
/// `-9223372036854775808` must not panic).
pub fn plus_seconds(t: DateTime<Utc>, seconds: i64) -> Option<DateTime<Utc>> {
    chrono::TimeDelta::try_seconds(seconds).and_then(|d| t.checked_add_signed(d))
}

/// Delay in whole minutes between a planned and an expected instant.
pub fn delay_minutes(planned: DateTime<Utc>, expected: DateTime<Utc>) -> i64 {
    minutes_from_seconds((expected - planned).num_seconds())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_with_and_without_colon() {
        let want: DateTime<Utc> = "2022-10-21T11:31:00Z".parse().unwrap();
        for s in [
            "2022-10-21T13:31:00+0200",
            "2022-10-21T13:31:00+02:00",
            "2022-10-21T13:31:00.000+02:00",
        ] {
            assert_eq!(parse_offset_time(s), Some(want), "{s}");
        }
        assert_eq!(parse_offset_time("yesterday"), None);
    }

    #[test]
    fn local_times_follow_daylight_saving() {
        let summer: DateTime<Utc> = "2026-07-01T10:00:00Z".parse().unwrap();
        let winter: DateTime<Utc> = "2026-12-01T10:00:00Z".parse().unwrap();
        assert_eq!(local_hhmm(summer, Tz::Europe__Helsinki), "13:00");
        assert_eq!(local_hhmm(winter, Tz::Europe__Helsinki), "12:00");
        assert_eq!(
            local_hhmm(
                "2026-11-24T23:30:00Z".parse().unwrap(),
                Tz::Europe__Helsinki
            ),
            "01:30"
        );
    }

    #[test]
    fn adding_a_feeds_seconds_never_panics() {
        let t: DateTime<Utc> = "2026-11-24T10:00:00Z".parse().unwrap();
        assert_eq!(plus_seconds(t, 60), "2026-11-24T10:01:00Z".parse().ok());
        for absurd in [i64::MIN, i64::MAX, 10_000_000_000_000, -10_000_000_000_000] {
            assert_eq!(plus_seconds(t, absurd), None, "{absurd}");
        }
        assert_eq!(plus_seconds(DateTime::<Utc>::MAX_UTC, 1), None);
    }

    #[test]
    fn seconds_round_to_minutes() {
        assert_eq!(minutes_from_seconds(0), 0);
        assert_eq!(minutes_from_seconds(29), 0);
        assert_eq!(minutes_from_seconds(30), 1);
        assert_eq!(minutes_from_seconds(2040), 34);
        assert_eq!(minutes_from_seconds(-90), -2);
    }
}
