//! Unit tests of `events.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn train(id: &str, code: &str, status: &str, delay: Option<i64>, platform: &str) -> Train {
    Train {
        id: id.into(),
        train_code: code.into(),
        status: status.into(),
        delay,
        platform: (!platform.is_empty()).then(|| platform.to_string()),
        country: Some("finland".into()),
        ..Default::default()
    }
}

fn answer(trains: Vec<Train>) -> RealtimeResponse {
    RealtimeResponse::new(trains, vec!["finland".into()], String::new())
}

fn at(minutes: i64) -> DateTime<Utc> {
    // Ten minutes before midnight in UTC: the answers run past it.
    "2026-11-24T23:50:00Z".parse::<DateTime<Utc>>().unwrap() + chrono::Duration::minutes(minutes)
}

fn kinds(events: &[Event]) -> Vec<(&str, &str, Option<&str>, Option<&str>)> {
    events
        .iter()
        .map(|e| {
            (
                e.kind.name(),
                e.train_id.as_str(),
                e.old.as_deref(),
                e.new.as_deref(),
            )
        })
        .collect()
}

#[test]
fn answers_that_change_in_every_way() {
    let mut d = Differ::new(3, Duration::from_secs(3600));
    let first = d.feed(
        &answer(vec![
            train("a", "IC 1", status::SCHEDULED, Some(0), "3"),
            train("b", "IC 2", status::RUNNING, Some(2), "5"),
            train("c", "IC 3", status::RUNNING, None, ""),
            train("e", "IC 5", status::RUNNING, Some(1), "1"),
        ]),
        at(0),
    );
    assert!(first.is_empty(), "the first answer is where it starts");
    let events = d.feed(
        &answer(vec![
            train("a", "IC 1", status::RUNNING, Some(1), "4"),
            train("b", "IC 2", status::CANCELLED, None, "5"),
            train("c", "IC 3", status::ARRIVED, Some(4), ""),
            train("e", "IC 5", status::RUNNING, Some(3), "1"),
        ]),
        at(15), // past midnight
    );
    assert_eq!(
        kinds(&events),
        [
            ("departed", "a", None, None),
            ("platform", "a", Some("3"), Some("4")),
            ("cancelled", "b", Some("running"), Some("cancelled")),
            ("arrived", "c", None, None),
        ],
        "a delay moving by less than the threshold (1 → 3 for e, 0 → 1 for a) is no news"
    );
    // e drifts minute by minute: one event once it has moved by 3 from the last reported.
    let events = d.feed(
        &answer(vec![
            train("b", "IC 2", status::RUNNING, Some(9), "5"),
            train("e", "IC 5", status::RUNNING, Some(4), "1"),
        ]),
        at(30),
    );
    assert_eq!(
        kinds(&events),
        [
            ("reinstated", "b", Some("cancelled"), Some("running")),
            ("delay", "b", Some("2"), Some("9")),
            ("delay", "e", Some("1"), Some("4")),
        ]
    );
    assert!(events.iter().all(|e| e.at == at(30)));
}

#[test]
fn a_train_that_vanishes_and_comes_back_says_only_what_changed() {
    let mut d = Differ::new(5, Duration::from_secs(3600));
    d.feed(
        &answer(vec![train("a", "IC 1", status::RUNNING, Some(2), "3")]),
        at(0),
    );
    assert!(d.feed(&answer(vec![]), at(1)).is_empty());
    let back = d.feed(
        &answer(vec![train("a", "IC 1", status::RUNNING, Some(9), "3")]),
        at(2),
    );
    assert_eq!(kinds(&back), [("delay", "a", Some("2"), Some("9"))]);
    // Forgotten after the limit: it comes back as new, with nothing to say.
    let mut short = Differ::new(5, Duration::from_secs(60));
    short.feed(
        &answer(vec![train("a", "IC 1", status::RUNNING, Some(2), "3")]),
        at(0),
    );
    short.feed(
        &answer(vec![train("z", "X", status::RUNNING, None, "")]),
        at(1),
    );
    short.feed(
        &answer(vec![train("z", "X", status::RUNNING, None, "")]),
        at(5),
    );
    let back = short.feed(
        &answer(vec![train("a", "IC 1", status::RUNNING, Some(30), "9")]),
        at(6),
    );
    assert!(back.is_empty(), "{back:?}");
}

#[test]
fn a_renamed_run_keeps_its_history_and_the_next_days_run_does_not() {
    let mut d = Differ::new(5, Duration::from_secs(24 * 3600));
    d.feed(
        &answer(vec![
            train("it-1", "REG 2335", status::RUNNING, Some(3), "2"),
            train("fi-2026-11-24-1", "IC 1", status::ARRIVED, Some(0), "1"),
        ]),
        at(0),
    );
    let events = d.feed(
        &answer(vec![
            // Italy renumbers a run: a new id, the same country and code.
            train("it-2", "REG 2335", status::RUNNING, Some(11), "2"),
            // Tomorrow's IC 1: a new run, though the code is the same.
            train("fi-2026-11-25-1", "IC 1", status::SCHEDULED, Some(0), "1"),
        ]),
        at(20),
    );
    assert_eq!(
        kinds(&events),
        [("delay", "it-2", Some("3"), Some("11"))],
        "the renamed run's delay is news; the next day's run is new, not reinstated"
    );
}

#[test]
fn a_train_moving_on_to_its_next_stop_is_no_platform_change() {
    let mut d = Differ::new(3, Duration::from_secs(3600));
    let at_stop = |next: &str, platform: &str| Train {
        next_station: Some(next.into()),
        ..train("r", "R 9715", status::RUNNING, Some(0), platform)
    };
    d.feed(&answer(vec![at_stop("Helsinki", "6")]), at(0));
    let moved_on = d.feed(&answer(vec![at_stop("Pasila", "1")]), at(1));
    assert!(kinds(&moved_on).is_empty(), "{:?}", kinds(&moved_on));
    let changed = d.feed(&answer(vec![at_stop("Pasila", "3")]), at(2));
    assert_eq!(kinds(&changed), [("platform", "r", Some("1"), Some("3"))]);
}
