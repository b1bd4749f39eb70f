//! The command line's value parsers: each refuses what cannot be meant, with the message a person
//! reads (the flag, what it takes, an example), where clap's own would say a range or a type.

use railtop_core::duration::{seconds_within, Bare};
use railtop_core::traveller::Walks;
use railtop_feeds::source::MAX_LIMIT;
use std::net::SocketAddr;

/// `--on-time`: minutes, said in words when out of range.
pub(super) fn parse_on_time(s: &str) -> std::result::Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n <= 30 => Ok(n),
        _ => Err(format!("{s:?}: minutes from 0 to 30, e.g. --on-time 3")),
    }
}

/// `--limit`: how many rows, said in words when out of range (not clap's `1..=100`).
pub(super) fn parse_limit(s: &str) -> std::result::Result<u16, String> {
    let wanted = || format!("a number of rows from 1 to {MAX_LIMIT}, e.g. --limit 20");
    match s.trim().parse::<u16>() {
        Ok(n) if (1..=MAX_LIMIT as u16).contains(&n) => Ok(n),
        Ok(_) => Err(wanted()),
        Err(_) => Err(format!("{s:?} is not {}", wanted())),
    }
}

/// `--to`, `--from`, `--via`: a station's name or code, not blank nor absurdly long.
pub(super) fn parse_place(s: &str) -> std::result::Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 100 || t.chars().any(char::is_control) {
        return Err(format!("{s:?}: a station's name or code, e.g. Utrecht"));
    }
    Ok(t.to_string())
}

/// A station on the command line: a code, a name or COUNTRY:CODE. A blank one, or one with a
/// control character (an escape pasted from a terminal), is refused with what to type, rather
/// than asked of the source and called unknown (or cleaned into a code it never said).
pub(super) fn parse_station(s: &str) -> std::result::Result<String, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("a station is needed: a code, a name or COUNTRY:CODE, e.g. HKI, Helsinki or finland:HKI".into());
    }
    if t.chars().any(char::is_control) {
        return Err(format!(
            "{:?} has a control character: type the station's name or code, e.g. Helsinki",
            railtop_core::text::cleaned(t)
        ));
    }
    if t.chars().count() > 100 {
        return Err("a station's name or code is at most 100 characters".into());
    }
    Ok(t.to_string())
}

/// `--walk-time`: `5m`, or `Helsinki=3m,Pasila=7m`.
pub(super) fn parse_walks(s: &str) -> std::result::Result<Walks, String> {
    Walks::parse(s, &railtop_core::stations::current())
}

/// A value parser that checks a value with `parse` and offers `values` to shell completion
/// (`railtop completions`), without making them the only ones: a URL is a source too, and a
/// `[[feeds]]` region is a country. The arguments hide them from `--help`, which says so in words.
#[derive(Clone)]
pub(super) struct Offering<P> {
    pub(super) parse: P,
    pub(super) values: fn() -> Vec<&'static str>,
}

impl<P: clap::builder::TypedValueParser> clap::builder::TypedValueParser for Offering<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<Self::Value, clap::Error> {
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.values)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// Any text: what a country is until the source says which it knows.
pub(super) fn any_text(s: &str) -> std::result::Result<String, String> {
    Ok(s.to_string())
}

/// `--source` and `RAILTOP_SOURCE`: the check the file's `source` has too. An empty value (an
/// exported but blank `RAILTOP_SOURCE`) says nothing, as if it were not set.
pub(super) fn parse_source(s: &str) -> std::result::Result<String, String> {
    if s.trim().is_empty() {
        return Ok(String::new());
    }
    railtop_core::config::check_source(s)
}

/// A count of connections or sessions: a server that admits nobody is a mistake, not a setting.
pub(super) fn at_least_one(s: &str) -> std::result::Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=1 << 20).contains(&n) => Ok(n),
        Ok(_) => Err(format!("{:?} is out of range: from 1 to 1048576", s.trim())),
        Err(_) => Err(format!("{:?} is not a whole number", s.trim())),
    }
}

/// `--within`: whole minutes from 1m to 1d.
pub(super) fn parse_within(s: &str) -> std::result::Result<u64, String> {
    whole_minutes_within(s, 60, 86_400)
}

/// One platform or line of a comma list: short, printable, not empty.
pub(super) fn parse_token(s: &str) -> std::result::Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 16 || t.chars().any(char::is_control) {
        return Err(format!("{s:?}: a platform or line such as 3 or IC"));
    }
    Ok(t.to_string())
}

/// `--interval`, `--board-interval`: the bounds the file's keys have too
/// ([`railtop_core::config::interval_secs`]).
pub(super) fn parse_interval(s: &str) -> std::result::Result<u64, String> {
    railtop_core::config::interval_secs(s)
}

/// `--lang de`, `--lang fi,en`.
pub(super) fn parse_langs(s: &str) -> std::result::Result<railtop_i18n::Langs, String> {
    s.parse()
        .map_err(|e: railtop_i18n::LangError| e.to_string())
}

/// `--rotate`, `--page`: 1 s to a day, with a unit.
pub(super) fn parse_turn(s: &str) -> std::result::Result<u64, String> {
    seconds_within(s, Bare::Refused, 1, 86_400)
}

/// The SSH server's timeouts: 1 s to 7 days, with a unit.
pub(super) fn parse_timeout(s: &str) -> std::result::Result<u64, String> {
    seconds_within(s, Bare::Refused, 1, 7 * 86_400)
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
pub(super) fn parse_listen(s: &str) -> std::result::Result<SocketAddr, String> {
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
pub(super) fn parse_point(s: &str) -> std::result::Result<(f64, f64), String> {
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

/// `start:rate:full` of `--max-startups` (a clap value parser: its error is the message).
/// A network as CIDR (`10.0.0.0/8`) or one address (`::1`).
pub(super) fn parse_network(
    s: &str,
) -> std::result::Result<railtop_server::admission::IpNet, String> {
    let s = s.trim();
    s.parse::<railtop_server::admission::IpNet>()
        .or_else(|_| s.parse::<std::net::IpAddr>().map(Into::into))
        .map_err(|_| format!("{s:?}: expected a network as 10.0.0.0/8, or an address"))
}

pub(super) fn parse_startups(s: &str) -> std::result::Result<(usize, u32, usize), String> {
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
