//! `railtop board STATION…`: a full-screen departure board that runs unattended. No chrome to
//! operate: it pages and rotates by itself, keeps the last good board through any failure (saying
//! how old it is), and only `q` or Ctrl-C ends it. A [`Program`] of the shared screen runtime
//! (terminal, pollers, freshness, theme); `railtop ssh` runs the same program per viewer.

pub mod layout;
pub mod state;
pub mod view;

pub use state::{record_board, update, KioskSettings, KioskState};
pub use view::render;

use crate::refresh::{Answer, Event};
use crate::screen::{self, Program, ScreenError};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
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
    screen::run(&mut state, answers, clock).await
}

#[cfg(test)]
mod tests;
