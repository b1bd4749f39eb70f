//! Ireland — Irish Rail's realtime API (XML, no key).
//!
//! Positions: `/realtime/realtime.asmx/getCurrentTrainsXML`; `0/0` means no position, and the
//! destination, delay and next stop exist only inside `PublicMessage`
//! (`"A210\n11:00 - Dublin Heuston to Cork (6 mins late)\nDeparted Thurles next stop …"`, with
//! literal `\n`, sometimes no space before the parenthesis, negative = early). Boards:
//! `getStationDataByCodeXML_WithNumMins` — codes with trailing spaces, `Late` in minutes, times on
//! Dublin's clock, `Locationtype` `D` for trains that end here (not departures).
//!
//! Journeys: `getTrainMovementsXML?TrainId=A216&TrainDate=24 Nov 2026` (the train's code and
//! `TrainDate`, both in its id `ie-20261124-A216`): every location of the run in order,
//! `LocationType` `O` origin, `S` stop, `D` destination and `T` a timing point the train passes
//! without stopping (left out); times `HH:MM:SS` on Dublin's clock with `00:00:00` for none (no
//! arrival at the origin), planned (`Scheduled*`), expected (`Expected*`) and actual (`Arrival`,
//! `Departure`, empty until it happens). A run past midnight rolls on to the next day.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{in_order, Board, ParseError};
use crate::upstream::times::{nearest, RunClock};
use crate::upstream::xml::{records, Record};
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk, OwnTrains, StationsAt, TrainsAsk};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::{status, Departure, JourneyStop, Kind, Train};

const COUNTRY: Country = country::IRELAND;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const OPERATOR: &str = "Iarnród Éireann";
/// How far ahead boards look.
const BOARD_MINUTES: u32 = 90;

/// What `PublicMessage` tells beyond the code.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Message {
    pub origin_time: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub delay: Option<i64>,
    pub next_stop: Option<String>,
}

/// How far from a whole day a delay may be for the day to be certainly a wrap: Irish Rail dates
/// some trains a day off and counts the day into their delay (`(1440 mins late)` for a train on
/// time, `(1448 mins late)` for one 8 minutes late).
const WRAP_SLACK: i64 = 60;

/// A delay without Irish Rail's day wrap: one whole day off where the rest is a delay a train
/// can have (within [`WRAP_SLACK`]); anything else unchanged (the shared bound in
/// [`railtop_core::model::plausible`] then shows an impossible one as no data).
pub(crate) fn without_day_wrap(minutes: i64) -> i64 {
    const DAY: i64 = 24 * 60;
    [DAY, -DAY]
        .into_iter()
        .filter_map(|day| minutes.checked_sub(day))
        .find(|rest| rest.abs() <= WRAP_SLACK)
        .unwrap_or(minutes)
}

/// Reads `"CODE\nHH:MM - From to To (N mins late)\nDeparted X next stop Y"`.
pub fn parse_message(message: &str) -> Message {
    let lines: Vec<&str> = message
        .split("\\n")
        .flat_map(|l| l.split('\n'))
        .map(str::trim)
        .collect();
    let mut m = Message::default();
    if let Some(route) = lines.get(1) {
        let (time, rest) = match route.split_once(" - ") {
            Some((t, rest)) if t.len() == 5 && t.as_bytes()[2] == b':' => {
                (Some(t.to_string()), rest)
            }
            _ => (None, *route),
        };
        m.origin_time = time;
        let (stations, delay) = match rest.find('(') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        if let Some((from, to)) = stations.split_once(" to ") {
            m.from = Some(from.trim().to_string());
            m.to = Some(to.trim().to_string());
        }
        m.delay = delay.and_then(|d| {
            let d = d.trim_end_matches(')').trim();
            let n: i64 = d.split_whitespace().next()?.parse().ok()?;
            let n = if d.contains("early") {
                n.checked_neg()?
            } else {
                n
            };
            Some(without_day_wrap(n))
        });
    }
    if let Some(progress) = lines.get(2) {
        m.next_stop = progress
            .split_once("next stop ")
            .map(|(_, s)| s.trim().to_string());
    }
    m
}

fn field<'r>(r: &'r Record, name: &str) -> &'r str {
    r.get(name).map_or("", |s| s.as_str())
}

fn date_code(train_date: &str) -> String {
    NaiveDate::parse_from_str(train_date.trim(), "%d %b %Y")
        .map(|d| d.format("%Y%m%d").to_string())
        .unwrap_or_else(|_| train_date.replace(' ', ""))
}

