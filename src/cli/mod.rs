//! Command-line interface: arguments, choosing the source, and the commands that are built.

pub mod output;

use crate::clock::Clock;
use crate::config::{self, defaults, FileConfig, Theme};
use crate::server::{self, ServerConfig};
use crate::source::cache::{CacheConfig, CachedSource};
use crate::source::demo::DemoSource;
use crate::source::remote::{RemoteConfig, RemoteSource};
use crate::source::{DeparturesQuery, RealtimeQuery, SharedSource, MAX_LIMIT};
use crate::tui::app::Settings;
use crate::tui::run::DashboardOptions;
use clap::{Parser, Subcommand};
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
    /// Where data comes from: demo, upstream, or http(s)://host:port of an API server.
    #[arg(long, global = true, env = "RAILTOP_SOURCE")]
    pub source: Option<String>,

    /// Seed of the demo simulator: the same seed and clock give the same trains.
    #[arg(long, global = true, env = "RAILTOP_SEED", default_value_t = 1)]
    pub seed: u64,

    /// Multiplies the demo's trains (e.g. 60 for about 20,000), for benchmarks.
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub demo_scale: u32,

    /// Write logs to this file (the server logs to stderr without it).
    #[arg(long, global = true, env = "RAILTOP_LOG_FILE")]
    pub log_file: Option<PathBuf>,

    /// The configuration file [default: $XDG_CONFIG_HOME/railtop/config.toml].
    #[arg(long, global = true, env = "RAILTOP_CONFIG")]
    pub config: Option<PathBuf>,

    /// Dashboard: the country to start with (a slug such as finland).
    #[arg(long, env = "RAILTOP_COUNTRY")]
    pub country: Option<String>,

    /// Dashboard: the station whose board to show (code or slug).
    #[arg(long, env = "RAILTOP_STATION")]
    pub station: Option<String>,

    /// Dashboard: seconds between realtime refreshes [default: 15].
    #[arg(long, env = "RAILTOP_INTERVAL", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub interval: Option<u64>,

    /// Dashboard and kiosk: seconds between board refreshes [default: 30].
    #[arg(long, global = true, env = "RAILTOP_BOARD_INTERVAL", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub board_interval: Option<u64>,

    /// No colours (also when NO_COLOR is set): every state is still shown in text.
    #[arg(long, global = true)]
    pub no_color: bool,

    /// Print the effective configuration (command line over RAILTOP_* over the file) and exit.
    #[arg(long)]
    pub print_config: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The configuration in force: command line over environment over file over defaults.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Effective {
    pub source: String,
    pub country: Option<String>,
    pub station: Option<String>,
    pub interval: u64,
    pub board_interval: u64,
    pub theme: Theme,
}

impl Effective {
    pub fn resolve(cli: &Cli, file: &FileConfig, no_color_env: bool) -> Effective {
        let mono = cli.no_color || no_color_env || file.theme == Some(Theme::Mono);
        Effective {
            source: cli
                .source
                .clone()
                .or_else(|| file.source.clone())
                .unwrap_or_else(|| defaults::SOURCE.into()),
            country: cli.country.clone().or_else(|| file.country.clone()),
            station: cli.station.clone().or_else(|| file.station.clone()),
            interval: cli
                .interval
                .or(file.interval)
                .unwrap_or(defaults::INTERVAL_SECS),
            board_interval: cli
                .board_interval
                .or(file.board_interval)
                .unwrap_or(defaults::BOARD_INTERVAL_SECS),
            theme: if mono { Theme::Mono } else { Theme::Color },
        }
    }
}

/// `NO_COLOR` set to anything non-empty (no-color.org).
pub fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

