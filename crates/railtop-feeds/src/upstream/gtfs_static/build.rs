//! Reading a bundle into a [`Timetable`], streamed: each file is read a record at a time from
//! the zip (never whole in memory), in the order that lets nothing unused be held: routes (the
//! kept modes), trips (of kept routes), stop times (of kept trips), stops (those called at, and
//! their stations), the calendar (of kept services). A national bundle's buses are dropped as
//! they stream past; what remains is sorted into the compact arrays once.
//!
//! Bounds: a file inflates to at most [`MAX_FILE_BYTES`] (a zip bomb costs reading time, not
//! memory), and at most [`MAX_CALLS`] calls are kept (16 bytes each).

use super::pool::{Interner, Overflow, Pool};
use super::{
    broken, gtfs_seconds, Call, Exception, OddSequence, Route, Service, Stop, Timetable, TripRow,
    NONE,
};
use crate::upstream::parse::ParseError;
use chrono::{Datelike, NaiveDate};
use railtop_core::config::Modes;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Seek};

/// Larger files than this inside a bundle are refused: more than any national bundle's
/// `stop_times.txt` (Germany's, every bus included, inflates to about 3 GiB).
pub const MAX_FILE_BYTES: u64 = 16 << 30;
/// The most calls a timetable keeps (1 GiB of them): a rail network ten times Germany's.
pub const MAX_CALLS: usize = 64 << 20;

/// Where a build is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Routes,
    Trips,
    StopTimes,
    Stops,
    Calendar,
    Index,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Routes => "routes",
            Stage::Trips => "trips",
            Stage::StopTimes => "stop times",
            Stage::Stops => "stops",
            Stage::Calendar => "calendar",
            Stage::Index => "index",
        }
    }
}

/// How far a build is: `done` of `total` bytes of the stage's file read (the index: 0 of 1,
/// then 1 of 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub stage: Stage,
    pub done: u64,
    pub total: u64,
}

impl Progress {
    /// The share of the whole build, 0–100: the stop times are most of the work (in real
    /// bundles 80–95 % of the bytes), so they span 10–90.
    pub fn percent(&self) -> u8 {
        let within = if self.total == 0 {
            0.0
        } else {
            (self.done as f64 / self.total as f64).clamp(0.0, 1.0)
        };
        let (from, span) = match self.stage {
            Stage::Routes => (0.0, 2.0),
            Stage::Trips => (2.0, 8.0),
            Stage::StopTimes => (10.0, 80.0),
            Stage::Stops => (90.0, 3.0),
            Stage::Calendar => (93.0, 2.0),
            Stage::Index => (95.0, 5.0),
        };
        (from + span * within).round() as u8
    }
}

impl From<Overflow> for ParseError {
    fn from(_: Overflow) -> ParseError {
        broken("the bundle", "more than 4 GiB of names and ids")
    }
}

/// A stop time as read, before the calls are put in trip order.
struct Raw {
    trip: u32,
    sequence: u32,
    call: Call,
}

