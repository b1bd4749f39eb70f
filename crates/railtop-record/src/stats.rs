//! Punctuality read back from a recorded file: `railtop stats`, `/api/live/stats` and the
//! dashboard's sparkline all call [`read`] (or [`hourly`]). A run counts once, with its latest
//! observation in the period; it is on time when that observation's delay is at most the
//! threshold (the dashboard's, 5 min by default). Delays are the runs' with realtime that were
//! not cancelled: the mean, the median (the middle one, or the mean of the middle two) and the
//! 90th percentile (nearest rank: the smallest delay at least 90 % of the runs have at most).
//! Grouped by country, operator, line (the code's product), station (the recorded boards' rows,
//! each counted once per station) or hour (of the latest observation, on the country's clock).

use crate::error::StoreError;
use crate::store::is_cancelled;
use chrono::{DateTime, Timelike, Utc};
use rusqlite::{params, Connection, OpenFlags};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// A period's end when it is "now": the end of the current second, so that a poll made this
/// second is in (periods end before their `until`, and polls are timed to the second).
pub fn until_now(now: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::SubsecRound;
    now.trunc_subsecs(0) + chrono::Duration::seconds(1)
}

/// What the groups are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    Country,
    Operator,
    Line,
    Station,
    Hour,
}

impl By {
    pub const ALL: [By; 5] = [By::Country, By::Operator, By::Line, By::Station, By::Hour];

    pub fn name(self) -> &'static str {
        match self {
            By::Country => "country",
            By::Operator => "operator",
            By::Line => "line",
            By::Station => "station",
            By::Hour => "hour",
        }
    }

    /// `country`, `operator`, `line`, `station` or `hour`.
    pub fn parse(s: &str) -> Option<By> {
        By::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// The delay histogram's buckets, by their upper bound in minutes (the last has none).
pub const BUCKETS: [(&str, i64); 8] = [
    ("≤0", 0),
    ("1–2", 2),
    ("3–5", 5),
    ("6–10", 10),
    ("11–20", 20),
    ("21–30", 30),
    ("31–60", 60),
    (">60", i64::MAX),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
    pub by: By,
    /// Minutes late that still count as on time.
    pub on_time: i64,
}

/// One group's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub key: String,
    /// Runs observed in the period.
    pub runs: u64,
    /// Of those, cancelled at their latest observation.
    pub cancelled: u64,
    /// Runs with a delay (realtime) and not cancelled: what the figures below are of.
    pub with_delay: u64,
    pub on_time: u64,
    /// `on_time / with_delay`, 0..1; `None` without any delay.
    pub on_time_share: Option<f64>,
    pub mean_delay: Option<f64>,
    pub median_delay: Option<f64>,
    pub p90_delay: Option<i64>,
    /// Runs per delay bucket ([`BUCKETS`]).
    pub histogram: [u64; 8],
}

/// `railtop stats`' answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
    pub by: By,
    pub on_time_minutes: i64,
    pub groups: Vec<Group>,
    pub total: Group,
}

/// One run's latest observation in the period.
struct Seen {
    key: String,
    delay: Option<i64>,
    cancelled: bool,
}

/// What one report may take to read (a year of a national recording takes seconds).
const READ_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// Opens the file at `path` to read, bounded ([`crate::guard`]) for [`READ_TIME`], or says
/// there is none.
fn open(path: &Path) -> Result<Connection, StoreError> {
    open_for(path, READ_TIME)
}

