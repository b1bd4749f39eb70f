//! Sweden — Trafikverket's open API (a key: free registration at data.trafikverket.se), queried
//! with XML posted to `/v2/data.json`, answered in JSON.
//!
//! Quirks: stations are signatures (`Cst` is Stockholm C), so names come from a second query
//! (`TrainStation`, cached for a day); every activity is a row (`Avgang` departures, `Ankomst`
//! arrivals) and rows with `Advertised: false` are not for the public; the delay is
//! `EstimatedTimeAtLocation − AdvertisedTimeAtLocation`; a row with `TimeAtLocation` has left;
//! `TrackAtLocation` `x` means no track yet; a query that does not INCLUDE `ActivityType` gets rows
//! without it (and may mix in other stations' rows): see [`departures_from`]; `Deviation` descriptions are the notices. No
//! positions: `realtime` lists the trains of a hub's board (Stockholm C unless a `stop` is named).
//!
//! Journeys: every announcement of one `AdvertisedTrainIdent` from the run's day on (the id
//! `sweden-20261124-541`), in advertised order: an `Ankomst` and an `Avgang` row of one
//! station are one stop; `TimeAtLocation` says it has happened, `EstimatedTimeAtLocation` what
//! is expected, `Canceled` a cancelled call. Rows past the run's end (the same number on the
//! next day) are left out: a run ends at its first arrival with no departure after it.

use crate::source::{SourceError, SourceResult};
use crate::upstream::http::{FeedHttp, Kept, Opened};
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm, parse_offset_time, planned_and_expected};
use crate::upstream::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live};
use chrono::{DateTime, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{via_list, Departure, JourneyStop, Kind, StopTime};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

const COUNTRY: Country = country::SWEDEN;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const DATA: &str = "/v2/data.json";
const STATIONS_TTL: Duration = Duration::from_secs(24 * 3600);

#[derive(Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct Answer {
    response: Response,
}

#[derive(Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct Response {
    #[serde(default)]
    result: Vec<ResultSet>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ResultSet {
    #[serde(default)]
    train_announcement: Vec<Announcement>,
    #[serde(default)]
    train_station: Vec<Station>,
    #[serde(rename = "ERROR")]
    error: Option<ApiError>,
}

#[derive(Deserialize)]
struct ApiError {
    #[serde(
        default,
        rename = "MESSAGE",
        alias = "Message",
        deserialize_with = "tolerant::string"
    )]
    message: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Station {
    #[serde(default, deserialize_with = "tolerant::string")]
    location_signature: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    advertised_location_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    country_code: String,
    geometry: Option<Geometry>,
}

#[derive(Deserialize)]
struct Geometry {
    /// `POINT (lon lat)`.
    #[serde(rename = "WGS84", default, deserialize_with = "tolerant::string")]
    wgs84: String,
}

