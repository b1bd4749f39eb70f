//! The database file and the one writer of it. [`Store::record`] writes one answer of a source in
//! one transaction; [`Store::enforce`] keeps the file within its retention and size cap while
//! recording goes on. What it last wrote of each run is kept in memory (and read back from the
//! file after a restart) so that an answer costs a lookup per train, not a query.

use crate::error::StoreError;
use crate::schema::{self, Refused};
use crate::track::{line_of, Last};
use chrono::{DateTime, Utc};
use railtop_core::events::Event;
use railtop_core::model::{status, Departure, Kind, Train};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A train id seen again after this long is a new run (a feed that reuses a number daily).
const RUN_GAP: i64 = 6 * 3600;
/// How stale a run's `last_seen` may get while it keeps being seen unchanged.
const LAST_SEEN_EVERY: i64 = 300;
/// The most runs (and board rows) kept in memory; the oldest are forgotten past it.
const MAX_REMEMBERED: usize = 400_000;

/// One answer of the source, as [`Store::record`] takes it.
pub struct Answer<'a> {
    /// When the answer was made (its `fetchedAt`, else the poll's time).
    pub at: DateTime<Utc>,
    /// `demo`, `upstream`, or the remote server's URL.
    pub source: &'a str,
    pub trains: &'a [Train],
    /// What the differ found between the answer before and this one.
    pub events: &'a [Event],
    pub boards: &'a [BoardAnswer<'a>],
}

/// One station's board in an answer.
pub struct BoardAnswer<'a> {
    pub station: &'a str,
    pub country: Option<&'a str>,
    pub kind: Kind,
    pub rows: &'a [Departure],
}

/// What one answer added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Recorded {
    pub poll: i64,
    pub trains: u64,
    pub observations: u64,
    pub events: u64,
    pub board_observations: u64,
}

/// How much the file may hold: by age, by size, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    pub keep: Option<Duration>,
    pub max_bytes: Option<u64>,
}

/// What [`Store::enforce`] removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trimmed {
    pub rows: u64,
    pub bytes_before: u64,
    pub bytes_after: u64,
    /// The cap could not be met: the last ten minutes alone are larger.
    pub over_cap: bool,
}

/// A run as the store knows it: its row and when it was last written as seen.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Run {
    id: i64,
    last_seen: i64,
}

/// The runs remembered, by country, then train id: looked up without building a key.
#[derive(Default)]
struct Runs {
    by_country: HashMap<String, HashMap<String, Run>>,
    len: usize,
}

impl Runs {
    fn get(&self, country: &str, id: &str) -> Option<Run> {
        self.by_country.get(country)?.get(id).copied()
    }

    fn set(&mut self, country: &str, id: &str, run: Run) {
        let ids = match self.by_country.get_mut(country) {
            Some(ids) => ids,
            None => self.by_country.entry(country.to_string()).or_default(),
        };
        match ids.get_mut(id) {
            Some(known) => *known = run,
            None => {
                ids.insert(id.to_string(), run);
                self.len += 1;
            }
        }
    }

    fn retain(&mut self, keep: impl Fn(&Run) -> bool) {
        for ids in self.by_country.values_mut() {
            ids.retain(|_, r| keep(r));
        }
        self.by_country.retain(|_, ids| !ids.is_empty());
        self.len = self.by_country.values().map(HashMap::len).sum();
    }

    fn values(&self) -> impl Iterator<Item = &Run> {
        self.by_country.values().flat_map(HashMap::values)
    }
}

