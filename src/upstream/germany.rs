//! Germany — db-rest (`v6.db.transport.rest`, on db-vendo-client), FPTF departures.
//!
//! `/stops/{EVA}/departures` answers `{"departures": […]}` (the library itself returns the bare
//! list; both are read). `delay` is seconds and `null` without realtime; `cancelled` is present
//! only when true (then `when` is null); `platform` vs `plannedPlatform` shows changes; times carry
//! their offset. There are no live positions for DB: `realtime` lists the trains of a hub's board
//! (`stop`, default `berlin-hbf`). Stations are EVA numbers or slugs such as `hamburg-hbf`.

use super::codes::{self, CodeShape};
use super::http::FeedHttp;
use super::parse::{self, in_order, Board, ParseError};
use super::times::{local_hhmm, minutes_from_seconds};
use super::{Adapter, BoardAsk};
use crate::country::{self, Country};
use crate::model::tolerant;
use crate::model::{via_list, Departure};
use crate::source::SourceResult;
use chrono::{DateTime, Utc};
use serde::Deserialize;

const COUNTRY: Country = country::GERMANY;
const TZ: chrono_tz::Tz = COUNTRY.tz;

#[derive(Deserialize)]
#[serde(untagged)]
enum Answer {
    Wrapped { departures: Vec<Entry> },
    Bare(Vec<Entry>),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    when: Option<DateTime<Utc>>,
    planned_when: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_platform: Option<String>,
    /// The destination as shown on the train; `null` on some (rail replacement buses): then the
    /// `destination` stop's name.
    #[serde(default, deserialize_with = "tolerant::string")]
    direction: String,
    destination: Option<Stop>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    line: Option<Line>,
    stop: Option<Stop>,
    #[serde(default)]
    remarks: Vec<Remark>,
    /// The train's stops from this station on (the first is this station).
    #[serde(default)]
    next_stopovers: Vec<Stopover>,
}

#[derive(Deserialize)]
struct Remark {
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    text: String,
}

#[derive(Deserialize)]
struct Stopover {
    stop: Option<Stop>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    fahrt_nr: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    product_name: String,
    operator: Option<Operator>,
}

#[derive(Deserialize)]
struct Operator {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    name: Option<String>,
}

#[derive(Deserialize)]
struct Stop {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
}

/// The board's station name (where given) and its departures in order of planned time.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let entries = match parse::json(COUNTRY.slug, bytes)? {
        Answer::Wrapped { departures } => departures,
        Answer::Bare(list) => list,
    };
    let station = entries
        .iter()
        .find_map(|e| e.stop.as_ref())
        .map(|s| s.name.clone())
        .filter(|n| !n.is_empty());
    let rows: Vec<(DateTime<Utc>, Departure)> = entries
        .into_iter()
        .filter_map(|e| {
            let planned = e.planned_when.or(e.when)?;
            let line = e.line.as_ref();
            let expected = e.when.filter(|_| !e.cancelled);
            // `delay` null means no realtime, even when `when` is filled with the plan.
            let delay = if e.cancelled {
                None
            } else {
                e.delay.map(minutes_from_seconds)
            };
            let (platform, planned_platform) = match (e.platform, e.planned_platform) {
                (Some(now), Some(plan)) if now != plan => (Some(now), Some(plan)),
                (now, plan) => (now.or(plan), None),
            };
            let code = line.and_then(|l| {
                (!l.fahrt_nr.is_empty() && !l.product_name.is_empty())
                    .then(|| format!("{} {}", l.product_name, l.fahrt_nr))
            });
            let here = e.stop.as_ref().map(|s| s.name.as_str()).unwrap_or("");
            let destination = match e.direction.trim() {
                "" => e
                    .destination
                    .as_ref()
                    .map_or_else(String::new, |d| d.name.clone()),
                shown => shown.to_string(),
            };
            let via = via_list(
                e.next_stopovers
                    .iter()
                    .filter_map(|s| s.stop.as_ref().map(|s| s.name.clone()))
                    .skip_while(|name| name == here),
                &destination,
            );
            // Warnings and status remarks are news (a stop cancelled, a replacement train);
            // hints (bicycles, Wi-Fi) are not.
            let messages = e
                .remarks
                .iter()
                .filter(|r| matches!(r.kind.as_str(), "warning" | "status"))
                .map(|r| r.text.clone())
                .collect();
            Some((
                planned,
                Departure {
                    line: line.map_or_else(String::new, |l| l.name.clone()),
                    destination,
                    platform,
                    scheduled_dep: local_hhmm(planned, TZ),
                    delay,
                    cancelled: e.cancelled,
                    operator: line
                        .and_then(|l| l.operator.as_ref())
                        .and_then(|o| o.name.clone()),
                    expected_dep: expected
                        .filter(|_| delay.is_some())
                        .map(|t| local_hhmm(t, TZ)),
                    train_code: code.or_else(|| line.map(|l| l.name.clone())),
                    planned_platform,
                    via,
                    messages,
                },
            ))
        })
        .collect();
    Ok(Board::named(station, in_order(rows)))
}

