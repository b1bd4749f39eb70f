//! The dashboard's keys, in one table per mode: key handling, the help window and the footer all
//! read these tables, so they cannot disagree. A test checks that every command has a key and
//! every key a help line. The same key means different things while typing (the filter, the
//! station search), which is why there is a table per [`Mode`].
//!
//! These tables are the defaults; [`Keymap`] (custom.rs) is what is in force: the tables with
//! the configuration's `[keys]` applied, each action by its name in [`ACTIONS`].

use super::search::SearchEdit;
use crossterm::event::KeyCode;
#[cfg(test)]
use crossterm::event::{KeyEvent, KeyModifiers};
use std::borrow::Cow;

mod custom;
pub use custom::{action_names, Bound, Keymap, ACTIONS};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    None,
    Quit,
    NextCountry,
    PrevCountry,
    Move(isize),
    Page(isize),
    Top,
    Bottom,
    CycleFocus(bool),
    OpenSearch,
    StartFilter,
    FilterInput(char),
    FilterBackspace,
    FilterDone,
    FilterCancel,
    Details,
    ToggleCancelled,
    CycleSort,
    ReverseSort,
    ToggleMap,
    Refresh,
    Help,
    /// Closes a window; with none open, clears the filter.
    Close,
    Search(SearchEdit),
    /// Pans the map by a share of its view: (east, north) in steps.
    Pan(i8, i8),
    /// Zooms the map in (`true`) or out.
    Zoom(bool),
    /// Fits the map to the country again.
    FitMap,
    /// Keeps the selected train in the map's centre (again: stops).
    Follow,
    /// The map over the whole screen (again: back).
    FullMap,
    /// The board: departures ⇄ arrivals.
    TurnBoard,
    /// The board: only the trains to a station, picked (again: every train).
    RouteBoard,
    /// Pins the board's station (again: unpins it); `b` lists the pinned first.
    Pin,
    /// Adds a nearby station to the board, picked.
    MergeBoard,
}

/// A help line's or a hint's words in `lang`: the catalogue's `key-<the English words>`
/// (`key-refresh-now`), the English words where no catalogue has them. The tables stay in
/// English (the man page reads them); a test checks every line has its message.
pub fn said(lang: railtop_i18n::Lang, english: &'static str) -> &'static str {
    lang.lookup(&message_id(english)).unwrap_or(english)
}

/// `key-` and the English words' letters and digits, lower case, a dash between words.
pub(crate) fn message_id(english: &str) -> String {
    let mut id = String::from("key-");
    let mut gap = false;
    for c in english.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !id.ends_with('-') {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
            gap = false;
        } else {
            gap = true;
        }
    }
    id
}

/// What the keys mean now: the state says which mode it is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Normal,
    /// Typing the train filter.
    Filtering,
    /// The help or details window is open.
    Window,
    /// Typing in the station search.
    Search,
    /// The map has the focus (Tab to it, or `M`).
    Map,
}

/// Every mode, in the order of [`Keymap`]'s tables.
pub const MODES: [Mode; 5] = [
    Mode::Normal,
    Mode::Filtering,
    Mode::Window,
    Mode::Search,
    Mode::Map,
];

/// A key as the tables name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Code(KeyCode),
    Ctrl(char),
}

const fn ch(c: char) -> Key {
    Key::Code(KeyCode::Char(c))
}

const fn code(c: KeyCode) -> Key {
    Key::Code(c)
}

/// The footer's short form of a binding, and its place from the left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub keys: Cow<'static, str>,
    pub what: &'static str,
    pub order: u8,
}

/// One line of the help window: the keys as a person reads them, what they do, and the keys
/// that do it, each with its command.
#[derive(Debug, Clone)]
pub struct Binding {
    pub label: &'static str,
    pub help: &'static str,
    pub hint: Option<Hint>,
    pub keys: &'static [(Key, Command)],
}

const fn hint(keys: &'static str, what: &'static str, order: u8) -> Option<Hint> {
    Some(Hint {
        keys: Cow::Borrowed(keys),
        what,
        order,
    })
}

