//! A history file is as hostile as a feed: anyone who can write it can make it say anything.
//! Every connection railtop opens on one is bounded here before its first read: values of at
//! most `schema::MAX_VALUE_BYTES` (a 200 MB name is refused by SQLite, never read into memory), small
//! limits on everything railtop's own statements never come near, and a [`Budget`] of time per
//! piece of work, after which SQLite stops the statement (a recursive query hid in a view or a
//! trigger runs until then, not for ever). And the file's own objects are checked: railtop's
//! tables hold only what railtop made (a trigger, a view, or an index railtop does not know of
//! on them is refused by name), so nothing runs on its inserts but its own statements.

use crate::error::StoreError;
use rusqlite::limits::Limit;
use rusqlite::Connection;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::schema::MAX_VALUE_BYTES;

/// SQLite's limits, set low where railtop's statements never come near them.
const LIMITS: [(Limit, i32); 9] = [
    (Limit::SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES),
    (Limit::SQLITE_LIMIT_SQL_LENGTH, 64 * 1024),
    (Limit::SQLITE_LIMIT_COLUMN, 64),
    (Limit::SQLITE_LIMIT_EXPR_DEPTH, 64),
    (Limit::SQLITE_LIMIT_COMPOUND_SELECT, 4),
    (Limit::SQLITE_LIMIT_FUNCTION_ARG, 8),
    (Limit::SQLITE_LIMIT_ATTACHED, 0),
    (Limit::SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 256),
    (Limit::SQLITE_LIMIT_TRIGGER_DEPTH, 1),
];

/// Virtual machine steps between two looks at the clock.
const STEPS: i32 = 100_000;

/// The time a piece of work on the file may take; past it, SQLite interrupts the statement
/// running (it fails as "interrupted", and its transaction is rolled back).
#[derive(Clone)]
pub struct Budget {
    base: Instant,
    /// Milliseconds after `base` when the work in hand must end (`u64::MAX`: none in hand).
    ends: Arc<AtomicU64>,
}

impl Budget {
    /// Starts the next piece of work, which may take `allowed`.
    pub fn start(&self, allowed: Duration) {
        let ends = self.base.elapsed().saturating_add(allowed).as_millis();
        self.ends
            .store(u64::try_from(ends).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The work in hand has ended: nothing is timed until the next [`Budget::start`].
    pub fn stop(&self) {
        self.ends.store(u64::MAX, Ordering::Relaxed);
    }

    fn passed(&self) -> bool {
        let now = u64::try_from(self.base.elapsed().as_millis()).unwrap_or(u64::MAX);
        now > self.ends.load(Ordering::Relaxed)
    }
}

/// Sets the limits and the time budget on `conn` (the budget starts with nothing in hand).
pub fn bound(conn: &mut Connection) -> rusqlite::Result<Budget> {
    for (limit, value) in LIMITS {
        conn.set_limit(limit, value)?;
    }
    let budget = Budget {
        base: Instant::now(),
        ends: Arc::new(AtomicU64::new(u64::MAX)),
    };
    let watch = budget.clone();
    conn.progress_handler(STEPS, Some(move || watch.passed()))?;
    Ok(budget)
}

/// What railtop's schema makes.
struct Ours {
    /// Each object's type and name.
    made: BTreeSet<(String, String)>,
    /// Its tables' names.
    tables: BTreeSet<String>,
}

fn ours() -> rusqlite::Result<Ours> {
    let mut conn = Connection::open_in_memory()?;
    crate::schema::migrate(&mut conn).map_err(|e| match e {
        crate::schema::Refused::Sql(e) => e,
        crate::schema::Refused::Newer(_) => rusqlite::Error::InvalidQuery,
    })?;
    let objects = objects(&conn)?;
    let tables = objects
        .iter()
        .filter(|(kind, _, _)| kind == "table")
        .map(|(_, name, _)| name.clone())
        .collect();
    let made = objects.into_iter().map(|(k, n, _)| (k, n)).collect();
    Ok(Ours { made, tables })
}

/// A file's objects: type, name, and the table each is on.
fn objects(conn: &Connection) -> rusqlite::Result<Vec<(String, String, String)>> {
    let mut s = conn.prepare(
        "SELECT type, name, tbl_name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )?;
    let rows = s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    rows.collect()
}

/// Refuses a file with a trigger or a view anywhere, or an object railtop did not make on one
/// of its tables (a view in a table's place included), naming it.
pub fn check(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let fail = |e| StoreError::of(path, e);
    let Ours { made, tables } = ours().map_err(fail)?;
    for (kind, name, table) in objects(conn).map_err(fail)? {
        let foreign = kind == "trigger"
            || kind == "view"
            || (tables.contains(&table) && !made.contains(&(kind.clone(), name.clone())));
        if foreign {
            let name = railtop_core::text::cleaned(&name);
            return Err(StoreError::NotOurs {
                path: path.to_path_buf(),
                why: format!(
                    "it holds a {kind} railtop did not make ({name:?}); railtop reads and writes only its own tables"
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_own_triggers_views_and_indexes_are_refused() {
        let path = Path::new("x.db");
        for sql in [
            "CREATE TRIGGER t AFTER INSERT ON polls BEGIN SELECT 1; END",
            "CREATE VIEW v AS SELECT 1",
            "CREATE INDEX mine ON runs(train_code)",
        ] {
            let mut conn = Connection::open_in_memory().unwrap();
            crate::schema::migrate(&mut conn).unwrap();
            assert!(check(&conn, path).is_ok(), "railtop's own schema is ours");
            conn.execute_batch(sql).unwrap();
            let e = check(&conn, path).unwrap_err().to_string();
            assert!(e.contains("railtop did not make"), "{sql}: {e}");
        }
        // A table of someone else's beside railtop's is theirs.
        let mut conn = Connection::open_in_memory().unwrap();
        crate::schema::migrate(&mut conn).unwrap();
        conn.execute_batch("CREATE TABLE notes(x); CREATE INDEX notes_x ON notes(x)")
            .unwrap();
        assert!(check(&conn, path).is_ok());
    }

    #[test]
    fn a_long_value_and_a_statement_without_end_are_stopped() {
        let mut conn = Connection::open_in_memory().unwrap();
        let budget = bound(&mut conn).unwrap();
        let long: rusqlite::Result<String> =
            conn.query_row("SELECT hex(zeroblob(100000))", [], |r| r.get(0));
        assert!(long.is_err(), "a value over the limit is refused");
        budget.start(Duration::from_millis(200));
        let started = Instant::now();
        let endless: rusqlite::Result<i64> = conn.query_row(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
            [],
            |r| r.get(0),
        );
        assert!(endless.is_err());
        assert!(started.elapsed() < Duration::from_secs(5));
        budget.stop();
        let one: i64 = conn.query_row("SELECT 1", [], |r| r.get(0)).unwrap();
        assert_eq!(one, 1, "the connection works on after");
    }
}
