//! One viewer's terminal, kept small. The board is rendered into a scratch buffer owned by the
//! worker thread, compared with a fingerprint of what the viewer's terminal already shows (8 bytes
//! a cell instead of a second 40-byte-a-cell buffer), and only the cells that changed are written,
//! inside a synchronized update. A frame that changes nothing writes nothing at all, so an idle
//! board costs no bandwidth.
//!
//! What a terminal shows is kept once per distinct frame, not once per viewer: viewers of one
//! station at one size see the same frames (the clock and the ticker follow the wall clock, pages
//! are few), so a frame's fingerprints are interned ([`intern`]) and each viewer holds an `Arc` to
//! them. At 80×24 that is 15 kB a viewer saved, with a thousand viewers sharing a handful of
//! frames.

use crate::kiosk::{self, KioskState};
use crossterm::style::{Attribute, ResetColor, SetAttribute};
use crossterm::terminal::{
    BeginSynchronizedUpdate, Clear, ClearType, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{cursor, queue};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, Weak};
use unicode_width::UnicodeWidthStr;

/// A viewer's terminal as the server believes it to be.
pub struct Screen {
    area: Rect,
    /// One fingerprint per cell of what the terminal shows (see [`fingerprint`]), shared with
    /// every viewer whose terminal shows the same.
    shown: Arc<[u64]>,
    /// Bytes waiting to be sent.
    out: Vec<u8>,
}

