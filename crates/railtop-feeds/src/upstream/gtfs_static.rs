//! A static GTFS bundle (a zip of CSV files), read for what boards and train lists need: stop
//! names (and which platforms belong to a station), route names, trip headsigns, each stop's
//! scheduled departures, and the service calendar that says which trips run on a day.

use super::parse::ParseError;
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};
use std::collections::HashMap;
use std::io::Read;

/// Larger files than this inside a bundle are refused (a zip bomb costs nothing then).
const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Debug, Default)]
pub struct Timetable {
    stop_names: HashMap<String, String>,
    /// The places a person asks a board of: stations (`location_type` 1) and stops that belong
    /// to none, with their positions, in the file's order.
    places: Vec<crate::assets::Station>,
    /// A station's platforms (`parent_station`).
    children: HashMap<String, Vec<String>>,
    routes: HashMap<String, String>,
    trips: HashMap<String, Trip>,
    /// Per stop: (seconds after the service day's midnight, may pass 24 h; trip id), in order.
    calls: HashMap<String, Vec<(u32, String)>>,
    /// Per trip: its stops in order (for the destination when a trip has no headsign).
    trip_stops: HashMap<String, Vec<String>>,
    services: HashMap<String, Service>,
    /// (service, date) → added (true) or removed (false).
    exceptions: HashMap<(String, NaiveDate), bool>,
}

#[derive(Debug, Clone, Default)]
pub struct Trip {
    pub route_id: String,
    pub service_id: String,
    pub headsign: String,
    pub short_name: String,
}

#[derive(Debug, Clone)]
struct Service {
    weekdays: [bool; 7],
    start: NaiveDate,
    end: NaiveDate,
}

/// One scheduled departure from a stop.
#[derive(Debug, Clone, PartialEq)]
pub struct Scheduled {
    pub trip_id: String,
    pub stop_id: String,
    pub at: NaiveDateTime,
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

fn date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.trim(), "%Y%m%d").ok()
}

/// One CSV file of the bundle: its records and where each column is.
#[derive(Default)]
struct Csv {
    columns: HashMap<String, usize>,
    records: Vec<csv::StringRecord>,
}

impl Csv {
    /// The value of `column` in `record`; empty when the file has no such column.
    fn get<'r>(&self, record: &'r csv::StringRecord, column: &str) -> &'r str {
        self.columns
            .get(column)
            .and_then(|i| record.get(*i))
            .unwrap_or("")
    }
}

/// A broken bundle: which file, and what was wrong.
fn broken(file: &str, reason: impl ToString) -> ParseError {
    ParseError::new("gtfs", file, reason.to_string())
}

/// Reads one file of the bundle; a missing file is empty.
fn read_csv(
    archive: &mut zip::ZipArchive<std::io::Cursor<&[u8]>>,
    name: &str,
) -> Result<Csv, ParseError> {
    let file = match archive.by_name(name) {
        Ok(f) => f,
        Err(zip::result::ZipError::FileNotFound) => return Ok(Csv::default()),
        Err(e) => return Err(broken(name, e)),
    };
    if file.size() > MAX_FILE_BYTES {
        return Err(broken(
            name,
            format!("larger than {} MiB", MAX_FILE_BYTES >> 20),
        ));
    }
    let mut text = Vec::new();
    file.take(MAX_FILE_BYTES)
        .read_to_end(&mut text)
        .map_err(|e| broken(name, e))?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&text));
    let columns = reader
        .headers()
        .map_err(|e| broken(name, e))?
        .iter()
        .enumerate()
        .map(|(i, h)| (h.to_string(), i))
        .collect();
    let records = reader
        .records()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| broken(name, e))?;
    Ok(Csv { columns, records })
}

