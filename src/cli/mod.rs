//! Command-line interface: arguments, choosing the source, and the commands that are built.

pub mod output;

use crate::config::{self, Config, FileConfig, Overrides, Theme};
use crate::redis_store::RedisStore;
use crate::server::{self, ServerConfig, ServerError};
use crate::source::cache::{CacheConfig, CachedSource};
use crate::source::demo::DemoSource;
use crate::source::remote::{RemoteConfig, RemoteSource};
use crate::source::{
    DeparturesQuery, OpenError, RealtimeQuery, SharedSource, SourceError, MAX_LIMIT,
};
use crate::tui::app::Settings;
use crate::tui::run::DashboardOptions;
use clap::{Parser, Subcommand};
use color_eyre::eyre::{eyre, Result, WrapErr};
use color_eyre::Section;
use output::Format;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "railtop",
    version,
    about = "Live trains and station departure boards in the terminal",
    after_help = "Sources: `demo` (offline simulator), `upstream` (the public national feeds), or the URL of any server that speaks the Live Train Data API.\nEnvironment: RAILTOP_SOURCE, RAILTOP_SEED, RAILTOP_NOW (RFC 3339: fixes the clock of every source)."
)]
pub struct Cli {
    #[command(flatten)]
    pub from: SourceArgs,

    /// Write logs to this file (the server logs to stderr without it).
    #[arg(long, global = true, env = "RAILTOP_LOG_FILE")]
    pub log_file: Option<PathBuf>,

    /// Logs as text for people, or as JSON for log collectors (one object a line).
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "text",
        env = "RAILTOP_LOG_FORMAT"
    )]
    pub log_format: LogFormat,

    /// The configuration file [default: $XDG_CONFIG_HOME/railtop/config.toml].
    #[arg(long, global = true, env = "RAILTOP_CONFIG")]
    pub config: Option<PathBuf>,

    /// Dashboard: the country to start with (a slug such as finland).
    #[arg(long, env = "RAILTOP_COUNTRY")]
    pub country: Option<String>,

    /// Dashboard: the station whose board to show (code or slug).
    #[arg(long, env = "RAILTOP_STATION")]
    pub station: Option<String>,

    /// Dashboard: time between realtime refreshes, 1s to 1h, e.g. 15s or 1m (a bare number is
    /// seconds) [default: 15s].
    #[arg(long, env = "RAILTOP_INTERVAL", value_parser = parse_interval)]
    pub interval: Option<u64>,

    /// Dashboard: minutes late that still count as on time in the header's punctuality
    /// (0–30) [default: 5].
    #[arg(long, env = "RAILTOP_ON_TIME", value_parser = clap::value_parser!(u64).range(0..=30))]
    pub on_time: Option<u64>,

    /// Dashboard: time between board refreshes, 1s to 1h (a bare number is seconds)
    /// [default: 30s].
    #[arg(long, env = "RAILTOP_BOARD_INTERVAL", value_parser = parse_interval)]
    pub board_interval: Option<u64>,

    /// Dashboard: no colours (also when NO_COLOR is set): every state is still shown in text.
    #[arg(long)]
    pub no_color: bool,

    /// Dashboard: colours for a dark terminal (color), a light one (light), or none (mono)
    /// [default: color].
    #[arg(long, value_enum, env = "RAILTOP_THEME")]
    pub theme: Option<Theme>,

    /// Print the effective configuration (command line over RAILTOP_* over the file) and exit.
    #[arg(long)]
    pub print_config: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The source options in force: the subcommand's where it gives them, else the ones before
    /// it (`railtop --source demo trains` and `railtop trains --source demo` are the same).
    pub fn source_args(&self) -> SourceArgs {
        let after = match &self.command {
            Some(
                Command::Serve { from, .. }
                | Command::Board { from, .. }
                | Command::Ssh { from, .. }
                | Command::Trains { from, .. }
                | Command::Departures { from, .. }
                | Command::Train { from, .. },
            ) => Some(from),
            _ => None,
        };
        let before = &self.from;
        SourceArgs {
            source: after
                .and_then(|a| a.source.clone())
                .or_else(|| before.source.clone()),
            seed: after.and_then(|a| a.seed).or(before.seed),
            demo_scale: after.and_then(|a| a.demo_scale).or(before.demo_scale),
        }
    }

    /// What the command line says, for the configuration layer to resolve.
    fn overrides(&self) -> Overrides {
        // `board` and `ssh` take the board's options after their name.
        let kiosk = match &self.command {
            Some(Command::Board { kiosk, .. } | Command::Ssh { kiosk, .. }) => Some(kiosk),
            _ => None,
        };
        Overrides {
            source: self.source_args().source,
            country: self.country.clone(),
            station: self.station.clone(),
            interval: self.interval,
            board_interval: kiosk.and_then(|k| k.board_interval).or(self.board_interval),
            on_time: self.on_time,
            no_color: self.no_color || kiosk.is_some_and(|k| k.no_color),
            theme: kiosk.and_then(|k| k.theme).or(self.theme),
            redis: match &self.command {
                Some(Command::Serve { redis, .. }) => redis.clone(),
                _ => None,
            },
        }
    }
}

fn config_path(cli: &Cli) -> Option<PathBuf> {
    cli.config.clone().or_else(config::default_path)
}