/// `POINT (18.0576 59.3300)` → (lat, lng).
fn point(wkt: &str) -> Option<(f64, f64)> {
    let inner = wkt.trim().strip_prefix("POINT")?.trim();
    let inner = inner.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace().map(str::parse::<f64>);
    let (lng, lat) = (parts.next()?.ok()?, parts.next()?.ok()?);
    parts.next().is_none().then_some((lat, lng))
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Announcement {
    #[serde(default, deserialize_with = "tolerant::string")]
    activity_type: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    location_signature: String,
    /// Absent means advertised.
    advertised: Option<bool>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    advertised_time_at_location: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    estimated_time_at_location: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    time_at_location: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    advertised_train_ident: String,
    #[serde(default, deserialize_with = "tolerant::bool")]
    canceled: bool,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    track_at_location: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    operator: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    information_owner: Option<String>,
    #[serde(default)]
    product_information: Vec<Described>,
    #[serde(default)]
    to_location: Vec<Location>,
    /// Where the train comes from (an arrival's far end).
    #[serde(default)]
    from_location: Vec<Location>,
    #[serde(default)]
    via_to_location: Vec<Location>,
    /// The stops before this one: arrival rows carry these, departure rows `ViaToLocation`.
    #[serde(default)]
    via_from_location: Vec<Location>,
    #[serde(default)]
    deviation: Vec<Described>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Described {
    #[serde(default, deserialize_with = "tolerant::string")]
    description: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Location {
    #[serde(default, deserialize_with = "tolerant::string")]
    location_name: String,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    order: Option<i64>,
}

pub type Names = HashMap<String, String>;

fn result(bytes: &[u8]) -> Result<ResultSet, ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    let set = answer
        .response
        .result
        .into_iter()
        .next()
        .ok_or_else(|| ParseError::new(COUNTRY.slug, "RESPONSE.RESULT", "an empty RESULT"))?;
    match &set.error {
        Some(e) => Err(ParseError::new(
            COUNTRY.slug,
            "RESPONSE.RESULT[0].ERROR",
            format!("Trafikverket refused the query: {}", e.message),
        )),
        None => Ok(set),
    }
}

/// Signature → advertised name.
pub fn parse_stations(bytes: &[u8]) -> Result<Names, ParseError> {
    Ok(result(bytes)?
        .train_station
        .into_iter()
        .filter(|s| !s.location_signature.is_empty())
        .map(|s| (s.location_signature, s.advertised_location_name))
        .collect())
}

/// The same `TrainStation` answer as the directory's list: Swedish stations (`CountryCode`
/// SE; Trafikverket also lists Danish and Norwegian ones) with a position.
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    Ok(result(bytes)?
        .train_station
        .into_iter()
        .filter(|s| s.country_code.is_empty() || s.country_code.eq_ignore_ascii_case("SE"))
        .filter_map(|s| {
            let (lat, lng) = point(&s.geometry?.wgs84)?;
            Some(railtop_core::assets::Station {
                code: s.location_signature,
                name: s.advertised_location_name,
                lat,
                lng,
                aliases: Vec::new(),
            })
        })
        .collect())
}

fn name(names: &Names, signature: &str) -> String {
    names
        .get(signature)
        .cloned()
        .unwrap_or_else(|| signature.to_string())
}

/// What a row is, where `ActivityType` may be missing (a query that did not INCLUDE it).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Activity {
    Departure,
    Arrival,
}

/// Rows of the answer that are departures from `station`: rows of other stations are left out;
/// a row says what it is by `ActivityType` (`Avgang`, `Ankomst`); a row without it is an arrival
/// when the train ends here (`ToLocation` is this station), when the same train has a later
/// row here (its departure), or when it lists the stops before (`ViaFromLocation`, as arrival
/// rows do) and none after; else a departure.
fn departures_from(rows: Vec<Announcement>, station: &str) -> Vec<Announcement> {
    of_activity(rows, station, Activity::Departure)
}

/// Rows of the answer that are `wanted` activities at `station` (see [`departures_from`]).
fn of_activity(rows: Vec<Announcement>, station: &str, wanted: Activity) -> Vec<Announcement> {
    let here = |a: &Announcement| {
        a.location_signature.is_empty() || a.location_signature.eq_ignore_ascii_case(station)
    };
    let rows: Vec<Announcement> = rows.into_iter().filter(here).collect();
    let activity = |i: usize, a: &Announcement| match a.activity_type.as_str() {
        "Avgang" => Some(Activity::Departure),
        "Ankomst" => Some(Activity::Arrival),
        "" => {
            let ends_here = a
                .to_location
                .last()
                .is_some_and(|l| l.location_name.eq_ignore_ascii_case(station));
            let leaves_later = rows[i + 1..].iter().any(|b| {
                b.advertised_train_ident == a.advertised_train_ident && b.activity_type.is_empty()
            });
            let looks_back = !a.via_from_location.is_empty() && a.via_to_location.is_empty();
            Some(if ends_here || leaves_later || looks_back {
                Activity::Arrival
            } else {
                Activity::Departure
            })
        }
        _ => None,
    };
    let keep: Vec<bool> = rows
        .iter()
        .enumerate()
        .map(|(i, a)| activity(i, a) == Some(wanted))
        .collect();
    rows.into_iter()
        .zip(keep)
        .filter_map(|(a, keep)| keep.then_some(a))
        .collect()
}

