//! The configuration, resolved once into one typed [`Config`]: the command line (clap folds the
//! `RAILTOP_*` variables into it) over the environment's per-feed variables over the file
//! (`$XDG_CONFIG_HOME/railtop/config.toml`) over [`defaults`]. It depends on nothing above it:
//! the feeds and the screens read what it resolved.

use crate::clock::{self, Clock};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod keys;
mod modes;
pub(crate) mod values;
pub use keys::{KeyBinding, KeyEntry};
pub use modes::Modes;
pub use values::{check_source, closest, interval_secs, is_http_url, masked_url};
use values::{file_values, masked_credentials};

/// Defaults, written once: every other place that needs one reads it from here.
pub mod defaults {
    /// Where data comes from without `--source`.
    pub const SOURCE: &str = "upstream";
    /// Seconds between realtime refreshes.
    pub const INTERVAL_SECS: u64 = 15;
    /// Seconds between board refreshes.
    pub const BOARD_INTERVAL_SECS: u64 = 30;
    /// A train this many minutes late still counts as on time (the common 5 minutes).
    pub const ON_TIME_MINUTES: u64 = 5;
    /// The most `on_time` may be.
    pub(crate) const MAX_ON_TIME_MINUTES: u64 = 30;
    /// The fewest and most seconds between refreshes (`interval`, `board_interval`).
    pub const INTERVAL_RANGE_SECS: (u64, u64) = (1, 3600);
}

/// What can be wrong with the configuration; each names the place to fix.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(transparent)]
    Read(crate::files::FileError),
    /// A mistake inside the file at `path`.
    #[error("in {}", path.display())]
    InFile {
        path: PathBuf,
        source: Box<ConfigError>,
    },
    /// The TOML does not parse or has a key or value railtop does not know.
    #[error("{0}")]
    Toml(String),
    /// A `[[feeds]]` entry that cannot be a feed.
    #[error("[[feeds]] {slug:?}: {problem}")]
    Feed { slug: String, problem: String },
    /// A file named on the command line that is not there (a default path may be missing).
    #[error("{} does not exist", .0.display())]
    Missing(PathBuf),
    /// A value the file gives that railtop does not know, at a line, with what was meant.
    #[error("line {line}: {problem}")]
    Unknown { line: usize, problem: String },
    #[error(transparent)]
    Clock(#[from] clock::BadNow),
}

/// The screens' colours: the 16 named colours for a dark background (`color`) or a light one
/// (`light`); for a dark background, palettes whose statuses stay apart for a person with
/// deuteranopia, protanopia or tritanopia, and one of high contrast (7:1); or none (`mono`:
/// every state still in words and weight).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    #[default]
    Color,
    Light,
    Deuteranopia,
    Protanopia,
    Tritanopia,
    HighContrast,
    Mono,
}

/// What the command line says, `None` where it says nothing (clap has already folded
/// `RAILTOP_SOURCE`, `RAILTOP_INTERVAL` … into it).
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub source: Option<String>,
    pub country: Option<String>,
    pub station: Option<String>,
    pub interval: Option<u64>,
    pub board_interval: Option<u64>,
    pub on_time: Option<u64>,
    pub no_color: bool,
    pub theme: Option<Theme>,
    /// `--screen-reader` (the dashboard's, or `board`'s).
    pub screen_reader: bool,
    /// `--lang fi` or `--lang fi,en` (`RAILTOP_LANG`).
    pub lang: Option<railtop_i18n::Langs>,
    /// `serve --redis`.
    pub redis: Option<String>,
}

/// The configuration in force, resolved once from every layer; `--print-config` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Config {
    /// Printed with any password in it masked.
    #[serde(serialize_with = "serialize_source")]
    pub source: String,
    pub country: Option<String>,
    pub station: Option<String>,
    pub interval: u64,
    pub board_interval: u64,
    /// Minutes late that still count as on time (the header's punctuality).
    pub on_time: u64,
    pub theme: Theme,
    /// The dashboard and `board` said as lines for a screen reader (`screen_reader = true`; the
    /// `--screen-reader` flag and `RAILTOP_SCREEN_READER` too).
    pub screen_reader: bool,
    /// The language the screens speak, or two a board alternates: `--lang` over the file's
    /// `lang` over the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), English where none says.
    #[serde(serialize_with = "serialize_display")]
    pub lang: railtop_i18n::Langs,
    /// Each feed's settings by slug: the file's `[upstream.*]` under the environment's
    /// `RAILTOP_<COUNTRY>_URL` and `_KEY`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub upstream: BTreeMap<String, FeedSettings>,
    /// The `[[feeds]]` entries, checked.
    #[serde(skip)]
    pub gtfs_feeds: Vec<GtfsFeedConfig>,
    /// The Redis that `serve` instances share (`--redis` over `[server] redis`), printed as
    /// the file writes it, with any password masked.
    #[serde(
        rename = "server",
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_redis"
    )]
    pub redis: Option<String>,
    /// The file's `[keys]`, in its order, each with its line: the dashboard checks the
    /// actions and key names (this crate knows no screen).
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "keys::serialize"
    )]
    pub keys: Vec<KeyBinding>,
    /// `RAILTOP_NOW`, or the system clock.
    #[serde(skip)]
    pub clock: Clock,
}