/// Where data comes from, for the dashboard and each command that reads a source (`stations`
/// reads none, so it does not offer these).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SourceArgs {
    /// Where data comes from: demo, upstream, or http(s)://host:port of an API server.
    #[arg(long, env = "RAILTOP_SOURCE")]
    pub source: Option<String>,

    /// Seed of the demo simulator: the same seed and clock give the same trains [default: 1].
    #[arg(long, env = "RAILTOP_SEED")]
    pub seed: Option<u64>,

    /// Multiplies the demo's trains (e.g. 60 for about 20,000), for benchmarks [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub demo_scale: Option<u32>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the Live Train Data API over HTTP.
    Serve {
        #[command(flatten)]
        from: SourceArgs,
        /// Address to listen on: a port (on 127.0.0.1), HOST:PORT with a name or an address,
        /// or [::]:PORT.
        #[arg(long, default_value = "127.0.0.1:8080", value_parser = parse_listen)]
        listen: SocketAddr,
        /// Requests per minute per client IP; 0 switches the limit off.
        #[arg(long, default_value_t = 60)]
        rate_limit: u32,
        /// Take the client IP from X-Forwarded-For (only behind a proxy that sets it).
        #[arg(long)]
        trust_forwarded_for: bool,
        /// Connections open at once [default: the open-file limit less 64, at most 16384].
        #[arg(long)]
        max_connections: Option<usize>,
        /// Connections open at once from one IP (at most half of --max-connections).
        #[arg(long, default_value_t = 256)]
        max_per_ip: usize,
        /// Cached answers held at most, in MiB of JSON, for realtime and for boards each.
        #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=65536))]
        cache_mb: u64,
        /// `/healthz` answers 503 once every feed asked has failed for this long, e.g. 10m.
        #[arg(long, default_value = "10m", value_parser = parse_timeout)]
        unhealthy_after: u64,
        /// Serve `/metrics` on this address instead of the API's (a port, HOST:PORT or
        /// [::]:PORT), to keep them off the public port.
        #[arg(long, value_parser = parse_listen)]
        metrics_listen: Option<SocketAddr>,
        /// Share feed answers and rate limits with the other `serve` instances on this Redis,
        /// redis://[:PASSWORD@]HOST[:PORT][/DB] (also `[server] redis` in the config file).
        #[arg(long, env = "RAILTOP_REDIS", value_name = "URL")]
        redis: Option<String>,
    },
    /// A full-screen departure board that runs unattended (kiosk).
    Board {
        #[command(flatten)]
        from: SourceArgs,
        /// One or more stations (codes or slugs); several rotate.
        #[arg(required = true)]
        stations: Vec<String>,
        #[command(flatten)]
        kiosk: KioskArgs,
    },
    /// Serve the kiosk board over SSH: `ssh -p 2222 host` shows it, and nothing else.
    Ssh {
        #[command(flatten)]
        from: SourceArgs,
        /// Address to listen on: a port (on 127.0.0.1), HOST:PORT with a name or an address,
        /// or [::]:PORT.
        #[arg(long, default_value = "127.0.0.1:2222", value_parser = parse_listen)]
        listen: SocketAddr,
        /// The stations to show (codes or slugs); repeat for several, ←/→ switch.
        #[arg(long = "station", required = true)]
        stations: Vec<String>,
        /// The server's private key; made (mode 0600) on first start [default: $XDG_STATE_HOME/railtop/ssh_host_ed25519_key].
        #[arg(long)]
        host_key: Option<PathBuf>,
        /// Admit only these public keys (an OpenSSH authorized_keys file); anyone may watch without it.
        #[arg(long)]
        authorized_keys: Option<PathBuf>,
        /// Sessions at once, in all.
        #[arg(long, default_value_t = 64)]
        max_sessions: usize,
        /// Sessions at once from one IP address.
        #[arg(long, default_value_t = 4)]
        max_per_ip: usize,
        /// New connections per minute from one IP address; 0 switches the check off.
        #[arg(long, default_value_t = 20)]
        connections_per_minute: u32,
        /// End a session after this long without a key pressed, e.g. 30m.
        #[arg(long, default_value = "1h", value_parser = parse_timeout)]
        idle_timeout: u64,
        /// End any session after this long.
        #[arg(long, default_value = "12h", value_parser = parse_timeout)]
        max_session: u64,
        /// Cut off a client that reads nothing for this long.
        #[arg(long, default_value = "15s", value_parser = parse_timeout)]
        write_timeout: u64,
        /// Connections still in their handshake, as OpenSSH's MaxStartups start:rate:full: past
        /// `start`, new ones are turned away with a chance from rate % up to 100 % at `full`.
        #[arg(long, default_value = "10:30:60", value_parser = parse_startups)]
        max_startups: (usize, u32, usize),
        /// Serve Prometheus metrics (`/metrics` over HTTP) on this address: a port, HOST:PORT
        /// or [::]:PORT.
        #[arg(long, value_parser = parse_listen)]
        metrics_listen: Option<SocketAddr>,
        #[command(flatten)]
        kiosk: KioskArgs,
    },
    /// List live trains once and exit.
    Trains {
        #[command(flatten)]
        from: SourceArgs,
        /// A country slug, e.g. finland or united-states (all countries without it).
        #[arg(long)]
        country: Option<String>,
        /// A hub station whose trains to list (code or slug, e.g. berlin-hbf).
        #[arg(long)]
        stop: Option<String>,
        /// table (aligned, for people), json (the API's answer as it is) or csv (RFC 4180,
        /// with a header row).
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Find stations by name or code, in every country or one, and exit (offline: railtop's
    /// station directory).
    Stations {
        /// A name, part of one, or a code; without it, the stations main ones first.
        query: Option<String>,
        /// Only this country's stations, e.g. germany.
        #[arg(long)]
        country: Option<String>,
        /// Nearest first to this point, e.g. 60.17,24.94.
        #[arg(long, value_parser = parse_point, allow_hyphen_values = true)]
        near: Option<(f64, f64)>,
        /// How many stations (1–100).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=MAX_LIMIT as i64))]
        limit: u16,
        /// table (aligned, for people), json (the API's answer as it is) or csv (RFC 4180,
        /// with a header row).
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Show one train's run, stop by stop, once and exit.
    Train {
        #[command(flatten)]
        from: SourceArgs,
        /// The train's id, as `railtop trains --format csv` lists it (its first column).
        id: String,
        /// table (aligned, for people), json (railtop's /api/live/train answer as it is) or
        /// csv (RFC 4180, one row a stop, with a header row).
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Print a completion script for a shell, e.g.
    /// `railtop completions bash > ~/.local/share/bash-completion/completions/railtop`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `railtop man > ~/.local/share/man/man1/railtop.1`;
    /// `railtop man serve` prints railtop-serve(1).
    Man {
        /// A command whose own page to print (serve, board, ssh, trains, …).
        command: Option<String>,
    },
    /// Show a station's departure board once and exit.
    Departures {
        #[command(flatten)]
        from: SourceArgs,
        /// Station code or slug, e.g. HKI, CNLLY, berlin-hbf, 8503000.
        station: String,
        /// How many departures (1–100).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=MAX_LIMIT as i64))]
        limit: u16,
        /// table (aligned, for people), json (the API's answer as it is) or csv (RFC 4180,
        /// with a header row).
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
}

/// How the kiosk board pages, rotates and hides (shared by `board` and `ssh`).
#[derive(Debug, clap::Args)]
pub struct KioskArgs {
    /// How long each station's turn lasts when several rotate, e.g. 20s or 1m; its pages
    /// share the turn (pages past rotate ÷ page wait for the next turn).
    #[arg(long, default_value = "20s", value_parser = parse_turn)]
    rotate: u64,
    /// Time on each page when the departures do not fit, e.g. 8s.
    #[arg(long, default_value = "8s", value_parser = parse_turn)]
    page: u64,
    /// Hide departures leaving sooner than this (nobody at the display can reach them), in
    /// whole minutes, e.g. 5m.
    #[arg(long, default_value = "0m", value_parser = parse_walk_time)]
    walk_time: u64,
    /// Operating hours on the station's clock, e.g. 05:00-01:00; the screen is blank outside them.
    #[arg(long, value_parser = crate::kiosk::state::parse_hours)]
    hours: Option<(chrono::NaiveTime, chrono::NaiveTime)>,
    /// At most this many departures per station (1–100).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_LIMIT as i64))]
    limit: Option<u16>,
    /// Only departures leaving within this time, e.g. 2h.
    #[arg(long, value_parser = parse_within)]
    within: Option<u64>,
    /// Only these platforms, e.g. 3,4 (the planned or the actual one).
    #[arg(long, value_delimiter = ',', value_parser = parse_token)]
    platform: Vec<String>,
    /// Only these lines, e.g. IC,S1 (a train code's first word counts too).
    #[arg(long, value_delimiter = ',', value_parser = parse_token)]
    line: Vec<String>,
    /// 12- or 24-hour times; auto: 12-hour where the station's country reads them so (the
    /// United States).
    #[arg(long, value_enum, default_value = "auto")]
    clock: crate::kiosk::state::ClockStyle,
    /// Time between refreshes of each station's board, 1s to 1h (a bare number is seconds)
    /// [default: 30s].
    #[arg(long, env = "RAILTOP_BOARD_INTERVAL", value_parser = parse_interval)]
    board_interval: Option<u64>,
    /// No colours (also when NO_COLOR is set): every state is still shown in text.
    #[arg(long)]
    no_color: bool,
    /// Colours for a dark screen (color), a light one (light), or none (mono) [default: color].
    #[arg(long, value_enum, env = "RAILTOP_THEME")]
    theme: Option<Theme>,
}

impl KioskArgs {
    /// The settings, or why the options cannot work together for `stations` stations.
    fn settings(&self, config: &Config, stations: usize) -> Result<crate::kiosk::KioskSettings> {
        if stations > 1 && self.page > self.rotate {
            return Err(eyre!(
                "--page {} is longer than --rotate {}: a station's pages share its turn, so \
                 no page after the first would show",
                crate::duration::format(Duration::from_secs(self.page)),
                crate::duration::format(Duration::from_secs(self.rotate))
            ))
            .suggestion("make --rotate at least as long as --page");
        }
        Ok(crate::kiosk::KioskSettings {
            rotate_secs: self.rotate,
            page_secs: self.page,
            walk_minutes: (self.walk_time / 60) as i64,
            hours: self.hours,
            board_interval_secs: config.board_interval,
            monochrome: config.theme == Theme::Mono,
            light: config.theme == Theme::Light,
            limit: self.limit.map(usize::from),
            within_minutes: self.within.map(|s| (s / 60) as i64),
            platforms: self.platform.clone(),
            lines: self.line.clone(),
            clock: self.clock,
        })
    }
}

/// `--within`: whole minutes from 1m to 1d.
fn parse_within(s: &str) -> std::result::Result<u64, String> {
    whole_minutes_within(s, 60, 86_400)
}

/// One platform or line of a comma list: short, printable, not empty.
fn parse_token(s: &str) -> std::result::Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 16 || t.chars().any(char::is_control) {
        return Err(format!("{s:?}: a platform or line such as 3 or IC"));
    }
    Ok(t.to_string())
}

/// A time typed with its unit, in whole seconds within `min..=max` (clap value parsers build on
/// it: their error is the message).
fn seconds_within(s: &str, bare: Bare, min: u64, max: u64) -> std::result::Result<u64, String> {
    let d = crate::duration::parse(s, bare).map_err(|e| e.to_string())?;
    let (lo, hi) = (Duration::from_secs(min), Duration::from_secs(max));
    if d < lo || d > hi {
        return Err(format!(
            "{:?} is out of range: from {} to {}",
            s.trim(),
            crate::duration::format(lo),
            crate::duration::format(hi)
        ));
    }
    if d.subsec_nanos() != 0 {
        return Err(format!("{:?}: whole seconds only", s.trim()));
    }
    Ok(d.as_secs())
}

use crate::duration::Bare;

/// `--interval`, `--board-interval`: 1 s to 1 h; a bare number is seconds, as it always was.
fn parse_interval(s: &str) -> std::result::Result<u64, String> {
    seconds_within(s, Bare::Seconds, 1, 3600)
}

/// `--rotate`, `--page`: 1 s to a day, with a unit.
fn parse_turn(s: &str) -> std::result::Result<u64, String> {
    seconds_within(s, Bare::Refused, 1, 86_400)
}

/// The SSH server's timeouts: 1 s to 7 days, with a unit.
fn parse_timeout(s: &str) -> std::result::Result<u64, String> {
    seconds_within(s, Bare::Refused, 1, 7 * 86_400)
}

/// `--walk-time`: whole minutes, at most 2 h.
fn parse_walk_time(s: &str) -> std::result::Result<u64, String> {
    whole_minutes_within(s, 0, 7200)
}

/// A time in whole minutes (departures are timed to the minute) within `min..=max` seconds.
fn whole_minutes_within(s: &str, min: u64, max: u64) -> std::result::Result<u64, String> {
    let secs = seconds_within(s, Bare::Refused, min, max)?;
    if secs % 60 != 0 {
        return Err(format!(
            "{:?}: departures are timed to the minute, so give whole minutes, e.g. 2m",
            s.trim()
        ));
    }
    Ok(secs)
}

/// `--listen`: `8089` (on 127.0.0.1), `0.0.0.0:8089`, `[::]:8089`, `localhost:8089` (a name
/// is looked up once, at start; its first address is used).
fn parse_listen(s: &str) -> std::result::Result<SocketAddr, String> {
    let s = s.trim();
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    if let Ok(addr) = s.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let wrong = || {
        format!(
            "{s:?}: expected a port (8080), HOST:PORT (localhost:8080, 0.0.0.0:8080) or [::]:8080"
        )
    };
    let (host, port) = s.rsplit_once(':').ok_or_else(wrong)?;
    port.parse::<u16>().map_err(|_| wrong())?;
    if host.is_empty() || host.contains(':') {
        return Err(wrong());
    }
    std::net::ToSocketAddrs::to_socket_addrs(s)
        .map_err(|e| format!("{s:?}: cannot look up {host:?}: {e}"))?
        .next()
        .ok_or_else(|| format!("{s:?}: {host:?} has no address"))
}

/// `LAT,LNG` of `--near` (a clap value parser: its error is the message).
fn parse_point(s: &str) -> std::result::Result<(f64, f64), String> {
    let wrong = || format!("{s:?}: expected LAT,LNG in degrees, e.g. 60.17,24.94");
    let (lat, lng) = s.split_once(',').ok_or_else(wrong)?;
    let lat: f64 = lat.trim().parse().map_err(|_| wrong())?;
    let lng: f64 = lng.trim().parse().map_err(|_| wrong())?;
    if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lng) {
        return Err(format!(
            "{s:?}: latitude is -90 to 90 and longitude -180 to 180"
        ));
    }
    Ok((lat, lng))
}

/// `railtop stations`: the directory searched, printed; no station is an error (exit 1).
fn stations(
    query: Option<String>,
    country: Option<String>,
    near: Option<(f64, f64)>,
    limit: u16,
    format: Format,
) -> Result<()> {
    let directory = crate::stations::current();
    if let Some(slug) = &country {
        if !directory.countries().contains(&slug.as_str()) {
            return Err(eyre!(
                "railtop has no stations of {slug:?}; it has: {}",
                directory.countries().join(", ")
            ))
            .suggestion("a feed may still know its codes: railtop departures COUNTRY:CODE");
        }
    }
    let query = query.unwrap_or_default();
    let scope = crate::stations::Scope {
        country: country.as_deref(),
        near,
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = directory.answer(&query, scope);
    if answer.stations.is_empty() {
        return Err(eyre!("no station matches {}", crate::text::quoted(&query)))
            .suggestion("try part of the name (`hbf`, `central`), or a code");
    }
    print(&output::stations(&answer, format))
}

/// `start:rate:full` of `--max-startups` (a clap value parser: its error is the message).
fn parse_startups(s: &str) -> std::result::Result<(usize, u32, usize), String> {
    let parts: Vec<&str> = s.split(':').collect();
    let wrong = || format!("{s:?}: expected start:rate:full, e.g. 10:30:60");
    let [start, rate, full] = parts[..] else {
        return Err(wrong());
    };
    let start: usize = start.trim().parse().map_err(|_| wrong())?;
    let rate: u32 = rate.trim().parse().map_err(|_| wrong())?;
    let full: usize = full.trim().parse().map_err(|_| wrong())?;
    if rate > 100 || full < start || full == 0 {
        return Err(format!(
            "{s:?}: rate is a percentage and full at least start (and above 0)"
        ));
    }
    Ok((start, rate, full))
}

/// Opens the source the configuration names.
pub fn open_source(
    cli: &Cli,
    config: &Config,
    shared: Option<Arc<RedisStore>>,
) -> Result<SharedSource, OpenError> {
    match config.source.trim() {
        "demo" => {
            let from = cli.source_args();
            Ok(Arc::new(DemoSource::new(
                from.seed.unwrap_or(1),
                from.demo_scale.unwrap_or(1),
                config.clock,
            )?))
        }
        "upstream" => {
            let aggregator = crate::upstream::Aggregator::open(config, shared)?;
            // One-shot commands read the cached station lists; the modes that run for hours
            // keep them fresh.
            let one_shot = matches!(
                cli.command,
                Some(Command::Trains { .. } | Command::Departures { .. } | Command::Train { .. })
            );
            if !one_shot {
                aggregator.refresh_station_lists(crate::config::default_station_cache());
            }
            Ok(Arc::new(aggregator))
        }
        url if url.starts_with("http://") || url.starts_with("https://") => {
            Ok(Arc::new(RemoteSource::new(url, RemoteConfig::default())?))
        }
        other => Err(OpenError::UnknownSource(other.to_string())),
    }
}

/// The configuration as `--print-config` shows it: every feed of the registry with the URL and
/// hub in force (its own unless configured) and, for the feeds that need one, whether a key is set.
fn with_every_feed(config: &Config) -> Config {
    let mut shown = config.clone();
    for row in crate::upstream::registry::FEEDS {
        let feed = shown.upstream.entry(row.country.slug.into()).or_default();
        feed.base.get_or_insert_with(|| row.base_url.into());
        if let Some(hub) = row.hub {
            feed.hub.get_or_insert_with(|| hub.into());
        }
        if row.key_from.is_some() {
            feed.key.get_or_insert_with(String::new);
        }
    }
    shown
}

/// A one-shot command's error: what happened, without the note a screen would show about its
/// next try (a one-shot command does not try again).
fn once(e: SourceError) -> color_eyre::Report {
    let mut text = e.to_string();
    while let Some(at) = text.find(" (retrying in ") {
        match text[at..].find(')') {
            Some(end) => text.replace_range(at..at + end + 1, ""),
            None => break,
        }
    }
    eyre!(text)
}

/// What to try when a source fails to answer a one-shot command: about the input when it was
/// refused, else about the source.
fn suggestion(e: &SourceError, config: &Config) -> &'static str {
    match e {
        SourceError::NotFound(_) | SourceError::BadRequest(_) => {
            "check the country or station: the message lists the known ones; `railtop stations NAME` finds a station"
        }
        _ => source_suggestion(config),
    }
}

/// What to try when a source fails to answer a one-shot command.
fn source_suggestion(config: &Config) -> &'static str {
    match config.source.as_str() {
        "demo" => "the demo source runs offline: if this is not about your input, it is a bug; please report it",
        "upstream" => {
            "the national feeds may be down or unreachable from here; `--source demo` runs offline"
        }
        _ => "is the server running and reachable? start one with `railtop serve`, or use `--source demo`",
    }
}

/// Runs the command.
pub async fn run(cli: Cli) -> Result<()> {
    // Made from the command line's own definitions: no configuration, no source.
    match &cli.command {
        Some(Command::Completions { shell }) => return completions(*shell),
        Some(Command::Man { command }) => return man_page(command.as_deref()),
        _ => {}
    }
    let path = config_path(&cli);
    let file = match &path {
        Some(path) => match config::load(path, cli.config.is_some()) {
            Ok(file) => file,
            Err(e @ config::ConfigError::Missing(_)) => return Err(e).suggestion(
                "check the path, or leave out --config (RAILTOP_CONFIG); /dev/null means no file",
            ),
            Err(e) => {
                return Err(e).suggestion(
                    "fix the line it names, or point --config (RAILTOP_CONFIG) at another file",
                )
            }
        },
        None => FileConfig::default(),
    };
    let config = Config::from_process(&cli.overrides(), &file)?;
    if cli.print_config {
        let path = path.map_or_else(|| "(none)".into(), |p| p.display().to_string());
        let mut text = toml::to_string(&with_every_feed(&config))
            .wrap_err("cannot print the configuration")?;
        if !file.feeds.is_empty() {
            // A URL's query may carry a key: it is never printed.
            let hide = |u: &mut String| {
                if let Some(at) = u.find('?') {
                    u.truncate(at);
                    u.push_str("?…");
                }
            };
            let mut feeds = file.feeds.clone();
            for f in &mut feeds {
                hide(&mut f.vehicle_positions);
                f.trip_updates.as_mut().map(hide);
                f.static_gtfs.as_mut().map(hide);
            }
            #[derive(serde::Serialize)]
            struct Feeds {
                feeds: Vec<config::GtfsFeedEntry>,
            }
            text.push('\n');
            text.push_str(
                &toml::to_string(&Feeds { feeds }).wrap_err("cannot print the configuration")?,
            );
        }
        return print(&format!("# effective configuration (file: {path})\n{text}"));
    }
    // Cached answers never outlive the refresh intervals, or a refresh would see old data.
    let defaults = CacheConfig::default();
    let cache = CacheConfig {
        realtime_ttl: defaults
            .realtime_ttl
            .min(Duration::from_secs(config.interval)),
        departures_ttl: defaults
            .departures_ttl
            .min(Duration::from_secs(config.board_interval)),
        error_ttl: defaults.error_ttl.min(Duration::from_secs(
            config.board_interval.min(config.interval),
        )),
        max_bytes: match &cli.command {
            Some(Command::Serve { cache_mb, .. }) => {
                usize::try_from(cache_mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX)
            }
            _ => defaults.max_bytes,
        },
    };
    // The feeds' station lists as last fetched join the directory before anything searches it.
    if let Some(dir) = crate::config::default_station_cache() {
        let slugs: Vec<&'static str> = crate::country::COUNTRIES.iter().map(|c| c.slug).collect();
        for e in crate::stations::online::load_all(&dir, &slugs).1 {
            tracing::warn!("{e}");
        }
    }
    // The directory is railtop's own: no source to open.
    if let Some(Command::Stations {
        query,
        country,
        near,
        limit,
        format,
    }) = &cli.command
    {
        return stations(query.clone(), country.clone(), *near, *limit, *format);
    }
    // Only `serve` shares through Redis: one store for its feeds and its rate limit.
    let shared = match (&cli.command, &config.redis) {
        (Some(Command::Serve { .. }), Some(url)) => Some(
            RedisStore::new(url)
                .suggestion("give --redis as redis://HOST:PORT, or leave it out to work alone")?,
        ),
        _ => None,
    };
    let opened = open_source(&cli, &config, shared.clone()).suggestion(
        "sources are `demo` (offline), `upstream`, or the http(s):// URL of a railtop server",
    )?;
    let source = Arc::new(CachedSource::new(opened, cache));
    let clock = config.clock;
    // With JSON logs, stderr carries nothing but JSON: the banners are logged instead.
    let banners = cli.log_format == LogFormat::Text;
    match cli.command {
        None => {
            if let Some(c) = &config.country {
                let regions = source.regions();
                if crate::country::by_slug(c).is_none() && !regions.contains(c) {
                    return Err(eyre!(
                        "unknown country {}; known: {}",
                        crate::text::quoted(c),
                        crate::country::slugs()
                            .into_iter()
                            .map(String::from)
                            .chain(regions)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                    .suggestion(
                        "give one of them with --country, or leave it out for all countries",
                    );
                }
            }
            let options = DashboardOptions {
                country: config.country.clone(),
                station: config.station.clone(),
                settings: Settings {
                    interval_secs: config.interval,
                    board_interval_secs: config.board_interval,
                    monochrome: config.theme == Theme::Mono,
                    light: config.theme == Theme::Light,
                    on_time_minutes: config.on_time as i64,
                },
            };
            Ok(crate::tui::run::run(source, clock, options).await?)
        }
        Some(Command::Serve {
            listen,
            rate_limit,
            trust_forwarded_for,
            max_connections,
            max_per_ip,
            unhealthy_after,
            metrics_listen,
            ..
        }) => {
            let (listener, local) = server::listen(listen)
                .await
                .suggestion("is another server on that port? choose another with --listen")?;
            start_metrics(metrics_listen, banners).await?;
            if let Some(store) = &shared {
                let up = store.ping().await;
                // Only the national feeds' answers are shared; the demo and a remote server
                // have none, so there only the rate limit is.
                let what = if config.source.trim() == "upstream" {
                    "feed answers and rate limits"
                } else {
                    "rate limits"
                };
                if banners {
                    eprintln!(
                        "sharing {what} through Redis at {}{}",
                        store.url(),
                        if up {
                            ""
                        } else {
                            " (not answering yet: working alone until it does)"
                        }
                    );
                }
                tracing::info!(redis = %store.url(), up, "sharing through Redis");
            }
            let info = source.info();
            if banners {
                eprintln!(
                    "railtop {} serving the Live Train Data API on http://{local} (source: {})",
                    env!("CARGO_PKG_VERSION"),
                    info.name
                );
            }
            tracing::info!(%local, source = %info.name, "listening");
            for (country, why) in source.not_live() {
                if banners {
                    eprintln!("  {country}: not live: {why}");
                }
                tracing::info!(country, why, "not live");
            }
            let server_config = ServerConfig {
                rate_limit: NonZeroU32::new(rate_limit),
                trust_forwarded_for,
                connections: server::connection::ConnectionLimits {
                    max_open: max_connections,
                    per_ip: max_per_ip,
                    ..Default::default()
                },
                unhealthy_after: Duration::from_secs(unhealthy_after),
                metrics_on_api: metrics_listen.is_none(),
                shared,
            };
            server::serve(listener, source, server_config, server::shutdown_signal())
                .await
                .map_err(ServerError::Serve)?;
            Ok(())
        }
        Some(Command::Board {
            stations, kiosk, ..
        }) => {
            let settings = kiosk.settings(&config, stations.len())?;
            check_stations(&source, &stations).await?;
            Ok(crate::kiosk::run(source, clock, stations, settings).await?)
        }
        Some(Command::Ssh {
            listen,
            stations,
            host_key,
            authorized_keys,
            max_sessions,
            max_per_ip,
            connections_per_minute,
            idle_timeout,
            max_session,
            write_timeout,
            max_startups,
            metrics_listen,
            kiosk,
            ..
        }) => {
            let kiosk = kiosk.settings(&config, stations.len())?;
            check_stations(&source, &stations).await?;
            let host_key = host_key
                .or_else(config::default_host_key_path)
                .ok_or_else(|| eyre!("no place for the host key"))
                .suggestion("pass --host-key FILE")?;
            let (listener, local) = server::listen(listen)
                .await
                .suggestion("is another server on that port? choose another with --listen")?;
            start_metrics(metrics_listen, banners).await?;
            if banners {
                eprintln!(
                    "railtop {} showing {} over SSH on {local} (source: {}); try: ssh -p {} {}",
                    env!("CARGO_PKG_VERSION"),
                    stations.join(", "),
                    source.info().name,
                    local.port(),
                    local.ip()
                );
            }
            tracing::info!(%local, source = %source.info().name, "listening");
            let options = crate::ssh::SshOptions {
                stations,
                host_key,
                authorized_keys,
                limits: crate::ssh::Limits {
                    max_sessions: max_sessions.max(1),
                    per_ip: max_per_ip.max(1),
                    connections_per_minute,
                    idle: Duration::from_secs(idle_timeout),
                    max_session: Duration::from_secs(max_session),
                    write_timeout: Duration::from_secs(write_timeout),
                    startups: max_startups,
                    ..Default::default()
                },
                kiosk,
            };
            let shutdown = server::shutdown_signal();
            Ok(crate::ssh::serve(listener, source, clock, options, shutdown).await?)
        }
        // Answered above, before a source is opened.
        Some(Command::Stations { .. } | Command::Completions { .. } | Command::Man { .. }) => {
            Ok(())
        }
        Some(Command::Trains {
            country,
            stop,
            format,
            ..
        }) => {
            let answer = match source.realtime(RealtimeQuery { country, stop }).await {
                Ok(answer) => answer,
                Err(e) => {
                    let hint = suggestion(&e, &config);
                    return Err(once(e)).suggestion(hint);
                }
            };
            print(&output::trains(&answer.value, format))
        }
        Some(Command::Train { id, format, .. }) => {
            let answer =
                match source.journey(&id).await {
                    Ok(answer) => answer,
                    Err(e @ SourceError::NotFound(_)) => return Err(eyre!(e)).suggestion(
                        "`railtop trains --country NAME --format csv` lists the ids (first column)",
                    ),
                    Err(e) => {
                        let hint = suggestion(&e, &config);
                        return Err(once(e)).suggestion(hint);
                    }
                };
            print(&output::journey(&answer.value, format))
        }
        Some(Command::Departures {
            station,
            limit,
            format,
            ..
        }) => {
            // A city's name went to its main station: say what else it could have meant.
            let others: Vec<String> = crate::stations::current()
                .others(&station, None)
                .iter()
                .take(4)
                .map(|e| e.described())
                .collect();
            let query = DeparturesQuery {
                station: station.clone(),
                limit: usize::from(limit),
            };
            let answer = source.departures(query).await;
            let answer = match answer {
                Err(e @ SourceError::NotFound(_)) if e.to_string().contains("did you mean") => {
                    Err(eyre!(e)).suggestion(
                        "give one of the codes, as in finland:HKI; `railtop stations NAME` lists more",
                    )
                }
                Err(e @ SourceError::NotFound(_)) => Err(eyre!(e)).suggestion(
                    "name the country as in finland:HKI, or give a station code such as HKI, CNLLY or 8503000",
                ),
                Err(e) => {
                    let hint = suggestion(&e, &config);
                    Err(once(e)).suggestion(hint)
                }
                Ok(answer) => Ok(answer),
            }?;
            if format == Format::Table && !others.is_empty() {
                eprintln!(
                    "{} also matches {}; `railtop stations {}` lists them",
                    crate::text::quoted(&station),
                    others.join(", "),
                    crate::text::cleaned(&station)
                );
            }
            print(&output::departures(&answer.value, format))
        }
    }
}

/// Writes to stdout; a closed pipe (`railtop trains | head`) is not an error.
/// How long an unattended screen waits at start for each station's first answer.
const STATION_CHECK: Duration = Duration::from_secs(10);

/// An unattended screen (`board`, `ssh`) asks for each station's board once before it starts
/// and refuses a station the source does not know — a typo must never show as "feed
/// unavailable" on a public screen. A feed that is down or slow is no reason to refuse: the
/// screen starts and says so.
async fn check_stations(source: &CachedSource, stations: &[String]) -> Result<()> {
    let mut refused = Vec::new();
    for station in stations {
        let query = DeparturesQuery {
            station: station.clone(),
            limit: 1,
        };
        match tokio::time::timeout(STATION_CHECK, source.departures(query)).await {
            Ok(Err(e @ (SourceError::NotFound(_) | SourceError::BadRequest(_)))) => {
                // Railtop's own sentence; the station in it is quoted (defanged) already.
                refused.push(e.to_string());
            }
            Ok(Err(e)) => tracing::warn!(station, "no board yet at start: {e}"),
            Ok(Ok(_)) => {}
            Err(_) => tracing::warn!(station, "no board within {STATION_CHECK:?} at start"),
        }
    }
    if refused.is_empty() {
        return Ok(());
    }
    Err(eyre!("{}", refused.join("\n")))
        .wrap_err("not starting: a station is not one the source knows")
        .suggestion("`railtop stations NAME` finds a station's code; give it as COUNTRY:CODE")
}

/// `--metrics-listen`: `/metrics` on a listener of its own, for as long as the process runs.
async fn start_metrics(addr: Option<SocketAddr>, banner: bool) -> Result<()> {
    let Some(addr) = addr else {
        return Ok(());
    };
    let (listener, local) = server::listen(addr)
        .await
        .suggestion("is another server on that port? choose another with --metrics-listen")?;
    if banner {
        eprintln!("metrics on http://{local}/metrics");
    }
    tracing::info!(%local, "metrics listening");
    tokio::spawn(server::serve_metrics(listener, server::shutdown_signal()));
    Ok(())
}

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// `railtop completions SHELL`: the script, from the same definitions as the parser.
fn completions(shell: clap_complete::Shell) -> Result<()> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "railtop", &mut out);
    print(&String::from_utf8_lossy(&out))
}

/// `railtop man [COMMAND]`: railtop(1), or a command's own page (railtop-serve(1)).
fn man_page(command: Option<&str>) -> Result<()> {
    use clap::CommandFactory;
    let top = Cli::command();
    let page = match command {
        None => top,
        Some(name) => {
            let names: Vec<String> = top
                .get_subcommands()
                .map(|c| c.get_name().to_owned())
                .collect();
            let Some(sub) = top.find_subcommand(name).cloned() else {
                return Err(eyre!(
                    "no command {}; the pages are railtop and railtop-{}",
                    crate::text::quoted(name),
                    names.join(", railtop-")
                ));
            };
            let name = format!("railtop-{}", sub.get_name());
            sub.name(name).version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .wrap_err("cannot make the manual page")?;
    print(&String::from_utf8_lossy(&out))
}

fn print(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).wrap_err("cannot write output")
        }
        _ => Ok(()),
    }
}

