//! The options of the commands that work over time (`record`, `stats`, `watch`, and the limits
//! `serve --record` shares), and the value parsers only they use.

use super::{any_text, parse_place, parse_walks, Offering, RouteArgs, SourceArgs};
use crate::cli::output::Format;
use railtop_core::duration::{seconds_within, Bare};
use railtop_core::traveller::Walks;
use std::path::PathBuf;
use std::time::Duration;

/// How much a recording keeps (`record`, `serve --record`).
#[derive(Debug, Clone, clap::Args)]
pub struct RecordLimits {
    /// Forget what is older than this, e.g. 30d or 12h (enforced while recording).
    #[arg(long, default_value = "30d", value_parser = parse_keep)]
    pub keep: Duration,
    /// The most the file may hold, e.g. 500M or 2G; the oldest is removed first.
    #[arg(long, default_value = "1G", value_parser = parse_size)]
    pub max_size: u64,
}

/// The options of `railtop record`.
#[derive(Debug, clap::Args)]
pub struct RecordArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// The database file [default: $XDG_STATE_HOME/railtop/history.db].
    #[arg(long, env = "RAILTOP_DB", value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Only this country (repeatable) [default: every live country].
    #[arg(long = "country", value_name = "COUNTRY", hide_possible_values = true, value_parser = Offering { parse: any_text, values: railtop_core::country::slugs })]
    pub countries: Vec<String>,
    /// Also record this station's board (repeatable): a code, a name or COUNTRY:CODE.
    #[arg(long = "station", value_name = "STATION", value_parser = parse_place)]
    pub stations: Vec<String>,
    /// Time between polls, 100ms to 1h, e.g. 30s [default: the refresh interval, 15s].
    #[arg(long, value_parser = parse_every)]
    pub every: Option<Duration>,
    /// Minutes a delay must move by to be an event (1–60).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i64).range(1..=60))]
    pub threshold: i64,
    /// Stop after this many polls (scripts, benchmarks) [default: until stopped].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub polls: Option<u64>,
    /// No line per poll on standard output (errors are still said).
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub limits: RecordLimits,
}

/// The options of `railtop stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// The database file [default: $XDG_STATE_HOME/railtop/history.db].
    #[arg(long, env = "RAILTOP_DB", value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// The period ending now (or at --until), e.g. 24h or 7d [default: 24h].
    #[arg(long, value_parser = parse_keep, conflicts_with = "from")]
    pub since: Option<Duration>,
    /// The period's start, RFC 3339 (2026-11-24T06:00:00Z) or a date (2026-11-24, UTC).
    #[arg(long, value_parser = parse_instant)]
    pub from: Option<chrono::DateTime<chrono::Utc>>,
    /// The period's end, as --from [default: now].
    #[arg(long, value_parser = parse_instant)]
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    /// country, operator, line, station (the recorded boards) or hour.
    #[arg(long, default_value = "country", value_parser = parse_by)]
    pub by: railtop_record::stats::By,
    /// table (with a bar and a delay histogram per group), json or csv.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// The options of `railtop watch`.
#[derive(Debug, clap::Args)]
pub struct WatchArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// A station whose board to follow: a code, a name or COUNTRY:CODE (with
    /// --to/--from/--via, --arrivals).
    pub station: Option<String>,
    /// A train to follow, by id or code (repeatable), e.g. --train "IC 27".
    #[arg(long = "train", value_name = "TRAIN", value_parser = parse_place)]
    pub trains: Vec<String>,
    #[command(flatten)]
    pub route: RouteArgs,
    /// Follow the station's arrivals instead of its departures.
    #[arg(long)]
    pub arrivals: bool,
    /// Leave out trains leaving sooner than the walk to the station, e.g. 5m.
    #[arg(long, value_parser = parse_walks)]
    pub walk_time: Option<Walks>,
    /// line (one sentence per change, for people and status bars) or json (one object a
    /// line: kind, trainId, trainCode, old, new, at).
    #[arg(long, value_enum, default_value = "line")]
    pub format: WatchFormat,
    /// Run this program per change, with RAILTOP_EVENT, RAILTOP_TRAIN and RAILTOP_MESSAGE in
    /// its environment (split into words as a shell would; never run through a shell).
    #[arg(long, value_name = "CMD")]
    pub exec: Option<String>,
    /// Time between polls, 100ms to 1h, e.g. 30s [default: the refresh interval, 15s].
    #[arg(long, value_parser = parse_every)]
    pub every: Option<Duration>,
    /// Minutes a delay must move by to be a change (1–60).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(i64).range(1..=60))]
    pub threshold: i64,
}

/// How `watch` prints a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum WatchFormat {
    Line,
    Json,
}

/// `--every`: 100 ms to an hour.
fn parse_every(s: &str) -> std::result::Result<Duration, String> {
    let d = railtop_core::duration::parse(s, Bare::Refused).map_err(|e| e.to_string())?;
    if d < Duration::from_millis(100) || d > Duration::from_secs(3600) {
        return Err(format!("{:?} is out of range: from 100ms to 1h", s.trim()));
    }
    Ok(d)
}

/// `--keep`, `--since`: a minute to ten years.
fn parse_keep(s: &str) -> std::result::Result<Duration, String> {
    seconds_within(s, Bare::Refused, 60, 3650 * 86_400).map(Duration::from_secs)
}

/// `--max-size`: `500M`, `2G`, `64k` (powers of 1024), a plain number of bytes; 1 MiB at
/// least (a smaller file could not hold one poll of a country).
pub(crate) fn parse_size(s: &str) -> std::result::Result<u64, String> {
    let t = s.trim();
    let bad = || format!("{s:?} is not a size such as 500M or 2G");
    let (number, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = number.parse().map_err(|_| bad())?;
    let times: u64 = match unit
        .trim()
        .to_ascii_lowercase()
        .trim_end_matches("ib")
        .trim_end_matches('b')
    {
        "" => 1,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return Err(bad()),
    };
    let bytes = n.checked_mul(times).ok_or_else(bad)?;
    if bytes < 1 << 20 {
        return Err(format!("{s:?} is too small: give at least 1M"));
    }
    Ok(bytes)
}

/// `--from`, `--until`: RFC 3339, or a date (its midnight in UTC).
fn parse_instant(s: &str) -> std::result::Result<chrono::DateTime<chrono::Utc>, String> {
    let t = s.trim();
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(t) {
        return Ok(at.with_timezone(&chrono::Utc));
    }
    chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| d.and_utc())
        .ok_or_else(|| {
            format!("{s:?} is not a time such as 2026-11-24T06:00:00Z or a date such as 2026-11-24")
        })
}

/// `--by`.
fn parse_by(s: &str) -> std::result::Result<railtop_record::stats::By, String> {
    railtop_record::stats::By::parse(s)
        .ok_or_else(|| format!("{s:?}: group by country, operator, line, station or hour"))
}
