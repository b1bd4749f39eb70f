//! One viewer's terminal, kept small. The board is rendered into a scratch buffer owned by the
//! worker thread, compared with a fingerprint of what the viewer's terminal already shows (8 bytes
//! a cell instead of a second 40-byte-a-cell buffer), and only the cells that changed are written,
//! with ratatui's crossterm backend, inside a synchronized update. A frame that changes nothing
//! writes nothing at all, so an idle board costs no bandwidth.

use crate::kiosk::{self, KioskState};
use crossterm::style::{Attribute, ResetColor, SetAttribute};
use crossterm::terminal::{
    BeginSynchronizedUpdate, Clear, ClearType, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{cursor, queue};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use unicode_width::UnicodeWidthStr;

/// A viewer's terminal as the server believes it to be.
pub struct Screen {
    area: Rect,
    /// One fingerprint per cell of what the terminal shows (see [`fingerprint`]).
    shown: Vec<u64>,
    /// Bytes waiting to be sent.
    out: Vec<u8>,
}

thread_local! {
    /// Where frames are rendered before diffing: one per worker thread, reused by every viewer.
    static SCRATCH: RefCell<Buffer> = RefCell::new(Buffer::empty(Rect::default()));
}

/// The cell's content and style hashed, with its display width in the top two bits (the diff
/// needs the width of what was there to clean up after a wide character). A 64-bit collision
/// would leave one stale cell until it changes again.
fn fingerprint(cell: &Cell) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    cell.hash(&mut hasher);
    let width = cell.symbol().width().min(3) as u64;
    (hasher.finish() >> 2) | (width << 62)
}

fn width_of(fingerprint: u64) -> usize {
    (fingerprint >> 62) as usize
}

fn blank() -> u64 {
    fingerprint(&Cell::EMPTY)
}

impl Screen {
    pub fn new(width: u16, height: u16) -> Screen {
        let area = Rect::new(0, 0, width, height);
        Screen {
            area,
            shown: vec![blank(); area.area() as usize],
            out: Vec::new(),
        }
    }

    /// Takes the viewer's terminal over: the alternate screen, no cursor, cleared.
    pub fn enter(&mut self) -> Vec<u8> {
        let _ = queue!(
            self.out,
            EnterAlternateScreen,
            cursor::Hide,
            ResetColor,
            SetAttribute(Attribute::Reset),
            Clear(ClearType::All)
        );
        self.take()
    }

    /// The viewer's window changed size: clear it and start from a blank screen.
    pub fn resize(&mut self, width: u16, height: u16) -> Vec<u8> {
        self.area = Rect::new(0, 0, width, height);
        self.shown.clear();
        self.shown.resize(self.area.area() as usize, blank());
        let _ = queue!(
            self.out,
            ResetColor,
            SetAttribute(Attribute::Reset),
            Clear(ClearType::All)
        );
        self.take()
    }

    /// The bytes that bring the viewer's terminal to `state`'s board; empty when nothing changed.
    pub fn frame(&mut self, state: &KioskState) -> Vec<u8> {
        SCRATCH.with_borrow_mut(|scratch| {
            if scratch.area != self.area {
                scratch.resize(self.area);
            }
            scratch.reset();
            kiosk::render(state, self.area, scratch);
            self.write_changes(scratch);
        });
        self.take()
    }

    /// Gives the terminal back (main screen, cursor shown) with a last line for the viewer.
    pub fn leave(&mut self, farewell: &str) -> Vec<u8> {
        let _ = queue!(
            self.out,
            ResetColor,
            SetAttribute(Attribute::Reset),
            LeaveAlternateScreen,
            cursor::Show
        );
        let mut bytes = self.take();
        if !farewell.is_empty() {
            bytes.extend_from_slice(farewell.as_bytes());
            bytes.extend_from_slice(b"\r\n");
        }
        bytes
    }

