//! How a viewer's terminal is written: drawn as frames (`screen.rs`: only the cells that changed),
//! or, for a viewer with a screen reader, said as lines (`crate::screen::spoken`: the board when
//! it arrives or changes station, then each change once, one line a train; no escape sequence at
//! all). The viewer's loop asks the same four things of either, so the two modes share every
//! limit, key and ending.

use super::screen::Screen;
use crate::kiosk::KioskState;
use crate::screen::spoken::{self, Speaker};
use crate::screen::Program;
use crossterm::event::KeyEvent;

pub(crate) enum Writing {
    Frames(Screen),
    Lines(Speaker),
}

impl Writing {
    pub fn new(spoken: bool, size: (u16, u16)) -> Writing {
        if spoken {
            Writing::Lines(Speaker::default())
        } else {
            Writing::Frames(Screen::new(size.0, size.1))
        }
    }

    /// Takes the viewer's terminal over (frames: the alternate screen; lines: nothing).
    pub fn enter(&mut self) -> Vec<u8> {
        match self {
            Writing::Frames(screen) => screen.enter(),
            Writing::Lines(_) => Vec::new(),
        }
    }

    /// The window changed size (lines do not care).
    pub fn resize(&mut self, width: u16, height: u16) -> Vec<u8> {
        match self {
            Writing::Frames(screen) => screen.resize(width, height),
            Writing::Lines(_) => Vec::new(),
        }
    }

    /// What brings the viewer up to `state`: the changed cells, or the lines of what changed;
    /// empty when nothing did.
    pub fn update(&mut self, state: &KioskState) -> Vec<u8> {
        match self {
            Writing::Frames(screen) => screen.frame(state),
            Writing::Lines(speaker) => {
                let Some(now) = state.spoken() else {
                    return Vec::new();
                };
                lines(&speaker.shown(now))
            }
        }
    }

    /// A key the lines take for themselves (↑ ↓ j k: a train; Enter, Space: the board again),
    /// with what to say; `None` for the board's own keys and for frames.
    pub fn key(&mut self, key: &KeyEvent) -> Option<Vec<u8>> {
        match self {
            Writing::Lines(speaker) => speaker.key(key).map(|said| lines(&said)),
            Writing::Frames(_) => None,
        }
    }

    /// Gives the terminal back with a last line for the viewer.
    pub fn leave(&mut self, farewell: &str) -> Vec<u8> {
        match self {
            Writing::Frames(screen) => screen.leave(farewell),
            Writing::Lines(_) if farewell.is_empty() => Vec::new(),
            Writing::Lines(_) => lines(&[farewell.to_string()]),
        }
    }

    /// Whether Ctrl-L (draw it all again) means anything here.
    pub fn redraws(&self) -> bool {
        matches!(self, Writing::Frames(_))
    }
}

fn lines(said: &[String]) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = spoken::write_lines(&mut out, said);
    out
}
