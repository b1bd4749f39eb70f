//! The store on real files in a temporary folder: changes not copies, restarts, runs of the
//! next day, retention, the size cap, and the errors a person can act on.

use super::*;
use railtop_core::events::Kind as EventKind;

fn train(id: &str, delay: Option<i64>, lat: f64) -> Train {
    Train {
        id: id.into(),
        train_code: format!("IC {id}"),
        status: status::RUNNING.into(),
        delay,
        lat: Some(lat),
        lng: Some(25.0),
        country: Some("finland".into()),
        operator: Some("VR".into()),
        ..Default::default()
    }
}

fn at(seconds: i64) -> DateTime<Utc> {
    "2026-11-24T23:50:00Z".parse::<DateTime<Utc>>().unwrap() + chrono::Duration::seconds(seconds)
}

fn record(store: &mut Store, t: i64, trains: &[Train], events: &[Event]) -> Recorded {
    store
        .record(&Answer {
            at: at(t),
            source: "demo",
            trains,
            events,
            boards: &[],
        })
        .unwrap()
}

fn count(path: &Path, table: &str) -> i64 {
    let conn = Connection::open(path).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

#[test]
fn changes_are_written_once_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/folder/railtop.db");
    let mut store = Store::open(&path).unwrap();
    let a = record(
        &mut store,
        0,
        &[train("1", Some(2), 60.0), train("2", None, 61.0)],
        &[],
    );
    assert_eq!((a.trains, a.observations), (2, 2));
    let b = record(
        &mut store,
        30,
        &[train("1", Some(2), 60.0), train("2", None, 61.0)],
        &[],
    );
    assert_eq!(b.observations, 0, "the same answer again is no change");
    let event = Event {
        kind: EventKind::Delay,
        train_id: "1".into(),
        train_code: "IC 1".into(),
        name: String::new(),
        country: Some("finland".into()),
        old: Some("2".into()),
        new: Some("7".into()),
        at: at(60),
    };
    let c = record(&mut store, 60, &[train("1", Some(7), 60.0)], &[event]);
    assert_eq!((c.observations, c.events), (1, 1));
    drop(store);
    // Opened again, it knows what it wrote: no copy of an unchanged run.
    let mut store = Store::open(&path).unwrap();
    let d = record(&mut store, 90, &[train("1", Some(7), 60.0)], &[]);
    assert_eq!(d.observations, 0);
    assert_eq!(count(&path, "observations"), 3);
    assert_eq!(count(&path, "runs"), 2);
    assert_eq!(count(&path, "polls"), 4);
    assert_eq!(count(&path, "events"), 1);
    // The same id seen again a day later is the next day's run.
    record(&mut store, 86_400, &[train("1", Some(0), 60.0)], &[]);
    assert_eq!(count(&path, "runs"), 3);
}

#[test]
fn retention_and_the_size_cap_are_enforced_while_recording() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("railtop.db");
    let mut store = Store::open(&path).unwrap();
    // Two hours of a hundred trains whose delay changes every minute.
    for minute in 0..120 {
        let trains: Vec<Train> = (0..100)
            .map(|i| train(&i.to_string(), Some((minute + i) % 17), 60.0))
            .collect();
        record(&mut store, minute * 60, &trains, &[]);
    }
    let before = count(&path, "observations");
    let keep = Limits {
        keep: Some(Duration::from_secs(3600)),
        max_bytes: None,
    };
    let trimmed = store.enforce(&keep, at(120 * 60)).unwrap();
    assert!(trimmed.rows > 0);
    let oldest: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT min(at) FROM observations", [], |r| r.get(0))
        .unwrap();
    assert!(oldest >= at(3600).timestamp(), "nothing older than an hour");
    assert!(count(&path, "observations") < before);
    // A cap below its size: trimmed from the oldest until it fits.
    let cap = store.bytes() / 2;
    let capped = Limits {
        keep: None,
        max_bytes: Some(cap),
    };
    let trimmed = store.enforce(&capped, at(120 * 60)).unwrap();
    assert!(trimmed.bytes_after <= cap, "{trimmed:?}");
    assert!(!trimmed.over_cap);
    // Recording goes on after trimming.
    let more = record(&mut store, 121 * 60, &[train("1", Some(99), 60.0)], &[]);
    assert_eq!(more.observations, 1);
    let check: String = Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
}

