//! The command line: reading the configuration, opening the source, and handing each command its
//! arguments and what was opened (`args.rs` the arguments, `serve.rs`, `screens.rs`,
//! `oneshot.rs`, `record.rs`, `stats.rs` and `watch.rs` the commands, `logs.rs` where logs go,
//! `output.rs` what is printed).

mod args;
mod logs;
mod oneshot;
pub mod output;
mod record;
mod screens;
mod serve;
mod stats;
mod watch;

pub use args::*;
pub use logs::init_logging;

use crate::tui::keymap::Keymap;
use color_eyre::eyre::{eyre, Result, WrapErr};
use color_eyre::Section;
use railtop_core::config::{self, Config, FileConfig};
use railtop_core::model::Kind;
use railtop_feeds::redis_store::RedisStore;
use railtop_feeds::source::cache::{CacheConfig, CachedSource};
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
use railtop_feeds::source::{DeparturesQuery, OpenError, SharedSource, SourceError};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// An error in what the person typed (an unknown station, an option that makes no sense
/// there): the program exits 2, as a command-line parser's errors do, not 1.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// The exit code of a failed command: 2 for a [`Usage`] error, else 1.
pub fn exit_code(report: &color_eyre::Report) -> u8 {
    if report.downcast_ref::<Usage>().is_some() {
        2
    } else {
        1
    }
}

/// What every command that reads a source starts from, made once by [`run`]: the configuration
/// resolved, the source opened behind its cache, the Redis store `serve` shares through, and
/// whether start-up lines go to stderr (not with JSON logs).
struct Opened {
    config: Config,
    source: Arc<CachedSource>,
    shared: Option<Arc<RedisStore>>,
    banners: bool,
    /// The dashboard's keys in force (the file's `[keys]`, checked at start).
    keys: Keymap,
}

/// The upstream aggregator of the configuration's feeds.
fn open_upstream(
    cli: &Cli,
    config: &Config,
    shared: Option<Arc<RedisStore>>,
) -> Result<railtop_feeds::upstream::Aggregator, OpenError> {
    // A one-shot command answers once, so it waits for a GTFS feed's first timetable (with a
    // progress bar on a terminal); the screens and the servers work meanwhile.
    let once = matches!(
        cli.command,
        Some(
            Command::Trains(_)
                | Command::Train(_)
                | Command::Departures(_)
                | Command::Arrivals(_)
                | Command::Stations(_)
        )
    );
    let schedules = railtop_feeds::upstream::gtfs::Schedules {
        dir: railtop_core::config::default_gtfs_cache(),
        wait: once,
        report: if once { schedule_bar() } else { None },
    };
    railtop_feeds::upstream::Aggregator::open_with(config, shared, schedules)
}

/// Whether the command may be given a station by name (or code) that only a `[[feeds]]`
/// region's stops answer to, and not while a shell completes (`stations --names`, which
/// must never wait).
fn names_stations(command: &Option<Command>) -> bool {
    match command {
        Some(Command::Stations(args)) => !args.names,
        Some(
            Command::Trains(_)
            | Command::Departures(_)
            | Command::Arrivals(_)
            | Command::Board(_)
            | Command::Ssh(_)
            | Command::Record(_)
            | Command::Watch(_),
        ) => true,
        _ => false,
    }
}

