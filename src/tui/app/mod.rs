//! The dashboard's state and its one pure transition, `update(&mut AppState, Event)`.
//! No I/O here: answers arrive as events, the clock arrives in `Tick`, and what the pollers
//! should fetch is read off the state ([`AppState::wanted`]) by the run loop.

use super::keymap::Mode;
use super::layout::{self, Areas};
use super::mapview::{self, MapView};
use super::pane::{Board, Countries, Details, Map, Trains};
use super::search::StationSearch;
use crate::refresh::Wanted;
use crate::screen::Polled;
use chrono::{DateTime, Utc};
use railtop_core::config::defaults;
use railtop_core::country;
use railtop_core::model::{JourneyResponse, Train};
use railtop_feeds::source::SourceInfo;
use ratatui::layout::Rect;

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
    Search(Box<StationSearch>),
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub interval_secs: u64,
    pub board_interval_secs: u64,
    /// The colours (`mono` for none).
    pub theme: railtop_core::config::Theme,
    /// Minutes late that still count as on time.
    pub on_time_minutes: i64,
    /// The keys in force: the defaults with the configuration's `[keys]` applied.
    pub keys: super::keymap::Keymap,
    /// Said as lines for a screen reader, not drawn (`--screen-reader`).
    pub screen_reader: bool,
    /// The language of the dashboard's own words.
    pub lang: railtop_i18n::Lang,
}

impl Settings {
    pub fn theme(&self) -> crate::screen::theme::Theme {
        crate::screen::theme::Theme::of(self.theme)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            interval_secs: defaults::INTERVAL_SECS,
            board_interval_secs: defaults::BOARD_INTERVAL_SECS,
            theme: railtop_core::config::Theme::Color,
            on_time_minutes: defaults::ON_TIME_MINUTES as i64,
            keys: Default::default(),
            screen_reader: false,
            lang: railtop_i18n::Lang::En,
        }
    }
}

/// The recorded hours of one country (`None`: all) of this source, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecordedHours {
    pub country: Option<String>,
    /// Each hour's share on time (`None`: no delay seen that hour); empty: none recorded.
    pub hours: Vec<Option<f64>>,
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
    /// `RAILTOP_NOW` holds the clock still: every screen says so.
    pub fixed_clock: bool,
    /// The countries the source answers for, where it answers for some only: the station
    /// search offers no others.
    pub served: Option<Vec<&'static str>>,
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
    /// Where the source's GTFS timetables are (the header shows one being read).
    pub schedules: Vec<railtop_feeds::source::ScheduleStatus>,
    /// The last 24 hours' share on time from `railtop record`'s file; the header draws it as
    /// a sparkline while the country it is of is on screen.
    pub history: RecordedHours,
    /// The stations pinned and the last board, as kept between runs ([`crate::tui::memory`]).
    pub memory: crate::tui::memory::Memory,
}

/// The furthest a journey scrolls (the view shows its last page past the end).
const MAX_STOPS_SCROLL: usize = railtop_core::model::journey::MAX_STOPS;

/// How long a notice stays in the footer.
pub(crate) const NOTICE_SECS: i64 = 5;

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
            fixed_clock: false,
            served: None,
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
            schedules: Vec::new(),
            history: RecordedHours::default(),
            memory: Default::default(),
        };
        state
            .board
            .follow_country(state.countries.selected.as_deref());
        state
    }

    /// The board's station as the memory keeps it: `country:code` from its answer, else as
    /// it was given.
    pub fn board_station(&self) -> Option<String> {
        match &self.board.answer.data {
            Some(b) if !b.station.code.is_empty() => Some(match &b.station.country {
                Some(country) => format!("{country}:{}", b.station.code),
                None => b.station.code.clone(),
            }),
            _ => self.board.station.clone(),
        }
    }

    /// What the dashboard would remember now: its pins and the board shown (as it was last
    /// remembered while no board is shown, or while the board has not answered).
    pub fn remembered(&self) -> crate::tui::memory::Memory {
        let pinned = self.memory.pinned.clone();
        // Only a board that answered, or a station of the directory, is remembered: a station
        // that is none (`--station NOWHERE`) must not come back at the next start.
        let answered = self
            .board
            .answer
            .data
            .as_ref()
            .is_some_and(|b| !b.station.code.is_empty())
            || self
                .board
                .station
                .as_deref()
                .is_some_and(|s| railtop_core::stations::current().named(s).is_some());
        let Some(last) = self.board_station().filter(|_| answered) else {
            return crate::tui::memory::Memory {
                pinned,
                ..self.memory.clone()
            };
        };
        crate::tui::memory::Memory {
            last: Some(last),
            also: self.board.also.clone(),
            arrivals: self.board.kind == railtop_core::model::Kind::Arrivals,
            route: self.board.route.end.as_ref().map(|p| p.asked.clone()),
            pinned,
        }
    }

    pub(crate) fn wanted(&self) -> Wanted {
        Wanted {
            country: self.countries.selected.clone(),
            board: self.board.query(),
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
    pub(crate) fn details_train(&self) -> Option<&Train> {
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
    pub(crate) fn shown_journey(&self) -> Option<&Polled<JourneyResponse>> {
        let open = self.details_of()?;
        (self.details.of.as_deref() == Some(open)).then_some(&self.details.journey)
    }

    /// The selected train's journey, for the map (whether or not its details are open).
    pub(crate) fn selected_journey(&self) -> Option<&JourneyResponse> {
        let selected = self.trains.list.selected(self.trains.all())?;
        (self.details.of.as_deref() == Some(selected.id.as_str()))
            .then_some(self.details.journey.data.as_deref())
            .flatten()
    }

    pub fn areas(&self) -> Areas {
        self.areas_in(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// The panes in `area` (the frame's, which is the terminal's size).
    pub(crate) fn areas_in(&self, area: Rect) -> Areas {
        layout::areas(area, self.map.placement())
    }

    /// The `(lng, lat)` box the map fits: the country's, else the trains' extent.
    pub(crate) fn map_box(&self) -> mapview::Extent {
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
    pub(crate) fn map_viewport(&self) -> Option<(Rect, [f64; 2], [f64; 2])> {
        self.map_viewport_in(self.areas().map?)
    }

    /// [`map_viewport`](Self::map_viewport) for the map pane at `area`.
    pub(crate) fn map_viewport_in(&self, area: Rect) -> Option<(Rect, [f64; 2], [f64; 2])> {
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
    pub(crate) fn key_mode(&self) -> Mode {
        match &self.overlay {
            Some(Overlay::Search(_)) => Mode::Search,
            Some(Overlay::Help | Overlay::Details) => Mode::Window,
            None if self.trains.list.filter_editing => Mode::Filtering,
            None if self.focus == Pane::Map && self.areas().map.is_some() => Mode::Map,
            None => Mode::Normal,
        }
    }

    /// The clock of a country or region: its feed's (a `[[feeds]]` entry's `timezone`), else
    /// the country's; `None` for a region the source does not describe.
    pub fn zone_of(&self, slug: &str) -> Option<chrono_tz::Tz> {
        self.source
            .feed(slug)
            .map(|f| f.tz)
            .or_else(|| country::by_slug(slug).map(|c| c.tz))
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
    pub(crate) fn journey_offset(&self) -> usize {
        self.details
            .scroll
            .unwrap_or_else(|| self.journey_follow_offset())
            .min(self.journey_last_start())
    }

    /// The journey's first row shown while it follows the train: two stops before the next.
    pub(crate) fn journey_follow_offset(&self) -> usize {
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

mod update;
pub use update::update;

#[cfg(test)]
mod tests;