/// Counts the bytes read through it, for [`Progress`].
struct Counted<R> {
    inner: R,
    read: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// Reads `name` from the bundle a record at a time: `each(columns, record)`; a missing file
/// reads as none. Tells `progress` every 4 MiB.
fn each_record<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    stage: Stage,
    progress: &mut dyn FnMut(super::Progress),
    mut each: impl FnMut(&Columns, &csv::ByteRecord) -> Result<(), ParseError>,
) -> Result<bool, ParseError> {
    let file = match archive.by_name(name) {
        Ok(f) => f,
        Err(zip::result::ZipError::FileNotFound) => return Ok(false),
        Err(e) => return Err(broken(name, e)),
    };
    let total = file.size();
    if total > MAX_FILE_BYTES {
        return Err(broken(
            name,
            format!("larger than {} GiB", MAX_FILE_BYTES >> 30),
        ));
    }
    // One byte past the bound shows a size the zip lied about.
    let counted = Counted {
        inner: file.take(MAX_FILE_BYTES + 1),
        read: 0,
    };
    let bounded = super::bounds::RecordBound::new(counted);
    let mut buffered = BufReader::with_capacity(256 << 10, bounded);
    // A byte-order mark before the header (some bundles have one).
    if buffered
        .fill_buf()
        .map_err(|e| broken(name, e))?
        .starts_with(b"\xef\xbb\xbf")
    {
        buffered.consume(3);
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .buffer_capacity(256 << 10)
        .from_reader(buffered);
    let columns = Columns(
        reader
            .byte_headers()
            .map_err(|e| broken(name, e))?
            .iter()
            .enumerate()
            .map(|(i, h)| (String::from_utf8_lossy(h).into_owned(), i))
            .collect(),
    );
    // The columns railtop keeps, with their caps.
    let capped: Vec<(usize, &str, usize)> = columns
        .0
        .iter()
        .filter_map(|(name, &at)| {
            super::bounds::field_cap(name).map(|cap| (at, name.as_str(), cap))
        })
        .collect();
    let mut record = csv::ByteRecord::new();
    let mut told = 0u64;
    progress(super::Progress {
        stage,
        done: 0,
        total,
    });
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(true) => {
                for &(at, column, cap) in &capped {
                    if record.get(at).is_some_and(|v| v.len() > cap) {
                        let line = record.position().map_or(0, csv::Position::line);
                        return Err(broken(
                            name,
                            format!("line {line}: {column} is longer than {cap} bytes"),
                        ));
                    }
                }
                each(&columns, &record)?;
            }
            Ok(false) => break,
            Err(e) => return Err(broken(name, e)),
        }
        let read = reader.get_ref().get_ref().get_ref().read;
        if read > MAX_FILE_BYTES {
            return Err(broken(
                name,
                format!("larger than {} GiB", MAX_FILE_BYTES >> 30),
            ));
        }
        if read >= told + (4 << 20) {
            told = read;
            progress(super::Progress {
                stage,
                done: read.min(total),
                total,
            });
        }
    }
    progress(super::Progress {
        stage,
        done: total,
        total,
    });
    Ok(true)
}

/// Where each column of a file is.
struct Columns(HashMap<String, usize>);

impl Columns {
    fn index(&self, column: &str) -> Option<usize> {
        self.0.get(column).copied()
    }

    /// The value of `column` in `record` as text (invalid UTF-8 replaced); empty when the
    /// file has no such column.
    fn text<'r>(&self, record: &'r csv::ByteRecord, column: &str) -> std::borrow::Cow<'r, str> {
        let bytes = self
            .index(column)
            .and_then(|i| record.get(i))
            .unwrap_or(b"");
        String::from_utf8_lossy(bytes)
    }
}

fn field(record: &csv::ByteRecord, at: Option<usize>) -> &[u8] {
    at.and_then(|i| record.get(i)).unwrap_or(b"")
}

fn seconds(bytes: &[u8]) -> u32 {
    std::str::from_utf8(bytes)
        .ok()
        .and_then(gtfs_seconds)
        .unwrap_or(NONE)
}

fn day(s: &str) -> Option<i32> {
    NaiveDate::parse_from_str(s.trim(), "%Y%m%d")
        .ok()
        .map(|d| d.num_days_from_ce())
}

/// A table's rows being read: the row index of each id, the ids kept in `ids`.
#[derive(Default)]
struct Rows(HashMap<Box<str>, u32>);

impl Rows {
    fn get(&self, id: &str) -> Option<u32> {
        self.0.get(id).copied()
    }

    /// The row of `id`, added by `add` (given the id's index in `ids`) when it is new.
    fn get_or_add(
        &mut self,
        id: &str,
        ids: &mut Pool,
        add: impl FnOnce(u32) -> u32,
    ) -> Result<u32, Overflow> {
        if let Some(&row) = self.0.get(id) {
            return Ok(row);
        }
        let row = add(ids.push(id)?);
        self.0.insert(id.into(), row);
        Ok(row)
    }
}

