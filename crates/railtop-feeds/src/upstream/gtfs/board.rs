//! A station's board from a GTFS feed, pure: the trip updates (expected times, delays, an
//! arrival's own event) over the static timetable (the plan, and the trains the updates do not
//! mention), as departures or arrivals, with the alerts about each call. [`super::GtfsFeed`]
//! fetches and calls these; the fuzzer calls them on anything.

use super::alerts::Call;
use super::join::Matcher;
use super::read::{join_states, trip_code, Joined, NOT_IN_TIMETABLE};
use super::{Alerts, Dialect};
use crate::upstream::gtfs_static::Timetable;
use crate::upstream::parse::{in_order, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm, plus_seconds};
use chrono::{DateTime, TimeZone, Utc};
use railtop_core::config::GtfsFeedConfig;
use railtop_core::model::{via_list, Departure, Kind};

/// The board of `station` (a stop id or a station name of the timetable) from the trip updates
/// and the timetable.
pub fn parse_board(
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let dialect = Dialect::STANDARD;
    parse_board_as(&dialect, station, trip_updates, table, config, now)
}

/// The arrivals of `station` as [`parse_board`] reads its departures: each from its trip's
/// origin, at its arrival time, timed by the update's arrival event where it has its own.
pub fn parse_arrivals(
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let of = (&Dialect::STANDARD, Kind::Arrivals);
    board_of(of, station, trip_updates, table, config, now)
}

/// [`parse_board`] for a feed with its own [`Dialect`].
pub fn parse_board_as(
    dialect: &Dialect,
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let of = (dialect, Kind::Departures);
    board_of(of, station, trip_updates, table, config, now)
}

fn board_of(
    (dialect, kind): (&Dialect, Kind),
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let matcher = Matcher::new(table, config.trip_match, config.timezone, now);
    let joined = match trip_updates {
        Some(bytes) => join_states(&dialect.decode(bytes, config.timezone)?, &matcher),
        None => Joined::default(),
    };
    let stops = match table {
        Some(t) => t.stop_ids(station),
        None => vec![station.to_string()],
    };
    Ok(in_order(board_rows(
        &stops,
        table,
        &joined,
        config,
        dialect,
        BoardOf {
            kind,
            ..BoardOf::default()
        },
        now,
    )))
}

/// What a board asks beyond its stops: departures or arrivals, and the alerts to put on them.
#[derive(Debug, Clone, Copy)]
pub(super) struct BoardOf<'a> {
    pub kind: Kind,
    pub alerts: &'a Alerts,
}

/// The alerts of a feed that has none.
static NO_ALERTS: Alerts = Alerts::NONE;

impl Default for BoardOf<'_> {
    fn default() -> Self {
        BoardOf {
            kind: Kind::Departures,
            alerts: &NO_ALERTS,
        }
    }
}