impl Config {
    /// Every layer at once: `cli` over the environment (`env` looks a variable up: the
    /// process's, or a test's) over `file` over [`defaults`].
    pub fn resolve(
        cli: &Overrides,
        file: &FileConfig,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        // NO_COLOR set to anything non-empty (no-color.org).
        let no_color_env = env("NO_COLOR").is_some_and(|v| !v.is_empty());
        let named = cli.theme.or(file.theme).unwrap_or_default();
        let mono = cli.no_color || no_color_env || named == Theme::Mono;
        Ok(Config {
            source: cli
                .source
                .clone()
                .filter(|s| !s.trim().is_empty())
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
            on_time: cli
                .on_time
                .or(file.on_time)
                .unwrap_or(defaults::ON_TIME_MINUTES),
            theme: if mono { Theme::Mono } else { named },
            // The flag, `RAILTOP_SCREEN_READER` (set to anything but empty, 0 or false), the file.
            screen_reader: cli.screen_reader
                || env("RAILTOP_SCREEN_READER")
                    .map(|v| !matches!(v.trim(), "" | "0" | "false"))
                    .unwrap_or_else(|| file.screen_reader.unwrap_or(false)),
            lang: cli
                .lang
                .or(file.lang)
                .or_else(|| railtop_i18n::Lang::from_env(&env).map(railtop_i18n::Langs::one))
                .unwrap_or_default(),
            upstream: file.feed_settings_with(&env),
            gtfs_feeds: file.gtfs_feeds()?,
            redis: cli
                .redis
                .clone()
                .or_else(|| file.server.as_ref().and_then(|s| s.redis.clone()))
                .map(|url| url.trim().to_string())
                .filter(|url| !url.is_empty()),
            keys: keys::bindings(&file.keys),
            clock: Clock::from_value(env(clock::NOW_ENV).as_deref())?,
        })
    }

    /// The process's own environment.
    pub fn from_process(cli: &Overrides, file: &FileConfig) -> Result<Config, ConfigError> {
        Config::resolve(cli, file, |var| std::env::var(var).ok())
    }
}

/// What the user may set per feed, resolved once here: the configuration file's
/// `[upstream.<country>]`, overridden by `RAILTOP_<COUNTRY>_URL` and `RAILTOP_<COUNTRY>_KEY`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FeedSettings {
    /// Base URL instead of the real upstream's.
    #[serde(rename = "url", skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// For countries without positions: the station whose board `realtime` lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hub: Option<String>,
    /// The API key of a feed that needs one (printed as "(set)" or "(not set)", never itself).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_masked"
    )]
    pub key: Option<String>,
    /// For the GTFS-Realtime countries: the static GTFS bundle's URL instead of the built-in
    /// one, or `""` for none. A feed moved to another `url` reads none unless this names one
    /// (a mirror or a test never reaches the real host by the side door).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub static_gtfs: Option<String>,
}

fn serialize_source<S: serde::Serializer>(source: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&masked_url(source))
}

fn serialize_redis<S: serde::Serializer>(url: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    ServerFile {
        redis: url.as_deref().map(masked_url),
    }
    .serialize(s)
}

fn serialize_masked<S: serde::Serializer>(key: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match key.as_deref().map(str::trim) {
        Some(k) if !k.is_empty() => "(set)",
        _ => "(not set)",
    })
}

impl FeedSettings {
    /// Settings that only move the feed to another base URL.
    pub fn at(base: impl Into<String>) -> FeedSettings {
        FeedSettings {
            base: Some(base.into()),
            ..FeedSettings::default()
        }
    }

