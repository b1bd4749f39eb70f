//! The dashboard's state and its one pure transition, `update(&mut AppState, Action)`.
//! No I/O here: answers arrive as actions, the clock arrives in `Tick`, and what the pollers
//! should fetch is read off the state ([`AppState::wanted`]) by the run loop.

use super::feed::Feed;
use super::history::History;
use super::keys::{self, Command};
use super::layout::{self, Areas};
use super::list::TrainList;
use super::search::StationSearch;
use crate::assets;
use crate::country;
use crate::model::{DeparturesResponse, RealtimeResponse};
use crate::source::SourceInfo;
use chrono::{DateTime, Utc};
use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Countries,
    Trains,
    Board,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    Help,
    Details,
    Search(StationSearch),
}

/// What the pollers should fetch: derived from the state after every update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub country: Option<String>,
    pub station: Option<String>,
    /// Bumped by `r`: fetch again now.
    pub generation: u64,
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub interval_secs: u64,
    pub board_interval_secs: u64,
    pub monochrome: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            interval_secs: 15,
            board_interval_secs: 30,
            monochrome: false,
        }
    }
}

/// What the selector knows of one country.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CountryStatus {
    pub trains: Option<u64>,
    pub failing: Option<String>,
    pub as_of: Option<DateTime<Utc>>,
}

#[derive(Debug)]
pub enum Action {
    Tick(DateTime<Utc>),
    Resize(u16, u16),
    Key(KeyEvent),
    Mouse(MouseEvent),
    Realtime {
        country: Option<String>,
        result: Result<Arc<RealtimeResponse>, String>,
        at: DateTime<Utc>,
    },
    Board {
        station: String,
        result: Result<Arc<DeparturesResponse>, String>,
        at: DateTime<Utc>,
    },
}

#[derive(Debug)]
pub struct AppState {
    pub source: SourceInfo,
    pub settings: Settings,
    pub now: DateTime<Utc>,
    pub size: (u16, u16),
    /// Countries in the selector (from `liveCountries`).
    pub countries: Vec<String>,
    pub country_status: HashMap<String, CountryStatus>,
    /// `None`: all countries.
    pub country: Option<String>,
    pub station: Option<String>,
    /// The station was chosen by the user (else it follows the country's main station).
    pub station_chosen: bool,
    pub realtime: Feed<RealtimeResponse>,
    pub board: Feed<DeparturesResponse>,
    pub list: TrainList,
    pub board_offset: usize,
    pub focus: Pane,
    pub overlay: Option<Overlay>,
    pub show_map: bool,
    pub history: History,
    /// On-time share and median delay of the current answer, computed when it arrives.
    pub punctuality: Option<(f64, i64)>,
    pub generation: u64,
    pub should_quit: bool,
    /// Countries the source cannot answer for, and why (shown in the help window).
    pub not_live: Vec<(String, String)>,
}

impl AppState {
    pub fn new(
        source: SourceInfo,
        settings: Settings,
        country: Option<String>,
        station: Option<String>,
        now: DateTime<Utc>,
    ) -> AppState {
        let mut state = AppState {
            source,
            settings,
            now,
            size: (80, 24),
            countries: Vec::new(),
            country_status: HashMap::new(),
            country,
            station_chosen: station.is_some(),
            station,
            realtime: Feed::default(),
            board: Feed::default(),
            list: TrainList::default(),
            board_offset: 0,
            focus: Pane::Trains,
            overlay: None,
            show_map: true,
            history: History::default(),
            punctuality: None,
            generation: 0,
            should_quit: false,
            not_live: Vec::new(),
        };
        state.follow_country_station();
        state
    }

    pub fn wanted(&self) -> Wanted {
        Wanted {
            country: self.country.clone(),
            station: self.station.clone(),
            generation: self.generation,
        }
    }

    pub fn areas(&self) -> Areas {
        layout::areas(Rect::new(0, 0, self.size.0, self.size.1), self)
    }

    pub fn trains(&self) -> &[crate::model::Train] {
        self.realtime.data.as_deref().map_or(&[], |r| &r.trains)
    }

