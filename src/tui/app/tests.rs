//! The dashboard's transitions, key by key and answer by answer.

use super::*;
use crate::refresh::{Answer, Event};
use crate::screen::Failure;
use crate::test_support::now;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use railtop_core::clock::Clock;
use railtop_core::model::RealtimeResponse;
use railtop_core::model::Train;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::demo::SIMULATED_COUNTRIES;
use railtop_feeds::source::{DeparturesQuery, RealtimeQuery};
use std::sync::Arc;

fn demo() -> DemoSource {
    DemoSource::new(1, 1, Clock::Fixed(now())).unwrap()
}

fn state(country: Option<&str>) -> AppState {
    let mut s = AppState::new(
        railtop_feeds::source::LiveSource::info(&demo()),
        Settings::default(),
        country.map(String::from),
        None,
        now(),
    );
    s.size = (120, 40);
    s
}

fn realtime(country: Option<&str>) -> Arc<RealtimeResponse> {
    let q = RealtimeQuery {
        country: country.map(String::from),
        stop: None,
    };
    Arc::new(demo().realtime_at(&q, now()).unwrap())
}

fn arrive(s: &mut AppState, country: Option<&str>, answer: Arc<RealtimeResponse>) {
    update(
        s,
        Event::Answer(Answer::Realtime {
            country: country.map(String::from),
            result: Ok(answer),
            at: now(),
        }),
    );
}

fn key(s: &mut AppState, code: KeyCode) {
    update(s, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn typed(s: &mut AppState, text: &str) {
    for c in text.chars() {
        key(s, KeyCode::Char(c));
    }
}

fn selected_id(s: &AppState) -> String {
    s.trains.list.selected(s.trains.all()).unwrap().id.clone()
}

#[test]
fn tick_and_resize_update_the_clock_and_size() {
    let mut s = state(None);
    update(&mut s, Event::Tick(now() + chrono::Duration::seconds(5)));
    assert_eq!((s.now - now()).num_seconds(), 5);
    update(&mut s, Event::Resize(200, 60));
    assert_eq!(s.size, (200, 60));
}

#[test]
fn q_and_ctrl_c_quit() {
    let mut s = state(None);
    key(&mut s, KeyCode::Char('q'));
    assert!(s.should_quit);
    let mut s = state(None);
    update(
        &mut s,
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    );
    assert!(s.should_quit);
}

#[test]
fn realtime_answers_fill_the_list_and_the_selector() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert_eq!(s.trains.list.rows.len(), s.trains.all().len());
    assert_eq!(s.countries.live.len(), SIMULATED_COUNTRIES.len());
    let fi = &s.countries.status["finland"];
    assert_eq!(fi.trains, Some(s.trains.all().len() as u64));
    assert_eq!(s.trains.realtime.next_in_secs(s.now), Some(15));
}

#[test]
fn selection_is_kept_by_id_across_a_refresh() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Down);
    key(&mut s, KeyCode::Down);
    let id = selected_id(&s);
    // The next answer lists the same trains in reverse order.
    let mut reversed = (*realtime(Some("finland"))).clone();
    reversed.trains.reverse();
    s.trains.list.sort = crate::tui::list::SortKey::Code;
    arrive(&mut s, Some("finland"), Arc::new(reversed));
    assert_eq!(selected_id(&s), id);
}

#[test]
fn answers_for_another_country_or_station_are_dropped() {
    let mut s = state(Some("finland"));
    assert_eq!(
        s.countries.selector(),
        [None, Some("finland".to_string())],
        "before any answer"
    );
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Right);
    assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
    assert!(
        s.trains.realtime.data.is_none(),
        "the old country's trains are gone"
    );
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert!(
        s.trains.realtime.data.is_none(),
        "a late Finnish answer is dropped"
    );
    arrive(&mut s, Some("ireland"), realtime(Some("ireland")));
    assert!(s
        .trains
        .all()
        .iter()
        .all(|t| t.country.as_deref() == Some("ireland")));

    let board = demo()
        .departures_at(
            &DeparturesQuery {
                station: "HKI".into(),
                limit: 10,
                ..Default::default()
            },
            now(),
        )
        .unwrap();
    update(
        &mut s,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Ok(Arc::new(board)),
            at: now(),
        }),
    );
    assert!(
        s.board.answer.data.is_none(),
        "the board now follows Ireland's main station"
    );
    assert_eq!(s.board.station.as_deref(), Some("CNLLY"));
}

