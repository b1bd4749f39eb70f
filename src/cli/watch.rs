//! `railtop watch`: follows trains (`--train`, by id or code) or a station's board and says each
//! change as it happens, found by the one differ (`railtop_core::events`) that `record` uses. A
//! board's rows are read as trains for it: a row's run is its train id (else its station, code
//! and time), and a row that leaves the board after its time has departed (arrived, on an
//! arrivals board). `--exec` runs a program per change, bounded (`watch/exec.rs`). It stops at
//! Ctrl-C, SIGTERM or SIGHUP at once, and when the reader of its output has gone.

use super::{Opened, WatchArgs, WatchFormat};
use chrono::{DateTime, Utc};
use color_eyre::eyre::{eyre, Result};
use color_eyre::Section;
use railtop_core::events::{Differ, Event, Kind as EventKind};
use railtop_core::model::{status, DeparturesResponse, Kind, RealtimeResponse, Train};
use railtop_core::text::cleaned;
use railtop_core::traveller::{leaves_in, station_tz};
use railtop_feeds::source::travellers_board::{self, TravelQuery};
use railtop_feeds::source::RealtimeQuery;
use std::collections::HashMap;
use std::time::Duration;

/// How long a train that left the answers is remembered.
const FORGET_AFTER: Duration = Duration::from_secs(3 * 3600);
/// Rows of a watched board.
const BOARD_ROWS: usize = 40;

/// What is watched.
enum Target {
    Board(Box<TravelQuery>),
    Trains(Vec<String>),
}

pub(super) async fn watch(args: WatchArgs, opened: Opened) -> Result<()> {
    let Opened { config, source, .. } = opened;
    let target = match (&args.station, args.trains.is_empty()) {
        (Some(_), false) => {
            return Err(eyre!("a station and --train were both given"))
                .suggestion("watch a station's board, or trains by --train, not both")
        }
        (None, true) => {
            return Err(eyre!("nothing to watch"))
                .suggestion("name a station (`railtop watch Helsinki --to Tampere`) or a train (`--train \"IC 27\"`)")
        }
        (Some(station), true) => {
            let kind = if args.arrivals {
                Kind::Arrivals
            } else {
                Kind::Departures
            };
            Target::Board(Box::new(TravelQuery {
                stations: vec![station.clone()],
                kind,
                route: args.route.route(kind, std::slice::from_ref(station))?,
                walks: args.walk_time.clone().unwrap_or_default(),
                limit: BOARD_ROWS,
            }))
        }
        (None, false) => Target::Trains(args.trains.clone()),
    };
    if let Target::Board(query) = &target {
        super::check_stations(&source, &query.stations).await?;
    }
    let exec = match &args.exec {
        Some(cmd) => Some(exec::Exec::start(program(cmd)?)),
        None => None,
    };
    // Ctrl-C, SIGTERM and SIGHUP stop `watch` at once, wherever it is: in a fetch, or in a
    // write to a reader that has stopped reading (the loop would see them only between polls).
    let kill = exec.as_ref().map(exec::Exec::killer);
    let (interrupt, stop) = (tokio::signal::ctrl_c(), crate::screen::stop_signal());
    tokio::spawn(async move {
        tokio::select! {
            _ = interrupt => {}
            () = stop => {}
        }
        if let Some(kill) = kill {
            kill();
        }
        std::process::exit(0);
    });
    let every = args.every.unwrap_or(Duration::from_secs(config.interval));
    let mut differ = Differ::new(args.threshold, FORGET_AFTER);
    let mut rows = BoardRows::default();
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut outage = false;
    let mut said_missing = false;
    eprintln!("{} (Ctrl-C stops)", describe(&target));
    let stopped = loop {
        tick.tick().await;
        let now = source.clock().now();
        let answer = match &target {
            Target::Board(query) => travellers_board::board(&source, query)
                .await
                .map(|board| rows.as_trains(&board, now)),
            Target::Trains(wanted) => source
                .realtime(RealtimeQuery::default())
                .await
                .map(|a| followed(&a.value, wanted)),
        };
        let answer = match answer {
            Ok(answer) => answer,
            Err(e) => {
                if !outage {
                    eprintln!(
                        "the source does not answer ({}); still watching",
                        cleaned(&e.to_string())
                    );
                    outage = true;
                }
                continue;
            }
        };
        if outage {
            eprintln!("the source answers again");
            outage = false;
        }
        if let Target::Trains(wanted) = &target {
            if answer.trains.is_empty() && !said_missing {
                eprintln!(
                    "no live train matches {} yet; still watching",
                    wanted.join(", ")
                );
                said_missing = true;
            }
        }
        let mut gone = false;
        for event in differ.feed(&answer, now) {
            let message = sentence(&event);
            let line = match args.format {
                WatchFormat::Line => format!(
                    "{}  {message}",
                    event.at.with_timezone(&chrono::Local).format("%H:%M:%S")
                ),
                WatchFormat::Json => json(&event, &message),
            };
            if !said(&line) {
                gone = true;
                break;
            }
            if let Some(exec) = &exec {
                exec.submit(exec::Job {
                    event: event.kind.name().to_string(),
                    train: cleaned(&event.train_code),
                    message,
                });
            }
        }
        if gone {
            // `watch … | head -3`: the reader has what it wanted.
            break Ok(());
        }
    };
    if let Some(exec) = exec {
        exec.stop();
    }
    stopped
}

