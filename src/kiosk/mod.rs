//! `railtop board STATION…`: a full-screen departure board that runs unattended. No chrome to
//! operate: it pages and rotates by itself, keeps the last good board through any failure (saying
//! how old it is), and only `q` or Ctrl-C ends it. A [`Program`] of the shared screen runtime
//! (terminal, pollers, freshness, theme); `railtop ssh` runs the same program per viewer.

pub mod layout;
pub(crate) mod pollers;
pub(crate) mod rows;
pub mod state;
pub mod view;

pub use state::{record_board, update, KioskSettings, KioskState};
pub use view::render;

use crate::refresh::{Answer, Event};
use crate::screen::spoken::{self, Spoken};
use crate::screen::{self, Program, ScreenError};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_i18n::tr;
use ratatui::Frame;
use std::sync::Arc;
use tokio::sync::mpsc;

impl Program for KioskState {
    type Message = Answer;
    /// Nothing to click on a board nobody operates.
    const MOUSE: bool = false;

    fn update(&mut self, event: Event) {
        update(self, event);
    }

    fn render(&self, frame: &mut Frame) {
        view::draw(self, frame);
    }

    fn should_quit(&self) -> bool {
        self.should_quit
    }

    fn spoken(&self) -> Option<Spoken> {
        Some(spoken_board(self))
    }
}

/// The board as the screen-reader mode says it: "Departures from Helsinki", then a sentence a
/// train ("IC 27 to Tampere, 10:42, expected 10:47, platform 7, 5 minutes late").
fn spoken_board(state: &KioskState) -> Spoken {
    let lang = state.lang();
    let mut heading = spoken::board_heading(state.kind, &state.station_name(state.current), lang);
    let filters = state.filters();
    if !filters.is_empty() {
        heading = format!("{heading}, {}", filters.join(", "));
    }
    let items = state
        .visible()
        .into_iter()
        .map(|d| spoken::departure_item(d, state.kind, lang))
        .collect();
    Spoken {
        heading,
        items,
        status: spoken_status(state),
        lang,
        ..Spoken::default()
    }
}

/// Why the board said may not be live: dark outside its hours, its feed failing (and since
/// when, and how old the board is), or its timetable still being read.
fn spoken_status(state: &KioskState) -> Option<String> {
    let tz = state.tz();
    let at = |t: chrono::DateTime<chrono::Utc>| t.with_timezone(&tz).format("%H:%M").to_string();
    let feed = state.board();
    let lang = state.lang();
    if state.is_closed() {
        return Some(lang.t("spoken-closed").into());
    }
    if feed.waiting {
        return Some(lang.t("spoken-timetable-being-read").into());
    }
    match (feed.failing_since, feed.received_at) {
        (Some(since), Some(data)) => Some(tr!(
            lang,
            "spoken-feed-unavailable-from",
            since = at(since),
            at = at(data)
        )),
        (Some(since), None) => Some(tr!(lang, "spoken-feed-unavailable", since = at(since))),
        _ => None,
    }
}

/// Runs the board in this terminal until `q`, Ctrl-C or a stop signal.
pub async fn run(
    source: Arc<CachedSource>,
    clock: Clock,
    boards: Vec<TravelQuery>,
    settings: KioskSettings,
) -> Result<(), ScreenError> {
    let info = source.info();
    let interval = settings.board_interval_secs;
    let mut state = KioskState::new(
        &boards,
        settings,
        info.attribution,
        info.is_demo,
        clock.now(),
    );
    state.fixed_clock = matches!(clock, Clock::Fixed(_));
    let (tx, answers) = mpsc::channel::<Event>(16);
    crate::refresh::spawn_boards(source, clock, boards, tx, interval);
    if state.settings.screen_reader {
        // The person moves between stations (← →); the board never turns by itself.
        state.settings.rotate_secs = u64::MAX;
        return screen::run_spoken(&mut state, answers, clock).await;
    }
    screen::run(&mut state, answers, clock).await
}

#[cfg(test)]
mod tests;