/// Opens the source the configuration names.
pub(crate) async fn open_source(
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
            let aggregator = open_upstream(cli, config, shared)?;
            // The modes where a person searches stations (the dashboard's picker, `serve`'s
            // /api/live/stations) keep the feeds' station lists fresh. One-shot commands read
            // the cached lists, and `board` and `ssh`, whose stations are fixed at start, ask
            // no national feed for a list they will never show; the user's own regions' lists
            // (their timetables' stops, read here) are had before a station is looked up.
            let searches = matches!(cli.command, None | Some(Command::Serve(_)));
            if searches {
                aggregator.refresh_station_lists(railtop_core::config::default_station_cache());
            } else if names_stations(&cli.command) {
                // A region whose stations cannot be had is said where a station is not
                // found (the aggregator asks its timetable's state then).
                let _ = aggregator
                    .load_own_station_lists(railtop_core::config::default_station_cache())
                    .await;
            }
            Ok(Arc::new(aggregator))
        }
        url if url.starts_with("http://") || url.starts_with("https://") => {
            let remote = RemoteConfig {
                clock: config.clock,
                ..RemoteConfig::default()
            };
            Ok(Arc::new(
                RemoteSource::new(url, remote)?.shared_through(shared),
            ))
        }
        other => Err(OpenError::UnknownSource(other.to_string())),
    }
}

/// A one-shot command's progress bar on stderr while a GTFS feed's timetable is fetched and
/// read (on a terminal only: a script's stderr gets the log lines, if any).
fn schedule_bar() -> Option<railtop_feeds::upstream::gtfs::Report> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let style = indicatif::ProgressStyle::with_template("{msg:40!} [{bar:30}] {pos:>3} %")
        .ok()?
        .progress_chars("=> ");
    let bar = indicatif::ProgressBar::new(100).with_style(style);
    Some(Arc::new(move |feed, status| match status.state {
        "ready" | "failed" => bar.finish_and_clear(),
        state => {
            bar.set_message(format!("{feed} timetable: {state} {}", status.detail));
            if let Some(p) = status.percent {
                bar.set_position(u64::from(p));
            }
        }
    }))
}

