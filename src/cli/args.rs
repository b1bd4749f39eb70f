//! The command line as clap reads it: the options of every command, each command's own, and the
//! value parsers that refuse what cannot be meant (each error is the message a person reads).

use super::output::Format;
use clap::{Parser, Subcommand};
use color_eyre::eyre::{eyre, Result};
use color_eyre::Section;
use railtop_core::config::{self, Config, Overrides, Theme};
use railtop_core::model::{Kind, MAX_MERGED};
use railtop_core::traveller::{Place, Route, Walks};
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_feeds::source::MAX_LIMIT;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

mod over_time;
mod values;
pub use over_time::*;
use values::{
    any_text, at_least_one, parse_interval, parse_langs, parse_limit, parse_listen, parse_network,
    parse_on_time, parse_place, parse_point, parse_source, parse_startups, parse_station,
    parse_timeout, parse_token, parse_turn, parse_walks, parse_within, Offering,
};

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
    #[arg(long, env = "RAILTOP_COUNTRY", hide_possible_values = true,
          value_parser = Offering { parse: any_text, values: railtop_core::country::slugs })]
    pub country: Option<String>,

    /// Dashboard: the station whose board to show (a code, country:code or a name).
    #[arg(long, env = "RAILTOP_STATION")]
    pub station: Option<String>,

    /// Dashboard: time between realtime refreshes, 1s to 1h, e.g. 15s or 1m (a bare number is
    /// seconds) [default: 15s].
    #[arg(long, env = "RAILTOP_INTERVAL", value_parser = parse_interval)]
    pub interval: Option<u64>,

    /// Minutes late that still count as on time (0–30): the dashboard's punctuality, `stats`,
    /// `serve`'s stats; before or after the command [default: 5].
    #[arg(long, global = true, env = "RAILTOP_ON_TIME", value_parser = parse_on_time)]
    pub on_time: Option<u64>,

    /// Dashboard: time between board refreshes, 1s to 1h (a bare number is seconds)
    /// [default: 30s].
    #[arg(long, env = "RAILTOP_BOARD_INTERVAL", value_parser = parse_interval)]
    pub board_interval: Option<u64>,

    /// Dashboard: no colours (also when NO_COLOR is set): every state is still shown in text.
    #[arg(long)]
    pub no_color: bool,

    /// Dashboard: for a screen reader — lines of text, no frame drawn; the board shown said
    /// whole, then its changes once each; each move says the row the cursor is on.
    #[arg(long)]
    pub screen_reader: bool,

    /// Dashboard: colours for a dark terminal (color), a light one (light), for colour-blind eyes
    /// on a dark one (deuteranopia, protanopia, tritanopia), of high contrast (high-contrast), or
    /// none (mono) [default: color].
    #[arg(long, value_enum, env = "RAILTOP_THEME")]
    pub theme: Option<Theme>,

    /// The language of the screens' own words: en, de, fr, nl, it, es, fi, sv or nb; two, such
    /// as fi,en, alternate page by page on `board` and `ssh` [default: the locale's (LC_ALL,
    /// LC_MESSAGES, LANG), else English].
    #[arg(long, global = true, env = "RAILTOP_LANG", value_parser = parse_langs)]
    pub lang: Option<railtop_i18n::Langs>,

    /// Print the effective configuration (command line over RAILTOP_* over the file) and exit.
    #[arg(long)]
    pub print_config: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The source options in force: the subcommand's where it gives them, else the ones before
    /// it (`railtop --source demo trains` and `railtop trains --source demo` are the same).
    pub(crate) fn source_args(&self) -> SourceArgs {
        let after = match &self.command {
            Some(Command::Serve(ServeArgs { from, .. }))
            | Some(Command::Board(BoardArgs { from, .. }))
            | Some(Command::Ssh(SshArgs { from, .. }))
            | Some(Command::Trains(TrainsArgs { from, .. }))
            | Some(Command::Departures(DeparturesArgs { from, .. }))
            | Some(Command::Arrivals(DeparturesArgs { from, .. }))
            | Some(Command::Train(TrainArgs { from, .. }))
            | Some(Command::Record(RecordArgs { from, .. }))
            | Some(Command::Watch(WatchArgs { from, .. })) => Some(from),
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
    pub(super) fn overrides(&self) -> Overrides {
        // `board` and `ssh` take the board's options after their name.
        let kiosk = match &self.command {
            Some(Command::Board(BoardArgs { kiosk, .. }))
            | Some(Command::Ssh(SshArgs { kiosk, .. })) => Some(kiosk),
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
            screen_reader: self.screen_reader
                || matches!(
                    &self.command,
                    Some(Command::Board(BoardArgs {
                        screen_reader: true,
                        ..
                    }))
                ),
            lang: self.lang,
            redis: match &self.command {
                Some(Command::Serve(ServeArgs { redis, .. })) => redis.clone(),
                _ => None,
            },
        }
    }
}

pub(super) fn config_path(cli: &Cli) -> Option<PathBuf> {
    cli.config.clone().or_else(config::default_path)
}

/// Where data comes from, for the dashboard and each command that reads a source (`stations`
/// reads none, so it does not offer these).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SourceArgs {
    /// Where data comes from: demo, upstream, or http(s)://host:port of an API server.
    #[arg(long, env = "RAILTOP_SOURCE", hide_possible_values = true,
          value_parser = Offering { parse: parse_source, values: || vec!["demo", "upstream", "http://"] })]
    pub source: Option<String>,

    /// Seed of the demo simulator: the same seed and clock give the same trains [default: 1].
    #[arg(long, env = "RAILTOP_SEED")]
    pub seed: Option<u64>,

    /// Multiplies the demo's trains (e.g. 40 for about 24,000), for benchmarks [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub demo_scale: Option<u32>,
}