type BoardKey = (String, &'static str, String, String);

/// What was last written of a board row.
#[derive(Clone, PartialEq)]
struct BoardLast {
    delay: Option<i64>,
    platform: Option<String>,
    cancelled: bool,
}

/// What one answer's writing (or the reading back at open) may take: a national answer takes
/// well under a second.
const WORK_TIME: Duration = Duration::from_secs(60);
/// What one trimming may take (deleting a tenth of a large file, and giving its pages back).
const TRIM_TIME: Duration = Duration::from_secs(300);

/// Stops the work in hand on a [`Store`] from another thread ([`Store::stopper`]).
pub struct Stopper(rusqlite::InterruptHandle);

impl Stopper {
    pub fn stop(&self) {
        self.0.interrupt();
    }
}

pub struct Store {
    conn: Connection,
    /// The time each piece of work on the file may take ([`crate::guard`]).
    budget: crate::guard::Budget,
    path: PathBuf,
    runs: Runs,
    last: HashMap<i64, Last>,
    board_runs: HashMap<BoardKey, Run>,
    board_last: HashMap<i64, BoardLast>,
}

impl Store {
    /// Opens (or makes) the database at `path`, its folder included, and brings it to this
    /// railtop's schema.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|why| StoreError::Folder {
                path: dir.to_path_buf(),
                why,
            })?;
        }
        let fail = |e| StoreError::of(path, e);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = Connection::open_with_flags(path, flags).map_err(fail)?;
        // Before the first table: a new file gives freed pages back to the disk when asked.
        conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")
            .map_err(fail)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(fail)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Open {
                path: path.to_path_buf(),
                why: format!("its journal cannot be a write-ahead log (it is {mode})"),
            });
        }
        // NORMAL in WAL mode: a killed process loses nothing committed (only a power cut may
        // lose the last transactions, never the file).
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(fail)?;
        conn.pragma_update(None, "journal_size_limit", 64 * 1024 * 1024)
            .map_err(fail)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
        let budget = crate::guard::bound(&mut conn).map_err(fail)?;
        crate::guard::check(&conn, path)?;
        // 64 MiB of pages (SQLite's default is 2): the runs a national answer updates stay in
        // memory instead of being read again each poll.
        conn.pragma_update(None, "cache_size", -65_536)
            .map_err(fail)?;
        match schema::migrate(&mut conn) {
            Ok(()) => {}
            Err(Refused::Newer(found)) => {
                return Err(StoreError::Newer {
                    path: path.to_path_buf(),
                    found,
                    known: schema::SCHEMA_VERSION,
                })
            }
            Err(Refused::Sql(e)) => return Err(fail(e)),
        }
        let mut store = Store {
            conn,
            budget,
            path: path.to_path_buf(),
            runs: Runs::default(),
            last: HashMap::new(),
            board_runs: HashMap::new(),
            board_last: HashMap::new(),
        };
        store.budget.start(WORK_TIME);
        let remembered = store.remember().map_err(fail);
        store.budget.stop();
        remembered?;
        Ok(store)
    }

    /// Something to stop the work in hand from another thread: on a signal, the statement
    /// running fails at once (its transaction rolled back) instead of running to its end.
    pub fn stopper(&self) -> Stopper {
        Stopper(self.conn.get_interrupt_handle())
    }

    /// Reads back what was last written of the runs seen within [`RUN_GAP`] of the file's last
    /// poll: after a restart, an unchanged run is not written again. One range of each table,
    /// read once.
    fn remember(&mut self) -> rusqlite::Result<()> {
        let newest: Option<i64> = self
            .conn
            .query_row("SELECT max(at) FROM polls", [], |r| r.get(0))?;
        let Some(newest) = newest else {
            return Ok(());
        };
        let since = newest.saturating_sub(RUN_GAP);
        let first: i64 = self.conn.query_row(
            "SELECT coalesce(min(id), 0) FROM polls WHERE at >= ?1",
            [since],
            |r| r.get(0),
        )?;
        let mut s = self
            .conn
            .prepare("SELECT id, country, train_id, last_seen FROM runs WHERE last_seen >= ?1")?;
        let rows = s.query_map([since], |r| {
            Ok((
                (r.get::<_, String>(1)?, r.get::<_, String>(2)?),
                Run {
                    id: r.get(0)?,
                    last_seen: r.get(3)?,
                },
            ))
        })?;
        for row in rows {
            let ((country, id), run) = row?;
            self.runs.set(&country, &id, run);
        }
        // The bare columns are those of the row where max() is found: each run's last.
        let mut s = self.conn.prepare(
            "SELECT run, max(poll), at, delay, status, lat, lng, next_station, platform
             FROM observations WHERE poll >= ?1 GROUP BY run",
        )?;
        let rows = s.query_map([first], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                Last {
                    at: r.get(2)?,
                    delay: r.get(3)?,
                    status: r.get(4)?,
                    lat: r.get(5)?,
                    lng: r.get(6)?,
                    next_station: r.get(7)?,
                    platform: r.get(8)?,
                },
            ))
        })?;
        for row in rows {
            let (run, last) = row?;
            self.last.insert(run, last);
        }
        let mut s = self.conn.prepare(
            "SELECT id, station, kind, train_code, scheduled, last_seen FROM board_runs
             WHERE last_seen >= ?1",
        )?;
        let rows = s.query_map([since], |r| {
            let kind: String = r.get(2)?;
            Ok((
                (
                    r.get::<_, String>(1)?,
                    if kind == "arrivals" {
                        "arrivals"
                    } else {
                        "departures"
                    },
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                ),
                Run {
                    id: r.get(0)?,
                    last_seen: r.get(5)?,
                },
            ))
        })?;
        for row in rows {
            let (key, run) = row?;
            self.board_runs.insert(key, run);
        }
        let mut s = self.conn.prepare(
            "SELECT run, max(poll), delay, platform, cancelled FROM board_observations
             WHERE poll >= ?1 GROUP BY run",
        )?;
        let rows = s.query_map([first], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                BoardLast {
                    delay: r.get(2)?,
                    platform: r.get(3)?,
                    cancelled: r.get(4)?,
                },
            ))
        })?;
        for row in rows {
            let (run, last) = row?;
            self.board_last.insert(run, last);
        }
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `answer`: a poll, the runs' changes, the events, the boards' changes; all or
    /// nothing.
    pub fn record(&mut self, answer: &Answer<'_>) -> Result<Recorded, StoreError> {
        self.budget.start(WORK_TIME);
        let done = self.write(answer);
        self.budget.stop();
        done
    }

    fn write(&mut self, answer: &Answer<'_>) -> Result<Recorded, StoreError> {
        let path = self.path.clone();
        let fail = |e| StoreError::of(&path, e);
        let at = answer.at.timestamp();
        let tx = self.conn.transaction().map_err(fail)?;
        tx.execute(
            "INSERT INTO polls (at, source, trains, changes, events) VALUES (?1, ?2, ?3, 0, 0)",
            params![at, answer.source, answer.trains.len() as i64],
        )
        .map_err(fail)?;
        let poll = tx.last_insert_rowid();
        let mut done = Recorded {
            poll,
            trains: answer.trains.len() as u64,
            ..Recorded::default()
        };
        for train in answer.trains.iter().filter(|t| !t.id.is_empty()) {
            let run = run_of(&tx, &mut self.runs, train, at).map_err(fail)?;
            // Runs seen lately are remembered (read back at open); any other is news.
            let news = self
                .last
                .get(&run.id)
                .is_none_or(|before| before.is_news_of(train, at));
            if news {
                let now = Last::of(train, at);
                tx.prepare_cached(
                    "INSERT INTO observations
                     (run, at, poll, delay, status, lat, lng, next_station, platform)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        run.id,
                        at,
                        poll,
                        now.delay,
                        now.status,
                        now.lat,
                        now.lng,
                        now.next_station,
                        now.platform
                    ])
                })
                .map_err(fail)?;
                done.observations += 1;
                self.last.insert(run.id, now);
            }
        }
        for event in answer.events {
            let country = event.country.as_deref().unwrap_or_default();
            let Some(run) = self.runs.get(country, &event.train_id) else {
                continue;
            };
            tx.prepare_cached(
                "INSERT INTO events (run, poll, at, kind, old, new) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    run.id,
                    poll,
                    event.at.timestamp(),
                    event.kind.name(),
                    event.old,
                    event.new
                ])
            })
            .map_err(fail)?;
            done.events += 1;
        }
        for board in answer.boards {
            for row in board.rows {
                let written = board_row(
                    &tx,
                    (&mut self.board_runs, &mut self.board_last),
                    board,
                    row,
                    (at, poll),
                )
                .map_err(fail)?;
                done.board_observations += u64::from(written);
            }
        }
        tx.execute(
            "UPDATE polls SET changes = ?1, events = ?2 WHERE id = ?3",
            params![
                (done.observations + done.board_observations) as i64,
                done.events as i64,
                poll
            ],
        )
        .map_err(fail)?;
        tx.commit().map_err(fail)?;
        self.forget_beyond_memory();
        Ok(done)
    }

    /// Bounds what is remembered: past [`MAX_REMEMBERED`], the runs not seen for longest are
    /// forgotten (they are read back from the file if they come again).
    fn forget_beyond_memory(&mut self) {
        if self.runs.len > MAX_REMEMBERED {
            let mut seen: Vec<i64> = self.runs.values().map(|r| r.last_seen).collect();
            seen.sort_unstable();
            let cut = seen[seen.len() / 2];
            self.runs.retain(|r| r.last_seen > cut);
            let ids: std::collections::HashSet<i64> = self.runs.values().map(|r| r.id).collect();
            self.last.retain(|id, _| ids.contains(id));
        }
        if self.board_runs.len() > MAX_REMEMBERED {
            self.board_runs.clear();
            self.board_last.clear();
        }
    }

    /// The file's size on disk: the database and its write-ahead log.
    pub fn bytes(&self) -> u64 {
        let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        size(&self.path) + size(Path::new(&wal))
    }

    /// Removes what is older than `limits.keep` before `now`, then the oldest tenth at a time
    /// until the file is within `limits.max_bytes` (never the last ten minutes).
    pub fn enforce(&mut self, limits: &Limits, now: DateTime<Utc>) -> Result<Trimmed, StoreError> {
        self.budget.start(TRIM_TIME);
        let done = self.trim(limits, now);
        self.budget.stop();
        done
    }

    fn trim(&mut self, limits: &Limits, now: DateTime<Utc>) -> Result<Trimmed, StoreError> {
        let mut trimmed = Trimmed {
            bytes_before: self.bytes(),
            ..Trimmed::default()
        };
        if let Some(keep) = limits.keep {
            let keep = i64::try_from(keep.as_secs()).unwrap_or(i64::MAX);
            trimmed.rows += self.delete_before(now.timestamp().saturating_sub(keep))?;
        }
        if let Some(max) = limits.max_bytes {
            for _ in 0..64 {
                if self.bytes() <= max {
                    break;
                }
                let span: Option<(i64, i64)> = self
                    .conn
                    .query_row("SELECT min(at), max(at) FROM polls", [], |r| {
                        Ok(r.get::<_, Option<i64>>(0)?.zip(r.get::<_, Option<i64>>(1)?))
                    })
                    .map_err(|e| StoreError::of(&self.path, e))?;
                let Some((oldest, newest)) = span.filter(|(o, n)| n - o > 600) else {
                    trimmed.over_cap = true;
                    break;
                };
                let cut = (oldest + ((newest - oldest) / 10).max(60)).min(newest - 600);
                trimmed.rows += self.delete_before(cut)?;
            }
        }
        trimmed.bytes_after = self.bytes();
        Ok(trimmed)
    }

    /// Deletes everything observed before `cutoff` (Unix seconds), gives the pages back to the
    /// disk, and forgets the runs that went.
    fn delete_before(&mut self, cutoff: i64) -> Result<u64, StoreError> {
        let path = self.path.clone();
        let fail = |e| StoreError::of(&path, e);
        let tx = self.conn.transaction().map_err(fail)?;
        let mut rows = 0usize;
        // The polls before the cutoff are a prefix of the observations' key.
        let last_old: i64 = tx
            .query_row(
                "SELECT coalesce(max(id), 0) FROM polls WHERE at < ?1",
                [cutoff],
                |r| r.get(0),
            )
            .map_err(fail)?;
        for sql in [
            "DELETE FROM observations WHERE poll <= ?1",
            "DELETE FROM board_observations WHERE poll <= ?1",
            "DELETE FROM events WHERE poll <= ?1",
            "DELETE FROM polls WHERE id <= ?1",
        ] {
            rows += tx.execute(sql, [last_old]).map_err(fail)?;
        }
        // A run's `last_seen` trails its last observation by less than LAST_SEEN_EVERY: a run
        // last seen before the cutoff less that has none left.
        let gone = cutoff.saturating_sub(LAST_SEEN_EVERY);
        for sql in [
            "DELETE FROM runs WHERE last_seen < ?1",
            "DELETE FROM board_runs WHERE last_seen < ?1",
        ] {
            rows += tx.execute(sql, [gone]).map_err(fail)?;
        }
        tx.commit().map_err(fail)?;
        if rows > 0 {
            // Each step of incremental_vacuum frees a page: it is run to its end.
            vacuum(&self.conn).map_err(fail)?;
            self.runs.retain(|r| r.last_seen >= gone);
            self.board_runs.retain(|_, r| r.last_seen >= gone);
            let ids: std::collections::HashSet<i64> = self.runs.values().map(|r| r.id).collect();
            self.last.retain(|id, _| ids.contains(id));
            let ids: std::collections::HashSet<i64> =
                self.board_runs.values().map(|r| r.id).collect();
            self.board_last.retain(|id, _| ids.contains(id));
        }
        Ok(rows as u64)
    }
}

