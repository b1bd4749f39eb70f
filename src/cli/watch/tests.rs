//! A board read as trains: rows that change, leave, and are cancelled, through the one differ.

use super::*;
use railtop_core::model::{Departure, StationInfo};

fn board(rows: Vec<Departure>) -> DeparturesResponse {
    DeparturesResponse {
        departures: rows,
        station: StationInfo {
            name: "Helsinki".into(),
            country: Some("finland".into()),
            ..StationInfo::default()
        },
        ..DeparturesResponse::default()
    }
}

fn row(code: &str, at: &str, delay: Option<i64>, platform: &str) -> Departure {
    Departure {
        line: "IC".into(),
        destination: "Oulu".into(),
        scheduled_dep: at.into(),
        delay,
        platform: Some(platform.into()),
        train_code: Some(code.into()),
        ..Departure::default()
    }
}

/// 10:00 in Helsinki (UTC+2 in November) plus `minutes`.
fn now(minutes: i64) -> DateTime<Utc> {
    "2026-11-24T08:00:00Z".parse::<DateTime<Utc>>().unwrap() + chrono::Duration::minutes(minutes)
}

#[test]
fn a_boards_changes_are_events_and_a_row_that_leaves_departed() {
    let mut rows = BoardRows::default();
    let mut differ = Differ::new(2, FORGET_AFTER);
    let mut step = |b: DeparturesResponse, m: i64| {
        let answer = rows.as_trains(&b, now(m));
        differ
            .feed(&answer, now(m))
            .iter()
            .map(sentence)
            .collect::<Vec<_>>()
    };
    assert!(step(
        board(vec![
            row("IC 27", "10:05", Some(0), "3"),
            row("IC 29", "10:20", Some(0), "5")
        ]),
        0
    )
    .is_empty());
    assert_eq!(
        step(
            board(vec![
                row("IC 27", "10:05", Some(6), "4"),
                row("IC 29", "10:20", Some(1), "5")
            ]),
            1
        ),
        [
            "IC 27 → Oulu: platform 3 → 4",
            "IC 27 → Oulu: delay on time → +6 min"
        ]
    );
    let mut cancelled = row("IC 29", "10:20", None, "5");
    cancelled.cancelled = true;
    assert_eq!(
        step(
            board(vec![row("IC 27", "10:05", Some(6), "4"), cancelled.clone()]),
            2
        ),
        ["IC 29 → Oulu: cancelled"]
    );
    // IC 27 leaves the board at 10:12; the cancelled IC 29 leaving it is no departure.
    assert_eq!(step(board(vec![]), 12), ["IC 27 → Oulu: departed"]);
    assert!(step(board(vec![]), 13).is_empty(), "said once");
    // A row cut before its time (the walk to the station filters it out) has not departed.
    assert!(step(board(vec![row("IC 31", "10:30", Some(0), "2")]), 14).is_empty());
    assert!(
        step(board(vec![]), 20).is_empty(),
        "gone 10 minutes early: not departed"
    );
}

#[test]
fn trains_are_followed_by_id_or_code_and_exec_is_split_as_a_shell_would() {
    let answer = RealtimeResponse {
        trains: vec![
            Train {
                id: "fi-27".into(),
                train_code: "IC 27".into(),
                ..Train::default()
            },
            Train {
                id: "fi-29".into(),
                train_code: "IC 29".into(),
                ..Train::default()
            },
            Train {
                id: "fi-31".into(),
                train_code: "IC 31".into(),
                ..Train::default()
            },
        ],
        ..RealtimeResponse::default()
    };
    let ids: Vec<String> = followed(&answer, &["ic 27".into(), "fi-31".into()])
        .trains
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(ids, ["fi-27", "fi-31"]);
    assert_eq!(
        words("notify-send 'train news' --urgency=low").unwrap(),
        ["notify-send", "train news", "--urgency=low"]
    );
    assert!(words("say 'unclosed").is_err());
    assert!(words("   ").is_err());
    assert!(program("sh -c true").is_ok(), "a program on the PATH");
    assert!(program("./no-such-program").is_err());
}

#[test]
fn sentences_are_sanitised() {
    let e = Event {
        kind: EventKind::Platform,
        train_id: "x".into(),
        train_code: "IC\u{1b}[2J 27".into(),
        name: String::new(),
        country: None,
        old: Some("3".into()),
        new: Some("4\u{7}".into()),
        at: now(0),
    };
    let s = sentence(&e);
    assert!(!s.chars().any(char::is_control), "{s:?}");
    let j = json(&e, &s);
    assert!(!j.contains('\u{1b}'), "{j}");
}
