//! The dashboard drawn into a `TestBackend` and compared with reviewed snapshots: each pane, the
//! whole screen at three sizes, the overlays, monochrome, too small, and error/stale states.
//! Demo data at a fixed instant and seed, so every snapshot is stable.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use railtop::refresh::{Answer, Event};
use railtop::test_support::DemoScene;
use railtop::tui::app::{update, AppState, Settings};
use railtop::tui::view;
use railtop_core::clock::Clock;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::LiveSource;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use crate::support::now;

/// A dashboard that has received one realtime answer and one board.
fn loaded(country: Option<&str>, size: (u16, u16), mono: bool) -> AppState {
    DemoScene {
        seed: 1,
        scale: 1,
        country,
        station: "HKI",
        now: now(),
        size,
        settings: Settings {
            theme: if mono {
                railtop_core::config::Theme::Mono
            } else {
                railtop_core::config::Theme::Color
            },
            ..Settings::default()
        },
    }
    .load()
}

/// A dashboard of `country` with `station`'s board, loaded, in a terminal of `size`.
fn at_station(country: &str, station: &str, size: (u16, u16)) -> AppState {
    DemoScene {
        seed: 1,
        scale: 1,
        country: Some(country),
        station,
        now: now(),
        size,
        settings: Settings::default(),
    }
    .load()
}

fn key(s: &mut AppState, code: KeyCode) {
    update(s, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn terminal(w: u16, h: u16) -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(w, h)).unwrap()
}

fn screen(s: &AppState) -> Terminal<TestBackend> {
    let mut t = terminal(s.size.0, s.size.1);
    t.draw(|f| view::draw(s, f)).unwrap();
    t
}

/// One pane alone in a `w`×`h` terminal.
fn pane(s: &AppState, w: u16, h: u16, draw: fn(&AppState, &mut ratatui::Frame, Rect)) -> String {
    let mut t = terminal(w, h);
    t.draw(|f| draw(s, f, f.area())).unwrap();
    t.backend().to_string()
}

#[test]
fn whole_screen_at_three_sizes() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let s = loaded(Some("finland"), (w, h), false);
        insta::assert_snapshot!(format!("screen_finland_{w}x{h}"), screen(&s).backend());
    }
    let s = loaded(None, (120, 40), false);
    insta::assert_snapshot!("screen_all_120x40", screen(&s).backend());
}

/// The United States and Germany too, each with its main station's board, at the three sizes.
#[test]
fn more_countries_at_three_sizes() {
    for (country, station) in [("united-states", "NYP"), ("germany", "8011160")] {
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let s = at_station(country, station, (w, h));
            insta::assert_snapshot!(format!("screen_{country}_{w}x{h}"), screen(&s).backend());
        }
    }
}

#[test]
fn each_pane() {
    let s = loaded(Some("finland"), (120, 40), false);
    insta::assert_snapshot!("pane_header", pane(&s, 120, 3, view::header));
    insta::assert_snapshot!("pane_countries", pane(&s, 24, 12, view::countries));
    insta::assert_snapshot!("pane_trains", pane(&s, 90, 20, view::trains));
    insta::assert_snapshot!("pane_board", pane(&s, 80, 16, view::board));
    insta::assert_snapshot!("pane_map", pane(&s, 60, 24, view::map));
}

#[test]
fn overlays() {
    let mut s = loaded(Some("finland"), (100, 30), false);
    key(&mut s, KeyCode::Char('?'));
    insta::assert_snapshot!("overlay_help", screen(&s).backend());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Enter);
    insta::assert_snapshot!("overlay_details", screen(&s).backend());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('b'));
    for c in "tam".chars() {
        key(&mut s, KeyCode::Char(c));
    }
    insta::assert_snapshot!("overlay_search", screen(&s).backend());
}

/// At 80×24 the help's long meanings wrap under themselves (none ends in `…`) and its end is
/// reached by scrolling (#54 item 16).
#[test]
fn the_help_at_80_columns_wraps_and_scrolls_to_its_end() {
    let mut s = loaded(Some("finland"), (80, 24), false);
    key(&mut s, KeyCode::Char('?'));
    key(&mut s, KeyCode::End);
    for _ in 0..8 {
        key(&mut s, KeyCode::PageDown);
    }
    let shown = format!("{}", screen(&s).backend());
    assert!(!shown.contains('…'), "{shown}");
    assert!(shown.contains("and route (cyan)"), "{shown}");
    insta::assert_snapshot!("overlay_help_80x24_end", shown);
}