#[derive(Debug, Subcommand)]
#[allow(
    clippy::large_enum_variant,
    reason = "parsed once at start and moved into its command: a few hundred bytes, once"
)]
pub enum Command {
    /// Serve the Live Train Data API over HTTP.
    Serve(ServeArgs),
    /// A full-screen departure board that runs unattended (kiosk).
    Board(BoardArgs),
    /// Serve the kiosk board over SSH: `ssh -p 2222 host` shows it, and nothing else.
    Ssh(SshArgs),
    /// List live trains once and exit.
    Trains(TrainsArgs),
    /// Find stations by name or code, in every country or one, and exit (offline: railtop's
    /// station directory).
    Stations(StationsArgs),
    /// Show one train's run, stop by stop, once and exit.
    Train(TrainArgs),
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
    Departures(DeparturesArgs),
    /// Show a station's arrivals once and exit.
    Arrivals(DeparturesArgs),
    /// Keep what the source says over time: every change of every train (and of chosen
    /// stations' boards) into a SQLite file, until stopped.
    Record(RecordArgs),
    /// Punctuality from a recorded file: runs, share on time, mean, median and 90th percentile
    /// delay, cancellations, by country, operator, line, station or hour.
    Stats(StatsArgs),
    /// Follow trains or a station's board and print a line per change as it happens (delay,
    /// platform, cancelled, reinstated, departed, arrived); --exec runs a command per change.
    Watch(WatchArgs),
}

