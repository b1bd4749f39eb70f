//! `[keys]`: the names, the refusals with their line, and a rebound key doing its action
//! through `update`, in the help and in the footer.

use super::*;
use crate::refresh::Event;
use crate::tui::app::{update, AppState, Overlay, Settings};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn binding(action: &str, keys: &[&str], line: usize) -> KeyBinding {
    KeyBinding {
        action: action.into(),
        keys: keys.iter().map(|k| k.to_string()).collect(),
        line,
    }
}

fn keymap(bindings: &[(&str, &[&str])]) -> Result<Keymap, ConfigError> {
    let all: Vec<KeyBinding> = bindings
        .iter()
        .enumerate()
        .map(|(i, (a, k))| binding(a, k, i + 3))
        .collect();
    Keymap::new(&all)
}

fn refused(bindings: &[(&str, &[&str])]) -> String {
    keymap(bindings).unwrap_err().to_string()
}

fn press(keys: &Keymap, mode: Mode, code: KeyCode) -> Command {
    keys.command(mode, KeyEvent::new(code, KeyModifiers::NONE))
}

#[test]
fn every_command_of_a_binding_has_one_action_name() {
    for mode in MODES {
        for b in table(mode) {
            for (key, command) in b.keys {
                let names: Vec<&str> = ACTIONS
                    .iter()
                    .filter(|(_, c)| c == command)
                    .map(|(n, _)| *n)
                    .collect();
                assert_eq!(names.len(), 1, "{mode:?} {key:?}: {command:?} is {names:?}");
            }
        }
    }
    for (name, command) in ACTIONS {
        assert!(
            name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{name}"
        );
        let used = MODES.iter().any(|m| {
            table(*m)
                .iter()
                .flat_map(|b| b.keys)
                .any(|(_, c)| c == command)
        });
        assert!(used, "{name}: {command:?} is in no table");
    }
    assert_eq!(
        action_names().len(),
        ACTIONS.len() - 1,
        "delete-char is named once"
    );
}

#[test]
fn key_names_parse_and_read_back() {
    let cases: &[(&str, Key)] = &[
        ("q", Key::Code(KeyCode::Char('q'))),
        ("J", Key::Code(KeyCode::Char('J'))),
        ("+", Key::Code(KeyCode::Char('+'))),
        ("ctrl-n", Key::Ctrl('n')),
        ("Ctrl-N", Key::Ctrl('n')),
        ("left", Key::Code(KeyCode::Left)),
        ("PgDn", Key::Code(KeyCode::PageDown)),
        ("shift-tab", Key::Code(KeyCode::BackTab)),
        ("enter", Key::Code(KeyCode::Enter)),
        ("esc", Key::Code(KeyCode::Esc)),
        ("backspace", Key::Code(KeyCode::Backspace)),
        ("space", Key::Code(KeyCode::Char(' '))),
        ("f1", Key::Code(KeyCode::F(1))),
        ("F12", Key::Code(KeyCode::F(12))),
    ];
    for (text, key) in cases {
        assert_eq!(parse_key(text), Ok(*key), "{text}");
    }
    for wrong in [
        "",
        " ",
        "f13",
        "f0",
        "ctrl-",
        "ctrl-nn",
        "shift-j",
        "pagedownn",
        "\u{202e}",
        "\u{200b}",
    ] {
        let e = parse_key(wrong).unwrap_err();
        assert!(e.contains("is not a key"), "{wrong:?}: {e}");
    }
    let labels: Vec<String> = ["ctrl-w", "down", "pgup", "f5", "space", "shift-tab"]
        .iter()
        .map(|k| key_label(parse_key(k).unwrap()))
        .collect();
    assert_eq!(labels, ["Ctrl-W", "↓", "PgUp", "F5", "Space", "Shift-Tab"]);
}