fn is_eva(code: &str) -> bool {
    EVA.fits(code)
}

const EVA: CodeShape = codes::number(
    7,
    "80",
    "a DB station (an EVA number such as 8011160, or a slug such as berlin-hbf)",
);

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub struct Germany;

impl Adapter for Germany {
    fn knows_code(&self, code: &str) -> bool {
        is_eva(code)
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let eva = EVA.check_listed(station, COUNTRY.slug)?;
        let path = format!("/stops/{eva}/departures?duration=120&results=100");
        http.get_board(&path, &eva, parse_board).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = "germany/departures-berlin-hbf.json";

    #[test]
    fn seconds_cancellations_platform_changes_and_midnight() {
        let board = parse_board(&crate::upstream::fixture(FIXTURE)).unwrap();
        let (station, d) = (board.station, board.departures);
        assert_eq!(station.name, "Berlin Hbf");
        let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
        assert_eq!(codes, ["ICE 1007", "RE 3125", "S 5", "ICE 1609"]);
        assert_eq!(
            (
                d[0].scheduled_dep.as_str(),
                d[0].delay,
                d[0].expected_dep.as_deref()
            ),
            ("23:52", Some(34), Some("00:26")),
            "2040 s"
        );
        assert_eq!(
            (d[1].platform.as_deref(), d[1].planned_platform.as_deref()),
            (Some("12"), Some("11"))
        );
        assert_eq!(
            (d[2].delay, d[2].expected_dep.as_deref()),
            (None, None),
            "null delay: no realtime"
        );
        assert!(d[3].cancelled && d[3].delay.is_none());
        assert_eq!(
            d[3].platform.as_deref(),
            Some("14"),
            "the planned platform when there is no actual one"
        );
        assert_eq!(d[0].line, "ICE 1007");
        assert_eq!(
            d[0].via,
            ["Berlin Südkreuz", "Halle (Saale) Hbf", "Erfurt Hbf"],
            "nextStopovers after this station, without the destination"
        );
        assert_eq!(
            d[0].messages,
            ["Stop Erfurt Hbf cancelled", "Replacement train"],
            "warnings and status remarks; hints left out"
        );
        assert!(d[1].via.is_empty() && d[1].messages.is_empty());
    }

    #[test]
    fn the_bare_list_form_is_read_too() {
        let wrapped: serde_json::Value =
            serde_json::from_slice(&crate::upstream::fixture(FIXTURE)).unwrap();
        let bare = serde_json::to_vec(&wrapped["departures"]).unwrap();
        assert_eq!(parse_board(&bare).unwrap().departures.len(), 4);
    }

    #[test]
    fn a_null_direction_falls_back_to_the_destination_stop() {
        let board = parse_board(&crate::upstream::fixture(
            "germany/departures-null-direction.json",
        ))
        .unwrap();
        let to: Vec<&str> = board
            .departures
            .iter()
            .map(|d| d.destination.as_str())
            .collect();
        assert_eq!(
            to,
            ["Bad Soden(Taunus)", "Wiesbaden Hbf", ""],
            "direction null → destination.name; neither → empty, never a panic"
        );
        assert_eq!(board.departures[0].messages, ["Ersatzverkehr mit Bussen"]);
    }

    #[test]
    fn eva_numbers() {
        assert!(is_eva("8011160"));
        assert!(!is_eva("8503000"));
    }
}