#[test]
fn a_full_disk_a_foreign_file_and_a_newer_schema_are_said_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("railtop.db");
    let mut store = Store::open(&path).unwrap();
    // SQLite's own way to make a disk full: a page limit just above what the file has.
    let pages: i64 = store
        .conn
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    store
        .conn
        .pragma_update(None, "max_page_count", pages + 2)
        .unwrap();
    let many: Vec<Train> = (0..5000)
        .map(|i| train(&i.to_string(), Some(i), 60.0))
        .collect();
    let full = store.record(&Answer {
        at: at(0),
        source: "demo",
        trains: &many,
        events: &[],
        boards: &[],
    });
    let e = full.unwrap_err();
    assert!(matches!(e, StoreError::Full { .. }), "{e}");
    assert!(e.to_string().contains("is full"), "{e}");
    drop(store);
    assert_eq!(
        count(&path, "polls"),
        0,
        "the failed answer left nothing behind"
    );

    let foreign = dir.path().join("notes.txt");
    std::fs::write(&foreign, "a shopping list, not a database".repeat(100)).unwrap();
    let e = Store::open(&foreign).err().unwrap();
    assert!(e.to_string().contains("is not a railtop database"), "{e}");

    let newer = dir.path().join("newer.db");
    drop(Store::open(&newer).unwrap());
    Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let e = Store::open(&newer).err().unwrap();
    assert!(e.to_string().contains("newer railtop"), "{e}");

    // A folder that cannot be made (a file stands where it would be).
    let e = Store::open(&foreign.join("railtop.db")).err().unwrap();
    assert!(e.to_string().contains("cannot make the folder"), "{e}");
}

#[test]
fn read_only_files_are_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("railtop.db");
    drop(Store::open(&path).unwrap());
    // As root a mode does not stop a write; SQLite's read-only open is the same refusal.
    let conn = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let e = conn
        .execute(
            "INSERT INTO polls (at, source, trains, changes, events) VALUES (0, 'x', 0, 0, 0)",
            [],
        )
        .unwrap_err();
    let e = StoreError::of(&path, e);
    assert!(matches!(e, StoreError::ReadOnly { .. }), "{e}");
    assert!(e.to_string().contains("--db"), "{e}");
}

#[test]
fn boards_are_written_as_changes_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("railtop.db");
    let mut store = Store::open(&path).unwrap();
    let row = |delay| Departure {
        line: "IC".into(),
        destination: "Oulu".into(),
        scheduled_dep: "08:00".into(),
        delay,
        train_code: Some("IC 27".into()),
        ..Default::default()
    };
    let write = |store: &mut Store, t, rows: &[Departure]| {
        store
            .record(&Answer {
                at: at(t),
                source: "demo",
                trains: &[],
                events: &[],
                boards: &[BoardAnswer {
                    station: "Helsinki",
                    country: Some("finland"),
                    kind: Kind::Departures,
                    rows,
                }],
            })
            .unwrap()
            .board_observations
    };
    assert_eq!(write(&mut store, 0, &[row(Some(1))]), 1);
    assert_eq!(write(&mut store, 30, &[row(Some(1))]), 0);
    assert_eq!(write(&mut store, 60, &[row(Some(4))]), 1);
    assert_eq!(count(&path, "board_runs"), 1);
    assert_eq!(count(&path, "board_observations"), 2);
}

#[test]
fn the_hourly_share_counts_one_source_and_one_country() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("railtop.db");
    let mut store = Store::open(&path).unwrap();
    // The demo's Finnish trains all on time; the national feeds' all late; an Irish one late.
    record(&mut store, 0, &[train("1", Some(0), 60.0)], &[]);
    let mut irish = train("9", Some(20), 53.0);
    irish.country = Some("ireland".into());
    record(&mut store, 10, &[irish], &[]);
    store
        .record(&Answer {
            at: at(20),
            source: "upstream",
            trains: &[train("2", Some(30), 61.0)],
            events: &[],
            boards: &[],
        })
        .unwrap();
    drop(store);
    let until = at(60);
    let share = |source, country| {
        let scope = crate::stats::Scope { source, country };
        crate::stats::hourly(&path, until, 1, 5, &scope).unwrap()[0]
    };
    assert_eq!(
        share(None, None),
        Some(1.0 / 3.0),
        "every train in the file"
    );
    assert_eq!(share(Some("demo"), Some("finland")), Some(1.0));
    assert_eq!(share(Some("demo"), None), Some(0.5));
    assert_eq!(share(Some("upstream"), Some("finland")), Some(0.0));
    assert_eq!(
        share(Some("upstream"), Some("ireland")),
        None,
        "nothing seen"
    );
    assert_eq!(share(Some("https://elsewhere"), None), None);
}

#[test]
fn a_stopper_stops_the_statement_running_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("railtop.db")).unwrap();
    let stopper = store.stopper();
    let stop = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        stopper.stop();
    });
    let started = std::time::Instant::now();
    let endless: rusqlite::Result<i64> = store.conn.query_row(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
        [],
        |r| r.get(0),
    );
    stop.join().unwrap();
    let e = StoreError::of(store.path(), endless.unwrap_err());
    assert!(matches!(e, StoreError::Stopped { .. }), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}
