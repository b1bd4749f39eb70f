//! Austria — ÖBB's HAFAS `mgate.exe`: `StationBoard` for boards, `JourneyGeoPos` for positions.
//!
//! HAFAS answers in a compact shape: each journey points into shared lists (`common.prodL` for
//! the line and its operator `oprX`→`common.opL`, `common.locL` for stations, `common.himL` for
//! messages). Times are `HHMMSS` after the journey's `date`, with a day prefix past midnight
//! (`01003000` is 00:30 the next day), on the station's clock (`dTZOffset` minutes when given,
//! else Vienna); `dTimeR` is the realtime estimate. Coordinates are integers × 1e6. The request
//! names the ÖBB client and its public AID (as every ÖBB app does). Product names may carry the
//! train number (`S 1 (Zug-Nr. 23)`), left out; `nameS` can be an internal category (`DPS S3` for
//! BRB's S3), so the line is the name, `nameS` only where the name is empty. Positions come from
//! `JourneyGeoPos` (the radar) over Austria; with a `stop`, `realtime` lists that station's board.
//! A radar train's journey is `JourneyDetails` of its `jid` (the train's id after `austria-`).

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm};
use crate::upstream::{Adapter, BoardAsk, JourneyAsk, OwnTrains, TrainsAsk};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{status, Departure, JourneyStop, Kind, Train};

/// A train and its run, as the aggregator takes it (HAFAS has its own `Journey` here).
pub type Run = crate::upstream::Journey;
use chrono::{DateTime, Days, FixedOffset, NaiveDate, NaiveTime, TimeZone, Utc};
use serde::Deserialize;

const COUNTRY: Country = country::AUSTRIA;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const MGATE: &str = "/bin/mgate.exe";

/// Which HAFAS product classes are trains. Each product carries its class as one bit (`cls`),
/// and each HAFAS deployment numbers its classes its own way, so the table is the deployment's.
/// Category names are not a guide: ÖBB's `O-Bus` (trolleybus), `Lift` and `ssb` (funicular) are
/// just names, while their classes say bus (64) and on-call/other (2048).
#[derive(Clone, Copy, Debug)]
pub struct Classes {
    /// The bits of the classes that are trains (long-distance, regional and suburban rail).
    pub rail: u32,
}

/// ÖBB's classes (as its apps and hafas-client name them): 1 ICE/railjet, 2 + 4 IC/EC,
/// 8 + 4096 D/EN and private rail (WESTbahn), 16 regional, 32 S-Bahn are trains; 64 bus,
/// 128 ferry, 256 U-Bahn, 512 tram, 1024 other, 2048 on-call, lifts and funiculars are not.
pub(crate) const OEBB: Classes = Classes {
    rail: 1 | 2 | 4 | 8 | 16 | 32 | 4096,
};