/// The configuration as `--print-config` shows it: every feed of the registry with the URL and
/// hub in force (its own unless configured) and, for the feeds that need one, whether a key is set.
fn with_every_feed(config: &Config) -> Config {
    let mut shown = config.clone();
    for row in railtop_feeds::upstream::registry::FEEDS {
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
    eyre!(e.once())
}

/// What to try when a source fails to answer a one-shot command: about the input when it was
/// refused, else about the source.
fn suggestion(e: &SourceError, config: &Config) -> String {
    let said = e.to_string();
    if let Some(hint) = own_feed_urls(&said, config) {
        return hint;
    }
    match e {
        e if e.is_refusal() => {
            "check the country or the station; `railtop stations NAME` finds a station and its code"
                .into()
        }
        _ => match own_feed(&said, config) {
            Some(slug) => format!(
                "{slug} is your own [[feeds]] region: check its URLs in the configuration file"
            ),
            None => source_suggestion(config).into(),
        },
    }
}

/// For an error about a URL of a region the user configured (a `[[feeds]]` entry): its URLs
/// are theirs to check, the one the error names first. `None`: not such an error.
fn own_feed_urls(said: &str, config: &Config) -> Option<String> {
    let slug = own_feed(said, config).filter(|_| said.contains("://"))?;
    let entry = config.gtfs_feeds.iter().find(|f| f.slug == slug)?;
    let named = [
        ("vehicle_positions", Some(&entry.vehicle_positions)),
        ("trip_updates", entry.trip_updates.as_ref()),
        ("alerts", entry.alerts.as_ref()),
        ("static_gtfs", entry.static_gtfs.as_ref()),
    ]
    .into_iter()
    .find_map(|(key, url)| url.filter(|u| said.contains(u.trim())).map(|_| key));
    Some(match named {
        Some(key) => format!(
            "{slug} is your own [[feeds]] region: check its URLs in the configuration file, \
             its {key} first"
        ),
        None => format!(
            "{slug} is your own [[feeds]] region: check its URLs (vehicle_positions, \
             trip_updates, alerts, static_gtfs) in the configuration file"
        ),
    })
}

/// The `[[feeds]]` region an error is about (its message names it as `(slug)`).
fn own_feed<'c>(error: &str, config: &'c Config) -> Option<&'c str> {
    config
        .gtfs_feeds
        .iter()
        .map(|f| f.slug.as_str())
        .find(|slug| {
            error.contains(&format!("({slug})")) || config.country.as_deref() == Some(slug)
        })
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
    // Made from the command line's own definitions: no configuration, no source. (The man
    // page reads the file for the dashboard's keys in force, below.)
    if let Some(Command::Completions { shell }) = &cli.command {
        return completions(*shell);
    }
    let path = config_path(&cli);
    let file = match &path {
        Some(path) => match config::load(path, cli.config.is_some()) {
            Ok(file) => file,
            Err(e @ config::ConfigError::Missing(_)) => return Err(e).suggestion(
                "check the path, or leave out --config (RAILTOP_CONFIG); /dev/null means no file",
            ),
            Err(e @ config::ConfigError::Read(_)) => {
                return Err(e).suggestion(
                    "point --config (RAILTOP_CONFIG) at a regular file of at most 1 MiB; /dev/null means no file",
                )
            }
            Err(e) => {
                return Err(e).suggestion(
                    "fix the line it names, or point --config (RAILTOP_CONFIG) at another file",
                )
            }
        },
        None => FileConfig::default(),
    };
    let config = Config::from_process(&cli.overrides(), &file)?;
    // The dashboard's `[keys]`, checked at start whatever the command: a file is right or not.
    let keys = Keymap::new(&config.keys)
        .map_err(|e| match &path {
            Some(path) => config::ConfigError::InFile {
                path: path.clone(),
                source: Box::new(e),
            },
            None => e,
        })
        .suggestion(
            "fix the line it names (docs/user-guide.md lists the actions and key names), or leave the action out for its default keys",
        )?;
    // The man page shows the keys in force: no source.
    if let Some(Command::Man { command }) = &cli.command {
        return man_page(command.as_deref(), &keys);
    }
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
    // Cached answers never outlive the refresh intervals (nor `record`'s and `watch`'s
    // `--every`), or a refresh would see old data.
    let defaults = CacheConfig::default();
    let every = match &cli.command {
        Some(
            Command::Record(RecordArgs { every, .. }) | Command::Watch(WatchArgs { every, .. }),
        ) => *every,
        _ => None,
    }
    .unwrap_or(Duration::MAX);
    let cache = CacheConfig {
        realtime_ttl: defaults
            .realtime_ttl
            .min(Duration::from_secs(config.interval))
            .min(every),
        departures_ttl: defaults
            .departures_ttl
            .min(Duration::from_secs(config.board_interval))
            .min(every),
        error_ttl: defaults.error_ttl.min(Duration::from_secs(
            config.board_interval.min(config.interval),
        )),
        max_bytes: match &cli.command {
            Some(Command::Serve(ServeArgs { cache_mb, .. })) => {
                usize::try_from(cache_mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX)
            }
            _ => defaults.max_bytes,
        },
    };
    // The feeds' station lists as last fetched (the countries' and the `[[feeds]]` regions')
    // join the directory before anything searches it.
    if let Some(dir) = railtop_core::config::default_station_cache() {
        let regions = config.gtfs_feeds.iter().map(|f| f.slug.as_str());
        let slugs: Vec<&str> = railtop_core::country::COUNTRIES
            .iter()
            .map(|c| c.slug)
            .chain(regions)
            .collect();
        for e in railtop_core::stations::online::load_all(&dir, &slugs).1 {
            tracing::warn!("{e}");
        }
    }
    // The directory is railtop's own: no source to open, but for the user's own regions, whose
    // stations are their timetables' stops (those that cannot be had are said).
    let mut unread = Vec::new();
    if matches!(cli.command, Some(Command::Stations(_)))
        && names_stations(&cli.command)
        && config.source.trim() == "upstream"
        && config.gtfs_feeds.iter().any(|f| f.static_gtfs.is_some())
    {
        match open_upstream(&cli, &config, None) {
            Ok(aggregator) => {
                unread = aggregator
                    .load_own_station_lists(railtop_core::config::default_station_cache())
                    .await
            }
            Err(e) => tracing::warn!("the [[feeds]] regions' stations are not read: {e}"),
        }
    }
    if let Some(Command::Stations(StationsArgs {
        query,
        country,
        near,
        limit,
        format,
        names,
    })) = &cli.command
    {
        if *names {
            return oneshot::station_names(query.as_deref().unwrap_or_default(), *limit);
        }
        let search = oneshot::Search {
            query: query.clone(),
            country: country.clone(),
            near: *near,
            limit: *limit,
        };
        return oneshot::stations(search, *format, &unread, &config);
    }
    // A recorded file is read without a source.
    if let Some(Command::Stats(args)) = cli.command {
        let on_time = i64::try_from(config.on_time).unwrap_or(5);
        return stats::stats(args, on_time, config.clock.now());
    }
    // Only `serve` shares through Redis: one store for its feeds and its rate limit.
    let shared = match (&cli.command, &config.redis) {
        (Some(Command::Serve { .. }), Some(url)) => Some(
            RedisStore::new(url)
                .suggestion("give --redis as redis://HOST:PORT, or leave it out to work alone")?,
        ),
        _ => None,
    };
    let opened = open_source(&cli, &config, shared.clone())
        .await
        .suggestion(
            "sources are `demo` (offline), `upstream`, or the http(s):// URL of a railtop server",
        )?;
    let source = Arc::new(CachedSource::new(opened, cache));
    // With JSON logs, stderr carries nothing but JSON: the banners are logged instead.
    let banners = cli.log_format == LogFormat::Text;
    let opened = Opened {
        config,
        source,
        shared,
        banners,
        keys,
    };
    match cli.command {
        None => screens::dashboard(opened).await,
        Some(Command::Serve(args)) => serve::serve(args, opened).await,
        Some(Command::Board(args)) => screens::board(args, opened).await,
        Some(Command::Ssh(args)) => screens::ssh(args, opened).await,
        Some(Command::Trains(args)) => oneshot::trains(args, opened).await,
        Some(Command::Train(args)) => oneshot::train(args, opened).await,
        Some(Command::Departures(args)) => oneshot::board(args, Kind::Departures, opened).await,
        Some(Command::Arrivals(args)) => oneshot::board(args, Kind::Arrivals, opened).await,
        Some(Command::Record(args)) => {
            let recording = record::Recording::of(args, opened.config.interval)?;
            known_countries(&opened.source, &recording.countries)?;
            check_stations(&opened.source, &recording.stations).await?;
            record::run(recording, opened.source, railtop_server::shutdown_signal()).await
        }
        Some(Command::Watch(args)) => watch::watch(args, opened).await,
        // Answered above, before a source is opened.
        Some(
            Command::Stations(_)
            | Command::Stats(_)
            | Command::Completions { .. }
            | Command::Man { .. },
        ) => Ok(()),
    }
}