fn config_path(cli: &Cli) -> Option<PathBuf> {
    cli.config.clone().or_else(config::default_path)
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the Live Train Data API over HTTP.
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: SocketAddr,
        /// Requests per minute per client IP; 0 switches the limit off.
        #[arg(long, default_value_t = 60)]
        rate_limit: u32,
        /// Take the client IP from X-Forwarded-For (only behind a proxy that sets it).
        #[arg(long)]
        trust_forwarded_for: bool,
    },
    /// A full-screen departure board that runs unattended (kiosk).
    Board {
        /// One or more stations (codes or slugs); several rotate.
        #[arg(required = true)]
        stations: Vec<String>,
        #[command(flatten)]
        kiosk: KioskArgs,
    },
    /// Serve the kiosk board over SSH: `ssh -p 2222 host` shows it, and nothing else.
    Ssh {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:2222")]
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
        #[arg(long, default_value = "1h", value_parser = parse_duration)]
        idle_timeout: u64,
        /// End any session after this long.
        #[arg(long, default_value = "12h", value_parser = parse_duration)]
        max_session: u64,
        /// Cut off a client that reads nothing for this long.
        #[arg(long, default_value = "15s", value_parser = parse_duration)]
        write_timeout: u64,
        #[command(flatten)]
        kiosk: KioskArgs,
    },
    /// List live trains once and exit.
    Trains {
        /// A country slug, e.g. finland or united-states (all countries without it).
        #[arg(long)]
        country: Option<String>,
        /// A hub station whose trains to list (code or slug, e.g. berlin-hbf).
        #[arg(long)]
        stop: Option<String>,
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Show a station's departure board once and exit.
    Departures {
        /// Station code or slug, e.g. HKI, CNLLY, berlin-hbf, 8503000.
        station: String,
        /// How many departures (1–100).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=MAX_LIMIT as i64))]
        limit: u16,
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
}

/// How the kiosk board pages, rotates and hides (shared by `board` and `ssh`).
#[derive(Debug, clap::Args)]
pub struct KioskArgs {
    /// Time on each station when several rotate, e.g. 20s or 1m.
    #[arg(long, default_value = "20s", value_parser = parse_duration)]
    rotate: u64,
    /// Time on each page when the departures do not fit.
    #[arg(long, default_value = "8s", value_parser = parse_duration)]
    page: u64,
    /// Hide departures leaving sooner than this (nobody at the display can reach them), e.g. 5m.
    #[arg(long, default_value = "0s", value_parser = parse_duration)]
    walk_time: u64,
    /// Operating hours on the station's clock, e.g. 05:00-01:00; the screen is blank outside them.
    #[arg(long, value_parser = crate::kiosk::state::parse_hours)]
    hours: Option<(chrono::NaiveTime, chrono::NaiveTime)>,
}

impl KioskArgs {
    fn settings(&self, effective: &Effective) -> crate::kiosk::KioskSettings {
        crate::kiosk::KioskSettings {
            rotate_secs: self.rotate.max(1),
            page_secs: self.page.max(1),
            walk_minutes: (self.walk_time / 60) as i64,
            hours: self.hours,
            board_interval_secs: effective.board_interval,
            monochrome: effective.theme == Theme::Mono,
        }
    }
}

/// `20s`, `5m`, `1h` or plain seconds.
fn parse_duration(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let (number, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = number
        .parse()
        .map_err(|_| format!("{s:?} is not a duration such as 20s or 5m"))?;
    match unit {
        "" | "s" => Ok(n),
        "m" => Ok(n * 60),
        "h" => Ok(n * 3600),
        _ => Err(format!("{s:?} is not a duration such as 20s or 5m")),
    }
}

/// Opens the source named by `source`.
pub fn open_source(
    source: &str,
    cli: &Cli,
    file: &FileConfig,
    clock: Clock,
) -> Result<SharedSource, String> {
    match source.trim() {
        "demo" => Ok(Arc::new(DemoSource::new(cli.seed, cli.demo_scale, clock)?)),
        "upstream" => Ok(Arc::new(crate::upstream::Aggregator::open(
            clock,
            &file.feed_settings(),
            &file.gtfs_feeds()?,
        )?)),
        url if url.starts_with("http://") || url.starts_with("https://") => {
            Ok(Arc::new(RemoteSource::new(url, RemoteConfig::default())?))
        }
        other => Err(format!(
            "unknown source {other:?}: use demo, upstream, or an http(s):// URL"
        )),
    }
}

/// Runs the command; the error is the one sentence to print.
pub async fn run(cli: Cli) -> Result<(), String> {
    let file = match config_path(&cli) {
        Some(path) => config::load(&path)?,
        None => FileConfig::default(),
    };
    let effective = Effective::resolve(&cli, &file, no_color_env());
    if cli.print_config {
        let path = config_path(&cli).map_or_else(|| "(none)".into(), |p| p.display().to_string());
        let text = toml::to_string(&effective).map_err(|e| e.to_string())?;
        return print(&format!("# effective configuration (file: {path})\n{text}"));
    }
    let clock = Clock::from_env()?;
    // Cached answers never outlive the refresh intervals, or a refresh would see old data.
    let defaults = CacheConfig::default();
    let cache = CacheConfig {
        realtime_ttl: defaults
            .realtime_ttl
            .min(Duration::from_secs(effective.interval)),
        departures_ttl: defaults
            .departures_ttl
            .min(Duration::from_secs(effective.board_interval)),
        error_ttl: defaults.error_ttl.min(Duration::from_secs(
            effective.board_interval.min(effective.interval),
        )),
    };
    let source = Arc::new(CachedSource::new(
        open_source(&effective.source, &cli, &file, clock)?,
        cache,
    ));
    match cli.command {
        None => {
            let options = DashboardOptions {
                country: effective.country,
                station: effective.station,
                settings: Settings {
                    interval_secs: effective.interval,
                    board_interval_secs: effective.board_interval,
                    monochrome: effective.theme == Theme::Mono,
                },
            };
            crate::tui::run::run(source, clock, options)
                .await
                .map_err(|e| e.to_string())
        }
        Some(Command::Serve {
            listen,
            rate_limit,
            trust_forwarded_for,
        }) => {
            let listener = tokio::net::TcpListener::bind(listen)
                .await
                .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
            let local = listener.local_addr().map_err(|e| e.to_string())?;
            let info = source.info();
            eprintln!(
                "railtop {} serving the Live Train Data API on http://{local} (source: {})",
                env!("CARGO_PKG_VERSION"),
                info.name
            );
            tracing::info!(%local, source = %info.name, "listening");
            for (country, why) in source.not_live() {
                eprintln!("  {country}: not live: {why}");
            }
            let config = ServerConfig {
                rate_limit: NonZeroU32::new(rate_limit),
                trust_forwarded_for,
                ..ServerConfig::default()
            };
            server::serve(listener, source, config, server::shutdown_signal())
                .await
                .map_err(|e| format!("server error: {e}"))
        }
        Some(Command::Board { stations, kiosk }) => {
            let settings = kiosk.settings(&effective);
            crate::kiosk::run(source, clock, stations, settings)
                .await
                .map_err(|e| e.to_string())
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
            kiosk,
        }) => {
            let host_key = host_key
                .or_else(config::default_host_key_path)
                .ok_or("no place for the host key: pass --host-key FILE")?;
            let listener = tokio::net::TcpListener::bind(listen)
                .await
                .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
            let local = listener.local_addr().map_err(|e| e.to_string())?;
            eprintln!(
                "railtop {} showing {} over SSH on {local} (source: {}); try: ssh -p {} {}",
                env!("CARGO_PKG_VERSION"),
                stations.join(", "),
                source.info().name,
                local.port(),
                local.ip()
            );
            let options = crate::ssh::SshOptions {
                stations,
                host_key,
                authorized_keys,
                limits: crate::ssh::Limits {
                    max_sessions: max_sessions.max(1),
                    per_ip: max_per_ip.max(1),
                    connections_per_minute,
                    idle: Duration::from_secs(idle_timeout.max(1)),
                    max_session: Duration::from_secs(max_session.max(1)),
                    write_timeout: Duration::from_secs(write_timeout.max(1)),
                    ..Default::default()
                },
                kiosk: kiosk.settings(&effective),
            };
            crate::ssh::serve(listener, source, clock, options, server::shutdown_signal()).await
        }
        Some(Command::Trains {
            country,
            stop,
            format,
        }) => {
            let answer = source
                .realtime(RealtimeQuery { country, stop })
                .await
                .map_err(|e| e.to_string())?;
            print(&output::trains(&answer.value, format))
        }
        Some(Command::Departures {
            station,
            limit,
            format,
        }) => {
            let query = DeparturesQuery {
                station,
                limit: usize::from(limit),
            };
            let answer = source.departures(query).await.map_err(|e| e.to_string())?;
            print(&output::departures(&answer.value, format))
        }
    }
}

/// Writes to stdout; a closed pipe (`railtop trains | head`) is not an error.
fn print(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write output: {e}"))
        }
        _ => Ok(()),
    }
}

/// Logs go to `--log-file` when given; otherwise the server logs to stderr and other commands
/// only report errors (which they print themselves).
pub fn init_logging(cli: &Cli) -> Result<(), String> {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("RAILTOP_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
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
                .map_err(|e| format!("cannot create the log directory {}: {e}", dir.display()))?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open log file {}: {e}", path.display()))?;
        builder
            .with_ansi(false)
            .with_writer(std::sync::Mutex::new(file))
            .init();
    } else if matches!(
        cli.command,
        Some(Command::Serve { .. } | Command::Ssh { .. })
    ) {
        builder.with_writer(std::io::stderr).init();
    }
    Ok(())
}
