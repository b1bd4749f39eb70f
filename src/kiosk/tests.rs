//! Unit tests of `kiosk`, beside it (the file would pass 400 lines with them).

use super::state::*;
use super::view;
use crate::refresh::{Answer, Event};
use chrono::Duration;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use railtop_core::traveller::minutes_until;
use railtop_feeds::source::travellers_board::TravelQuery;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use crate::test_support::{demo_board as board, demo_kiosk as kiosk, now};

fn tick(k: &mut KioskState, secs: i64) {
    let t = k.now + Duration::seconds(secs);
    update(k, Event::Tick(t));
}

fn screen(k: &KioskState) -> String {
    let mut t = Terminal::new(TestBackend::new(k.size.0, k.size.1)).unwrap();
    t.draw(|f| view::draw(k, f)).unwrap();
    t.backend().to_string()
}

/// A wall screen says how old its board is and what its filters leave out; a failing feed
/// counts down to its next try; before any answer the credit is the station's country's.
#[test]
fn the_footer_says_the_age_the_filters_and_the_next_try() {
    let mut k = kiosk(
        &["HKI"],
        KioskSettings {
            lines: vec!["IC".into()],
            within_minutes: Some(120),
            walks: railtop_core::traveller::Walks {
                all: 3,
                each: Vec::new(),
            },
            ..KioskSettings::default()
        },
    );
    k.size = (80, 24);
    tick(&mut k, 12);
    let s = screen(&k);
    assert!(
        s.contains("updated 08:00 · lines IC · within 2 h · 3 min walk"),
        "{s}"
    );

    let mut failing = KioskState::new(
        &[TravelQuery::departures("HKI")],
        KioskSettings::default(),
        "Finland: Fintraffic / digitraffic.fi, CC BY 4.0 · Ireland: Iarnród Éireann".into(),
        false,
        now(),
    );
    failing.size = (80, 24);
    update(
        &mut failing,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Err(crate::screen::Failure::from("the feed timed out")),
            at: now(),
        }),
    );
    let s = screen(&failing);
    assert!(s.contains("retrying in"), "{s}");
    assert!(s.contains("Finland: Fintraffic"), "{s}");
    assert!(
        !s.contains("Ireland"),
        "only the station's country is credited: {s}"
    );
}

#[test]
fn minutes_until_wraps_midnight() {
    let at = |h, m| chrono::NaiveTime::from_hms_opt(h, m, 0).unwrap();
    assert_eq!(minutes_until("00:10", at(23, 50)), Some(20));
    assert_eq!(minutes_until("23:50", at(0, 10)), Some(-20));
    assert_eq!(minutes_until("08:00", at(8, 0)), Some(0));
    assert_eq!(minutes_until("soon", at(8, 0)), None);
}

/// The rule, on the clock: a station's turn lasts `--rotate` exactly, whatever page it is
/// on; its pages turn every `--page` within it; one station alone pages for ever.
#[test]
fn a_turn_lasts_rotate_and_its_pages_share_it() {
    let mut k = kiosk(
        &["HKI", "TPE", "CNLLY"],
        KioskSettings {
            page_secs: 3,
            rotate_secs: 10,
            ..KioskSettings::default()
        },
    );
    k.size = (100, 12);
    assert!(k.pages() > 4, "HKI has more pages than a turn shows");
    let mut seen = Vec::new();
    for _ in 0..30 {
        tick(&mut k, 1);
        seen.push((k.current, k.page));
    }
    let at = |s: usize| seen[s - 1];
    assert_eq!(
        [at(2), at(3), at(6), at(9)],
        [(0, 0), (0, 1), (0, 2), (0, 3)]
    );
    assert_eq!(at(10), (1, 0), "the next station after exactly 10 s");
    assert_eq!(at(20), (2, 0));
    assert_eq!(at(30), (0, 0), "round again");

    let mut alone = kiosk(
        &["HKI"],
        KioskSettings {
            page_secs: 8,
            rotate_secs: 20,
            ..KioskSettings::default()
        },
    );
    let pages = alone.pages();
    assert!(pages > 1);
    for p in 1..=pages {
        tick(&mut alone, 8);
        assert_eq!((alone.current, alone.page), (0, p % pages));
    }
}