/// The map of Finland, Switzerland and the United States (coasts, borders, lines, stations and
/// their names, the legend) at 120×40 and 200×60, fitted and zoomed in once; and the
/// full-screen map at 100×30.
#[test]
fn maps_of_three_countries() {
    for (country, station) in [
        ("finland", "HKI"),
        ("switzerland", "8503000"),
        ("united-states", "NYP"),
    ] {
        for (w, h) in [(120, 40), (200, 60)] {
            let mut s = at_station(country, station, (w, h));
            let map = s.areas().map.expect("the map is shown");
            let draw = |s: &AppState| {
                let mut t = terminal(w, h);
                t.draw(|f| view::draw(s, f)).unwrap();
                let buf = t.backend().buffer().clone();
                let mut text = String::new();
                for y in map.y..map.bottom() {
                    for x in map.x..map.right() {
                        text.push_str(buf[(x, y)].symbol());
                    }
                    text.push('\n');
                }
                text
            };
            insta::assert_snapshot!(format!("map_{country}_{w}x{h}"), draw(&s));
            // The main station is named however busy it is.
            let main: String = railtop_core::assets::stations(country)[0]
                .name
                .chars()
                .take(12)
                .collect();
            assert!(draw(&s).contains(&main), "{country} {w}x{h}: no {main}");
            s.focus = railtop::tui::app::Pane::Map;
            key(&mut s, KeyCode::Char('+'));
            insta::assert_snapshot!(format!("map_{country}_{w}x{h}_zoomed"), draw(&s));
        }
    }
    let mut s = loaded(Some("switzerland"), (100, 30), false);
    key(&mut s, KeyCode::Char('M'));
    insta::assert_snapshot!("map_full_screen_100x30", screen(&s).backend());
}

/// The details window with the train's journey, narrow (summary above the stops) and wide
/// (fields beside them), following the train and scrolled.
#[test]
fn details_with_a_journey() {
    let demo = DemoSource::new(1, 1, Clock::Fixed(now())).unwrap();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut s = loaded(Some("finland"), (w, h), false);
        // A long-distance train running with stops behind and ahead.
        let row = s
            .trains
            .list
            .rows
            .iter()
            .position(|&i| {
                let t = &s.trains.all()[i];
                t.status == "running" && t.train_code.starts_with("IC")
            })
            .expect("a running IC");
        for _ in 0..row {
            key(&mut s, KeyCode::Down);
        }
        key(&mut s, KeyCode::Enter);
        insta::assert_snapshot!(format!("details_asking_{w}x{h}"), screen(&s).backend());
        let id = s.details_of().unwrap().to_string();
        update(
            &mut s,
            Event::Answer(Answer::Journey {
                result: Ok(std::sync::Arc::new(demo.journey_at(&id, now()).unwrap())),
                id,
                at: now(),
            }),
        );
        insta::assert_snapshot!(format!("details_journey_{w}x{h}"), screen(&s).backend());
    }
    // A journey whose record says more than the list's (a run cut short): the window says it.
    let mut s = loaded(Some("finland"), (120, 40), false);
    key(&mut s, KeyCode::Enter);
    let id = s.details_of().unwrap().to_string();
    let mut told = demo.journey_at(&id, now()).unwrap();
    told.train.partly_cancelled = true;
    told.train.messages = vec!["Cancelled from Helsinki to Pasila; starts at Pasila.".into()];
    update(
        &mut s,
        Event::Answer(Answer::Journey {
            result: Ok(std::sync::Arc::new(told)),
            id,
            at: now(),
        }),
    );
    let text = format!("{:?}", screen(&s).backend());
    assert!(text.contains("partly cancelled"), "{text}");
    assert!(text.contains("Cancelled from Helsinki"), "{text}");
    // The narrow window (three lines of record) says it too.
    update(&mut s, Event::Resize(80, 24));
    let text = format!("{:?}", screen(&s).backend());
    assert!(text.contains("partly cancelled"), "{text}");
    assert!(text.contains("! Cancelled from Helsinki"), "{text}");

    let mut s = loaded(Some("finland"), (80, 24), false);
    key(&mut s, KeyCode::Enter);
    let id = s.details_of().unwrap().to_string();
    update(
        &mut s,
        Event::Answer(Answer::Journey {
            result: Err(railtop::screen::Failure::of(
                &"Finland's feed (Digitraffic) has no journeys of trains in railtop",
            )),
            id,
            at: now(),
        }),
    );
    insta::assert_snapshot!("details_no_journey_80x24", screen(&s).backend());
}