    /// The key, unless it is blank.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref().map(str::trim).filter(|k| !k.is_empty())
    }
}

/// `RAILTOP_FINLAND_URL`, `RAILTOP_UNITED_STATES_URL` …
pub(crate) fn override_var(slug: &str) -> String {
    format!("RAILTOP_{}_URL", slug.to_uppercase().replace('-', "_"))
}

/// `RAILTOP_NETHERLANDS_KEY` …
pub fn key_var(slug: &str) -> String {
    format!("RAILTOP_{}_KEY", slug.to_uppercase().replace('-', "_"))
}

/// One GTFS-Realtime feed's description (from the config file, or built in).
#[derive(Debug, Clone, PartialEq)]
pub struct GtfsFeedConfig {
    /// The country or region slug it answers for.
    pub slug: String,
    /// Who runs it, for messages and the operator column.
    pub name: String,
    pub timezone: Tz,
    /// Whole URLs, or paths below the feed's base URL (Malaysia's built-in feed).
    pub vehicle_positions: String,
    pub trip_updates: Option<String>,
    /// Its service alerts: each one's header becomes the message of the trips, routes and stops
    /// it names.
    pub alerts: Option<String>,
    pub static_gtfs: Option<String>,
    pub attribution: String,
    /// Multiplies `position.speed` into km/h: 3.6 for the spec's m/s; 1 for feeds that send
    /// km/h anyway (KTMB's values reach 128, which no train does in m/s).
    pub speed_to_kmh: f64,
    /// Which of the static bundle's routes are kept (rail alone by default).
    pub modes: Modes,
    /// The largest static bundle fetched to disk, in bytes.
    pub static_max_bytes: u64,
    /// How its realtime trips are found in the static timetable.
    pub trip_match: TripMatch,
}

impl GtfsFeedConfig {
    /// A feed of `slug` run by `name` on `timezone`'s clock, its vehicle positions at
    /// `vehicle_positions`, and the rest as a `[[feeds]]` entry that says nothing else has it:
    /// no other feed, no credit, speeds in m/s, rail alone, the default bundle cap and trip match.
    pub fn new(slug: &str, name: &str, timezone: Tz, vehicle_positions: &str) -> GtfsFeedConfig {
        GtfsFeedConfig {
            slug: slug.into(),
            name: name.into(),
            timezone,
            vehicle_positions: vehicle_positions.into(),
            trip_updates: None,
            alerts: None,
            static_gtfs: None,
            attribution: String::new(),
            speed_to_kmh: 3.6,
            modes: Modes::default(),
            static_max_bytes: DEFAULT_STATIC_MAX_MIB << 20,
            trip_match: TripMatch::default(),
        }
    }
}

/// How a feed's realtime trips are found in its static timetable (`trip_match` in
/// `[[feeds]]`). Many operators give their realtime trips ids of their own, such as
/// `<train number>_<YYYYMMDD>`, while the bundle has others.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TripMatch {
    /// By trip id where the bundle has it, else by train number (`trip_short_name`) on the
    /// trip's service day.
    #[default]
    Auto,
    /// By trip id alone (the GTFS-Realtime specification's way).
    Id,
    /// By train number alone, whatever the ids say.
    ShortName,
}

/// The largest static bundle a feed fetches unless its `static_max_mib` says otherwise: the
/// largest national bundles (Germany's, with every bus) are under 1 GiB zipped.
pub const DEFAULT_STATIC_MAX_MIB: u64 = 4096;
/// `static_max_mib`'s bounds.
pub const STATIC_MAX_MIB: std::ops::RangeInclusive<u64> = 1..=65536;

