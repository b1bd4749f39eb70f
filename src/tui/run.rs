//! The dashboard as a [`Program`] of the shared screen runtime: its state, plus the channel that
//! tells the pollers what to fetch, published after every update that changes it.

use super::app::{update, AppState, Settings};
use super::memory::Memory;
use super::view;
use crate::refresh::{Answer, Event};
use crate::refresh::{Intervals, Wanted};
use crate::screen::{self, Program, ScreenError};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use ratatui::Frame;
use std::path::PathBuf;
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
    /// Where the pins and the last board are kept (`None`: nowhere, no HOME), and what was
    /// last written there.
    memory: Option<(PathBuf, Memory)>,
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
        // A pin, or another board shown: written now (a few hundred bytes), so a crash or a
        // kill loses nothing.
        if let Some((path, saved)) = &mut self.memory {
            let now = self.state.remembered();
            if now != *saved {
                if let Err(e) = now.save(path) {
                    tracing::warn!(path = %path.display(), "cannot keep the pins: {e}");
                }
                *saved = now;
            }
        }
    }

    fn render(&self, frame: &mut Frame) {
        view::draw(&self.state, frame);
    }

    fn should_quit(&self) -> bool {
        self.state.should_quit
    }

    fn spoken(&self) -> Option<crate::screen::spoken::Spoken> {
        Some(super::spoken::of(&self.state))
    }
}

fn dashboard_on_time(state: &AppState) -> i64 {
    state.settings.on_time_minutes
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
    let path = super::memory::default_path();
    let memory = path.as_deref().map(Memory::load).unwrap_or_default();
    // Without a station asked for, the last board shown comes back (in its country, or with
    // every country shown).
    let of_country = |last: &String| match (&options.country, last.split_once(':')) {
        (Some(country), Some((of, _))) => country == of,
        (Some(_), None) => false,
        (None, _) => true,
    };
    let last = memory.last.clone().filter(of_country);
    let resumed = options.station.is_none() && last.is_some();
    let station = options.station.or(last);
    let mut state = AppState::new(
        source.info(),
        options.settings,
        options.country,
        station,
        clock.now(),
    );
    // The last board as it was: its added stations, arrivals, route.
    if resumed {
        state.board.resume(&memory);
    }
    state.memory = memory.clone();
    state.searches_elsewhere = source.searches_elsewhere();
    state.fixed_clock = matches!(clock, Clock::Fixed(_));
    state.served = source.countries();
    state.countries.not_live = source
        .not_live()
        .into_iter()
        .map(|(c, why)| (c.to_string(), why))
        .collect();
    // The countries the selector offers before (or without) an answer that lists them.
    state.countries.known = railtop_core::country::COUNTRIES
        .iter()
        .map(|c| c.slug.to_string())
        .filter(|c| !state.countries.not_live.iter().any(|(n, _)| n == c))
        .chain(source.regions().iter().cloned())
        .collect();
    let (wanted, wanted_rx) = watch::channel(state.wanted());
    let (answers_tx, answers) = mpsc::channel::<Event>(16);
    // `railtop record`'s file, where there is one: the header's last 24 hours.
    if let Some(history) = std::env::var_os("RAILTOP_DB")
        .map(PathBuf::from)
        .or_else(railtop_core::config::default_history_path)
    {
        let on_time = dashboard_on_time(&state);
        crate::refresh::spawn_history(
            history,
            source.info().name,
            on_time,
            clock,
            wanted_rx.clone(),
            answers_tx.clone(),
        );
    }
    crate::refresh::spawn(source, clock, wanted_rx, answers_tx, intervals);
    let memory = path.map(|p| (p, memory));
    let mut dashboard = Dashboard {
        state,
        wanted,
        memory,
    };
    if dashboard.state.settings.screen_reader {
        return screen::run_spoken(&mut dashboard, answers, clock).await;
    }
    screen::run(&mut dashboard, answers, clock).await
}