#[test]
fn help_lists_the_countries_that_are_not_live() {
    let mut s = loaded(Some("finland"), (100, 40), false);
    s.countries.not_live = vec![
        ("norway".into(), "not supported yet".into()),
        (
            "egypt".into(),
            "no public realtime rail feed exists (ENR's systems are closed)".into(),
        ),
    ];
    key(&mut s, KeyCode::Char('?'));
    insta::assert_snapshot!("overlay_help_not_live", screen(&s).backend());
}

#[test]
fn filter_and_hidden_cancelled_show_in_the_title() {
    let mut s = loaded(Some("finland"), (100, 30), false);
    key(&mut s, KeyCode::Char('/'));
    for c in "oulu".chars() {
        key(&mut s, KeyCode::Char(c));
    }
    key(&mut s, KeyCode::Char('c')); // typed into the filter, not a toggle
    key(&mut s, KeyCode::Backspace);
    key(&mut s, KeyCode::Enter);
    key(&mut s, KeyCode::Char('c'));
    insta::assert_snapshot!("filtered_oulu", pane(&s, 100, 12, view::trains));
}

#[test]
fn monochrome_has_no_colour_anywhere() {
    let s = loaded(Some("finland"), (120, 40), true);
    let t = screen(&s);
    let buffer = t.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "{:?}", cell);
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "{:?}", cell);
    }
    insta::assert_snapshot!("screen_mono_120x40", t.backend());
}

#[test]
fn too_small() {
    let s = loaded(Some("finland"), (50, 12), false);
    insta::assert_snapshot!("screen_too_small", screen(&s).backend());
}

#[test]
fn error_and_stale_states() {
    let mut s = loaded(Some("finland"), (120, 40), false);
    let later = now() + chrono::Duration::seconds(95);
    update(&mut s, Event::Tick(later));
    update(
        &mut s,
        Event::Answer(Answer::Realtime {
            country: Some("finland".into()),
            result: Err("http://127.0.0.1:9 refused the connection: is the server running?".into()),
            at: later,
        }),
    );
    update(
        &mut s,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Err("no answer from http://127.0.0.1:9 within 15 s".into()),
            at: later,
        }),
    );
    insta::assert_snapshot!("screen_stale_120x40", screen(&s).backend());

    // Nothing ever arrived: the panes say why instead of showing nothing.
    let demo = DemoSource::new(1, 1, Clock::Fixed(now())).unwrap();
    let mut empty = AppState::new(
        demo.info(),
        Settings::default(),
        Some("ireland".into()),
        None,
        now(),
    );
    empty.size = (100, 30);
    update(
        &mut empty,
        Event::Answer(Answer::Realtime {
            country: Some("ireland".into()),
            result: Err("upstream answered 502: feed down".into()),
            at: now(),
        }),
    );
    insta::assert_snapshot!("screen_failed_100x30", screen(&empty).backend());
}

/// The board's first row shown is the departure Enter opens: marked as the list's selection is
/// while the board has the focus, and not otherwise.
#[test]
fn the_focused_boards_first_row_is_marked_as_the_selection() {
    use railtop::tui::app::Pane;
    let mut s = loaded(Some("finland"), (120, 40), false);
    let selected = s.settings.theme().selected();
    let first_row_style = |s: &AppState| {
        let area = s.areas().board;
        let t = screen(s);
        // Inside the border, below the column titles.
        t.backend().buffer()[(area.x + 2, area.y + 2)].style()
    };
    let marked = |style: ratatui::style::Style| style.add_modifier.contains(selected.add_modifier);
    assert!(!marked(first_row_style(&s)), "the trains have the focus");
    s.focus = Pane::Board;
    assert!(marked(first_row_style(&s)), "{:?}", first_row_style(&s));
}

/// The board pane's poller, run once: the board the pane asks for now (its kind and route),
/// made by the real traveller's board over the demo at the same instant, delivered.
async fn poll_board(s: &mut AppState) {
    use railtop_feeds::source::cache::{CacheConfig, CachedSource};
    let demo = DemoSource::new(1, 1, Clock::Fixed(now())).unwrap();
    let source = CachedSource::new(std::sync::Arc::new(demo), CacheConfig::default());
    let query = s.board.query().expect("a station on the board");
    let board = railtop_feeds::source::travellers_board::board(&source, &query).await;
    update(
        s,
        Event::Answer(Answer::Board {
            station: query.key(),
            result: Ok(std::sync::Arc::new(board.unwrap())),
            at: now(),
        }),
    );
}