/// The dashboard's keys when nothing is being typed and no window is open.
#[rustfmt::skip]
pub(crate) const NORMAL: &[Binding] = &[
    Binding { label: "q, Ctrl-C", help: "quit", hint: hint("q", "quit", 0),
        keys: &[(ch('q'), Command::Quit), (Key::Ctrl('c'), Command::Quit)] },
    Binding { label: "← → (h l)", help: "previous / next country", hint: hint("←→", "country", 1),
        keys: &[(code(KeyCode::Left), Command::PrevCountry), (code(KeyCode::Right), Command::NextCountry),
                (ch('h'), Command::PrevCountry), (ch('l'), Command::NextCountry)] },
    Binding { label: "↑ ↓ (k j)", help: "move in the focused pane", hint: hint("↑↓", "move", 2),
        keys: &[(code(KeyCode::Up), Command::Move(-1)), (code(KeyCode::Down), Command::Move(1)),
                (ch('k'), Command::Move(-1)), (ch('j'), Command::Move(1))] },
    Binding { label: "PgUp PgDn", help: "a page up / down", hint: None,
        keys: &[(code(KeyCode::PageUp), Command::Page(-1)), (code(KeyCode::PageDown), Command::Page(1))] },
    Binding { label: "g G (Home End)", help: "first / last train", hint: None,
        keys: &[(ch('g'), Command::Top), (ch('G'), Command::Bottom),
                (code(KeyCode::Home), Command::Top), (code(KeyCode::End), Command::Bottom)] },
    Binding { label: "Tab, Shift-Tab", help: "focus the next / previous pane", hint: hint("Tab", "pane", 3),
        keys: &[(code(KeyCode::Tab), Command::CycleFocus(true)), (code(KeyCode::BackTab), Command::CycleFocus(false))] },
    Binding { label: "Enter", help: "details of the selected train (on the board: the departure's)", hint: hint("Enter", "details", 7),
        keys: &[(code(KeyCode::Enter), Command::Details)] },
    Binding { label: "/", help: "filter trains as you type (Enter keeps, Esc clears)", hint: hint("/", "filter", 4),
        keys: &[(ch('/'), Command::StartFilter)] },
    Binding { label: "s", help: "sort by delay, code, destination, next station, country", hint: hint("s", "sort", 5),
        keys: &[(ch('s'), Command::CycleSort)] },
    Binding { label: "S", help: "reverse the sort", hint: None,
        keys: &[(ch('S'), Command::ReverseSort)] },
    Binding { label: "c", help: "hide / show cancelled trains", hint: hint("c", "cancelled", 8),
        keys: &[(ch('c'), Command::ToggleCancelled)] },
    Binding { label: "b", help: "choose the board's station (names and codes complete)", hint: hint("b", "station", 6),
        keys: &[(ch('b'), Command::OpenSearch)] },
    Binding { label: "a", help: "the board: arrivals / departures", hint: None,
        keys: &[(ch('a'), Command::TurnBoard)] },
    Binding { label: "t", help: "the board: only trains to a station (again: every train)", hint: None,
        keys: &[(ch('t'), Command::RouteBoard)] },
    Binding { label: "p", help: "pin the board's station (again: unpin); b lists pins first", hint: None,
        keys: &[(ch('p'), Command::Pin)] },
    Binding { label: "+", help: "the board: add a nearby station to it (b: one again)", hint: None,
        keys: &[(ch('+'), Command::MergeBoard)] },
    Binding { label: "m", help: "show / hide the map", hint: hint("m", "map", 9),
        keys: &[(ch('m'), Command::ToggleMap)] },
    Binding { label: "M", help: "the map over the whole screen (again: back)", hint: None,
        keys: &[(ch('M'), Command::FullMap)] },
    Binding { label: "r", help: "refresh now", hint: hint("r", "refresh", 10),
        keys: &[(ch('r'), Command::Refresh)] },
    Binding { label: "?", help: "this help", hint: hint("?", "help", 11),
        keys: &[(ch('?'), Command::Help)] },
    Binding { label: "Esc", help: "close a window, stop filtering", hint: None,
        keys: &[(code(KeyCode::Esc), Command::Close)] },
    Binding { label: "mouse", help: "click a train or a country to select it", hint: None, keys: &[] },
];