pub(super) fn build<R: Read + Seek>(
    reader: R,
    modes: Modes,
    progress: &mut dyn FnMut(Progress),
) -> Result<Timetable, ParseError> {
    let mut archive = zip::ZipArchive::new(reader)
        .map_err(|e| broken("the bundle", format!("not a GTFS zip: {e}")))?;
    if archive.index_for_name("stops.txt").is_none() {
        return Err(broken("stops.txt", "the bundle has no stops.txt"));
    }
    let mut ids = Pool::default();
    let mut names = Interner::default();

    // Routes of the kept modes.
    let mut routes: Vec<Route> = Vec::new();
    let mut route_rows = Rows::default();
    // An agency's id is kept once, whatever the number of its routes.
    let mut agency_rows = Rows::default();
    let mut dropped_routes: Vec<u64> = Vec::new();
    each_record(
        &mut archive,
        "routes.txt",
        Stage::Routes,
        progress,
        |c, r| {
            let kind = c.text(r, "route_type").trim().parse::<u16>().ok();
            if !modes.keeps(kind) {
                dropped_routes.push(super::id_hash(c.text(r, "route_id").as_bytes()));
                return Ok(());
            }
            let short = c.text(r, "route_short_name");
            let name = if short.is_empty() {
                c.text(r, "route_long_name")
            } else {
                short
            };
            let name = names.intern(&name)?;
            let agency = match c.text(r, "agency_id") {
                a if a.trim().is_empty() => NONE,
                a => agency_rows.get_or_add(a.trim(), &mut ids, |id| id)?,
            };
            let id = c.text(r, "route_id");
            let at = routes.len() as u32;
            route_rows.get_or_add(&id, &mut ids, |id| {
                routes.push(Route { id, name, agency });
                at
            })?;
            Ok(())
        },
    )?;

    // Trips of kept routes, and the services they run on.
    let mut trips: Vec<TripRow> = Vec::new();
    let mut trip_rows = Rows::default();
    let mut services: Vec<Service> = Vec::new();
    let mut service_rows = Rows::default();
    let mut dropped_trips: Vec<u64> = Vec::new();
    dropped_routes.sort_unstable();
    each_record(&mut archive, "trips.txt", Stage::Trips, progress, |c, r| {
        let Some(route) = route_rows.get(&c.text(r, "route_id")) else {
            let route = super::id_hash(c.text(r, "route_id").as_bytes());
            if dropped_routes.binary_search(&route).is_ok() {
                dropped_trips.push(super::id_hash(c.text(r, "trip_id").as_bytes()));
            }
            return Ok(());
        };
        let id = c.text(r, "trip_id");
        if id.is_empty() || trip_rows.get(&id).is_some() {
            return Ok(());
        }
        let at = services.len() as u32;
        let service = service_rows.get_or_add(&c.text(r, "service_id"), &mut ids, |id| {
            services.push(Service {
                id,
                weekdays: 0,
                start: 1,
                end: 0,
            });
            at
        })?;
        let headsign = names.intern(&c.text(r, "trip_headsign"))?;
        // A train number is a trip's own: kept, not looked up among the others.
        let short_name = match c.text(r, "trip_short_name") {
            n if n.is_empty() => 0,
            n => names.pool.push(&n)?,
        };
        let at = trips.len() as u32;
        trip_rows.get_or_add(&id, &mut ids, |id| {
            trips.push(TripRow {
                id,
                route,
                service,
                headsign,
                short_name,
                first_call: 0,
                first_sequence: NONE,
            });
            at
        })?;
        Ok(())
    })?;
    drop(route_rows);
    drop(agency_rows);

    // Stop times of kept trips; the stops they call at.
    let mut raw: Vec<Raw> = Vec::new();
    let mut stops: Vec<Stop> = Vec::new();
    let mut stop_rows = Rows::default();
    let mut last_trip: (Vec<u8>, Option<u32>) = (Vec::new(), None);
    let mut columns_at: Option<[Option<usize>; 5]> = None;
    each_record(
        &mut archive,
        "stop_times.txt",
        Stage::StopTimes,
        progress,
        |c, r| {
            let [trip_at, stop_at, sequence_at, arrival_at, departure_at] = *columns_at
                .get_or_insert_with(|| {
                    [
                        "trip_id",
                        "stop_id",
                        "stop_sequence",
                        "arrival_time",
                        "departure_time",
                    ]
                    .map(|n| c.index(n))
                });
            let trip_id = field(r, trip_at);
            // Stop times come a trip at a time: one look-up a trip, not one a row.
            if trip_id != last_trip.0.as_slice() {
                last_trip.0.clear();
                last_trip.0.extend_from_slice(trip_id);
                last_trip.1 = std::str::from_utf8(trip_id)
                    .ok()
                    .and_then(|t| trip_rows.get(t));
            }
            let Some(trip) = last_trip.1 else {
                return Ok(());
            };
            if raw.len() >= MAX_CALLS {
                return Err(broken(
                    "stop_times.txt",
                    format!("more than {MAX_CALLS} calls of the kept routes"),
                ));
            }
            let stop_id = String::from_utf8_lossy(field(r, stop_at));
            let at = stops.len() as u32;
            let stop = stop_rows.get_or_add(&stop_id, &mut ids, |id| {
                stops.push(Stop::unnamed(id));
                at
            })?;
            let sequence = std::str::from_utf8(field(r, sequence_at))
                .ok()
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(0);
            raw.push(Raw {
                trip,
                sequence,
                call: Call {
                    stop,
                    arrival: seconds(field(r, arrival_at)),
                    departure: seconds(field(r, departure_at)),
                },
            });
            Ok(())
        },
    )?;
    drop(trip_rows);

    // The calls in trip order: `raw` (20 bytes a call) becomes `calls` (12). Sorted backwards
    // and taken from the end, `raw` shrinks as `calls` grows, so the two never hold every
    // call at once (the peak is `raw`'s 20 bytes a call, not 32).
    raw.sort_unstable_by_key(|c| std::cmp::Reverse((c.trip, c.sequence)));
    let mut calls: Vec<Call> = Vec::new();
    let mut trip_calls = vec![0u32; trips.len()];
    let mut taken = 0usize;
    // Each trip's first sequence and whether the rest have followed it one by one so far; a
    // trip that breaks the run has its calls' sequences kept in `odd` (those before the break
    // were `first + i`).
    let mut firsts: Vec<(u32, bool)> = vec![(0, true); trips.len()];
    let mut odd: Vec<OddSequence> = Vec::new();
    while let Some(c) = raw.pop() {
        let call = calls.len() as u32;
        if let (Some(n), Some(first)) = (
            trip_calls.get_mut(c.trip as usize),
            firsts.get_mut(c.trip as usize),
        ) {
            let i = *n;
            if i == 0 {
                *first = (c.sequence, true);
            } else if first.1 && first.0.checked_add(i) != Some(c.sequence) {
                first.1 = false;
                odd.extend((0..i).map(|k| OddSequence {
                    call: call - i + k,
                    sequence: first.0 + k,
                }));
            }
            if !first.1 {
                odd.push(OddSequence {
                    call,
                    sequence: c.sequence,
                });
            }
            *n += 1;
        }
        calls.push(c.call);
        taken += 1;
        if taken.is_multiple_of(1 << 20) {
            raw.shrink_to_fit();
        }
    }
    drop(raw);
    calls.shrink_to_fit();
    let mut first = 0u32;
    for ((trip, n), (sequence, follows)) in trips.iter_mut().zip(trip_calls).zip(firsts) {
        trip.first_call = first;
        trip.first_sequence = if follows { sequence } else { NONE };
        first += n;
    }
    odd.shrink_to_fit();

    // Stops: the ones called at and the stations they belong to (two reads: a station's row
    // may come before its platforms').
    let mut parents: HashMap<Box<str>, ()> = HashMap::new();
    each_record(&mut archive, "stops.txt", Stage::Stops, progress, |c, r| {
        if stop_rows.get(&c.text(r, "stop_id")).is_some() {
            let parent = c.text(r, "parent_station");
            if !parent.is_empty() {
                parents.insert(parent.as_ref().into(), ());
            }
        }
        Ok(())
    })?;
    for parent in parents.keys() {
        let at = stops.len() as u32;
        stop_rows.get_or_add(parent, &mut ids, |id| {
            stops.push(Stop::unnamed(id));
            at
        })?;
    }
    drop(parents);
    let mut parent_of: Vec<(u32, Box<str>)> = Vec::new();
    each_record(&mut archive, "stops.txt", Stage::Stops, progress, |c, r| {
        let Some(s) = stop_rows.get(&c.text(r, "stop_id")) else {
            return Ok(());
        };
        let number = |column: &str| {
            c.text(r, column)
                .trim()
                .parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
        };
        let stop = &mut stops[s as usize];
        stop.name = names.intern(&c.text(r, "stop_name"))?;
        if let (Some(lat), Some(lon)) = (number("stop_lat"), number("stop_lon")) {
            if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon) {
                (stop.lat, stop.lon) = (lat, lon);
            }
        }
        let parent = c.text(r, "parent_station");
        if !parent.is_empty() {
            parent_of.push((s, parent.as_ref().into()));
        }
        Ok(())
    })?;
    for (s, parent) in parent_of {
        if let Some(p) = stop_rows.get(&parent).filter(|&p| p != s) {
            stops[s as usize].parent = p;
        }
    }
    drop(stop_rows);

    // The calendar of the kept services.
    let mut exceptions: Vec<Exception> = Vec::new();
    each_record(
        &mut archive,
        "calendar.txt",
        Stage::Calendar,
        progress,
        |c, r| {
            let Some(s) = service_rows.get(&c.text(r, "service_id")) else {
                return Ok(());
            };
            let (Some(start), Some(end)) =
                (day(&c.text(r, "start_date")), day(&c.text(r, "end_date")))
            else {
                return Ok(());
            };
            let mut weekdays = 0u8;
            for (i, d) in [
                "monday",
                "tuesday",
                "wednesday",
                "thursday",
                "friday",
                "saturday",
                "sunday",
            ]
            .iter()
            .enumerate()
            {
                if c.text(r, d).trim() == "1" {
                    weekdays |= 1 << i;
                }
            }
            services[s as usize] = Service {
                id: services[s as usize].id,
                weekdays,
                start,
                end,
            };
            Ok(())
        },
    )?;
    each_record(
        &mut archive,
        "calendar_dates.txt",
        Stage::Calendar,
        progress,
        |c, r| {
            let Some(service) = service_rows.get(&c.text(r, "service_id")) else {
                return Ok(());
            };
            if let Some(day) = day(&c.text(r, "date")) {
                exceptions.push(Exception {
                    service,
                    day,
                    added: c.text(r, "exception_type").trim() == "1",
                });
            }
            Ok(())
        },
    )?;
    drop(service_rows);
    // The first entry for a day wins, as a map's first insert would not: keep the last, as
    // the reader before this one did.
    exceptions.sort_by_key(|e| (e.service, e.day));
    exceptions.dedup_by(|later, earlier| {
        let same = (later.service, later.day) == (earlier.service, earlier.day);
        if same {
            earlier.added = later.added;
        }
        same
    });

    progress(Progress {
        stage: Stage::Index,
        done: 0,
        total: 1,
    });
    let mut names = names.pool;
    names.shrink();
    ids.shrink();
    let mut table = Timetable {
        ids,
        names,
        stops,
        routes,
        trips,
        calls,
        services,
        exceptions,
        dropped_trips,
        dropped_routes,
        odd_sequences: odd,
        ..Timetable::default()
    };
    table.index();
    progress(Progress {
        stage: Stage::Index,
        done: 1,
        total: 1,
    });
    Ok(table)
}