/// The options of `railtop serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// Address to listen on: a port (on 127.0.0.1), HOST:PORT with a name or an address,
    /// or [::]:PORT.
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = parse_listen)]
    pub listen: SocketAddr,
    /// Requests per minute per client IP; 0 switches the limit off.
    #[arg(long, default_value_t = 60)]
    pub rate_limit: u32,
    /// Take the client IP from X-Forwarded-For (only behind a proxy that sets it).
    #[arg(long)]
    pub trust_forwarded_for: bool,
    /// Connections open at once, 1 to 1048576 [default: the open-file limit less 64, at most 16384].
    #[arg(long, value_parser = at_least_one)]
    pub max_connections: Option<usize>,
    /// Connections open at once from one IP (at most half of --max-connections).
    #[arg(long, default_value_t = 256, value_parser = at_least_one)]
    pub max_per_ip: usize,
    /// Browsers' boards kept up to date by events at once (`/board/events`), in all.
    #[arg(long, default_value_t = 2048, value_parser = at_least_one)]
    pub board_streams: usize,
    /// Browsers' boards kept up to date by events at once from one client.
    #[arg(long, default_value_t = 16, value_parser = at_least_one)]
    pub board_streams_per_client: usize,
    /// How long one browser's event stream lasts before the server ends it (the browser opens
    /// another by itself): what a reader that stopped reading can hold its place for, e.g. 10m.
    #[arg(long, default_value = "10m", value_parser = parse_timeout)]
    pub board_stream_max: u64,
    /// Cached answers held at most, in MiB of JSON, for realtime and for boards each.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub cache_mb: u64,
    /// `/healthz` answers 503 once every feed asked has failed for this long, e.g. 10m.
    #[arg(long, default_value = "10m", value_parser = parse_timeout)]
    pub unhealthy_after: u64,
    /// Serve `/metrics` on this address instead of the API's (a port, HOST:PORT or
    /// [::]:PORT), to keep them off the public port.
    #[arg(long, value_parser = parse_listen)]
    pub metrics_listen: Option<SocketAddr>,
    /// Share feed answers and rate limits with the other `serve` instances on this Redis,
    /// redis://[:PASSWORD@]HOST[:PORT][/DB] (also `[server] redis` in the config file).
    #[arg(long, env = "RAILTOP_REDIS", value_name = "URL")]
    pub redis: Option<String>,
    /// Record while serving, as `railtop record` does, into this file [default:
    /// $XDG_STATE_HOME/railtop/history.db]; /api/live/stats then answers from it.
    #[arg(long, value_name = "DB", num_args = 0..=1)]
    pub record: Option<Option<PathBuf>>,
    #[command(flatten)]
    pub limits: RecordLimits,
}

/// The options of `railtop board`.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// One or more stations, each a code, a name or COUNTRY:CODE (e.g. HKI, Tampere,
    /// finland:PSL); several rotate.
    #[arg(required = true, value_parser = parse_station)]
    pub stations: Vec<String>,
    #[command(flatten)]
    pub kiosk: KioskArgs,
    /// For a screen reader: the board as lines of text, no frame drawn; its changes said once
    /// each, one line a train; ↑ ↓ say a train, Enter says the board again, ← → change station.
    #[arg(long)]
    pub screen_reader: bool,
}

