//! The database's tables and the migrations that make them: each migration is run once, in
//! order, in the transaction that also moves `PRAGMA user_version` on, so a file is always at one
//! version. A file from a newer railtop is refused, not guessed at. docs/recording.md documents
//! every table and column.
//!
//! Observations are kept in poll order (their key is the poll, then the run): a period is a
//! range of the table, the oldest rows go first from its front, and no second index doubles
//! its size. No index holds a run's `last_seen`: it moves every few minutes for every train,
//! and an index of it made each move three writes (the retention's scan of `runs` once a
//! minute costs less).

use rusqlite::Connection;

/// The longest value railtop reads or writes in the file: its own are names and codes of at
/// most a few hundred bytes (the sanitiser bounds every string from outside at 200 characters).
pub const MAX_VALUE_BYTES: i32 = 64 * 1024;

/// The schema this railtop writes and reads.
pub const SCHEMA_VERSION: i64 = 1;

/// Migration `n` (1-based) takes a file from version `n - 1` to `n`.
const MIGRATIONS: &[&str] = &[
    // 1: polls, runs and their observations, events, station boards.
    "
    CREATE TABLE polls (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,            -- Unix seconds, when the answer was made
        source TEXT NOT NULL,           -- demo, upstream, or the remote server's URL
        trains INTEGER NOT NULL,        -- trains in the answer
        changes INTEGER NOT NULL,       -- observations written
        events INTEGER NOT NULL         -- events written
    );
    CREATE INDEX polls_at ON polls(at);
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        country TEXT NOT NULL,
        train_id TEXT NOT NULL,
        train_code TEXT NOT NULL,
        line TEXT NOT NULL,             -- the code's product: IC, S, R
        operator TEXT,
        origin TEXT,
        destination TEXT,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL
    );
    CREATE INDEX runs_key ON runs(country, train_id);
    CREATE TABLE observations (
        poll INTEGER NOT NULL,          -- in time order: the table is kept by poll, then run
        run INTEGER NOT NULL,
        at INTEGER NOT NULL,
        delay INTEGER,                  -- minutes late; NULL: no realtime
        status TEXT NOT NULL,
        lat REAL,
        lng REAL,
        next_station TEXT,
        platform TEXT,
        PRIMARY KEY (poll, run)
    ) WITHOUT ROWID;
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        run INTEGER NOT NULL,
        poll INTEGER NOT NULL,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,             -- delay, platform, cancelled, reinstated, departed, arrived
        old TEXT,
        new TEXT
    );
    CREATE INDEX events_at ON events(at);
    CREATE TABLE board_runs (
        id INTEGER PRIMARY KEY,
        station TEXT NOT NULL,          -- the board's station, as the source names it
        country TEXT,
        kind TEXT NOT NULL,             -- departures or arrivals
        train_code TEXT NOT NULL,
        line TEXT NOT NULL,
        destination TEXT NOT NULL,      -- the origin on arrivals
        scheduled TEXT NOT NULL,        -- HH:MM at the station
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL
    );
    CREATE INDEX board_runs_key ON board_runs(station, kind, train_code, scheduled);
    CREATE TABLE board_observations (
        poll INTEGER NOT NULL,
        run INTEGER NOT NULL,
        at INTEGER NOT NULL,
        delay INTEGER,
        platform TEXT,
        cancelled INTEGER NOT NULL,
        PRIMARY KEY (poll, run)
    ) WITHOUT ROWID;
    ",
];

/// What [`migrate`] found wrong.
#[derive(Debug)]
pub(crate) enum Refused {
    Newer(i64),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Sql(e)
    }
}

/// Brings the open file to [`SCHEMA_VERSION`].
pub(crate) fn migrate(conn: &mut Connection) -> Result<(), Refused> {
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > SCHEMA_VERSION {
        return Err(Refused::Newer(found));
    }
    for (done, sql) in MIGRATIONS
        .iter()
        .enumerate()
        .skip(usize::try_from(found).unwrap_or(0))
    {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(
            None,
            "user_version",
            i64::try_from(done + 1).unwrap_or(i64::MAX),
        )?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migration_runs_once_and_a_newer_file_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert!(migrate(&mut conn).is_ok());
        assert!(migrate(&mut conn).is_ok(), "a second open changes nothing");
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        assert!(matches!(migrate(&mut conn), Err(Refused::Newer(2))));
    }
}