/// `a` turns the board to arrivals, `t` keeps it to the trains to a station picked as any
/// station is; the pane's title says both, the rows with a message are marked `*`, and the
/// selected row's message is the footnote. At the three sizes.
#[tokio::test]
async fn the_board_as_arrivals_and_to_a_station() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut s = at_station("finland", "TPE", (w, h));
        key(&mut s, KeyCode::Char('a'));
        assert!(
            s.board.answer.data.is_none(),
            "the departures are not shown as arrivals"
        );
        poll_board(&mut s).await;
        insta::assert_snapshot!(format!("board_arrivals_{w}x{h}"), screen(&s).backend());
        key(&mut s, KeyCode::Char('a'));
        key(&mut s, KeyCode::Char('t'));
        for c in "oulu".chars() {
            key(&mut s, KeyCode::Char(c));
        }
        key(&mut s, KeyCode::Enter);
        poll_board(&mut s).await;
        assert_eq!(s.board.station.as_deref(), Some("TPE"), "the station stays");
        let board = s.board.answer.data.clone().unwrap();
        assert!(!board.departures.is_empty());
        assert!(board
            .departures
            .iter()
            .all(|d| d.destination == "Oulu" || d.via.iter().any(|v| v == "Oulu")));
        insta::assert_snapshot!(format!("board_to_oulu_{w}x{h}"), screen(&s).backend());
        // Again: every train.
        key(&mut s, KeyCode::Char('t'));
        assert!(s.board.route.is_empty());
    }
}

/// `+` adds a nearby station to the board: one list by time with a STATION column, the title
/// naming both. At the three sizes.
#[tokio::test]
async fn the_board_of_two_stations() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut s = at_station("finland", "HKI", (w, h));
        key(&mut s, KeyCode::Char('+'));
        for c in "pasila".chars() {
            key(&mut s, KeyCode::Char(c));
        }
        key(&mut s, KeyCode::Enter);
        poll_board(&mut s).await;
        let board = s.board.answer.data.clone().unwrap();
        assert_eq!(board.station.name, "Helsinki + Pasila");
        let text = screen(&s).backend().to_string();
        assert!(
            text.contains("Helsinki + Pasila") && text.contains("Pasi"),
            "{text}"
        );
        insta::assert_snapshot!(format!("board_merged_{w}x{h}"), screen(&s).backend());
    }
}

/// Two stations of one city (#54 item 8): each named in the STATION column by what tells it from
/// the other (`HB`, `Oerl…`, never `Züri…` twice), the train numbers whole (the destination
/// gives way first), and the rows in the order of the time shown. At the three sizes.
#[tokio::test]
async fn a_merged_board_of_one_citys_stations_can_be_read() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut s = at_station("switzerland", "8503000", (w, h));
        key(&mut s, KeyCode::Char('+'));
        for c in "oerlikon".chars() {
            key(&mut s, KeyCode::Char(c));
        }
        key(&mut s, KeyCode::Enter);
        poll_board(&mut s).await;
        let board = s.board.answer.data.clone().unwrap();
        assert_eq!(board.station.name, "Zürich HB + Zürich Oerlikon");
        let text = screen(&s).backend().to_string();
        assert!(!text.contains("Züri… "), "{text}");
        // The first rows, shown at every size.
        for d in board.departures.iter().take(4) {
            let code = d.train_code.as_deref().unwrap();
            assert!(text.contains(code), "{code} is cut: {text}");
        }
        let times: Vec<&str> = board
            .departures
            .iter()
            .map(|d| d.scheduled_dep.as_str())
            .collect();
        assert!(times.is_sorted(), "{times:?}");
        insta::assert_snapshot!(format!("board_merged_zurich_{w}x{h}"), screen(&s).backend());
    }
}