#[test]
fn a_failure_keeps_the_data_and_backs_off() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let n = s.trains.all().len();
    for expected_wait in [30, 60, 120, 240, 300, 300] {
        update(
            &mut s,
            Event::Answer(Answer::Realtime {
                country: Some("finland".into()),
                result: Err("down".into()),
                at: now(),
            }),
        );
        assert_eq!(s.trains.realtime.next_in_secs(now()), Some(expected_wait));
    }
    assert_eq!(s.trains.all().len(), n, "the last good data stays");
    assert!(s.trains.realtime.is_stale());
    assert_eq!(
        s.countries.status["finland"].failing.as_deref(),
        Some("down")
    );
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert!(!s.trains.realtime.is_stale());
    assert_eq!(s.trains.realtime.failures, 0);
    assert!(s.countries.status["finland"].failing.is_none());
}

#[test]
fn arrows_pages_and_ends_move_the_selection() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Char('j'));
    assert_eq!(s.trains.list.cursor, 1);
    key(&mut s, KeyCode::Char('k'));
    assert_eq!(s.trains.list.cursor, 0);
    key(&mut s, KeyCode::PageDown);
    let page = s.areas().train_rows();
    assert_eq!(s.trains.list.cursor, page);
    key(&mut s, KeyCode::Char('G'));
    assert_eq!(s.trains.list.cursor, s.trains.list.rows.len() - 1);
    assert!(
        s.trains.list.offset + page >= s.trains.list.rows.len(),
        "the last row is visible"
    );
    key(&mut s, KeyCode::Char('g'));
    assert_eq!((s.trains.list.cursor, s.trains.list.offset), (0, 0));
    key(&mut s, KeyCode::PageUp);
    assert_eq!(s.trains.list.cursor, 0);
}

#[test]
fn left_and_right_cycle_through_countries_and_all() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Left);
    assert_eq!(
        s.countries.selected.as_deref(),
        Some("spain"),
        "wraps around"
    );
    key(&mut s, KeyCode::Right);
    assert_eq!(s.countries.selected, None);
    key(&mut s, KeyCode::Char('l'));
    assert_eq!(s.countries.selected.as_deref(), Some("finland"));
    assert_eq!(
        s.board.station.as_deref(),
        Some("HKI"),
        "the board follows the country"
    );
}

#[test]
fn tab_cycles_focus_and_arrows_act_on_the_focused_pane() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert_eq!(s.focus, Pane::Trains);
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.focus, Pane::Board);
    key(&mut s, KeyCode::Tab);
    assert_eq!(
        s.focus,
        Pane::Map,
        "the map takes the focus where it is shown"
    );
    assert_eq!(s.key_mode(), Mode::Map);
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.focus, Pane::Countries);
    key(&mut s, KeyCode::Down);
    assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
    key(&mut s, KeyCode::BackTab);
    assert_eq!(s.focus, Pane::Map);
    // Hidden, the map is no stop of the cycle.
    key(&mut s, KeyCode::Char('m'));
    assert_eq!(s.focus, Pane::Trains);
    key(&mut s, KeyCode::BackTab);
    assert_eq!(s.focus, Pane::Countries);
    key(&mut s, KeyCode::BackTab);
    assert_eq!(s.focus, Pane::Board);
}

