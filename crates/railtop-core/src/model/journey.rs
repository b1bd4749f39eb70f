//! railtop's own `GET /api/live/train?id=`: one train's record and its run, stop by stop.
//!
//! Not part of the interface, so its shape is railtop's: `{train, stops, fetchedAt, attribution,
//! simulated}`, where `train` is the realtime record unchanged. Each stop carries its times twice,
//! as the station's clock reads (`HH:MM`, what a board shows) and as RFC 3339 with the station's
//! offset (what a script compares), because a run can cross midnight and time zones.

use super::{tolerant, Train};
use crate::text::clean;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// At most this many stops are kept per run (the longest real runs have about 150).
pub const MAX_STOPS: usize = 400;

/// One train and its stops, in travel order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct JourneyResponse {
    #[serde(default)]
    pub train: Train,
    #[serde(default)]
    pub stops: Vec<JourneyStop>,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub fetched_at: String,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub attribution: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    pub simulated: bool,
}

/// One call of a run. Times are `None` where the feed has none (no arrival at the origin, no
/// departure at the terminus, no realtime).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct JourneyStop {
    /// The feed's station code, where it has one.
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub code: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub name: String,
    /// Where the station is, when known: for the map.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub lat: Option<f64>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub lng: Option<f64>,
    #[serde(default)]
    pub arrival: StopTime,
    #[serde(default)]
    pub departure: StopTime,
    /// Whole minutes late at this stop (departure, else arrival); `None`: no realtime data.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    pub delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub platform: Option<String>,
    /// The platform in the timetable, where it differs from `platform`.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub planned_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    pub cancelled: bool,
    /// The train has left (or, at the terminus, reached) this stop.
    #[serde(default, deserialize_with = "tolerant::bool")]
    pub passed: bool,
}

/// An arrival or a departure: planned and expected, each as `HH:MM` and as RFC 3339.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct StopTime {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub scheduled: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub scheduled_at: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub expected: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub expected_at: Option<String>,
}

impl StopTime {
    /// Both times on the station's clock `tz`.
    pub fn at(scheduled: Option<DateTime<Utc>>, expected: Option<DateTime<Utc>>, tz: Tz) -> Self {
        let hhmm = |t: DateTime<Utc>| t.with_timezone(&tz).format("%H:%M").to_string();
        let full = |t: DateTime<Utc>| t.with_timezone(&tz).to_rfc3339();
        StopTime {
            scheduled: scheduled.map(hhmm),
            scheduled_at: scheduled.map(full),
            expected: expected.map(hhmm),
            expected_at: expected.map(full),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.scheduled.is_none() && self.expected.is_none()
    }

    /// What a person reads first: the expected time, else the planned one.
    pub fn shown(&self) -> Option<&str> {
        self.expected.as_deref().or(self.scheduled.as_deref())
    }

    fn sanitize(&mut self) {
        for s in [
            &mut self.scheduled,
            &mut self.scheduled_at,
            &mut self.expected,
            &mut self.expected_at,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
    }
}

impl JourneyStop {
    /// A stop with its times on the station's clock; the delay from them (departure first).
    pub fn timed(
        name: impl Into<String>,
        arrival: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
        departure: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
        tz: Tz,
    ) -> JourneyStop {
        let late = |(planned, expected): (Option<DateTime<Utc>>, Option<DateTime<Utc>>)| {
            let seconds = expected?.signed_duration_since(planned?).num_seconds();
            Some(crate::clock::minutes_from_seconds(seconds))
        };
        let delay = late(departure).or_else(|| late(arrival));
        JourneyStop {
            name: name.into(),
            arrival: StopTime::at(arrival.0, arrival.1, tz),
            departure: StopTime::at(departure.0, departure.1, tz),
            delay,
            ..JourneyStop::default()
        }
    }

    fn sanitize(&mut self) {
        clean(&mut self.name);
        for s in [
            &mut self.code,
            &mut self.platform,
            &mut self.planned_platform,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
        self.arrival.sanitize();
        self.departure.sanitize();
        let placed = matches!((self.lat, self.lng), (Some(lat), Some(lng))
            if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) && (lat, lng) != (0.0, 0.0));
        if !placed {
            self.lat = None;
            self.lng = None;
        }
        if self.planned_platform.is_some() && self.planned_platform == self.platform {
            self.planned_platform = None;
        }
    }
}

impl JourneyResponse {
    /// Makes an answer read from outside safe to show: the train's record as in every answer,
    /// each stop's text cleaned, at most [`MAX_STOPS`] stops.
    pub fn sanitize(&mut self) {
        self.train.sanitize();
        self.stops.truncate(MAX_STOPS);
        self.stops.iter_mut().for_each(JourneyStop::sanitize);
        clean(&mut self.fetched_at);
        if let Some(a) = &mut self.attribution {
            clean(a);
        }
    }

    /// The stop the train calls at next: the first not passed nor cancelled.
    pub fn next_stop(&self) -> Option<usize> {
        self.stops.iter().position(|s| !s.passed && !s.cancelled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn times_are_on_the_stations_clock_twice() {
        let tz: Tz = "Europe/Helsinki".parse().unwrap();
        let planned = Utc.with_ymd_and_hms(2026, 11, 23, 6, 5, 0).unwrap();
        let late = planned + chrono::Duration::seconds(150);
        let stop = JourneyStop::timed("Tampere", (None, None), (Some(planned), Some(late)), tz);
        assert_eq!(stop.departure.scheduled.as_deref(), Some("08:05"));
        assert_eq!(
            stop.departure.scheduled_at.as_deref(),
            Some("2026-11-23T08:05:00+02:00")
        );
        assert_eq!(stop.departure.expected.as_deref(), Some("08:07"));
        assert_eq!(stop.delay, Some(3), "150 s late rounds as the boards do");
        assert!(stop.arrival.is_empty());
    }

    #[test]
    fn hostile_text_is_cleaned_and_runs_bounded() {
        let mut answer = JourneyResponse {
            stops: vec![
                JourneyStop {
                    name: "Evil\u{1b}[2J".into(),
                    lat: Some(0.0),
                    lng: Some(0.0),
                    platform: Some("3".into()),
                    planned_platform: Some("3".into()),
                    ..JourneyStop::default()
                };
                MAX_STOPS + 5
            ],
            ..JourneyResponse::default()
        };
        answer.sanitize();
        assert_eq!(answer.stops.len(), MAX_STOPS);
        assert!(!answer.stops[0].name.contains('\u{1b}'));
        assert_eq!(answer.stops[0].lat, None, "0/0 is no position");
        assert_eq!(answer.stops[0].planned_platform, None, "no change, no plan");
    }

    #[test]
    fn the_next_stop_skips_passed_and_cancelled_ones() {
        let stop = |passed, cancelled| JourneyStop {
            passed,
            cancelled,
            ..JourneyStop::default()
        };
        let answer = JourneyResponse {
            stops: vec![stop(true, false), stop(false, true), stop(false, false)],
            ..JourneyResponse::default()
        };
        assert_eq!(answer.next_stop(), Some(2));
    }
}