/// While the map has the focus.
#[rustfmt::skip]
pub(crate) const MAP: &[Binding] = &[
    Binding { label: "q, Ctrl-C", help: "quit", hint: hint("q", "quit", 0),
        keys: &[(ch('q'), Command::Quit), (Key::Ctrl('c'), Command::Quit)] },
    Binding { label: "← → ↑ ↓", help: "pan the map (h l k j too)", hint: hint("←→↑↓", "pan", 1),
        keys: &[(code(KeyCode::Left), Command::Pan(-1, 0)), (code(KeyCode::Right), Command::Pan(1, 0)),
                (code(KeyCode::Up), Command::Pan(0, 1)), (code(KeyCode::Down), Command::Pan(0, -1)),
                (ch('h'), Command::Pan(-1, 0)), (ch('l'), Command::Pan(1, 0)),
                (ch('k'), Command::Pan(0, 1)), (ch('j'), Command::Pan(0, -1))] },
    Binding { label: "+ -, mouse wheel", help: "zoom in / out", hint: hint("+-", "zoom", 2),
        keys: &[(ch('+'), Command::Zoom(true)), (ch('='), Command::Zoom(true)), (ch('-'), Command::Zoom(false))] },
    Binding { label: "0", help: "fit the country", hint: hint("0", "fit", 3),
        keys: &[(ch('0'), Command::FitMap)] },
    Binding { label: "f", help: "follow the selected train (again: stop)", hint: hint("f", "follow", 4),
        keys: &[(ch('f'), Command::Follow)] },
    Binding { label: "M", help: "the map over the whole screen (again: back)", hint: hint("M", "full", 5),
        keys: &[(ch('M'), Command::FullMap)] },
    Binding { label: "Tab, Shift-Tab", help: "focus the next / previous pane", hint: hint("Tab", "pane", 6),
        keys: &[(code(KeyCode::Tab), Command::CycleFocus(true)), (code(KeyCode::BackTab), Command::CycleFocus(false))] },
    Binding { label: "Enter", help: "details of the selected train", hint: None,
        keys: &[(code(KeyCode::Enter), Command::Details)] },
    Binding { label: "m", help: "hide the map", hint: None,
        keys: &[(ch('m'), Command::ToggleMap)] },
    Binding { label: "r", help: "refresh now", hint: None,
        keys: &[(ch('r'), Command::Refresh)] },
    Binding { label: "?", help: "this help", hint: hint("?", "help", 11),
        keys: &[(ch('?'), Command::Help)] },
    Binding { label: "Esc", help: "back to the train list", hint: None,
        keys: &[(code(KeyCode::Esc), Command::Close)] },
];

/// While typing the filter: printable keys are text (see [`command`]).
#[rustfmt::skip]
pub(crate) const FILTERING: &[Binding] = &[
    Binding { label: "Enter, ↑ ↓", help: "keep the filter", hint: hint("Enter", "keep filter", 0),
        keys: &[(code(KeyCode::Enter), Command::FilterDone), (code(KeyCode::Down), Command::FilterDone),
                (code(KeyCode::Up), Command::FilterDone)] },
    Binding { label: "Esc", help: "clear the filter", hint: hint("Esc", "clear filter", 1),
        keys: &[(code(KeyCode::Esc), Command::FilterCancel)] },
    Binding { label: "Backspace", help: "delete a character", hint: None,
        keys: &[(code(KeyCode::Backspace), Command::FilterBackspace)] },
];

/// While the help or details window is open.
#[rustfmt::skip]
pub(crate) const WINDOW: &[Binding] = &[
    Binding { label: "q", help: "quit", hint: None, keys: &[(ch('q'), Command::Quit)] },
    Binding { label: "↑ ↓ PgUp PgDn", help: "scroll the window", hint: None,
        keys: &[(code(KeyCode::Up), Command::Move(-1)), (code(KeyCode::Down), Command::Move(1)),
                (ch('k'), Command::Move(-1)), (ch('j'), Command::Move(1)),
                (code(KeyCode::PageUp), Command::Page(-1)), (code(KeyCode::PageDown), Command::Page(1))] },
    Binding { label: "Esc, Enter, ?", help: "close the window", hint: None,
        keys: &[(code(KeyCode::Esc), Command::Close), (code(KeyCode::Enter), Command::Close),
                (ch('?'), Command::Close)] },
];

/// While typing in the station search: printable keys are text (see [`command`]).
#[rustfmt::skip]
pub(crate) const SEARCH: &[Binding] = &[
    Binding { label: "Esc", help: "close the search", hint: None, keys: &[(code(KeyCode::Esc), Command::Close)] },
    Binding { label: "Enter", help: "show this station's board", hint: None,
        keys: &[(code(KeyCode::Enter), Command::Search(SearchEdit::Pick))] },
    Binding { label: "↓ ↑ (Tab Shift-Tab)", help: "next / previous match", hint: None,
        keys: &[(code(KeyCode::Down), Command::Search(SearchEdit::Next)), (code(KeyCode::Tab), Command::Search(SearchEdit::Next)),
                (code(KeyCode::Up), Command::Search(SearchEdit::Prev)), (code(KeyCode::BackTab), Command::Search(SearchEdit::Prev))] },
    Binding { label: "Backspace", help: "delete a character", hint: None,
        keys: &[(code(KeyCode::Backspace), Command::Search(SearchEdit::Backspace))] },
    Binding { label: "Ctrl-W", help: "delete a word", hint: None,
        keys: &[(Key::Ctrl('w'), Command::Search(SearchEdit::DeleteWord))] },
    Binding { label: "Ctrl-U", help: "clear the field", hint: None,
        keys: &[(Key::Ctrl('u'), Command::Search(SearchEdit::Clear))] },
];

/// The table of a mode.
pub fn table(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::Normal => NORMAL,
        Mode::Filtering => FILTERING,
        Mode::Window => WINDOW,
        Mode::Search => SEARCH,
        Mode::Map => MAP,
    }
}

#[cfg(test)]
mod tests;
