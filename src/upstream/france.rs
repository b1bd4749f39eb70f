//! France — SNCF's Navitia API (a key: free registration at numerique.sncf.com, sent as the HTTP
//! Basic user name with no password).
//!
//! Quirks: times are local (`20250528T172200`, Europe/Paris) with no offset; the delay is
//! `departure_date_time − base_departure_date_time`, meaningful only when `data_freshness` is
//! `realtime`; cancellations come only through the answer's top-level `disruptions`, linked from
//! each departure by id (`severity.effect` `NO_SERVICE`), whose texts are also the notices;
//! directions end in their town in brackets. Stations are UIC numbers (`87384008`, Paris
//! Saint-Lazare). No positions: `realtime` lists the trains of a hub's board.

use super::codes::{self, CodeShape};
use super::http::{FeedHttp, Opened};
use super::parse::{self, in_order, Board, ParseError};
use super::times::{delay_minutes, local_hhmm};
use super::{Adapter, BoardAsk, Feed, Live};
use crate::country::{self, Country};
use crate::model::tolerant;
use crate::model::Departure;
use crate::source::SourceResult;
use base64::Engine;
use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

const COUNTRY: Country = country::FRANCE;
const TZ: chrono_tz::Tz = COUNTRY.tz;

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    departures: Vec<Entry>,
    #[serde(default)]
    disruptions: Vec<Disruption>,
}

#[derive(Deserialize)]
struct Entry {
    stop_point: Option<StopPoint>,
    stop_date_time: StopTime,
    display_informations: Display,
    #[serde(default)]
    links: Vec<Link>,
}

#[derive(Deserialize)]
struct StopPoint {
    stop_area: Option<Area>,
}

#[derive(Deserialize)]
struct Area {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
}

#[derive(Deserialize)]
struct StopTime {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    departure_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    base_departure_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    data_freshness: String,
}

#[derive(Deserialize)]
struct Display {
    #[serde(default, deserialize_with = "tolerant::string")]
    code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    label: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    direction: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    commercial_mode: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    network: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    trip_short_name: String,
}

#[derive(Deserialize)]
struct Link {
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
}

#[derive(Deserialize)]
struct Disruption {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    severity: Option<Severity>,
    #[serde(default)]
    messages: Vec<Text>,
}

#[derive(Deserialize)]
struct Severity {
    #[serde(default, deserialize_with = "tolerant::string")]
    effect: String,
}

#[derive(Deserialize)]
struct Text {
    #[serde(default, deserialize_with = "tolerant::string")]
    text: String,
}

/// `20250528T172200` on Paris's clock.
pub fn navitia_time(s: &str) -> Option<DateTime<Utc>> {
    let local = NaiveDateTime::parse_from_str(s.trim(), "%Y%m%dT%H%M%S").ok()?;
    TZ.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// `Nanterre la Folie (Nanterre)` → `Nanterre la Folie`: the town in brackets is noise on a board.
fn without_town(direction: &str) -> String {
    match direction.rfind(" (") {
        Some(i) if direction.ends_with(')') && i > 0 => direction[..i].to_string(),
        _ => direction.to_string(),
    }
}

/// The stop area's name (where given) and the departures in order of planned time.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    let disruptions: HashMap<&str, &Disruption> = answer
        .disruptions
        .iter()
        .map(|d| (d.id.as_str(), d))
        .collect();
    let station = answer
        .departures
        .iter()
        .find_map(|e| e.stop_point.as_ref()?.stop_area.as_ref())
        .map(|a| a.name.clone())
        .filter(|n| !n.is_empty());
    let rows: Vec<(DateTime<Utc>, Departure)> = answer
        .departures
        .iter()
        .filter_map(|e| {
            let times = &e.stop_date_time;
            let planned = navitia_time(times.base_departure_date_time.as_deref()?)?;
            let linked: Vec<&Disruption> = e
                .links
                .iter()
                .filter(|l| l.kind == "disruption")
                .filter_map(|l| disruptions.get(l.id.as_str()).copied())
                .collect();
            let cancelled = linked.iter().any(|d| {
                d.severity
                    .as_ref()
                    .is_some_and(|s| s.effect == "NO_SERVICE")
            });
            let expected = times
                .departure_date_time
                .as_deref()
                .and_then(navitia_time)
                .filter(|_| times.data_freshness == "realtime" && !cancelled);
            let info = &e.display_informations;
            let line = if info.code.is_empty() {
                info.label.clone()
            } else {
                info.code.clone()
            };
            Some((
                planned,
                Departure {
                    line,
                    destination: without_town(&info.direction),
                    scheduled_dep: local_hhmm(planned, TZ),
                    delay: expected.map(|x| delay_minutes(planned, x)),
                    cancelled,
                    operator: info.network.clone(),
                    expected_dep: expected.map(|x| local_hhmm(x, TZ)),
                    train_code: (!info.trip_short_name.is_empty())
                        .then(|| format!("{} {}", info.commercial_mode, info.trip_short_name)),
                    messages: linked
                        .iter()
                        .filter_map(|d| d.messages.first().map(|m| m.text.clone()))
                        .collect(),
                    ..Departure::default()
                },
            ))
        })
        .collect();
    Ok(Board::named(station, in_order(rows)))
}

