//! Trips of the demo network: when each runs, where it is, how late, and what it looks like as
//! an API record.

use super::network::{CountryNet, Line};
use super::walk::{self, Profile, STEP_MIN};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};

/// One run of a line on one service day: the unit everything random is keyed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct TripKey {
    pub country: u16,
    pub line: u16,
    /// 0: as listed in lines.txt; 1: the reverse.
    pub dir: u8,
    /// Service day, days since 0001-01-01.
    pub day: i32,
    /// Index of the run within the day.
    pub k: u32,
}

impl TripKey {
    pub fn hash(&self, seed: u64) -> u64 {
        walk::hash(&[
            seed,
            u64::from(self.country),
            u64::from(self.line),
            u64::from(self.dir),
            self.day as u64,
            u64::from(self.k),
        ])
    }
}

/// A trip with what is needed to place it in time and space.
pub struct Trip<'n> {
    pub key: TripKey,
    pub net: &'n CountryNet,
    pub line: &'n Line,
    pub date: NaiveDate,
    /// Scheduled departure from the origin.
    pub start: DateTime<Utc>,
    pub hash: u64,
    pub number: u64,
}

/// The share of trips cancelled, without realtime data, and without a position.
const CANCELLED_SHARE: f64 = 0.02;
const NO_REALTIME_SHARE: f64 = 0.03;
const NO_GPS_SHARE: f64 = 0.08;
/// Platform changes announced on boards.
const PLATFORM_CHANGE_SHARE: f64 = 0.05;
/// Trips that run only part of their way today (cut short before their terminus).
const CUT_SHORT_SHARE: f64 = 0.03;

impl<'n> Trip<'n> {
    pub(crate) fn stop_count(&self) -> usize {
        self.line.stops.len()
    }

    /// Stop `i` in travel order: station index and minutes from this trip's origin.
    pub fn stop(&self, i: usize) -> (usize, u32) {
        let stops = &self.line.stops;
        if self.key.dir == 0 {
            (stops[i].station, stops[i].at_min)
        } else {
            let s = stops[stops.len() - 1 - i];
            (s.station, self.line.run_min() - s.at_min)
        }
    }