/// The public departures from `station` (a signature) still to leave, in order of advertised
/// time (the answer does not name the station: the feed does, from `names`).
pub fn parse_board(bytes: &[u8], station: &str, names: &Names) -> Result<Board, ParseError> {
    let rows = departures_from(result(bytes)?.train_announcement, station);
    Ok(Board::named(
        None,
        rows_of(rows, names, Activity::Departure),
    ))
}

/// The public arrivals at `station` still to come (`Ankomst` rows), in order: each from its
/// `FromLocation`, its via the stops before (`ViaFromLocation`).
pub fn parse_arrivals(bytes: &[u8], station: &str, names: &Names) -> Result<Board, ParseError> {
    let rows = of_activity(
        result(bytes)?.train_announcement,
        station,
        Activity::Arrival,
    );
    Ok(Board::named(None, rows_of(rows, names, Activity::Arrival)))
}

fn rows_of(rows: Vec<Announcement>, names: &Names, activity: Activity) -> Vec<Departure> {
    let rows: Vec<(DateTime<Utc>, Departure)> = rows
        .into_iter()
        .filter(|a| a.advertised != Some(false))
        .filter(|a| a.time_at_location.is_none() || a.canceled)
        .filter_map(|a| {
            let (planned, estimated) = planned_and_expected(
                a.advertised_time_at_location.as_deref(),
                a.estimated_time_at_location.as_deref(),
                a.canceled,
            )?;
            let (far_end, mut via) = match activity {
                Activity::Departure => (&a.to_location, a.via_to_location),
                Activity::Arrival => (&a.from_location, a.via_from_location),
            };
            let destination = far_end
                .first()
                .map_or_else(String::new, |l| name(names, &l.location_name));
            via.sort_by_key(|l| l.order.unwrap_or(i64::MAX));
            let line = a
                .product_information
                .first()
                .map_or_else(String::new, |p| p.description.clone());
            Some((
                planned,
                Departure {
                    via: via_list(
                        via.iter().map(|l| name(names, &l.location_name)),
                        &destination,
                    ),
                    line,
                    destination,
                    platform: a.track_at_location.filter(|t| !t.eq_ignore_ascii_case("x")),
                    scheduled_dep: local_hhmm(planned, TZ),
                    delay: estimated.map(|e| delay_minutes(planned, e)),
                    cancelled: a.canceled,
                    operator: a.operator.or(a.information_owner),
                    expected_dep: estimated.map(|e| local_hhmm(e, TZ)),
                    train_code: (!a.advertised_train_ident.is_empty())
                        .then(|| a.advertised_train_ident.clone()),
                    messages: a.deviation.into_iter().map(|d| d.description).collect(),
                    ..Departure::default()
                },
            ))
        })
        .collect();
    // Trafikverket's deviations are Swedish.
    let mut rows = in_order(rows);
    rows.iter_mut().for_each(|d| d.messages_in("sv"));
    rows
}