impl Timetable {
    pub fn from_zip(bytes: &[u8]) -> Result<Timetable, ParseError> {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .map_err(|e| broken("the bundle", format!("not a GTFS zip: {e}")))?;
        let mut t = Timetable::default();
        let file = read_csv(&mut archive, "stops.txt")?;
        for row in &file.records {
            let id = file.get(row, "stop_id").to_string();
            let parent = file.get(row, "parent_station");
            let kind = file.get(row, "location_type");
            let place = kind == "1" || (matches!(kind, "" | "0") && parent.is_empty());
            let number = |c: &str| file.get(row, c).trim().parse::<f64>().ok();
            if let (true, Some(lat), Some(lng)) = (place, number("stop_lat"), number("stop_lon")) {
                t.places.push(crate::assets::Station {
                    code: id.clone(),
                    name: file.get(row, "stop_name").to_string(),
                    lat,
                    lng,
                    aliases: Vec::new(),
                });
            }
            if !parent.is_empty() {
                t.children
                    .entry(parent.to_string())
                    .or_default()
                    .push(id.clone());
            }
            t.stop_names
                .insert(id, file.get(row, "stop_name").to_string());
        }
        let file = read_csv(&mut archive, "routes.txt")?;
        for row in &file.records {
            let short = file.get(row, "route_short_name");
            let name = if short.is_empty() {
                file.get(row, "route_long_name")
            } else {
                short
            };
            t.routes
                .insert(file.get(row, "route_id").to_string(), name.to_string());
        }
        let file = read_csv(&mut archive, "trips.txt")?;
        for row in &file.records {
            t.trips.insert(
                file.get(row, "trip_id").to_string(),
                Trip {
                    route_id: file.get(row, "route_id").to_string(),
                    service_id: file.get(row, "service_id").to_string(),
                    headsign: file.get(row, "trip_headsign").to_string(),
                    short_name: file.get(row, "trip_short_name").to_string(),
                },
            );
        }
        let mut stop_times: Vec<(String, u32, String, Option<u32>)> = Vec::new();
        let file = read_csv(&mut archive, "stop_times.txt")?;
        for row in &file.records {
            let sequence = file.get(row, "stop_sequence").parse().unwrap_or(0);
            let departure = gtfs_seconds(file.get(row, "departure_time"))
                .or_else(|| gtfs_seconds(file.get(row, "arrival_time")));
            stop_times.push((
                file.get(row, "trip_id").to_string(),
                sequence,
                file.get(row, "stop_id").to_string(),
                departure,
            ));
        }
        stop_times.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        for (trip, _, stop, departure) in stop_times {
            if let Some(at) = departure {
                t.calls
                    .entry(stop.clone())
                    .or_default()
                    .push((at, trip.clone()));
            }
            t.trip_stops.entry(trip).or_default().push(stop);
        }
        for calls in t.calls.values_mut() {
            calls.sort();
        }
        let file = read_csv(&mut archive, "calendar.txt")?;
        for row in &file.records {
            let day = |d: &str| file.get(row, d) == "1";
            let (Some(start), Some(end)) = (
                date(file.get(row, "start_date")),
                date(file.get(row, "end_date")),
            ) else {
                continue;
            };
            t.services.insert(
                file.get(row, "service_id").to_string(),
                Service {
                    weekdays: [
                        day("monday"),
                        day("tuesday"),
                        day("wednesday"),
                        day("thursday"),
                        day("friday"),
                        day("saturday"),
                        day("sunday"),
                    ],
                    start,
                    end,
                },
            );
        }
        let file = read_csv(&mut archive, "calendar_dates.txt")?;
        for row in &file.records {
            if let Some(d) = date(file.get(row, "date")) {
                t.exceptions.insert(
                    (file.get(row, "service_id").to_string(), d),
                    file.get(row, "exception_type") == "1",
                );
            }
        }
        if t.stop_names.is_empty() {
            return Err(broken("stops.txt", "the bundle has no stops.txt"));
        }
        Ok(t)
    }

    /// The stations of the bundle (see `places`), for the directory.
    pub fn places(&self) -> &[crate::assets::Station] {
        &self.places
    }

    pub fn stop_name(&self, id: &str) -> Option<&str> {
        self.stop_names
            .get(id)
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }

    pub fn trip(&self, id: &str) -> Option<&Trip> {
        self.trips.get(id)
    }

    pub(crate) fn route_name(&self, id: &str) -> Option<&str> {
        self.routes
            .get(id)
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }

    /// Where a trip goes: its headsign, else its last stop's name.
    pub fn destination(&self, trip_id: &str) -> Option<String> {
        let headsign = self
            .trip(trip_id)
            .map(|t| t.headsign.as_str())
            .unwrap_or("");
        if !headsign.is_empty() {
            return Some(headsign.to_string());
        }
        let last = self.trip_stops.get(trip_id)?.last()?;
        self.stop_name(last).map(str::to_string)
    }

    /// Whether `stop` is the last stop of the trip (an arrival there, not a departure).
    pub(crate) fn ends_at(&self, trip_id: &str, stop: &str) -> bool {
        self.trip_stops
            .get(trip_id)
            .and_then(|s| s.last())
            .is_some_and(|s| s == stop)
    }

    /// The stops a trip calls at after `stop`, by name.
    pub(crate) fn stops_after(&self, trip_id: &str, stop: &str) -> Vec<String> {
        let Some(stops) = self.trip_stops.get(trip_id) else {
            return Vec::new();
        };
        stops
            .iter()
            .skip_while(|s| *s != stop)
            .skip(1)
            .filter_map(|s| self.stop_name(s).map(str::to_string))
            .collect()
    }

    /// A trip's stops in order, each with its timetabled departure (the arrival at the last)
    /// on the service day `day`; empty when its service does not run that day.
    pub(crate) fn trip_calls(&self, trip_id: &str, day: NaiveDate) -> Vec<(String, NaiveDateTime)> {
        let Some(stops) = self.trip_stops.get(trip_id) else {
            return Vec::new();
        };
        stops
            .iter()
            .filter_map(|stop| Some((stop.clone(), self.scheduled(trip_id, stop, day)?)))
            .collect()
    }

