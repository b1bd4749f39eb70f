//! A static GTFS bundle (a zip of CSV files), read for what boards and train lists need: stop
//! names (and which platforms belong to a station), route names, trip headsigns, each trip's
//! calls with their times, and the service calendar that says which trips run on a day.
//!
//! Compact, because a national bundle has tens of millions of calls: every id and name is kept
//! once in a [`pool::Pool`] and records hold `u32` indexes into it; a call is 12 bytes (stop,
//! arrival, departure) in one array ordered by trip, and a stop's departures are a 4-byte index
//! into it ordered by time: 16 bytes a call in all. Tables are found by id through sorted index
//! arrays (binary search), not hash maps. Only the routes of the feed's [`Modes`] are kept
//! ([`build`] drops the rest while it reads), and the built table is kept on disk
//! ([`snapshot`]) so a restart does not read the bundle again.

mod bounds;
mod build;
mod pool;
pub mod snapshot;

pub use build::{Progress, Stage};
use railtop_core::config::Modes;

use super::parse::ParseError;
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};
use pool::Pool;
use railtop_core::model::Kind;

/// No such thing: a call without a time, a stop without a parent.
const NONE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq)]
struct Stop {
    id: u32,
    name: u32,
    /// The station it is a platform of, or [`NONE`].
    parent: u32,
    /// NaN where the bundle gives no position.
    lat: f32,
    lon: f32,
}

impl Stop {
    /// A stop known by its id only, until `stops.txt` names and places it.
    fn unnamed(id: u32) -> Stop {
        Stop {
            id,
            name: 0,
            parent: NONE,
            lat: f32::NAN,
            lon: f32::NAN,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Route {
    id: u32,
    name: u32,
    /// Its `agency_id` (in `ids`), or [`NONE`] where `routes.txt` names none (a bundle of one
    /// agency may leave it out).
    agency: u32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct TripRow {
    id: u32,
    route: u32,
    service: u32,
    headsign: u32,
    short_name: u32,
    /// Its calls are `calls[first_call..]` up to the next trip's.
    first_call: u32,
    /// The `stop_sequence` of its first call when the others follow one by one (`1, 2, 3…`,
    /// as nearly every bundle writes them); [`NONE`] when they do not: then each call's is in
    /// `odd_sequences`. A realtime update that names a stop by its sequence alone is read
    /// through it.
    first_sequence: u32,
}

/// The `stop_sequence` of a call of a trip whose sequences do not follow one by one.
#[derive(Debug, Clone, Copy, PartialEq)]
struct OddSequence {
    call: u32,
    sequence: u32,
}

/// One stop of a trip: seconds after the service day's midnight (past 24 h for trips that run
/// over midnight), [`NONE`] where the bundle leaves the time out.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Call {
    stop: u32,
    arrival: u32,
    departure: u32,
}

impl Call {
    /// The time a board shows: the departure, else the arrival.
    fn leaves(&self) -> u32 {
        if self.departure != NONE {
            self.departure
        } else {
            self.arrival
        }
    }

    /// The time a board of `kind` shows: on arrivals the arrival, else the departure.
    fn at(&self, kind: Kind) -> u32 {
        match kind {
            Kind::Arrivals if self.arrival != NONE => self.arrival,
            _ => self.leaves(),
        }
    }
}

/// The longest a train waits at a stop that an arrivals board looks past its window for (the
/// index is in order of leaving, and a train may arrive well before it leaves).
const MAX_DWELL_SECS: i64 = 3600;

/// A service's weekly pattern (`calendar.txt`) between two days (days from the common era);
/// `start > end` for a service made of `calendar_dates.txt` alone.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Service {
    id: u32,
    weekdays: u8,
    start: i32,
    end: i32,
}

/// A day added to (or removed from) a service.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Exception {
    service: u32,
    day: i32,
    added: bool,
}

#[derive(Debug, Default, PartialEq)]
pub struct Timetable {
    ids: Pool,
    names: Pool,
    stops: Vec<Stop>,
    stops_by_id: Vec<u32>,
    routes: Vec<Route>,
    routes_by_id: Vec<u32>,
    trips: Vec<TripRow>,
    trips_by_id: Vec<u32>,
    calls: Vec<Call>,
    /// Indexes into `calls`, by stop and then time; stop `s`'s are
    /// `by_stop[stop_first[s]..stop_first[s + 1]]`.
    by_stop: Vec<u32>,
    stop_first: Vec<u32>,
    services: Vec<Service>,
    /// By service, then day.
    exceptions: Vec<Exception>,
    /// Hashes ([`id_hash`]) of the trips and routes of the modes not kept, sorted: a realtime
    /// entity of one is no train (a bus). 8 bytes a dropped trip, not its id.
    dropped_trips: Vec<u64>,
    dropped_routes: Vec<u64>,
    /// The sequences of the trips whose `first_sequence` is [`NONE`], by call.
    odd_sequences: Vec<OddSequence>,
    /// Derived when first asked, not stored: the trips with a `trip_short_name`, by it (for
    /// realtime feeds whose trip ids are not the bundle's).
    by_short_name: std::sync::OnceLock<Vec<u32>>,
    /// Derived, not stored: the stops a person asks a board of (those that belong to no
    /// station, stations included), with their positions.
    places: Vec<railtop_core::assets::Station>,
}

/// A trip as the bundle names it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trip<'t> {
    pub route_id: &'t str,
    pub service_id: &'t str,
    pub headsign: &'t str,
    pub short_name: &'t str,
}