/// Writes `line` to standard output; whether anyone still reads it (a closed pipe: no).
fn said(line: &str) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    !matches!(
        writeln!(out, "{line}").and_then(|()| out.flush()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe
    )
}

/// The line that opens a watch, on stderr.
fn describe(target: &Target) -> String {
    match target {
        Target::Board(q) => format!("watching {}", q.key()),
        Target::Trains(t) => format!("watching {}", t.join(", ")),
    }
}

/// The trains of `answer` that are among `wanted` (by id, or code in any case).
fn followed(answer: &RealtimeResponse, wanted: &[String]) -> RealtimeResponse {
    let fits = |t: &Train| {
        wanted
            .iter()
            .any(|w| t.id == *w || t.train_code.eq_ignore_ascii_case(w.trim()))
    };
    RealtimeResponse {
        trains: answer.trains.iter().filter(|t| fits(t)).cloned().collect(),
        ..RealtimeResponse::default()
    }
}

/// A board's rows as the differ reads trains, with the rows that just left it.
#[derive(Default)]
struct BoardRows {
    /// The rows of the last board, by run, with their time (expected, else scheduled).
    last: HashMap<String, (Train, String)>,
}

impl BoardRows {
    fn as_trains(&mut self, board: &DeparturesResponse, now: DateTime<Utc>) -> RealtimeResponse {
        let local = now.with_timezone(&station_tz(&board.station)).time();
        let (gone_status, past) = match board.kind {
            Kind::Departures => (status::RUNNING, status::RUNNING),
            Kind::Arrivals => (status::ARRIVED, status::ARRIVED),
        };
        let rows: Vec<(Train, String)> = board
            .departures
            .iter()
            .map(|d| {
                let code = d
                    .train_code
                    .clone()
                    .filter(|c| !c.trim().is_empty())
                    .unwrap_or_else(|| d.line.clone());
                let id = d.train_id.clone().unwrap_or_else(|| {
                    format!("{}|{code}|{}", board.station.name, d.scheduled_dep)
                });
                let status = if d.cancelled {
                    status::CANCELLED
                } else if leaves_in(d, local).is_some_and(|m| m < 0) {
                    past
                } else {
                    status::SCHEDULED
                };
                let train = Train {
                    id,
                    name: format!("{code} → {}", d.destination),
                    train_code: code,
                    status: status.into(),
                    delay: d.delay,
                    platform: d.platform.clone(),
                    country: board.station.country.clone(),
                    to: Some(d.destination.clone()),
                    ..Train::default()
                };
                let time = d
                    .expected_dep
                    .clone()
                    .unwrap_or_else(|| d.scheduled_dep.clone());
                (train, time)
            })
            .collect();
        let now_ids: std::collections::HashSet<String> =
            rows.iter().map(|(t, _)| t.id.clone()).collect();
        let mut trains: Vec<Train> = rows.iter().map(|(t, _)| t.clone()).collect();
        // A row gone from the board once its time came, not cancelled: it left (or came in).
        // One gone before its time was cut by the board's filters (a walk), not by the train.
        for (id, (mut train, time)) in self.last.drain() {
            let due = railtop_core::traveller::minutes_until(&time, local).is_some_and(|m| m <= 0);
            if !now_ids.contains(&id) && train.status != status::CANCELLED && due {
                train.status = gone_status.into();
                trains.push(train);
            }
        }
        self.last = rows
            .into_iter()
            .map(|(t, time)| (t.id.clone(), (t, time)))
            .collect();
        RealtimeResponse {
            trains,
            ..RealtimeResponse::default()
        }
    }
}

