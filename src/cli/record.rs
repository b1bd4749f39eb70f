//! `railtop record` and `serve --record`: the loop that polls the source on an interval, finds
//! the events with the one differ, and hands each answer to the store (`railtop-record`). A poll
//! that fails is said once when the outage starts and once when it ends, never per poll; a
//! store that fails (a full disk, a read-only file) stops the recording with the store's
//! sentence.

use super::{RecordArgs, RecordLimits};
use color_eyre::eyre::{eyre, Result, WrapErr};
use color_eyre::Section;
use railtop_core::events::Differ;
use railtop_core::model::{DeparturesResponse, RealtimeResponse};
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::{DeparturesQuery, RealtimeQuery};
use railtop_record::{Answer, BoardAnswer, Limits, Store};
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the retention and the size cap are enforced.
const ENFORCE_EVERY: Duration = Duration::from_secs(60);
/// How long a train that left the answers is remembered by the differ.
const FORGET_AFTER: Duration = Duration::from_secs(3600);
/// Rows of a recorded station board.
const BOARD_ROWS: usize = 40;

/// What a recording is asked to do.
pub(super) struct Recording {
    pub db: PathBuf,
    pub countries: Vec<String>,
    pub stations: Vec<String>,
    pub every: Duration,
    pub threshold: i64,
    pub polls: Option<u64>,
    pub quiet: bool,
    pub limits: Limits,
}

impl Recording {
    pub(super) fn of(args: RecordArgs, interval: u64) -> Result<Recording> {
        Ok(Recording {
            db: db_path(args.db)?,
            countries: args.countries,
            stations: args.stations,
            every: args.every.unwrap_or(Duration::from_secs(interval)),
            threshold: args.threshold,
            polls: args.polls,
            quiet: args.quiet,
            limits: limits(&args.limits),
        })
    }
}

pub(super) fn limits(l: &RecordLimits) -> Limits {
    Limits {
        keep: Some(l.keep),
        max_bytes: Some(l.max_size),
    }
}

/// `--db`, else the state folder's `history.db`.
pub(super) fn db_path(given: Option<PathBuf>) -> Result<PathBuf> {
    match given.filter(|p| !p.as_os_str().is_empty()) {
        Some(p) => Ok(p),
        None => railtop_core::config::default_history_path()
            .ok_or_else(|| eyre!("no state folder: neither XDG_STATE_HOME nor HOME is set"))
            .suggestion("give the database's path with --db"),
    }
}

/// Opens the store (in a blocking task: it is file work).
async fn open(path: PathBuf) -> Result<Store> {
    let shown = path.display().to_string();
    let store = tokio::task::spawn_blocking(move || Store::open(&path))
        .await
        .wrap_err("the recorder stopped")?;
    store
        .wrap_err_with(|| format!("cannot record into {shown}"))
        .suggestion("give another file with --db")
}

/// One poll's answers: the trains of every country asked, and the boards.
struct Polled {
    trains: RealtimeResponse,
    boards: Vec<Arc<DeparturesResponse>>,
    failures: Vec<String>,
}