/// How long an unattended screen waits at start for each station's first answer.
const STATION_CHECK: Duration = Duration::from_secs(10);

/// An unattended screen (`board`, `ssh`) asks for each station's board once before it starts
/// and refuses a station the source does not know — a typo must never show as "feed
/// unavailable" on a public screen. A feed that is down or slow is no reason to refuse: the
/// screen starts and says so.
async fn check_stations(source: &CachedSource, stations: &[String]) -> Result<()> {
    let mut refused = Vec::new();
    let mut hints = Vec::new();
    for station in stations {
        let query = DeparturesQuery {
            station: station.clone(),
            limit: 1,
            ..Default::default()
        };
        match tokio::time::timeout(STATION_CHECK, source.departures(query)).await {
            Ok(Err(SourceError::NoSuchStation {
                message,
                candidates,
            })) => {
                refused.push(message);
                let directory = railtop_core::stations::current();
                hints.push(oneshot::how_to_pick(
                    std::slice::from_ref(station),
                    &candidates,
                    &directory,
                ));
            }
            Ok(Err(e)) if e.is_refusal() => {
                // Railtop's own sentence; the station in it is quoted (defanged) already.
                refused.push(e.to_string());
                hints.push(format!(
                    "`railtop stations {}` finds a station's code; give it as COUNTRY:CODE",
                    oneshot::shell_word(station)
                ));
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
        .suggestion(hints.join("\n"))
}

/// Refuses a country that is neither one of railtop's nor one of the source's regions (a typo
/// must not record nothing for a month).
fn known_countries(source: &CachedSource, countries: &[String]) -> Result<()> {
    let regions = source.regions();
    let unknown: Vec<&String> = countries
        .iter()
        .filter(|c| railtop_core::country::by_slug(c).is_none() && !regions.contains(c))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    Err(eyre!(Usage(
        unknown
            .iter()
            .map(|c| railtop_core::country::unknown(c, regions))
            .collect::<Vec<_>>()
            .join("\n")
    )))
    .suggestion("give one of the known countries with --country")
}

/// `--metrics-listen`: `/metrics` on a listener of its own, for as long as the process runs.
async fn start_metrics(addr: Option<SocketAddr>, banner: bool) -> Result<()> {
    let Some(addr) = addr else {
        return Ok(());
    };
    let (listener, local) = railtop_server::listen(addr)
        .await
        .suggestion("is another server on that port? choose another with --metrics-listen")?;
    if banner {
        eprintln!("metrics on http://{local}/metrics");
    }
    tracing::info!(%local, "metrics listening");
    tokio::spawn(railtop_server::serve_metrics(
        listener,
        railtop_server::shutdown_signal(),
    ));
    Ok(())
}

/// `railtop completions SHELL`: the script, from the same definitions as the parser.
fn completions(shell: clap_complete::Shell) -> Result<()> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "railtop", &mut out);
    let mut script = String::from_utf8_lossy(&out).into_owned();
    if shell == clap_complete::Shell::Bash {
        script.push_str(&bash_station_names(&command));
    }
    print(&script)
}

/// The commands whose arguments are stations.
const STATION_COMMANDS: [&str; 4] = ["departures", "arrivals", "board", "ssh"];

/// Bash completes the station arguments of [`STATION_COMMANDS`] with names from railtop's own
/// directory (`railtop stations --names`, offline), asked as they are typed: clap's script
/// knows only fixed words. Wraps clap's `_railtop`, and leaves alone option names and the
/// values of options (which options take one is read from the same definitions).
fn bash_station_names(command: &clap::Command) -> String {
    let mut cases = String::new();
    for name in STATION_COMMANDS {
        let Some(sub) = command.find_subcommand(name) else {
            continue;
        };
        let valued: Vec<String> = sub
            .get_arguments()
            .filter(|a| a.get_action().takes_values() && a.get_long().is_some())
            .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
            .collect();
        cases.push_str(&format!(
            "        {name}) valued=\" {} \" ;;\n",
            valued.join(" ")
        ));
    }
    format!(
        r#"
# Station names for {commands}, from railtop's directory (offline), as they are typed.
_railtop_stations() {{
    _railtop "$@"
    local cur="$2" prev="$3" valued name
    case "${{COMP_WORDS[1]}}" in
{cases}        *) return 0 ;;
    esac
    [[ $cur == -* || $valued == *" $prev "* ]] && return 0
    COMPREPLY=()
    while IFS= read -r name; do
        COMPREPLY+=("$(printf '%q' "$name")")
    done < <("$1" stations --names --limit 20 -- "$cur" 2>/dev/null)
}}
complete -F _railtop_stations -o bashdefault -o default railtop
"#,
        commands = STATION_COMMANDS.join(", ")
    )
}

