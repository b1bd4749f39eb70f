//! Japan — ODPT, the Open Data Challenge for Public Transportation in Tokyo (a key: free developer
//! registration at developer.odpt.org, sent as the `acl:consumerKey` query parameter).
//!
//! `odpt:Train` is JSON-LD: one record per running train with its number, delay in **seconds**,
//! destination and where it is — between `odpt:fromStation` and `odpt:toStation` (`toStation`
//! null: standing at `fromStation`), by station, never by coordinates, so `lat`/`lng` stay null.
//! Station ids carry their English name as the last part (`odpt.Station:JR-East.Yamanote.Tokyo`).
//! Boards would need station timetables, which this feed does not read yet.
//!
//! Loop lines (the Yamanote, the Toei Ōedo's loop) have trains whose destination is their
//! origin (`Tochomae` → `Tochomae`): `odpt:railDirection` (`OuterLoop`, `InnerLoop`) says which
//! way round they go, and is every train's `direction` (`Outer loop`, `Northbound`).

use super::http::{FeedHttp, Opened};
use super::parse::{self, Board, ParseError};
use super::times::minutes_from_seconds;
use super::{Adapter, BoardAsk, Feed, Live, OwnTrains, TrainsAsk};
use crate::country::{self, Country};
use crate::model::tolerant;
use crate::model::{status, Train};
use crate::source::{SourceError, SourceResult};
use serde::Deserialize;
use std::sync::Arc;

const COUNTRY: Country = country::JAPAN;
const OPERATOR: &str = "odpt.Operator:JR-East";

/// Every field may be missing (`default` for the struct) and of a loose type (`tolerant`).
#[derive(Deserialize, Default)]
#[serde(default)]
struct OdptTrain {
    #[serde(rename = "owl:sameAs", deserialize_with = "tolerant::string")]
    id: String,
    #[serde(rename = "odpt:trainNumber", deserialize_with = "tolerant::string")]
    number: String,
    #[serde(rename = "odpt:delay", deserialize_with = "tolerant::opt_i64")]
    delay_seconds: Option<i64>,
    #[serde(rename = "odpt:railway", deserialize_with = "tolerant::string")]
    railway: String,
    #[serde(rename = "odpt:fromStation", deserialize_with = "tolerant::opt_string")]
    from_station: Option<String>,
    #[serde(rename = "odpt:toStation", deserialize_with = "tolerant::opt_string")]
    to_station: Option<String>,
    #[serde(
        rename = "odpt:destinationStation",
        deserialize_with = "tolerant::strings"
    )]
    destination: Vec<String>,
    #[serde(rename = "odpt:originStation", deserialize_with = "tolerant::strings")]
    origin: Vec<String>,
    #[serde(
        rename = "odpt:railDirection",
        deserialize_with = "tolerant::opt_string"
    )]
    rail_direction: Option<String>,
    #[serde(rename = "odpt:operator", deserialize_with = "tolerant::opt_string")]
    operator: Option<String>,
    #[serde(rename = "dc:date", deserialize_with = "tolerant::opt_string")]
    updated: Option<String>,
}

/// `odpt.Station:JR-East.JobanRapid.Tennodai` → `Tennodai`; `odpt.Operator:JR-East` → `JR-East`.
pub fn last_part(id: &str) -> String {
    id.rsplit(['.', ':']).next().unwrap_or(id).to_string()
}

/// `odpt.RailDirection:OuterLoop` → `Outer loop`, `…:Northbound` → `Northbound`.
pub fn direction_words(id: &str) -> String {
    let name = last_part(id);
    let mut words = String::with_capacity(name.len() + 2);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else {
            words.push(c);
        }
    }
    words
}