impl Timetable {
    /// The look-up arrays and the places, from the tables (after a build; a snapshot stores
    /// the arrays and derives the places only).
    fn index(&mut self) {
        self.dropped_trips.sort_unstable();
        self.dropped_trips.dedup();
        self.dropped_trips.shrink_to_fit();
        self.dropped_routes.dedup();
        self.dropped_routes.shrink_to_fit();
        // A stop's calls with a time, in time order (a counting sort by stop first).
        let mut first = vec![0u32; self.stops.len() + 1];
        for c in &self.calls {
            if c.leaves() != NONE {
                first[c.stop as usize + 1] += 1;
            }
        }
        for s in 1..first.len() {
            first[s] += first[s - 1];
        }
        let mut by_stop = vec![0u32; first.last().copied().unwrap_or(0) as usize];
        let mut fill = first.clone();
        for (i, c) in self.calls.iter().enumerate() {
            if c.leaves() != NONE {
                let at = &mut fill[c.stop as usize];
                by_stop[*at as usize] = i as u32;
                *at += 1;
            }
        }
        drop(fill);
        for s in 0..self.stops.len() {
            let calls = &self.calls;
            by_stop[first[s] as usize..first[s + 1] as usize]
                .sort_unstable_by_key(|&c| calls[c as usize].leaves());
        }
        self.by_stop = by_stop;
        self.stop_first = first;
        let ids = &self.ids;
        let order = |n: usize, id: &dyn Fn(usize) -> u32| {
            let mut order: Vec<u32> = (0..n as u32).collect();
            order.sort_unstable_by(|&a, &b| ids.get(id(a as usize)).cmp(ids.get(id(b as usize))));
            order
        };
        self.stops_by_id = order(self.stops.len(), &|i| self.stops[i].id);
        self.routes_by_id = order(self.routes.len(), &|i| self.routes[i].id);
        self.trips_by_id = order(self.trips.len(), &|i| self.trips[i].id);
        self.derive_places();
    }
}
