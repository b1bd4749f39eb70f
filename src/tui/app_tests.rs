use super::*;
use crate::clock::Clock;
use crate::model::Train;
use crate::source::demo::DemoSource;
use crate::source::{DeparturesQuery, RealtimeQuery};
use crossterm::event::{KeyCode, KeyModifiers};

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-24T06:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn demo() -> DemoSource {
    DemoSource::new(1, 1, Clock::Fixed(now())).unwrap()
}

fn state(country: Option<&str>) -> AppState {
    let mut s = AppState::new(
        demo().info_for_tests(),
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
        Action::Realtime {
            country: country.map(String::from),
            result: Ok(answer),
            at: now(),
        },
    );
}

fn key(s: &mut AppState, code: KeyCode) {
    update(s, Action::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn typed(s: &mut AppState, text: &str) {
    for c in text.chars() {
        key(s, KeyCode::Char(c));
    }
}

fn selected_id(s: &AppState) -> String {
    s.list.selected(s.trains()).unwrap().id.clone()
}

impl DemoSource {
    fn info_for_tests(&self) -> crate::source::SourceInfo {
        crate::source::LiveSource::info(self)
    }
}

#[test]
fn tick_and_resize_update_the_clock_and_size() {
    let mut s = state(None);
    update(&mut s, Action::Tick(now() + chrono::Duration::seconds(5)));
    assert_eq!((s.now - now()).num_seconds(), 5);
    update(&mut s, Action::Resize(200, 60));
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
        Action::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    );
    assert!(s.should_quit);
}

#[test]
fn realtime_answers_fill_the_list_and_the_selector() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert_eq!(s.list.rows.len(), s.trains().len());
    assert_eq!(s.countries.len(), 7);
    let fi = &s.country_status["finland"];
    assert_eq!(fi.trains, Some(s.trains().len() as u64));
    assert_eq!(s.realtime.next_in_secs(s.now), Some(15));
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
    s.list.sort = crate::tui::list::SortKey::Code;
    arrive(&mut s, Some("finland"), Arc::new(reversed));
    assert_eq!(selected_id(&s), id);
}

#[test]
fn answers_for_another_country_or_station_are_dropped() {
    let mut s = state(Some("finland"));
    assert_eq!(
        s.selector(),
        [None, Some("finland".to_string())],
        "before any answer"
    );
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Right);
    assert_eq!(s.country.as_deref(), Some("ireland"));
    assert!(
        s.realtime.data.is_none(),
        "the old country's trains are gone"
    );
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert!(
        s.realtime.data.is_none(),
        "a late Finnish answer is dropped"
    );
    arrive(&mut s, Some("ireland"), realtime(Some("ireland")));
    assert!(s
        .trains()
        .iter()
        .all(|t| t.country.as_deref() == Some("ireland")));

    let board = demo()
        .departures_at(
            &DeparturesQuery {
                station: "HKI".into(),
                limit: 10,
            },
            now(),
        )
        .unwrap();
    update(
        &mut s,
        Action::Board {
            station: "HKI".into(),
            result: Ok(Arc::new(board)),
            at: now(),
        },
    );
    assert!(
        s.board.data.is_none(),
        "the board now follows Ireland's main station"
    );
    assert_eq!(s.station.as_deref(), Some("CNLLY"));
}

#[test]
fn a_failure_keeps_the_data_and_backs_off() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let n = s.trains().len();
    for expected_wait in [30, 60, 120, 240, 300, 300] {
        update(
            &mut s,
            Action::Realtime {
                country: Some("finland".into()),
                result: Err("down".into()),
                at: now(),
            },
        );
        assert_eq!(s.realtime.next_in_secs(now()), Some(expected_wait));
    }
    assert_eq!(s.trains().len(), n, "the last good data stays");
    assert!(s.realtime.is_stale());
    assert_eq!(s.country_status["finland"].failing.as_deref(), Some("down"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    assert!(!s.realtime.is_stale());
    assert_eq!(s.realtime.failures, 0);
    assert!(s.country_status["finland"].failing.is_none());
}

#[test]
fn arrows_pages_and_ends_move_the_selection() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Char('j'));
    assert_eq!(s.list.cursor, 1);
    key(&mut s, KeyCode::Char('k'));
    assert_eq!(s.list.cursor, 0);
    key(&mut s, KeyCode::PageDown);
    let page = s.areas().train_rows();
    assert_eq!(s.list.cursor, page);
    key(&mut s, KeyCode::Char('G'));
    assert_eq!(s.list.cursor, s.list.rows.len() - 1);
    assert!(
        s.list.offset + page >= s.list.rows.len(),
        "the last row is visible"
    );
    key(&mut s, KeyCode::Char('g'));
    assert_eq!((s.list.cursor, s.list.offset), (0, 0));
    key(&mut s, KeyCode::PageUp);
    assert_eq!(s.list.cursor, 0);
}