#[test]
fn the_map_zooms_pans_fits_follows_and_fills_the_screen() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let (_, x0, y0) = s.map_viewport().unwrap();
    s.focus = Pane::Map;
    key(&mut s, KeyCode::Char('+'));
    let (_, x1, _) = s.map_viewport().unwrap();
    assert!(((x0[1] - x0[0]) / (x1[1] - x1[0]) - mapview::ZOOM_STEP).abs() < 1e-9);
    key(&mut s, KeyCode::Right);
    let (_, x2, y2) = s.map_viewport().unwrap();
    let moved = (x2[0] - x1[0]) / (x1[1] - x1[0]);
    assert!(
        (moved - mapview::PAN_SHARE).abs() < 1e-9,
        "a quarter of the view east"
    );
    key(&mut s, KeyCode::Up);
    let (_, _, y3) = s.map_viewport().unwrap();
    assert!(y3[0] > y2[0], "north");
    key(&mut s, KeyCode::Char('0'));
    assert_eq!(s.map_viewport().unwrap().1, x0, "0 fits the country again");
    assert_eq!(s.map_viewport().unwrap().2, y0);
    // f follows the selected train (one with a position), f again stays there.
    let placed = s
        .trains
        .list
        .rows
        .iter()
        .position(|&i| s.trains.all()[i].has_position())
        .unwrap();
    s.trains.list.cursor = placed;
    key(&mut s, KeyCode::Char('f'));
    let (lng, lat) = s.trains.selected_position().unwrap();
    let (_, x, y) = s.map_viewport().unwrap();
    assert!(((x[0] + x[1]) / 2.0 - lng).abs() < 1e-9 && ((y[0] + y[1]) / 2.0 - lat).abs() < 1e-9);
    key(&mut s, KeyCode::Char('f'));
    assert!(!s.map.view.follow);
    assert_eq!(s.map.view.center, Some((lng, lat)));
    // The wheel over the map zooms; M fills the screen and Esc brings the panes back.
    let map = s.areas().map.unwrap();
    let before = s.map.view.zoom;
    update(
        &mut s,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::ScrollUp,
            column: map.x + 3,
            row: map.y + 3,
            modifiers: KeyModifiers::NONE,
        }),
    );
    assert!(s.map.view.zoom > before);
    key(&mut s, KeyCode::Char('M'));
    assert!(s.map.full);
    assert_eq!(s.areas().map.map(|m| m.width), Some(120));
    key(&mut s, KeyCode::Esc);
    assert!(!s.map.full);
    assert_eq!(s.focus, Pane::Trains);
    // Another country starts fitted.
    key(&mut s, KeyCode::Right);
    assert!(s.map.view.is_fitted());
}

#[test]
fn the_filter_narrows_as_you_type_and_esc_clears_it() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let all = s.trains.list.rows.len();
    key(&mut s, KeyCode::Char('/'));
    assert!(s.trains.list.filter_editing);
    typed(&mut s, "tampere");
    assert!(s.trains.list.rows.len() < all && !s.trains.list.rows.is_empty());
    assert!(!s.should_quit, "q typed into the filter does not quit");
    key(&mut s, KeyCode::Backspace);
    assert_eq!(s.trains.list.filter, "tamper");
    key(&mut s, KeyCode::Enter);
    assert!(!s.trains.list.filter_editing);
    assert!(s.trains.list.rows.len() < all, "Enter keeps the filter");
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.trains.list.rows.len(), all, "Esc clears it");
}

#[test]
fn sort_cancelled_map_refresh_keys() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Char('s'));
    assert_eq!(s.trains.list.sort, crate::tui::list::SortKey::Code);
    let with_cancelled = s.trains.list.rows.len();
    key(&mut s, KeyCode::Char('c'));
    assert!(s.trains.list.rows.len() < with_cancelled);
    assert!(s
        .trains
        .list
        .rows
        .iter()
        .all(|&i| s.trains.all()[i].status != "cancelled"));
    key(&mut s, KeyCode::Char('c'));
    assert_eq!(
        s.trains.list.rows.len(),
        with_cancelled,
        "cancelled trains show by default"
    );
    key(&mut s, KeyCode::Char('m'));
    assert!(!s.map.shown);
    let g = s.wanted().generation;
    key(&mut s, KeyCode::Char('r'));
    assert_eq!(s.wanted().generation, g + 1);
}

/// The demo's Helsinki board (`limit` rows) arrives; what it was.
fn hki_board_arrives(s: &mut AppState, limit: usize) -> railtop_core::model::DeparturesResponse {
    board_arrives(s, "HKI", limit)
}