/// A board from the trip updates (expected times and delays) and the timetable (the plan, and
/// the trains the updates do not mention): each row with its planned time, not yet in order.
pub(super) fn board_rows(
    stops: &[String],
    table: Option<&Timetable>,
    joined: &Joined<'_>,
    config: &GtfsFeedConfig,
    dialect: &Dialect,
    of: BoardOf<'_>,
    now: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, Departure)> {
    let BoardOf { kind, alerts } = of;
    let states = &joined.states;
    let tz = config.timezone;
    let local_now = now.with_timezone(&tz).naive_local();
    let to_utc = |t: chrono::NaiveDateTime| {
        tz.from_local_datetime(&t)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    };
    let mut rows: Vec<(DateTime<Utc>, Departure)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    // Trains the updates know about at this station.
    for (trip_id, state) in states {
        if table.is_some_and(|t| t.dropped(Some(trip_id), None)) {
            continue; // a bus at a stop rail shares
        }
        let Some((stop, (time, delay, skipped))) = stops
            .iter()
            .find_map(|s| state.stops.get(s).map(|v| (s, v)))
        else {
            continue;
        };
        // An arrival is timed by the update's arrival event where it has its own.
        let (time, delay) = match (kind, state.arrivals.get(stop)) {
            (Kind::Arrivals, Some((time, delay))) => (time, delay),
            _ => (time, delay),
        };
        let end = |t: &Timetable| match kind {
            // It ends here: an arrival, no departure.
            Kind::Departures => t.ends_at(trip_id, stop),
            // It starts here: a departure, no arrival.
            Kind::Arrivals => t.starts_at(trip_id, stop),
        };
        if table.is_some_and(end) {
            continue;
        }
        let planned = table
            .and_then(|t| {
                [
                    local_now.date(),
                    local_now.date() - chrono::Duration::days(1),
                ]
                .into_iter()
                .filter_map(|day| t.scheduled_as(trip_id, stop, day, kind))
                .find(|at| (*at - local_now).num_hours().abs() < 12)
            })
            .and_then(to_utc)
            .or_else(|| {
                let time = DateTime::from_timestamp((*time)?, 0)?;
                plus_seconds(time, -i64::from(delay.unwrap_or(0)))
            });
        let Some(planned) = planned else { continue };
        let cancelled = state.canceled || *skipped;
        // The delay first: where a feed sends only the arrival (Renfe), its time is not the
        // departure's, but its delay carries over to it.
        let expected = delay
            .and_then(|d| plus_seconds(planned, i64::from(d)))
            .or_else(|| time.and_then(|t| DateTime::from_timestamp(t, 0)))
            .filter(|_| !cancelled);
        if expected.unwrap_or(planned) < now - chrono::Duration::minutes(1) {
            continue;
        }
        seen.push(trip_id);
        let mut row = as_kind(
            departure(
                trip_id, stop, planned, expected, cancelled, table, config, dialect,
            ),
            kind,
            (trip_id, stop, table),
        );
        with_alerts(&mut row, alerts, (trip_id, stop, table), joined);
        if joined.unmatched(trip_id, table) {
            row.add_message(NOT_IN_TIMETABLE, Some("en"));
        }
        rows.push((planned, row));
    }
    // The timetable's other trains, without realtime: a trip cancelled as a whole (a bare
    // cancellation, no stops listed) is cancelled here too, on its day.
    if let Some(t) = table {
        for s in t.calls(stops, local_now - chrono::Duration::minutes(1), 3, kind) {
            if seen.contains(&s.trip_id.as_str()) {
                continue;
            }
            let day = s.at.date();
            let cancelled = states.get(&s.trip_id).is_some_and(|state| {
                state.canceled
                    && state
                        .start_date
                        .is_none_or(|d| d == day || d.succ_opt() == Some(day))
            });
            if let Some(planned) = to_utc(s.at) {
                let row = departure(
                    &s.trip_id,
                    &s.stop_id,
                    planned,
                    None,
                    cancelled,
                    Some(t),
                    config,
                    dialect,
                );
                let call = (s.trip_id.as_str(), s.stop_id.as_str(), Some(t));
                let mut row = as_kind(row, kind, call);
                with_alerts(&mut row, alerts, call, joined);
                rows.push((planned, row));
            }
        }
    }
    rows
}

/// A row of an arrivals board: from the trip's origin, by the stops before (a departure row
/// as it is).
fn as_kind(
    mut row: Departure,
    kind: Kind,
    (trip_id, stop, table): (&str, &str, Option<&Timetable>),
) -> Departure {
    if let (Kind::Arrivals, Some(t)) = (kind, table) {
        row.destination = t.origin(trip_id).unwrap_or_default();
        row.via = via_list(t.stops_before(trip_id, stop), "");
    }
    row
}

/// The messages of the alerts about a row's call (its trip, its route or line, its agency,
/// its stop or the stop's station) added to it.
fn with_alerts(
    row: &mut Departure,
    alerts: &Alerts,
    (trip_id, stop, table): (&str, &str, Option<&Timetable>),
    joined: &Joined<'_>,
) {
    if alerts.is_empty() {
        return;
    }
    let line = row.line.clone();
    let call = Call {
        trip: trip_id,
        realtime_trip: joined.realtime_id(trip_id),
        route: table.and_then(|t| t.trip(trip_id)).map(|t| t.route_id),
        line: Some(line.as_str()),
        agency: table.and_then(|t| t.trip_agency(trip_id)),
        stop: Some(stop),
        station: table.and_then(|t| t.station_of(stop)),
    };
    for (text, language) in alerts.about(&call) {
        row.add_message(text, language.as_deref());
    }
}

#[allow(
    clippy::too_many_arguments,
    reason = "a row is made of one call's facts, the timetable, the feed's config and its dialect"
)]
pub(super) fn departure(
    trip_id: &str,
    stop: &str,
    planned: DateTime<Utc>,
    expected: Option<DateTime<Utc>>,
    cancelled: bool,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    dialect: &Dialect,
) -> Departure {
    let (line, code) = trip_code(trip_id, None, table, dialect, None);
    // A train without a line name shows its code there: a row is never dropped for it.
    let line = if line.is_empty() { code.clone() } else { line };
    let destination = table
        .and_then(|t| t.destination(trip_id))
        .unwrap_or_default();
    let via = table.map_or_else(Vec::new, |t| {
        via_list(t.stops_after(trip_id, stop), &destination)
    });
    Departure {
        line,
        destination,
        platform: None,
        scheduled_dep: local_hhmm(planned, config.timezone),
        delay: expected.map(|e| delay_minutes(planned, e)),
        cancelled,
        operator: Some(config.name.clone()),
        expected_dep: expected.map(|e| local_hhmm(e, config.timezone)),
        train_code: Some(code),
        via,
        ..Departure::default()
    }
}