/// The running trains: station-based positions, no coordinates.
pub fn parse_trains(bytes: &[u8]) -> Result<Vec<Train>, ParseError> {
    let trains: Vec<OdptTrain> = parse::json(COUNTRY.slug, bytes)?;
    Ok(trains
        .into_iter()
        .filter(|t| !t.number.is_empty())
        .map(|t| {
            let line = last_part(&t.railway);
            let code = format!("{line} {}", t.number);
            let to = t.destination.first().map(|d| last_part(d));
            let from = t.origin.first().map(|o| last_part(o));
            let direction = t.rail_direction.as_deref().map(direction_words);
            // A loop train going back where it started: which way round is its destination.
            let round = to.is_none() || (to.is_some() && to == from);
            let heading = match (&to, &direction) {
                (Some(to), Some(way)) if round => format!("{to} ({})", way.to_lowercase()),
                (None, Some(way)) => way.clone(),
                (to, _) => to.clone().unwrap_or_else(|| "?".into()),
            };
            Train {
                id: if t.id.is_empty() {
                    format!("japan-{code}")
                } else {
                    t.id
                },
                name: format!("{code} → {heading}"),
                train_code: code,
                status: status::RUNNING.into(),
                lat: None,
                lng: None,
                delay: t.delay_seconds.map(minutes_from_seconds),
                platform: None,
                country: Some(COUNTRY.slug.into()),
                from,
                to,
                // Between two stations the next is `toStation`; standing, it is `fromStation`.
                next_station: t
                    .to_station
                    .as_deref()
                    .or(t.from_station.as_deref())
                    .map(last_part),
                direction,
                scheduled_dep: None,
                last_updated: t.updated,
                operator: t.operator.as_deref().map(last_part),
                last_seen: None,
                speed: None,
                messages: Vec::new(),
                partly_cancelled: false,
            }
        })
        .collect())
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    Live::open(o.http, o.hub, Japan { key: o.key })
}

pub struct Japan {
    key: String,
}

impl Adapter for Japan {
    /// Station ids are ODPT's own.
    const STATION_LIST: bool = false;

    fn knows_code(&self, code: &str) -> bool {
        code.starts_with("odpt.Station:")
    }

    async fn trains(&self, http: &FeedHttp, _ask: TrainsAsk<'_>) -> OwnTrains {
        // The parameter names keep their colons, as ODPT documents them; only the key is encoded.
        let key: String = form_urlencoded::byte_serialize(self.key.as_bytes()).collect();
        let path = format!("/api/v4/odpt:Train?acl:consumerKey={key}&odpt:operator={OPERATOR}");
        http.get_parsed(&path, parse_trains).await.map(Some)
    }

    async fn board(&self, _http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        Err(SourceError::NotFound(format!(
            "no board for {station:?}: Japan's feed (ODPT) gives running trains; station timetables are not read yet"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_station_based_positions_and_names_from_ids() {
        let trains = parse_trains(&crate::upstream::fixture("japan/trains-jr-east.json")).unwrap();
        assert_eq!(trains.len(), 2, "the record without a number is skipped");
        let t = &trains[0];
        assert_eq!(t.train_code, "JobanRapid 476M");
        assert_eq!(t.delay, Some(3), "180 s");
        assert_eq!(t.next_station.as_deref(), Some("Tennodai"));
        assert_eq!(t.to.as_deref(), Some("Abiko"));
        assert!(t.lat.is_none() && t.lng.is_none());
        assert_eq!(t.operator.as_deref(), Some("JR-East"));
        assert_eq!(
            trains[1].next_station.as_deref(),
            Some("Tokyo"),
            "no toStation: standing at fromStation"
        );
        assert_eq!(trains[1].delay, Some(0));
    }

    #[test]
    fn loop_trains_say_which_way_round() {
        let trains = parse_trains(&crate::upstream::fixture("japan/trains-loop.json")).unwrap();
        let names: Vec<(&str, Option<&str>)> = trains
            .iter()
            .map(|t| (t.name.as_str(), t.direction.as_deref()))
            .collect();
        assert_eq!(
            names,
            [
                ("Yamanote 1105G → Osaki (outer loop)", Some("Outer loop")),
                ("Yamanote 1130K → Osaki", Some("Inner loop")),
                ("ChuoRapid 1234T → Inbound", Some("Inbound")),
            ]
        );
        assert_eq!(trains[0].from.as_deref(), Some("Osaki"));
    }
}
