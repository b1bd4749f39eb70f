//! The keys in force: the default tables with the configuration's `[keys]` applied, checked
//! once at start. Each action has a name ([`ACTIONS`]); binding it replaces its default keys in
//! every mode it is in. A key given to two actions of one mode is refused with the file's line,
//! as is an unknown action or key name. Ctrl-C always quits. In the typing modes (the filter,
//! the station search) a printable key stays text unless the action is one of that mode's own.

use super::{table, Binding, Command, Hint, Key, Mode, MODES};
use crate::tui::search::SearchEdit;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use railtop_core::config::{ConfigError, KeyBinding};
use std::borrow::Cow;

/// Every action a person may bind, by its name in `[keys]`, with the command it gives (one name
/// may give a command in each of two modes: `delete-char`).
#[rustfmt::skip]
pub const ACTIONS: &[(&str, Command)] = &[
    ("quit", Command::Quit),
    ("next-country", Command::NextCountry),
    ("prev-country", Command::PrevCountry),
    ("up", Command::Move(-1)),
    ("down", Command::Move(1)),
    ("page-up", Command::Page(-1)),
    ("page-down", Command::Page(1)),
    ("top", Command::Top),
    ("bottom", Command::Bottom),
    ("next-pane", Command::CycleFocus(true)),
    ("prev-pane", Command::CycleFocus(false)),
    ("details", Command::Details),
    ("filter", Command::StartFilter),
    ("sort", Command::CycleSort),
    ("reverse-sort", Command::ReverseSort),
    ("toggle-cancelled", Command::ToggleCancelled),
    ("station", Command::OpenSearch),
    ("turn-board", Command::TurnBoard),
    ("route-board", Command::RouteBoard),
    ("pin", Command::Pin),
    ("merge-board", Command::MergeBoard),
    ("map", Command::ToggleMap),
    ("full-map", Command::FullMap),
    ("refresh", Command::Refresh),
    ("help", Command::Help),
    ("close", Command::Close),
    ("pan-left", Command::Pan(-1, 0)),
    ("pan-right", Command::Pan(1, 0)),
    ("pan-up", Command::Pan(0, 1)),
    ("pan-down", Command::Pan(0, -1)),
    ("zoom-in", Command::Zoom(true)),
    ("zoom-out", Command::Zoom(false)),
    ("fit-map", Command::FitMap),
    ("follow", Command::Follow),
    ("keep-filter", Command::FilterDone),
    ("clear-filter", Command::FilterCancel),
    ("delete-char", Command::FilterBackspace),
    ("delete-char", Command::Search(SearchEdit::Backspace)),
    ("pick-station", Command::Search(SearchEdit::Pick)),
    ("next-match", Command::Search(SearchEdit::Next)),
    ("prev-match", Command::Search(SearchEdit::Prev)),
    ("delete-word", Command::Search(SearchEdit::DeleteWord)),
    ("clear-field", Command::Search(SearchEdit::Clear)),
];

/// The names of [`ACTIONS`], each once, in its order.
pub fn action_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for (name, _) in ACTIONS {
        if !names.contains(name) {
            names.push(name);
        }
    }
    names
}

/// The action a command belongs to (`None`: typed text, which no one binds).
pub fn action_of(command: Command) -> Option<&'static str> {
    ACTIONS
        .iter()
        .find(|(_, c)| *c == command)
        .map(|(name, _)| *name)
}