/// [`open`], for a read that may take `allowed`.
fn open_for(path: &Path, allowed: std::time::Duration) -> Result<Connection, StoreError> {
    if !path.is_file() {
        return Err(StoreError::Open {
            path: path.to_path_buf(),
            why: "there is no such file: record one with `railtop record` (or `serve --record`)"
                .into(),
        });
    }
    let mut conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::of(path, e))?;
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(|e| StoreError::of(path, e))?;
    let budget = crate::guard::bound(&mut conn).map_err(|e| StoreError::of(path, e))?;
    crate::guard::check(&conn, path)?;
    budget.start(allowed);
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| StoreError::of(path, e))?;
    if version == 0 {
        return Err(StoreError::NotOurs {
            path: path.to_path_buf(),
            why: "it has none of railtop's tables".into(),
        });
    }
    if version > crate::SCHEMA_VERSION {
        return Err(StoreError::Newer {
            path: path.to_path_buf(),
            found: version,
            known: crate::SCHEMA_VERSION,
        });
    }
    Ok(conn)
}

/// The figures of `query` from the file at `path`.
pub fn read(path: &Path, query: &Query) -> Result<Report, StoreError> {
    read_within(path, query, READ_TIME)
}

/// [`read`], stopped past `allowed` ([`StoreError::Stopped`]): a server bounds what one
/// question may cost everyone.
pub fn read_within(
    path: &Path,
    query: &Query,
    allowed: std::time::Duration,
) -> Result<Report, StoreError> {
    let conn = open_for(path, allowed)?;
    let seen = latest(&conn, query, &Scope::default()).map_err(|e| StoreError::of(path, e))?;
    Ok(report(query, seen))
}

/// Which of a file's trains count: one source's (a file may hold the demo's and the national
/// feeds' polls both) and one country's, where given; all where not.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scope<'a> {
    /// As the recorder named it: `demo`, `upstream` or the remote server's URL.
    pub source: Option<&'a str>,
    /// A country's slug or a region's name.
    pub country: Option<&'a str>,
}

