//! Realtime trips joined to the static timetable. The specification keys a trip update by the
//! bundle's `trip_id`, but many operators publish realtime ids of their own, such as
//! `<train number>_<YYYYMMDD>` (a small rail operator's feed beside its bundle of other ids):
//! read by id alone, every such trip is a nameless row and the timetable's plan of it a second,
//! "timetable only" row. So a trip the bundle does not know by id is looked up by its train
//! number (`trip_short_name`) on its service day, narrowed by its route and start time where
//! the realtime gives them; exactly one candidate is a match, none or several is no match, and
//! an unmatched trip is still shown, said to be outside the timetable. `trip_match` in
//! `[[feeds]]` chooses ([`TripMatch`]).

pub use crate::source::JoinCount;
use crate::upstream::gtfs_rt::TripDescriptor;
use crate::upstream::gtfs_static::{gtfs_seconds, Timetable};
use chrono::{DateTime, NaiveDate, Utc};
use railtop_core::config::TripMatch;

/// How a realtime trip was found in the timetable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(
    clippy::enum_variant_names,
    reason = "`Found::NotFound` reads as meant: the trip was not found"
)]
pub(crate) enum Found {
    ById,
    ByNumber,
    /// The timetable has no such trip (or several that fit): shown as the realtime says it.
    Unmatched,
    /// The feed has no timetable to join.
    NoTimetable,
}

impl JoinCount {
    pub(crate) fn add(&mut self, found: Found) {
        self.realtime = self.realtime.saturating_add(1);
        let slot = match found {
            Found::ById => &mut self.by_id,
            Found::ByNumber => &mut self.by_number,
            Found::Unmatched => &mut self.unmatched,
            Found::NoTimetable => return,
        };
        *slot = slot.saturating_add(1);
    }

    /// One line for `/healthz` and the log: `412 realtime trips: 398 by number, 14 unmatched`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.by_id, "by id"),
            (self.by_number, "by train number"),
            (self.unmatched, "not in the timetable"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        if parts.is_empty() {
            parts.push("none".into());
        }
        format!("{} realtime trips: {}", self.realtime, parts.join(", "))
    }
}

/// Finds realtime trips in a timetable.
#[derive(Clone)]
pub(crate) struct Matcher<'t> {
    table: Option<&'t Timetable>,
    how: TripMatch,
    /// The feed's local date now (a trip without a start date ran today or, past midnight,
    /// started yesterday).
    today: NaiveDate,
}

/// Most parts of an id tried as a train number.
const MAX_PARTS: usize = 4;

impl<'t> Matcher<'t> {
    pub fn new(
        table: Option<&'t Timetable>,
        how: TripMatch,
        tz: chrono_tz::Tz,
        now: DateTime<Utc>,
    ) -> Matcher<'t> {
        Matcher {
            table,
            how,
            today: now.with_timezone(&tz).date_naive(),
        }
    }

    /// The timetable's id of the realtime `trip` (its own id where there is none or no
    /// match), and how it was found; `None` for a trip without an id.
    pub fn find(&self, trip: &TripDescriptor) -> Option<(String, Found)> {
        let id = trip
            .trip_id
            .as_deref()
            .map(str::trim)
            .filter(|i| !i.is_empty())?;
        let Some(table) = self.table else {
            return Some((id.to_string(), Found::NoTimetable));
        };
        if self.how != TripMatch::ShortName && table.trip(id).is_some() {
            return Some((id.to_string(), Found::ById));
        }
        if self.how == TripMatch::Id {
            return Some((id.to_string(), Found::Unmatched));
        }
        Some(match self.by_number(table, id, trip) {
            Some(found) => (found, Found::ByNumber),
            None => (id.to_string(), Found::Unmatched),
        })
    }

    /// The stop of the timetable trip `trip_id`'s call of `sequence`.
    pub fn stop_at(&self, trip_id: &str, sequence: u32) -> Option<&'t str> {
        self.table?.stop_at_sequence(trip_id, sequence)
    }

    fn by_number(&self, table: &Timetable, id: &str, trip: &TripDescriptor) -> Option<String> {
        let day = given(&trip.start_date)
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y%m%d").ok())
            .or_else(|| date_in(id));
        let days = match day {
            Some(d) => vec![d],
            None => vec![self.today, self.today.pred_opt()?],
        };
        let route = given(&trip.route_id);
        let starts = given(&trip.start_time).and_then(gtfs_seconds);
        for number in numbers_in(id) {
            for day in &days {
                let mut found = table.trips_named(number, *day);
                if let Some(route) = route {
                    let on_route: Vec<_> = found
                        .iter()
                        .copied()
                        .filter(|(t, _)| table.trip(t).is_some_and(|t| t.route_id == route))
                        .collect();
                    if !on_route.is_empty() {
                        found = on_route;
                    }
                }
                if let Some(starts) = starts {
                    found.retain(|(_, leaves)| *leaves == Some(starts));
                }
                match found.as_slice() {
                    [] => continue,
                    [(one, _)] => return Some(one.to_string()),
                    // Two runs of one number on one day that nothing tells apart: no guess.
                    _ => return None,
                }
            }
        }
        None
    }
}

