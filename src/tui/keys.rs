//! Keys to commands. The same key means different things while typing (filter, station search).

use super::app::{AppState, Overlay};
use super::search::SearchEdit;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

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
    ToggleMap,
    Refresh,
    Help,
    Close,
    Search(SearchEdit),
}

/// Every binding, for the help overlay and the README.
pub const BINDINGS: &[(&str, &str)] = &[
    ("q, Ctrl-C", "quit"),
    ("← → (h l)", "previous / next country"),
    ("↑ ↓ (k j)", "move in the focused pane"),
    ("PgUp PgDn", "a page up / down"),
    ("g G (Home End)", "first / last train"),
    ("Tab, Shift-Tab", "focus the next / previous pane"),
    ("Enter", "details of the selected train"),
    ("/", "filter trains as you type (Enter keeps, Esc clears)"),
    ("s", "sort by delay, code, destination"),
    ("c", "hide / show cancelled trains"),
    ("b", "choose the board's station (names and codes complete)"),
    ("m", "show / hide the map"),
    ("r", "refresh now"),
    ("?", "this help"),
    ("Esc", "close a window, stop filtering"),
    ("mouse", "click a train or a country to select it"),
];

pub fn command(state: &AppState, key: KeyEvent) -> Command {
    if key.kind == KeyEventKind::Release {
        return Command::None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c')) {
        return Command::Quit;
    }
    match &state.overlay {
        Some(Overlay::Search(_)) => return search_key(key),
        Some(Overlay::Help | Overlay::Details) => {
            return match key.code {
                KeyCode::Char('q') => Command::Quit,
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?') => Command::Close,
                _ => Command::None,
            };
        }
        None => {}
    }
    if state.list.filter_editing {
        return match key.code {
            KeyCode::Enter | KeyCode::Down | KeyCode::Up => Command::FilterDone,
            KeyCode::Esc => Command::FilterCancel,
            KeyCode::Backspace => Command::FilterBackspace,
            KeyCode::Char(c) if !ctrl => Command::FilterInput(c),
            _ => Command::None,
        };
    }
    match key.code {
        KeyCode::Char('q') => Command::Quit,
        KeyCode::Right | KeyCode::Char('l') => Command::NextCountry,
        KeyCode::Left | KeyCode::Char('h') => Command::PrevCountry,
        KeyCode::Down | KeyCode::Char('j') => Command::Move(1),
        KeyCode::Up | KeyCode::Char('k') => Command::Move(-1),
        KeyCode::PageDown => Command::Page(1),
        KeyCode::PageUp => Command::Page(-1),
        KeyCode::Char('g') | KeyCode::Home => Command::Top,
        KeyCode::Char('G') | KeyCode::End => Command::Bottom,
        KeyCode::Tab => Command::CycleFocus(true),
        KeyCode::BackTab => Command::CycleFocus(false),
        KeyCode::Char('b') => Command::OpenSearch,
        KeyCode::Char('/') => Command::StartFilter,
        KeyCode::Enter => Command::Details,
        KeyCode::Char('c') => Command::ToggleCancelled,
        KeyCode::Char('s') => Command::CycleSort,
        KeyCode::Char('m') => Command::ToggleMap,
        KeyCode::Char('r') => Command::Refresh,
        KeyCode::Char('?') => Command::Help,
        KeyCode::Esc if !state.list.filter.is_empty() => Command::FilterCancel,
        KeyCode::Esc => Command::Close,
        _ => Command::None,
    }
}

fn search_key(key: KeyEvent) -> Command {
    Command::Search(match key.code {
        KeyCode::Esc => return Command::Close,
        KeyCode::Enter => SearchEdit::Pick,
        KeyCode::Down | KeyCode::Tab => SearchEdit::Next,
        KeyCode::Up | KeyCode::BackTab => SearchEdit::Prev,
        KeyCode::Backspace => SearchEdit::Backspace,
        KeyCode::Char(c) => SearchEdit::Input(c),
        _ => return Command::None,
    })
}