/// Gives the free pages back to the disk and empties the write-ahead log into the file.
fn vacuum(conn: &Connection) -> rusqlite::Result<()> {
    let mut s = conn.prepare("PRAGMA incremental_vacuum")?;
    let mut rows = s.query([])?;
    while rows.next()?.is_some() {}
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
}

/// A run's row as the lookups read it (`id, last_seen`).
fn run_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Run> {
    Ok(Run {
        id: r.get(0)?,
        last_seen: r.get(1)?,
    })
}

/// The run to write to: `known` while it was seen within [`RUN_GAP`] (its `last_seen` in
/// `table` moved on every [`LAST_SEEN_EVERY`]), else the one `insert` makes.
fn keep_or_make(
    tx: &Transaction<'_>,
    table: &str,
    known: Option<Run>,
    at: i64,
    insert: impl FnOnce() -> rusqlite::Result<i64>,
) -> rusqlite::Result<Run> {
    match known.filter(|r| at.saturating_sub(r.last_seen) <= RUN_GAP) {
        Some(mut run) => {
            if at.saturating_sub(run.last_seen) >= LAST_SEEN_EVERY {
                tx.prepare_cached(&format!("UPDATE {table} SET last_seen = ?1 WHERE id = ?2"))?
                    .execute(params![at, run.id])?;
                run.last_seen = at;
            }
            Ok(run)
        }
        None => Ok(Run {
            id: insert()?,
            last_seen: at,
        }),
    }
}