#[test]
fn unknown_actions_keys_and_conflicts_are_refused_with_the_line() {
    let e = refused(&[("quit", &["x"]), ("quitt", &["y"])]);
    assert!(
        e.starts_with("line 4: [keys] \"quitt\" is not an action"),
        "{e}"
    );
    assert!(
        e.contains("did you mean \"quit\"?") && e.contains("next-country"),
        "{e}"
    );

    let e = refused(&[("down", &["n", "dwn"])]);
    assert!(
        e.starts_with("line 3: [keys] down: \"dwn\" is not a key"),
        "{e}"
    );
    assert!(e.contains("shift-tab") && e.contains("f1 to f12"), "{e}");

    // A rebound key that is another action's default.
    let e = refused(&[("quit", &["j"])]);
    assert_eq!(
        e,
        "line 3: [keys] quit: j is already down (its default)'s key on the dashboard; give one \
         of them another key"
    );
    // On the map only: zoom-in on h, which pans there.
    let e = refused(&[("zoom-in", &["h"])]);
    assert!(
        e.contains("zoom-in: h is already pan-left (its default)'s key on the map"),
        "{e}"
    );
    // Two of the file's own: the later line is named, with the other's.
    let e = refused(&[("refresh", &["x"]), ("pin", &["P"]), ("sort", &["x"])]);
    assert!(
        e.starts_with("line 5: [keys] sort: x is already refresh (line 3)'s key"),
        "{e}"
    );
    // Ctrl-C is not the file's.
    let e = refused(&[("help", &["ctrl-c"])]);
    assert!(
        e.contains("help: ctrl-c always quits and cannot be rebound"),
        "{e}"
    );
    assert!(keymap(&[("quit", &["x", "ctrl-c"])]).is_ok());
    // Moving a default away frees it: `s` for the filter once sort has another key.
    assert!(keymap(&[("filter", &["s"])]).is_err());
    let k = keymap(&[("filter", &["s"]), ("sort", &["o"])]).unwrap();
    assert_eq!(
        press(&k, Mode::Normal, KeyCode::Char('s')),
        Command::StartFilter
    );
    assert_eq!(
        press(&k, Mode::Normal, KeyCode::Char('o')),
        Command::CycleSort
    );
    assert_eq!(press(&k, Mode::Normal, KeyCode::Char('/')), Command::None);
}

#[test]
fn a_rebound_action_leaves_its_defaults_in_every_mode() {
    let k = keymap(&[("down", &["n"]), ("quit", &["x"])]).unwrap();
    for mode in [Mode::Normal, Mode::Window] {
        assert_eq!(
            press(&k, mode, KeyCode::Char('n')),
            Command::Move(1),
            "{mode:?}"
        );
        assert_eq!(
            press(&k, mode, KeyCode::Char('j')),
            Command::None,
            "{mode:?}"
        );
        assert_eq!(press(&k, mode, KeyCode::Down), Command::None, "{mode:?}");
        assert_eq!(
            press(&k, mode, KeyCode::Char('k')),
            Command::Move(-1),
            "{mode:?}"
        );
        assert_eq!(
            press(&k, mode, KeyCode::Char('x')),
            Command::Quit,
            "{mode:?}"
        );
        assert_eq!(
            press(&k, mode, KeyCode::Char('q')),
            Command::None,
            "{mode:?}"
        );
    }
    // pan-down is another action: the map keeps j.
    assert_eq!(
        press(&k, Mode::Map, KeyCode::Char('j')),
        Command::Pan(0, -1)
    );
    // Ctrl-C quits whatever quit is.
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(k.command(Mode::Search, ctrl_c), Command::Quit);
    assert!(k.custom() && !Keymap::default().custom());
    assert_eq!(Keymap::new(&[]).unwrap(), Keymap::default());
}

#[test]
fn typing_modes_keep_printable_keys_as_text() {
    // `close` is not the search's own: its printable key stays text there, Esc still closes.
    let k = keymap(&[("close", &["x"])]).unwrap();
    assert_eq!(press(&k, Mode::Normal, KeyCode::Char('x')), Command::Close);
    assert_eq!(press(&k, Mode::Normal, KeyCode::Esc), Command::None);
    assert_eq!(
        press(&k, Mode::Search, KeyCode::Char('x')),
        Command::Search(SearchEdit::Input('x'))
    );
    assert_eq!(press(&k, Mode::Search, KeyCode::Esc), Command::Close);
    // With a key that is not text, that key is the search's too.
    let k = keymap(&[("close", &["x", "f2"])]).unwrap();
    assert_eq!(press(&k, Mode::Search, KeyCode::F(2)), Command::Close);
    assert_eq!(press(&k, Mode::Search, KeyCode::Esc), Command::None);
    // A typing mode's own action takes what it is given.
    let k = keymap(&[("keep-filter", &["ctrl-k", "!"])]).unwrap();
    let ctrl_k = KeyEvent::new(KeyCode::Char('k'), KeyModifiers::CONTROL);
    assert_eq!(k.command(Mode::Filtering, ctrl_k), Command::FilterDone);
    assert_eq!(
        press(&k, Mode::Filtering, KeyCode::Char('!')),
        Command::FilterDone
    );
    // Enter no longer keeps the filter (and is no text).
    assert_eq!(press(&k, Mode::Filtering, KeyCode::Enter), Command::None);
}