/// The key names `[keys]` accepts besides one character and `ctrl-` with one.
const NAMED: &[(&str, KeyCode)] = &[
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("pgup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("tab", KeyCode::Tab),
    ("shift-tab", KeyCode::BackTab),
    ("backtab", KeyCode::BackTab),
    ("enter", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("backspace", KeyCode::Backspace),
    ("space", KeyCode::Char(' ')),
];

/// What a wrong key name is told.
pub const KEY_FORMS: &str = "a key is one character (q, J, +), ctrl- and a character (ctrl-n), \
     left, right, up, down, pgup, pgdn, home, end, tab, shift-tab, enter, esc, backspace, \
     space, or f1 to f12";

/// A key as `[keys]` names it: `q`, `J`, `+`, `ctrl-x`, `left`, `pgdn`, `shift-tab`, `f5`,
/// `space` … (names are not case-sensitive; a single character is).
pub fn parse_key(text: &str) -> Result<Key, String> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_whitespace() || c.is_control() {
            return Err(format!("{text:?} is not a key: write space as \"space\""));
        }
        // A character the one sanitiser would take out (a bidi mark, a zero-width one) would
        // reach the help and the footer as it is: no key a person can type anyway.
        if railtop_core::text::cleaned(text) != text {
            return Err(format!("{text:?} is not a key: {KEY_FORMS}"));
        }
        return Ok(Key::Code(KeyCode::Char(c)));
    }
    let lower = text.trim().to_lowercase();
    if let Some(rest) = lower.strip_prefix("ctrl-").or(lower.strip_prefix("ctrl+")) {
        let mut chars = rest.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if c.is_alphanumeric() || c.is_ascii_punctuation() {
                return Ok(Key::Ctrl(c));
            }
        }
    }
    if let Some((_, code)) = NAMED.iter().find(|(name, _)| *name == lower) {
        return Ok(Key::Code(*code));
    }
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        if (1..=12).contains(&n) {
            return Ok(Key::Code(KeyCode::F(n)));
        }
    }
    Err(format!(
        "{} is not a key: {KEY_FORMS}",
        railtop_core::text::quoted(text)
    ))
}

/// A key as the help and the footer write it: `q`, `Ctrl-N`, `←`, `PgDn`, `F5`, `Space`.
pub fn key_label(key: Key) -> String {
    match key {
        Key::Ctrl(c) => format!("Ctrl-{}", c.to_uppercase()),
        Key::Code(code) => match code {
            KeyCode::Char(' ') => "Space".into(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "Shift-Tab".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Backspace => "Backspace".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        },
    }
}

/// One line of the help in force: as a [`Binding`], its label and hint made from its keys
/// where `[keys]` changed them.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    pub label: Cow<'static, str>,
    pub help: &'static str,
    pub hint: Option<Hint>,
    pub keys: Vec<(Key, Command)>,
}

/// The keys in force, one table per [`Mode`]; what `update`, the help and the footer read.
#[derive(Debug, Clone, PartialEq)]
pub struct Keymap {
    tables: [Vec<Bound>; 5],
    /// Whether the configuration changed any key.
    custom: bool,
}

impl Default for Keymap {
    /// The default tables, as written.
    fn default() -> Self {
        Keymap {
            tables: MODES.map(|mode| {
                table(mode)
                    .iter()
                    .map(|b| Bound {
                        label: Cow::Borrowed(b.label),
                        help: b.help,
                        hint: b.hint.clone(),
                        keys: b.keys.to_vec(),
                    })
                    .collect()
            }),
            custom: false,
        }
    }
}

/// An action of `[keys]` as checked: its keys and its line.
struct Override {
    action: &'static str,
    keys: Vec<Key>,
    line: usize,
}

fn index(mode: Mode) -> usize {
    MODES.iter().position(|m| *m == mode).unwrap_or(0)
}

/// Where a mode's keys are in force, as a refusal says it.
fn place(mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => "on the dashboard",
        Mode::Filtering => "while typing the filter",
        Mode::Window => "in the help and details windows",
        Mode::Search => "in the station search",
        Mode::Map => "on the map",
    }
}

fn typing(mode: Mode) -> bool {
    matches!(mode, Mode::Filtering | Mode::Search)
}

/// Whether an action is only the typing modes' (then a printable key may be bound to it there).
fn typing_only(action: &str) -> bool {
    MODES.iter().filter(|m| !typing(**m)).all(|m| {
        !table(*m)
            .iter()
            .flat_map(|b| b.keys)
            .any(|(_, c)| action_of(*c) == Some(action))
    })
}

fn printable(key: Key) -> bool {
    matches!(key, Key::Code(KeyCode::Char(_)))
}