/// One scheduled departure from a stop.
#[derive(Debug, Clone, PartialEq)]
pub struct Scheduled {
    pub trip_id: String,
    pub stop_id: String,
    pub at: NaiveDateTime,
}

/// What a timetable holds and what it costs, for the benchmarks and the logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub stops: usize,
    pub trips: usize,
    pub calls: usize,
    /// The heap bytes of the calls and their index (the part that grows with the bundle).
    pub call_bytes: usize,
    /// Every heap byte the timetable holds, strings included.
    pub bytes: usize,
}

/// `25:10:00` → seconds (GTFS times pass midnight for trips that started the day before).
pub(crate) fn gtfs_seconds(s: &str) -> Option<u32> {
    let mut parts = s.trim().split(':');
    let h: u32 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let sec: u32 = parts.next().unwrap_or("0").parse().ok()?;
    // `then`, not `then_some`: the sum must not be computed for an hour of 4294967295.
    (m < 60 && sec < 60 && h < 48).then(|| h * 3600 + m * 60 + sec)
}

/// A broken bundle: which file, and what was wrong.
fn broken(file: &str, reason: impl ToString) -> ParseError {
    ParseError::new("gtfs", file, reason.to_string())
}

/// A stable 64-bit hash of an id (FNV-1a: the same in every build, so snapshots keep it).
pub(crate) fn id_hash(id: &[u8]) -> u64 {
    id.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `order` holds the indexes of a table sorted by their id: the one whose id is `id`.
fn find(order: &[u32], id_of: impl Fn(u32) -> u32, ids: &Pool, id: &str) -> Option<u32> {
    order
        .binary_search_by(|&i| ids.get(id_of(i)).cmp(id))
        .ok()
        .map(|p| order[p])
}

impl Timetable {
    /// A bundle in memory, its rail routes kept (tests, the fuzzer, small feeds).
    pub fn from_zip(bytes: &[u8]) -> Result<Timetable, ParseError> {
        build::build(std::io::Cursor::new(bytes), Modes::default(), &mut |_| {})
    }

    /// A bundle read from `reader` (a zip), the routes of `modes` kept, `progress` told as it
    /// goes.
    pub fn build<R: std::io::Read + std::io::Seek>(
        reader: R,
        modes: Modes,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Timetable, ParseError> {
        build::build(reader, modes, progress)
    }

    pub fn size(&self) -> Size {
        let cap = |n: usize, each: usize| n * each;
        let call_bytes = cap(self.calls.capacity(), std::mem::size_of::<Call>())
            + cap(self.by_stop.capacity(), 4);
        let dropped = cap(
            self.dropped_trips.capacity() + self.dropped_routes.capacity(),
            8,
        );
        let places: usize = self
            .places
            .iter()
            .map(|p| std::mem::size_of_val(p) + p.code.capacity() + p.name.capacity())
            .sum();
        let bytes = call_bytes
            + self.ids.bytes()
            + self.names.bytes()
            + cap(self.stops.capacity(), std::mem::size_of::<Stop>())
            + cap(self.routes.capacity(), std::mem::size_of::<Route>())
            + cap(self.trips.capacity(), std::mem::size_of::<TripRow>())
            + cap(self.services.capacity(), std::mem::size_of::<Service>())
            + cap(self.exceptions.capacity(), std::mem::size_of::<Exception>())
            + cap(
                self.stops_by_id.capacity()
                    + self.routes_by_id.capacity()
                    + self.trips_by_id.capacity()
                    + self.stop_first.capacity(),
                4,
            )
            + cap(
                self.odd_sequences.capacity(),
                std::mem::size_of::<OddSequence>(),
            )
            + self.by_short_name.get().map_or(0, |v| cap(v.capacity(), 4))
            + places
            + dropped;
        Size {
            stops: self.stops.len(),
            trips: self.trips.len(),
            calls: self.calls.len(),
            call_bytes,
            bytes,
        }
    }

    /// The places derived from the stops (after a build or a snapshot's read).
    fn derive_places(&mut self) {
        self.places = self
            .stops
            .iter()
            .filter(|s| s.parent == NONE && s.lat.is_finite() && s.lon.is_finite())
            .map(|s| railtop_core::assets::Station {
                code: self.ids.get(s.id).to_string(),
                name: self.names.get(s.name).to_string(),
                lat: degrees(s.lat),
                lng: degrees(s.lon),
                aliases: Vec::new(),
            })
            .collect();
    }

    /// Whether a realtime entity's trip (or, without one, its route) is of a mode the feed
    /// does not keep: a bus of a national bundle, no train.
    pub(crate) fn dropped(&self, trip_id: Option<&str>, route_id: Option<&str>) -> bool {
        let seen = |list: &[u64], id: &str| list.binary_search(&id_hash(id.as_bytes())).is_ok();
        match (
            trip_id.filter(|t| !t.is_empty()),
            route_id.filter(|r| !r.is_empty()),
        ) {
            (Some(t), _) if self.trip_index(t).is_some() => false,
            (Some(t), route) => {
                seen(&self.dropped_trips, t) || route.is_some_and(|r| seen(&self.dropped_routes, r))
            }
            (None, Some(r)) => seen(&self.dropped_routes, r),
            (None, None) => false,
        }
    }

    /// The stations of the bundle (see `places`), for the directory.
    pub fn places(&self) -> &[railtop_core::assets::Station] {
        &self.places
    }

    fn stop_index(&self, id: &str) -> Option<u32> {
        find(
            &self.stops_by_id,
            |i| self.stops[i as usize].id,
            &self.ids,
            id,
        )
    }

    fn trip_index(&self, id: &str) -> Option<u32> {
        find(
            &self.trips_by_id,
            |i| self.trips[i as usize].id,
            &self.ids,
            id,
        )
    }

    /// A trip's calls, in order.
    fn calls_of(&self, trip: u32) -> &[Call] {
        let t = trip as usize;
        let Some(row) = self.trips.get(t) else {
            return &[];
        };
        let end = self
            .trips
            .get(t + 1)
            .map_or(self.calls.len(), |next| next.first_call as usize);
        self.calls.get(row.first_call as usize..end).unwrap_or(&[])
    }

    /// The trip a call (by its index) belongs to.
    fn trip_of_call(&self, call: u32) -> u32 {
        let after = self.trips.partition_point(|t| t.first_call <= call);
        after.saturating_sub(1) as u32
    }

    fn stop_id(&self, stop: u32) -> &str {
        self.stops
            .get(stop as usize)
            .map_or("", |s| self.ids.get(s.id))
    }

    pub fn stop_name(&self, id: &str) -> Option<&str> {
        let s = self.stop_index(id)?;
        Some(self.names.get(self.stops[s as usize].name)).filter(|n| !n.is_empty())
    }

    pub fn trip(&self, id: &str) -> Option<Trip<'_>> {
        let row = self.trips[self.trip_index(id)? as usize];
        Some(Trip {
            route_id: self
                .routes
                .get(row.route as usize)
                .map_or("", |r| self.ids.get(r.id)),
            service_id: self
                .services
                .get(row.service as usize)
                .map_or("", |s| self.ids.get(s.id)),
            headsign: self.names.get(row.headsign),
            short_name: self.names.get(row.short_name),
        })
    }

    pub(crate) fn route_name(&self, id: &str) -> Option<&str> {
        let r = find(
            &self.routes_by_id,
            |i| self.routes[i as usize].id,
            &self.ids,
            id,
        )?;
        Some(self.names.get(self.routes[r as usize].name)).filter(|n| !n.is_empty())
    }

    /// Where a trip goes: its headsign, else its last stop's name.
    pub fn destination(&self, trip_id: &str) -> Option<String> {
        let t = self.trip_index(trip_id)?;
        let headsign = self.names.get(self.trips[t as usize].headsign);
        if !headsign.is_empty() {
            return Some(headsign.to_string());
        }
        let last = self.calls_of(t).last()?;
        self.stop_name(self.stop_id(last.stop)).map(str::to_string)
    }

    /// Whether `stop` is the last stop of the trip (an arrival there, not a departure).
    pub(crate) fn ends_at(&self, trip_id: &str, stop: &str) -> bool {
        self.trip_index(trip_id)
            .and_then(|t| self.calls_of(t).last())
            .is_some_and(|c| self.stop_id(c.stop) == stop)
    }

    /// The stops a trip calls at after `stop`, by name.
    pub(crate) fn stops_after(&self, trip_id: &str, stop: &str) -> Vec<String> {
        let Some(t) = self.trip_index(trip_id) else {
            return Vec::new();
        };
        self.calls_of(t)
            .iter()
            .skip_while(|c| self.stop_id(c.stop) != stop)
            .skip(1)
            .filter_map(|c| self.stop_name(self.stop_id(c.stop)).map(str::to_string))
            .collect()
    }

    /// A trip's stops in order, each with its timetabled departure (the arrival at the last)
    /// on the service day `day`; empty when its service does not run that day.
    pub(crate) fn trip_calls(&self, trip_id: &str, day: NaiveDate) -> Vec<(String, NaiveDateTime)> {
        let Some(t) = self.trip_index(trip_id) else {
            return Vec::new();
        };
        if !self.runs_on(self.trips[t as usize].service, day) {
            return Vec::new();
        }
        let calls = self.calls_of(t);
        calls
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let secs = if i + 1 == calls.len() && c.arrival != NONE {
                    c.arrival
                } else {
                    c.leaves()
                };
                (secs != NONE).then_some(())?;
                Some((self.stop_id(c.stop).to_string(), at_seconds(day, secs)?))
            })
            .collect()
    }

    /// Where a stop is: its own position, else its station's (a platform of one).
    pub fn place(&self, stop: &str) -> Option<(f64, f64)> {
        let s = self.stops.get(self.stop_index(stop)? as usize)?;
        let parent = self.stops.get(s.parent as usize);
        [Some(s), parent]
            .into_iter()
            .flatten()
            .find(|p| p.lat.is_finite() && p.lon.is_finite())
            .map(|p| (degrees(p.lat), degrees(p.lon)))
    }

    /// A station's stop ids: the id itself and its platforms; or every stop with that name.
    pub(crate) fn stop_ids(&self, station: &str) -> Vec<String> {
        if let Some(s) = self.stop_index(station) {
            let mut ids = vec![station.to_string()];
            ids.extend(
                self.stops
                    .iter()
                    .filter(|k| k.parent == s)
                    .map(|k| self.ids.get(k.id).to_string()),
            );
            return ids;
        }
        let wanted = station.trim();
        self.stops
            .iter()
            .filter(|s| self.names.get(s.name).eq_ignore_ascii_case(wanted))
            .map(|s| self.ids.get(s.id).to_string())
            .collect()
    }

    /// The station a stop is a platform of.
    pub(crate) fn station_of(&self, stop: &str) -> Option<&str> {
        let s = self.stops.get(self.stop_index(stop)? as usize)?;
        (s.parent != NONE).then(|| self.stop_id(s.parent))
    }

    /// The agency of a trip's route, where the bundle names one.
    pub(crate) fn trip_agency(&self, trip_id: &str) -> Option<&str> {
        let row = self.trips[self.trip_index(trip_id)? as usize];
        let route = self.routes.get(row.route as usize)?;
        (route.agency != NONE).then(|| self.ids.get(route.agency))
    }

    /// The stop of a trip's call whose `stop_sequence` is `sequence`.
    pub(crate) fn stop_at_sequence(&self, trip_id: &str, sequence: u32) -> Option<&str> {
        let t = self.trip_index(trip_id)?;
        let row = self.trips[t as usize];
        let calls = self.calls_of(t);
        let at = if row.first_sequence != NONE {
            sequence.checked_sub(row.first_sequence)? as usize
        } else {
            let first = self
                .odd_sequences
                .partition_point(|o| o.call < row.first_call);
            let end = first + calls.len();
            let odd = self.odd_sequences.get(first..end)?;
            odd.iter().position(|o| o.sequence == sequence)?
        };
        calls.get(at).map(|c| self.stop_id(c.stop))
    }

    /// The trips whose `trip_short_name` is `name` (a train number), that run on the service
    /// day `day`, each with the time its first call leaves (seconds after that day's midnight).
    pub(crate) fn trips_named(&self, name: &str, day: NaiveDate) -> Vec<(&str, Option<u32>)> {
        let order = self.by_short_name.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.trips.len() as u32)
                .filter(|&t| self.trips[t as usize].short_name != 0)
                .collect();
            order.sort_by(|&a, &b| {
                let name = |t: u32| self.names.get(self.trips[t as usize].short_name);
                name(a).cmp(name(b))
            });
            order
        });
        let name_of = |t: u32| self.names.get(self.trips[t as usize].short_name);
        let start = order.partition_point(|&t| name_of(t) < name);
        order[start..]
            .iter()
            .take_while(|&&t| name_of(t) == name)
            .filter(|&&t| self.runs_on(self.trips[t as usize].service, day))
            .map(|&t| {
                let leaves = self
                    .calls_of(t)
                    .first()
                    .map(Call::leaves)
                    .filter(|&s| s != NONE);
                (self.ids.get(self.trips[t as usize].id), leaves)
            })
            .collect()
    }

    fn runs_on(&self, service: u32, day: NaiveDate) -> bool {
        let d = day.num_days_from_ce();
        let first = self
            .exceptions
            .partition_point(|e| (e.service, e.day) < (service, d));
        if let Some(e) = self.exceptions.get(first) {
            if e.service == service && e.day == d {
                return e.added;
            }
        }
        self.services.get(service as usize).is_some_and(|s| {
            s.start <= d
                && d <= s.end
                && s.weekdays & (1 << day.weekday().num_days_from_monday()) != 0
        })
    }

    /// When a trip is scheduled to leave `stop` on the service day `day` (`None` when its
    /// service does not run that day).
    pub fn scheduled(&self, trip_id: &str, stop: &str, day: NaiveDate) -> Option<NaiveDateTime> {
        self.scheduled_as(trip_id, stop, day, Kind::Departures)
    }

    /// [`scheduled`](Self::scheduled), or on arrivals when the trip is due in at `stop`.
    pub fn scheduled_as(
        &self,
        trip_id: &str,
        stop: &str,
        day: NaiveDate,
        kind: Kind,
    ) -> Option<NaiveDateTime> {
        let t = self.trip_index(trip_id)?;
        if !self.runs_on(self.trips[t as usize].service, day) {
            return None;
        }
        let call = self
            .calls_of(t)
            .iter()
            .find(|c| c.leaves() != NONE && self.stop_id(c.stop) == stop)?;
        at_seconds(day, call.at(kind))
    }

    /// Whether a trip starts at `stop` (no arrival there).
    pub(crate) fn starts_at(&self, trip_id: &str, stop: &str) -> bool {
        self.trip_index(trip_id)
            .and_then(|t| self.calls_of(t).first())
            .is_some_and(|c| self.stop_id(c.stop) == stop)
    }

    /// Where a trip comes from: its first stop's name.
    pub(crate) fn origin(&self, trip_id: &str) -> Option<String> {
        let t = self.trip_index(trip_id)?;
        let first = self.calls_of(t).first()?;
        self.stop_name(self.stop_id(first.stop)).map(str::to_string)
    }

    /// The stops a trip calls at before `stop` (its origin left out), by name, in order.
    pub(crate) fn stops_before(&self, trip_id: &str, stop: &str) -> Vec<String> {
        let Some(t) = self.trip_index(trip_id) else {
            return Vec::new();
        };
        self.calls_of(t)
            .iter()
            .skip(1)
            .take_while(|c| self.stop_id(c.stop) != stop)
            .filter_map(|c| self.stop_name(self.stop_id(c.stop)).map(str::to_string))
            .collect()
    }

    /// Scheduled departures from `stops` between `from` and `from + hours` (station-local
    /// clock), from the services running yesterday (trips past midnight) and today.
    pub fn departures(&self, stops: &[String], from: NaiveDateTime, hours: i64) -> Vec<Scheduled> {
        self.calls(stops, from, hours, Kind::Departures)
    }

    /// [`departures`](Self::departures), or the arrivals at `stops` in that time (a trip's
    /// first call is no arrival, as its last is no departure).
    pub fn calls(
        &self,
        stops: &[String],
        from: NaiveDateTime,
        hours: i64,
        kind: Kind,
    ) -> Vec<Scheduled> {
        let Some(until) = from.checked_add_signed(chrono::Duration::hours(hours)) else {
            return Vec::new();
        };
        let today = from.date();
        let mut out = Vec::new();
        for day in [today.pred_opt(), Some(today)].into_iter().flatten() {
            let midnight = day.and_time(NaiveTime::MIN);
            let low = (from - midnight).num_seconds().max(0);
            let high = (until - midnight).num_seconds();
            if high < 0 {
                continue;
            }
            for stop in stops {
                let Some(s) = self.stop_index(stop) else {
                    continue;
                };
                let s = s as usize;
                let (Some(&a), Some(&b)) = (self.stop_first.get(s), self.stop_first.get(s + 1))
                else {
                    continue;
                };
                let index = self.by_stop.get(a as usize..b as usize).unwrap_or(&[]);
                // The index is in order of leaving; an arrival is at or before it.
                let time = |c: u32| i64::from(self.calls[c as usize].leaves());
                let start = index.partition_point(|&c| time(c) < low);
                let slack = match kind {
                    Kind::Departures => 0,
                    Kind::Arrivals => MAX_DWELL_SECS,
                };
                for &c in &index[start..] {
                    if time(c) > high.saturating_add(slack) {
                        break;
                    }
                    let call = self.calls[c as usize];
                    let at = i64::from(call.at(kind));
                    if at < low || at > high {
                        continue;
                    }
                    let t = self.trip_of_call(c);
                    let row = self.trips[t as usize];
                    // A trip's last stop is no departure, its first no arrival.
                    let end = match kind {
                        Kind::Departures => self.calls_of(t).len() as u32 + row.first_call == c + 1,
                        Kind::Arrivals => row.first_call == c,
                    };
                    if end || !self.runs_on(row.service, day) {
                        continue;
                    }
                    if let Some(at) = at_seconds(day, call.at(kind)) {
                        out.push(Scheduled {
                            trip_id: self.ids.get(row.id).to_string(),
                            stop_id: stop.clone(),
                            at,
                        });
                    }
                }
            }
        }
        out.sort_by(|a, b| (a.at, &a.trip_id).cmp(&(b.at, &b.trip_id)));
        out
    }
}

