//! Command-line interface: arguments, choosing the source, and the commands that are built.

pub mod output;

use crate::clock::Clock;
use crate::server::{self, ServerConfig};
use crate::source::cache::{CacheConfig, CachedSource};
use crate::source::demo::DemoSource;
use crate::source::remote::{RemoteConfig, RemoteSource};
use crate::source::{DeparturesQuery, RealtimeQuery, SharedSource, MAX_LIMIT};
use clap::{Parser, Subcommand};
use output::Format;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Parser)]
#[command(
    name = "railtop",
    version,
    about = "Live trains and station departure boards in the terminal",
    after_help = "Sources: `demo` (offline simulator), `upstream` (the public national feeds), or the URL of any server that speaks the Live Train Data API.\nEnvironment: RAILTOP_SOURCE, RAILTOP_SEED, RAILTOP_NOW (RFC 3339: fixes the clock of every source)."
)]
pub struct Cli {
    /// Where data comes from: demo, upstream, or http(s)://host:port of an API server.
    #[arg(
        long,
        global = true,
        env = "RAILTOP_SOURCE",
        default_value = "upstream"
    )]
    pub source: String,

    /// Seed of the demo simulator: the same seed and clock give the same trains.
    #[arg(long, global = true, env = "RAILTOP_SEED", default_value_t = 1)]
    pub seed: u64,

    /// Multiplies the demo's trains (e.g. 60 for about 20,000), for benchmarks.
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub demo_scale: u32,

    /// Write logs to this file (the server logs to stderr without it).
    #[arg(long, global = true, env = "RAILTOP_LOG_FILE")]
    pub log_file: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
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

/// Opens the source named by `--source`.
pub fn open_source(cli: &Cli, clock: Clock) -> Result<SharedSource, String> {
    match cli.source.trim() {
        "demo" => Ok(Arc::new(DemoSource::new(cli.seed, cli.demo_scale, clock)?)),
        "upstream" => Err(
            "the upstream aggregator (the public national feeds) is not built yet: \
             use --source demo, or --source http://HOST:PORT for a server that speaks the API"
                .into(),
        ),
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
    let clock = Clock::from_env()?;
    let source = Arc::new(CachedSource::new(
        open_source(&cli, clock)?,
        CacheConfig::default(),
    ));
    match cli.command {
        None => Err(
            "the dashboard is not built yet: try `railtop serve --source demo`, \
             `railtop trains --source demo` or `railtop departures HKI --source demo`"
                .into(),
        ),
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
            let config = ServerConfig {
                rate_limit: NonZeroU32::new(rate_limit),
                trust_forwarded_for,
            };
            server::serve(listener, source, config, server::shutdown_signal())
                .await
                .map_err(|e| format!("server error: {e}"))
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
    if let Some(path) = &cli.log_file {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open log file {}: {e}", path.display()))?;
        builder
            .with_ansi(false)
            .with_writer(std::sync::Mutex::new(file))
            .init();
    } else if matches!(cli.command, Some(Command::Serve { .. })) {
        builder.with_writer(std::io::stderr).init();
    }
    Ok(())
}