/// `railtop man [COMMAND]`: railtop(1), or a command's own page (railtop-serve(1)).
fn man_page(command: Option<&str>, keys: &Keymap) -> Result<()> {
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
                    railtop_core::text::quoted(name),
                    names.join(", railtop-")
                ));
            };
            let name = format!("railtop-{}", sub.get_name());
            sub.name(name).version(env!("CARGO_PKG_VERSION"))
        }
    };
    let top_page = command.is_none();
    // `help` is a command of the parser, not a page: no railtop-help(1) is listed.
    let man = clap_mangen::Man::new(page.disable_help_subcommand(true));
    let mut out = Vec::new();
    let made: std::io::Result<()> = (|| {
        man.render_title(&mut out)?;
        man.render_name_section(&mut out)?;
        man.render_synopsis_section(&mut out)?;
        man.render_description_section(&mut out)?;
        man.render_options_section(&mut out)?;
        if top_page {
            man.render_subcommands_section(&mut out)?;
            out.extend_from_slice(man_keys(keys).as_bytes());
            out.extend_from_slice(MAN_SECTIONS.as_bytes());
        }
        man.render_version_section(&mut out)
    })();
    made.wrap_err("cannot make the manual page")?;
    print(&String::from_utf8_lossy(&out))
}

/// railtop(1)'s KEYS: the dashboard's keys in force, as its help window lists them.
fn man_keys(keys: &Keymap) -> String {
    use crate::tui::keymap::{action_names, Mode};
    // roff: a leading `.` or `'` would be a request, `\` an escape, `-` a hyphen.
    let roff = |text: &str| {
        let text = text.replace('\\', "\\e").replace('-', "\\-");
        match text.starts_with(['.', '\'']) {
            true => format!("\\&{text}"),
            false => text,
        }
    };
    let mut out = String::from(".SH KEYS\n");
    out.push_str(if keys.custom() {
        "The dashboard's keys in force, as the configuration file's \\fB[keys]\\fR table sets them (\\fB\\-\\-config /dev/null\\fR shows the defaults); \\fB?\\fR lists them on the dashboard too.\n"
    } else {
        "The dashboard's keys (the defaults: rebind them in the configuration file's \\fB[keys]\\fR table); \\fB?\\fR lists them on the dashboard too.\n"
    });
    let normal = keys.table(Mode::Normal);
    let map = keys
        .table(Mode::Map)
        .iter()
        .filter(|b| !normal.iter().any(|n| n.label == b.label));
    for (i, b) in normal.iter().chain(map).enumerate() {
        if i == normal.len() {
            out.push_str(".PP\nOn the map (Tab to it, or M):\n");
        }
        out.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            roff(&b.label),
            roff(b.help)
        ));
    }
    out.push_str(&format!(
        ".PP\nIn \\fB[keys]\\fR, \\fIaction\\fR = \\fB\"key\"\\fR or a list of keys replaces the action's keys in every mode; Ctrl\\-C always quits. The actions: {}.\n",
        roff(&action_names().join(", "))
    ));
    out
}