/// `getCurrentTrainsXML`: every train Irish Rail knows about right now.
pub fn parse_trains(xml: &[u8]) -> Result<Vec<Train>, ParseError> {
    Ok(records(COUNTRY.slug, xml, "objTrainPositions")?
        .iter()
        .filter(|r| !field(r, "TrainCode").is_empty())
        .map(|r| {
            let code = field(r, "TrainCode").to_string();
            let m = parse_message(field(r, "PublicMessage"));
            let coordinate = |name| field(r, name).parse::<f64>().ok();
            let (lat, lng) = match (coordinate("TrainLatitude"), coordinate("TrainLongitude")) {
                (Some(lat), Some(lng)) if (lat, lng) != (0.0, 0.0) => (Some(lat), Some(lng)),
                _ => (None, None),
            };
            let status = match field(r, "TrainStatus") {
                "R" => status::RUNNING,
                "T" => status::ARRIVED,
                _ => status::SCHEDULED,
            };
            let to = m.to.clone();
            Train {
                id: format!("ie-{}-{code}", date_code(field(r, "TrainDate"))),
                name: format!("{code} → {}", to.as_deref().unwrap_or("?")),
                train_code: code,
                status: status.into(),
                lat,
                lng,
                // A train not yet running has no realtime delay, only a timetable.
                delay: if status == status::SCHEDULED {
                    None
                } else {
                    m.delay
                },
                platform: None,
                country: Some(COUNTRY.slug.into()),
                from: m.from,
                to,
                next_station: m.next_stop,
                direction: Some(field(r, "Direction").to_string()).filter(|d| !d.is_empty()),
                scheduled_dep: m.origin_time,
                last_updated: None,
                operator: Some(OPERATOR.into()),
                last_seen: None,
                speed: None,
                messages: Vec::new(),
                message_languages: Vec::new(),
                partly_cancelled: false,
                timezone: None,
            }
        })
        .collect())
}

/// `getTrainMovementsXML`: the run's stops (timing points left out) with their planned,
/// expected and actual times, and the train as far as the run tells it. `None`: Irish Rail
/// knows no such run.
pub fn parse_movements(
    xml: &[u8],
    id: &str,
) -> Result<Option<crate::upstream::Journey>, ParseError> {
    let rows = records(COUNTRY.slug, xml, "objTrainMovements")?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let Ok(day) = NaiveDate::parse_from_str(field(first, "TrainDate").trim(), "%d %b %Y") else {
        return Ok(None);
    };
    let mut clock = RunClock::new(day, TZ);
    let hms = |t: &str| NaiveTime::parse_from_str(t, "%H:%M:%S").ok();
    let mut stops = Vec::new();
    for r in rows.iter().filter(|r| field(r, "LocationType") != "T") {
        let at = |name: &str| {
            let t = field(r, name).trim();
            (!t.is_empty() && t != "00:00:00").then_some(t)
        };
        // The plan sets the day (it only moves on); what happened or is expected lies near it.
        let arr = at("ScheduledArrival")
            .and_then(hms)
            .and_then(|t| clock.next(t));
        let dep = at("ScheduledDeparture")
            .and_then(hms)
            .and_then(|t| clock.next(t));
        let near =
            |t: Option<&str>, planned: Option<DateTime<Utc>>| nearest(hms(t?)?, planned?, TZ);
        let arr_seen = near(at("Arrival"), arr);
        let dep_seen = near(at("Departure"), dep);
        let arrival = (arr, arr_seen.or_else(|| near(at("ExpectedArrival"), arr)));
        let departure = (dep, dep_seen.or_else(|| near(at("ExpectedDeparture"), dep)));
        let mut stop =
            JourneyStop::timed(field(r, "LocationFullName").trim(), arrival, departure, TZ);
        stop.code = Some(field(r, "LocationCode").trim().to_string()).filter(|c| !c.is_empty());
        if let Some(code) = &stop.code {
            (stop.lat, stop.lng) = crate::upstream::place(COUNTRY.slug, code).unzip();
        }
        let last = field(r, "LocationType") == "D";
        stop.passed = dep_seen.is_some() || (last && arr_seen.is_some());
        stops.push(stop);
    }
    let code = field(first, "TrainCode").trim().to_string();
    let mut journey = crate::upstream::Journey::of_stops(id, code, COUNTRY.slug, stops);
    let t = &mut journey.train;
    let named = |f: &str| Some(field(first, f).trim().to_string()).filter(|s| !s.is_empty());
    t.from = named("TrainOrigin").or(t.from.take());
    if let Some(to) = named("TrainDestination") {
        t.name = format!("{} → {to}", t.train_code);
        t.to = Some(to);
    }
    t.operator = Some(OPERATOR.into());
    Ok(Some(journey))
}

/// `getAllStationsXML` as the directory's list: code, name (`StationDesc`; its alias, where
/// one is given, answers too) and position.
pub fn parse_station_list(xml: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    let rows = records(COUNTRY.slug, xml, "objStation")?;
    Ok(rows
        .iter()
        .filter_map(|r| {
            let number = |f: &str| field(r, f).parse::<f64>().ok();
            Some(railtop_core::assets::Station {
                code: field(r, "StationCode").to_string(),
                name: field(r, "StationDesc").to_string(),
                lat: number("StationLatitude")?,
                lng: number("StationLongitude")?,
                aliases: Some(field(r, "StationAlias").to_string())
                    .filter(|a| !a.is_empty())
                    .into_iter()
                    .collect(),
            })
        })
        .collect())
}

/// `getStationDataByCodeXML`: the trains due to leave, soonest first.
pub fn parse_board(xml: &[u8]) -> Result<Board, ParseError> {
    parse_calls(xml, Kind::Departures)
}