/// The run `train` belongs to: the one of its country and id seen within [`RUN_GAP`], else a
/// new one. Its `last_seen` is moved on every [`LAST_SEEN_EVERY`].
fn run_of(tx: &Transaction<'_>, runs: &mut Runs, train: &Train, at: i64) -> rusqlite::Result<Run> {
    let country = train.country.as_deref().unwrap_or_default();
    let remembered = runs.get(country, &train.id);
    let known = match remembered {
        Some(run) => Some(run),
        None => tx
            .prepare_cached(
                "SELECT id, last_seen FROM runs WHERE country = ?1 AND train_id = ?2
                 ORDER BY last_seen DESC LIMIT 1",
            )?
            .query_row(params![country, train.id], run_row)
            .optional()?,
    };
    let run = keep_or_make(tx, "runs", known, at, || {
        tx.prepare_cached(
            "INSERT INTO runs (country, train_id, train_code, line, operator, origin,
             destination, first_seen, last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        )?
        .execute(params![
            country,
            train.id,
            train.train_code,
            line_of(&train.train_code),
            train.operator,
            train.from,
            train.to,
            at
        ])?;
        Ok(tx.last_insert_rowid())
    })?;
    if remembered != Some(run) {
        runs.set(country, &train.id, run);
    }
    Ok(run)
}