/// The train numbers an id may carry: the whole id, then its parts (split at `_ - : . /`),
/// dates left out: `1234_20261124` → `1234_20261124`, `1234`.
fn numbers_in(id: &str) -> Vec<&str> {
    let mut out = vec![id];
    for part in id
        .split(['_', '-', ':', '.', '/', ' '])
        .filter(|p| !p.is_empty() && date_of(p).is_none())
        .take(MAX_PARTS)
    {
        if !out.contains(&part) {
            out.push(part);
        }
    }
    out
}

/// A service day written in an id: a part that is a `YYYYMMDD` date.
fn date_in(id: &str) -> Option<NaiveDate> {
    id.split(['_', '-', ':', '.', '/', ' ']).find_map(date_of)
}

fn date_of(part: &str) -> Option<NaiveDate> {
    (part.len() == 8 && part.bytes().all(|b| b.is_ascii_digit()))
        .then(|| NaiveDate::parse_from_str(part, "%Y%m%d").ok())
        .flatten()
}

/// A field's text, trimmed, where it has one.
fn given(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upstream::gtfs_static::zip_bundle;

    /// Two runs of train 1234 (Monday to Friday, and a Saturday run of another route), one of
    /// 5678 twice a day, and a trip whose id is a number itself.
    fn table() -> Timetable {
        Timetable::from_zip(&zip_bundle(&[
            ("agency.txt", "agency_id,agency_name,agency_url,agency_timezone\nA,Rail,https://example.org,Europe/Amsterdam\n"),
            ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\nS1,Ede,52.0,5.6\nS2,Utrecht,52.1,5.1\n"),
            ("routes.txt", "route_id,agency_id,route_short_name,route_long_name,route_type\nR1,A,IC,,2\nR2,A,SPR,,2\n"),
            ("calendar.txt", "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20260101,20261231\nSA,0,0,0,0,0,1,0,20260101,20261231\n"),
            ("trips.txt", "route_id,service_id,trip_id,trip_short_name\nR1,WD,t-1,1234\nR2,SA,t-2,1234\nR1,WD,t-3,5678\nR1,WD,t-4,5678\nR1,WD,999,777\n"),
            ("stop_times.txt", "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt-1,08:00:00,08:00:00,S1,1\nt-1,08:30:00,08:30:00,S2,2\nt-2,09:00:00,09:00:00,S1,1\nt-2,09:30:00,09:30:00,S2,2\nt-3,10:00:00,10:00:00,S1,10\nt-3,10:30:00,10:30:00,S2,20\nt-4,12:00:00,12:00:00,S1,1\nt-4,12:30:00,12:30:00,S2,2\n999,07:00:00,07:00:00,S1,1\n999,07:30:00,07:30:00,S2,2\n"),
        ]))
        .unwrap()
    }

    fn trip(id: &str, date: Option<&str>, start: Option<&str>) -> TripDescriptor {
        TripDescriptor {
            trip_id: Some(id.into()),
            start_date: date.map(String::from),
            start_time: start.map(String::from),
            ..TripDescriptor::default()
        }
    }

    #[test]
    fn a_realtime_trip_is_found_by_its_number_on_its_day() {
        let table = table();
        // Tuesday 24 November 2026, 08:00 in Amsterdam.
        let now: DateTime<Utc> = "2026-11-24T07:00:00Z".parse().unwrap();
        let m = Matcher::new(
            Some(&table),
            TripMatch::Auto,
            chrono_tz::Europe::Amsterdam,
            now,
        );
        let found = |t: TripDescriptor| m.find(&t).unwrap();
        assert_eq!(found(trip("t-1", None, None)), ("t-1".into(), Found::ById));
        assert_eq!(
            found(trip("1234_20261124", None, None)),
            ("t-1".into(), Found::ByNumber),
            "the number and the day in the id; the weekday run"
        );
        assert_eq!(
            found(trip("1234_20261128", None, None)),
            ("t-2".into(), Found::ByNumber),
            "the Saturday run on a Saturday"
        );
        assert_eq!(
            found(trip("1234", Some("20261124"), None)),
            ("t-1".into(), Found::ByNumber)
        );
        assert_eq!(
            found(trip("5678_20261124", None, None)),
            ("5678_20261124".into(), Found::Unmatched),
            "two runs of 5678 that day: no guess"
        );
        assert_eq!(
            found(trip("5678_20261124", None, Some("12:00:00"))),
            ("t-4".into(), Found::ByNumber),
            "the start time tells them apart"
        );
        assert_eq!(
            found(trip("4321_20261124", None, None)),
            ("4321_20261124".into(), Found::Unmatched)
        );
        assert_eq!(found(trip("999", None, None)), ("999".into(), Found::ById));
        let by_id = Matcher::new(
            Some(&table),
            TripMatch::Id,
            chrono_tz::Europe::Amsterdam,
            now,
        );
        assert_eq!(
            by_id.find(&trip("1234_20261124", None, None)).unwrap().1,
            Found::Unmatched,
            "trip_match = \"id\" does not look by number"
        );
        let by_number = Matcher::new(
            Some(&table),
            TripMatch::ShortName,
            chrono_tz::Europe::Amsterdam,
            now,
        );
        assert_eq!(
            by_number.find(&trip("777", None, None)).unwrap(),
            ("999".into(), Found::ByNumber),
            "trip_match = \"short_name\" reads even a known id as a number"
        );
        assert!(m.find(&trip("  ", None, None)).is_none());
    }

    #[test]
    fn a_stop_is_found_by_its_sequence() {
        let table = table();
        assert_eq!(table.stop_at_sequence("t-1", 2), Some("S2"));
        assert_eq!(
            table.stop_at_sequence("t-3", 20),
            Some("S2"),
            "10, 20: not one by one"
        );
        assert_eq!(table.stop_at_sequence("t-3", 10), Some("S1"));
        assert_eq!(table.stop_at_sequence("t-3", 11), None);
        assert_eq!(table.stop_at_sequence("t-1", 0), None);
        assert_eq!(table.stop_at_sequence("t-1", 3), None);
        assert_eq!(table.trip_agency("t-1"), Some("A"));
    }

    #[test]
    fn counts_say_how_trips_were_joined() {
        let mut c = JoinCount::default();
        for f in [
            Found::ById,
            Found::ByNumber,
            Found::ByNumber,
            Found::Unmatched,
        ] {
            c.add(f);
        }
        assert_eq!(
            c.describe(),
            "4 realtime trips: 1 by id, 2 by train number, 1 not in the timetable"
        );
    }
}
