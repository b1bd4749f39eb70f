//! The dashboard as a [`Program`] of the shared screen runtime: its state, plus the channel that
//! tells the pollers what to fetch, published after every update that changes it.

use super::app::{update, AppState, Settings};
use super::view;
use crate::clock::Clock;
use crate::refresh::{Answer, Event};
use crate::refresh::{Intervals, Wanted};
use crate::screen::{self, Program, ScreenError};
use crate::source::cache::CachedSource;
use ratatui::Frame;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

pub struct DashboardOptions {
    pub country: Option<String>,
    pub station: Option<String>,
    pub settings: Settings,
}

struct Dashboard {
    state: AppState,
    wanted: watch::Sender<Wanted>,
}

impl Program for Dashboard {
    type Message = Answer;
    const MOUSE: bool = true;

    fn update(&mut self, event: Event) {
        update(&mut self.state, event);
        let wanted = self.state.wanted();
        if *self.wanted.borrow() != wanted {
            self.wanted.send_replace(wanted);
        }
    }

    fn render(&self, frame: &mut Frame) {
        view::draw(&self.state, frame);
    }

    fn should_quit(&self) -> bool {
        self.state.should_quit
    }
}

/// Runs the dashboard until `q`, Ctrl-C or a stop signal.
pub async fn run(
    source: Arc<CachedSource>,
    clock: Clock,
    options: DashboardOptions,
) -> Result<(), ScreenError> {
    let intervals = Intervals {
        realtime_secs: options.settings.interval_secs,
        board_secs: options.settings.board_interval_secs,
    };
    let mut state = AppState::new(
        source.info(),
        options.settings,
        options.country,
        options.station,
        clock.now(),
    );
    state.searches_elsewhere = source.searches_elsewhere();
    state.fixed_clock = matches!(clock, Clock::Fixed(_));
    state.served = source.countries();
    state.countries.not_live = source
        .not_live()
        .into_iter()
        .map(|(c, why)| (c.to_string(), why))
        .collect();
    // The countries the selector offers before (or without) an answer that lists them.
    state.countries.known = crate::country::COUNTRIES
        .iter()
        .map(|c| c.slug.to_string())
        .filter(|c| !state.countries.not_live.iter().any(|(n, _)| n == c))
        .chain(source.regions())
        .collect();
    let (wanted, wanted_rx) = watch::channel(state.wanted());
    let (answers_tx, answers) = mpsc::channel::<Event>(16);
    crate::refresh::spawn(source, clock, wanted_rx, answers_tx, intervals);
    screen::run(&mut Dashboard { state, wanted }, answers, clock).await
}