    /// Selector entries: `None` (all countries) then every live country.
    pub fn selector(&self) -> Vec<Option<String>> {
        let mut entries: Vec<Option<String>> = std::iter::once(None)
            .chain(self.countries.iter().cloned().map(Some))
            .collect();
        // Before the first answer (or for a country the source stopped listing) the current
        // country still has its place.
        if self.country.is_some() && !entries.contains(&self.country) {
            entries.push(self.country.clone());
        }
        entries
    }

    fn selector_index(&self) -> usize {
        self.selector()
            .iter()
            .position(|c| *c == self.country)
            .unwrap_or(0)
    }

    /// Without a chosen station, the board shows the country's main station.
    fn follow_country_station(&mut self) {
        if self.station_chosen {
            return;
        }
        let main = self
            .country
            .as_deref()
            .and_then(|c| assets::stations(c).first())
            .map(|s| s.code.clone());
        if main.is_some() && main != self.station {
            self.station = main;
            self.board.reset();
            self.board_offset = 0;
        }
    }

    fn select_country(&mut self, country: Option<String>) {
        if country == self.country {
            return;
        }
        self.country = country;
        // The old country's trains are not this one's: show nothing rather than the wrong data.
        self.realtime.reset();
        self.punctuality = None;
        self.list.rows.clear();
        self.list.cursor = 0;
        self.list.offset = 0;
        self.follow_country_station();
        if matches!(self.overlay, Some(Overlay::Details)) {
            self.overlay = None;
        }
    }

    fn step_country(&mut self, delta: isize) {
        let entries = self.selector();
        let n = entries.len() as isize;
        let next = (self.selector_index() as isize + delta).rem_euclid(n.max(1));
        self.select_country(entries[next as usize].clone());
    }

    pub fn country_name(slug: Option<&str>) -> String {
        match slug {
            None => "All countries".into(),
            Some(s) => country::by_slug(s).map_or_else(|| s.to_string(), |c| c.name.to_string()),
        }
    }

    fn trains_height(&self) -> usize {
        self.areas().train_rows()
    }

    fn board_rows(&self) -> usize {
        self.board.data.as_ref().map_or(0, |b| b.departures.len())
    }
}

/// The one transition of the dashboard.
pub fn update(state: &mut AppState, action: Action) {
    match action {
        Action::Tick(now) => state.now = now,
        Action::Resize(w, h) => state.size = (w, h),
        Action::Key(key) => {
            let command = keys::command(state, key);
            apply(state, command);
        }
        Action::Mouse(mouse) => click(state, mouse),
        Action::Realtime {
            country,
            result,
            at,
        } => realtime_arrived(state, country, result, at),
        Action::Board {
            station,
            result,
            at,
        } => {
            if state.station.as_deref() != Some(station.as_str()) {
                return; // an answer for a station no longer shown
            }
            let interval = state.settings.board_interval_secs;
            match result {
                Ok(board) => state.board.succeed(board, at, interval),
                Err(e) => state.board.fail(e, at, interval),
            }
            state.board_offset = state.board_offset.min(state.board_rows().saturating_sub(1));
        }
    }
    let height = state.trains_height();
    state.list.keep_visible(height);
}

fn realtime_arrived(
    state: &mut AppState,
    country: Option<String>,
    result: Result<Arc<RealtimeResponse>, String>,
    at: DateTime<Utc>,
) {
    if country != state.country {
        return; // an answer for a country no longer selected
    }
    let interval = state.settings.interval_secs;
    match result {
        Ok(answer) => {
            if !answer.live_countries.is_empty() {
                state.countries = answer.live_countries.clone();
            }
            let mut counts: HashMap<&str, u64> = HashMap::new();
            for t in &answer.trains {
                if let Some(c) = t.country.as_deref().or(country.as_deref()) {
                    *counts.entry(c).or_default() += 1;
                }
            }
            let covered: Vec<String> = match &country {
                Some(c) => vec![c.clone()],
                None => answer.live_countries.clone(),
            };
            for slug in covered {
                let status = state.country_status.entry(slug.clone()).or_default();
                status.trains = Some(counts.get(slug.as_str()).copied().unwrap_or(0));
                status.failing = None;
                status.as_of = Some(at);
            }
            for failed in &answer.failed_countries {
                let status = state
                    .country_status
                    .entry(failed.country.clone())
                    .or_default();
                status.failing = Some(failed.reason.clone());
            }
            state.history.record(&answer.trains, at);
            state.punctuality = super::view::punctuality(&answer.trains);
            state.list.rebuild(&answer.trains);
            state.realtime.succeed(answer, at, interval);
        }
        Err(e) => {
            if let Some(c) = &country {
                state.country_status.entry(c.clone()).or_default().failing = Some(e.clone());
            }
            state.realtime.fail(e, at, interval);
        }
    }
}