#[test]
fn left_and_right_cycle_through_countries_and_all() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Left);
    assert_eq!(s.country.as_deref(), Some("united-states"), "wraps around");
    key(&mut s, KeyCode::Right);
    assert_eq!(s.country, None);
    key(&mut s, KeyCode::Char('l'));
    assert_eq!(s.country.as_deref(), Some("finland"));
    assert_eq!(
        s.station.as_deref(),
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
    assert_eq!(s.focus, Pane::Countries);
    key(&mut s, KeyCode::Down);
    assert_eq!(s.country.as_deref(), Some("ireland"));
    key(&mut s, KeyCode::BackTab);
    assert_eq!(s.focus, Pane::Board);
}

#[test]
fn the_filter_narrows_as_you_type_and_esc_clears_it() {
    let mut s = state(Some("finland"));
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    let all = s.list.rows.len();
    key(&mut s, KeyCode::Char('/'));
    assert!(s.list.filter_editing);
    typed(&mut s, "tampere");
    assert!(s.list.rows.len() < all && !s.list.rows.is_empty());
    assert!(!s.should_quit, "q typed into the filter does not quit");
    key(&mut s, KeyCode::Backspace);
    assert_eq!(s.list.filter, "tamper");
    key(&mut s, KeyCode::Enter);
    assert!(!s.list.filter_editing);
    assert!(s.list.rows.len() < all, "Enter keeps the filter");
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.list.rows.len(), all, "Esc clears it");
}

#[test]
fn sort_cancelled_map_refresh_keys() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    key(&mut s, KeyCode::Char('s'));
    assert_eq!(s.list.sort, crate::tui::list::SortKey::Code);
    let with_cancelled = s.list.rows.len();
    key(&mut s, KeyCode::Char('c'));
    assert!(s.list.rows.len() < with_cancelled);
    assert!(s
        .list
        .rows
        .iter()
        .all(|&i| s.trains()[i].status != "cancelled"));
    key(&mut s, KeyCode::Char('c'));
    assert_eq!(
        s.list.rows.len(),
        with_cancelled,
        "cancelled trains show by default"
    );
    key(&mut s, KeyCode::Char('m'));
    assert!(!s.show_map);
    let g = s.wanted().generation;
    key(&mut s, KeyCode::Char('r'));
    assert_eq!(s.wanted().generation, g + 1);
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
        s.list.cursor, 0,
        "keys do not reach the list under a window"
    );
    key(&mut s, KeyCode::Char('?'));
    assert_eq!(s.overlay, None);
}

#[test]
fn the_station_search_picks_a_station() {
    let mut s = state(Some("finland"));
    assert_eq!(s.station.as_deref(), Some("HKI"));
    key(&mut s, KeyCode::Char('b'));
    typed(&mut s, "tamp");
    key(&mut s, KeyCode::Enter);
    assert_eq!(s.overlay, None);
    assert_eq!(s.station.as_deref(), Some("TPE"));
    assert!(s.station_chosen);
    // A chosen station stays when the country changes.
    arrive(&mut s, Some("finland"), realtime(Some("finland")));
    key(&mut s, KeyCode::Right);
    assert_eq!(s.station.as_deref(), Some("TPE"));
    // Esc leaves the station as it was; q typed in the box does not quit.
    key(&mut s, KeyCode::Char('b'));
    typed(&mut s, "q");
    key(&mut s, KeyCode::Esc);
    assert!(!s.should_quit);
    assert_eq!(s.station.as_deref(), Some("TPE"));
}

#[test]
fn clicks_select_trains_and_countries() {
    let mut s = state(None);
    arrive(&mut s, None, realtime(None));
    let areas = s.areas();
    let click = |x, y| {
        Action::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    update(&mut s, click(areas.trains.x + 3, areas.trains.y + 2 + 4));
    assert_eq!(s.list.cursor, 4);
    // The third entry of the selector is Ireland (All, Finland, Ireland…).
    update(&mut s, click(areas.countries.x + 2, areas.countries.y + 3));
    assert_eq!(s.country.as_deref(), Some("ireland"));
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
            Action::Realtime {
                country: Some("finland".into()),
                result: Ok(Arc::new(answer.clone())),
                at: now() + chrono::Duration::seconds(15 * i as i64),
            },
        );
    }
    let h = s.history.of(&id).unwrap();
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
