//! The offline simulator: trains that run along real lines between real stations, with drifting
//! delays, cancellations, platforms and gaps in GPS coverage. Deterministic for a given seed and
//! clock: the same `--seed` and `RAILTOP_NOW` give the same answer, byte for byte.

mod journey;
pub mod network;
mod trips;
pub mod walk;

use super::{
    DeparturesQuery, LiveSource, OpenError, RealtimeQuery, SourceError, SourceFuture, SourceInfo,
    SourceResult,
};
use chrono::{DateTime, Duration, Utc};
use network::Network;
use railtop_core::clock::{rfc3339, Clock};
use railtop_core::country;
use railtop_core::model::{
    status, Departure, DeparturesResponse, JourneyResponse, Kind, RealtimeResponse, StationInfo,
    Train,
};
use std::collections::HashMap;
use std::sync::Mutex;
use trips::{trips_between, Knobs, Progress, Trip, TripKey};

/// The countries the demo network covers (`assets/demo/lines.txt`).
pub const SIMULATED_COUNTRIES: [&str; 9] = [
    "finland",
    "ireland",
    "germany",
    "switzerland",
    "belgium",
    "norway",
    "united-states",
    "italy",
    "spain",
];

pub(crate) const ATTRIBUTION: &str =
    "DEMO: simulated trains on real lines (railtop's simulator), not real data";

/// Trains stay listed this long after reaching their terminus.
const ARRIVED_LISTED_MIN: i64 = 10;
/// Trains are listed as `scheduled` this long before they leave.
const SCHEDULED_LISTED_MIN: i64 = 30;
/// The furthest ahead a board looks.
const BOARD_HORIZON_MIN: i64 = 8 * 60;
/// A run that leaves its origin later than this has no prediction yet: it shows as planned
/// (delay 0, no delay message), as a real feed's would; a board eight hours long does not
/// forecast +40 min for an evening train.
const PREDICTED_WITHIN_MIN: i64 = 60;
/// Longest delay the walk allows, so trains that started long ago are still found.
const MAX_DELAY_MIN: i64 = 75;

#[derive(Debug, Clone, Copy)]
struct WalkMemo {
    steps: u32,
    delay: i64,
    /// Unix seconds after which the trip cannot matter any more.
    expires: i64,
}

pub struct DemoSource {
    net: Network,
    knobs: Knobs,
    clock: Clock,
    /// Where each trip's delay walk has got to: lets a query advance each walk by the few steps
    /// since the last one. Only a speed-up: the walk is a pure function of (seed, trip, step).
    memo: Mutex<HashMap<TripKey, WalkMemo>>,
}

impl DemoSource {
    /// `scale` multiplies the trains (1 = the real timetable's frequency).
    pub fn new(seed: u64, scale: u32, clock: Clock) -> Result<DemoSource, OpenError> {
        Ok(DemoSource {
            net: Network::embedded()?,
            knobs: Knobs {
                seed,
                scale: scale.max(1),
            },
            clock,
            memo: Mutex::new(HashMap::new()),
        })
    }

    pub fn live_countries(&self) -> Vec<String> {
        self.net
            .countries
            .iter()
            .map(|c| c.country.slug.to_string())
            .collect()
    }