/// The options of `railtop ssh`.
#[derive(Debug, clap::Args)]
pub struct SshArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// Address to listen on: a port (on 127.0.0.1), HOST:PORT with a name or an address,
    /// or [::]:PORT.
    #[arg(long, default_value = "127.0.0.1:2222", value_parser = parse_listen)]
    pub listen: SocketAddr,
    /// One or more stations, each a code, a name or COUNTRY:CODE, as `railtop board` takes
    /// them; several rotate, ←/→ switch, and `ssh STATION@host` chooses one.
    #[arg(required_unless_present = "station_flags", value_parser = parse_station)]
    pub stations: Vec<String>,
    /// Every viewer hears the board as lines for a screen reader (one viewer asks for it with
    /// `ssh STATION+sr@host`, or `ssh sr@host`).
    #[arg(long, value_parser = clap::builder::FalseyValueParser::new())]
    pub screen_reader: bool,
    /// The stations as earlier versions took them (`--station HKI --station TPE`): still read,
    /// no longer shown.
    #[arg(long = "station", hide = true, id = "station_flags")]
    pub station_flags: Vec<String>,
    /// The server's private key; made (mode 0600) on first start [default: $XDG_STATE_HOME/railtop/ssh_host_ed25519_key].
    #[arg(long)]
    pub host_key: Option<PathBuf>,
    /// Admit only these public keys (an OpenSSH authorized_keys file); anyone may watch without it.
    #[arg(long)]
    pub authorized_keys: Option<PathBuf>,
    /// Sessions at once, in all (1 to 1048576).
    #[arg(long, default_value_t = 64, value_parser = at_least_one)]
    pub max_sessions: usize,
    /// Sessions at once from one IP address.
    #[arg(long, default_value_t = 4, value_parser = at_least_one)]
    pub max_per_ip: usize,
    /// New connections per minute from one IP address; 0 switches the check off.
    #[arg(long, default_value_t = 20)]
    pub connections_per_minute: u32,
    /// End a session after this long without a key pressed, e.g. 30m.
    #[arg(long, default_value = "1h", value_parser = parse_timeout)]
    pub idle_timeout: u64,
    /// End any session after this long.
    #[arg(long, default_value = "12h", value_parser = parse_timeout)]
    pub max_session: u64,
    /// Cut off a client that reads nothing for this long.
    #[arg(long, default_value = "15s", value_parser = parse_timeout)]
    pub write_timeout: u64,
    /// Connections still in their handshake, as OpenSSH's MaxStartups start:rate:full: past
    /// `start`, new ones are turned away with a chance from rate % up to 100 % at `full`.
    #[arg(long, default_value = "10:30:60", value_parser = parse_startups)]
    pub max_startups: (usize, u32, usize),
    /// Networks never penalised for connections that close before a word or stall their
    /// handshake (a load balancer's or monitor's TCP checks), as OpenSSH's
    /// PerSourcePenaltyExemptList: CIDRs or addresses, e.g. 10.0.0.0/8 or ::1.
    #[arg(long, value_name = "CIDR", num_args = 1.., value_parser = parse_network)]
    pub penalty_exempt: Vec<railtop_server::admission::IpNet>,
    /// Serve Prometheus metrics (`/metrics` over HTTP) on this address: a port, HOST:PORT
    /// or [::]:PORT.
    #[arg(long, value_parser = parse_listen)]
    pub metrics_listen: Option<SocketAddr>,
    #[command(flatten)]
    pub kiosk: KioskArgs,
}

/// The options of `railtop trains`.
#[derive(Debug, clap::Args)]
pub struct TrainsArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// A country slug, e.g. finland or united-states (all countries without it).
    #[arg(long, hide_possible_values = true, value_parser = Offering { parse: any_text, values: railtop_core::country::slugs })]
    pub country: Option<String>,
    /// Only the trains calling at this station: a code, a name or COUNTRY:CODE, e.g.
    /// berlin-hbf or Helsinki.
    #[arg(long)]
    pub stop: Option<String>,
    /// table (aligned, for people), json (the API's answer as it is) or csv (RFC 4180,
    /// with a header row).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// The options of `railtop stations`.
#[derive(Debug, clap::Args)]
pub struct StationsArgs {
    /// A name, part of one, or a code; COUNTRY:CODE or COUNTRY:NAME searches that country
    /// alone; without it, the stations main ones first.
    pub query: Option<String>,
    /// Only this country's stations, e.g. germany.
    #[arg(long, hide_possible_values = true, value_parser = Offering { parse: any_text, values: railtop_core::country::slugs })]
    pub country: Option<String>,
    /// Nearest first to this point, e.g. 60.17,24.94.
    #[arg(long, value_parser = parse_point, allow_hyphen_values = true)]
    pub near: Option<(f64, f64)>,
    /// How many stations (1–100).
    #[arg(long, default_value_t = 20, value_parser = parse_limit)]
    pub limit: u16,
    /// table (aligned, for people), json (the API's answer as it is) or csv (RFC 4180,
    /// with a header row).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// For shell completion: the matching stations' names, one a line, and nothing else (no
    /// error when none matches).
    #[arg(long, hide = true)]
    pub names: bool,
}

/// The options of `railtop train`.
#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// The train's id, as `railtop trains --format csv` lists it (its first column).
    pub id: String,
    /// table (aligned, for people), json (railtop's /api/live/train answer as it is) or
    /// csv (RFC 4180, one row a stop, with a header row).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// The options of `railtop departures` and `railtop arrivals`.