#[test]
fn before_any_answer_the_directory_names_the_station_and_its_clock() {
    let k = KioskState::new(
        &["TPE", "united-states:NYP", "XYZ9"].map(TravelQuery::departures),
        KioskSettings::default(),
        String::new(),
        false,
        now(),
    );
    assert_eq!(k.tz(), chrono_tz::Europe::Helsinki);
    assert_eq!(k.station_name(0), "Tampere");
    assert!(
        k.station_name(1).contains("New York"),
        "{}",
        k.station_name(1)
    );
    assert_eq!(
        k.station_name(2),
        "XYZ9",
        "a code the directory does not know"
    );
    let mut k = k;
    k.size = (100, 24);
    let s = screen(&k);
    assert!(s.contains("Tampere"), "{s}");
    assert!(s.contains("Loading departures"), "{s}");
}

#[test]
fn limits_filters_countdown_and_twelve_hour_clocks() {
    let all = kiosk(&["HKI"], KioskSettings::default());
    let n = all.visible().len();
    assert!(n > 10);
    let five = kiosk(
        &["HKI"],
        KioskSettings {
            limit: Some(5),
            ..KioskSettings::default()
        },
    );
    assert_eq!(five.visible().len(), 5);
    let soon = kiosk(
        &["HKI"],
        KioskSettings {
            within_minutes: Some(20),
            ..KioskSettings::default()
        },
    );
    assert!(!soon.visible().is_empty() && soon.visible().len() < n);
    assert!(soon
        .visible()
        .iter()
        .all(|d| soon.minutes_to(d).is_some_and(|m| m <= 20)));
    let platform = kiosk(
        &["HKI"],
        KioskSettings {
            platforms: vec!["3".into()],
            ..KioskSettings::default()
        },
    );
    assert!(platform
        .visible()
        .iter()
        .all(|d| d.platform.as_deref() == Some("3") || d.planned_platform.as_deref() == Some("3")));
    assert!(!platform.visible().is_empty());
    let ic = kiosk(
        &["HKI"],
        KioskSettings {
            lines: vec!["ic".into()],
            ..KioskSettings::default()
        },
    );
    assert!(!ic.visible().is_empty());
    assert!(ic
        .visible()
        .iter()
        .all(|d| d.line.eq_ignore_ascii_case("IC")));

    // The countdown: "in N min" within the hour.
    let mut k = kiosk(&["HKI"], KioskSettings::default());
    k.size = (120, 30);
    let s = screen(&k);
    assert!(s.contains("LEAVES") && s.contains("in 3 min"), "{s}");

    // New York reads 12-hour clocks; Helsinki does not unless asked.
    let mut ny = kiosk(&["NYP"], KioskSettings::default());
    ny.size = (120, 30);
    assert!(ny.twelve_hour());
    let s = screen(&ny);
    assert!(s.contains(" AM ") || s.contains(" PM "), "{s}");
    let footer = s
        .lines()
        .rev()
        .find(|l| l.contains("updated"))
        .unwrap_or("");
    assert!(
        footer.contains("AM") || footer.contains("PM"),
        "the footer's time on the board's clock too: {footer}"
    );
    assert!(!k.twelve_hour());
    let h24 = kiosk(
        &["NYP"],
        KioskSettings {
            clock: ClockStyle::H24,
            ..KioskSettings::default()
        },
    );
    assert!(!h24.twelve_hour());
    assert_eq!(twelve_hour("13:05"), "1:05 PM");
    assert_eq!(twelve_hour("00:10"), "12:10 AM");
    assert_eq!(twelve_hour("--"), "--");
}

#[test]
fn arrows_switch_station_and_only_q_or_ctrl_c_quit() {
    let mut k = kiosk(&["HKI", "TPE", "CNLLY"], KioskSettings::default());
    update(
        &mut k,
        Event::Key(KeyEvent::new(KeyCode::Left, KeyModifiers::NONE)),
    );
    assert_eq!(k.current, 2);
    update(
        &mut k,
        Event::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE)),
    );
    assert_eq!(k.current, 0);
    for code in [KeyCode::Esc, KeyCode::Enter, KeyCode::Char('x')] {
        update(&mut k, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        assert!(!k.should_quit);
    }
    update(
        &mut k,
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    );
    assert!(k.should_quit);
}

#[test]
fn walk_time_hides_what_nobody_can_reach_and_departed_trains_leave() {
    let all = kiosk(&["HKI"], KioskSettings::default()).visible().len();
    let walking = kiosk(
        &["HKI"],
        KioskSettings {
            walks: railtop_core::traveller::Walks {
                all: 10,
                each: Vec::new(),
            },
            ..KioskSettings::default()
        },
    );
    let soonest = walking.visible()[0].scheduled_dep.clone();
    assert!(walking.visible().len() < all);
    assert!(soonest.as_str() >= "08:10", "{soonest}");
    let mut later = kiosk(&["HKI"], KioskSettings::default());
    tick(&mut later, 30 * 60);
    assert!(later
        .visible()
        .iter()
        .all(|d| d.expected_dep.as_deref().unwrap_or(&d.scheduled_dep) >= "08:30" || d.cancelled));
}