/// Every announcement of one train as its journey (see the module doc): `None` without any.
pub fn parse_train(
    bytes: &[u8],
    id: &str,
    names: &Names,
    now: DateTime<Utc>,
) -> Result<Option<Journey>, ParseError> {
    let mut rows: Vec<(DateTime<Utc>, Announcement)> = result(bytes)?
        .train_announcement
        .into_iter()
        .filter(|a| a.advertised != Some(false))
        .filter_map(|a| {
            let t = parse_offset_time(a.advertised_time_at_location.as_deref()?)?;
            Some((t, a))
        })
        .collect();
    rows.sort_by_key(|(t, _)| *t);
    let mut stops: Vec<JourneyStop> = Vec::new();
    let mut signatures: Vec<String> = Vec::new();
    let mut messages: Vec<String> = Vec::new();
    let mut code = String::new();
    for (planned, a) in rows {
        let departs = a.activity_type != "Ankomst";
        let same = signatures
            .last()
            .is_some_and(|s| s.eq_ignore_ascii_case(&a.location_signature));
        // A departure after the run's last arrival belongs to another run of the number.
        if !same && stops.last().is_some_and(|s| s.departure.is_empty()) {
            break;
        }
        let seen = a.time_at_location.as_deref().and_then(parse_offset_time);
        let expected = seen
            .or_else(|| {
                a.estimated_time_at_location
                    .as_deref()
                    .and_then(parse_offset_time)
            })
            .filter(|_| !a.canceled);
        let time = StopTime::at(Some(planned), expected, TZ);
        if !same {
            let mut stop = JourneyStop {
                name: name(names, &a.location_signature),
                code: Some(a.location_signature.clone()).filter(|c| !c.is_empty()),
                ..JourneyStop::default()
            };
            (stop.lat, stop.lng) =
                crate::upstream::place(COUNTRY.slug, &a.location_signature).unzip();
            stops.push(stop);
            signatures.push(a.location_signature.clone());
        }
        let Some(stop) = stops.last_mut() else {
            continue;
        };
        if departs {
            stop.departure = time;
            stop.passed = seen.is_some();
        } else {
            stop.arrival = time;
        }
        stop.cancelled |= a.canceled;
        let late = expected.map(|e| delay_minutes(planned, e));
        if departs || stop.delay.is_none() {
            stop.delay = late.or(stop.delay);
        }
        stop.platform = a
            .track_at_location
            .clone()
            .filter(|t| !t.eq_ignore_ascii_case("x"))
            .or(stop.platform.take());
        for d in a.deviation {
            if !d.description.trim().is_empty() && !messages.contains(&d.description) {
                messages.push(d.description);
            }
        }
        if code.is_empty() {
            code = a.advertised_train_ident.clone();
        }
    }
    if stops.is_empty() {
        return Ok(None);
    }
    if let Some(last) = stops.last_mut() {
        last.passed = last.arrival.expected.is_some()
            && last
                .arrival
                .expected_at
                .as_deref()
                .and_then(parse_offset_time)
                <= Some(now);
    }
    let mut journey = Journey::of_stops(id, code, COUNTRY.slug, stops);
    journey.train.messages = messages;
    journey.train.messages_in("sv");
    Ok(Some(journey))
}

/// Every public announcement of train `ident` from the start of `day` (Swedish time) to noon
/// of the next, in advertised order.
pub(crate) fn train_request(key: &str, ident: &str, day: chrono::NaiveDate) -> String {
    let next = day.succ_opt().unwrap_or(day);
    format!(
        "<REQUEST><LOGIN authenticationkey=\"{}\"/><QUERY objecttype=\"TrainAnnouncement\" schemaversion=\"1.8\" orderby=\"AdvertisedTimeAtLocation\"><FILTER><AND><EQ name=\"AdvertisedTrainIdent\" value=\"{}\"/><EQ name=\"Advertised\" value=\"true\"/><GT name=\"AdvertisedTimeAtLocation\" value=\"{}T00:00:00\"/><LT name=\"AdvertisedTimeAtLocation\" value=\"{}T12:00:00\"/></AND></FILTER></QUERY></REQUEST>",
        xml_attr(key),
        xml_attr(ident),
        day.format("%Y-%m-%d"),
        next.format("%Y-%m-%d")
    )
}

/// XML attribute values are quoted; the key and signature must not break out of them.
fn xml_attr(s: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(s)
}

pub(crate) fn stations_request(key: &str) -> String {
    format!(
        "<REQUEST><LOGIN authenticationkey=\"{}\"/><QUERY objecttype=\"TrainStation\" schemaversion=\"1.4\"><FILTER><EQ name=\"Advertised\" value=\"true\"/></FILTER><INCLUDE>LocationSignature</INCLUDE><INCLUDE>AdvertisedLocationName</INCLUDE><INCLUDE>CountryCode</INCLUDE><INCLUDE>Geometry.WGS84</INCLUDE></QUERY></REQUEST>",
        xml_attr(key)
    )
}

/// Departures from `signature` advertised from 15 minutes ago to 3 hours ahead.
/// A board's reader: departures or arrivals of a station, named from the signatures.
type Parser = fn(&[u8], &str, &Names) -> Result<Board, ParseError>;