/// Logs go to `--log-file` when given; otherwise the server logs to stderr and other commands
/// only report errors (which they print themselves).
pub fn init_logging(cli: &Cli) -> Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("RAILTOP_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let json = cli.log_format == LogFormat::Json;
    // The dashboard owns the screen: its logs always go to a file.
    let dashboard = (cli.command.is_none() || matches!(cli.command, Some(Command::Board { .. })))
        && !cli.print_config;
    let path = cli
        .log_file
        .clone()
        .or_else(|| dashboard.then(config::default_log_path).flatten());
    if let Some(path) = &path {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .wrap_err_with(|| format!("cannot create the log directory {}", dir.display()))?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .wrap_err_with(|| format!("cannot open log file {}", path.display()))?;
        install_logs(filter, std::sync::Mutex::new(file), false, json);
    } else if matches!(
        cli.command,
        Some(Command::Serve { .. } | Command::Ssh { .. })
    ) {
        // Colour only for a person at a terminal, never into a file or a pipe.
        let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
        install_logs(filter, std::io::stderr, ansi, json);
    }
    Ok(())
}

/// The one subscriber: text (with colour where `ansi`) or one JSON object a line.
fn install_logs<W>(filter: tracing_subscriber::EnvFilter, writer: W, ansi: bool, json: bool)
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    if json {
        builder.json().with_current_span(false).init();
    } else {
        builder.with_ansi(ansi).init();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listen_takes_a_port_a_name_or_an_address() {
        let at = |s: &str| parse_listen(s).map(|a| a.to_string());
        assert_eq!(at("8089").as_deref(), Ok("127.0.0.1:8089"));
        assert_eq!(at("0.0.0.0:8089").as_deref(), Ok("0.0.0.0:8089"));
        assert_eq!(at("[::]:8089").as_deref(), Ok("[::]:8089"));
        let local = parse_listen("localhost:8089").unwrap();
        assert!(local.ip().is_loopback() && local.port() == 8089, "{local}");
        // (No name that would need a DNS server: tests stay off the network.)
        for bad in ["", "x", "localhost", "localhost:99999", ":8089", "::1:80"] {
            assert!(parse_listen(bad).is_err(), "{bad:?}");
        }
    }
}