    /// The realtime answer as of `now`.
    pub fn realtime_at(
        &self,
        query: &RealtimeQuery,
        now: DateTime<Utc>,
    ) -> SourceResult<RealtimeResponse> {
        let countries: Vec<usize> = match query.country.as_deref() {
            None => (0..self.net.countries.len()).collect(),
            Some(slug) => vec![self.country_index(slug)?],
        };
        let stop = match query.stop.as_deref() {
            None => None,
            Some(code) => Some(self.station(code, query.country.as_deref())?),
        };
        let mut trains = Vec::new();
        let mut memo = self.memo.lock().unwrap_or_else(|p| p.into_inner());
        memo.retain(|_, m| m.expires > now.timestamp());
        let mut trips = Vec::new();
        for ci in countries {
            let net = &self.net.countries[ci];
            for li in 0..net.lines.len() {
                let line = &net.lines[li];
                if let Some((sci, si)) = stop {
                    if sci != ci || !line.stops.iter().any(|s| s.station == si) {
                        continue;
                    }
                }
                // Trips that may still be listed: running late, or leaving soon.
                let before = i64::from(line.run_min()) + MAX_DELAY_MIN + ARRIVED_LISTED_MIN;
                self.line_trips((ci, li), now, (before, SCHEDULED_LISTED_MIN), &mut trips);
                trains.extend(
                    trips
                        .iter()
                        .filter_map(|t| self.train(t, now, &mut memo, false)),
                );
            }
        }
        drop(memo);
        let mut answer = RealtimeResponse::new(trains, self.live_countries(), rfc3339(now));
        answer.attribution = Some(ATTRIBUTION.into());
        answer.simulated = true;
        Ok(answer)
    }

    /// The departure (or arrival) board of a station as of `now`.
    pub fn departures_at(
        &self,
        query: &DeparturesQuery,
        now: DateTime<Utc>,
    ) -> SourceResult<DeparturesResponse> {
        let (ci, si) = self.station(&query.station, None)?;
        let arrivals = query.kind == Kind::Arrivals;
        let net = &self.net.countries[ci];
        let station = &net.stations[si];
        let tz = net
            .lines
            .iter()
            .find(|l| l.stops.iter().any(|s| s.station == si))
            .map_or(net.country.tz, |l| l.tz);
        let mut rows: Vec<(DateTime<Utc>, String, Departure)> = Vec::new();
        let mut memo = self.memo.lock().unwrap_or_else(|p| p.into_inner());
        let mut trips = Vec::new();
        for (li, line) in net.lines.iter().enumerate() {
            if !line.stops.iter().any(|s| s.station == si) {
                continue;
            }
            let before = i64::from(line.run_min()) + MAX_DELAY_MIN;
            self.line_trips((ci, li), now, (before, BOARD_HORIZON_MIN), &mut trips);
            for trip in &trips {
                // Every call at this station except at the terminus, where nothing departs (on
                // arrivals: except at the origin, where nothing arrives).
                let calls = match arrivals {
                    false => 0..trip.stop_count() - 1,
                    true => 1..trip.stop_count(),
                };
                let Some(i) = calls.into_iter().find(|&i| trip.stop(i).0 == si) else {
                    continue;
                };
                let sched = trip.start + Duration::minutes(i64::from(trip.stop(i).1));
                if sched > now + Duration::minutes(BOARD_HORIZON_MIN) {
                    continue;
                }
                // A trip cut short: no call past its last stop today.
                let cut = trip.cut_short_at();
                let lost_here = cut.is_some_and(|k| if arrivals { i > k } else { i >= k });
                let cancelled = trip.is_cancelled() || lost_here;
                let predicted = trip.start - now <= Duration::minutes(PREDICTED_WITHIN_MIN);
                let delay = (!cancelled && trip.has_realtime()).then(|| {
                    if predicted {
                        self.delay(trip, now, &mut memo)
                    } else {
                        0
                    }
                });
                let expected = sched + Duration::minutes(delay.unwrap_or(0));
                if expected < now {
                    continue; // departed
                }
                let (platform, planned) = trip.platform(i);
                let local = |t: DateTime<Utc>| t.with_timezone(&tz).format("%H:%M").to_string();
                let code = trip.code();
                // On arrivals the row's far end is the origin, and its via the stops before.
                let (destination, via) = if arrivals {
                    let origin = trip.origin().to_string();
                    let before = (1..i).map(|k| trip.station_name(k).to_string());
                    (origin, railtop_core::model::via_list(before, ""))
                } else {
                    let destination = trip.destination().to_string();
                    let after =
                        (i + 1..trip.stop_count()).map(|k| trip.station_name(k).to_string());
                    let via = railtop_core::model::via_list(after, &destination);
                    (destination, via)
                };
                let mut messages = demo_messages(
                    trip,
                    query.kind,
                    cancelled,
                    delay,
                    &platform,
                    planned.as_deref(),
                );
                if let Some(k) = cut {
                    let end = trip.station_name(k);
                    let message = if lost_here {
                        format!("Does not run beyond {end} today (simulated works)")
                    } else if !arrivals {
                        let skipped: Vec<&str> = (k + 1..trip.stop_count())
                            .map(|s| trip.station_name(s))
                            .collect();
                        format!(
                            "Ends at {end} today: not calling at {} (simulated works)",
                            skipped.join(", ")
                        )
                    } else {
                        String::new()
                    };
                    if !message.is_empty() {
                        // The cut is the story: not a whole-run cancel reason beside it.
                        messages.retain(|m| !m.starts_with("Cancelled today"));
                        messages.insert(0, message);
                    }
                }
                rows.push((
                    sched,
                    code.clone(),
                    Departure {
                        line: line.label.clone(),
                        destination,
                        platform: Some(platform),
                        scheduled_dep: local(sched),
                        delay,
                        cancelled,
                        operator: Some(line.operator.clone()),
                        expected_dep: delay.map(|_| local(expected)),
                        train_code: Some(code),
                        planned_platform: planned,
                        via,
                        messages,
                        train_id: Some(trip.id()),
                        ..Default::default()
                    },
                ));
            }
        }
        drop(memo);
        rows.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        rows.truncate(query.limit);
        let mut answer = DeparturesResponse {
            departures: rows.into_iter().map(|r| r.2).collect(),
            station: StationInfo {
                code: station.code.clone(),
                name: station.name.clone(),
                country: Some(net.country.slug.to_string()),
                timezone: Some(tz.name().to_string()),
            },
            fetched_at: rfc3339(now),
            attribution: Some(ATTRIBUTION.into()),
            simulated: true,
            kind: query.kind,
            stations: Vec::new(),
            ..DeparturesResponse::default()
        };
        answer.mark_timing(false);
        Ok(answer)
    }