impl Keymap {
    /// The defaults with `[keys]` applied; an unknown action, an unknown key name or a key
    /// given to two actions of one mode is refused, naming the file's line.
    pub fn new(bindings: &[KeyBinding]) -> Result<Keymap, ConfigError> {
        if bindings.is_empty() {
            return Ok(Keymap::default());
        }
        let names = action_names();
        let mut overrides = Vec::new();
        for b in bindings {
            let refuse = |problem: String| ConfigError::Unknown {
                line: b.line,
                problem: format!("[keys] {problem}"),
            };
            let Some(action) = names.iter().copied().find(|n| *n == b.action) else {
                let meant = match railtop_core::config::closest(&b.action, &names) {
                    Some(m) => format!("did you mean {m:?}? "),
                    None => String::new(),
                };
                return Err(refuse(format!(
                    "{} is not an action; {meant}the actions: {}",
                    railtop_core::text::quoted(&b.action),
                    names.join(", ")
                )));
            };
            let mut keys = Vec::new();
            for text in &b.keys {
                let key = parse_key(text).map_err(|why| refuse(format!("{action}: {why}")))?;
                if key == Key::Ctrl('c') {
                    if action == "quit" {
                        continue; // it quits anyway
                    }
                    return Err(refuse(format!(
                        "{action}: ctrl-c always quits and cannot be rebound; choose another key"
                    )));
                }
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            overrides.push(Override {
                action,
                keys,
                line: b.line,
            });
        }
        let keymap = Keymap {
            tables: MODES.map(|mode| {
                table(mode)
                    .iter()
                    .map(|b| rebound(mode, b, &overrides))
                    .collect()
            }),
            custom: true,
        };
        for mode in MODES {
            keymap.check(mode, &overrides)?;
        }
        Ok(keymap)
    }

    /// Refuses a key that two actions of `mode` now have.
    fn check(&self, mode: Mode, overrides: &[Override]) -> Result<(), ConfigError> {
        let keys: Vec<(Key, &'static str)> = self
            .table(mode)
            .iter()
            .flat_map(|b| &b.keys)
            .filter_map(|(k, c)| Some((*k, action_of(*c)?)))
            .collect();
        for (i, (key, a)) in keys.iter().enumerate() {
            let Some((_, b)) = keys[i + 1..].iter().find(|(k, b)| k == key && b != a) else {
                continue;
            };
            let line_of = |action: &str| {
                overrides
                    .iter()
                    .find(|o| o.action == action)
                    .map(|o| o.line)
            };
            // The line to fix: the later of the two that `[keys]` gives.
            let (line, other) = match (line_of(a), line_of(b)) {
                (Some(la), Some(lb)) if lb > la => (lb, format!("{a} (line {la})")),
                (Some(la), Some(lb)) => (la, format!("{b} (line {lb})")),
                (Some(la), None) => (la, format!("{b} (its default)")),
                (None, Some(lb)) => (lb, format!("{a} (its default)")),
                (None, None) => (0, String::new()),
            };
            let mine = if line_of(a) == Some(line) { a } else { b };
            return Err(ConfigError::Unknown {
                line,
                problem: format!(
                    "[keys] {mine}: {} is already {other}'s key {}; give one of them another key",
                    key_label(*key),
                    place(mode)
                ),
            });
        }
        Ok(())
    }

    /// The lines of a mode, in the default table's order.
    pub fn table(&self, mode: Mode) -> &[Bound] {
        &self.tables[index(mode)]
    }

    /// Whether `[keys]` changed any key.
    pub fn custom(&self) -> bool {
        self.custom
    }

    /// The footer's hints for a mode, left to right.
    pub fn hints(&self, mode: Mode) -> Vec<&Hint> {
        let mut hints: Vec<&Hint> = self
            .table(mode)
            .iter()
            .filter_map(|b| b.hint.as_ref())
            .collect();
        hints.sort_by_key(|h| h.order);
        hints
    }

    /// What a key does in a mode. Ctrl-C quits in every mode; in the typing modes a printable
    /// key that no binding takes is text.
    pub fn command(&self, mode: Mode, key: KeyEvent) -> Command {
        if key.kind == KeyEventKind::Release {
            return Command::None;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && key.code == KeyCode::Char('c') {
            return Command::Quit;
        }
        let pressed = match key.code {
            KeyCode::Char(c) if ctrl => Key::Ctrl(c),
            other => Key::Code(other),
        };
        let lookup = |wanted: Key| {
            self.table(mode)
                .iter()
                .flat_map(|b| &b.keys)
                .find(|(k, _)| *k == wanted)
                .map(|(_, command)| *command)
        };
        // A Ctrl chord no binding names means what the plain key means (Ctrl-Q quits too).
        let bound = lookup(pressed).or_else(|| ctrl.then(|| lookup(Key::Code(key.code))).flatten());
        match (bound, mode, key.code) {
            (Some(command), _, _) => command,
            (None, Mode::Filtering, KeyCode::Char(c)) if !ctrl => Command::FilterInput(c),
            (None, Mode::Search, KeyCode::Char(c)) if !ctrl => {
                Command::Search(SearchEdit::Input(c))
            }
            _ => Command::None,
        }
    }
}

/// The keys an override gives an action in `mode`; `None`: its defaults stay there (in a
/// typing mode, an action not its own keeps its defaults rather than take a printable key).
fn keys_in(mode: Mode, o: &Override) -> Option<Vec<Key>> {
    if typing(mode) && !typing_only(o.action) {
        let keys: Vec<Key> = o.keys.iter().copied().filter(|k| !printable(*k)).collect();
        return (!keys.is_empty()).then_some(keys);
    }
    Some(o.keys.clone())
}

/// A default binding with the overrides applied: each rebound action's keys in place of its
/// default ones (where its first was), its label and hint made from the keys it has now.
fn rebound(mode: Mode, b: &Binding, overrides: &[Override]) -> Bound {
    let mut keys: Vec<(Key, Command)> = Vec::new();
    let mut placed: Vec<&str> = Vec::new();
    let mut changed = false;
    for &(key, command) in b.keys {
        let new = action_of(command).and_then(|action| {
            let o = overrides.iter().find(|o| o.action == action)?;
            Some((action, keys_in(mode, o)?))
        });
        match new {
            // Ctrl-C is not the configuration's: it stays where it is.
            Some((action, new)) if key != Key::Ctrl('c') => {
                changed = true;
                if !placed.contains(&action) {
                    placed.push(action);
                    keys.extend(new.into_iter().map(|k| (k, command)));
                }
            }
            _ => keys.push((key, command)),
        }
    }
    if !changed {
        return Bound {
            label: Cow::Borrowed(b.label),
            help: b.help,
            hint: b.hint.clone(),
            keys,
        };
    }
    // The keys grouped by action, in the order they come.
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for (key, command) in &keys {
        let action = action_of(*command).unwrap_or_default();
        let label = key_label(*key);
        match groups.iter_mut().find(|(a, _)| *a == action) {
            Some((_, labels)) => labels.push(label),
            None => groups.push((action, vec![label])),
        }
    }
    let mut label = match groups.as_slice() {
        [(_, one)] => one.join(", "),
        many => many
            .iter()
            .map(|(_, labels)| labels.join(" "))
            .collect::<Vec<_>>()
            .join(" / "),
    };
    if b.label.ends_with(", mouse wheel") {
        label.push_str(", mouse wheel");
    }
    let hint = b.hint.as_ref().map(|h| Hint {
        keys: Cow::Owned(
            groups
                .iter()
                .filter_map(|(_, labels)| labels.first().cloned())
                .collect::<Vec<_>>()
                .join("/"),
        ),
        what: h.what,
        order: h.order,
    });
    // "pan the map (h l k j too)": the keys it names may be gone; the label has them all.
    let help = match b.help.find(" (") {
        Some(at) if b.help.ends_with(" too)") => &b.help[..at],
        _ => b.help,
    };
    Bound {
        label: Cow::Owned(label),
        help,
        hint,
        keys,
    }
}

#[cfg(test)]
mod tests;
