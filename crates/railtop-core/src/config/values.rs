//! The checks every layer puts a value through (the file, `RAILTOP_*`, the flags: one function
//! a kind of value, so a bound cannot differ between them), the file's readers built on them,
//! how a URL with a password is shown, and the "did you mean" of a misspelt name.

use super::defaults;

/// `interval` and `board_interval`, from any layer: 1 s to 1 h, a bare number in seconds.
pub fn interval_secs(text: &str) -> Result<u64, String> {
    let (min, max) = defaults::INTERVAL_RANGE_SECS;
    crate::duration::seconds_within(text, crate::duration::Bare::Seconds, min, max)
}

/// `--source` and the file's `source`: `demo`, `upstream` or an http(s) URL with a host.
pub fn check_source(text: &str) -> Result<String, String> {
    let t = text.trim();
    if t == "demo" || t == "upstream" || is_http_url(t) {
        return Ok(t.to_string());
    }
    let hint = closest(t, &["demo", "upstream"])
        .map_or(String::new(), |m| format!("; did you mean {m:?}?"));
    Err(format!(
        "{} is not a source: use demo, upstream, or an http(s):// URL{hint}",
        crate::text::quoted(t)
    ))
}

/// Whether `text` is an http(s) URL with a host (what every URL setting must be).
pub fn is_http_url(text: &str) -> bool {
    let rest = text
        .strip_prefix("http://")
        .or_else(|| text.strip_prefix("https://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        let host = host.rsplit('@').next().unwrap_or("");
        !host.is_empty()
            && !host.starts_with(':')
            && !r.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

/// The file's readers of bounded values: each names its key, and the TOML error around it
/// gives the line and column.
pub(super) mod file_values {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer};

    /// A number or a string with a unit (`15`, `"15s"`, `"1m"`).
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Time {
        Number(i64),
        Text(String),
    }

    fn interval<'de, D: Deserializer<'de>>(key: &str, d: D) -> Result<Option<u64>, D::Error> {
        let text = match Option::<Time>::deserialize(d)? {
            None => return Ok(None),
            Some(Time::Number(n)) => n.to_string(),
            Some(Time::Text(t)) => t,
        };
        super::interval_secs(&text)
            .map(Some)
            .map_err(|e| D::Error::custom(format!("{key}: {}", crate::text::cleaned(&e))))
    }

    pub fn realtime<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        interval("interval", d)
    }

    pub fn board<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        interval("board_interval", d)
    }

    /// `"de"` or `"fi,en"`.
    pub fn lang<'de, D: Deserializer<'de>>(d: D) -> Result<Option<railtop_i18n::Langs>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|text| {
                text.parse().map_err(|e: railtop_i18n::LangError| {
                    D::Error::custom(format!("lang: {}", crate::text::cleaned(&e.to_string())))
                })
            })
            .transpose()
    }

    pub fn static_max_mib<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let range = super::super::STATIC_MAX_MIB;
        match Option::<i64>::deserialize(d)? {
            None => Ok(None),
            Some(n) => u64::try_from(n)
                .ok()
                .filter(|m| range.contains(m))
                .map(Some)
                .ok_or_else(|| {
                    D::Error::custom(format!(
                        "static_max_mib: {n} is out of range: MiB from {} to {}",
                        range.start(),
                        range.end()
                    ))
                }),
        }
    }

    pub fn on_time<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let max = super::super::defaults::MAX_ON_TIME_MINUTES;
        match Option::<i64>::deserialize(d)? {
            None => Ok(None),
            Some(n) => u64::try_from(n)
                .ok()
                .filter(|m| *m <= max)
                .map(Some)
                .ok_or_else(|| {
                    D::Error::custom(format!(
                        "on_time: {n} is out of range: minutes from 0 to {max}"
                    ))
                }),
        }
    }

    pub fn source<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) => super::check_source(&s)
                .map(Some)
                .map_err(|e| D::Error::custom(format!("source: {e}"))),
        }
    }

    /// An http(s) URL (`[upstream.*] url`), named by `key` in the error.
    pub fn http_url<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) if super::is_http_url(s.trim()) => Ok(Some(s.trim().to_string())),
            Some(s) => Err(D::Error::custom(format!(
                "url: {} is not an http(s) URL with a host",
                crate::text::quoted(&super::masked_url(&s))
            ))),
        }
    }

    /// `[server] redis`: a redis:// URL (what the store speaks).
    pub fn redis_url<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) if s.trim().starts_with("redis://") => Ok(Some(s)),
            Some(s) => Err(D::Error::custom(format!(
                "redis: {} is not a redis:// URL",
                crate::text::quoted(&super::masked_url(&s))
            ))),
        }
    }
}

/// `text` with the user and password of every URL in it shown as `***` (an error quoting a
/// line of the file must not print a password written there).
pub(super) fn masked_credentials(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let (before, after) = rest.split_at(at + 3);
        out.push_str(before);
        let end = after
            .find(|c: char| matches!(c, '/' | '?' | '#' | '"' | '\'') || c.is_whitespace())
            .unwrap_or(after.len());
        match after[..end].rfind('@') {
            Some(userinfo) => {
                out.push_str("***");
                out.push_str(&after[userinfo..end]);
            }
            None => out.push_str(&after[..end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A URL with its user and password, if any, shown as `***`, and cleaned for a terminal.
pub fn masked_url(url: &str) -> String {
    crate::text::cleaned(&masked_credentials(url))
}

/// The one name of `among` at most two edits from `name` (none if several or none are).
pub fn closest<'a>(name: &str, among: &[&'a str]) -> Option<&'a str> {
    let near: Vec<&str> = among
        .iter()
        .copied()
        .filter(|c| edits(name, c) <= 2)
        .collect();
    match near.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// Levenshtein distance (names here are short).
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