/// The runs' latest observations in the period and the scope, each with its group's key.
fn latest(conn: &Connection, q: &Query, scope: &Scope<'_>) -> rusqlite::Result<Vec<Seen>> {
    // The period as a range of polls: the observations' key starts with the poll.
    let (from, until): (i64, i64) = conn.query_row(
        "SELECT coalesce(min(id), 1), coalesce(max(id), 0) FROM polls WHERE at >= ?1 AND at < ?2",
        params![q.from.timestamp(), q.until.timestamp()],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut out = Vec::new();
    if q.by == By::Station {
        // SQLite gives the bare columns the values of the row where max() is found: the
        // run's latest observation in the period.
        let mut s = conn.prepare(
            "SELECT b.station, o.delay, o.cancelled, max(o.poll) FROM board_observations o
             JOIN board_runs b ON b.id = o.run WHERE o.poll BETWEEN ?1 AND ?2 GROUP BY o.run",
        )?;
        let rows = s.query_map(params![from, until], |r| {
            Ok(Seen {
                key: clean_key(r.get(0)?),
                delay: r.get(1)?,
                cancelled: r.get(2)?,
            })
        })?;
        for row in rows {
            out.push(row?);
        }
        return Ok(out);
    }
    // The scope's filters hold when not given (`?3 IS NULL`): one statement for all.
    let mut s = conn.prepare(
        "SELECT r.country, r.operator, r.line, o.delay, o.status, o.at, max(o.poll) FROM observations o
         JOIN runs r ON r.id = o.run JOIN polls p ON p.id = o.poll
         WHERE o.poll BETWEEN ?1 AND ?2 AND (?3 IS NULL OR p.source = ?3)
           AND (?4 IS NULL OR r.country = ?4)
         GROUP BY o.run",
    )?;
    let rows = s.query_map(params![from, until, scope.source, scope.country], |r| {
        let country: String = r.get(0)?;
        let operator: Option<String> = r.get(1)?;
        let line: String = r.get(2)?;
        let status: String = r.get(4)?;
        let at: i64 = r.get(5)?;
        let key = match q.by {
            By::Country | By::Station => country,
            By::Operator => operator.unwrap_or_else(|| "(none)".into()),
            By::Line => line,
            By::Hour => hour_of(&country, at),
        };
        Ok(Seen {
            key: clean_key(key),
            delay: r.get(3)?,
            cancelled: is_cancelled(&status),
        })
    })?;
    for row in rows {
        out.push(row?);
    }
    Ok(out)
}

/// A group's name as read from the file, through the sanitiser: the file may have been written
/// by anyone, and the name goes to a terminal, a CSV file or a JSON answer.
fn clean_key(key: String) -> String {
    let mut key = key;
    railtop_core::text::clean(&mut key);
    key
}

/// The hour (`07`) of `at` on `country`'s clock (UTC for a country railtop does not know).
fn hour_of(country: &str, at: i64) -> String {
    let Some(t) = DateTime::from_timestamp(at, 0) else {
        return "??".into();
    };
    let hour = match railtop_core::country::by_slug(country) {
        Some(c) => t.with_timezone(&c.tz).hour(),
        None => t.hour(),
    };
    format!("{hour:02}")
}

/// The groups (hours in order; the rest by runs, most first) and the total.
fn report(query: &Query, seen: Vec<Seen>) -> Report {
    let mut groups: BTreeMap<String, Vec<&Seen>> = BTreeMap::new();
    for s in &seen {
        groups.entry(s.key.clone()).or_default().push(s);
    }
    let mut list: Vec<Group> = groups
        .into_iter()
        .map(|(key, runs)| figures(key, &runs, query.on_time))
        .collect();
    if query.by != By::Hour {
        list.sort_by(|a, b| b.runs.cmp(&a.runs).then_with(|| a.key.cmp(&b.key)));
    }
    let all: Vec<&Seen> = seen.iter().collect();
    Report {
        from: query.from,
        until: query.until,
        by: query.by,
        on_time_minutes: query.on_time,
        groups: list,
        total: figures("all".into(), &all, query.on_time),
    }
}

fn figures(key: String, runs: &[&Seen], on_time: i64) -> Group {
    let mut delays: Vec<i64> = runs
        .iter()
        .filter(|s| !s.cancelled)
        .filter_map(|s| s.delay)
        .collect();
    delays.sort_unstable();
    let n = delays.len();
    let mut histogram = [0u64; 8];
    for d in &delays {
        let at = BUCKETS.iter().position(|(_, max)| d <= max).unwrap_or(7);
        histogram[at] += 1;
    }
    let on = delays.iter().filter(|d| **d <= on_time).count() as u64;
    let sum: i128 = delays.iter().map(|d| i128::from(*d)).sum();
    Group {
        key,
        runs: runs.len() as u64,
        cancelled: runs.iter().filter(|s| s.cancelled).count() as u64,
        with_delay: n as u64,
        on_time: on,
        on_time_share: (n > 0).then(|| on as f64 / n as f64),
        mean_delay: (n > 0).then(|| sum as f64 / n as f64),
        median_delay: (n > 0).then(|| {
            if n % 2 == 1 {
                delays[n / 2] as f64
            } else {
                (delays[n / 2 - 1] as f64 + delays[n / 2] as f64) / 2.0
            }
        }),
        p90_delay: (n > 0).then(|| delays[(n * 9).div_ceil(10).saturating_sub(1)]),
        histogram,
    }
}

/// The share on time of each of the `hours` hours before `until` (oldest first; `None` for an
/// hour without a delay observed): the dashboard's sparkline.
pub fn hourly(
    path: &Path,
    until: DateTime<Utc>,
    hours: u32,
    on_time: i64,
    scope: &Scope<'_>,
) -> Result<Vec<Option<f64>>, StoreError> {
    let conn = open(path)?;
    let mut out = Vec::new();
    for h in (0..hours).rev() {
        let end = until - chrono::Duration::hours(i64::from(h));
        let query = Query {
            from: end - chrono::Duration::hours(1),
            until: end,
            by: By::Country,
            on_time,
        };
        let seen = latest(&conn, &query, scope).map_err(|e| StoreError::of(path, e))?;
        out.push(report(&query, seen).total.on_time_share);
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