thread_local! {
    /// Where frames are rendered before diffing: one per worker thread, reused by every viewer.
    static SCRATCH: RefCell<Buffer> = RefCell::new(Buffer::empty(Rect::default()));
    /// The rendered frame's fingerprints, before they are interned.
    static PRINTS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// Every frame some viewer's terminal shows, by a hash of its fingerprints (a list: two frames
/// may share a hash). Weak: a frame no viewer shows any more is gone, and its entry is swept.
struct Frames {
    by_hash: HashMap<u64, Vec<Weak<[u64]>>>,
    /// Frames added since the last sweep of dead entries.
    added: usize,
}

static FRAMES: Mutex<Option<Frames>> = Mutex::new(None);

/// The one shared copy of a frame with these fingerprints: an existing one (compared in full,
/// so a hash collision costs a copy, never a wrong screen), or a new one.
fn intern(prints: &[u64]) -> Arc<[u64]> {
    let mut hasher = std::hash::DefaultHasher::new();
    prints.hash(&mut hasher);
    let key = hasher.finish();
    let mut guard = FRAMES.lock().unwrap_or_else(|p| p.into_inner());
    let frames = guard.get_or_insert_with(|| Frames {
        by_hash: HashMap::new(),
        added: 0,
    });
    let same = frames.by_hash.get(&key).and_then(|list| {
        list.iter()
            .filter_map(Weak::upgrade)
            .find(|frame| frame[..] == *prints)
    });
    if let Some(frame) = same {
        return frame;
    }
    let frame: Arc<[u64]> = Arc::from(prints);
    frames
        .by_hash
        .entry(key)
        .or_default()
        .push(Arc::downgrade(&frame));
    frames.added += 1;
    // Now and then, forget frames nobody shows (as often as there are entries: amortised O(1)).
    if frames.added > frames.by_hash.len().max(64) {
        frames.added = 0;
        frames.by_hash.retain(|_, list| {
            list.retain(|w| w.strong_count() > 0);
            !list.is_empty()
        });
        frames.by_hash.shrink_to_fit();
    }
    frame
}

/// A blank terminal of `cells` cells.
fn blank_frame(cells: usize) -> Arc<[u64]> {
    intern(&vec![blank(); cells])
}

/// How many distinct frames viewers' terminals show now.
#[cfg(test)]
fn frames_shown() -> usize {
    let guard = FRAMES.lock().unwrap_or_else(|p| p.into_inner());
    guard.as_ref().map_or(0, |frames| {
        frames
            .by_hash
            .values()
            .flatten()
            .filter(|w| w.strong_count() > 0)
            .count()
    })
}

/// The cell's content and style hashed, with its display width in the top two bits (the diff
/// needs the width of what was there to clean up after a wide character). A 64-bit collision
/// would leave one stale cell until it changes again.
///
/// Hashed with foldhash under a seed drawn once per process (a feed cannot aim text at a known
/// seed): it is computed for every cell of every viewer's frame each second, where SipHash was a
/// third of the server's CPU.
fn fingerprint(cell: &Cell) -> u64 {
    static SEED: std::sync::LazyLock<foldhash::quality::RandomState> =
        std::sync::LazyLock::new(foldhash::quality::RandomState::default);
    let width = cell.symbol().width().min(3) as u64;
    (SEED.hash_one(cell) >> 2) | (width << 62)
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
            shown: blank_frame(area.area() as usize),
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
    pub(crate) fn resize(&mut self, width: u16, height: u16) -> Vec<u8> {
        self.area = Rect::new(0, 0, width, height);
        self.shown = blank_frame(self.area.area() as usize);
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
        PRINTS.with_borrow_mut(|prints| {
            prints.clear();
            let mut differs = false;
            for (i, (cell, shown)) in next.content.iter().zip(self.shown.iter()).enumerate() {
                let print = fingerprint(cell);
                differs |= print != *shown;
                if (print != *shown || invalidated > 0) && to_skip == 0 {
                    updates.push(((i % width) as u16, (i / width) as u16, cell));
                }
                let (now_wide, was_wide) = (width_of(print), width_of(*shown));
                to_skip = now_wide.saturating_sub(1);
                invalidated = now_wide.max(was_wide).max(invalidated).saturating_sub(1);
                prints.push(print);
            }
            if differs {
                self.shown = intern(prints);
            }
        });
        if updates.is_empty() {
            return;
        }
        let updates = bridged(updates, next, width);
        let _ = queue!(self.out, BeginSynchronizedUpdate);
        encode(&mut self.out, &updates, next, width);
        let _ = queue!(self.out, EndSynchronizedUpdate);
    }

    fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

/// The changed cells with the short gaps between them on a row filled in with what the terminal
/// already shows there, where that is cheaper than the cursor move over the gap (`ESC [ n C`,
/// 3 or 4 bytes): a page turn that changes `09:34` to `09:35` writes `5`, not a move over
/// `09:3`, but `9:35` is written whole rather than a move over the `:`. A gap is filled only with one-column cells in the style of the cell
/// before it (so no colour or attribute has to be sent) and only while its bytes are fewer than
/// the move's; rewriting a cell with what it already holds changes nothing on the screen.
fn bridged<'a>(
    updates: Vec<(u16, u16, &'a Cell)>,
    next: &'a Buffer,
    width: usize,
) -> Vec<(u16, u16, &'a Cell)> {
    let mut out: Vec<(u16, u16, &Cell)> = Vec::with_capacity(updates.len());
    for (x, y, cell) in updates {
        if let Some(&(px, py, prev)) = out.last() {
            let after = usize::from(px) + prev.symbol().width().max(1);
            let gap = usize::from(x).saturating_sub(after);
            let row = usize::from(y) * width;
            if py == y && gap > 0 {
                let between = &next.content[row + after..row + usize::from(x)];
                let bytes: usize = between.iter().map(|c| c.symbol().len()).sum();
                let same_pen = between.iter().all(|c| {
                    c.symbol().width() == 1
                        && c.fg == prev.fg
                        && c.bg == prev.bg
                        && c.modifier == prev.modifier
                        && c.underline_color == prev.underline_color
                });
                // What the move over the gap would cost: `ESC [ n C` (`ESC [ C` for one).
                let move_bytes = if gap == 1 { 3 } else { 3 + digits(gap) };
                if same_pen && bytes < move_bytes {
                    for (i, c) in between.iter().enumerate() {
                        out.push(((after + i) as u16, y, c));
                    }
                }
            }
        }
        out.push((x, y, cell));
    }
    out
}

/// Writes `updates` (in screen order) as few bytes as a terminal needs to show them: the cursor
/// moved only where the next cell does not follow, by the shortest of `ESC [ n C` (forward on
/// the row), `CR LF` (the next row's start) and `ESC [ row ; col H`; one SGR sequence per change
/// of style with only what changed (colours as their short ANSI codes); the pen reset once at
/// the end. Each frame starts and ends with the terminal's default pen. Where a symbol's width on
/// the viewer's terminal could differ from ours (anything but the Latin letters and the screens'
/// marks), the next move is absolute.
fn encode(out: &mut Vec<u8>, updates: &[(u16, u16, &Cell)], next: &Buffer, width: usize) {
    use std::io::Write;
    let default = Pen::default();
    let mut pen = default;
    // Where the cursor is, when it is known for sure.
    let mut at: Option<(u16, u16)> = None;
    // The row whose end was erased (`ESC [ K`): its remaining updates are blanks already shown.
    let mut erased: Option<u16> = None;
    let blank = |c: &Cell| c.symbol() == " " && Pen::of(c) == default;
    for &(x, y, cell) in updates {
        if erased == Some(y) {
            continue;
        }
        if at != Some((x, y)) {
            // `ESC [ row ; col H` (`ESC [ row H` at the row's start), unless a relative move is
            // shorter: `ESC [ n C` forward on the row, `CR LF` to the next row's start.
            let absolute = if x == 0 {
                3 + digits(usize::from(y) + 1)
            } else {
                4 + digits(usize::from(y) + 1) + digits(usize::from(x) + 1)
            };
            match at {
                Some((cx, cy))
                    if cy == y && x > cx && 3 + digits(usize::from(x - cx)) < absolute =>
                {
                    match x - cx {
                        1 => out.extend_from_slice(b"\x1b[C"),
                        n => {
                            let _ = write!(out, "\x1b[{n}C");
                        }
                    }
                }
                Some((_, cy)) if x == 0 && y == cy + 1 => out.extend_from_slice(b"\r\n"),
                _ if x == 0 => {
                    let _ = write!(out, "\x1b[{}H", y + 1);
                }
                _ => {
                    let _ = write!(out, "\x1b[{};{}H", y + 1, x + 1);
                }
            }
        }
        let want = Pen::of(cell);
        if want != pen {
            want.set_from(pen, out);
            pen = want;
        }
        // Blanks from here to the row's end: erased in three bytes, whatever was there.
        let row = usize::from(y) * width;
        if blank(cell)
            && next.content[row + usize::from(x)..row + width]
                .iter()
                .all(blank)
        {
            out.extend_from_slice(b"\x1b[K");
            erased = Some(y);
            at = Some((x, y));
            continue;
        }
        let symbol = cell.symbol();
        let _ = out.write_all(symbol.as_bytes());
        let mut chars = symbol.chars();
        let sure = match (chars.next(), chars.next()) {
            (Some(c), None) => crate::screen::widgets::grid::one_cell(c),
            _ => false,
        };
        at = sure.then_some((x + 1, y));
    }
    if pen != default {
        out.extend_from_slice(b"\x1b[0m");
    }
}

/// The style a cell is written with.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Pen {
    fg: ratatui::style::Color,
    bg: ratatui::style::Color,
    underline: ratatui::style::Color,
    modifier: ratatui::style::Modifier,
}

impl Pen {
    fn of(cell: &Cell) -> Pen {
        Pen {
            fg: cell.fg,
            bg: cell.bg,
            underline: cell.underline_color,
            modifier: cell.modifier,
        }
    }

    /// One SGR sequence from `was` to this pen: everything from a reset when an attribute goes
    /// (its "off" codes differ by terminal age), else only what is added and what changed.
    fn set_from(self, was: Pen, out: &mut Vec<u8>) {
        use ratatui::style::{Color, Modifier};
        use std::io::Write;
        let start = out.len();
        // Each code after the first is preceded by `;`; the sequence's head is written last.
        let code = |out: &mut Vec<u8>, text: std::fmt::Arguments| {
            if out.len() > start {
                out.push(b';');
            }
            let _ = out.write_fmt(text);
        };
        let from = if was.modifier.difference(self.modifier).is_empty() {
            was
        } else {
            code(out, format_args!("0"));
            Pen::default()
        };
        for (flag, n) in [
            (Modifier::BOLD, 1),
            (Modifier::DIM, 2),
            (Modifier::ITALIC, 3),
            (Modifier::UNDERLINED, 4),
            (Modifier::SLOW_BLINK, 5),
            (Modifier::RAPID_BLINK, 6),
            (Modifier::REVERSED, 7),
            (Modifier::HIDDEN, 8),
            (Modifier::CROSSED_OUT, 9),
        ] {
            if self.modifier.contains(flag) && !from.modifier.contains(flag) {
                code(out, format_args!("{n}"));
            }
        }
        // A colour as its short ANSI code (`base` + 0–7, + 60 for the bright ones), else the
        // extended form (`extended;5;i`, `extended;2;r;g;b`); `reset` for the default.
        let colour = |out: &mut Vec<u8>, c: Color, base: u8, reset: u8, extended: u8| match c {
            Color::Reset => code(out, format_args!("{reset}")),
            Color::Indexed(i) => code(out, format_args!("{extended};5;{i}")),
            Color::Rgb(r, g, b) => code(out, format_args!("{extended};2;{r};{g};{b}")),
            named => {
                let i = ansi_index(named);
                let n = if i < 8 { base + i } else { base + 60 + i - 8 };
                code(out, format_args!("{n}"));
            }
        };
        if self.fg != from.fg {
            colour(out, self.fg, 30, 39, 38);
        }
        if self.bg != from.bg {
            colour(out, self.bg, 40, 49, 48);
        }
        if self.underline != from.underline {
            // Underline colours have no short codes.
            match self.underline {
                Color::Reset => code(out, format_args!("59")),
                Color::Indexed(i) => code(out, format_args!("58;5;{i}")),
                Color::Rgb(r, g, b) => code(out, format_args!("58;2;{r};{g};{b}")),
                named => code(out, format_args!("58;5;{}", ansi_index(named))),
            }
        }
        if out.len() > start {
            out.splice(start..start, *b"\x1b[");
            out.push(b'm');
        }
    }
}

/// The 256-colour index of one of the sixteen named colours.
fn ansi_index(c: ratatui::style::Color) -> u8 {
    use ratatui::style::Color;
    match c {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        _ => 0,
    }
}

fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

#[cfg(test)]
mod tests;