    /// Replaces `out` with the trips of line `li` of country `ci` that leave their origin
    /// between `minutes.0` before and `minutes.1` after `now`.
    fn line_trips<'s>(
        &'s self,
        (ci, li): (usize, usize),
        now: DateTime<Utc>,
        minutes: (i64, i64),
        out: &mut Vec<Trip<'s>>,
    ) {
        out.clear();
        let window = (
            now - Duration::minutes(minutes.0),
            now + Duration::minutes(minutes.1),
        );
        let net = &self.net.countries[ci];
        trips_between(net, (ci as u16, li as u16), self.knobs, window, out);
    }

    fn country_index(&self, slug: &str) -> SourceResult<usize> {
        if let Some((ci, _)) = self.net.country(slug) {
            return Ok(ci);
        }
        Err(SourceError::NotFound(match country::by_slug(slug) {
            Some(c) => format!(
                "the demo source does not simulate {}; it has: {}",
                c.name,
                self.live_countries().join(", ")
            ),
            None => country::unknown(slug, &[]),
        }))
    }

    /// A station as a person wrote it: a code or alias, `country:code`, or a name the
    /// directory resolves to one of the network's stations; else the candidates.
    fn station(&self, asked: &str, country: Option<&str>) -> SourceResult<(usize, usize)> {
        let (country, code) = match asked.split_once(':') {
            Some((slug, rest)) if self.net.country(slug).is_some() => (Some(slug), rest),
            _ => (country, asked),
        };
        let in_country = |(ci, _): &(usize, usize)| {
            country.is_none_or(|slug| self.net.countries[*ci].country.slug == slug)
        };
        if let Some(found) = self.net.find_station(code).filter(in_country) {
            return Ok(found);
        }
        use railtop_core::stations::Resolved;
        let directory = railtop_core::stations::current();
        let everywhere = directory.resolve(code, country);
        // A station railtop knows in a country the demo does not simulate: say so, and where
        // its trains are, rather than "unknown".
        let elsewhere = match &everywhere {
            Resolved::One(e) if self.net.country(e.country).is_none() => Some(format!(
                "{}: the demo source does not simulate {} (--source upstream has its trains); \
                 it has {}",
                e.described(),
                e.country,
                self.live_countries().join(", "),
            )),
            _ => None,
        };
        let resolved = everywhere.only(|e| self.net.country(e.country).is_some());
        let unknown = || {
            SourceError::NotFound(elsewhere.clone().unwrap_or_else(|| {
                format!("unknown station {}", railtop_core::text::quoted(asked))
            }))
        };
        match resolved {
            Resolved::One(e) => self
                .net
                .find_station(&e.code)
                .filter(in_country)
                .ok_or_else(unknown),
            other => Err(SourceError::not_one_station(&other, asked).unwrap_or_else(unknown)),
        }
    }

    /// The trip's delay at `now`, advancing its memoised walk.
    fn delay(&self, trip: &Trip, now: DateTime<Utc>, memo: &mut HashMap<TripKey, WalkMemo>) -> i64 {
        let profile = trip.profile();
        let steps = trip.walk_steps(now);
        let expires = (trip.start
            + Duration::minutes(i64::from(trip.line.run_min()) + MAX_DELAY_MIN + 60))
        .timestamp();
        let entry = memo.entry(trip.key).or_insert(WalkMemo {
            steps: 0,
            delay: profile.initial,
            expires,
        });
        if entry.steps > steps {
            // Asked about an earlier moment than before: start the walk afresh.
            *entry = WalkMemo {
                steps: 0,
                delay: profile.initial,
                expires,
            };
        }
        entry.delay = walk::walk(trip.hash, profile, entry.steps, entry.delay, steps);
        entry.steps = steps;
        entry.delay
    }

    /// The API record of a trip at `now`, or `None` when it is not to be listed (unless
    /// `always`: a journey asked for by id).
    fn train(
        &self,
        trip: &Trip,
        now: DateTime<Utc>,
        memo: &mut HashMap<TripKey, WalkMemo>,
        always: bool,
    ) -> Option<Train> {
        let end = trip.start + Duration::minutes(i64::from(trip.line.run_min()));
        let cancelled = trip.is_cancelled();
        let unlisted_cancel =
            now < trip.start - Duration::minutes(SCHEDULED_LISTED_MIN) || now > end;
        if cancelled && unlisted_cancel && !always {
            return None;
        }
        let walked = self.delay(trip, now, memo);
        let progress = trip.progress(now, walked);
        match progress {
            _ if always => {}
            Progress::NotDeparted if trip.start - now > Duration::minutes(SCHEDULED_LISTED_MIN) => {
                return None
            }
            Progress::Arrived { minutes_ago } if minutes_ago > ARRIVED_LISTED_MIN => return None,
            _ => {}
        }
        let realtime = !cancelled && trip.has_realtime();
        let status = match progress {
            _ if cancelled => status::CANCELLED,
            Progress::NotDeparted => status::SCHEDULED,
            Progress::Arrived { .. } => status::ARRIVED,
            _ => status::RUNNING,
        };
        let position = (realtime && trip.has_gps())
            .then(|| trip.position(progress))
            .flatten();
        // The stop the list's NEXT names is the one whose platform PL shows (the terminus once
        // there), so the list and that station's board agree.
        let next_stop = progress
            .next_stop()
            .map(|i| i.min(trip.stop_count().saturating_sub(1)));
        let platform_stop = match progress {
            Progress::Arrived { .. } => Some(trip.stop_count() - 1),
            _ => next_stop,
        };
        let code = trip.code();
        let lag_s = (trip.hash % 40) as i64;
        let tz = trip.line.tz;
        Some(Train {
            id: trip.id(),
            name: format!("{code} → {}", trip.destination()),
            train_code: code,
            status: status.to_string(),
            lat: position.map(|p| round5(p.0)),
            lng: position.map(|p| round5(p.1)),
            delay: realtime.then_some(walked),
            platform: if cancelled {
                None
            } else {
                platform_stop.map(|i| trip.platform(i).0)
            },
            country: Some(trip.net.country.slug.to_string()),
            from: Some(trip.origin().to_string()),
            to: Some(trip.destination().to_string()),
            next_station: if cancelled {
                None
            } else {
                next_stop.map(|i| trip.station_name(i).to_string())
            },
            direction: Some(trip.direction().to_string()),
            scheduled_dep: Some(trip.start.with_timezone(&tz).format("%H:%M").to_string()),
            last_updated: realtime.then(|| rfc3339(now - Duration::seconds(lag_s))),
            operator: Some(trip.line.operator.clone()),
            last_seen: None,
            speed: position.and_then(|_| trip.speed_kmh(progress)),
            messages: Vec::new(),
            message_languages: Vec::new(),
            partly_cancelled: trip.cut_short_at().is_some(),
            // A line on another clock than its country's (the Pacific Surfliner's) says so.
            timezone: (tz != trip.net.country.tz).then(|| tz.name().to_string()),
        })
    }
}

