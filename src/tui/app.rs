//! The dashboard's state and its one pure transition, `update(&mut AppState, Event)`.
//! No I/O here: answers arrive as events, the clock arrives in `Tick`, and what the pollers
//! should fetch is read off the state ([`AppState::wanted`]) by the run loop.

use super::keymap::{self, Command, Mode};
use super::layout::{self, Areas};
use super::mapview::{self, MapView};
use super::pane::{Board, Countries, Details, Map, Trains};
use super::search::StationSearch;
use crate::config::defaults;
use crate::country;
use crate::model::{JourneyResponse, RealtimeResponse, Train};
use crate::refresh::{Answer, Event, Wanted};
use crate::screen::{Failure, Polled};
use crate::source::SourceInfo;
use chrono::{DateTime, Utc};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Countries,
    Trains,
    Board,
    Map,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    Help,
    Details,
    Search(StationSearch),
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub interval_secs: u64,
    pub board_interval_secs: u64,
    pub monochrome: bool,
    /// Colours for a light terminal background.
    pub light: bool,
    /// Minutes late that still count as on time.
    pub on_time_minutes: i64,
}

impl Settings {
    pub fn theme(&self) -> crate::screen::theme::Theme {
        crate::screen::theme::Theme {
            mono: self.monochrome,
            light: self.light,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            interval_secs: defaults::INTERVAL_SECS,
            board_interval_secs: defaults::BOARD_INTERVAL_SECS,
            monochrome: false,
            light: false,
            on_time_minutes: defaults::ON_TIME_MINUTES as i64,
        }
    }
}

/// The dashboard: the panes, each owning its state, and what they share (the source, the
/// settings, the clock, the terminal's size, the focus and the window over them).
#[derive(Debug)]
pub struct AppState {
    pub source: SourceInfo,
    /// The source searches stations in its own directory (a remote server).
    pub searches_elsewhere: bool,
    pub settings: Settings,
    pub now: DateTime<Utc>,
    pub size: (u16, u16),
    pub countries: Countries,
    pub trains: Trains,
    pub board: Board,
    pub map: Map,
    pub details: Details,
    pub focus: Pane,
    pub overlay: Option<Overlay>,
    /// The help window's first row shown (it scrolls on small terminals).
    pub help_offset: usize,
    /// A sentence for the footer, shown for [`NOTICE_SECS`] from when it was said: why a key
    /// did nothing.
    pub notice: Option<(String, DateTime<Utc>)>,
    /// Bumped by `r`: the pollers fetch again at once.
    pub generation: u64,
    pub should_quit: bool,
}

/// The furthest a journey scrolls (the view shows its last page past the end).
const MAX_STOPS_SCROLL: usize = crate::model::journey::MAX_STOPS;

/// How long a notice stays in the footer.
pub const NOTICE_SECS: i64 = 5;

impl AppState {
    pub fn new(
        source: SourceInfo,
        settings: Settings,
        country: Option<String>,
        station: Option<String>,
        now: DateTime<Utc>,
    ) -> AppState {
        let board = Board::new(country.as_deref(), station);
        let mut state = AppState {
            source,
            searches_elsewhere: false,
            settings,
            now,
            size: (80, 24),
            countries: Countries::new(country),
            trains: Trains::default(),
            board,
            map: Map::default(),
            details: Details::default(),
            focus: Pane::Trains,
            overlay: None,
            help_offset: 0,
            notice: None,
            generation: 0,
            should_quit: false,
        };
        state
            .board
            .follow_country(state.countries.selected.as_deref());
        state
    }

    pub fn wanted(&self) -> Wanted {
        Wanted {
            country: self.countries.selected.clone(),
            station: self.board.station.clone(),
            generation: self.generation,
            search: match &self.overlay {
                Some(Overlay::Search(search)) => search.query(),
                _ => None,
            },
            journey: self.journey_wanted().map(str::to_string),
        }
    }

    /// The id of the train whose details window is open.
    pub fn details_of(&self) -> Option<&str> {
        self.details_train().map(|t| t.id.as_str())
    }

    /// The train whose details window is open: the list's selected train, or a board's
    /// departure that the list does not have.
    pub fn details_train(&self) -> Option<&Train> {
        match self.overlay {
            Some(Overlay::Details) => self
                .details
                .departure_train
                .as_ref()
                .or_else(|| self.trains.list.selected(self.trains.all())),
            _ => None,
        }
    }

    /// Opens the details window of the selected train, with its journey if it was fetched
    /// for this train (else it is asked for).
    fn open_details(&mut self) {
        self.details.departure_train = None;
        self.overlay = Some(Overlay::Details);
        let id = self.details_of().map(str::to_string);
        self.details.open(id.as_deref());
    }

    /// Opens the details window of a departure's train that the list does not have; its
    /// journey is asked for by the id the board gave.
    fn open_departure_details(&mut self, train: Train) {
        self.overlay = Some(Overlay::Details);
        self.details.open(Some(&train.id));
        self.details.departure_train = Some(train);
    }

    /// The journey shown in the details window: only the selected train's.
    pub fn shown_journey(&self) -> Option<&Polled<JourneyResponse>> {
        let open = self.details_of()?;
        (self.details.of.as_deref() == Some(open)).then_some(&self.details.journey)
    }

    /// The selected train's journey, for the map (whether or not its details are open).
    pub fn selected_journey(&self) -> Option<&JourneyResponse> {
        let selected = self.trains.list.selected(self.trains.all())?;
        (self.details.of.as_deref() == Some(selected.id.as_str()))
            .then_some(self.details.journey.data.as_deref())
            .flatten()
    }