#[test]
fn outside_operating_hours_the_screen_is_dark_but_says_its_hours() {
    let hours = Some(parse_hours("09:00-01:00").unwrap());
    let k = kiosk(
        &["HKI"],
        KioskSettings {
            hours,
            ..KioskSettings::default()
        },
    );
    assert!(k.is_closed(), "08:00 in Helsinki is before 09:00");
    // Dark but for one dim line saying when the board shows.
    let shown = screen(&k);
    let lines: Vec<&str> = shown
        .lines()
        .filter(|l| l.chars().any(|c| c != ' ' && c != '"'))
        .collect();
    assert_eq!(lines.len(), 1, "{shown}");
    assert!(
        lines[0].contains("Helsinki · the board shows 09:00–01:00"),
        "{shown}"
    );
    let open = kiosk(
        &["HKI"],
        KioskSettings {
            hours: Some(parse_hours("05:00-01:00").unwrap()),
            ..KioskSettings::default()
        },
    );
    assert!(!open.is_closed());
    assert!(parse_hours("5am").is_err());
}

#[test]
fn a_failing_feed_keeps_the_board_and_says_since_when() {
    let mut k = kiosk(&["HKI"], KioskSettings::default());
    let rows = k.visible().len();
    let t1 = now() + Duration::minutes(1);
    update(
        &mut k,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Err("down".into()),
            at: t1,
        }),
    );
    update(
        &mut k,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Err("still down".into()),
            at: t1 + Duration::minutes(1),
        }),
    );
    assert_eq!(k.visible().len(), rows, "the last good board stays");
    let s = screen(&k);
    assert!(
        s.contains("feed unavailable since 08:01 · retrying in 4 min — data from 08:00"),
        "{s}"
    );
    // Said too, for a screen reader.
    let said = crate::screen::Program::spoken(&k).expect("the kiosk speaks");
    assert_eq!(
        said.status.as_deref(),
        Some("The feed is unavailable since 08:01; the board is from 08:00.")
    );
    update(
        &mut k,
        board_action("HKI", board("HKI"), t1 + Duration::minutes(2)),
    );
    assert!(!screen(&k).contains("unavailable"), "it recovers by itself");
}

#[test]
fn a_source_not_ready_yet_is_no_failure_and_is_asked_again_soon() {
    let mut k = kiosk(&["HKI"], KioskSettings::default());
    let t1 = now() + Duration::minutes(1);
    let not_ready = railtop_feeds::source::SourceError::NotReady(
        "estonia: its timetable is still being read (building); boards follow when it is ready"
            .into(),
    );
    for i in 0..3 {
        update(
            &mut k,
            Event::Answer(Answer::Board {
                station: "HKI".into(),
                result: Err(crate::screen::Failure::of_source(&not_ready)),
                at: t1 + Duration::seconds(i * 5),
            }),
        );
    }
    update(&mut k, Event::Tick(t1 + Duration::seconds(10)));
    let s = screen(&k);
    assert!(s.contains("timetable being read · next try in 5 s"), "{s}");
    assert!(!s.contains("unavailable"), "not a failing feed: {s}");
}

/// A simulated board says "not real data" at every width, a stale one too (the new-user
/// pass: at 60×15 the long disclaimer was cut before it).
#[test]
fn a_demo_board_says_not_real_data_at_any_width() {
    for (w, h, stale) in [
        (60, 15, false),
        (45, 10, false),
        (60, 15, true),
        (200, 60, false),
    ] {
        let mut k = kiosk(&["HKI"], KioskSettings::default());
        k.size = (w, h);
        if stale {
            update(
                &mut k,
                Event::Answer(Answer::Board {
                    station: "HKI".into(),
                    result: Err("down".into()),
                    at: now() + Duration::minutes(3),
                }),
            );
        }
        let s = screen(&k);
        assert!(s.contains("not real data"), "{w}x{h} stale {stale}: {s}");
    }
}