/// The board of `station` (as the board asked for it: `HKI`, `finland:HKI`) arrives.
fn board_arrives(
    s: &mut AppState,
    station: &str,
    limit: usize,
) -> railtop_core::model::DeparturesResponse {
    let board = demo()
        .departures_at(
            &railtop_feeds::source::DeparturesQuery {
                station: station.into(),
                limit,
                ..Default::default()
            },
            now(),
        )
        .unwrap();
    update(
        s,
        Event::Answer(Answer::Board {
            station: station.into(),
            result: Ok(Arc::new(board.clone())),
            at: now(),
        }),
    );
    board
}

fn journey_arrives(s: &mut AppState, id: &str) {
    let journey = demo().journey_at(id, now());
    update(
        s,
        Event::Answer(Answer::Journey {
            id: id.to_string(),
            result: journey.map(Arc::new).map_err(|e| Failure::of(&e)),
            at: now(),
        }),
    );
}

#[test]
fn the_details_window_asks_for_its_trains_journey_and_scrolls_it() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let selected = s.trains.list.selected(s.trains.all()).map(|t| t.id.clone());
    assert_eq!(
        s.wanted().journey,
        selected,
        "the map draws the selected train's"
    );
    key(&mut s, KeyCode::Char('m'));
    assert_eq!(s.wanted().journey, None, "no map, no window: no journey");
    key(&mut s, KeyCode::Down);
    key(&mut s, KeyCode::Enter);
    let id = s.details_of().unwrap().to_string();
    assert_eq!(s.wanted().journey.as_deref(), Some(id.as_str()));
    assert!(s.shown_journey().is_none(), "nothing fetched yet");
    // An answer for another train (the window moved on) is dropped.
    let other = s
        .trains
        .all()
        .iter()
        .find(|t| t.id != id)
        .unwrap()
        .id
        .clone();
    journey_arrives(&mut s, &other);
    assert!(s.shown_journey().is_none());
    journey_arrives(&mut s, &id);
    let shown = s.shown_journey().unwrap().data.clone().unwrap();
    assert_eq!(shown.train.id, id);
    // ↑↓ scroll the journey, not the list, on a screen too low for all of it.
    // (At 16 rows the window takes the whole height; at 14 it shows as many stops as it did.)
    s.size = (80, 14);
    let cursor = s.trains.list.cursor;
    assert_eq!(s.details.scroll, None, "following the train");
    key(&mut s, KeyCode::Down);
    assert_eq!(s.trains.list.cursor, cursor);
    assert_eq!(s.details.scroll, Some(s.journey_follow_offset() + 1));
    // Held past the end it stops at the last page, so one ↑ moves the view at once.
    let last = s.journey_last_start();
    assert!(last > 0, "a journey longer than the window at {:?}", s.size);
    for _ in 0..shown.stops.len() + 20 {
        key(&mut s, KeyCode::Down);
    }
    assert_eq!(s.journey_offset(), last);
    key(&mut s, KeyCode::Up);
    assert_eq!(s.journey_offset(), last - 1);
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.wanted().journey, None);
    // Opened again on the same train, the journey is still there, following again.
    key(&mut s, KeyCode::Enter);
    assert!(s.shown_journey().is_some());
    assert_eq!(s.details.scroll, None);
    // On another train it is asked for afresh.
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Down);
    key(&mut s, KeyCode::Enter);
    assert_ne!(s.details_of(), Some(id.as_str()));
    assert!(s.shown_journey().is_none());
    // A feed without journeys says so.
    let id = s.details_of().unwrap().to_string();
    update(
        &mut s,
        Event::Answer(Answer::Journey {
            id,
            result: Err(Failure::of(&"Norway's feed (Entur) has no journeys")),
            at: now(),
        }),
    );
    assert_eq!(
        s.shown_journey().unwrap().error.as_deref(),
        Some("Norway's feed (Entur) has no journeys")
    );
}