    pub fn areas(&self) -> Areas {
        self.areas_in(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// The panes in `area` (the frame's, which is the terminal's size).
    pub fn areas_in(&self, area: Rect) -> Areas {
        layout::areas(area, self.map.placement())
    }

    /// The `(lng, lat)` box the map fits: the country's, else the trains' extent.
    pub fn map_box(&self) -> mapview::Extent {
        if let Some(c) = self
            .countries
            .selected
            .as_deref()
            .and_then(country::by_slug)
        {
            let b = c.bbox;
            return ((b.min_lng, b.min_lat), (b.max_lng, b.max_lat));
        }
        // Measured once per answer, not once per frame.
        let answer = self.trains.realtime.data.clone();
        if let Some((of, extent)) = &*self.map.layer.extent.borrow() {
            if mapview::same(of, &answer) {
                return *extent;
            }
        }
        let extent = self
            .trains
            .all()
            .iter()
            .filter_map(|t| Some((t.lng?, t.lat?)))
            .fold(None, |acc: Option<mapview::Extent>, (x, y)| {
                Some(match acc {
                    None => ((x, y), (x, y)),
                    Some((lo, hi)) => ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y))),
                })
            })
            .unwrap_or(((-170.0, -60.0), (170.0, 75.0)));
        *self.map.layer.extent.borrow_mut() = Some((answer, extent));
        extent
    }

    /// The map's drawing area (inside its border, above its legend) and the degrees it shows,
    /// when it is shown.
    pub fn map_viewport(&self) -> Option<(Rect, [f64; 2], [f64; 2])> {
        self.map_viewport_in(self.areas().map?)
    }

    /// [`map_viewport`](Self::map_viewport) for the map pane at `area`.
    pub fn map_viewport_in(&self, area: Rect) -> Option<(Rect, [f64; 2], [f64; 2])> {
        let inner = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(3),
        );
        if inner.width < 4 || inner.height < 2 {
            return None;
        }
        let (x, y) = mapview::viewport(
            inner,
            self.map_box(),
            &self.map.view,
            self.trains.selected_position(),
        );
        Some((inner, x, y))
    }

    /// The train whose journey is wanted: the details window's, else the map's selected train.
    fn journey_wanted(&self) -> Option<&str> {
        self.details_of().or_else(|| {
            self.areas().map?;
            self.trains
                .list
                .selected(self.trains.all())
                .map(|t| t.id.as_str())
        })
    }

    /// Which keymap is in force.
    pub fn key_mode(&self) -> Mode {
        match &self.overlay {
            Some(Overlay::Search(_)) => Mode::Search,
            Some(Overlay::Help | Overlay::Details) => Mode::Window,
            None if self.trains.list.filter_editing => Mode::Filtering,
            None if self.focus == Pane::Map && self.areas().map.is_some() => Mode::Map,
            None => Mode::Normal,
        }
    }

    /// Whether what is shown is simulated: the source says so, or an answer does (a remote
    /// server reading the demo), so the DEMO badge never depends on where the data came from.
    pub fn simulated(&self) -> bool {
        self.source.is_demo
            || self
                .trains
                .realtime
                .data
                .as_ref()
                .is_some_and(|r| r.simulated)
            || self.board.answer.data.as_ref().is_some_and(|b| b.simulated)
    }

    fn select_country(&mut self, country: Option<String>) {
        if country == self.countries.selected {
            return;
        }
        self.countries.selected = country;
        // The old country's trains are not this one's: show nothing rather than the wrong data
        // (but this country's part of the all-countries answer, if there is one).
        self.trains.clear();
        if let Some((part, at)) = self.countries.part_of_last_all() {
            let on_time = self.settings.on_time_minutes;
            self.trains
                .show(part, at, self.settings.interval_secs, on_time);
        }
        self.board
            .follow_country(self.countries.selected.as_deref());
        self.map.view = MapView::fitted();
        if matches!(self.overlay, Some(Overlay::Details)) {
            self.overlay = None;
        }
    }

    fn step_country(&mut self, delta: isize) {
        self.select_country(self.countries.stepped(delta));
    }

    /// The journey's first row shown: where ↑↓ put it, else following the train; never past
    /// its last page.
    pub fn journey_offset(&self) -> usize {
        self.details
            .scroll
            .unwrap_or_else(|| self.journey_follow_offset())
            .min(self.journey_last_start())
    }

    /// The journey's first row shown while it follows the train: two stops before the next.
    pub fn journey_follow_offset(&self) -> usize {
        self.shown_journey()
            .and_then(|j| j.data.as_ref())
            .and_then(|j| j.next_stop())
            .map_or(0, |next| next.saturating_sub(2))
    }

    /// The furthest the journey scrolls: its last stop on the window's last row.
    fn journey_last_start(&self) -> usize {
        let stops = self
            .shown_journey()
            .and_then(|j| j.data.as_ref())
            .map_or(0, |j| j.stops.len());
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let rows = layout::details(area, stops).journey_rows();
        stops.saturating_sub(rows).min(MAX_STOPS_SCROLL)
    }

    fn trains_height(&self) -> usize {
        self.areas().train_rows()
    }
}

/// The one transition of the dashboard.
pub fn update(state: &mut AppState, action: Event) {
    match action {
        Event::Tick(now) => state.now = now,
        Event::Resize(w, h) => state.size = (w, h),
        Event::Key(key) => {
            let command = keymap::command(state.key_mode(), key);
            apply(state, command);
        }
        Event::Mouse(mouse) => click(state, mouse),
        Event::Answer(Answer::Realtime {
            country,
            result,
            at,
        }) => realtime_arrived(state, country, result, at),
        Event::Answer(Answer::Board {
            station,
            result,
            at,
        }) => {
            let interval = state.settings.board_interval_secs;
            state.board.arrived(&station, result, at, interval);
        }
        Event::Answer(Answer::Journey { id, result, at }) => {
            if state.journey_wanted() != Some(id.as_str()) {
                return; // the window closed, or shows another train
            }
            if let Ok(journey) = &result {
                state.map.learn_lines(journey);
            }
            let interval = state.settings.board_interval_secs;
            state.details.arrived(id, result, at, interval);
        }
        Event::Answer(Answer::Stations { query, result }) => {
            if let Some(Overlay::Search(search)) = &mut state.overlay {
                search.answered(&query, result);
            }
        }
    }
    let height = state.trains_height();
    state.trains.list.keep_visible(height);
}

