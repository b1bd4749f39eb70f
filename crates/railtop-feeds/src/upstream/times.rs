//! Time conversions every feed needs: station-local clock times and delays in whole minutes.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;

/// `HH:MM` of an instant on the station's clock.
pub(crate) fn local_hhmm(t: DateTime<Utc>, tz: Tz) -> String {
    t.with_timezone(&tz).format("%H:%M").to_string()
}

use railtop_core::clock::minutes_from_seconds;

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
pub(crate) fn planned_and_expected(
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
pub(crate) fn plus_seconds(t: DateTime<Utc>, seconds: i64) -> Option<DateTime<Utc>> {
    chrono::TimeDelta::try_seconds(seconds).and_then(|d| t.checked_add_signed(d))
}

/// A wall-clock time on `tz`'s clock as an instant (the earlier of an autumn repeat; `None` in a
/// spring gap).
pub(crate) fn local_instant(t: chrono::NaiveDateTime, tz: Tz) -> Option<DateTime<Utc>> {
    use chrono::TimeZone;
    tz.from_local_datetime(&t)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// A clock time on `tz`'s clock, on whichever of the three dates around `reference` puts it
/// nearest to it: an expected or actual time beside a planned one, or a time with no date.
pub(crate) fn nearest(time: NaiveTime, reference: DateTime<Utc>, tz: Tz) -> Option<DateTime<Utc>> {
    let day = reference.with_timezone(&tz).date_naive();
    [day.pred_opt(), Some(day), day.succ_opt()]
        .into_iter()
        .flatten()
        .filter_map(|d| local_instant(d.and_time(time), tz))
        .min_by_key(|t| (*t - reference).num_seconds().saturating_abs())
}

/// The planned clock times of one run, in its order, from the run's first day: a time more than
/// an hour before the latest one is on the next day (a run past midnight; a few minutes back is
/// a feed's rounding, not a day).
pub(crate) struct RunClock {
    tz: Tz,
    day: NaiveDate,
    latest: Option<chrono::NaiveDateTime>,
}

impl RunClock {
    pub fn new(day: NaiveDate, tz: Tz) -> RunClock {
        RunClock {
            tz,
            day,
            latest: None,
        }
    }

    /// The next planned time of the run as an instant.
    pub fn next(&mut self, time: NaiveTime) -> Option<DateTime<Utc>> {
        let mut t = self.day.and_time(time);
        if self
            .latest
            .is_some_and(|latest| t + chrono::Duration::hours(1) < latest)
        {
            self.day = self.day.succ_opt()?;
            t = self.day.and_time(time);
        }
        self.latest = Some(self.latest.map_or(t, |latest| latest.max(t)));
        local_instant(t, self.tz)
    }
}

/// Delay in whole minutes between a planned and an expected instant.
pub(crate) fn delay_minutes(planned: DateTime<Utc>, expected: DateTime<Utc>) -> i64 {
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

    #[test]
    fn a_run_rolls_past_midnight_and_a_time_goes_nearest() {
        let tz = chrono_tz::Europe::Rome;
        let t = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").unwrap();
        let mut clock = RunClock::new(NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(), tz);
        let at =
            |x: Option<DateTime<Utc>>| x.unwrap().with_timezone(&tz).format("%d %H:%M").to_string();
        assert_eq!(at(clock.next(t("23:50"))), "24 23:50");
        assert_eq!(
            at(clock.next(t("23:48"))),
            "24 23:48",
            "minutes back are rounding"
        );
        assert_eq!(at(clock.next(t("00:10"))), "25 00:10", "past midnight");
        let reference: DateTime<Utc> = "2026-11-24T22:55:00Z".parse().unwrap(); // 23:55 in Rome
        assert_eq!(at(nearest(t("00:05"), reference, tz)), "25 00:05");
        assert_eq!(at(nearest(t("23:40"), reference, tz)), "24 23:40");
    }
}