/// Coordinates to about a metre: enough for a map, and shorter JSON.
fn round5(x: f64) -> f64 {
    (x * 1e5).round() / 1e5
}

impl LiveSource for DemoSource {
    fn clock(&self) -> Clock {
        self.clock
    }

    fn countries(&self) -> Option<Vec<&'static str>> {
        Some(self.net.countries.iter().map(|c| c.country.slug).collect())
    }

    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: "demo".into(),
            is_demo: true,
            attribution: ATTRIBUTION.into(),
            feeds: Vec::new(),
        }
    }

    fn realtime(&self, query: RealtimeQuery) -> SourceFuture<'_, RealtimeResponse> {
        let answer = self.realtime_at(&query, self.clock.now());
        Box::pin(std::future::ready(answer))
    }

    fn departures(&self, query: DeparturesQuery) -> SourceFuture<'_, DeparturesResponse> {
        let answer = self.departures_at(&query, self.clock.now());
        Box::pin(std::future::ready(answer))
    }

    fn journey(&self, id: String) -> SourceFuture<'_, JourneyResponse> {
        let answer = self.journey_at(&id, self.clock.now());
        Box::pin(std::future::ready(answer))
    }
}

/// The simulator's announcements, in the words a station would use (and said to be simulated).
/// Why a simulated train is cancelled, one of several kinds (as the feeds give them: a cause
/// and what it means for the traveller).
const CANCEL_REASONS: &[&str] = &[
    "Cancelled today: a technical fault with the train (simulated)",
    "Cancelled today: no driver available (simulated)",
    "Cancelled today: engineering works, replacement buses run (simulated)",
    "Cancelled today: strike action (simulated)",
];

/// Why a simulated train runs late; the delay is said beside it.
const DELAY_REASONS: &[&str] = &[
    "a signal fault",
    "waiting for a late connecting train",
    "a fault with the train",
    "a person taken ill on the train",
    "strong winds and speed restrictions",
    "more passengers than usual boarding",
];

fn demo_messages(
    trip: &Trip<'_>,
    kind: Kind,
    cancelled: bool,
    delay: Option<i64>,
    platform: &str,
    planned: Option<&str>,
) -> Vec<String> {
    let mut messages = Vec::new();
    if cancelled {
        messages.push(trip.pick(0x5ea50, CANCEL_REASONS).to_string());
    } else if let Some(d) = delay.filter(|d| *d >= 10) {
        messages.push(format!(
            "Running about {d} min late after {} (simulated)",
            trip.pick(0xde1a4, DELAY_REASONS)
        ));
    }
    if let Some(was) = planned.filter(|p| *p != platform) {
        messages.push(match kind {
            Kind::Departures => format!("Now departs from platform {platform} (was {was})"),
            Kind::Arrivals => format!("Now arrives at platform {platform} (was {was})"),
        });
    }
    messages
}

#[cfg(test)]
mod tests;