/// Writes one board row when it changed; returns whether it did.
fn board_row(
    tx: &Transaction<'_>,
    (runs, lasts): (&mut HashMap<BoardKey, Run>, &mut HashMap<i64, BoardLast>),
    board: &BoardAnswer<'_>,
    row: &Departure,
    (at, poll): (i64, i64),
) -> rusqlite::Result<bool> {
    let kind = match board.kind {
        Kind::Departures => "departures",
        Kind::Arrivals => "arrivals",
    };
    let code = row
        .train_code
        .clone()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| row.line.clone());
    let key: BoardKey = (
        board.station.to_string(),
        kind,
        code.clone(),
        row.scheduled_dep.clone(),
    );
    let known = match runs.get(&key) {
        Some(run) => Some(*run),
        None => tx
            .prepare_cached(
                "SELECT id, last_seen FROM board_runs WHERE station = ?1 AND kind = ?2
                 AND train_code = ?3 AND scheduled = ?4 ORDER BY last_seen DESC LIMIT 1",
            )?
            .query_row(params![key.0, key.1, key.2, key.3], run_row)
            .optional()?,
    };
    let run = keep_or_make(tx, "board_runs", known, at, || {
        tx.prepare_cached(
            "INSERT INTO board_runs (station, country, kind, train_code, line, destination,
             scheduled, first_seen, last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        )?
        .execute(params![
            key.0,
            board.country,
            kind,
            code,
            row.line,
            row.destination,
            row.scheduled_dep,
            at
        ])?;
        Ok(tx.last_insert_rowid())
    })?;
    runs.insert(key, run);
    let now = BoardLast {
        delay: row.delay,
        platform: row.platform.clone(),
        cancelled: row.cancelled,
    };
    let before = lasts.get(&run.id).cloned();
    if before.as_ref() == Some(&now) {
        lasts.insert(run.id, now);
        return Ok(false);
    }
    tx.prepare_cached(
        "INSERT INTO board_observations (run, at, poll, delay, platform, cancelled)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        run.id,
        at,
        poll,
        now.delay,
        now.platform,
        now.cancelled
    ])?;
    lasts.insert(run.id, now);
    Ok(true)
}

/// Whether a status means the run did not run.
pub(crate) fn is_cancelled(s: &str) -> bool {
    s == status::CANCELLED
}

#[cfg(test)]
mod tests;