#[test]
fn snapshots() {
    let k = kiosk(&["HKI", "TPE"], KioskSettings::default());
    insta::assert_snapshot!("kiosk_100x24", screen(&k));
    let mut small = kiosk(
        &["CNLLY"],
        KioskSettings {
            theme: railtop_core::config::Theme::Mono,
            ..KioskSettings::default()
        },
    );
    small.size = (80, 24);
    insta::assert_snapshot!("kiosk_mono_80x24", screen(&small));
    let mut stale = kiosk(&["8503000"], KioskSettings::default());
    stale.size = (120, 30);
    update(
        &mut stale,
        Event::Answer(Answer::Board {
            station: "8503000".into(),
            result: Err("down".into()),
            at: now() + Duration::minutes(3),
        }),
    );
    insta::assert_snapshot!("kiosk_stale_120x30", screen(&stale));
}

/// The board of three countries at the sizes screens come in, and the small ones where
/// columns give way or the screen says it is too small.
#[test]
fn snapshots_at_every_size() {
    for (label, station) in [("finland", "HKI"), ("germany", "8011160"), ("us", "NYP")] {
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let mut k = kiosk(&[station], KioskSettings::default());
            k.size = (w, h);
            insta::assert_snapshot!(format!("kiosk_{label}_{w}x{h}"), screen(&k));
        }
    }
    for (w, h) in [(45, 20), (40, 10), (37, 9), (30, 8)] {
        let mut k = kiosk(&["HKI"], KioskSettings::default());
        update(&mut k, Event::Resize(w, h));
        let s = screen(&k);
        if super::layout::too_small(w, h) {
            assert!(s.contains("too small"), "{s}");
            assert_eq!(k.pages(), 1, "nothing turns unseen");
        } else {
            assert!(s.contains("Oulu"), "destinations stay: {s}");
            assert!(!s.contains("too small"), "{s}");
        }
        insta::assert_snapshot!(format!("kiosk_finland_{w}x{h}"), s);
    }
}

/// Two stations as one board: a STATION column that gives way last, at every size; the
/// train's number beside its line (one IC 45 leaving both stations reads as one), and the
/// via stops from 100 columns (#54 item 21).
#[test]
fn a_merged_board_at_every_size() {
    let merged = TravelQuery {
        stations: vec!["HKI".into(), "PSL".into()],
        ..TravelQuery::departures("HKI")
    };
    let board = railtop_core::traveller::merge(vec![board("HKI"), board("PSL")], now());
    for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
        let mut k = KioskState::new(
            std::slice::from_ref(&merged),
            KioskSettings::default(),
            "DEMO: test".into(),
            true,
            now(),
        );
        k.size = (w, h);
        update(&mut k, board_action(&merged.key(), board.clone(), now()));
        let s = screen(&k);
        assert!(
            s.contains("Helsinki + Pasila") && s.contains("STATION"),
            "{s}"
        );
        assert!(s.contains("TRAIN") && s.contains(" 45 "), "{s}");
        if w >= 100 {
            assert!(s.contains("Oulu  via Pasila"), "{s}");
        }
        insta::assert_snapshot!(format!("kiosk_merged_{w}x{h}"), s);
    }
}

/// A board that runs past midnight marks the next day's times `+1` (#54 item 34): Zürich at
/// 23:40 on a Friday.
#[test]
fn a_board_past_midnight_marks_the_next_day() {
    let late: chrono::DateTime<chrono::Utc> = "2026-11-27T22:40:00Z".parse().unwrap();
    let demo =
        railtop_feeds::source::demo::DemoSource::new(1, 1, railtop_core::clock::Clock::Fixed(late))
            .unwrap();
    let board = demo
        .departures_at(
            &railtop_feeds::source::DeparturesQuery {
                station: "8503000".into(),
                limit: 100,
                ..Default::default()
            },
            late,
        )
        .unwrap();
    let query = TravelQuery::departures("8503000");
    for (w, h) in [(80, 24), (120, 40)] {
        let mut k = KioskState::new(
            std::slice::from_ref(&query),
            KioskSettings::default(),
            "DEMO: test".into(),
            true,
            late,
        );
        k.size = (w, h);
        update(&mut k, board_action("8503000", board.clone(), late));
        let s = screen(&k);
        assert!(s.contains("00:00+1") && !s.contains("23:52+1"), "{s}");
        insta::assert_snapshot!(format!("kiosk_past_midnight_{w}x{h}"), s);
    }
}