/// A board that runs past midnight marks the next day's times `+1` (#54 item 34): late on a
/// Friday in Zürich, 23:50 on the station's clock.
#[test]
fn a_board_past_midnight_marks_the_next_day() {
    for (w, h) in [(80, 24), (120, 40)] {
        let s = DemoScene {
            seed: 1,
            scale: 1,
            country: Some("switzerland"),
            station: "8503000",
            now: "2026-11-27T22:50:00Z".parse().unwrap(),
            size: (w, h),
            settings: Settings::default(),
        }
        .load();
        let text = screen(&s).backend().to_string();
        assert!(text.contains("00:00+1"), "{text}");
        assert!(!text.contains("23:52+1"), "{text}");
        insta::assert_snapshot!(format!("board_past_midnight_{w}x{h}"), screen(&s).backend());
    }
}

/// The board pane's title drops its least parts whole where the pane is narrow (the station's
/// code, then the age), never `· 0` of `· 0 s ago`; the footnote wraps in whole words rather than
/// lose its end (#54 item 18).
#[test]
fn the_boards_title_and_footnote_are_never_cut_mid_word() {
    let s = at_station("switzerland", "8503000", (120, 40));
    let title = |w: u16| {
        let text = pane(&s, w, 12, view::board);
        text.lines().next().unwrap().to_string()
    };
    assert!(
        title(40).contains(" Zürich HB (8503000) · 0 s ago "),
        "{}",
        title(40)
    );
    assert!(title(30).contains(" Zürich HB · 0 s ago "), "{}", title(30));
    assert!(title(20).contains(" Zürich HB "), "{}", title(20));
    for w in 12..60 {
        let t = title(w);
        assert!(!t.contains("· 0 ─") && !t.contains("· 0 s ─"), "{w}: {t}");
        assert!(!t.contains("(850") || t.contains("(8503000)"), "{w}: {t}");
    }
    // The first row's message, whole, in the 76-column pane of a 200-column screen.
    let text = pane(&s, 76, 20, view::board);
    let message = &s.board.answer.data.as_ref().unwrap().departures[0].messages[0];
    let shown: String = text
        .lines()
        .filter_map(|l| l.trim_matches('"').strip_prefix('│'))
        .map(|l| l.trim_end_matches('│').trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains(message.as_str()), "{message}\n{text}");
    insta::assert_snapshot!("pane_board_narrow", pane(&s, 30, 12, view::board));
}

/// At 60×15, the smallest screen drawn, the board pane still shows departures: the train list
/// gives its rows first (#54 item 31).
#[test]
fn the_smallest_screen_shows_the_boards_departures() {
    let s = at_station("switzerland", "8503000", (60, 15));
    let board = s.areas().board;
    let text = screen(&s).backend().to_string();
    let first = &s.board.answer.data.as_ref().unwrap().departures[0];
    assert!(board.height >= 6, "{board:?}\n{text}");
    assert!(
        s.areas().trains.height >= 4,
        "the list keeps a train: {text}"
    );
    assert!(
        text.contains(&format!("{} ", first.scheduled_dep)),
        "{text}"
    );
    insta::assert_snapshot!("screen_switzerland_60x15", screen(&s).backend());
}

/// What the feed says of the station itself shows under the board when the row Enter opens has
/// no message of its own.
#[test]
fn a_stations_notice_is_the_boards_footnote() {
    let mut s = loaded(Some("finland"), (100, 30), false);
    let mut board = (*s.board.answer.data.clone().expect("a board")).clone();
    board.departures.iter_mut().for_each(|d| d.messages.clear());
    board.add_notice("Hissi laiturille 5 on epäkunnossa", Some("fi"));
    s.board.answer.data = Some(std::sync::Arc::new(board));
    let text = screen(&s).backend().to_string();
    assert!(
        text.contains("! Hissi laiturille 5 on epäkunnossa"),
        "{text}"
    );
}

/// The picker's title is never cut at its border: at 80 columns it leaves out the keys (its
/// last line names them) rather than lose its ")".
#[test]
fn the_pickers_title_fits_its_box() {
    for ((w, h), (opens, what)) in [(80, 24), (100, 30), (200, 60)]
        .into_iter()
        .flat_map(|size| {
            [
                (size, ('b', "Station ·")),
                (size, ('+', "Add to the board ·")),
            ]
        })
    {
        let mut s = loaded(Some("finland"), (w, h), false);
        key(&mut s, KeyCode::Char(opens));
        let text = screen(&s).backend().to_string();
        let title = text
            .lines()
            .find(|l| l.contains(what))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(title.contains("Finland first"), "{title}");
        assert_eq!(
            title.contains("(Enter picks"),
            title.contains("Esc closes)"),
            "{w}×{h}: {title}"
        );
    }
}