#[test]
fn a_rebound_bindings_label_and_hint_are_its_keys() {
    let k = keymap(&[("next-country", &["n"]), ("quit", &["x", "Q"])]).unwrap();
    let normal = k.table(Mode::Normal);
    let country = normal
        .iter()
        .find(|b| b.help == "previous / next country")
        .unwrap();
    assert_eq!(country.label, "← h / n");
    assert_eq!(country.hint.as_ref().unwrap().keys, "←/n");
    let quit = &normal[0];
    assert_eq!(quit.label, "x, Q, Ctrl-C");
    assert_eq!(quit.hint.as_ref().unwrap().keys, "x");
    // The others keep their hand-written labels.
    let default = Keymap::default();
    for (b, d) in normal.iter().zip(default.table(Mode::Normal)).skip(2) {
        assert_eq!(b, d);
    }
    let zoom = keymap(&[("zoom-in", &["z"])]).unwrap();
    let line = &zoom.table(Mode::Map)[2];
    assert_eq!(line.label, "z / -, mouse wheel");
    // A help that names the old keys does not keep them.
    let pan = keymap(&[("pan-left", &["a"])]).unwrap();
    let line = &pan.table(Mode::Map)[1];
    assert_eq!(
        (line.label.as_ref(), line.help),
        ("a / → l / ↑ k / ↓ j", "pan the map")
    );
}

/// The dashboard on the demo's trains of every country, with these keys.
fn dashboard(keys: Keymap) -> AppState {
    let source = railtop_feeds::source::demo::DemoSource::new(
        1,
        1,
        railtop_core::clock::Clock::Fixed(crate::test_support::now()),
    )
    .unwrap();
    let settings = Settings {
        keys,
        ..Settings::default()
    };
    let mut s = AppState::new(
        railtop_feeds::source::LiveSource::info(&source),
        settings,
        None,
        None,
        crate::test_support::now(),
    );
    s.size = (120, 40);
    let query = railtop_feeds::source::RealtimeQuery {
        country: None,
        stop: None,
    };
    let answer = source
        .realtime_at(&query, crate::test_support::now())
        .unwrap();
    update(
        &mut s,
        Event::Answer(crate::refresh::Answer::Realtime {
            country: None,
            result: Ok(std::sync::Arc::new(answer)),
            at: crate::test_support::now(),
        }),
    );
    s
}

fn key(s: &mut AppState, c: char) {
    update(
        s,
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
    );
}

fn screen(s: &AppState) -> String {
    let mut t = Terminal::new(TestBackend::new(s.size.0, s.size.1)).unwrap();
    t.draw(|f| crate::tui::view::draw(s, f)).unwrap();
    t.backend().to_string()
}

#[test]
fn through_update_a_rebound_key_acts_and_its_old_default_does_not() {
    let keys = keymap(&[
        ("quit", &["x"]),
        ("next-country", &["n"]),
        ("help", &["f1"]),
    ])
    .unwrap();
    let mut s = dashboard(keys);
    let first = s.countries.selected.clone();
    key(&mut s, 'l');
    assert_eq!(
        s.countries.selected, first,
        "l no longer moves to the next country"
    );
    key(&mut s, 'n');
    assert_ne!(s.countries.selected, first, "n does");
    key(&mut s, 'q');
    assert!(!s.should_quit, "q no longer quits");
    key(&mut s, '?');
    assert!(s.overlay.is_none(), "? no longer opens the help");
    update(
        &mut s,
        Event::Key(KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)),
    );
    assert_eq!(s.overlay, Some(Overlay::Help), "F1 does");
    let help = screen(&s);
    assert!(
        help.contains("x, Ctrl-C") && help.contains("← h / n"),
        "{help}"
    );
    assert!(help.contains("F1 ") && help.contains("this help"), "{help}");
    key(&mut s, 'x');
    assert!(s.should_quit, "x quits, in the window too");
}

#[test]
fn the_footer_shows_the_keys_in_force() {
    let keys = keymap(&[("quit", &["x"]), ("help", &["f1"]), ("filter", &["f"])]).unwrap();
    let s = dashboard(keys);
    let footer = screen(&s).lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("x quit"), "{footer}");
    assert!(footer.contains("f filter"), "{footer}");
    assert!(
        footer.trim_end_matches('"').trim_end().ends_with("F1 help"),
        "{footer}"
    );
    let default = screen(&dashboard(Keymap::default()));
    let footer = default.lines().last().unwrap_or_default();
    assert!(
        footer.contains("q quit") && footer.contains("? help"),
        "{footer}"
    );
}

/// The user guide names every action, so a new one cannot go unsaid.
#[test]
fn the_user_guide_names_every_action() {
    let guide = include_str!("../../../../docs/user-guide.md");
    let section = guide
        .split("### Keys of your own")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the guide's [keys] section");
    for name in action_names() {
        assert!(section.contains(&format!("`{name}`")), "{name}");
    }
}