#[test]
fn help_details_and_esc() {
    let mut s = state(Some("finland"));
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, None, "no train, no details");
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, Some(Overlay::Details));
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.overlay, None);
    key(&mut s, KeyCode::Char('?'));
    assert_eq!(s.overlay, Some(Overlay::Help));
    key(&mut s, KeyCode::Down);
    assert_eq!(
        s.trains.list.cursor, 0,
        "keys do not reach the list under a window"
    );
    assert_eq!(s.help_offset, 1, "they scroll the help instead");
    key(&mut s, KeyCode::PageDown);
    let area = ratatui::layout::Rect::new(0, 0, s.size.0, s.size.1);
    let last = crate::tui::help::last_start(&s, area);
    assert!(
        last > 1,
        "the help is taller than the window at {:?}",
        s.size
    );
    assert_eq!(s.help_offset, last, "a page down stops at the last line");
    key(&mut s, KeyCode::Up);
    assert_eq!(s.help_offset, last - 1, "and up moves at once from there");
    key(&mut s, KeyCode::Char('?'));
    assert_eq!(s.overlay, None);
}

/// A country chosen after an all-countries answer shows its part at once, and keeps it,
/// marked stale with the error, when its own fetch fails.
#[test]
fn a_failed_refresh_keeps_the_countrys_last_trains() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    let finnish = s
        .trains
        .all()
        .iter()
        .filter(|t| t.country.as_deref() == Some("finland"))
        .count();
    assert!(finnish > 0);
    while s.countries.selected.as_deref() != Some("finland") {
        key(&mut s, KeyCode::Right);
    }
    assert_eq!(
        s.trains.all().len(),
        finnish,
        "its part of the last answer, at once"
    );
    update(
        &mut s,
        Event::Answer(Answer::Realtime {
            country: Some("finland".into()),
            result: Err("Digitraffic answered 503".into()),
            at: now() + chrono::Duration::seconds(17),
        }),
    );
    assert_eq!(s.trains.all().len(), finnish, "kept through the failure");
    assert!(s.trains.realtime.is_stale());
    assert_eq!(
        s.trains.realtime.error.as_deref(),
        Some("Digitraffic answered 503")
    );
}

#[test]
fn keys_that_cannot_act_say_why_and_the_wheel_scrolls() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    s.size = (90, 30);
    key(&mut s, KeyCode::Char('m'));
    let (text, _) = s
        .notice
        .clone()
        .expect("the first m says why the map is not shown");
    assert!(text.contains("100×30") && text.contains("90×30"), "{text}");
    assert!(
        s.map.shown,
        "still wanted: it shows when the terminal grows"
    );
    s.notice = None;
    key(&mut s, KeyCode::Char('m'));
    assert!(
        s.notice.is_some(),
        "and so does every m while there is no room"
    );

    s.size = (120, 40);
    let wheel = |kind| MouseEvent {
        kind,
        column: s.areas().trains.x + 3,
        row: s.areas().trains.y + 4,
        modifiers: KeyModifiers::NONE,
    };
    let down = wheel(MouseEventKind::ScrollDown);
    update(&mut s, Event::Mouse(down));
    assert_eq!((s.focus, s.trains.list.cursor), (Pane::Trains, 3));

    // Enter on the board opens the departure's train when the list has it.
    let board = hki_board_arrives(&mut s, 20);
    let listed = board
        .departures
        .iter()
        .position(|d| {
            d.train_code
                .as_deref()
                .is_some_and(|c| s.trains.all().iter().any(|t| t.train_code == c))
        })
        .expect("a departure whose train is listed");
    s.focus = Pane::Board;
    s.board.offset = listed;
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, Some(Overlay::Details));
    let code = board.departures[listed].train_code.clone().unwrap();
    assert_eq!(
        s.trains.list.selected(s.trains.all()).unwrap().train_code,
        code
    );
}