/// A position kept as `f32` (a metre's precision), given back as the bundle wrote it: to five
/// decimals (`59.44`, not `59.439998626708984`).
fn degrees(v: f32) -> f64 {
    (f64::from(v) * 1e5).round() / 1e5
}

/// `secs` after `day`'s midnight.
fn at_seconds(day: NaiveDate, secs: u32) -> Option<NaiveDateTime> {
    day.and_time(NaiveTime::MIN)
        .checked_add_signed(chrono::TimeDelta::seconds(i64::from(secs)))
}

/// A GTFS zip from (file name, CSV text) pairs: for tests and for tools that make bundles.
pub fn zip_bundle(files: &[(&str, &str)]) -> Vec<u8> {
    use std::io::Write;
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, text) in files {
            // Writing into memory cannot fail.
            let _ = zip.start_file(*name, options);
            let _ = zip.write_all(text.as_bytes());
        }
        let _ = zip.finish();
    }
    out.into_inner()
}

/// A small bundle for tests: Tallinn (a station with a platform) to Tapa, Tartu and Narva on
/// weekdays, and a weekend-only trip.
#[doc(hidden)]
pub fn sample_bundle() -> Vec<u8> {
    zip_bundle(&[
        (
            "stops.txt",
            "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n\
             TLL,Tallinn,59.440,24.737,1,\n\
             TLL-1,Tallinn,59.440,24.737,0,TLL\n\
             TPS,Tapa,59.263,25.958,0,\n\
             TAR,Tartu,58.373,26.706,0,\n\
             NRV,Narva,59.374,28.197,0,\n",
        ),
        (
            "routes.txt",
            "route_id,route_short_name,route_long_name,route_type\nR1,R,\"Tallinn - Tartu, Narva\",2\n",
        ),
        (
            "trips.txt",
            "route_id,service_id,trip_id,trip_headsign,trip_short_name\n\
             R1,WD,T1,Tartu,101\n\
             R1,WD,T2,,\n\
             R1,WE,T3,Tartu,301\n",
        ),
        (
            "stop_times.txt",
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n\
             T1,08:10:00,08:10:00,TLL-1,1\n\
             T1,09:00:00,09:01:00,TPS,2\n\
             T1,10:30:00,10:30:00,TAR,3\n\
             T2,08:20:00,08:20:00,TLL-1,1\n\
             T2,09:10:00,09:11:00,TPS,2\n\
             T2,11:30:00,11:30:00,NRV,3\n\
             T3,08:30:00,08:30:00,TLL-1,1\n\
             T3,10:50:00,10:50:00,TAR,2\n",
        ),
        (
            "calendar.txt",
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n\
             WD,1,1,1,1,1,0,0,20260101,20261231\n\
             WE,0,0,0,0,0,1,1,20260101,20261231\n",
        ),
    ])
}

#[cfg(test)]
mod tests;