    pub fn station_name(&self, i: usize) -> &'n str {
        &self.net.stations[self.stop(i).0].name
    }

    pub fn origin(&self) -> &'n str {
        self.station_name(0)
    }

    pub fn destination(&self) -> &'n str {
        self.station_name(self.stop_count() - 1)
    }

    pub fn code(&self) -> String {
        self.line.train_code(self.number)
    }

    fn chance(&self, salt: u64) -> f64 {
        walk::unit(walk::mix(self.hash ^ salt))
    }

    /// One of `items`, the same for this trip every time (`salt` picks independently of other
    /// choices).
    pub(crate) fn pick<'a>(&self, salt: u64, items: &'a [&'a str]) -> &'a str {
        let i = (self.chance(salt) * items.len() as f64) as usize;
        items
            .get(i.min(items.len().saturating_sub(1)))
            .copied()
            .unwrap_or("")
    }

    /// The last stop a trip cut short reaches today (the stops after it are cancelled), for a
    /// running trip of four stops or more; `None`: it runs its whole way.
    pub(crate) fn cut_short_at(&self) -> Option<usize> {
        let n = self.stop_count();
        if n < 4 || self.is_cancelled() || self.chance(0xc075) >= CUT_SHORT_SHARE {
            return None;
        }
        // One to a third of the stops before the terminus are lost.
        let lost = 1 + (self.hash as usize % (n / 3).max(1));
        Some(n - 1 - lost)
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        self.chance(0xca4ce1) < CANCELLED_SHARE
    }

    pub(crate) fn has_realtime(&self) -> bool {
        self.chance(0x4ea1) >= NO_REALTIME_SHARE
    }

    pub(crate) fn has_gps(&self) -> bool {
        self.chance(0x6b5) >= NO_GPS_SHARE
    }

    /// Steps of the delay walk taken by `now`: none before departure, frozen after arrival.
    pub(crate) fn walk_steps(&self, now: DateTime<Utc>) -> u32 {
        let elapsed = (now - self.start).num_minutes().max(0);
        let cap = (i64::from(self.line.run_min()) + 10) / STEP_MIN;
        (elapsed / STEP_MIN).min(cap) as u32
    }

    pub fn profile(&self) -> Profile {
        Profile::of(self.hash)
    }

    /// Where the trip is at `now` given its delay.
    pub fn progress(&self, now: DateTime<Utc>, delay_min: i64) -> Progress {
        let e = (now - self.start).num_seconds() - delay_min * 60;
        if e < 0 {
            return Progress::NotDeparted;
        }
        let n = self.stop_count();
        for i in 0..n {
            let (_, at) = self.stop(i);
            let dep = i64::from(at) * 60;
            let arr = if i == 0 || i == n - 1 { dep } else { dep - 60 };
            if i == n - 1 {
                return Progress::Arrived {
                    minutes_ago: (e - arr) / 60,
                };
            }
            if e <= dep {
                return Progress::AtStop(i);
            }
            let (_, next_at) = self.stop(i + 1);
            let next_dep = i64::from(next_at) * 60;
            let next_arr = if i + 1 == n - 1 {
                next_dep
            } else {
                next_dep - 60
            };
            if e < next_arr {
                let f = (e - dep) as f64 / (next_arr - dep).max(1) as f64;
                return Progress::Between(i, f);
            }
        }
        Progress::NotDeparted
    }

    pub fn position(&self, progress: Progress) -> Option<(f64, f64)> {
        let at = |i: usize| {
            let s = &self.net.stations[self.stop(i).0];
            (s.lat, s.lng)
        };
        match progress {
            Progress::NotDeparted => Some(at(0)),
            Progress::AtStop(i) => Some(at(i)),
            Progress::Between(i, f) => {
                let (a, b) = (at(i), at(i + 1));
                Some((a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f))
            }
            Progress::Arrived { .. } => Some(at(self.stop_count() - 1)),
        }
    }

    /// Average speed on the current stretch in km/h (the straight distance between the two
    /// stations over the scheduled running time); 0 standing at a station.
    pub(crate) fn speed_kmh(&self, progress: Progress) -> Option<f64> {
        match progress {
            Progress::AtStop(_) => Some(0.0),
            Progress::Between(i, _) => {
                let n = self.stop_count();
                let (a, dep) = self.stop(i);
                let (b, next_at) = self.stop(i + 1);
                // Arrival is a minute before departure, except at the terminus.
                let arr = if i + 1 == n - 1 {
                    next_at
                } else {
                    next_at.saturating_sub(1)
                };
                let minutes = f64::from(arr.saturating_sub(dep).max(1));
                let (a, b) = (&self.net.stations[a], &self.net.stations[b]);
                Some((km_between((a.lat, a.lng), (b.lat, b.lng)) * 60.0 / minutes).round())
            }
            Progress::NotDeparted | Progress::Arrived { .. } => None,
        }
    }

    /// The platform this trip uses at stop `i`: (actual, planned where it changed).
    pub fn platform(&self, i: usize) -> (String, Option<String>) {
        let station = &self.net.stations[self.stop(i).0];
        let code_hash = station
            .code
            .bytes()
            .fold(0u64, |h, b| walk::mix(h ^ u64::from(b)));
        let platforms = 2 + code_hash % 11;
        let planned =
            1 + walk::hash(&[code_hash, u64::from(self.key.line), u64::from(self.key.dir)])
                % platforms;
        if self.chance(0x91a7 ^ i as u64) < PLATFORM_CHANGE_SHARE {
            let actual = 1 + (planned % platforms);
            (actual.to_string(), Some(planned.to_string()))
        } else {
            (planned.to_string(), None)
        }
    }

    /// `Northbound`, `Eastbound` …: the main axis from origin to destination.
    pub fn direction(&self) -> &'static str {
        let a = &self.net.stations[self.stop(0).0];
        let b = &self.net.stations[self.stop(self.stop_count() - 1).0];
        let (dlat, dlng) = (b.lat - a.lat, (b.lng - a.lng) * a.lat.to_radians().cos());
        match (dlat.abs() >= dlng.abs(), dlat >= 0.0, dlng >= 0.0) {
            (true, true, _) => "Northbound",
            (true, false, _) => "Southbound",
            (false, _, true) => "Eastbound",
            (false, _, false) => "Westbound",
        }
    }

    pub fn id(&self) -> String {
        format!(
            "{}-{}-{}{}-{}",
            self.net.country.slug,
            self.date.format("%Y%m%d"),
            self.key.line,
            if self.key.dir == 0 { 'a' } else { 'b' },
            self.key.k
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Progress {
    NotDeparted,
    AtStop(usize),
    /// Between stop `i` and `i + 1`, the fraction of the way done.
    Between(usize, f64),
    Arrived {
        minutes_ago: i64,
    },
}

impl Progress {
    /// The index of the stop the train is next at, where there is one: its origin before it
    /// leaves (a DART waiting at Howth is next at Howth, not Sutton), else the stop after the
    /// one it stands at or left.
    pub fn next_stop(self) -> Option<usize> {
        match self {
            Progress::NotDeparted => Some(0),
            Progress::AtStop(i) | Progress::Between(i, _) => Some(i + 1),
            Progress::Arrived { .. } => None,
        }
    }
}

/// The simulation's knobs: its seed, and how many times the timetable's frequency it runs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Knobs {
    pub seed: u64,
    pub scale: u32,
}

/// Every trip of line `line_idx` of country `country_idx` whose origin departure lies in `[from, to]`.
pub(crate) fn trips_between<'n>(
    net: &'n CountryNet,
    (country_idx, line_idx): (u16, u16),
    knobs: Knobs,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    out: &mut Vec<Trip<'n>>,
) {
    let line = &net.lines[usize::from(line_idx)];
    let headway_s = (i64::from(line.headway_min) * 60 / i64::from(knobs.scale.max(1))).max(1);
    let span_s = i64::from(line.last_dep_min - line.first_dep_min) * 60;
    let runs = span_s / headway_s + 1;
    // Service days that can have runs in the window: a day's runs may reach past midnight.
    let first_day = from.with_timezone(&line.tz).date_naive() - Duration::days(2);
    let last_day = to.with_timezone(&line.tz).date_naive();
    let mut date = first_day;
    while date <= last_day {
        let Some(midnight) = date.and_hms_opt(0, 0, 0) else {
            break;
        };
        // Local midnight's UTC offset; the index range is widened an hour for DST days and each
        // run is checked exactly below.
        let offset = line
            .tz
            .from_local_datetime(&(midnight + Duration::hours(12)))
            .earliest()
            .map(|t| t.naive_utc() - (midnight + Duration::hours(12)))
            .unwrap_or_default();
        let base = midnight + offset + Duration::minutes(i64::from(line.first_dep_min));
        let lo = ((from.naive_utc() - base).num_seconds() - 3600).div_euclid(headway_s);
        let hi = ((to.naive_utc() - base).num_seconds() + 3600).div_euclid(headway_s) + 1;
        for k in lo.max(0)..=hi.min(runs - 1) {
            for dir in 0..2u8 {
                match run(net, (country_idx, line_idx), knobs, date, (k as u32, dir)) {
                    Some(trip) if trip.start >= from && trip.start <= to => out.push(trip),
                    _ => {}
                }
            }
        }
        date += Duration::days(1);
    }
}