/// Everything the file may set; every key optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    #[serde(default, deserialize_with = "file_values::source")]
    pub source: Option<String>,
    pub country: Option<String>,
    pub station: Option<String>,
    /// Seconds between realtime refreshes (1 s to 1 h; `15` or `"15s"`).
    #[serde(default, deserialize_with = "file_values::realtime")]
    pub interval: Option<u64>,
    /// Seconds between board refreshes (1 s to 1 h).
    #[serde(default, deserialize_with = "file_values::board")]
    pub board_interval: Option<u64>,
    /// Minutes late that still count as on time (0–30; default 5).
    #[serde(default, deserialize_with = "file_values::on_time")]
    pub on_time: Option<u64>,
    pub theme: Option<Theme>,
    /// `screen_reader = true`: the dashboard and `board` said as lines for a screen reader.
    pub screen_reader: Option<bool>,
    /// `lang = "de"`, or two a board alternates, `lang = "fi,en"`.
    #[serde(
        default,
        deserialize_with = "file_values::lang",
        serialize_with = "serialize_lang",
        skip_serializing_if = "Option::is_none"
    )]
    pub lang: Option<railtop_i18n::Langs>,
    /// `[upstream.finland] url = "…"`: a feed's base URL (`RAILTOP_<COUNTRY>_URL` wins).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub upstream: BTreeMap<String, UpstreamFeed>,
    /// `[[feeds]]`: GTFS-Realtime feeds that add (or replace) a country or region.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub feeds: Vec<GtfsFeedEntry>,
    /// `[server]`: what `serve` reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<ServerFile>,
    /// `[keys]`: the dashboard's keys of the user's own, `action = "key"` or a list of keys,
    /// each entry's line kept (the dashboard checks them).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub keys: BTreeMap<toml::Spanned<String>, KeyEntry>,
}

/// The `[server]` table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerFile {
    /// `redis = "redis://host:6379"`: share feed answers and rate limits with the other
    /// `serve` instances on that Redis (`--redis` wins).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "file_values::redis_url"
    )]
    pub redis: Option<String>,
}

/// One `[[feeds]]` table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GtfsFeedEntry {
    /// A country of the API (replacing its built-in feed) or a new region: lowercase, hyphens.
    pub slug: String,
    /// Who runs it (shown as the operator).
    pub name: String,
    /// The stations' clock, e.g. `Europe/Tallinn`.
    pub timezone: String,
    pub vehicle_positions: String,
    pub trip_updates: Option<String>,
    /// Its service alerts (GTFS-Realtime `Alert`s): the reasons and notices of its boards' rows.
    pub alerts: Option<String>,
    /// A static GTFS zip, for names and timetable boards: an http(s) URL (fetched to the cache
    /// folder, refreshed daily and conditionally) or a local file's path.
    pub static_gtfs: Option<String>,
    pub attribution: Option<String>,
    /// The unit the feed really sends speeds in: `m/s` (the GTFS-Realtime spec, default) or `km/h`.
    pub speed_unit: Option<String>,
    /// The static bundle's routes kept: `["rail"]` unless said (`rail`, `subway`, `tram`, `bus`,
    /// `ferry`, `cable`, or `all`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Modes>,
    /// The largest static bundle fetched, in MiB (1–65536; default 4096).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "file_values::static_max_mib"
    )]
    pub static_max_mib: Option<u64>,
    /// How realtime trips are found in the static timetable: `auto` (by id, else by train
    /// number on the service day; the default), `id`, or `short_name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trip_match: Option<TripMatch>,
}