fn apply(state: &mut AppState, command: Command) {
    let trains = state.realtime.data.clone();
    let trains: &[crate::model::Train] = trains.as_deref().map_or(&[], |r| &r.trains);
    match command {
        Command::None => {}
        Command::Quit => state.should_quit = true,
        Command::NextCountry => state.step_country(1),
        Command::PrevCountry => state.step_country(-1),
        Command::Move(delta) => match state.focus {
            Pane::Trains => state.list.move_by(delta, trains),
            Pane::Countries => state.step_country(delta.signum()),
            Pane::Board => {
                let last = state.board_rows().saturating_sub(1);
                state.board_offset = state.board_offset.saturating_add_signed(delta).min(last);
            }
        },
        Command::Page(pages) => {
            let page = state.trains_height().max(1) as isize;
            apply(state, Command::Move(pages * page));
        }
        Command::Top => apply(state, Command::Move(isize::MIN / 2)),
        Command::Bottom => apply(state, Command::Move(isize::MAX / 2)),
        Command::CycleFocus(forward) => {
            let order = [Pane::Countries, Pane::Trains, Pane::Board];
            let at = order.iter().position(|p| *p == state.focus).unwrap_or(1) as isize;
            let next = (at + if forward { 1 } else { -1 }).rem_euclid(order.len() as isize);
            state.focus = order[next as usize];
        }
        Command::OpenSearch => {
            state.overlay = Some(Overlay::Search(StationSearch::new(
                state.country.as_deref(),
            )));
        }
        Command::StartFilter => {
            state.focus = Pane::Trains;
            state.list.filter_editing = true;
        }
        Command::FilterInput(c) => {
            state.list.filter.push(c);
            state.list.rebuild(trains);
        }
        Command::FilterBackspace => {
            state.list.filter.pop();
            state.list.rebuild(trains);
        }
        Command::FilterDone => state.list.filter_editing = false,
        Command::FilterCancel => {
            state.list.filter_editing = false;
            state.list.filter.clear();
            state.list.rebuild(trains);
        }
        Command::Details => {
            if state.list.selected(trains).is_some() {
                state.overlay = Some(Overlay::Details);
            }
        }
        Command::ToggleCancelled => {
            state.list.hide_cancelled = !state.list.hide_cancelled;
            state.list.rebuild(trains);
        }
        Command::CycleSort => {
            state.list.sort = state.list.sort.next();
            state.list.rebuild(trains);
        }
        Command::ToggleMap => state.show_map = !state.show_map,
        Command::Refresh => state.generation += 1,
        Command::Help => state.overlay = Some(Overlay::Help),
        Command::Close => state.overlay = None,
        Command::Search(edit) => {
            if let Some(Overlay::Search(search)) = &mut state.overlay {
                if let Some(code) = search.edit(edit) {
                    state.overlay = None;
                    if state.station.as_deref() != Some(code.as_str()) {
                        state.station = Some(code);
                        state.board.reset();
                        state.board_offset = 0;
                    }
                    state.station_chosen = true;
                }
            }
        }
    }
}

fn click(state: &mut AppState, mouse: MouseEvent) {
    if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) || state.overlay.is_some() {
        return;
    }
    let areas = state.areas();
    let (x, y) = (mouse.column, mouse.row);
    let inside = |r: Rect| x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
    if let Some(row) = areas.train_row_at(x, y) {
        state.focus = Pane::Trains;
        let trains = state.realtime.data.clone();
        let trains = trains.as_deref().map_or(&[][..], |r| &r.trains);
        state.list.select_row(state.list.offset + row, trains);
    } else if let Some(i) = areas.country_at(x, y, state.selector().len()) {
        state.focus = Pane::Countries;
        let entry = state.selector()[i].clone();
        state.select_country(entry);
    } else if inside(areas.board) {
        state.focus = Pane::Board;
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod tests;