/// What railtop(1) says beyond the options: its files, environment, exit status and examples
/// (roff; the same facts as docs/user-guide.md, which a test keeps in step with the parser).
const MAN_SECTIONS: &str = r#".SH FILES
.TP
\fI$XDG_CONFIG_HOME/railtop/config.toml\fR
The configuration file (\fI~/.config/railtop/config.toml\fR without XDG_CONFIG_HOME); \fB\-\-config\fR or RAILTOP_CONFIG names another. Its values are checked as the flags are; \fB\-\-print\-config\fR shows the result.
.TP
\fI$XDG_CACHE_HOME/railtop/stations/\fR
The feeds' own station lists, fetched daily.
.TP
\fI$XDG_CACHE_HOME/railtop/gtfs/\fR
GTFS feeds' static bundles (\fIbundle.zip\fR, asked again daily and conditionally) and the timetables built from them (\fItimetable.bin\fR, read back at the next start), a folder per feed.
.TP
\fI$XDG_STATE_HOME/railtop/ssh_host_ed25519_key\fR
The SSH server's host key, made at its first start.
.TP
\fI$XDG_STATE_HOME/railtop/history.db\fR
What \fBrailtop record\fR (and \fBserve \-\-record\fR) keep, and \fBrailtop stats\fR reads: SQLite, its schema in docs/recording.md; \fB\-\-db\fR or RAILTOP_DB names another.
.TP
\fI$XDG_STATE_HOME/railtop/dashboard.toml\fR
The dashboard's pinned stations and the last board shown (plain TOML; delete it to forget them).
.SH ENVIRONMENT
.TP
\fBRAILTOP_SOURCE\fR, \fBRAILTOP_SEED\fR, \fBRAILTOP_CONFIG\fR, \fBRAILTOP_COUNTRY\fR, \fBRAILTOP_STATION\fR, \fBRAILTOP_INTERVAL\fR, \fBRAILTOP_BOARD_INTERVAL\fR, \fBRAILTOP_ON_TIME\fR, \fBRAILTOP_THEME\fR
The flags of the same names; a flag wins over its variable, a variable over the file.
.TP
\fBRAILTOP_NOW\fR
An RFC 3339 time that holds every source's clock still (replays, tests); every screen says so.
.TP
\fBRAILTOP_LOG\fR, \fBRAILTOP_LOG_FILE\fR, \fBRAILTOP_LOG_FORMAT\fR
What is logged, where, and as text or JSON.
.TP
\fBRAILTOP_REDIS\fR
A Redis URL that several \fBserve\fR instances share their feed answers through.
.TP
\fBRAILTOP_\fR\fICOUNTRY\fR\fB_KEY\fR, \fBRAILTOP_\fR\fICOUNTRY\fR\fB_URL\fR
A feed's API key, or another address for it (RAILTOP_NETHERLANDS_KEY, RAILTOP_FINLAND_URL).
.TP
\fBNO_COLOR\fR
Monochrome, as \fB\-\-no\-color\fR.
.SH "EXIT STATUS"
0 on success; 2 for arguments that are not valid (clap's usage error); 1 for any other failure, a configuration file that is not valid included, said on standard error with a suggestion. A closed output pipe ends quietly.
.SH EXAMPLES
.TP
\fBrailtop \-\-source demo\fR
The dashboard on the offline simulator.
.TP
\fBrailtop departures zurich \-\-source upstream\fR
Zürich HB's departures, once.
.TP
\fBrailtop departures Helsinki Pasila \-\-to Tampere \-\-source demo\fR
Both stations' trains to Tampere, as one list by time.
.TP
\fBrailtop board HKI TPE \-\-source upstream\fR
A kiosk board of two stations, turning.
.TP
\fBrailtop ssh HKI \-\-listen 0.0.0.0:2222\fR
The board over SSH; \fBssh \-p 2222 TPE@host\fR chooses a station.
.TP
\fBrailtop serve \-\-listen 127.0.0.1:8080\fR
The Live Train Data API over HTTP.
.TP
\fBrailtop record \-\-source upstream\fR
Every change of every live train into the history file, until stopped; \fBrailtop stats \-\-since 24h \-\-by line\fR reads punctuality back.
.TP
\fBrailtop watch \-\-train "IC 27" \-\-exec ./notify.sh\fR
A line (and a run of the program) per change of the train.
.SH "SEE ALSO"
railtop\-serve(1), railtop\-board(1), railtop\-ssh(1), railtop\-trains(1), railtop\-stations(1), railtop\-train(1), railtop\-departures(1), railtop\-arrivals(1), railtop\-record(1), railtop\-stats(1), railtop\-watch(1)
"#;

/// One line on standard output for a command that runs on (`record`, `watch`), flushed at
/// once; a reader that went away costs nothing but the line.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
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