#[test]
fn the_ticker_shows_each_message_in_turn_and_the_board_makes_room_for_it() {
    let mut k = kiosk(&["HKI"], KioskSettings::default());
    let without = k.rows_per_page();
    let mut board = board("HKI");
    board.departures.iter_mut().for_each(|d| d.messages.clear());
    update(&mut k, board_action("HKI", board.clone(), now()));
    assert_eq!(k.ticker(), None, "no messages, no ticker line");
    let rows_without_ticker = k.rows_per_page();
    assert_eq!(rows_without_ticker, without + 1);

    board.departures[0].messages = vec!["Stop Pasila cancelled".into()];
    board.departures[2].messages = vec!["Replacement bus".into(), "Stop Pasila cancelled".into()];
    update(&mut k, board_action("HKI", board.clone(), now()));
    assert_eq!(k.rows_per_page(), rows_without_ticker - 1);
    let mut shown = std::collections::BTreeSet::new();
    for _ in 0..6 {
        shown.insert(k.ticker().unwrap());
        let page = k.settings.page_secs as i64;
        tick(&mut k, page);
    }
    let first = &board.departures[0];
    let third = &board.departures[2];
    assert_eq!(
        shown.into_iter().collect::<Vec<_>>().len(),
        3,
        "three different lines: {} {} and {} {}",
        first.scheduled_dep,
        first.line,
        third.scheduled_dep,
        third.line
    );
    let text = screen(&k);
    assert!(text.contains("» "), "{text}");
}

#[test]
fn a_stations_notice_is_in_the_ticker_without_any_train_message() {
    let mut k = kiosk(&["HKI"], KioskSettings::default());
    let mut board = board("HKI");
    board.departures.iter_mut().for_each(|d| d.messages.clear());
    board.add_notice("Hissi laiturille 5 on epäkunnossa", Some("fi"));
    update(&mut k, board_action("HKI", board, now()));
    assert_eq!(
        k.ticker().as_deref(),
        Some("! Hissi laiturille 5 on epäkunnossa")
    );
    let text = screen(&k);
    assert!(text.contains("Hissi laiturille 5"), "{text}");
}

/// What the screen-reader mode says of a board: a heading naming the station, a sentence a
/// train, in words a synthesiser reads well (no `′`, `→` or `+5`).
#[test]
fn the_board_as_said_to_a_screen_reader() {
    use crate::screen::Program;
    let k = kiosk(&["TPE"], KioskSettings::default());
    let said = k.spoken().expect("the kiosk speaks");
    assert_eq!(said.heading, "Departures from Tampere");
    assert!(!said.items.is_empty());
    for item in &said.items {
        assert!(
            !item.sentence.contains(['′', '→', '+']),
            "{}",
            item.sentence
        );
        assert!(item.sentence.starts_with(&item.name), "{}", item.sentence);
        assert!(
            ["on time", "late", "early", "cancelled", "no live data"]
                .iter()
                .any(|w| item.sentence.contains(w)),
            "{}",
            item.sentence
        );
    }
}

/// The board in German and Finnish (#57 item 4): the board's own words in the language (the
/// columns, the date, LEAVES, the statuses, the footer), the station names and the feed's
/// messages as the feed gives them.
#[test]
fn the_board_in_german_and_finnish() {
    use railtop_i18n::{Lang, Langs};
    for lang in [Lang::De, Lang::Fi] {
        for (w, h) in [(80, 24), (120, 40)] {
            let settings = KioskSettings {
                langs: Langs::one(lang),
                ..KioskSettings::default()
            };
            let mut k = kiosk(&["HKI"], settings);
            k.size = (w, h);
            let s = screen(&k);
            assert!(s.contains(lang.t("col-destination")), "{s}");
            assert!(!s.contains("DESTINATION"), "{s}");
            insta::assert_snapshot!(format!("kiosk_{lang}_{w}x{h}"), s);
        }
    }
}

/// Two languages take turns as station boards do: each page in the first, then the same page
/// in the second, then the next page; a station's turn starts in the first again.
#[test]
fn two_languages_show_each_page_in_turn() {
    use railtop_i18n::Lang;
    let settings = KioskSettings {
        langs: "fi,en".parse().unwrap(),
        page_secs: 8,
        ..KioskSettings::default()
    };
    let mut k = kiosk(&["HKI"], settings);
    k.size = (80, 24);
    assert!(k.pages() > 1, "the test needs two pages");
    let finnish = Lang::Fi.t("col-destination");
    assert_ne!(finnish, "DESTINATION");
    let shown = |k: &KioskState| {
        let s = screen(k);
        (k.page, s.contains(finnish), s.contains("DESTINATION"))
    };
    assert_eq!(shown(&k), (0, true, false));
    tick(&mut k, 8);
    assert_eq!(shown(&k), (0, false, true), "the same page in English");
    tick(&mut k, 8);
    assert_eq!(shown(&k), (1, true, false), "the next page, in Finnish");
    tick(&mut k, 8);
    assert_eq!(shown(&k), (1, false, true));
}