/// Run `k` of line `line_idx` on service day `date` in direction `dir`, or `None` where the line
/// has no such run (past its last, or in the hour that DST skips).
pub fn run<'n>(
    net: &'n CountryNet,
    (country_idx, line_idx): (u16, u16),
    knobs: Knobs,
    date: NaiveDate,
    (k, dir): (u32, u8),
) -> Option<Trip<'n>> {
    let line = net.lines.get(usize::from(line_idx))?;
    let headway_s = (i64::from(line.headway_min) * 60 / i64::from(knobs.scale.max(1))).max(1);
    let span_s = i64::from(line.last_dep_min - line.first_dep_min) * 60;
    if i64::from(k) > span_s / headway_s || dir > 1 {
        return None;
    }
    let local = date.and_hms_opt(0, 0, 0)?
        + Duration::minutes(i64::from(line.first_dep_min))
        + Duration::seconds(i64::from(k) * headway_s);
    let start = line.tz.from_local_datetime(&local).earliest()?;
    let key = TripKey {
        country: country_idx,
        line: line_idx,
        dir,
        day: chrono::Datelike::num_days_from_ce(&date),
        k,
    };
    Some(Trip {
        key,
        net,
        line,
        date,
        start: start.with_timezone(&Utc),
        hash: key.hash(knobs.seed),
        number: u64::from(line.first_number) + 2 * u64::from(k) + u64::from(dir),
    })
}

/// The trip an id of [`Trip::id`] names: `<country>-<YYYYMMDD>-<line><a|b>-<run>`.
pub(crate) fn parse_id(id: &str) -> Option<(&str, NaiveDate, u16, u8, u32)> {
    let mut parts = id.rsplitn(4, '-');
    let k = parts.next()?.parse().ok()?;
    let line_dir = parts.next()?;
    let date = NaiveDate::parse_from_str(parts.next()?, "%Y%m%d").ok()?;
    let slug = parts.next()?;
    let dir = match line_dir.chars().last()? {
        'a' => 0,
        'b' => 1,
        _ => return None,
    };
    let line = line_dir[..line_dir.len() - 1].parse().ok()?;
    Some((slug, date, line, dir, k))
}

/// Great-circle distance in km (haversine).
fn km_between(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let (dlat, dlng) = ((b.0 - a.0).to_radians(), (b.1 - a.1).to_radians());
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().asin()
}