/// The same answer's arrivals: every train that stops or ends here (not one that starts
/// here), from its `Origin`, at its `Scharrival` (`Exparrival` expected).
pub fn parse_arrivals(xml: &[u8]) -> Result<Board, ParseError> {
    parse_calls(xml, Kind::Arrivals)
}

fn parse_calls(xml: &[u8], kind: Kind) -> Result<Board, ParseError> {
    let rows = records(COUNTRY.slug, xml, "objStationData")?;
    let station_name = rows
        .first()
        .map(|r| field(r, "Stationfullname").to_string())
        .filter(|n| !n.is_empty());
    // The names of the fields this kind of board reads: (far end, scheduled, expected).
    let (far_end, scheduled, expected_at) = match kind {
        Kind::Departures => ("Destination", "Schdepart", "Expdepart"),
        Kind::Arrivals => ("Origin", "Scharrival", "Exparrival"),
    };
    let due: Vec<(i64, Departure)> = rows
        .iter()
        // T: a timing point, not a stop; D: the train ends here (no departure), O: it starts
        // here (no arrival).
        .filter(|r| match (kind, field(r, "Locationtype")) {
            (_, "T") => false,
            (Kind::Departures, l) => l != "D",
            (Kind::Arrivals, l) => l != "O",
        })
        .filter(|r| match kind {
            Kind::Departures => field(r, "Schdepart") != "00:00" || field(r, "Locationtype") == "O",
            Kind::Arrivals => field(r, "Scharrival") != "00:00",
        })
        .map(|r| {
            let status_text = field(r, "Status").to_lowercase();
            let cancelled = status_text.contains("cancel");
            let realtime = !status_text.contains("no information") && !cancelled;
            let delay = realtime
                .then(|| field(r, "Late").parse::<i64>().ok())
                .flatten()
                .map(without_day_wrap);
            let expected = Some(field(r, expected_at).to_string())
                .filter(|e| realtime && !e.is_empty() && e != "00:00");
            let due_in = field(r, "Duein").parse::<i64>().unwrap_or(i64::MAX);
            (
                due_in,
                Departure {
                    line: field(r, "Traintype").to_string(),
                    destination: field(r, far_end).to_string(),
                    platform: None,
                    scheduled_dep: field(r, scheduled).to_string(),
                    delay,
                    cancelled,
                    operator: Some(OPERATOR.into()),
                    expected_dep: expected,
                    train_code: Some(field(r, "Traincode").trim().to_string()),
                    planned_platform: None,
                    ..Default::default()
                },
            )
        })
        .collect();
    // `Duein` counts minutes from now, so the order holds across midnight.
    Ok(Board::named(station_name, in_order(due)))
}

/// Irish Rail's station codes (`CNLLY`, `HSTON`).
const CODES: CodeShape = codes::alphanumeric("an Irish Rail station code");

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub struct Ireland;

impl Adapter for Ireland {
    const ARRIVALS: bool = true;

    const STATIONS_AT: Option<StationsAt> = Some((
        "/realtime/realtime.asmx/getAllStationsXML",
        parse_station_list,
    ));

    async fn trains(&self, http: &FeedHttp, _ask: TrainsAsk<'_>) -> OwnTrains {
        let path = "/realtime/realtime.asmx/getCurrentTrainsXML";
        http.get_parsed(path, parse_trains).await.map(Some)
    }

    /// Irish Rail's trains are `ie-YYYYMMDD-CODE` ([`parse_trains`]).
    fn owns_train(&self, id: &str) -> bool {
        id.starts_with("ie-")
    }

    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let not_one = || {
            SourceError::NotFound(format!(
                "no train {}: Ireland's ids read ie-YYYYMMDD-CODE, as `railtop trains` lists them",
                railtop_core::text::quoted(ask.id)
            ))
        };
        let rest = ask.id.strip_prefix("ie-").ok_or_else(not_one)?;
        let (day, code) = rest.split_once('-').ok_or_else(not_one)?;
        let day = NaiveDate::parse_from_str(day, "%Y%m%d").map_err(|_| not_one())?;
        let code = CODES.check(code)?;
        let path = format!(
            "/realtime/realtime.asmx/getTrainMovementsXML?TrainId={code}&TrainDate={}",
            day.format("%d%%20%b%%20%Y")
        );
        let journey = http
            .get_parsed(&path, |b| parse_movements(b, ask.id))
            .await?;
        journey.map(Some).ok_or_else(|| {
            SourceError::NotFound(format!(
                "Irish Rail knows no run {}",
                railtop_core::text::quoted(ask.id)
            ))
        })
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let code = CODES.check(station)?;
        let path = format!(
            "/realtime/realtime.asmx/getStationDataByCodeXML_WithNumMins?StationCode={code}&NumMins={BOARD_MINUTES}"
        );
        match ask.kind {
            Kind::Departures => http.get_board(&path, &code, parse_board).await,
            Kind::Arrivals => http.get_board(&path, &code, parse_arrivals).await,
        }
    }
}

#[cfg(test)]
mod tests;
