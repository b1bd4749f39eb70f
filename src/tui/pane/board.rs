//! The board pane: which station it shows (chosen per country, else the country's main
//! station), departures or arrivals, the route it is kept to, the board as last fetched, and
//! the row the cursor is on.

use crate::screen::{Failure, Polled};
use chrono::{DateTime, Utc};
use railtop_core::assets;
use railtop_core::model::{DeparturesResponse, Kind, MAX_MERGED};
use railtop_core::traveller::Route;
use railtop_feeds::source::travellers_board::TravelQuery;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Board {
    pub station: Option<String>,
    /// Departures or arrivals (`a` turns it).
    pub kind: Kind,
    /// Only the trains to (from) a place, or via one (`t` asks).
    pub route: Route,
    /// Nearby stations shown on the same board (`+` adds one; choosing a station with `b`
    /// starts again with one).
    pub also: Vec<String>,
    /// The station chosen for each country (`""`: all countries), shown when it is selected
    /// again; a country without one shows its main station.
    pub chosen: HashMap<String, String>,
    pub answer: Polled<DeparturesResponse>,
    /// The departure the cursor is on.
    pub offset: usize,
}

impl Board {
    /// The board of `station`, chosen for `country`.
    pub fn new(country: Option<&str>, station: Option<String>) -> Board {
        let chosen = station
            .iter()
            .map(|s| (country.unwrap_or_default().to_string(), s.clone()))
            .collect();
        Board {
            station,
            chosen,
            ..Board::default()
        }
    }

    /// Shows `station`'s board (from its first answer when it is another station).
    pub fn show(&mut self, station: String) {
        // Another station, or the same one alone again after others were added.
        if self.station.as_deref() != Some(station.as_str()) || !self.also.is_empty() {
            self.station = Some(station);
            self.also.clear();
            self.answer.reset();
            self.offset = 0;
        }
    }

    /// Adds `station` to the board (one list by time, each row saying its station); `false`
    /// when the board has [`MAX_MERGED`] already or shows it.
    pub(crate) fn merge_in(&mut self, station: String) -> bool {
        let shown = self.station.iter().chain(&self.also).any(|s| *s == station);
        if shown || self.station.is_none() || 1 + self.also.len() >= MAX_MERGED {
            return false;
        }
        self.also.push(station);
        self.answer.reset();
        self.offset = 0;
        true
    }

    /// The rest of the last board remembered ([`crate::tui::memory`]): its added stations,
    /// arrivals, and its route (resolved by the station directory again).
    pub(crate) fn resume(&mut self, memory: &crate::tui::memory::Memory) {
        self.also = memory.also.clone();
        if memory.arrivals {
            self.kind = Kind::Arrivals;
        }
        self.route = Route {
            end: memory.route.as_deref().map(|r| {
                railtop_core::traveller::Place::new(r, &railtop_core::stations::current())
            }),
            via: None,
        };
    }

    /// The station chosen for `country`, else its main station (all countries: the board as it
    /// was).
    pub(crate) fn follow_country(&mut self, country: Option<&str>) {
        let main = self
            .chosen
            .get(country.unwrap_or_default())
            .cloned()
            .or_else(|| assets::stations(country?).first().map(|s| s.code.clone()));
        if let Some(main) = main {
            self.show(main);
        }
    }

    /// The user picked `code` for `country`: shown now and when `country` is selected again.
    pub(crate) fn choose(&mut self, country: Option<&str>, code: String) {
        self.chosen
            .insert(country.unwrap_or_default().to_string(), code.clone());
        self.show(code);
    }

    /// How many departures the board has.
    pub fn rows(&self) -> usize {
        self.answer.data.as_ref().map_or(0, |b| b.departures.len())
    }

    /// Moves the cursor `delta` rows, within the board.
    pub(crate) fn move_by(&mut self, delta: isize) {
        let last = self.rows().saturating_sub(1);
        self.offset = self.offset.saturating_add_signed(delta).min(last);
    }

    /// What the board pollers are asked for: the station's whole board, of the kind and route
    /// shown.
    pub fn query(&self) -> Option<TravelQuery> {
        let station = self.station.as_deref()?;
        let mut stations = vec![station.to_string()];
        stations.extend(self.also.iter().cloned());
        Some(TravelQuery {
            stations,
            kind: self.kind,
            route: self.route.clone(),
            ..TravelQuery::departures(station)
        })
    }

    /// Departures ⇄ arrivals, from the next answer; a `--to` becomes a `--from` (and back), as
    /// the far end of the route is on the other side.
    pub(crate) fn turn(&mut self) {
        self.kind = match self.kind {
            Kind::Departures => Kind::Arrivals,
            Kind::Arrivals => Kind::Departures,
        };
        self.answer.reset();
        self.offset = 0;
    }

    /// Keeps the board to `route` (an empty one shows every train), from the next answer.
    pub(crate) fn keep_to(&mut self, route: Route) {
        if self.route != route {
            self.route = route;
            self.answer.reset();
            self.offset = 0;
        }
    }

    /// A board poller's answer for the board `key` names (dropped when the board shows another
    /// station, kind or route).
    pub fn arrived(
        &mut self,
        key: &str,
        result: Result<Arc<DeparturesResponse>, Failure>,
        at: DateTime<Utc>,
        interval_secs: u64,
    ) {
        if self.query().map(|q| q.key()).as_deref() != Some(key) {
            return;
        }
        match result {
            Ok(board) => self.answer.succeed(board, at, interval_secs),
            Err(e) => self.answer.fail(e, at, interval_secs),
        }
        self.move_by(0);
    }
}