/// The header's clock stays at every width: the stats give way to it, not the other way.
#[test]
fn the_clock_wins_over_the_stats() {
    for (country, zone) in [(Some("finland"), "EET"), (None, "+00:00")] {
        for (w, h) in [(80, 24), (100, 30), (120, 40)] {
            let s = loaded(country, (w, h), false);
            let text = screen(&s).backend().to_string();
            let first = text.lines().next().unwrap_or_default();
            assert!(
                first.trim_end_matches('"').trim_end().ends_with(zone),
                "{w}×{h}: {first}"
            );
        }
    }
}

/// The train list's columns keep their width while it scrolls: sized from the whole list.
#[test]
fn the_train_columns_keep_their_width_while_scrolling() {
    let mut s = loaded(Some("finland"), (120, 40), false);
    let header_row = |s: &AppState| {
        let text = screen(s).backend().to_string();
        text.lines()
            .find(|l| l.contains("CODE") && l.contains("TO"))
            .map(|l| (l.find(" TO ").unwrap_or(0), l.find("STATUS").unwrap_or(0)))
            .unwrap_or_default()
    };
    let top = header_row(&s);
    for _ in 0..40 {
        key(&mut s, KeyCode::Down);
    }
    assert_eq!(header_row(&s), top);
}

/// With `NO_COLOR` (the mono theme) every status is still told, in words: a train list with one
/// train of each delay class shows each class's own text on its row, and not one cell of colour.
#[test]
fn without_colour_every_status_is_told_in_words() {
    use railtop_core::model::{status, RealtimeResponse, Train};
    let mut s = loaded(Some("finland"), (120, 40), true);
    let cases: [(&str, Option<i64>, &str, &str); 7] = [
        ("NODATA 1", None, "running", "no data"),
        ("EARLY 2", Some(-2), "running", "-2′ early"),
        ("ONTIME 3", Some(0), "running", "on time"),
        ("SLIGHT 4", Some(3), "running", "+3′"),
        ("LATE 5", Some(8), "running", "+8′"),
        ("VLATE 6", Some(25), "running", "+25′"),
        // Said once, in STATUS (`canc` where the column is narrow), the row struck through.
        ("CANCEL 7", Some(4), status::CANCELLED, " canc"),
    ];
    let trains = cases
        .iter()
        .map(|(code, delay, st, _)| Train {
            id: code.to_lowercase().replace(' ', "-"),
            train_code: code.to_string(),
            name: code.to_string(),
            status: st.to_string(),
            delay: *delay,
            country: Some("finland".into()),
            to: Some("Tampere".into()),
            ..Train::default()
        })
        .collect();
    update(
        &mut s,
        Event::Answer(Answer::Realtime {
            country: Some("finland".into()),
            result: Ok(std::sync::Arc::new(RealtimeResponse {
                trains,
                ..RealtimeResponse::default()
            })),
            at: now(),
        }),
    );
    let t = screen(&s);
    let text = t.backend().to_string();
    for (code, _, _, says) in cases {
        let row = text
            .lines()
            .find(|l| l.contains(code))
            .unwrap_or_else(|| panic!("no row for {code}:\n{text}"));
        assert!(row.contains(says), "{code} should say {says:?}: {row}");
    }
    for cell in t.backend().buffer().content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "{cell:?}");
    }
}

/// The dashboard and its help in German and Finnish (#57 item 4), at 80×24 and 120×40: the
/// dashboard's own words in the language, the stations' and feeds' as they come.
#[test]
fn in_german_and_finnish() {
    use railtop_i18n::Lang;
    for lang in [Lang::De, Lang::Fi] {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut s = DemoScene {
                seed: 1,
                scale: 1,
                country: Some("finland"),
                station: "HKI",
                now: now(),
                size: (w, h),
                settings: Settings {
                    lang,
                    ..Settings::default()
                },
            }
            .load();
            let drawn = screen(&s).backend().to_string();
            assert!(
                drawn.contains(Lang::Fi.t("country-finland")) || lang != Lang::Fi,
                "{drawn}"
            );
            insta::assert_snapshot!(format!("screen_{lang}_{w}x{h}"), drawn);
            key(&mut s, KeyCode::Char('?'));
            insta::assert_snapshot!(format!("help_{lang}_{w}x{h}"), screen(&s).backend());
        }
    }
}