/// Enter on a departure whose train is not listed (it has not left its first station):
/// its details by the id the board gave, its journey asked for, the feed's record once it
/// comes; a departure without an id says why nothing opens.
#[test]
fn enter_on_an_unlisted_departure_opens_its_train_by_id() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let mut board = hki_board_arrives(&mut s, 40);
    let unlisted = board
        .departures
        .iter()
        .position(|d| {
            let id = d.train_id.as_deref().unwrap();
            !s.trains.all().iter().any(|t| t.id == id)
        })
        .expect("a departure whose train is not running yet");
    let id = board.departures[unlisted].train_id.clone().unwrap();
    s.focus = Pane::Board;
    s.board.offset = unlisted;
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, Some(Overlay::Details));
    assert_eq!(s.details_of(), Some(id.as_str()));
    assert_eq!(s.wanted().journey.as_deref(), Some(id.as_str()));
    assert_eq!(
        s.details_train().unwrap().next_station.as_deref(),
        Some(board.station.name.as_str()),
        "until the journey comes, the board's record"
    );
    journey_arrives(&mut s, &id);
    let journey = s.shown_journey().and_then(|j| j.data.clone()).unwrap();
    assert!(journey.stops.len() > 2);
    assert_eq!(s.details_train().unwrap(), &journey.train);

    // Closed and opened on a listed train: that train's, not the departure's.
    key(&mut s, KeyCode::Esc);
    s.focus = Pane::Trains;
    key(&mut s, KeyCode::Enter);
    assert_ne!(s.details_of(), Some(id.as_str()));
    key(&mut s, KeyCode::Esc);

    // A board that does not say which train (a hub feed away from its hub).
    board.departures[unlisted].train_id = None;
    board.departures[unlisted].train_code = Some("X 1".into());
    update(
        &mut s,
        Event::Answer(Answer::Board {
            station: "HKI".into(),
            result: Ok(Arc::new(board)),
            at: now(),
        }),
    );
    s.focus = Pane::Board;
    s.board.offset = unlisted;
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, None);
    let (notice, _) = s.notice.clone().unwrap();
    assert!(notice.contains("does not say which train"), "{notice}");
}

/// Offline from the start, the selector still lists the source's countries.
#[test]
fn offline_the_selector_lists_the_known_countries() {
    let mut s = state(None);
    s.countries.known = vec!["finland".into(), "ireland".into()];
    update(
        &mut s,
        Event::Answer(Answer::Realtime {
            country: None,
            result: Err("cannot connect".into()),
            at: now(),
        }),
    );
    assert_eq!(
        s.countries.selector().len(),
        3,
        "all countries, then the two"
    );
    key(&mut s, KeyCode::Right);
    assert_eq!(s.countries.selected.as_deref(), Some("finland"));
}

#[test]
fn the_station_search_picks_a_station() {
    let mut s = state(Some("finland"));
    assert_eq!(s.board.station.as_deref(), Some("HKI"));
    key(&mut s, KeyCode::Char('b'));
    typed(&mut s, "tamp");
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, None);
    // Its whole identity: a bare code may be another country's too.
    assert_eq!(s.board.station.as_deref(), Some("finland:TPE"));
    assert_eq!(
        s.board.chosen.get("finland").map(String::as_str),
        Some("finland:TPE")
    );
    // Another country shows its own board, and the chosen one comes back with Finland.
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Right);
    assert_ne!(s.countries.selected.as_deref(), Some("finland"));
    assert_ne!(s.board.station.as_deref(), Some("finland:TPE"));
    key(&mut s, KeyCode::Left);
    assert_eq!(s.countries.selected.as_deref(), Some("finland"));
    assert_eq!(s.board.station.as_deref(), Some("finland:TPE"));
    // Esc leaves the station as it was; q typed in the box does not quit.
    key(&mut s, KeyCode::Char('b'));
    typed(&mut s, "q");
    key(&mut s, KeyCode::Esc);
    assert!(!s.should_quit);
    assert_eq!(s.board.station.as_deref(), Some("finland:TPE"));
}

#[test]
fn clicks_select_trains_and_countries() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    let areas = s.areas();
    let click = |x, y| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    update(&mut s, click(areas.trains.x + 3, areas.trains.y + 2 + 4));
    assert_eq!(s.trains.list.cursor, 4);
    // The third entry of the selector is Ireland (All, Finland, Ireland…).
    update(&mut s, click(areas.countries.x + 2, areas.countries.y + 3));
    assert_eq!(s.countries.selected.as_deref(), Some("ireland"));
    assert_eq!(s.focus, Pane::Countries);
}