async fn poll(source: &CachedSource, rec: &Recording) -> Polled {
    let mut trains = RealtimeResponse::default();
    let mut failures = Vec::new();
    let queries: Vec<RealtimeQuery> = if rec.countries.is_empty() {
        vec![RealtimeQuery::default()]
    } else {
        rec.countries
            .iter()
            .map(|c| RealtimeQuery {
                country: Some(c.clone()),
                stop: None,
            })
            .collect()
    };
    for query in queries {
        match source.realtime(query).await {
            Ok(answer) => {
                trains.trains.extend(answer.value.trains.iter().cloned());
                trains.fetched_at.clone_from(&answer.value.fetched_at);
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    let mut boards = Vec::new();
    for station in &rec.stations {
        let query = DeparturesQuery {
            station: station.clone(),
            limit: BOARD_ROWS,
            ..Default::default()
        };
        match source.departures(query).await {
            Ok(answer) => {
                let mut board = answer.value.clone();
                board.sanitize();
                boards.push(Arc::new(board));
            }
            Err(e) => failures.push(format!("{station}: {e}")),
        }
    }
    // What goes into the file is what a screen would show: every string cleaned and bounded,
    // delays that cannot be true made "no data".
    trains.sanitize();
    Polled {
        trains,
        boards,
        failures,
    }
}

/// Records until `stop` (or `--polls` polls), then returns; an error of the store ends it.
pub(super) async fn run(
    rec: Recording,
    source: Arc<CachedSource>,
    stop: impl Future<Output = ()>,
) -> Result<()> {
    let mut store = open(rec.db.clone()).await?;
    let stopper = store.stopper();
    let name = source.info().name;
    let mut differ = Differ::new(rec.threshold, FORGET_AFTER);
    let mut tick = tokio::time::interval(rec.every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut outage = false;
    let mut enforced: Option<Instant> = None;
    let mut done = 0u64;
    tokio::pin!(stop);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = &mut stop => break,
        }
        let at = source.clock().now();
        let polled = poll(&source, &rec).await;
        let asked = rec.countries.len().max(1) + rec.stations.len();
        if polled.failures.len() == asked {
            if !outage {
                eprintln!(
                    "the source does not answer ({}); still recording, it is asked again every {}",
                    railtop_core::text::cleaned(&polled.failures.join("; ")),
                    railtop_core::duration::format(rec.every)
                );
                outage = true;
            }
            continue;
        }
        if outage {
            eprintln!("the source answers again");
            outage = false;
        }
        let events = differ.feed(&polled.trains, at);
        let db = rec.db.display().to_string();
        let source_name = name.clone();
        let mut job = tokio::task::spawn_blocking(move || {
            let boards: Vec<BoardAnswer<'_>> = polled
                .boards
                .iter()
                .map(|b| BoardAnswer {
                    station: &b.station.name,
                    country: b.station.country.as_deref(),
                    kind: b.kind,
                    rows: &b.departures,
                })
                .collect();
            let written = store.record(&Answer {
                at,
                source: &source_name,
                trains: &polled.trains.trains,
                events: &events,
                boards: &boards,
            });
            (store, written)
        });
        // A stop while writing stops the write (rolled back whole), not after it.
        let (finished, stopping) = tokio::select! {
            finished = &mut job => (Some(finished), false),
            () = &mut stop => { stopper.stop(); (None, true) }
        };
        let (back, written) = match finished {
            Some(finished) => finished,
            None => job.await,
        }
        .wrap_err("the recorder stopped")?;
        store = back;
        if stopping {
            if let Err(e) = written {
                tracing::info!(error = %e, "the poll being written when stopped was left out");
            }
            break;
        }
        let recorded = written.map_err(|e| {
            let suggestion = match e {
                railtop_record::StoreError::Full { .. } => Some(
                    "free some space or give --max-size; or record into another file with --db",
                ),
                railtop_record::StoreError::ReadOnly { .. } => {
                    Some("record into another file with --db")
                }
                _ => None,
            };
            let report =
                color_eyre::eyre::Report::new(e).wrap_err(format!("recording into {db} stopped"));
            match suggestion {
                Some(s) => report.suggestion(s),
                None => report,
            }
        })?;
        if !rec.quiet {
            let boards = if rec.stations.is_empty() {
                String::new()
            } else {
                format!(", {} board changes", recorded.board_observations)
            };
            super::say(&format!(
                "{} poll {}: {} trains, {} changes, {} events{boards}",
                at.format("%Y-%m-%dT%H:%M:%SZ"),
                recorded.poll,
                recorded.trains,
                recorded.observations,
                recorded.events,
            ));
        }
        done += 1;
        if enforced.is_none_or(|t| t.elapsed() >= ENFORCE_EVERY) {
            let limits = rec.limits;
            let (back, trimmed) = tokio::task::spawn_blocking(move || {
                let t = store.enforce(&limits, at);
                (store, t)
            })
            .await
            .wrap_err("the recorder stopped")?;
            store = back;
            let trimmed = trimmed.wrap_err_with(|| format!("trimming {db} failed"))?;
            if trimmed.over_cap {
                tracing::warn!(
                    bytes = trimmed.bytes_after,
                    "the last ten minutes alone are larger than --max-size"
                );
            } else if trimmed.rows > 0 {
                tracing::info!(rows = trimmed.rows, bytes = trimmed.bytes_after, "trimmed");
            }
            enforced = Some(Instant::now());
        }
        if rec.polls.is_some_and(|n| done >= n) {
            break;
        }
    }
    Ok(())
}
