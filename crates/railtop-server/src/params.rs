//! The query strings of the endpoints, checked into typed queries (or a 400/404 with a
//! sentence that says what to send instead).

use railtop_core::country;
use railtop_core::model::{Kind, MAX_MERGED};
use railtop_core::text::quoted;
use railtop_core::traveller::{Place, Route};
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_feeds::source::{RealtimeQuery, SourceError, DEFAULT_LIMIT, MAX_LIMIT};

/// The decoded `name=value` pairs of a query string; never fails (bad escapes decode lossily).
fn pairs(raw: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .map(|(k, v)| (k.into_owned(), v.trim().to_owned()))
        .collect()
}

fn get<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// Longest value of `source`, `stop` or `station`: no code, slug or name comes near it.
pub(crate) const MAX_VALUE_CHARS: usize = 100;

/// A parameter's value, refused when longer than any real one could be.
fn bounded<'a>(pairs: &'a [(String, String)], name: &str) -> Result<Option<&'a str>, SourceError> {
    bounded_to(pairs, name, MAX_VALUE_CHARS)
}

/// A parameter's value, refused when longer than `max` characters.
fn bounded_to<'a>(
    pairs: &'a [(String, String)],
    name: &str,
    max: usize,
) -> Result<Option<&'a str>, SourceError> {
    match get(pairs, name) {
        Some(v) if v.chars().count() > max => Err(SourceError::BadRequest(format!(
            "{name} is longer than {max} characters"
        ))),
        v => Ok(v),
    }
}

/// `source=<slug>&stop=<stop>`: both optional; a slug that is neither a country of the API nor
/// one of the source's `regions` is a 404.
pub fn realtime(raw: Option<&str>, regions: &[String]) -> Result<RealtimeQuery, SourceError> {
    let pairs = pairs(raw);
    let country = known(bounded(&pairs, "source")?, regions, "source")?;
    Ok(RealtimeQuery {
        country,
        stop: bounded(&pairs, "stop")?.map(str::to_owned),
    })
}

/// `station=<code>&limit=<n>`: station required, limit 1–100 (default 20).
#[cfg(test)]
fn departures(raw: Option<&str>) -> Result<railtop_feeds::source::DeparturesQuery, SourceError> {
    let board = board(raw, Kind::Departures)?;
    Ok(railtop_feeds::source::DeparturesQuery {
        station: board.stations.into_iter().next().unwrap_or_default(),
        limit: board.limit,
        kind: Kind::Departures,
    })
}

/// A board: `station=` (repeated for one board of several, at most [`MAX_MERGED`]),
/// `limit=`, and railtop's `to=` (departures) or `from=` (arrivals) and `via=`.
pub fn board(raw: Option<&str>, kind: Kind) -> Result<TravelQuery, SourceError> {
    let pairs = pairs(raw);
    let mut stations = Vec::new();
    for (name, value) in &pairs {
        if name == "station" && !value.is_empty() {
            if value.chars().count() > MAX_VALUE_CHARS {
                return Err(SourceError::BadRequest(format!(
                    "station is longer than {MAX_VALUE_CHARS} characters"
                )));
            }
            if stations.len() == MAX_MERGED {
                return Err(SourceError::BadRequest(format!(
                    "at most {MAX_MERGED} stations on one board"
                )));
            }
            stations.push(value.clone());
        }
    }
    if stations.is_empty() {
        return Err(SourceError::BadRequest(
            "missing parameter: station (a station code such as HKI)".into(),
        ));
    }
    let (end, wrong) = match kind {
        Kind::Departures => ("to", "from"),
        Kind::Arrivals => ("from", "to"),
    };
    if get(&pairs, wrong).is_some() {
        return Err(SourceError::BadRequest(format!(
            "{wrong}= is not for {}: they take {end}= (and via=)",
            kind.name()
        )));
    }
    // The directory is looked up only for a route: a plain board's request (the hot path)
    // does not touch it.
    let place = |name: &str| -> Result<Option<Place>, SourceError> {
        let Some(text) = bounded(&pairs, name)? else {
            return Ok(None);
        };
        Place::checked(text, &railtop_core::stations::current())
            .map(Some)
            .map_err(|why| SourceError::NotFound(format!("{name}=: {why}")))
    };
    Ok(TravelQuery {
        stations,
        kind,
        route: Route {
            end: place(end)?,
            via: place("via")?,
        },
        walks: Default::default(),
        limit: limit(&pairs)?,
    })
}

/// Longest train id: a HAFAS journey id runs to about 150 characters.
pub(crate) const MAX_ID_CHARS: usize = 300;

/// `id=<train id>` of railtop's `/api/live/train`: required, as a realtime answer wrote it.
pub fn train(raw: Option<&str>) -> Result<String, SourceError> {
    let pairs = pairs(raw);
    let id = bounded_to(&pairs, "id", MAX_ID_CHARS)?.ok_or_else(|| {
        SourceError::BadRequest(
            "missing parameter: id (a train's id from /api/live/realtime)".into(),
        )
    })?;
    Ok(id.to_owned())
}