    /// Where a stop is: its own position, else its station's (a platform of one).
    pub fn place(&self, stop: &str) -> Option<(f64, f64)> {
        let station = self
            .children
            .iter()
            .find(|(_, kids)| kids.iter().any(|k| k == stop))
            .map_or(stop, |(parent, _)| parent.as_str());
        [stop, station]
            .iter()
            .find_map(|id| self.places.iter().find(|p| p.code == *id))
            .map(|p| (p.lat, p.lng))
    }

    /// A station's stop ids: the id itself and its platforms; or every stop with that name.
    pub(crate) fn stop_ids(&self, station: &str) -> Vec<String> {
        if self.stop_names.contains_key(station) {
            let mut ids = vec![station.to_string()];
            ids.extend(self.children.get(station).into_iter().flatten().cloned());
            return ids;
        }
        self.stop_names
            .iter()
            .filter(|(_, name)| name.eq_ignore_ascii_case(station.trim()))
            .map(|(id, _)| id.clone())
            .collect()
    }

    fn runs_on(&self, service_id: &str, day: NaiveDate) -> bool {
        if let Some(added) = self.exceptions.get(&(service_id.to_string(), day)) {
            return *added;
        }
        self.services.get(service_id).is_some_and(|s| {
            s.start <= day
                && day <= s.end
                && s.weekdays[day.weekday().num_days_from_monday() as usize]
        })
    }

    /// When a trip is scheduled to leave `stop` on the service day `day` (`None` when its
    /// service does not run that day).
    pub fn scheduled(&self, trip_id: &str, stop: &str, day: NaiveDate) -> Option<NaiveDateTime> {
        let service = &self.trips.get(trip_id)?.service_id;
        if !self.runs_on(service, day) {
            return None;
        }
        let (secs, _) = self
            .calls
            .get(stop)?
            .iter()
            .find(|(_, trip)| trip == trip_id)?;
        day.and_time(NaiveTime::MIN)
            .checked_add_signed(chrono::TimeDelta::seconds(i64::from(*secs)))
    }

    /// Scheduled departures from `stops` between `from` and `from + hours` (station-local
    /// clock), from the services running yesterday (trips past midnight) and today.
    pub fn departures(&self, stops: &[String], from: NaiveDateTime, hours: i64) -> Vec<Scheduled> {
        let until = from + chrono::Duration::hours(hours);
        let today = from.date();
        let mut out = Vec::new();
        for day in [today - chrono::Duration::days(1), today] {
            let midnight = day.and_time(NaiveTime::MIN);
            for stop in stops {
                for (secs, trip) in self.calls.get(stop).into_iter().flatten() {
                    let at = midnight + chrono::Duration::seconds(i64::from(*secs));
                    if at < from || at > until {
                        continue;
                    }
                    let runs = self
                        .trip(trip)
                        .is_some_and(|t| self.runs_on(&t.service_id, day));
                    // The last stop of a trip is an arrival, not a departure.
                    let last = self.ends_at(trip, stop);
                    if runs && !last {
                        out.push(Scheduled {
                            trip_id: trip.clone(),
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
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn names_stations_with_platforms_and_the_calendar() {
        let t = Timetable::from_zip(&sample_bundle()).unwrap();
        assert_eq!(t.stop_name("TPS"), Some("Tapa"));
        assert_eq!(t.route_name("R1"), Some("R"));
        let mut ids = t.stop_ids("TLL");
        ids.sort();
        assert_eq!(ids, ["TLL", "TLL-1"], "a station and its platform");
        assert_eq!(t.stop_ids("tartu"), ["TAR"], "by name too");
        assert_eq!(
            t.destination("T2").as_deref(),
            Some("Narva"),
            "no headsign: the last stop"
        );
        assert_eq!(t.stops_after("T1", "TLL-1"), ["Tapa", "Tartu"]);
        // Tuesday: the weekday trips; the last stop of a trip is no departure.
        let tuesday = t.departures(&ids, at("2026-11-24 08:00"), 3);
        let trips: Vec<&str> = tuesday.iter().map(|s| s.trip_id.as_str()).collect();
        assert_eq!(trips, ["T1", "T2"]);
        let saturday = t.departures(&ids, at("2026-11-28 08:00"), 3);
        assert_eq!(saturday.len(), 1);
        assert!(t
            .departures(&["TAR".into()], at("2026-11-24 08:00"), 5)
            .is_empty());
    }

    #[test]
    fn times_past_midnight_and_bad_bundles() {
        assert_eq!(gtfs_seconds("25:10:00"), Some(25 * 3600 + 600));
        assert_eq!(gtfs_seconds("8:05:00"), Some(8 * 3600 + 300));
        assert_eq!(gtfs_seconds("noon"), None);
        assert_eq!(
            gtfs_seconds("4294967295:00:00"),
            None,
            "found by the fuzzer"
        );
        assert_eq!(gtfs_seconds("1193047:00:00"), None);
        assert!(Timetable::from_zip(b"not a zip").is_err());
        assert!(Timetable::from_zip(&zip_bundle(&[("routes.txt", "route_id\nX\n")])).is_err());
    }
}
