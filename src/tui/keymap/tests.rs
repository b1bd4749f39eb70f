//! Unit tests of `keymap.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn command(mode: Mode, key: KeyEvent) -> Command {
    Keymap::default().command(mode, key)
}

fn hints(mode: Mode) -> Vec<Hint> {
    Keymap::default().hints(mode).into_iter().cloned().collect()
}

fn press(mode: Mode, code: KeyCode) -> Command {
    command(mode, KeyEvent::new(code, KeyModifiers::NONE))
}

/// Every command a person can give, with the mode it is given in.
const EVERY_COMMAND: &[(Mode, Command)] = &[
    (Mode::Normal, Command::Quit),
    (Mode::Normal, Command::TurnBoard),
    (Mode::Normal, Command::RouteBoard),
    (Mode::Normal, Command::Pin),
    (Mode::Normal, Command::MergeBoard),
    (Mode::Normal, Command::NextCountry),
    (Mode::Normal, Command::PrevCountry),
    (Mode::Normal, Command::Move(1)),
    (Mode::Normal, Command::Move(-1)),
    (Mode::Normal, Command::Page(1)),
    (Mode::Normal, Command::Page(-1)),
    (Mode::Normal, Command::Top),
    (Mode::Normal, Command::Bottom),
    (Mode::Normal, Command::CycleFocus(true)),
    (Mode::Normal, Command::CycleFocus(false)),
    (Mode::Normal, Command::OpenSearch),
    (Mode::Normal, Command::StartFilter),
    (Mode::Normal, Command::Details),
    (Mode::Normal, Command::ToggleCancelled),
    (Mode::Normal, Command::CycleSort),
    (Mode::Normal, Command::ReverseSort),
    (Mode::Normal, Command::ToggleMap),
    (Mode::Normal, Command::Refresh),
    (Mode::Normal, Command::Help),
    (Mode::Normal, Command::Close),
    (Mode::Filtering, Command::FilterBackspace),
    (Mode::Filtering, Command::FilterDone),
    (Mode::Filtering, Command::FilterCancel),
    (Mode::Window, Command::Quit),
    (Mode::Window, Command::Move(1)),
    (Mode::Window, Command::Move(-1)),
    (Mode::Window, Command::Page(1)),
    (Mode::Window, Command::Page(-1)),
    (Mode::Window, Command::Close),
    (Mode::Search, Command::Close),
    (Mode::Search, Command::Search(SearchEdit::Pick)),
    (Mode::Search, Command::Search(SearchEdit::Next)),
    (Mode::Search, Command::Search(SearchEdit::Prev)),
    (Mode::Search, Command::Search(SearchEdit::Backspace)),
    (Mode::Search, Command::Search(SearchEdit::DeleteWord)),
    (Mode::Search, Command::Search(SearchEdit::Clear)),
    (Mode::Normal, Command::FullMap),
    (Mode::Map, Command::Quit),
    (Mode::Map, Command::Pan(-1, 0)),
    (Mode::Map, Command::Pan(1, 0)),
    (Mode::Map, Command::Pan(0, 1)),
    (Mode::Map, Command::Pan(0, -1)),
    (Mode::Map, Command::Zoom(true)),
    (Mode::Map, Command::Zoom(false)),
    (Mode::Map, Command::FitMap),
    (Mode::Map, Command::Follow),
    (Mode::Map, Command::FullMap),
    (Mode::Map, Command::CycleFocus(true)),
    (Mode::Map, Command::CycleFocus(false)),
    (Mode::Map, Command::Details),
    (Mode::Map, Command::ToggleMap),
    (Mode::Map, Command::Refresh),
    (Mode::Map, Command::Help),
    (Mode::Map, Command::Close),
];

#[test]
fn every_command_has_a_key_and_every_key_a_help_line() {
    for (mode, wanted) in EVERY_COMMAND {
        let bound = table(*mode)
            .iter()
            .flat_map(|b| b.keys)
            .any(|(_, c)| c == wanted);
        assert!(bound, "{wanted:?} has no key in {mode:?}");
    }
    for mode in MODES {
        for b in table(mode) {
            assert!(
                !b.label.is_empty() && !b.help.is_empty(),
                "{mode:?}: a binding without help"
            );
            for (key, c) in b.keys {
                assert!(
                    EVERY_COMMAND.contains(&(mode, *c)),
                    "{mode:?}: {key:?} gives {c:?}, which the list of commands lacks"
                );
                // The key does what its help line says: nothing earlier in the table takes it.
                let KeyEvent {
                    code, modifiers, ..
                } = match key {
                    Key::Code(code) => KeyEvent::new(*code, KeyModifiers::NONE),
                    Key::Ctrl(c) => KeyEvent::new(KeyCode::Char(*c), KeyModifiers::CONTROL),
                };
                assert_eq!(command(mode, KeyEvent::new(code, modifiers)), *c, "{key:?}");
            }
        }
        let orders: Vec<u8> = hints(mode).iter().map(|h| h.order).collect();
        let mut unique = orders.clone();
        unique.dedup();
        assert_eq!(orders, unique, "{mode:?}: two hints in one place");
    }
}

#[test]
fn typing_modes_take_text() {
    assert_eq!(
        press(Mode::Filtering, KeyCode::Char('q')),
        Command::FilterInput('q')
    );
    assert_eq!(
        press(Mode::Search, KeyCode::Char('q')),
        Command::Search(SearchEdit::Input('q'))
    );
    assert_eq!(press(Mode::Normal, KeyCode::Char('q')), Command::Quit);
    assert_eq!(press(Mode::Window, KeyCode::Char('x')), Command::None);
    assert_eq!(
        command(
            Mode::Search,
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
        ),
        Command::Quit,
        "Ctrl-C quits even while typing"
    );
}

/// Every help line and hint of every mode has its message in the English catalogue, saying
/// the table's own words (so the two cannot drift apart), and no two lines share an id.
#[test]
fn every_key_line_has_its_message() {
    let en = railtop_i18n::Lang::En;
    let keys = Keymap::default();
    let mut seen = std::collections::BTreeMap::new();
    for mode in MODES {
        for b in keys.table(mode) {
            let mut words = vec![b.help];
            words.extend(b.hint.as_ref().map(|h| h.what));
            for english in words {
                let id = message_id(english);
                assert_eq!(
                    en.lookup(&id),
                    Some(english),
                    "{id} in locales/en/dashboard.ftl"
                );
                if let Some(other) = seen.insert(id.clone(), english) {
                    assert_eq!(other, english, "two lines share {id}");
                }
            }
        }
    }
}
