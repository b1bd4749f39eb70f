//! The terminal and the loop: raw mode and the alternate screen for the dashboard's lifetime
//! (restored on quit, on error, on panic and on SIGTERM/SIGHUP), then `select!` over terminal
//! events, answers from the pollers and a one-second clock; draw after each change, inside a
//! synchronized update so slow links never show half a frame.

use super::app::{update, Action, AppState, Settings};
use super::poller::{self, Intervals};
use super::view;
use crate::clock::Clock;
use crate::source::cache::CachedSource;
use crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event, EventStream, MouseButton, MouseEventKind,
};
use crossterm::terminal::{
    self, BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{cursor, execute};
use futures_util::StreamExt;
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::future::Future;
use std::io::{self, Stdout, Write};
use std::pin::Pin;
use std::sync::{Arc, Once};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

pub struct DashboardOptions {
    pub country: Option<String>,
    pub station: Option<String>,
    pub settings: Settings,
}

/// Owns the terminal's raw/alternate state; dropping it (or panicking) gives the terminal back.
pub(crate) struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        EndSynchronizedUpdate,
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
}

impl TerminalGuard {
    pub(crate) fn enter() -> io::Result<TerminalGuard> {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore_terminal();
                previous(info);
            }));
        });
        terminal::enable_raw_mode()?;
        let mut stdout = io::stdout();
        if let Err(e) = execute!(
            stdout,
            EnterAlternateScreen,
            EnableMouseCapture,
            cursor::Hide
        ) {
            restore_terminal();
            return Err(e);
        }
        let terminal = Terminal::new(CrosstermBackend::new(stdout))?;
        Ok(TerminalGuard { terminal })
    }

    pub(crate) fn size(&self) -> io::Result<(u16, u16)> {
        self.terminal.size().map(|s| (s.width, s.height))
    }

    pub(crate) fn autoresize(&mut self) -> io::Result<()> {
        self.terminal.autoresize()
    }

    /// Draws one frame inside a synchronized update.
    pub(crate) fn draw(&mut self, render: impl FnOnce(&mut ratatui::Frame)) -> io::Result<()> {
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        let drawn = self.terminal.draw(render).map(|_| ());
        execute!(self.terminal.backend_mut(), EndSynchronizedUpdate)?;
        self.terminal.backend_mut().flush()?;
        drawn
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Resolves when the process is asked to stop (SIGTERM, SIGHUP: the terminal went away).
pub(crate) async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (Ok(mut term), Ok(mut hup)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::hangup()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {},
            _ = hup.recv() => {},
        }
    }
    #[cfg(not(unix))]
    std::future::pending::<()>().await
}

/// What a full-screen loop waits on: terminal events, answers from the pollers, a one-second
/// clock, and the stop signals.
pub(crate) struct Inputs {
    events: EventStream,
    answers: mpsc::Receiver<Action>,
    tick: tokio::time::Interval,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
    clock: Clock,
}

impl Inputs {
    pub(crate) fn new(answers: mpsc::Receiver<Action>, clock: Clock) -> Inputs {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        Inputs {
            events: EventStream::new(),
            answers,
            tick,
            stop: Box::pin(stop_signal()),
            clock,
        }
    }

    /// The next thing to handle; `None` when the program should end (a stop signal, or the
    /// terminal went away). Mouse motion and other events that change nothing are skipped.
    pub(crate) async fn next(&mut self) -> Result<Option<Action>, String> {
        loop {
            return Ok(Some(tokio::select! {
                event = self.events.next() => match event {
                    Some(Ok(Event::Key(key))) => Action::Key(key),
                    Some(Ok(Event::Mouse(m))) if matches!(m.kind, MouseEventKind::Down(MouseButton::Left)) => Action::Mouse(m),
                    Some(Ok(Event::Resize(w, h))) => Action::Resize(w, h),
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return Err(format!("cannot read the terminal: {e}")),
                    None => return Ok(None),
                },
                Some(action) = self.answers.recv() => action,
                _ = self.tick.tick() => Action::Tick(self.clock.now()),
                _ = &mut self.stop => return Ok(None),
            }));
        }
    }
}

/// Runs the dashboard until `q`, Ctrl-C or a stop signal.
pub async fn run(
    source: Arc<CachedSource>,
    clock: Clock,
    options: DashboardOptions,
) -> Result<(), String> {
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
    let mut guard =
        TerminalGuard::enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    state.size = guard.size().map_err(|e| e.to_string())?;

    let (wanted_tx, wanted_rx) = watch::channel(state.wanted());
    let (actions_tx, actions) = mpsc::channel::<Action>(16);
    poller::spawn(source, clock, wanted_rx, actions_tx, intervals);

    let mut inputs = Inputs::new(actions, clock);
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
        let wanted = state.wanted();
        if *wanted_tx.borrow() != wanted {
            wanted_tx.send_replace(wanted);
        }
        guard
            .draw(|f| view::draw(&state, f))
            .map_err(|e| format!("cannot draw: {e}"))?;
    }
    drop(guard);
    Ok(())
}