impl GtfsFeedEntry {
    pub(crate) fn to_config(&self) -> Result<GtfsFeedConfig, ConfigError> {
        let slug = self.slug.trim();
        let wrong = |problem: String| ConfigError::Feed {
            slug: slug.to_string(),
            problem,
        };
        if slug.is_empty()
            || slug.len() > 40
            || !slug
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(wrong(
                "slug must be lowercase letters, digits and hyphens, such as \"estonia\"".into(),
            ));
        }
        let timezone = self.timezone.parse().map_err(|_| {
            wrong(format!(
                "timezone {:?} is not an IANA zone such as Europe/Tallinn",
                self.timezone
            ))
        })?;
        let url = |what: &str, u: &str| {
            if u.starts_with("http://") || u.starts_with("https://") {
                Ok(u.trim().to_string())
            } else {
                Err(wrong(format!("{what} must be an http(s) URL, not {u:?}")))
            }
        };
        Ok(GtfsFeedConfig {
            slug: slug.to_string(),
            name: self.name.clone(),
            timezone,
            vehicle_positions: url("vehicle_positions", &self.vehicle_positions)?,
            trip_updates: self
                .trip_updates
                .as_deref()
                .map(|u| url("trip_updates", u))
                .transpose()?,
            alerts: self
                .alerts
                .as_deref()
                .map(|u| url("alerts", u))
                .transpose()?,
            static_gtfs: self
                .static_gtfs
                .as_deref()
                .map(|u| match u.trim() {
                    "" => Err(wrong("static_gtfs is empty: a URL or a file's path".into())),
                    u if u.contains("://") => url("static_gtfs", u),
                    // A path that names no file would only give a region without names or
                    // timetable boards, said nowhere: say it now.
                    path if !std::path::Path::new(path).is_file() => Err(wrong(format!(
                        "static_gtfs {:?} is not a file (a URL, or a GTFS zip's path)",
                        crate::text::cleaned(path)
                    ))),
                    path => Ok(path.to_string()),
                })
                .transpose()?,
            attribution: self
                .attribution
                .clone()
                .unwrap_or_else(|| format!("{}: {} (GTFS-Realtime)", slug, self.name)),
            speed_to_kmh: match self.speed_unit.as_deref().map(str::trim) {
                None | Some("m/s") => 3.6,
                Some("km/h") => 1.0,
                Some(other) => {
                    return Err(wrong(format!(
                        "speed_unit {other:?} must be \"m/s\" or \"km/h\""
                    )))
                }
            },
            modes: self.modes.unwrap_or_default(),
            static_max_bytes: match self.static_max_mib {
                None => DEFAULT_STATIC_MAX_MIB << 20,
                Some(m) if STATIC_MAX_MIB.contains(&m) => m << 20,
                Some(m) => {
                    return Err(wrong(format!(
                        "static_max_mib {m} is outside {}–{}",
                        STATIC_MAX_MIB.start(),
                        STATIC_MAX_MIB.end()
                    )))
                }
            },
            trip_match: self.trip_match.unwrap_or_default(),
        })
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamFeed {
    #[serde(default, deserialize_with = "file_values::http_url")]
    pub url: Option<String>,
    /// For countries without positions: the station whose board `realtime` lists.
    pub hub: Option<String>,
    /// The API key of a feed that needs one (`RAILTOP_<COUNTRY>_KEY` wins).
    pub key: Option<String>,
    /// For malaysia, spain and bulgaria: the static GTFS bundle's URL, or `""` for none.
    pub static_gtfs: Option<String>,
}

impl FileConfig {
    /// The `[[feeds]]` tables, checked (as `load` already did).
    pub fn gtfs_feeds(&self) -> Result<Vec<GtfsFeedConfig>, ConfigError> {
        self.feeds.iter().map(GtfsFeedEntry::to_config).collect()
    }