#[test]
fn the_delay_history_grows_per_refresh() {
    let mut s = state(Some("finland"));
    let mut answer = (*realtime(Some("finland"))).clone();
    let id = answer.trains[0].id.clone();
    for (i, d) in [0, 2, 5].iter().enumerate() {
        answer.trains[0].delay = Some(*d);
        update(
            &mut s,
            Event::Answer(Answer::Realtime {
                country: Some("finland".into()),
                result: Ok(Arc::new(answer.clone())),
                at: now() + chrono::Duration::seconds(15 * i as i64),
            }),
        );
    }
    let h = s.trains.history.of(&id).unwrap();
    assert_eq!(
        h.delays.iter().copied().collect::<Vec<_>>(),
        [Some(0), Some(2), Some(5)]
    );
}

#[test]
fn hostile_answers_do_not_break_the_state() {
    let mut s = state(None);
    let weird = RealtimeResponse {
        trains: vec![
            Train {
                id: String::new(),
                train_code: String::new(),
                delay: Some(i64::MAX),
                ..Train::default()
            },
            Train {
                id: "x".into(),
                delay: Some(i64::MIN),
                ..Train::default()
            },
        ],
        ..RealtimeResponse::default()
    };
    arrive(&mut s, None, Arc::new(weird));
    key(&mut s, KeyCode::Char('G'));
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, Some(Overlay::Details));
}

/// `a` turns the board to arrivals and files only arrivals' answers; `t` asks for a station and
/// keeps the board to it (again: every train); `p` pins the board's station and unpins it.
#[test]
fn the_board_turns_to_arrivals_keeps_to_a_route_and_pins() {
    let mut s = state(Some("finland"));
    s.board.show("HKI".into());
    hki_board_arrives(&mut s, 20);
    assert!(s.board.answer.data.is_some());
    key(&mut s, KeyCode::Char('a'));
    assert_eq!(s.board.kind, railtop_core::model::Kind::Arrivals);
    assert!(
        s.board.answer.data.is_none(),
        "the departures are not arrivals"
    );
    assert_eq!(s.wanted().board.unwrap().key(), "HKI arrivals");
    // A departures answer that was on its way is dropped.
    hki_board_arrives(&mut s, 20);
    assert!(s.board.answer.data.is_none());
    key(&mut s, KeyCode::Char('a'));
    assert_eq!(s.board.kind, railtop_core::model::Kind::Departures);

    key(&mut s, KeyCode::Char('t'));
    assert!(
        matches!(&s.overlay, Some(Overlay::Search(search)) if search.goal == crate::tui::search::Goal::Route)
    );
    typed(&mut s, "tampere");
    key(&mut s, KeyCode::Enter);
    assert!(s.overlay.is_none());
    assert_eq!(s.board.station.as_deref(), Some("HKI"), "the station stays");
    assert_eq!(s.wanted().board.unwrap().key(), "HKI to Tampere");
    // Remembered as chosen, and resolved again at the next start.
    let remembered = s.remembered();
    assert_eq!(remembered.route.as_deref(), Some("finland:TPE"));
    let mut next = crate::tui::pane::board::Board::new(Some("finland"), Some("HKI".into()));
    next.resume(&remembered);
    assert_eq!(next.route, s.board.route);
    key(&mut s, KeyCode::Char('t'));
    assert!(s.board.route.is_empty(), "again: every train");

    // `+` adds a nearby station: one board of both; `b` choosing a station starts again.
    key(&mut s, KeyCode::Char('+'));
    typed(&mut s, "pasila");
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.board.also, ["finland:PSL"]);
    assert_eq!(s.wanted().board.unwrap().key(), "HKI + finland:PSL");
    key(&mut s, KeyCode::Char('+'));
    typed(&mut s, "pasila");
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.board.also.len(), 1, "a station is on the board once");
    assert!(s.notice.as_ref().unwrap().0.contains("already"));
    // A code typed that matches no station is not added unseen.
    key(&mut s, KeyCode::Char('+'));
    typed(&mut s, "zzzz");
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.board.also.len(), 1);
    assert!(s.notice.as_ref().unwrap().0.contains("no station"));
    key(&mut s, KeyCode::Char('b'));
    typed(&mut s, "helsinki");
    key(&mut s, KeyCode::Enter);
    assert!(s.board.also.is_empty(), "b: one station again");
    assert_eq!(s.board.station.as_deref(), Some("finland:HKI"));

    board_arrives(&mut s, "finland:HKI", 20);
    key(&mut s, KeyCode::Char('p'));
    assert_eq!(s.memory.pinned, ["finland:HKI"]);
    assert!(s.notice.as_ref().unwrap().0.contains("pinned Helsinki"));
    assert_eq!(s.remembered().last.as_deref(), Some("finland:HKI"));
    key(&mut s, KeyCode::Char('p'));
    assert!(s.memory.pinned.is_empty());
}