#[derive(Debug, clap::Args)]
pub struct DeparturesArgs {
    #[command(flatten)]
    pub from: SourceArgs,
    /// Station: a code, a name or COUNTRY:CODE, e.g. HKI, Helsinki, berlin-hbf, 8503000;
    /// up to five nearby stations make one board, ordered by time.
    #[arg(required = true, value_parser = parse_station)]
    pub stations: Vec<String>,
    #[command(flatten)]
    pub route: RouteArgs,
    /// How many rows (1–100).
    #[arg(long, default_value_t = 20, value_parser = parse_limit)]
    pub limit: u16,
    /// Leave out trains leaving sooner than the walk to their station: 5m for every station,
    /// or Helsinki=3m,Pasila=7m each.
    #[arg(long, value_parser = parse_walks)]
    pub walk_time: Option<Walks>,
    /// table (aligned, for people; messages under their row), json (the API's answer as it
    /// is) or csv (RFC 4180, with a header row).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// Where the traveller is going: `departures`, `arrivals`, `board` and `ssh` take it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RouteArgs {
    /// Only trains that call at this station after this one (departures), e.g. --to Utrecht.
    #[arg(long, value_parser = parse_place)]
    pub to: Option<String>,
    /// Only trains that called at this station before this one (arrivals).
    #[arg(long = "from", value_parser = parse_place)]
    pub origin: Option<String>,
    /// Only trains that call at this station on the way.
    #[arg(long, value_parser = parse_place)]
    pub via: Option<String>,
}

impl RouteArgs {
    /// The route for a board of `kind` of `stations`, or why it makes no sense there (`--to`
    /// on arrivals, `--to` the board's own station): a [`Usage`](super::Usage) error.
    pub(super) fn route(&self, kind: Kind, stations: &[String]) -> Result<Route> {
        let (end, wrong) = match kind {
            Kind::Departures => (&self.to, self.origin.as_ref().map(|_| ("--from", "--to"))),
            Kind::Arrivals => (&self.origin, self.to.as_ref().map(|_| ("--to", "--from"))),
        };
        if let Some((wrong, right)) = wrong {
            return Err(eyre!(super::Usage(format!(
                "{wrong} is not for {}",
                kind.name()
            ))))
            .suggestion(format!("{} take {right} (and --via)", kind.name()));
        }
        let directory = railtop_core::stations::current();
        let flag = match kind {
            Kind::Departures => "--to",
            Kind::Arrivals => "--from",
        };
        let place = |text: &Option<String>, flag: &str| -> Result<Option<Place>> {
            let Some(text) = text.as_deref() else {
                return Ok(None);
            };
            let place = Place::checked(text, &directory).map_err(|why| {
                eyre!(super::Usage(format!("{flag}: {why}"))).suggestion(
                    "`railtop stations NAME` lists the stations railtop knows; a code names one \
                     in its country, as in finland:TPE",
                )
            })?;
            // The board's own station is no end and no stop on the way: the board would be
            // empty, said as "no train on that route".
            let itself = directory.named(text).and_then(|end| {
                stations
                    .iter()
                    .filter_map(|s| directory.named(s))
                    .find(|s| s.qualified() == end.qualified())
            });
            if let Some(station) = itself {
                let wanted = match flag {
                    "--via" => "a station on the way",
                    "--from" => "where the trains come from",
                    _ => "where the trains go",
                };
                return Err(eyre!(super::Usage(format!(
                    "{flag} {} is a station of the board itself: {}",
                    railtop_core::text::quoted(text),
                    station.described()
                ))))
                .suggestion(format!(
                    "give {flag} {wanted}, a station other than the board's"
                ));
            }
            Ok(Some(place))
        };
        Ok(Route {
            end: place(end, flag)?,
            via: place(&self.via, "--via")?,
        })
    }
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
    /// Hide departures leaving sooner than the walk to their station (nobody at the display
    /// can reach them), in whole minutes: 5m for every station, or HKI=3m,PSL=7m each.
    #[arg(long, value_parser = parse_walks)]
    walk_time: Option<Walks>,
    /// Show the stations as one board, ordered by time, with a column saying which station
    /// each train leaves from (up to five stations), instead of one board after the other.
    #[arg(long)]
    merge: bool,
    /// Arrivals instead of departures.
    #[arg(long)]
    arrivals: bool,
    #[command(flatten)]
    route: RouteArgs,
    /// Operating hours on the station's clock, e.g. 05:00-01:00; outside them the screen is
    /// dark but for one dim line saying them.
    #[arg(long, value_parser = crate::kiosk::state::parse_hours)]
    hours: Option<(chrono::NaiveTime, chrono::NaiveTime)>,
    /// At most this many departures per station (1–100).
    #[arg(long, value_parser = parse_limit)]
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
    /// Colours for a dark screen (color), a light one (light), for colour-blind eyes
    /// (deuteranopia, protanopia, tritanopia), of high contrast (high-contrast), or none (mono)
    /// [default: color].
    #[arg(long, value_enum, env = "RAILTOP_THEME")]
    theme: Option<Theme>,
}