/// A French UIC station number: 8 digits starting with 87.
const CODES: CodeShape = codes::number(
    8,
    "87",
    "an SNCF UIC number such as 87384008 (Paris Saint-Lazare)",
);

/// Navitia's HTTP Basic header: the key is the user name, the password empty.
fn basic_auth(key: &str) -> String {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{key}:"));
    format!("Basic {basic}")
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let http = o.http.with_header("Authorization", basic_auth(&o.key));
    Live::open(http, o.hub, France)
}

pub struct France;

impl Adapter for France {
    fn knows_code(&self, code: &str) -> bool {
        CODES.fits(code)
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit) = (ask.station, ask.limit);
        let uic = CODES.check(station)?;
        let path = format!(
            "/v1/coverage/sncf/stop_areas/stop_area:SNCF:{uic}/departures?data_freshness=realtime&count={}",
            limit.clamp(10, 100)
        );
        http.get_board(&path, &uic, parse_board).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_times_realtime_only_delays_and_cancellations_through_disruptions() {
        let board = parse_board(&crate::upstream::fixture(
            "france/departures-saint-lazare.json",
        ))
        .unwrap();
        let (station, d) = (board.station, board.departures);
        assert_eq!(station.name, "Paris Saint-Lazare");
        assert_eq!(d.len(), 3);
        assert_eq!(
            (
                d[0].line.as_str(),
                d[0].destination.as_str(),
                d[0].scheduled_dep.as_str()
            ),
            ("L", "Versailles Rive Droite", "17:23")
        );
        assert_eq!(
            (d[0].delay, d[0].expected_dep.as_deref()),
            (Some(4), Some("17:27"))
        );
        assert_eq!(d[0].train_code.as_deref(), Some("TRANSILIEN 133627"));
        assert_eq!(
            d[1].delay, None,
            "base_schedule: no realtime even if the times differ"
        );
        assert!(d[2].cancelled && d[2].delay.is_none());
        assert_eq!(d[2].messages, ["Train supprimé : mouvement social"]);
        assert!(d[0].messages.is_empty());
    }

    #[test]
    fn the_key_is_the_basic_user_name() {
        assert_eq!(basic_auth("abc"), "Basic YWJjOg==");
        assert_eq!(without_town("Cergy le Haut (Cergy)"), "Cergy le Haut");
        assert_eq!(without_town("Gisors"), "Gisors");
        assert_eq!(
            navitia_time("20260701T120000")
                .map(|t| t.to_rfc3339())
                .as_deref(),
            Some("2026-07-01T10:00:00+00:00")
        );
    }
}
