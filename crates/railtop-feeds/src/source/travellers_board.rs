//! A traveller's board, made once for every screen and the API: the boards of one or more
//! stations, fetched through the cache, kept to the trains that take the traveller's route
//! (where a row names too few stops, the train's journey decides, looked up within
//! [`JOURNEY_BUDGET`] and cached like any journey), merged into one list by time, and each row
//! marked realtime, timetable or stale. The pure rules are `railtop_core::traveller`'s.

use super::cache::CachedSource;
use super::RouteLookups;
use super::{DeparturesQuery, SourceError, SourceResult, MAX_LIMIT};
use chrono::{DateTime, Utc};
use railtop_core::model::{DeparturesResponse, Kind, MAX_MERGED};
use railtop_core::traveller::{beyond, leaves_in, merge, station_tz, Place, Route, Verdict, Walks};
use std::time::Duration;

/// What a traveller asks: the boards of `stations` (one to [`MAX_MERGED`]), of a kind, kept to
/// a route and to what can be reached on foot, at most `limit` rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TravelQuery {
    pub stations: Vec<String>,
    pub kind: Kind,
    pub route: Route,
    pub walks: Walks,
    pub limit: usize,
}

impl TravelQuery {
    /// `station`'s departures, whole: what a screen polls.
    pub fn departures(station: &str) -> TravelQuery {
        TravelQuery {
            stations: vec![station.to_owned()],
            kind: Kind::Departures,
            route: Route::default(),
            walks: Walks::default(),
            limit: MAX_LIMIT,
        }
    }

    /// What the board is, as one text: its stations, and its kind and route where they are
    /// not plain departures (`HKI`, `HKI + PSL`, `TPE arrivals from Oulu`). The screens file a
    /// poller's answers under it.
    pub fn key(&self) -> String {
        let mut key = self.stations.join(" + ");
        if self.kind == Kind::Arrivals {
            key.push_str(" arrivals");
        }
        if !self.route.is_empty() {
            key.push(' ');
            key.push_str(&self.route.described(self.kind));
        }
        key
    }

    /// One station's board as its feed answers it: no route, no walk, no merge.
    pub fn is_plain(&self) -> bool {
        self.stations.len() == 1 && self.route.is_empty() && self.walks.is_empty()
    }
}

/// Most journeys looked up for one board's rows that name too few stops: a feed's budget of
/// requests is shared with every other question, and the cache keeps each for a board's time.
pub const JOURNEY_BUDGET: usize = 12;

/// How much older than its feed's refresh an answer may be before its realtime rows are
/// stale.
pub const STALE_MARGIN: Duration = Duration::from_secs(60);

/// Whether an answer made at `fetched_at` (RFC 3339) is stale at `now` for a feed refreshed
/// every `refresh`: older than the refresh and [`STALE_MARGIN`]. An unreadable time is not
/// called stale: nothing says it is.
pub fn is_stale(fetched_at: &str, now: DateTime<Utc>, refresh: Duration) -> bool {
    let Ok(at) = DateTime::parse_from_rfc3339(fetched_at.trim()) else {
        return false;
    };
    let limit = refresh.saturating_add(STALE_MARGIN);
    (now - at.with_timezone(&Utc))
        .to_std()
        .is_ok_and(|age| age > limit)
}

/// The traveller's board, now on the source's clock. Every station failing is the first one's error; a station
/// that fails beside others that answer is left out (the board's `stations` say which are in).
pub async fn board(source: &CachedSource, query: &TravelQuery) -> SourceResult<DeparturesResponse> {
    let now = source.clock().now();
    if query.stations.is_empty() || query.stations.len() > MAX_MERGED {
        return Err(SourceError::BadRequest(format!(
            "a board takes one to {MAX_MERGED} stations, got {}",
            query.stations.len()
        )));
    }
    // Filtering needs the whole board: the cache holds it whole anyway.
    let fetch_limit = if query.is_plain() {
        query.limit
    } else {
        MAX_LIMIT
    };
    let answers = futures_util::future::join_all(query.stations.iter().map(|station| {
        source.departures(DeparturesQuery {
            station: station.clone(),
            limit: fetch_limit,
            kind: query.kind,
        })
    }))
    .await;
    let mut boards = Vec::new();
    let mut first_error = None;
    for answer in answers {
        match answer {
            Ok(cached) => boards.push(cached.value.clone()),
            Err(e) => {
                tracing::debug!(error = %e, "a station of a merged board failed");
                first_error.get_or_insert(e);
            }
        }
    }
    if boards.is_empty() {
        return Err(first_error.unwrap_or_else(|| SourceError::NotFound("no station".into())));
    }
    // The same station asked twice (`HKI Helsinki`, `HKI hki`) is one board, not every row
    // twice.
    let mut seen = std::collections::HashSet::new();
    boards.retain(|b| {
        seen.insert((
            b.station.country.clone(),
            b.station.code.to_ascii_lowercase(),
        ))
    });
    let refresh = source.board_ttl();
    // A board cut at the rows asked for reaches only so far ahead: past the nearest such
    // horizon a merged board would show one station's trains and not the other's.
    let horizon = boards
        .iter()
        .filter(|b| boards.len() > 1 && b.departures.len() >= fetch_limit)
        .filter_map(|b| {
            let local = now.with_timezone(&station_tz(&b.station)).time();
            leaves_in(b.departures.last()?, local)
        })
        .min();
    for board in &mut boards {
        keep_route(source, board, &query.route, query.kind).await;
        query.walks.keep_reachable(board, now);
        board.mark_timing(is_stale(&board.fetched_at, now, refresh));
    }
    let mut board = merge(boards, now);
    if let Some(horizon) = horizon {
        let local = now.with_timezone(&station_tz(&board.station)).time();
        board
            .departures
            .retain(|d| leaves_in(d, local).is_none_or(|m| m <= horizon));
    }
    board.departures.truncate(query.limit);
    Ok(board)
}

