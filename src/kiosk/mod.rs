//! `railtop board STATION…`: a full-screen departure board that runs unattended. No chrome to
//! operate: it pages and rotates by itself, keeps the last good board through any failure (saying
//! how old it is), and only `q` or Ctrl-C ends it. Shares the dashboard's terminal handling,
//! pollers, feed state, theme and sanitising.

pub mod state;
pub mod view;

use crate::clock::Clock;
use crate::source::cache::CachedSource;
use crate::tui::app::Action;
use crate::tui::poller;
use crate::tui::run::{Inputs, TerminalGuard};
use state::{update, KioskSettings, KioskState};
use std::sync::Arc;
use tokio::sync::mpsc;

pub async fn run(
    source: Arc<CachedSource>,
    clock: Clock,
    stations: Vec<String>,
    settings: KioskSettings,
) -> Result<(), String> {
    let info = source.info();
    let interval = settings.board_interval_secs;
    let mut state = KioskState::new(
        stations.clone(),
        settings,
        info.attribution,
        info.is_demo,
        clock.now(),
    );
    let mut guard =
        TerminalGuard::enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    state.size = guard.size().map_err(|e| e.to_string())?;
    let (tx, answers) = mpsc::channel::<Action>(16);
    poller::spawn_boards(source, clock, stations, tx, interval);
    let mut inputs = Inputs::new(answers, clock);
    guard
        .draw(|f| view::draw(&state, f))
        .map_err(|e| format!("cannot draw: {e}"))?;
    while let Some(action) = inputs.next().await? {
        if let Action::Resize(..) = action {
            guard.autoresize().map_err(|e| e.to_string())?;
        }
        update(&mut state, action);
        if state.should_quit {
            break;
        }
        guard
            .draw(|f| view::draw(&state, f))
            .map_err(|e| format!("cannot draw: {e}"))?;
    }
    drop(guard);
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;