    /// Ratatui's diff rule (write a changed cell unless a wide character to its left covers it;
    /// rewrite the cells a wide character used to cover), applied to fingerprints.
    fn write_changes(&mut self, next: &Buffer) {
        let width = usize::from(self.area.width.max(1));
        let mut updates: Vec<(u16, u16, &Cell)> = Vec::new();
        let (mut invalidated, mut to_skip) = (0usize, 0usize);
        for (i, (cell, shown)) in next.content.iter().zip(self.shown.iter_mut()).enumerate() {
            let print = fingerprint(cell);
            if (print != *shown || invalidated > 0) && to_skip == 0 {
                updates.push(((i % width) as u16, (i / width) as u16, cell));
            }
            let (now_wide, was_wide) = (width_of(print), width_of(*shown));
            to_skip = now_wide.saturating_sub(1);
            invalidated = now_wide.max(was_wide).max(invalidated).saturating_sub(1);
            *shown = print;
        }
        if updates.is_empty() {
            return;
        }
        let _ = queue!(self.out, BeginSynchronizedUpdate);
        let _ = CrosstermBackend::new(&mut self.out).draw(updates.into_iter());
        let _ = queue!(self.out, EndSynchronizedUpdate);
    }

    fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kiosk::{update, KioskSettings};
    use crate::screen::Event;
    use chrono::Duration;

    fn state(width: u16, height: u16) -> KioskState {
        let mut state = crate::test_support::demo_kiosk(&["HKI"], KioskSettings::default());
        update(&mut state, Event::Resize(width, height));
        state
    }

    /// What a terminal shows after these bytes, row by row.
    fn seen(parser: &mut vt100::Parser, bytes: &[u8]) -> String {
        parser.process(bytes);
        let contents = parser.screen().contents();
        let rows: Vec<&str> = contents.lines().map(str::trim_end).collect();
        rows.join("\n").trim_end().to_string()
    }

    fn expected(state: &KioskState) -> String {
        let area = Rect::new(0, 0, state.size.0, state.size.1);
        let mut buffer = Buffer::empty(area);
        kiosk::render(state, area, &mut buffer);
        (0..area.height)
            .map(|y| {
                let mut row = String::new();
                let mut x = 0;
                while x < area.width {
                    let symbol = buffer[(x, y)].symbol();
                    row.push_str(symbol);
                    x += symbol.width().max(1) as u16;
                }
                row.trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
            .trim_end()
            .to_string()
    }

    #[test]
    fn the_viewer_sees_exactly_the_board_after_every_frame() {
        let mut state = state(80, 24);
        let mut screen = Screen::new(80, 24);
        let mut parser = vt100::Parser::new(24, 80, 0);
        seen(&mut parser, &screen.enter());
        for minute in 0..12 {
            let now = state.now + Duration::seconds(40);
            update(&mut state, Event::Tick(now));
            let shown = seen(&mut parser, &screen.frame(&state));
            assert_eq!(shown.trim_end(), expected(&state), "after {minute} steps");
        }
        // Resized: cleared, then drawn at the new size.
        update(&mut state, Event::Resize(100, 30));
        parser.screen_mut().set_size(30, 100);
        seen(&mut parser, &screen.resize(100, 30));
        let shown = seen(&mut parser, &screen.frame(&state));
        assert_eq!(shown.trim_end(), expected(&state));
    }

    #[test]
    fn an_unchanged_board_writes_nothing() {
        let state = state(80, 24);
        let mut screen = Screen::new(80, 24);
        screen.enter();
        assert!(!screen.frame(&state).is_empty());
        assert!(screen.frame(&state).is_empty());
    }

    #[test]
    fn wide_characters_replaced_by_narrow_ones_leave_nothing_behind() {
        let mut screen = Screen::new(6, 1);
        let mut parser = vt100::Parser::new(1, 6, 0);
        let area = Rect::new(0, 0, 6, 1);
        for text in ["東京駅", "abcdef", "a東b", "xyz"] {
            let mut next = Buffer::empty(area);
            next.set_string(0, 0, text, ratatui::style::Style::default());
            screen.write_changes(&next);
            let bytes = screen.take();
            assert_eq!(seen(&mut parser, &bytes).trim_end(), text);
        }
    }
}