/// A station that never answered (`--station NOWHERE`) is not remembered as the last board:
/// the memory keeps the board it had.
#[test]
fn a_board_that_never_answered_is_not_remembered() {
    let mut s = AppState::new(
        railtop_feeds::source::LiveSource::info(&demo()),
        Settings::default(),
        Some("finland".into()),
        Some("NOWHERE".into()),
        now(),
    );
    s.memory.last = Some("finland:TPE".into());
    assert_eq!(s.board.station.as_deref(), Some("NOWHERE"));
    assert_eq!(s.remembered().last.as_deref(), Some("finland:TPE"));
}

/// Typing a filter shows its matches from the first, wherever the list was scrolled to.
#[test]
fn a_filter_jumps_to_its_first_match() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    for _ in 0..30 {
        key(&mut s, KeyCode::Down);
    }
    s.trains.list.keep_visible(10);
    assert!(s.trains.list.offset > 0);
    key(&mut s, KeyCode::Char('/'));
    typed(&mut s, "ic");
    s.trains.list.keep_visible(10);
    assert_eq!((s.trains.list.cursor, s.trains.list.offset), (0, 0));
}

/// `p` on a merged board pins its own station and says which, not "Helsinki + Pasila".
#[test]
fn p_on_a_merged_board_names_the_station_it_pins() {
    let mut s = state(Some("finland"));
    s.board.station = Some("HKI".into());
    hki_board_arrives(&mut s, 10);
    let mut merged = (*s.board.answer.data.clone().unwrap()).clone();
    let pasila = railtop_core::model::StationInfo {
        code: "PSL".into(),
        name: "Pasila".into(),
        ..merged.station.clone()
    };
    merged.stations = vec![merged.station.clone(), pasila];
    merged.station.name = "Helsinki + Pasila".into();
    s.board.answer.data = Some(Arc::new(merged));
    key(&mut s, KeyCode::Char('p'));
    assert_eq!(s.memory.pinned, ["finland:HKI"]);
    let said = &s.notice.as_ref().unwrap().0;
    assert!(
        said.contains("pinned Helsinki:") && !said.contains("Pasila"),
        "{said}"
    );
}

/// `+` offers the stations nearest the board's, never the board's own.
#[test]
fn plus_offers_nearby_stations_not_the_boards_own() {
    let mut s = state(Some("finland"));
    s.board.station = Some("HKI".into());
    hki_board_arrives(&mut s, 10);
    key(&mut s, KeyCode::Char('+'));
    let Some(Overlay::Search(search)) = &s.overlay else {
        panic!("the picker is open");
    };
    let names: Vec<&str> = search.matches.iter().map(|e| e.name.as_str()).collect();
    assert!(!names.contains(&"Helsinki"), "{names:?}");
    assert_eq!(
        names.first(),
        Some(&"Pasila"),
        "the nearest first: {names:?}"
    );
    assert!(
        !names.contains(&"Oulu"),
        "not the country's main stations: {names:?}"
    );
}