/// A country of the API or one of the source's `regions`, else a 404 naming the `what`.
fn known(
    slug: Option<&str>,
    regions: &[String],
    what: &str,
) -> Result<Option<String>, SourceError> {
    match slug {
        Some(s) if country::by_slug(s).is_none() && !regions.iter().any(|r| r == s) => {
            Err(SourceError::NotFound(format!(
                "unknown {what} {}; use one of: {}",
                quoted(s),
                country::slugs().join(", ")
            )))
        }
        s => Ok(s.map(str::to_owned)),
    }
}

/// `limit=<n>`: 1–100, 20 when absent.
fn limit(pairs: &[(String, String)]) -> Result<usize, SourceError> {
    match get(pairs, "limit") {
        None => Ok(DEFAULT_LIMIT),
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| {
                SourceError::BadRequest(format!(
                    "limit must be a whole number from 1 to {MAX_LIMIT}, got {}",
                    quoted(s)
                ))
            }),
    }
}

/// The parameters of railtop's `/api/live/stations`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StationsParams {
    /// The text searched (none lists main stations first).
    pub q: String,
    /// Only this country's stations.
    pub country: Option<String>,
    /// This country's stations first, then the others (a picker searching every country).
    pub prefer: Option<String>,
    pub limit: usize,
}

/// `q=<text>&country=<slug>&prefer=<slug>&limit=<n>` of railtop's `/api/live/stations`: all
/// optional, limit 1–100 (default 20), `country` and `prefer` a country of the API or a region.
pub fn stations(raw: Option<&str>, regions: &[String]) -> Result<StationsParams, SourceError> {
    let pairs = pairs(raw);
    Ok(StationsParams {
        q: bounded(&pairs, "q")?.unwrap_or("").to_owned(),
        country: known(bounded(&pairs, "country")?, regions, "country")?,
        prefer: known(bounded(&pairs, "prefer")?, regions, "prefer")?,
        limit: limit(&pairs)?,
    })
}

/// `country=<slug>&format=json` of railtop's `/gtfs-rt/…` feeds: both optional; the country
/// as `realtime`'s `source`, `format` `json` or `protobuf` (the default).
pub fn gtfs_rt(
    raw: Option<&str>,
    regions: &[String],
) -> Result<(RealtimeQuery, bool), SourceError> {
    let pairs = pairs(raw);
    let country = known(bounded(&pairs, "country")?, regions, "country")?;
    let json = match get(&pairs, "format") {
        None | Some("protobuf") | Some("pb") => false,
        Some("json") => true,
        Some(other) => {
            return Err(SourceError::BadRequest(format!(
                "format must be protobuf (the default) or json, got {}",
                quoted(other)
            )))
        }
    };
    Ok((
        RealtimeQuery {
            country,
            stop: None,
        },
        json,
    ))
}

/// `since=<24h>` or `from=<RFC 3339>&until=<RFC 3339>`, `by=<group>`, `onTime=<minutes>` of
/// railtop's `/api/live/stats`: the period ends `now` unless `until` is given, and lasts 24 h
/// unless `since` or `from` say otherwise; `by` is country unless given; `onTime` 0–30, 5.
pub fn stats(
    raw: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<railtop_record::stats::Query, SourceError> {
    use railtop_record::stats::{By, Query};
    let pairs = pairs(raw);
    let bad = |m: String| SourceError::BadRequest(m);
    let instant = |name: &str| -> Result<Option<chrono::DateTime<chrono::Utc>>, SourceError> {
        match bounded(&pairs, name)? {
            None => Ok(None),
            Some(v) => chrono::DateTime::parse_from_rfc3339(v)
                .map(|t| Some(t.with_timezone(&chrono::Utc)))
                .map_err(|_| {
                    bad(format!(
                        "{name} must be an RFC 3339 time, got {}",
                        quoted(v)
                    ))
                }),
        }
    };
    let until = instant("until")?.unwrap_or_else(|| railtop_record::stats::until_now(now));
    let from = match (instant("from")?, bounded(&pairs, "since")?) {
        (Some(_), Some(_)) => return Err(bad("give since or from, not both".into())),
        (Some(from), None) => from,
        (None, since) => {
            let secs = match since {
                None => 86_400,
                Some(v) => railtop_core::duration::seconds_within(
                    v,
                    railtop_core::duration::Bare::Refused,
                    60,
                    3650 * 86_400,
                )
                .map_err(|e| bad(format!("since: {e}")))?,
            };
            until - chrono::Duration::seconds(i64::try_from(secs).unwrap_or(86_400))
        }
    };
    if from >= until {
        return Err(bad("the period is empty: from must be before until".into()));
    }
    let by = match bounded(&pairs, "by")? {
        None => By::Country,
        Some(v) => By::parse(v).ok_or_else(|| {
            bad(format!(
                "by must be country, operator, line, station or hour, got {}",
                quoted(v)
            ))
        })?,
    };
    let on_time = match get(&pairs, "onTime") {
        None => 5,
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=30).contains(n))
            .ok_or_else(|| bad(format!("onTime must be 0 to 30 minutes, got {}", quoted(v))))?,
    };
    Ok(Query {
        from,
        until,
        by,
        on_time,
    })
}

#[cfg(test)]
mod tests;