fn realtime_arrived(
    state: &mut AppState,
    country: Option<String>,
    result: Result<Arc<RealtimeResponse>, Failure>,
    at: DateTime<Utc>,
) {
    if country != state.countries.selected {
        return; // an answer for a country no longer selected
    }
    let (interval, on_time) = (state.settings.interval_secs, state.settings.on_time_minutes);
    match result {
        Ok(answer) => {
            state.countries.answered(country.as_deref(), &answer, at);
            state.trains.arrived(answer, at, interval, on_time);
        }
        Err(e) => {
            state.countries.failed(country.as_deref(), e.to_string());
            state.trains.failed(e, at, interval);
        }
    }
}

fn apply(state: &mut AppState, command: Command) {
    // Under the help window the moving keys scroll it (the view bounds the offset).
    if matches!(state.overlay, Some(Overlay::Help)) {
        match command {
            Command::Move(d) => {
                state.help_offset = state.help_offset.saturating_add_signed(d).min(64);
                return;
            }
            Command::Page(p) => {
                state.help_offset = state.help_offset.saturating_add_signed(p * 10).min(64);
                return;
            }
            _ => {}
        }
    }
    // Under the details window they scroll its journey, as far as its last stop in view.
    if matches!(state.overlay, Some(Overlay::Details)) {
        let step = match command {
            Command::Move(d) => Some(d),
            Command::Page(p) => Some(p * 10),
            _ => None,
        };
        if let Some(step) = step {
            let from = state.journey_offset();
            let last = state.journey_last_start();
            state.details.scroll = Some(from.saturating_add_signed(step).min(last));
            return;
        }
    }
    let trains = state.trains.realtime.data.clone();
    let trains: &[crate::model::Train] = trains.as_deref().map_or(&[], |r| &r.trains);
    match command {
        Command::None => {}
        Command::Quit => state.should_quit = true,
        Command::NextCountry => state.step_country(1),
        Command::PrevCountry => state.step_country(-1),
        Command::Move(delta) => match state.focus {
            Pane::Trains => state.trains.move_by(delta),
            Pane::Countries => state.step_country(delta.signum()),
            Pane::Board => state.board.move_by(delta),
            // The map's own keys pan it (its mode); nothing moves here.
            Pane::Map => {}
        },
        Command::Page(pages) => {
            let page = state.trains_height().max(1) as isize;
            apply(state, Command::Move(pages * page));
        }
        Command::Top => apply(state, Command::Move(isize::MIN / 2)),
        Command::Bottom => apply(state, Command::Move(isize::MAX / 2)),
        Command::CycleFocus(forward) => {
            let areas = state.areas();
            let order: Vec<Pane> = [Pane::Countries, Pane::Trains, Pane::Board, Pane::Map]
                .into_iter()
                .filter(|p| match p {
                    Pane::Map => areas.map.is_some(),
                    _ => !state.map.full,
                })
                .collect();
            let at = order.iter().position(|p| *p == state.focus).unwrap_or(0) as isize;
            let next = (at + if forward { 1 } else { -1 }).rem_euclid(order.len() as isize);
            state.focus = order[next as usize];
        }
        Command::OpenSearch => {
            state.overlay = Some(Overlay::Search(StationSearch::new(
                state.countries.selected.as_deref(),
                state.searches_elsewhere,
            )));
        }
        Command::StartFilter => {
            state.focus = Pane::Trains;
            state.trains.list.filter_editing = true;
        }
        Command::FilterInput(c) => {
            state.trains.list.filter.push(c);
            state.trains.relist();
        }
        Command::FilterBackspace => {
            state.trains.list.filter.pop();
            state.trains.relist();
        }
        Command::FilterDone => state.trains.list.filter_editing = false,
        Command::FilterCancel => {
            state.trains.list.filter_editing = false;
            state.trains.list.filter.clear();
            state.trains.relist();
        }
        // On the board: the departure's train, from the list when it has it, else by the id
        // the board gave (its journey asked for).
        Command::Details if state.focus == Pane::Board => {
            let Some(board) = &state.board.answer.data else {
                return;
            };
            let Some(d) = board.departures.get(state.board.offset) else {
                return;
            };
            let listed = state
                .trains
                .list
                .rows
                .iter()
                .position(|&i| match &d.train_id {
                    Some(id) => trains[i].id == *id,
                    None => d
                        .train_code
                        .as_deref()
                        .is_some_and(|c| trains[i].train_code.eq_ignore_ascii_case(c)),
                });
            match (listed, &d.train_id) {
                (Some(row), _) => {
                    state.trains.list.select_row(row, trains);
                    state.open_details();
                }
                (None, Some(id)) => {
                    let country = board
                        .station
                        .country
                        .clone()
                        .or(state.countries.selected.clone());
                    let train = d.as_train(id.clone(), country, &board.station.name);
                    state.open_departure_details(train);
                }
                (None, None) => {
                    let name = d.train_code.as_deref().unwrap_or(&d.line);
                    state.notice = Some((
                        format!(
                            "{name} to {} is not in the train list, and the board does not say which train it is",
                            d.destination
                        ),
                        state.now,
                    ));
                }
            }
        }
        Command::Details => {
            if state.trains.list.selected(trains).is_some() {
                state.open_details();
            }
        }
        Command::ToggleCancelled => {
            state.trains.list.hide_cancelled = !state.trains.list.hide_cancelled;
            state.trains.relist();
        }
        Command::CycleSort => {
            state.trains.list.sort = state.trains.list.sort.next();
            state.trains.relist();
        }
        Command::ReverseSort => {
            state.trains.list.reversed = !state.trains.list.reversed;
            state.trains.relist();
        }
        Command::ToggleMap => {
            state.map.shown = !state.map.shown && !state.map.full;
            state.map.full = false;
            if state.focus == Pane::Map {
                state.focus = Pane::Trains;
            }
            let (w, h) = state.size;
            if state.map.shown && state.areas().map.is_none() {
                state.notice = Some((
                    format!(
                        "the map needs {}×{} (this terminal is {w}×{h}); it shows when there is room",
                        layout::MAP_WIDTH,
                        layout::MAP_HEIGHT
                    ),
                    state.now,
                ));
            }
        }
        Command::Refresh => state.generation += 1,
        Command::Help => {
            state.overlay = Some(Overlay::Help);
            state.help_offset = 0;
        }
        Command::Close if state.overlay.is_none() && !state.trains.list.filter.is_empty() => {
            apply(state, Command::FilterCancel)
        }
        Command::Close if state.overlay.is_none() && state.focus == Pane::Map => {
            state.map.full = false;
            state.focus = Pane::Trains;
        }
        Command::FullMap => {
            state.map.full = !state.map.full;
            state.focus = if state.map.full {
                Pane::Map
            } else {
                Pane::Trains
            };
        }
        Command::Zoom(closer) => {
            let z = state.map.view.zoom;
            let z = if closer {
                z * mapview::ZOOM_STEP
            } else {
                z / mapview::ZOOM_STEP
            };
            state.map.view.zoom = z.clamp(mapview::MIN_ZOOM, mapview::MAX_ZOOM);
        }
        Command::Pan(east, north) => {
            if let Some((_, x, y)) = state.map_viewport() {
                let (cx, cy) = ((x[0] + x[1]) / 2.0, (y[0] + y[1]) / 2.0);
                let step = mapview::PAN_SHARE;
                state.map.view.center = Some((
                    cx + f64::from(east) * (x[1] - x[0]) * step,
                    (cy + f64::from(north) * (y[1] - y[0]) * step).clamp(-85.0, 85.0),
                ));
                state.map.view.follow = false;
            }
        }
        Command::FitMap => state.map.view = MapView::fitted(),
        Command::Follow => {
            if state.map.view.follow {
                // Stay where the train was.
                state.map.view.center = state.trains.selected_position();
                state.map.view.follow = false;
            } else if state.trains.selected_position().is_some() {
                state.map.view.follow = true;
            } else {
                state.notice = Some((
                    "the selected train has no position to follow".to_string(),
                    state.now,
                ));
            }
        }
        Command::Close => state.overlay = None,
        Command::Search(edit) => {
            if let Some(Overlay::Search(search)) = &mut state.overlay {
                if let Some(picked) = search.edit(edit) {
                    state.overlay = None;
                    // A station of another country takes the dashboard there.
                    if let Some(c) = picked.country.filter(|c| {
                        state
                            .countries
                            .selected
                            .as_deref()
                            .is_some_and(|now| now != *c)
                    }) {
                        state.select_country(Some(c.to_string()));
                    }
                    let key = state.countries.selected.clone().unwrap_or_default();
                    state.board.chosen.insert(key, picked.code.clone());
                    if state.board.station.as_deref() != Some(picked.code.as_str()) {
                        state.board.station = Some(picked.code);
                        state.board.answer.reset();
                        state.board.offset = 0;
                    }
                }
            }
        }
    }
}