/// Keeps the rows of `board` that take `route`: by their own stops, else by their train's
/// journey (the first rows of the board that need one, as many as its feed's
/// [`RouteLookups::per_board`]; the rest, and those whose journey could not be had, are kept or
/// left out by their own stops, which do not take the route: left out, and logged).
async fn keep_route(
    source: &CachedSource,
    board: &mut DeparturesResponse,
    route: &Route,
    kind: Kind,
) {
    if route.is_empty() {
        return;
    }
    let lookups = board
        .station
        .country
        .as_deref()
        .map_or(RouteLookups::DEFAULT, |c| source.route_lookups(c));
    let verdicts: Vec<Verdict> = board
        .departures
        .iter()
        .map(|d| route.verdict(d, kind, lookups.stops))
        .collect();
    let mut unknown: Vec<(usize, String)> = board
        .departures
        .iter()
        .zip(&verdicts)
        .enumerate()
        .filter(|(_, (_, v))| **v == Verdict::Unknown)
        .filter_map(|(i, (d, _))| Some((i, d.train_id.clone()?)))
        .collect();
    // The board is in the order the trains leave: the nearest are asked, the rest unchecked.
    let unchecked = unknown.split_off(unknown.len().min(lookups.per_board));
    let code = match &board.station.country {
        Some(country) => format!("{country}:{}", board.station.code),
        None => board.station.code.clone(),
    };
    let here = Place::new(&code, &railtop_core::stations::current());
    let station_name = board.station.name.clone();
    let journeys =
        futures_util::future::join_all(unknown.iter().map(|(_, id)| source.journey(id))).await;
    let mut goes: Vec<bool> = verdicts.iter().map(|v| *v == Verdict::Goes).collect();
    let mut failed = Vec::new();
    for ((i, _), journey) in unknown.iter().zip(journeys) {
        let journey = match journey {
            Ok(journey) => journey,
            Err(e) => {
                failed.push((*i, e.to_string()));
                continue;
            }
        };
        let names: Vec<&str> = journey
            .value
            .stops
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        let stops = beyond(&names, |n| n == station_name || here.is(n), kind);
        goes[*i] = route.takes(&stops);
    }
    let unchecked: Vec<usize> = unchecked.iter().map(|(i, _)| *i).collect();
    if !unchecked.is_empty() || !failed.is_empty() {
        say_unchecked(board, route, kind, lookups, &unchecked, &failed);
    }
    let mut keep = goes.into_iter();
    board.departures.retain(|_| keep.next().unwrap_or(false));
}

/// Rows named in one log line at most.
const LOGGED_ROWS: usize = 8;

/// The log line of the rows a route could not check against their journeys (`unchecked`:
/// beyond the feed's budget for a board; `failed`: the lookup failed, with why), which their
/// own stops leave out. A feed that asks for no journeys at all is a rule, said at debug
/// level; a budget run out or a failure is said at info level.
fn say_unchecked(
    board: &DeparturesResponse,
    route: &Route,
    kind: Kind,
    lookups: RouteLookups,
    unchecked: &[usize],
    failed: &[(usize, String)],
) {
    let rows = |list: &mut dyn Iterator<Item = usize>| {
        let rows: Vec<String> = list
            .take(LOGGED_ROWS)
            .filter_map(|i| board.departures.get(i))
            .map(|d| {
                let code = d.train_code.as_deref().unwrap_or(&d.line);
                format!("{} {code} → {}", d.scheduled_dep, d.destination)
            })
            .collect();
        rows.join("; ")
    };
    let message = format!(
        "{}: rows {} not checked against their journeys, left out by their own stops: {} \
         beyond the {} journeys a board may ask of its feed [{}], {} whose journey failed [{}]{}",
        board.station.name,
        route.described(kind),
        unchecked.len(),
        lookups.per_board,
        rows(&mut unchecked.iter().copied()),
        failed.len(),
        rows(&mut failed.iter().map(|(i, _)| *i)),
        failed
            .first()
            .map_or_else(String::new, |(_, e)| format!(" (first: {e})")),
    );
    if lookups.per_board == 0 && failed.is_empty() {
        tracing::debug!("{message}");
    } else {
        tracing::info!("{message}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_stale_past_its_refresh_and_the_margin() {
        let now: DateTime<Utc> = "2026-11-26T10:00:00Z".parse().unwrap();
        let refresh = Duration::from_secs(30);
        assert!(!is_stale("2026-11-26T09:59:00Z", now, refresh));
        assert!(is_stale("2026-11-26T09:58:29Z", now, refresh));
        assert!(!is_stale("yesterday", now, refresh));
        // A clock ahead of ours is not stale.
        assert!(!is_stale("2026-11-26T10:05:00Z", now, refresh));
    }
}