    /// Each feed's settings by country slug: the file's, with the environment winning.
    pub(crate) fn feed_settings_with(
        &self,
        env: impl Fn(&str) -> Option<String>,
    ) -> BTreeMap<String, FeedSettings> {
        let mut all: BTreeMap<String, FeedSettings> = self
            .upstream
            .iter()
            .map(|(slug, f)| {
                let settings = FeedSettings {
                    base: f.url.clone(),
                    hub: f.hub.clone(),
                    key: f.key.clone(),
                    static_gtfs: f.static_gtfs.clone(),
                };
                (slug.clone(), settings)
            })
            .collect();
        for c in crate::country::COUNTRIES {
            let url = env(&override_var(c.slug)).filter(|u| !u.trim().is_empty());
            let key = env(&key_var(c.slug));
            if url.is_some() || key.is_some() {
                let settings = all.entry(c.slug.to_string()).or_default();
                settings.base = url.or(settings.base.take());
                settings.key = key.or(settings.key.take());
            }
        }
        all
    }
}

/// `$XDG_CONFIG_HOME/railtop/config.toml`, else `~/.config/railtop/config.toml`.
pub fn default_path() -> Option<PathBuf> {
    xdg_dir("XDG_CONFIG_HOME", ".config").map(|d| d.join("railtop").join("config.toml"))
}

/// Where `railtop ssh` keeps its host key unless told otherwise:
/// `$XDG_STATE_HOME/railtop/ssh_host_ed25519_key`, else under `~/.local/state`.
pub fn default_host_key_path() -> Option<PathBuf> {
    xdg_dir("XDG_STATE_HOME", ".local/state")
        .map(|d| d.join("railtop").join("ssh_host_ed25519_key"))
}

/// `$XDG_CACHE_HOME/railtop/stations`, else `~/.cache/railtop/stations`: the feeds' station
/// lists as last fetched (a cache: deleting it loses nothing but a day's refresh).
pub fn default_station_cache() -> Option<PathBuf> {
    xdg_dir("XDG_CACHE_HOME", ".cache").map(|d| d.join("railtop").join("stations"))
}

/// `$XDG_CACHE_HOME/railtop/gtfs`, else `~/.cache/railtop/gtfs`: static GTFS bundles and the
/// timetables built from them, a folder per feed.
pub fn default_gtfs_cache() -> Option<PathBuf> {
    xdg_dir("XDG_CACHE_HOME", ".cache").map(|d| d.join("railtop").join("gtfs"))
}

/// `$XDG_STATE_HOME/railtop/history.db`, else `~/.local/state/railtop/history.db`: what
/// `railtop record` (and `serve --record`) keep, and what `railtop stats` reads.
pub fn default_history_path() -> Option<PathBuf> {
    xdg_dir("XDG_STATE_HOME", ".local/state").map(|d| d.join("railtop").join("history.db"))
}

/// `$XDG_STATE_HOME/railtop/railtop.log`, else `~/.local/state/railtop/railtop.log`.
pub fn default_log_path() -> Option<PathBuf> {
    xdg_dir("XDG_STATE_HOME", ".local/state").map(|d| d.join("railtop").join("railtop.log"))
}

fn xdg_dir(var: &str, fallback: &str) -> Option<PathBuf> {
    match std::env::var_os(var) {
        Some(v) if !v.is_empty() => Some(PathBuf::from(v)),
        _ => std::env::var_os("HOME").map(|h| PathBuf::from(h).join(fallback)),
    }
}

/// The most a configuration file may hold (a real one is a few KiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads the file at `path`; a missing file is no configuration, unless it was `named` on the
/// command line (then it is an error: a typo must not silently mean the defaults). Only a
/// regular file of at most [`MAX_FILE_BYTES`] is read.
pub fn load(path: &Path, named: bool) -> Result<FileConfig, ConfigError> {
    match crate::files::read_text(path, MAX_FILE_BYTES) {
        Ok(text) => parse(&text).map_err(|e| ConfigError::InFile {
            path: path.to_path_buf(),
            source: Box::new(e),
        }),
        Err(e) if e.is_missing() && named => Err(ConfigError::Missing(path.to_path_buf())),
        Err(e) if e.is_missing() => Ok(FileConfig::default()),
        Err(e) => Err(ConfigError::Read(e)),
    }
}

pub fn parse(text: &str) -> Result<FileConfig, ConfigError> {
    // The TOML error quotes the file's line: every line of it through the sanitiser, so an
    // escape in the file never reaches the terminal.
    let mut config: FileConfig = toml::from_str(text).map_err(|e| {
        let lines: Vec<String> = e
            .to_string()
            .trim()
            .lines()
            .map(|l| {
                // Its indent kept, so the caret still points at the value.
                let rest = l.trim_start_matches(' ');
                let indent = &l[..l.len() - rest.len()];
                format!(
                    "{indent}{}",
                    masked_credentials(&crate::text::cleaned(rest))
                )
            })
            .collect();
        ConfigError::Toml(lines.join("\n"))
    })?;
    for feed in &config.feeds {
        feed.to_config()?;
    }
    check_names(&config, text)?;
    keys::number_lines(&mut config.keys, text);
    Ok(config)
}

/// The names the file gives that must be railtop's: `[upstream.<country>]` and `country`
/// (a country of the API or a `[[feeds]]` region). A misspelling is an error at its line, with
/// the name it most likely meant.
fn check_names(config: &FileConfig, text: &str) -> Result<(), ConfigError> {
    let countries: Vec<&str> = crate::country::COUNTRIES.iter().map(|c| c.slug).collect();
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map_or(0, |i| i + 1)
    };
    let meant = |name: &str, among: &[&str]| match closest(name, among) {
        Some(m) => format!("; did you mean {m:?}?"),
        None => format!("; one of: {}", among.join(", ")),
    };
    for slug in config.upstream.keys() {
        if !countries.contains(&slug.as_str()) {
            return Err(ConfigError::Unknown {
                line: line_of(&format!("upstream.{slug}")),
                problem: format!(
                    "[upstream.{slug}] is not a feed railtop has{}",
                    meant(slug, &countries)
                ),
            });
        }
    }
    if let Some(country) = &config.country {
        let mut known = countries.clone();
        known.extend(config.feeds.iter().map(|f| f.slug.as_str()));
        if !known.contains(&country.as_str()) {
            return Err(ConfigError::Unknown {
                line: line_of("country"),
                problem: format!("country {country:?} is unknown{}", meant(country, &known)),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

fn serialize_display<S: serde::Serializer>(
    value: &impl std::fmt::Display,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

fn serialize_lang<S: serde::Serializer>(
    value: &Option<railtop_i18n::Langs>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(langs) => s.collect_str(langs),
        None => s.serialize_none(),
    }
}