fn click(state: &mut AppState, mouse: MouseEvent) {
    if state.overlay.is_some() {
        return;
    }
    let areas = state.areas();
    let (x, y) = (mouse.column, mouse.row);
    let inside = |r: Rect| x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
    // The wheel scrolls the pane under the pointer (three rows a notch), focusing it.
    let notch = match mouse.kind {
        MouseEventKind::ScrollUp => Some(-3isize),
        MouseEventKind::ScrollDown => Some(3),
        _ => None,
    };
    if let (Some(rows), Some(map)) = (notch, areas.map) {
        if inside(map) {
            state.focus = Pane::Map;
            apply(state, Command::Zoom(rows < 0));
            return;
        }
    }
    if let Some(rows) = notch {
        let pane = if inside(areas.trains) {
            Pane::Trains
        } else if inside(areas.board) {
            Pane::Board
        } else if inside(areas.countries) {
            Pane::Countries
        } else {
            return;
        };
        state.focus = pane;
        apply(
            state,
            Command::Move(if pane == Pane::Countries {
                rows.signum()
            } else {
                rows
            }),
        );
        return;
    }
    if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
        return;
    }
    if let Some(row) = areas.train_row_at(x, y) {
        state.focus = Pane::Trains;
        let trains = state.trains.realtime.data.clone();
        let trains = trains.as_deref().map_or(&[][..], |r| &r.trains);
        state
            .trains
            .list
            .select_row(state.trains.list.offset + row, trains);
    } else if let Some(i) = areas.country_at(x, y, state.countries.selector().len()) {
        state.focus = Pane::Countries;
        let entry = state.countries.selector()[i].clone();
        state.select_country(entry);
    } else if inside(areas.board) {
        state.focus = Pane::Board;
    } else if areas.map.is_some_and(inside) {
        state.focus = Pane::Map;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::model::Train;
    use crate::source::demo::DemoSource;
    use crate::source::demo::SIMULATED_COUNTRIES;
    use crate::source::{DeparturesQuery, RealtimeQuery};
    use crate::test_support::now;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn demo() -> DemoSource {
        DemoSource::new(1, 1, Clock::Fixed(now())).unwrap()
    }

    fn state(country: Option<&str>) -> AppState {
        let mut s = AppState::new(
            crate::source::LiveSource::info(&demo()),
            Settings::default(),
            country.map(String::from),
            None,
            now(),
        );
        s.size = (120, 40);
        s
    }

    fn realtime(country: Option<&str>) -> Arc<RealtimeResponse> {
        let q = RealtimeQuery {
            country: country.map(String::from),
            stop: None,
        };
        Arc::new(demo().realtime_at(&q, now()).unwrap())
    }

    fn arrive(s: &mut AppState, country: Option<&str>, answer: Arc<RealtimeResponse>) {
        update(
            s,
            Event::Answer(Answer::Realtime {
                country: country.map(String::from),
                result: Ok(answer),
                at: now(),
            }),
        );
    }

    fn key(s: &mut AppState, code: KeyCode) {
        update(s, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    fn typed(s: &mut AppState, text: &str) {
        for c in text.chars() {
            key(s, KeyCode::Char(c));
        }
    }

    fn selected_id(s: &AppState) -> String {
        s.trains.list.selected(s.trains.all()).unwrap().id.clone()
    }

    #[test]
    fn tick_and_resize_update_the_clock_and_size() {
        let mut s = state(None);
        update(&mut s, Event::Tick(now() + chrono::Duration::seconds(5)));
        assert_eq!((s.now - now()).num_seconds(), 5);
        update(&mut s, Event::Resize(200, 60));
        assert_eq!(s.size, (200, 60));
    }

    #[test]
    fn q_and_ctrl_c_quit() {
        let mut s = state(None);
        key(&mut s, KeyCode::Char('q'));
        assert!(s.should_quit);
        let mut s = state(None);
        update(
            &mut s,
            Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        );
        assert!(s.should_quit);
    }

    #[test]
    fn realtime_answers_fill_the_list_and_the_selector() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        assert_eq!(s.trains.list.rows.len(), s.trains.all().len());
        assert_eq!(s.countries.live.len(), SIMULATED_COUNTRIES.len());
        let fi = &s.countries.status["finland"];
        assert_eq!(fi.trains, Some(s.trains.all().len() as u64));
        assert_eq!(s.trains.realtime.next_in_secs(s.now), Some(15));
    }

    #[test]
    fn selection_is_kept_by_id_across_a_refresh() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        key(&mut s, KeyCode::Down);
        key(&mut s, KeyCode::Down);
        let id = selected_id(&s);
        // The next answer lists the same trains in reverse order.
        let mut reversed = (*realtime(Some("finland"))).clone();
        reversed.trains.reverse();
        s.trains.list.sort = crate::tui::list::SortKey::Code;
        arrive(&mut s, Some("finland"), Arc::new(reversed));
        assert_eq!(selected_id(&s), id);
    }

    #[test]
    fn answers_for_another_country_or_station_are_dropped() {
        let mut s = state(Some("finland"));
        assert_eq!(
            s.countries.selector(),
            [None, Some("finland".to_string())],
            "before any answer"
        );
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        key(&mut s, KeyCode::Right);
        assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
        assert!(
            s.trains.realtime.data.is_none(),
            "the old country's trains are gone"
        );
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        assert!(
            s.trains.realtime.data.is_none(),
            "a late Finnish answer is dropped"
        );
        arrive(&mut s, Some("ireland"), realtime(Some("ireland")));
        assert!(s
            .trains
            .all()
            .iter()
            .all(|t| t.country.as_deref() == Some("ireland")));

        let board = demo()
            .departures_at(
                &DeparturesQuery {
                    station: "HKI".into(),
                    limit: 10,
                },
                now(),
            )
            .unwrap();
        update(
            &mut s,
            Event::Answer(Answer::Board {
                station: "HKI".into(),
                result: Ok(Arc::new(board)),
                at: now(),
            }),
        );
        assert!(
            s.board.answer.data.is_none(),
            "the board now follows Ireland's main station"
        );
        assert_eq!(s.board.station.as_deref(), Some("CNLLY"));
    }

    #[test]
    fn a_failure_keeps_the_data_and_backs_off() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        let n = s.trains.all().len();
        for expected_wait in [30, 60, 120, 240, 300, 300] {
            update(
                &mut s,
                Event::Answer(Answer::Realtime {
                    country: Some("finland".into()),
                    result: Err("down".into()),
                    at: now(),
                }),
            );
            assert_eq!(s.trains.realtime.next_in_secs(now()), Some(expected_wait));
        }
        assert_eq!(s.trains.all().len(), n, "the last good data stays");
        assert!(s.trains.realtime.is_stale());
        assert_eq!(
            s.countries.status["finland"].failing.as_deref(),
            Some("down")
        );
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        assert!(!s.trains.realtime.is_stale());
        assert_eq!(s.trains.realtime.failures, 0);
        assert!(s.countries.status["finland"].failing.is_none());
    }

    #[test]
    fn arrows_pages_and_ends_move_the_selection() {
        let mut s = state(None);
        arrive(&mut s, None, realtime(None));
        key(&mut s, KeyCode::Char('j'));
        assert_eq!(s.trains.list.cursor, 1);
        key(&mut s, KeyCode::Char('k'));
        assert_eq!(s.trains.list.cursor, 0);
        key(&mut s, KeyCode::PageDown);
        let page = s.areas().train_rows();
        assert_eq!(s.trains.list.cursor, page);
        key(&mut s, KeyCode::Char('G'));
        assert_eq!(s.trains.list.cursor, s.trains.list.rows.len() - 1);
        assert!(
            s.trains.list.offset + page >= s.trains.list.rows.len(),
            "the last row is visible"
        );
        key(&mut s, KeyCode::Char('g'));
        assert_eq!((s.trains.list.cursor, s.trains.list.offset), (0, 0));
        key(&mut s, KeyCode::PageUp);
        assert_eq!(s.trains.list.cursor, 0);
    }

    #[test]
    fn left_and_right_cycle_through_countries_and_all() {
        let mut s = state(None);
        arrive(&mut s, None, realtime(None));
        key(&mut s, KeyCode::Left);
        assert_eq!(
            s.countries.selected.as_deref(),
            Some("spain"),
            "wraps around"
        );
        key(&mut s, KeyCode::Right);
        assert_eq!(s.countries.selected, None);
        key(&mut s, KeyCode::Char('l'));
        assert_eq!(s.countries.selected.as_deref(), Some("finland"));
        assert_eq!(
            s.board.station.as_deref(),
            Some("HKI"),
            "the board follows the country"
        );
    }

    #[test]
    fn tab_cycles_focus_and_arrows_act_on_the_focused_pane() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        assert_eq!(s.focus, Pane::Trains);
        key(&mut s, KeyCode::Tab);
        assert_eq!(s.focus, Pane::Board);
        key(&mut s, KeyCode::Tab);
        assert_eq!(
            s.focus,
            Pane::Map,
            "the map takes the focus where it is shown"
        );
        assert_eq!(s.key_mode(), Mode::Map);
        key(&mut s, KeyCode::Tab);
        assert_eq!(s.focus, Pane::Countries);
        key(&mut s, KeyCode::Down);
        assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
        key(&mut s, KeyCode::BackTab);
        assert_eq!(s.focus, Pane::Map);
        // Hidden, the map is no stop of the cycle.
        key(&mut s, KeyCode::Char('m'));
        assert_eq!(s.focus, Pane::Trains);
        key(&mut s, KeyCode::BackTab);
        assert_eq!(s.focus, Pane::Countries);
        key(&mut s, KeyCode::BackTab);
        assert_eq!(s.focus, Pane::Board);
    }

    #[test]
    fn the_map_zooms_pans_fits_follows_and_fills_the_screen() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        let (_, x0, y0) = s.map_viewport().unwrap();
        s.focus = Pane::Map;
        key(&mut s, KeyCode::Char('+'));
        let (_, x1, _) = s.map_viewport().unwrap();
        assert!(((x0[1] - x0[0]) / (x1[1] - x1[0]) - mapview::ZOOM_STEP).abs() < 1e-9);
        key(&mut s, KeyCode::Right);
        let (_, x2, y2) = s.map_viewport().unwrap();
        let moved = (x2[0] - x1[0]) / (x1[1] - x1[0]);
        assert!(
            (moved - mapview::PAN_SHARE).abs() < 1e-9,
            "a quarter of the view east"
        );
        key(&mut s, KeyCode::Up);
        let (_, _, y3) = s.map_viewport().unwrap();
        assert!(y3[0] > y2[0], "north");
        key(&mut s, KeyCode::Char('0'));
        assert_eq!(s.map_viewport().unwrap().1, x0, "0 fits the country again");
        assert_eq!(s.map_viewport().unwrap().2, y0);
        // f follows the selected train (one with a position), f again stays there.
        let placed = s
            .trains
            .list
            .rows
            .iter()
            .position(|&i| s.trains.all()[i].has_position())
            .unwrap();
        s.trains.list.cursor = placed;
        key(&mut s, KeyCode::Char('f'));
        let (lng, lat) = s.trains.selected_position().unwrap();
        let (_, x, y) = s.map_viewport().unwrap();
        assert!(
            ((x[0] + x[1]) / 2.0 - lng).abs() < 1e-9 && ((y[0] + y[1]) / 2.0 - lat).abs() < 1e-9
        );
        key(&mut s, KeyCode::Char('f'));
        assert!(!s.map.view.follow);
        assert_eq!(s.map.view.center, Some((lng, lat)));
        // The wheel over the map zooms; M fills the screen and Esc brings the panes back.
        let map = s.areas().map.unwrap();
        let before = s.map.view.zoom;
        update(
            &mut s,
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::ScrollUp,
                column: map.x + 3,
                row: map.y + 3,
                modifiers: KeyModifiers::NONE,
            }),
        );
        assert!(s.map.view.zoom > before);
        key(&mut s, KeyCode::Char('M'));
        assert!(s.map.full);
        assert_eq!(s.areas().map.map(|m| m.width), Some(120));
        key(&mut s, KeyCode::Esc);
        assert!(!s.map.full);
        assert_eq!(s.focus, Pane::Trains);
        // Another country starts fitted.
        key(&mut s, KeyCode::Right);
        assert!(s.map.view.is_fitted());
    }

    #[test]
    fn the_filter_narrows_as_you_type_and_esc_clears_it() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        let all = s.trains.list.rows.len();
        key(&mut s, KeyCode::Char('/'));
        assert!(s.trains.list.filter_editing);
        typed(&mut s, "tampere");
        assert!(s.trains.list.rows.len() < all && !s.trains.list.rows.is_empty());
        assert!(!s.should_quit, "q typed into the filter does not quit");
        key(&mut s, KeyCode::Backspace);
        assert_eq!(s.trains.list.filter, "tamper");
        key(&mut s, KeyCode::Enter);
        assert!(!s.trains.list.filter_editing);
        assert!(s.trains.list.rows.len() < all, "Enter keeps the filter");
        key(&mut s, KeyCode::Esc);
        assert_eq!(s.trains.list.rows.len(), all, "Esc clears it");
    }

    #[test]
    fn sort_cancelled_map_refresh_keys() {
        let mut s = state(None);
        arrive(&mut s, None, realtime(None));
        key(&mut s, KeyCode::Char('s'));
        assert_eq!(s.trains.list.sort, crate::tui::list::SortKey::Code);
        let with_cancelled = s.trains.list.rows.len();
        key(&mut s, KeyCode::Char('c'));
        assert!(s.trains.list.rows.len() < with_cancelled);
        assert!(s
            .trains
            .list
            .rows
            .iter()
            .all(|&i| s.trains.all()[i].status != "cancelled"));
        key(&mut s, KeyCode::Char('c'));
        assert_eq!(
            s.trains.list.rows.len(),
            with_cancelled,
            "cancelled trains show by default"
        );
        key(&mut s, KeyCode::Char('m'));
        assert!(!s.map.shown);
        let g = s.wanted().generation;
        key(&mut s, KeyCode::Char('r'));
        assert_eq!(s.wanted().generation, g + 1);
    }

    /// The demo's Helsinki board (`limit` rows) arrives; what it was.
    fn hki_board_arrives(s: &mut AppState, limit: usize) -> crate::model::DeparturesResponse {
        let board = demo()
            .departures_at(
                &crate::source::DeparturesQuery {
                    station: "HKI".into(),
                    limit,
                },
                now(),
            )
            .unwrap();
        update(
            s,
            Event::Answer(Answer::Board {
                station: "HKI".into(),
                result: Ok(Arc::new(board.clone())),
                at: now(),
            }),
        );
        board
    }

    fn journey_arrives(s: &mut AppState, id: &str) {
        let journey = demo().journey_at(id, now());
        update(
            s,
            Event::Answer(Answer::Journey {
                id: id.to_string(),
                result: journey.map(Arc::new).map_err(|e| Failure::of(&e)),
                at: now(),
            }),
        );
    }

    #[test]
    fn the_details_window_asks_for_its_trains_journey_and_scrolls_it() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        let selected = s.trains.list.selected(s.trains.all()).map(|t| t.id.clone());
        assert_eq!(
            s.wanted().journey,
            selected,
            "the map draws the selected train's"
        );
        key(&mut s, KeyCode::Char('m'));
        assert_eq!(s.wanted().journey, None, "no map, no window: no journey");
        key(&mut s, KeyCode::Down);
        key(&mut s, KeyCode::Enter);
        let id = s.details_of().unwrap().to_string();
        assert_eq!(s.wanted().journey.as_deref(), Some(id.as_str()));
        assert!(s.shown_journey().is_none(), "nothing fetched yet");
        // An answer for another train (the window moved on) is dropped.
        let other = s
            .trains
            .all()
            .iter()
            .find(|t| t.id != id)
            .unwrap()
            .id
            .clone();
        journey_arrives(&mut s, &other);
        assert!(s.shown_journey().is_none());
        journey_arrives(&mut s, &id);
        let shown = s.shown_journey().unwrap().data.clone().unwrap();
        assert_eq!(shown.train.id, id);
        // ↑↓ scroll the journey, not the list, on a screen too low for all of it.
        s.size = (80, 16);
        let cursor = s.trains.list.cursor;
        assert_eq!(s.details.scroll, None, "following the train");
        key(&mut s, KeyCode::Down);
        assert_eq!(s.trains.list.cursor, cursor);
        assert_eq!(s.details.scroll, Some(s.journey_follow_offset() + 1));
        // Held past the end it stops at the last page, so one ↑ moves the view at once.
        let last = s.journey_last_start();
        assert!(last > 0, "a journey longer than the window at {:?}", s.size);
        for _ in 0..shown.stops.len() + 20 {
            key(&mut s, KeyCode::Down);
        }
        assert_eq!(s.journey_offset(), last);
        key(&mut s, KeyCode::Up);
        assert_eq!(s.journey_offset(), last - 1);
        key(&mut s, KeyCode::Esc);
        assert_eq!(s.wanted().journey, None);
        // Opened again on the same train, the journey is still there, following again.
        key(&mut s, KeyCode::Enter);
        assert!(s.shown_journey().is_some());
        assert_eq!(s.details.scroll, None);
        // On another train it is asked for afresh.
        key(&mut s, KeyCode::Esc);
        key(&mut s, KeyCode::Down);
        key(&mut s, KeyCode::Enter);
        assert_ne!(s.details_of(), Some(id.as_str()));
        assert!(s.shown_journey().is_none());
        // A feed without journeys says so.
        let id = s.details_of().unwrap().to_string();
        update(
            &mut s,
            Event::Answer(Answer::Journey {
                id,
                result: Err(Failure::of(&"Norway's feed (Entur) has no journeys")),
                at: now(),
            }),
        );
        assert_eq!(
            s.shown_journey().unwrap().error.as_deref(),
            Some("Norway's feed (Entur) has no journeys")
        );
    }

    #[test]
    fn help_details_and_esc() {
        let mut s = state(Some("finland"));
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, None, "no train, no details");
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, Some(Overlay::Details));
        key(&mut s, KeyCode::Esc);
        assert_eq!(s.overlay, None);
        key(&mut s, KeyCode::Char('?'));
        assert_eq!(s.overlay, Some(Overlay::Help));
        key(&mut s, KeyCode::Down);
        assert_eq!(
            s.trains.list.cursor, 0,
            "keys do not reach the list under a window"
        );
        assert_eq!(s.help_offset, 1, "they scroll the help instead");
        key(&mut s, KeyCode::PageDown);
        assert_eq!(s.help_offset, 11);
        key(&mut s, KeyCode::Char('?'));
        assert_eq!(s.overlay, None);
    }

    /// A country chosen after an all-countries answer shows its part at once, and keeps it,
    /// marked stale with the error, when its own fetch fails.
    #[test]
    fn a_failed_refresh_keeps_the_countrys_last_trains() {
        let mut s = state(None);
        arrive(&mut s, None, realtime(None));
        let finnish = s
            .trains
            .all()
            .iter()
            .filter(|t| t.country.as_deref() == Some("finland"))
            .count();
        assert!(finnish > 0);
        while s.countries.selected.as_deref() != Some("finland") {
            key(&mut s, KeyCode::Right);
        }
        assert_eq!(
            s.trains.all().len(),
            finnish,
            "its part of the last answer, at once"
        );
        update(
            &mut s,
            Event::Answer(Answer::Realtime {
                country: Some("finland".into()),
                result: Err("Digitraffic answered 503".into()),
                at: now() + chrono::Duration::seconds(17),
            }),
        );
        assert_eq!(s.trains.all().len(), finnish, "kept through the failure");
        assert!(s.trains.realtime.is_stale());
        assert_eq!(
            s.trains.realtime.error.as_deref(),
            Some("Digitraffic answered 503")
        );
    }

    #[test]
    fn keys_that_cannot_act_say_why_and_the_wheel_scrolls() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        s.size = (90, 30);
        key(&mut s, KeyCode::Char('m'));
        key(&mut s, KeyCode::Char('m'));
        let (text, _) = s.notice.clone().expect("m says why the map is not shown");
        assert!(text.contains("100×30") && text.contains("90×30"), "{text}");

        s.size = (120, 40);
        let wheel = |kind| MouseEvent {
            kind,
            column: s.areas().trains.x + 3,
            row: s.areas().trains.y + 4,
            modifiers: KeyModifiers::NONE,
        };
        let down = wheel(MouseEventKind::ScrollDown);
        update(&mut s, Event::Mouse(down));
        assert_eq!((s.focus, s.trains.list.cursor), (Pane::Trains, 3));

        // Enter on the board opens the departure's train when the list has it.
        let board = hki_board_arrives(&mut s, 20);
        let listed = board
            .departures
            .iter()
            .position(|d| {
                d.train_code
                    .as_deref()
                    .is_some_and(|c| s.trains.all().iter().any(|t| t.train_code == c))
            })
            .expect("a departure whose train is listed");
        s.focus = Pane::Board;
        s.board.offset = listed;
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, Some(Overlay::Details));
        let code = board.departures[listed].train_code.clone().unwrap();
        assert_eq!(
            s.trains.list.selected(s.trains.all()).unwrap().train_code,
            code
        );
    }

    /// Enter on a departure whose train is not listed (it has not left its first station):
    /// its details by the id the board gave, its journey asked for, the feed's record once it
    /// comes; a departure without an id says why nothing opens.
    #[test]
    fn enter_on_an_unlisted_departure_opens_its_train_by_id() {
        let mut s = state(Some("finland"));
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        let mut board = hki_board_arrives(&mut s, 40);
        let unlisted = board
            .departures
            .iter()
            .position(|d| {
                let id = d.train_id.as_deref().unwrap();
                !s.trains.all().iter().any(|t| t.id == id)
            })
            .expect("a departure whose train is not running yet");
        let id = board.departures[unlisted].train_id.clone().unwrap();
        s.focus = Pane::Board;
        s.board.offset = unlisted;
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, Some(Overlay::Details));
        assert_eq!(s.details_of(), Some(id.as_str()));
        assert_eq!(s.wanted().journey.as_deref(), Some(id.as_str()));
        assert_eq!(
            s.details_train().unwrap().next_station.as_deref(),
            Some(board.station.name.as_str()),
            "until the journey comes, the board's record"
        );
        journey_arrives(&mut s, &id);
        let journey = s.shown_journey().and_then(|j| j.data.clone()).unwrap();
        assert!(journey.stops.len() > 2);
        assert_eq!(s.details_train().unwrap(), &journey.train);

        // Closed and opened on a listed train: that train's, not the departure's.
        key(&mut s, KeyCode::Esc);
        s.focus = Pane::Trains;
        key(&mut s, KeyCode::Enter);
        assert_ne!(s.details_of(), Some(id.as_str()));
        key(&mut s, KeyCode::Esc);

        // A board that does not say which train (a hub feed away from its hub).
        board.departures[unlisted].train_id = None;
        board.departures[unlisted].train_code = Some("X 1".into());
        update(
            &mut s,
            Event::Answer(Answer::Board {
                station: "HKI".into(),
                result: Ok(Arc::new(board)),
                at: now(),
            }),
        );
        s.focus = Pane::Board;
        s.board.offset = unlisted;
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, None);
        let (notice, _) = s.notice.clone().unwrap();
        assert!(notice.contains("does not say which train"), "{notice}");
    }

    /// Offline from the start, the selector still lists the source's countries.
    #[test]
    fn offline_the_selector_lists_the_known_countries() {
        let mut s = state(None);
        s.countries.known = vec!["finland".into(), "ireland".into()];
        update(
            &mut s,
            Event::Answer(Answer::Realtime {
                country: None,
                result: Err("cannot connect".into()),
                at: now(),
            }),
        );
        assert_eq!(
            s.countries.selector().len(),
            3,
            "all countries, then the two"
        );
        key(&mut s, KeyCode::Right);
        assert_eq!(s.countries.selected.as_deref(), Some("finland"));
    }

    #[test]
    fn the_station_search_picks_a_station() {
        let mut s = state(Some("finland"));
        assert_eq!(s.board.station.as_deref(), Some("HKI"));
        key(&mut s, KeyCode::Char('b'));
        typed(&mut s, "tamp");
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, None);
        assert_eq!(s.board.station.as_deref(), Some("TPE"));
        assert_eq!(
            s.board.chosen.get("finland").map(String::as_str),
            Some("TPE")
        );
        // Another country shows its own board, and the chosen one comes back with Finland.
        arrive(&mut s, Some("finland"), realtime(Some("finland")));
        key(&mut s, KeyCode::Right);
        assert_ne!(s.countries.selected.as_deref(), Some("finland"));
        assert_ne!(s.board.station.as_deref(), Some("TPE"));
        key(&mut s, KeyCode::Left);
        assert_eq!(s.countries.selected.as_deref(), Some("finland"));
        assert_eq!(s.board.station.as_deref(), Some("TPE"));
        // Esc leaves the station as it was; q typed in the box does not quit.
        key(&mut s, KeyCode::Char('b'));
        typed(&mut s, "q");
        key(&mut s, KeyCode::Esc);
        assert!(!s.should_quit);
        assert_eq!(s.board.station.as_deref(), Some("TPE"));
    }

    #[test]
    fn clicks_select_trains_and_countries() {
        let mut s = state(None);
        arrive(&mut s, None, realtime(None));
        let areas = s.areas();
        let click = |x, y| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            })
        };
        update(&mut s, click(areas.trains.x + 3, areas.trains.y + 2 + 4));
        assert_eq!(s.trains.list.cursor, 4);
        // The third entry of the selector is Ireland (All, Finland, Ireland…).
        update(&mut s, click(areas.countries.x + 2, areas.countries.y + 3));
        assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
        assert_eq!(s.focus, Pane::Countries);
    }

    #[test]
    fn the_delay_history_grows_per_refresh() {
        let mut s = state(Some("finland"));
        let mut answer = (*realtime(Some("finland"))).clone();
        let id = answer.trains[0].id.clone();
        for (i, d) in [0, 2, 5].iter().enumerate() {
            answer.trains[0].delay = Some(*d);
            update(
                &mut s,
                Event::Answer(Answer::Realtime {
                    country: Some("finland".into()),
                    result: Ok(Arc::new(answer.clone())),
                    at: now() + chrono::Duration::seconds(15 * i as i64),
                }),
            );
        }
        let h = s.trains.history.of(&id).unwrap();
        assert_eq!(
            h.delays.iter().copied().collect::<Vec<_>>(),
            [Some(0), Some(2), Some(5)]
        );
    }

    #[test]
    fn hostile_answers_do_not_break_the_state() {
        let mut s = state(None);
        let weird = RealtimeResponse {
            trains: vec![
                Train {
                    id: String::new(),
                    train_code: String::new(),
                    delay: Some(i64::MAX),
                    ..Train::default()
                },
                Train {
                    id: "x".into(),
                    delay: Some(i64::MIN),
                    ..Train::default()
                },
            ],
            ..RealtimeResponse::default()
        };
        arrive(&mut s, None, Arc::new(weird));
        key(&mut s, KeyCode::Char('G'));
        key(&mut s, KeyCode::Enter);
        assert_eq!(s.overlay, Some(Overlay::Details));
    }
}
