//! The runtime every screen shares: the dashboard, the kiosk board and the SSH board are
//! [`Program`]s (state, a pure `update`, a pure `render`) that plug into it.
//!
//! It owns the terminal ([`terminal`]: raw mode, the alternate screen, restore on every exit path,
//! synchronized updates), the one event enum ([`Event`]: keys, mouse, resize, the clock and the
//! program's own messages), the state of one polled stream of answers as a screen sees it
//! ([`Polled`]: last good data, its age, the error, backoff), the colours and text cues
//! ([`theme`]), and the widgets the screens share ([`widgets`]). A program enables only
//! the terminal features it uses: the kiosk captures no mouse. The runtime does not know what the
//! program shows: its messages are a type parameter (railtop's screens get the pollers' answers,
//! [`crate::refresh`]).
//!
//! The SSH board runs the kiosk program per viewer with its own loop (its terminal is a channel,
//! not stdout), but with the same events, pollers, freshness and theme.

pub mod ascii;
mod inputs;
mod polled;
pub mod spoken;
mod terminal;
pub mod theme;
pub mod widgets;

pub use inputs::Inputs;
pub(crate) use polled::age_text;
pub use polled::{Failure, Polled};
pub use terminal::{stop_signal, LineGuard, TerminalGuard};

use chrono::{DateTime, Utc};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent};
use railtop_core::clock::Clock;
use ratatui::Frame;
use tokio::sync::mpsc;

/// Everything that can happen to a screen, in one enum: the terminal's events, the clock, and
/// the program's own messages `M` (for railtop's screens, the pollers' answers:
/// [`crate::refresh::Answer`]).
#[derive(Debug)]
pub enum Event<M> {
    Tick(DateTime<Utc>),
    Resize(u16, u16),
    Key(KeyEvent),
    /// A left click or a wheel notch (only for programs that capture the mouse).
    Mouse(MouseEvent),
    /// One of the program's own messages.
    Answer(M),
}

/// Why a screen stopped on its own.
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    #[error("cannot set up the terminal")]
    Setup(#[source] std::io::Error),
    #[error("cannot read the terminal")]
    Read(#[source] std::io::Error),
    #[error("cannot draw")]
    Draw(#[source] std::io::Error),
}

/// A full-screen program: its state, how events change it, and how it is drawn.
pub trait Program {
    /// What the program's own tasks send it (as [`Event::Answer`]).
    type Message;
    /// Whether the program takes mouse clicks (the terminal captures the mouse only then).
    const MOUSE: bool;
    /// The one transition: no I/O, the clock arrives in [`Event::Tick`].
    fn update(&mut self, event: Event<Self::Message>);
    /// Draws the whole screen from the state; pure.
    fn render(&self, frame: &mut Frame);
    fn should_quit(&self) -> bool;
    /// What the program shows, as the screen-reader mode says it ([`spoken`]); `None`: the
    /// program has no such mode.
    fn spoken(&self) -> Option<spoken::Spoken> {
        None
    }
}

/// One frame of `program`, in ASCII where the terminal wants it.
fn draw<P: Program>(program: &P, ascii: bool, frame: &mut Frame) {
    program.render(frame);
    if ascii {
        ascii::fold(frame.buffer_mut());
    }
}

/// Runs `program` in this terminal until it quits, a stop signal arrives, or the terminal goes
/// away; `answers` are its pollers' events. The terminal is given back however it ends.
pub async fn run<P: Program>(
    program: &mut P,
    answers: mpsc::Receiver<Event<P::Message>>,
    clock: Clock,
) -> Result<(), ScreenError> {
    // A terminal without UTF-8 gets every frame in ASCII.
    let ascii = !ascii::locale_is_utf8(|name| std::env::var(name).ok());
    let mut guard = TerminalGuard::enter(P::MOUSE).map_err(ScreenError::Setup)?;
    let (w, h) = guard.size().map_err(ScreenError::Setup)?;
    program.update(Event::Resize(w, h));
    let mut inputs = Inputs::new(answers, clock, P::MOUSE);
    guard
        .draw(|f| draw(&*program, ascii, f))
        .map_err(ScreenError::Draw)?;
    while let Some(event) = inputs.next().await? {
        if let Event::Resize(..) = event {
            guard.autoresize().map_err(ScreenError::Draw)?;
        }
        // The terminal's own keys, the same on every screen: Ctrl-L draws it all again, Ctrl-Z
        // suspends (raw mode turns them into keys, so the screen does what the tty would).
        if let Event::Key(key) = &event {
            let ctrl = key.modifiers.contains(KeyModifiers::CONTROL)
                && key.kind != crossterm::event::KeyEventKind::Release;
            let done = match key.code {
                KeyCode::Char('l') if ctrl => Some(guard.redraw()),
                KeyCode::Char('z') if ctrl => Some(guard.suspend()),
                _ => None,
            };
            if let Some(done) = done {
                done.map_err(ScreenError::Draw)?;
                guard
                    .draw(|f| draw(&*program, ascii, f))
                    .map_err(ScreenError::Draw)?;
                continue;
            }
        }
        program.update(event);
        if program.should_quit() {
            break;
        }
        guard
            .draw(|f| draw(&*program, ascii, f))
            .map_err(ScreenError::Draw)?;
    }
    drop(guard);
    Ok(())
}

/// Runs `program` in the screen-reader mode ([`spoken`]) until it quits, a stop signal arrives,
/// or the terminal goes away: no alternate screen, no cursor addressing, no frame; lines of text
/// as things happen. ↑ ↓ (k j) move the focus and say the item; Enter or Space say everything
/// again; the program's own keys (q, ← →) go to it.
pub async fn run_spoken<P: Program>(
    program: &mut P,
    answers: mpsc::Receiver<Event<P::Message>>,
    clock: Clock,
) -> Result<(), ScreenError> {
    use std::io::Write;
    let _guard = LineGuard::enter().map_err(ScreenError::Setup)?;
    let mut out = std::io::stdout();
    let (w, h) = crossterm::terminal::size().unwrap_or((80, 24));
    program.update(Event::Resize(w, h));
    let mut speaker = spoken::Speaker::default();
    let say = |lines: Vec<String>, out: &mut std::io::Stdout| {
        spoken::write_lines(out, &lines).map_err(ScreenError::Draw)
    };
    if let Some(now) = program.spoken() {
        say(speaker.shown(now), &mut out)?;
    }
    let mut inputs = Inputs::new(answers, clock, false);
    while let Some(event) = inputs.next().await? {
        let key_event = matches!(event, Event::Key(_));
        if let Event::Key(key) = &event {
            if let Some(lines) = speaker.key(key) {
                say(lines, &mut out)?;
                continue;
            }
        }
        // The clock's ticks change nothing said: only what the program shows does.
        program.update(event);
        if program.should_quit() {
            break;
        }
        if let Some(now) = program.spoken() {
            let lines = if key_event {
                speaker.after_key(now)
            } else {
                speaker.shown(now)
            };
            say(lines, &mut out)?;
        }
    }
    let _ = out.flush();
    Ok(())
}