/// Categories that are not trains, for a product without a class (older or trimmed answers).
const NOT_TRAINS: &[&str] = &[
    "bus", "o-bus", "tram", "str", "u", "ast", "schiff", "ship", "taxi", "nmg", "lift", "ssb",
];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Envelope {
    /// `None`: the answer is a bare `res` (as recorded samples often are).
    #[serde(default)]
    svc_res_l: Option<parse::AtMost<ServiceResult, 4>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServiceResult {
    #[serde(default, deserialize_with = "tolerant::string")]
    err: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    err_txt: String,
    res: Option<Res>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Res {
    #[serde(default)]
    common: Common,
    #[serde(default, deserialize_with = "parse::records")]
    jny_l: Vec<Journey>,
    /// `JourneyDetails`: the one journey asked for, with every call in `stopL`.
    journey: Option<Journey>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Common {
    #[serde(default, deserialize_with = "parse::records")]
    loc_l: Vec<Named>,
    #[serde(default, deserialize_with = "parse::records")]
    prod_l: Vec<Product>,
    #[serde(default, deserialize_with = "parse::records")]
    op_l: Vec<Named>,
    #[serde(default, deserialize_with = "parse::records")]
    him_l: Vec<Him>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Named {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    /// A station's own number (`8100002`), where the entry is a station.
    #[serde(default, deserialize_with = "tolerant::string")]
    ext_id: String,
    crd: Option<Coordinates>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    /// The short name (`S 1` where `name` is `S 1 (Zug-Nr. 23)`).
    #[serde(default, rename = "nameS", deserialize_with = "tolerant::string")]
    name_s: String,
    /// The product class, one bit (see [`Classes`]).
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    cls: Option<i64>,
    opr_x: Option<usize>,
    prod_ctx: Option<ProductContext>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductContext {
    #[serde(default, deserialize_with = "tolerant::string")]
    cat_out: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    num: String,
}

#[derive(Deserialize)]
struct Him {
    #[serde(default, deserialize_with = "tolerant::string")]
    head: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Journey {
    #[serde(default, deserialize_with = "tolerant::string")]
    jid: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    date: String,
    prod_x: Option<usize>,
    #[serde(default, deserialize_with = "tolerant::string")]
    dir_txt: String,
    /// On boards: the call at the station.
    #[serde(default)]
    stb_stop: Stop,
    #[serde(default, deserialize_with = "parse::records")]
    msg_l: Vec<MessageRef>,
    /// On the radar: where the train is (× 1e6) and its calls from the last one on.
    pos: Option<Coordinates>,
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { railtop_core::model::journey::MAX_STOPS }>"
    )]
    stop_l: Vec<Stop>,
}

#[derive(Deserialize)]
struct Coordinates {
    x: Option<i64>,
    y: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Stop {
    loc_x: Option<usize>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    a_time_s: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    a_time_r: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    d_time_s: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    d_time_r: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    d_t_z_offset: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    a_t_z_offset: Option<i64>,
    a_pltf_s: Option<Platform>,
    a_pltf_r: Option<Platform>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    a_platf_s: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    a_platf_r: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    a_cncl: bool,
    d_pltf_s: Option<Platform>,
    d_pltf_r: Option<Platform>,
    /// Older answers give platforms as plain strings.
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    d_platf_s: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    d_platf_r: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    d_cncl: bool,
}

impl Stop {
    /// The arrival's fields where a board reads the departure's.
    fn as_arrival(&mut self) {
        self.d_time_s = self.a_time_s.take();
        self.d_time_r = self.a_time_r.take();
        self.d_t_z_offset = self.a_t_z_offset.take();
        self.d_pltf_s = self.a_pltf_s.take();
        self.d_pltf_r = self.a_pltf_r.take();
        self.d_platf_s = self.a_platf_s.take();
        self.d_platf_r = self.a_platf_r.take();
        self.d_cncl = self.a_cncl;
    }
}

#[derive(Deserialize)]
struct Platform {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    txt: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MessageRef {
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    him_x: Option<usize>,
}

impl Stop {
    /// The departure's platform (else the arrival's): `(actual, planned where it changed)`.
    fn platforms(&self) -> (Option<String>, Option<String>) {
        let txt = |p: &Option<Platform>| p.as_ref().and_then(|p| p.txt.clone());
        let planned = txt(&self.d_pltf_s)
            .or_else(|| self.d_platf_s.clone())
            .or_else(|| txt(&self.a_pltf_s))
            .or_else(|| self.a_platf_s.clone());
        let actual = txt(&self.d_pltf_r)
            .or_else(|| self.d_platf_r.clone())
            .or_else(|| txt(&self.a_pltf_r))
            .or_else(|| self.a_platf_r.clone());
        parse::platforms(actual, planned)
    }
}

/// A HAFAS time: `date` (`YYYYMMDD`) plus `HHMMSS`, or `DDHHMMSS` with a day offset, on a clock
/// `offset_minutes` east of UTC (Vienna's when not given).
pub(crate) fn hafas_time(
    date: &str,
    time: &str,
    offset_minutes: Option<i64>,
) -> Option<DateTime<Utc>> {
    let day = NaiveDate::parse_from_str(date, "%Y%m%d").ok()?;
    if !time.bytes().all(|b| b.is_ascii_digit()) || !(time.len() == 6 || time.len() == 8) {
        return None;
    }
    let (days, hms) = time.split_at(time.len() - 6);
    let days: u64 = if days.is_empty() {
        0
    } else {
        days.parse().ok()?
    };
    let clock = NaiveTime::parse_from_str(hms, "%H%M%S").ok()?;
    let local = day.checked_add_days(Days::new(days))?.and_time(clock);
    match offset_minutes {
        Some(m) => FixedOffset::east_opt(i32::try_from(m.checked_mul(60)?).ok()?)?
            .from_local_datetime(&local)
            .single()
            .map(|t| t.with_timezone(&Utc)),
        None => TZ
            .from_local_datetime(&local)
            .earliest()
            .map(|t| t.with_timezone(&Utc)),
    }
}

/// The board's station name and its train departures in order of planned time.
/// The result of an mgate answer: the full envelope, or just its `res` (as recorded samples
/// often are).
fn result(bytes: &[u8]) -> Result<Res, ParseError> {
    // Read typed, twice at most (an envelope, else a bare `res`): never as a tree of JSON
    // values, which cost 12 times the answer's size.
    let envelope: Envelope = parse::json(COUNTRY.slug, bytes)?;
    let Some(parse::AtMost(results)) = envelope.svc_res_l else {
        return parse::json(COUNTRY.slug, bytes);
    };
    let wrong = |reason: String| ParseError::new(COUNTRY.slug, "svcResL[0]", reason);
    let first = results
        .into_iter()
        .next()
        .ok_or_else(|| wrong("an empty answer".into()))?;
    if first.err != "OK" && !first.err.is_empty() {
        return Err(wrong(format!(
            "HAFAS error {}: {}",
            first.err, first.err_txt
        )));
    }
    first
        .res
        .ok_or_else(|| wrong("an answer without a result".into()))
}

impl Product {
    /// The line as a board shows it: the short name, else the name without ÖBB's
    /// ` (Zug-Nr. 23)` (the train number, which is the train code's part).
    /// The name passengers read ("BRB S3", "RJX 863"), without a train number in brackets;
    /// else the short name, which can be an internal category ("DPS S3" for BRB's S3).
    fn line(&self) -> String {
        let name = self.name.trim();
        let name = name
            .find(" (Zug-Nr.")
            .map_or(name, |i| name[..i].trim_end());
        if !name.is_empty() {
            return name.to_string();
        }
        self.name_s.trim().to_string()
    }
}

/// Whether a product is a train: by its class where it has one, else by its category's name.
fn is_train(product: Option<&Product>, classes: Classes) -> bool {
    match product.and_then(|p| p.cls).filter(|&c| c > 0) {
        Some(class) => u32::try_from(class).is_ok_and(|c| c & classes.rail != 0),
        None => {
            let category = product
                .and_then(|p| p.prod_ctx.as_ref())
                .map(|c| c.cat_out.trim().to_lowercase())
                .unwrap_or_default();
            !NOT_TRAINS.contains(&category.as_str())
        }
    }
}

/// `JourneyGeoPos` (the radar): the trains in a rectangle with their positions, the delay at
/// their next stop, and where they go.
pub fn parse_positions(bytes: &[u8]) -> Result<Vec<Train>, ParseError> {
    parse_positions_in(bytes, OEBB)
}

/// [`parse_positions`] for a HAFAS deployment with other product classes.
pub fn parse_positions_in(bytes: &[u8], classes: Classes) -> Result<Vec<Train>, ParseError> {
    let board = result(bytes)?;
    let common = &board.common;
    Ok(board
        .jny_l
        .iter()
        .filter_map(|j| {
            let product = j.prod_x.and_then(|i| common.prod_l.get(i));
            if !is_train(product, classes) {
                return None;
            }
            let pos = j.pos.as_ref()?;
            let (lng, lat) = (pos.x? as f64 / 1e6, pos.y? as f64 / 1e6);
            let code = product.map_or_else(String::new, Product::line);
            // The next stop is the first call still to be reached (one with an arrival).
            let next = j.stop_l.iter().find(|s| s.a_time_s.is_some());
            let delay = next.and_then(|s| {
                let planned = hafas_time(&j.date, s.a_time_s.as_deref()?, None)?;
                let real = hafas_time(&j.date, s.a_time_r.as_deref()?, None)?;
                Some(delay_minutes(planned, real))
            });
            Some(Train {
                id: format!("austria-{}", if j.jid.is_empty() { &code } else { &j.jid }),
                name: format!("{code} → {}", j.dir_txt),
                train_code: code,
                status: railtop_core::model::status::RUNNING.into(),
                lat: Some(lat),
                lng: Some(lng),
                delay,
                platform: None,
                country: Some("austria".into()),
                from: None,
                to: Some(j.dir_txt.clone()),
                next_station: next
                    .and_then(|s| s.loc_x)
                    .and_then(|i| common.loc_l.get(i))
                    .map(|l| l.name.clone()),
                direction: None,
                scheduled_dep: None,
                last_updated: None,
                operator: product
                    .and_then(|p| p.opr_x)
                    .and_then(|i| common.op_l.get(i))
                    .map(|o| o.name.clone()),
                last_seen: None,
                speed: None,
                messages: Vec::new(),
                message_languages: Vec::new(),
                partly_cancelled: false,
                timezone: None,
            })
        })
        .collect())
}

/// The mgate request for the trains inside Austria now (the radar).
pub(crate) fn radar_request(now: DateTime<Utc>) -> String {
    let local = now.with_timezone(&TZ);
    serde_json::json!({
        "lang": "en",
        "svcReqL": [{
            "meth": "JourneyGeoPos",
            "req": {
                "maxJny": 500,
                "onlyRT": false,
                "date": local.format("%Y%m%d").to_string(),
                "time": local.format("%H%M%S").to_string(),
                "rect": {
                    "llCrd": { "x": 9_530_000, "y": 46_370_000 },
                    "urCrd": { "x": 17_160_000, "y": 49_020_000 }
                },
                "perSize": 30000,
                "perStep": 5000,
                "ageOfReport": true,
                "trainPosMode": "CALC"
            }
        }],
        "client": { "id": "OEBB", "type": "IPH", "v": "6030600", "name": "oebbPROD-ADHOC" },
        "ver": "1.45",
        "auth": { "type": "AID", "aid": "OWDL4fE4ixNiPBBm" }
    })
    .to_string()
}

pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    parse_board_in(bytes, OEBB)
}

/// [`parse_board`] for a HAFAS deployment with other product classes.
pub fn parse_board_in(bytes: &[u8], classes: Classes) -> Result<Board, ParseError> {
    board_of(result(bytes)?, classes)
}

/// A `StationBoard` of type `ARR`: each train at its arrival (`aTimeS`, `aTimeR`, the arrival's
/// platforms and cancellation), from where it comes (`dirTxt`, which on arrivals names the
/// origin, as hafas-client reads it).
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    parse_arrivals_in(bytes, OEBB)
}

/// [`parse_arrivals`] for a HAFAS deployment with other product classes.
pub fn parse_arrivals_in(bytes: &[u8], classes: Classes) -> Result<Board, ParseError> {
    let mut board = result(bytes)?;
    for j in &mut board.jny_l {
        j.stb_stop.as_arrival();
    }
    board_of(board, classes)
}

fn board_of(board: Res, classes: Classes) -> Result<Board, ParseError> {
    let common = &board.common;
    let station = board
        .jny_l
        .iter()
        .find_map(|j| j.stb_stop.loc_x)
        .and_then(|i| common.loc_l.get(i))
        .map(|l| l.name.clone())
        .unwrap_or_default();
    let rows: Vec<(DateTime<Utc>, Departure)> = board
        .jny_l
        .iter()
        .filter_map(|j| {
            let stop = &j.stb_stop;
            let planned = hafas_time(&j.date, stop.d_time_s.as_deref()?, stop.d_t_z_offset)?;
            let product = j.prod_x.and_then(|i| common.prod_l.get(i));
            if !is_train(product, classes) {
                return None;
            }
            let category = product
                .and_then(|p| p.prod_ctx.as_ref())
                .map(|c| c.cat_out.trim().to_lowercase())
                .unwrap_or_default();
            let expected = stop
                .d_time_r
                .as_deref()
                .and_then(|t| hafas_time(&j.date, t, stop.d_t_z_offset))
                .filter(|_| !stop.d_cncl);
            let (platform, changed_from) = stop.platforms();
            let line = product.map_or_else(String::new, Product::line);
            let number = product
                .and_then(|p| p.prod_ctx.as_ref())
                .map(|c| c.num.trim())
                .filter(|n| !n.is_empty());
            Some((
                planned,
                Departure {
                    train_code: number.map(|n| format!("{} {n}", category.to_uppercase())),
                    line,
                    destination: j.dir_txt.clone(),
                    platform,
                    planned_platform: changed_from,
                    scheduled_dep: local_hhmm(planned, TZ),
                    delay: expected.map(|e| delay_minutes(planned, e)),
                    cancelled: stop.d_cncl,
                    operator: product
                        .and_then(|p| p.opr_x)
                        .and_then(|i| common.op_l.get(i))
                        .map(|o| o.name.clone()),
                    expected_dep: expected.map(|e| local_hhmm(e, TZ)),
                    messages: j
                        .msg_l
                        .iter()
                        .filter(|m| m.kind == "HIM")
                        .filter_map(|m| m.him_x.and_then(|i| common.him_l.get(i)))
                        // ÖBB's `head` may carry HTML (`<b>`, links), as its `text` does.
                        .map(|h| crate::upstream::html::plain(&h.head))
                        .collect(),
                    ..Departure::default()
                },
            ))
        })
        .collect();
    Ok(Board::named(Some(station), in_order(rows)))
}

/// The mgate request for one journey's calls (`JourneyDetails`), by its `jid`.
pub(crate) fn journey_request(jid: &str) -> String {
    serde_json::json!({
        "lang": "en",
        "svcReqL": [{
            "meth": "JourneyDetails",
            "req": { "jid": jid, "getPolyline": false }
        }],
        "client": { "id": "OEBB", "type": "IPH", "v": "6030600", "name": "oebbPROD-ADHOC" },
        "ver": "1.45",
        "auth": { "type": "AID", "aid": "OWDL4fE4ixNiPBBm" }
    })
    .to_string()
}

/// `JourneyDetails`: the journey's calls, each at its station (`common.locL`, placed by its
/// `crd`), passed once its realtime (else planned) last time is behind `now`; and the train's
/// record made from them (the radar's position is not in this answer).
pub fn parse_journey(bytes: &[u8], now: DateTime<Utc>) -> Result<Option<Run>, ParseError> {
    let res = result(bytes)?;
    let Some(j) = res.journey else {
        return Ok(None);
    };
    let common = &res.common;
    let at = |t: &Option<String>, offset: Option<i64>| {
        t.as_deref().and_then(|t| hafas_time(&j.date, t, offset))
    };
    let stops: Vec<JourneyStop> = j
        .stop_l
        .iter()
        .map(|s| {
            let place = s.loc_x.and_then(|i| common.loc_l.get(i));
            let cancelled = s.d_cncl || (s.a_cncl && s.d_time_s.is_none());
            let live = |t: Option<DateTime<Utc>>| t.filter(|_| !cancelled);
            let arrival = (
                at(&s.a_time_s, s.a_t_z_offset),
                live(at(&s.a_time_r, s.a_t_z_offset)),
            );
            let departure = (
                at(&s.d_time_s, s.d_t_z_offset),
                live(at(&s.d_time_r, s.d_t_z_offset)),
            );
            let name = place.map(|p| p.name.clone()).unwrap_or_default();
            let mut stop = JourneyStop::timed(name, arrival, departure, TZ);
            let last = departure.1.or(departure.0).or(arrival.1).or(arrival.0);
            stop.passed = last.is_some_and(|t| t < now);
            stop.cancelled = cancelled;
            (stop.platform, stop.planned_platform) = s.platforms();
            if let Some(p) = place {
                stop.code = Some(p.ext_id.clone()).filter(|c| !c.is_empty());
                if let Some(Coordinates {
                    x: Some(x),
                    y: Some(y),
                }) = &p.crd
                {
                    (stop.lat, stop.lng) = (Some(*y as f64 / 1e6), Some(*x as f64 / 1e6));
                }
            }
            stop
        })
        .collect();
    let product = j.prod_x.and_then(|i| common.prod_l.get(i));
    let code = product.map_or_else(String::new, Product::line);
    let next = stops.iter().find(|s| !s.passed && !s.cancelled);
    let started = stops.first().is_some_and(|s| s.passed);
    let status = match (started, next) {
        _ if !stops.is_empty() && stops.iter().all(|s| s.cancelled) => status::CANCELLED,
        (_, None) => status::ARRIVED,
        (false, _) => status::SCHEDULED,
        (true, _) => status::RUNNING,
    };
    let train = Train {
        id: format!("austria-{}", if j.jid.is_empty() { &code } else { &j.jid }),
        name: format!("{code} → {}", j.dir_txt),
        train_code: code,
        status: status.into(),
        delay: next.or(stops.last()).and_then(|s| s.delay),
        platform: next.and_then(|s| s.platform.clone()),
        country: Some(COUNTRY.slug.into()),
        from: stops.first().map(|s| s.name.clone()),
        to: Some(j.dir_txt.clone()),
        next_station: next.map(|s| s.name.clone()),
        scheduled_dep: stops.first().and_then(|s| s.departure.scheduled.clone()),
        operator: product
            .and_then(|p| p.opr_x)
            .and_then(|i| common.op_l.get(i))
            .map(|o| o.name.clone()),
        ..Train::default()
    };
    Ok(Some(Run { train, stops }))
}

/// An ÖBB station number: 7 digits starting with 81 (Wien Hbf is 8103000).
const CODES: CodeShape = codes::number(7, "81", "an ÖBB station number such as 8103000 (Wien Hbf)");

/// The mgate request for a station's departures (`DEP`) or arrivals (`ARR`) from `now` on.
pub(crate) fn kind_request(station: &str, limit: usize, now: DateTime<Utc>, kind: Kind) -> String {
    let local = now.with_timezone(&TZ);
    let board_type = match kind {
        Kind::Departures => "DEP",
        Kind::Arrivals => "ARR",
    };
    serde_json::json!({
        "lang": "en",
        "svcReqL": [{
            "meth": "StationBoard",
            "req": {
                "type": board_type,
                "date": local.format("%Y%m%d").to_string(),
                "time": local.format("%H%M%S").to_string(),
                "stbLoc": { "type": "S", "lid": format!("A=1@L={station}@") },
                "maxJny": limit.clamp(10, 100) * 2,
            }
        }],
        "client": { "id": "OEBB", "type": "IPH", "v": "6030600", "name": "oebbPROD-ADHOC" },
        "ver": "1.45",
        "auth": { "type": "AID", "aid": "OWDL4fE4ixNiPBBm" }
    })
    .to_string()
}

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub(crate) struct Austria;

impl Adapter for Austria {
    /// Stations are ÖBB numbers only.
    const STATION_LIST: bool = false;

    fn knows_code(&self, code: &str) -> bool {
        CODES.fits(code)
    }

    /// The radar's positions; with a `stop`, that station's board as trains (no positions).
    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        if ask.stop.is_some() {
            return Ok(None);
        }
        http.post_parsed(
            MGATE,
            radar_request(ask.now),
            "application/json",
            parse_positions,
        )
        .await
        .map(Some)
    }

    /// The radar's trains by their `jid`: `JourneyDetails`.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Run>> {
        let jid = ask.id.strip_prefix("austria-").unwrap_or(ask.id);
        // A radar train's id is its jid (`2|#VN#…`); a board's train has none to ask with.
        if !jid.contains('|') {
            return Err(SourceError::NotFound(format!(
                "no journey for {}: Austria's journeys are those of the radar's trains (ids austria-2|#VN#…)",
                railtop_core::text::quoted(ask.id)
            )));
        }
        let body = journey_request(jid);
        let journey = http
            .post_parsed(MGATE, body, "application/json", |b| {
                parse_journey(b, ask.now)
            })
            .await?;
        journey.map(Some).ok_or_else(|| {
            SourceError::NotFound(format!(
                "ÖBB knows no journey {}",
                railtop_core::text::quoted(ask.id)
            ))
        })
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit, now) = (ask.station, ask.limit, ask.now);
        let station = CODES.check(station)?;
        let body = kind_request(&station, limit, now, ask.kind);
        match ask.kind {
            Kind::Departures => http.post_board(MGATE, body, &station, parse_board).await,
            Kind::Arrivals => http.post_board(MGATE, body, &station, parse_arrivals).await,
        }
    }
}

#[cfg(test)]
mod tests;