impl KioskArgs {
    /// The boards of `stations`: one each, or one of them all (`--merge`), of the kind and
    /// route asked for.
    pub(super) fn boards(&self, stations: &[String]) -> Result<Vec<TravelQuery>> {
        let kind = if self.arrivals {
            Kind::Arrivals
        } else {
            Kind::Departures
        };
        let route = self.route.route(kind, stations)?;
        if self.merge && stations.len() > MAX_MERGED {
            return Err(eyre!(
                "--merge makes one board of at most {MAX_MERGED} stations; {} were given",
                stations.len()
            ))
            .suggestion("leave out --merge to show them one after the other");
        }
        let board = |stations: Vec<String>| TravelQuery {
            stations,
            kind,
            route: route.clone(),
            // The kiosk hides what cannot be reached on foot by its own clock, every second.
            walks: Walks::default(),
            limit: MAX_LIMIT,
        };
        let boards: Vec<TravelQuery> = if self.merge {
            vec![board(stations.to_vec())]
        } else {
            stations.iter().map(|s| board(vec![s.clone()])).collect()
        };
        if let Some(walks) = &self.walk_time {
            let directory = railtop_core::stations::current();
            let names: Vec<String> = stations
                .iter()
                .map(|s| directory.named(s).map_or(s.clone(), |e| e.name.clone()))
                .collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let unknown = walks.unknown(&names);
            if !unknown.is_empty() {
                return Err(eyre!(
                    "--walk-time names {}, which is not one of the board's stations",
                    unknown.join(", ")
                ))
                .suggestion("name the stations as they are given, e.g. --walk-time HKI=3m,PSL=7m");
            }
        }
        Ok(boards)
    }

    /// The settings, or why the options cannot work together for `stations` stations (boards).
    pub(super) fn settings(
        &self,
        config: &Config,
        stations: usize,
    ) -> Result<crate::kiosk::KioskSettings> {
        let stations = if self.merge { 1 } else { stations };
        if stations > 1 && self.page > self.rotate {
            return Err(eyre!(
                "--page {} is longer than --rotate {}: a station's pages share its turn, so \
                 no page after the first would show",
                railtop_core::duration::format(Duration::from_secs(self.page)),
                railtop_core::duration::format(Duration::from_secs(self.rotate))
            ))
            .suggestion("make --rotate at least as long as --page");
        }
        Ok(crate::kiosk::KioskSettings {
            rotate_secs: self.rotate,
            page_secs: self.page,
            walks: self.walk_time.clone().unwrap_or_default(),
            hours: self.hours,
            board_interval_secs: config.board_interval,
            theme: config.theme,
            limit: self.limit.map(usize::from),
            within_minutes: self.within.map(|s| (s / 60) as i64),
            platforms: self.platform.clone(),
            lines: self.line.clone(),
            clock: self.clock,
            screen_reader: false,
            langs: config.lang,
        })
    }
}

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[cfg(test)]
mod tests;
