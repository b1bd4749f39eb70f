//! Command-line interface: choosing the source and running each command (the arguments are
//! `args.rs`, where logs go `logs.rs`, what is printed `output.rs`).

mod args;
mod logs;
pub mod output;

pub use args::*;
pub use logs::init_logging;

use crate::config::{self, Config, FileConfig, Theme};
use crate::redis_store::RedisStore;
use crate::server::{self, ServerConfig, ServerError};
use crate::source::cache::{CacheConfig, CachedSource};
use crate::source::demo::DemoSource;
use crate::source::remote::{RemoteConfig, RemoteSource};
use crate::source::{DeparturesQuery, OpenError, RealtimeQuery, SharedSource, SourceError};
use crate::tui::app::Settings;
use crate::tui::run::DashboardOptions;
use color_eyre::eyre::{eyre, Result, WrapErr};
use color_eyre::Section;
use output::Format;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

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