/// One sanitised sentence for a person: `IC 27 → Oulu: delay +5 min → +12 min`.
fn sentence(e: &Event) -> String {
    let who = cleaned(if e.name.trim().is_empty() {
        &e.train_code
    } else {
        &e.name
    });
    let old = e.old.as_deref().map(cleaned).unwrap_or_default();
    let new = e.new.as_deref().map(cleaned).unwrap_or_default();
    let minutes = |v: &str| match v.parse::<i64>() {
        Ok(0) => "on time".to_string(),
        Ok(m) if m > 0 => format!("+{m} min"),
        Ok(m) => format!("{m} min"),
        Err(_) => v.to_string(),
    };
    match e.kind {
        EventKind::Delay => format!("{who}: delay {} → {}", minutes(&old), minutes(&new)),
        EventKind::Platform => format!("{who}: platform {old} → {new}"),
        EventKind::Cancelled => format!("{who}: cancelled"),
        EventKind::Reinstated => format!("{who}: runs again ({new})"),
        EventKind::Departed => format!("{who}: departed"),
        EventKind::Arrived => format!("{who}: arrived"),
    }
}

fn json(e: &Event, message: &str) -> String {
    let value = serde_json::json!({
        "kind": e.kind.name(),
        "trainId": cleaned(&e.train_id),
        "trainCode": cleaned(&e.train_code),
        "country": e.country,
        "old": e.old.as_deref().map(cleaned),
        "new": e.new.as_deref().map(cleaned),
        "at": e.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "message": message,
    });
    value.to_string()
}

/// `--exec`'s program, checked once at start: its words, and that the first can run (a
/// program that cannot would fail only at the first change, perhaps hours later).
fn program(cmd: &str) -> Result<Vec<String>> {
    let words = words(cmd)?;
    let name = railtop_core::text::quoted(&words[0]);
    let (why, hint) = match runnable(&words[0]) {
        Runnable::Yes => return Ok(words),
        Runnable::NotExecutable => (
            format!("--exec {name}: the file exists but is not executable"),
            format!(
                "make it executable: chmod +x {}",
                shell_words::quote(&railtop_core::text::cleaned(&words[0]))
            ),
        ),
        Runnable::NotAFile => (
            format!("--exec {name}: that is a folder, not a program"),
            "give a path to an executable file, or a program on the PATH".to_string(),
        ),
        Runnable::Missing => (
            format!("--exec {name}: no such program can be run here"),
            "give a path to an executable file (chmod +x it), or a program on the PATH".to_string(),
        ),
    };
    Err(eyre!(super::Usage(why))).suggestion(hint)
}

/// `--exec`'s words, split as a shell would (quotes kept together); at least one.
fn words(cmd: &str) -> Result<Vec<String>> {
    let words = shell_words::split(cmd)
        .map_err(|e| eyre!("--exec {cmd:?} cannot be split into words: {e}"))
        .suggestion("close the quotes, e.g. --exec 'notify-send \"railtop\"'")?;
    if words.is_empty() {
        return Err(eyre!("--exec was given no program"))
            .suggestion("name a program, e.g. --exec ./on-change.sh");
    }
    Ok(words)
}

/// Whether `--exec`'s program can run, and if not, why.
#[derive(Debug, PartialEq)]
enum Runnable {
    Yes,
    /// A file, without a permission to execute it.
    NotExecutable,
    /// There, but no file (a folder).
    NotAFile,
    /// No such path, nor a program of that name on the `PATH`.
    Missing,
}

/// Whether `name` is an executable file: a path as given, else a file on the `PATH` (where, as
/// for a shell, a file that is not executable is no program).
fn runnable(name: &str) -> Runnable {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &std::path::Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.contains('/') {
        let path = std::path::Path::new(name);
        return match std::fs::metadata(path) {
            Ok(_) if executable(path) => Runnable::Yes,
            Ok(m) if m.is_file() => Runnable::NotExecutable,
            Ok(_) => Runnable::NotAFile,
            Err(_) => Runnable::Missing,
        };
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| executable(&dir.join(name))));
    if on_path {
        Runnable::Yes
    } else {
        Runnable::Missing
    }
}

mod exec;
#[cfg(test)]
mod tests;
