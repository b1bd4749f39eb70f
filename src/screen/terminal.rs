//! The terminal a full-screen program owns: raw mode and the alternate screen for its lifetime,
//! given back on every exit path (drop, error, panic, SIGTERM/SIGHUP through the run loop), and
//! frames drawn inside synchronized updates so slow links never show half a frame. Mouse capture
//! is switched on only for programs that ask for it.

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{
    self, BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout, Write};
use std::sync::Once;

/// Owns the terminal's raw/alternate state; dropping it (or panicking) gives the terminal back.
pub struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    mouse: bool,
}

fn restore_terminal(mouse: bool) {
    let _ = terminal::disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(out, EndSynchronizedUpdate);
    if mouse {
        let _ = execute!(out, DisableMouseCapture);
    }
    let _ = execute!(out, LeaveAlternateScreen, cursor::Show);
}

/// On a panic in a screen (not a feed's, caught and shown as its failure): the terminal given
/// back, the report, and out at once with a panic's status.
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        railtop_core::panics::install_hook();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if railtop_core::panics::is_caught_here() {
                // A feed's bug, caught and shown as its failure: the screen goes on.
                previous(info);
                return;
            }
            // A bug in the screen itself: the terminal back (mouse capture off too,
            // harmless when it was never on), the report, and out at once with the status
            // of a panic. Waiting for the program to notice would leave a screen that no
            // longer answers keys.
            restore_terminal(true);
            previous(info);
            std::process::exit(101);
        }));
    });
}

impl TerminalGuard {
    /// Raw mode, the alternate screen, a hidden cursor, and mouse capture when `mouse`.
    pub fn enter(mouse: bool) -> io::Result<TerminalGuard> {
        install_panic_hook();
        terminal::enable_raw_mode()?;
        let mut stdout = io::stdout();
        let entered = execute!(stdout, EnterAlternateScreen, cursor::Hide).and_then(|()| {
            if mouse {
                execute!(stdout, EnableMouseCapture)
            } else {
                Ok(())
            }
        });
        if let Err(e) = entered {
            restore_terminal(mouse);
            return Err(e);
        }
        let terminal = Terminal::new(CrosstermBackend::new(stdout))?;
        Ok(TerminalGuard { terminal, mouse })
    }

    pub fn size(&self) -> io::Result<(u16, u16)> {
        self.terminal.size().map(|s| (s.width, s.height))
    }

    pub(crate) fn autoresize(&mut self) -> io::Result<()> {
        self.terminal.autoresize()
    }

    /// Ctrl-L: the next frame is drawn whole, whatever the terminal shows now. ratatui's own
    /// `clear` asks the terminal where its cursor is, and a terminal that does not answer would
    /// end the program; instead a frame no screen draws (every cell in colours railtop never
    /// uses) becomes the one the next is compared with, and the terminal is cleared, all inside
    /// one synchronized update that the next frame ends.
    pub(crate) fn redraw(&mut self) -> io::Result<()> {
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        self.terminal.draw(|f| {
            let area = f.area();
            let unlikely = ratatui::style::Style::new()
                .fg(ratatui::style::Color::Indexed(16))
                .bg(ratatui::style::Color::Indexed(17));
            f.buffer_mut().set_style(area, unlikely);
        })?;
        execute!(
            self.terminal.backend_mut(),
            terminal::Clear(terminal::ClearType::All)
        )
    }

    /// Ctrl-Z: the terminal given back and the process stopped, as a shell's job; on `fg` the
    /// screen is taken again and drawn whole.
    pub(crate) fn suspend(&mut self) -> io::Result<()> {
        restore_terminal(self.mouse);
        #[cfg(unix)]
        signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
        // Here again after SIGCONT.
        terminal::enable_raw_mode()?;
        execute!(
            self.terminal.backend_mut(),
            EnterAlternateScreen,
            cursor::Hide
        )?;
        if self.mouse {
            execute!(self.terminal.backend_mut(), EnableMouseCapture)?;
        }
        self.redraw()
    }

    /// Draws one frame inside a synchronized update.
    pub fn draw(&mut self, render: impl FnOnce(&mut ratatui::Frame)) -> io::Result<()> {
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        let drawn = self.terminal.draw(render).map(|_| ());
        execute!(self.terminal.backend_mut(), EndSynchronizedUpdate)?;
        self.terminal.backend_mut().flush()?;
        drawn
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal(self.mouse);
    }
}

/// The screen-reader mode's hold on the terminal: raw mode alone (keys arrive one by one, not
/// echoed), no alternate screen, no cursor hidden; given back on drop. Entering and leaving
/// write nothing to the terminal.
pub struct LineGuard(());

impl LineGuard {
    pub fn enter() -> io::Result<LineGuard> {
        install_panic_hook();
        terminal::enable_raw_mode()?;
        Ok(LineGuard(()))
    }
}

impl Drop for LineGuard {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// Resolves when the process is asked to stop (SIGTERM, SIGHUP: the terminal went away). The
/// handlers are in place when this returns, not when the future is first polled: a SIGTERM just
/// after the first frame (a supervisor, a test under load) must restore the terminal, not kill
/// the process with the default action.
pub fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let handlers = {
        use tokio::signal::unix::{signal, SignalKind};
        signal(SignalKind::terminate())
            .ok()
            .zip(signal(SignalKind::hangup()).ok())
    };
    async move {
        #[cfg(unix)]
        {
            let Some((mut term, mut hup)) = handlers else {
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
}