/// The query of a station's `activity` rows (`Avgang`, `Ankomst`) from 15 minutes ago to 3 h on.
fn activity_request(key: &str, signature: &str, activity: &str) -> String {
    format!(
        "<REQUEST><LOGIN authenticationkey=\"{}\"/><QUERY objecttype=\"TrainAnnouncement\" schemaversion=\"1.8\" orderby=\"AdvertisedTimeAtLocation\"><FILTER><AND><EQ name=\"ActivityType\" value=\"{activity}\"/><EQ name=\"LocationSignature\" value=\"{}\"/><EQ name=\"Advertised\" value=\"true\"/><GT name=\"AdvertisedTimeAtLocation\" value=\"$dateadd(-00:15:00)\"/><LT name=\"AdvertisedTimeAtLocation\" value=\"$dateadd(03:00:00)\"/></AND></FILTER></QUERY></REQUEST>",
        xml_attr(key),
        xml_attr(signature)
    )
}

/// A Trafikverket station signature: one to five letters (`Cst`, `G`, `Hpbg`, `Söö`).
fn is_signature(code: &str) -> bool {
    (1..=5).contains(&code.chars().count()) && code.chars().all(char::is_alphabetic)
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let sweden = Sweden {
        key: o.key,
        names: Kept::new(),
    };
    Live::open(o.http, o.hub, sweden)
}

pub(crate) struct Sweden {
    key: String,
    names: Kept<Result<Arc<Names>, SourceError>>,
}

impl Sweden {
    /// Signatures to names, fetched once a day (a failure is not kept).
    async fn names(&self, http: &FeedHttp) -> Result<Arc<Names>, SourceError> {
        let fetch = http.post_parsed(
            DATA,
            stations_request(&self.key),
            "text/xml",
            parse_stations,
        );
        self.names
            .get_ok(STATIONS_TTL, async { fetch.await.map(Arc::new) })
            .await
    }
}

impl Adapter for Sweden {
    async fn station_list(
        &self,
        http: &FeedHttp,
    ) -> SourceResult<Option<Vec<railtop_core::assets::Station>>> {
        let request = stations_request(&self.key);
        http.post_parsed(DATA, request, "text/xml", parse_station_list)
            .await
            .map(Some)
    }

    /// A board's train, `sweden-YYYYMMDD-541`: its announcements of that day.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let not_one = || {
            SourceError::NotFound(format!(
                "no train {}: Sweden's ids read sweden-YYYYMMDD-NUMBER, as `railtop trains` lists them",
                railtop_core::text::quoted(ask.id)
            ))
        };
        let (day, ident) =
            crate::upstream::board_train_id(COUNTRY.slug, ask.id).ok_or_else(not_one)?;
        let day = chrono::NaiveDate::parse_from_str(day, "%Y%m%d").map_err(|_| not_one())?;
        if !ident.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(not_one());
        }
        let names = self.names(http).await?;
        let request = train_request(&self.key, ident, day);
        let journey = http
            .post_parsed(DATA, request, "text/xml", |b| {
                parse_train(b, ask.id, &names, ask.now)
            })
            .await?;
        journey.map(Some).ok_or_else(|| {
            SourceError::NotFound(format!(
                "Trafikverket announces no train {}",
                railtop_core::text::quoted(ask.id)
            ))
        })
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let signature = station.trim();
        if !is_signature(signature) {
            return Err(SourceError::NotFound(format!(
                "{station:?} is not a Trafikverket station signature such as Cst or G"
            )));
        }
        let names = self.names(http).await?;
        let (activity, parse): (_, Parser) = match ask.kind {
            Kind::Departures => ("Avgang", parse_board),
            Kind::Arrivals => ("Ankomst", parse_arrivals),
        };
        let request = activity_request(&self.key, signature, activity);
        let mut board = http
            .post_parsed(DATA, request, "text/xml", |b| parse(b, signature, &names))
            .await?;
        board.station.name = name(&names, signature);
        Ok(http.spec.complete(signature, board))
    }
}

#[cfg(test)]
mod tests;
