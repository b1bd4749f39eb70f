//! Poland — PKP PLK's open-data API ("Otwarte Dane Kolejowe", pdp-api.plk-sa.pl; a key: free
//! registration at plk-sa.pl, sent as `X-Api-Key`): the timetable of the trains calling at a
//! station, and what happened to them (actual times, cancellations). No positions: `realtime`
//! lists the trains of a hub's board (Warszawa Centralna unless a `stop` is named).
//!
//! **Unverified against the live service**: no recording of PLK's answers exists. The compact
//! ("shortened") answers read here, their short keys, units and paging, are those a maintained
//! reader of this API in daily production uses (PolishTrainsGTFS, MIT: its timetable loader and
//! its realtime fetcher); the `stations` filter is the one other public clients send. The
//! fixtures follow that; when a recording exists, it belongs in the conformance test.
//!
//! - `GET /api/v1/schedules/shortened?stations=ID&dateFrom=D&dateTo=D`: `dc.st` names the
//!   stations (`{"33605": {"id": 33605, "nm": "Warszawa Centralna"}}`), `dc.cr` the carriers;
//!   `rt` lists runs by schedule and order id (`sid`, `oid`) with their operating days (`od`),
//!   national number `nn`, name `nm`, and stops `st` in the order `ord`: clock times `atm`/`dtm`
//!   (`HH:MM[:SS]`, Warsaw time) with day offsets from the operating day `ady`/`ddy` (a night
//!   train reaches Warsaw on day 1), platform `apl`/`dpl` (Roman numerals, as Polish stations
//!   number them) and track `atr`/`dtr`, category `acc`/`dcc` and number `atn`/`dtn` (a train's
//!   category and number can change on the way: the departing ones are shown).
//! - `GET /api/v1/operations/shortened?stations=ID&fullRoutes=true&page=1&pageSize=N`: `tr` lists
//!   runs by (`sid`, `oid`, `od`) with stops `st`: `id`, planned sequence `psn` (the timetable's
//!   `ord`), actual times `aa`/`ad` (Warsaw time without an offset, or RFC 3339), `cn` when the
//!   stop is cancelled; `pg.hn` says more pages follow (one page of 1,000 covers a station).
//!
//! A departure's platform is written `peron/tor` (`II/4`), as Polish boards show both.
//! Journeys are a hub-board train's run from the same two answers (the timetable lists every
//! call of each run, the operations with `fullRoutes` what happened at each): no extra request. The basic
//! key allows 100 requests an hour: a station's timetable is kept an hour, its operations as long
//! as the registry row's TTL.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::CodeShape;
use crate::upstream::http::{FeedHttp, Kept, Opened};
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm, parse_offset_time};
use crate::upstream::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live};
use chrono::{DateTime, Days, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{via_list, Departure, JourneyStop, StationInfo};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const COUNTRY: Country = country::POLAND;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const SCHEDULES: &str = "/api/v1/schedules/shortened";
const OPERATIONS: &str = "/api/v1/operations/shortened";
/// How long a station's timetable is kept (the key's hourly allowance is small).
const TIMETABLE_LIFE: Duration = Duration::from_secs(3600);
/// Stations whose timetables are kept at once; past this the oldest set is dropped.
const TIMETABLES_KEPT: usize = 32;
/// Departures further ahead than this are not on a board.
const HORIZON_HOURS: i64 = 24;
/// A day offset beyond this is a mistake in the payload, not a train.
const MAX_DAY_OFFSET: i64 = 7;

/// A PLK station id: a number of up to seven digits (`33605` is Warszawa Centralna).
const CODES: CodeShape = CodeShape {
    len: 1..=7,
    char_ok: |c| c.is_ascii_digit(),
    prefix: "",
    upper: false,
    what: "a PKP PLK station id such as 33605 (Warszawa Centralna)",
};

#[derive(Deserialize)]
struct SchedulesAnswer {
    #[serde(default)]
    dc: serde_json::Value,
    #[serde(default)]
    rt: Vec<RouteEntry>,
}

#[derive(Deserialize)]
struct RouteEntry {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    sid: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    oid: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::strings")]
    od: Vec<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    cc: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    nn: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    nm: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    ccs: String,
    #[serde(default)]
    st: Vec<RouteStop>,
}

#[derive(Deserialize)]
struct RouteStop {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ord: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    atm: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ady: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    apl: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    atr: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dtm: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ddy: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dpl: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dtr: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dcc: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dtn: Option<String>,
}

#[derive(Deserialize)]
struct OperationsAnswer {
    #[serde(default)]
    tr: Vec<OperationRun>,
}

#[derive(Deserialize)]
struct OperationRun {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    sid: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    oid: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::string")]
    od: String,
    #[serde(default)]
    st: Vec<OperationStop>,
}

#[derive(Deserialize)]
struct OperationStop {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    psn: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    aa: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    ad: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cn: bool,
}

/// One call of a run as the timetable plans it, on no day yet (clock times and day offsets).
#[derive(Debug, Clone, PartialEq)]
struct PlannedCall {
    id: Option<i64>,
    name: String,
    order: Option<i64>,
    arrival: Option<(i64, String)>,
    departure: Option<(i64, String)>,
    platform: Option<String>,
}

/// What happened at one call of a run (operations with `fullRoutes`).
#[derive(Debug, Clone, PartialEq)]
struct CallHappened {
    id: Option<i64>,
    order: Option<i64>,
    arrived: Option<DateTime<Utc>>,
    departed: Option<DateTime<Utc>>,
    cancelled: bool,
}

/// One departure of the timetable: a run leaving the station on one operating day.
#[derive(Debug, Clone, PartialEq)]
struct Leaving {
    run: RunKey,
    /// The stop's place in the run (`ord`), to match the operations' `psn`.
    order: Option<i64>,
    planned: DateTime<Utc>,
    line: String,
    train_code: Option<String>,
    destination: String,
    via: Vec<String>,
    platform: Option<String>,
    operator: Option<String>,
    /// Every call of the run, for its journey.
    calls: Arc<Vec<PlannedCall>>,
}

/// A run on one operating day, as both answers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct RunKey {
    sid: i64,
    oid: i64,
    day: NaiveDate,
}

/// A station's timetable: its name and every departure of the days asked for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Timetable {
    station_name: Option<String>,
    leaving: Vec<Leaving>,
}

/// What happened at the station: per run, the actual departure and whether it was cancelled.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Operations {
    at_station: HashMap<(RunKey, Option<i64>), Happened>,
    /// Every run's calls as they happened (the answer asks for full routes).
    runs: HashMap<RunKey, Vec<CallHappened>>,
}

#[derive(Debug, Clone, PartialEq)]
struct Happened {
    departed: Option<DateTime<Utc>>,
    cancelled: bool,
}

/// The day an operating-day string names (`2026-11-24`, also `2026-11-24T00:00:00`).
fn operating_day(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.trim().get(..10)?, "%Y-%m-%d").ok()
}

/// A Warsaw clock time `days` after `day`, as an instant (in the spring-forward gap, an hour on).
fn warsaw(day: NaiveDate, days: i64, clock: &str) -> Option<DateTime<Utc>> {
    if !(0..=MAX_DAY_OFFSET).contains(&days) {
        return None;
    }
    let clock = clock.trim();
    let time = NaiveTime::parse_from_str(clock, "%H:%M:%S")
        .or_else(|_| NaiveTime::parse_from_str(clock, "%H:%M"))
        .ok()?;
    let local = day
        .checked_add_days(Days::new(days.unsigned_abs()))?
        .and_time(time);
    local_instant(local)
}

fn local_instant(local: NaiveDateTime) -> Option<DateTime<Utc>> {
    TZ.from_local_datetime(&local)
        .earliest()
        .or_else(|| {
            let later = local.checked_add_signed(chrono::TimeDelta::hours(1))?;
            TZ.from_local_datetime(&later).earliest()
        })
        .map(|t| t.with_timezone(&Utc))
}

/// An operations time: Warsaw time without an offset, or RFC 3339.
fn actual_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S")
        .ok()
        .and_then(local_instant)
        .or_else(|| parse_offset_time(s))
}

/// Names from a dictionary that is an object of `{id, nm}` (as PLK sends it) or a list of them.
fn station_names(dc: &serde_json::Value) -> HashMap<i64, String> {
    let entries: Vec<&serde_json::Value> = match dc.get("st") {
        Some(serde_json::Value::Object(map)) => map.values().collect(),
        Some(serde_json::Value::Array(list)) => list.iter().collect(),
        _ => Vec::new(),
    };
    entries
        .into_iter()
        .filter_map(|e| {
            let id = e.get("id").and_then(|v| {
                v.as_i64()
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
            })?;
            let name = e.get("nm")?.as_str()?.trim();
            (!name.is_empty()).then(|| (id, name.to_string()))
        })
        .collect()
}

fn carrier_names(dc: &serde_json::Value) -> HashMap<String, String> {
    dc.get("cr")
        .and_then(serde_json::Value::as_object)
        .map(|map| {
            map.iter()
                .filter_map(|(code, name)| {
                    Some((code.trim().to_string(), name.as_str()?.trim().to_string()))
                })
                .filter(|(_, name)| !name.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// The departures from `station` of a schedules answer (arrivals that end there are not
/// departures), each with its destination and the stops on the way.
pub fn parse_timetable(bytes: &[u8], station: i64) -> Result<Timetable, ParseError> {
    let answer: SchedulesAnswer = parse::json(COUNTRY.slug, bytes)?;
    let names = station_names(&answer.dc);
    let carriers = carrier_names(&answer.dc);
    let name_of = |id: Option<i64>| {
        id.and_then(|id| names.get(&id).cloned())
            .unwrap_or_default()
    };
    let mut leaving = Vec::new();
    for mut route in answer.rt {
        let (Some(sid), Some(oid)) = (route.sid, route.oid) else {
            continue;
        };
        route.st.sort_by_key(|s| s.ord.unwrap_or(i64::MAX));
        let Some(here) = route
            .st
            .iter()
            .position(|s| s.id == Some(station) && s.dtm.is_some())
        else {
            continue;
        };
        let stop = &route.st[here];
        let after = &route.st[here + 1..];
        let Some(last) = after.last() else {
            continue;
        };
        let destination = name_of(last.id);
        let via = via_list(after.iter().map(|s| name_of(s.id)), &destination);
        let line = stop
            .dcc
            .clone()
            .unwrap_or_else(|| route.ccs.trim().to_string());
        let number = stop
            .dtn
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .unwrap_or(route.nn.trim())
            .to_string();
        let train_code = (!number.is_empty()).then(|| {
            let named = route.nm.trim();
            match (line.is_empty(), named.is_empty()) {
                (true, _) => number.clone(),
                (false, true) => format!("{line} {number}"),
                (false, false) => format!("{line} {number} {named}"),
            }
        });
        let platform = match (stop.dpl.as_deref(), stop.dtr.as_deref()) {
            (Some(p), Some(t)) => Some(format!("{}/{}", p.trim(), t.trim())),
            (p, t) => p.or(t).map(|s| s.trim().to_string()),
        };
        let operator = carriers
            .get(route.cc.trim())
            .cloned()
            .or_else(|| Some(route.cc.trim().to_string()).filter(|c| !c.is_empty()));
        let calls = Arc::new(
            route
                .st
                .iter()
                .take(railtop_core::model::journey::MAX_STOPS)
                .map(|c| PlannedCall {
                    id: c.id,
                    name: name_of(c.id),
                    order: c.ord,
                    arrival: c.atm.clone().map(|t| (c.ady.unwrap_or(0), t)),
                    departure: c.dtm.clone().map(|t| (c.ddy.unwrap_or(0), t)),
                    platform: match (
                        c.dpl.as_deref().or(c.apl.as_deref()),
                        c.dtr.as_deref().or(c.atr.as_deref()),
                    ) {
                        (Some(p), Some(t)) => Some(format!("{}/{}", p.trim(), t.trim())),
                        (p, t) => p.or(t).map(|s| s.trim().to_string()),
                    },
                })
                .collect::<Vec<_>>(),
        );
        for day in route.od.iter().filter_map(|d| operating_day(d)) {
            let Some(clock) = stop.dtm.as_deref() else {
                continue;
            };
            let Some(planned) = warsaw(day, stop.ddy.unwrap_or(0), clock) else {
                continue;
            };
            leaving.push(Leaving {
                run: RunKey { sid, oid, day },
                order: stop.ord,
                planned,
                line: line.clone(),
                train_code: train_code.clone(),
                destination: destination.clone(),
                via: via.clone(),
                platform: platform.clone(),
                operator: operator.clone(),
                calls: Arc::clone(&calls),
            });
        }
    }
    Ok(Timetable {
        station_name: names.get(&station).cloned(),
        leaving,
    })
}

/// What the operations answer says happened at `station`.
pub fn parse_operations(bytes: &[u8], station: i64) -> Result<Operations, ParseError> {
    let answer: OperationsAnswer = parse::json(COUNTRY.slug, bytes)?;
    let mut at_station = HashMap::new();
    let mut runs = HashMap::new();
    for run in answer.tr {
        let (Some(sid), Some(oid), Some(day)) = (run.sid, run.oid, operating_day(&run.od)) else {
            continue;
        };
        let key = RunKey { sid, oid, day };
        for stop in run.st.iter().filter(|s| s.id == Some(station)) {
            let happened = Happened {
                departed: stop.ad.as_deref().and_then(actual_time),
                cancelled: stop.cn,
            };
            at_station.insert((key, stop.psn), happened);
        }
        let calls = run
            .st
            .iter()
            .take(railtop_core::model::journey::MAX_STOPS)
            .map(|s| CallHappened {
                id: s.id,
                order: s.psn,
                arrived: s.aa.as_deref().and_then(actual_time),
                departed: s.ad.as_deref().and_then(actual_time),
                cancelled: s.cn,
            })
            .collect();
        runs.insert(key, calls);
    }
    Ok(Operations { at_station, runs })
}

/// The board at `now`: the timetable's departures not yet gone within the next day, with what
/// the operations say of each, in order of planned time.
pub fn board(timetable: &Timetable, operations: &Operations, now: DateTime<Utc>) -> Board {
    let horizon = now + chrono::TimeDelta::hours(HORIZON_HOURS);
    let rows = timetable
        .leaving
        .iter()
        .filter_map(|l| {
            let happened = operations
                .at_station
                .get(&(l.run, l.order))
                .or_else(|| operations.at_station.get(&(l.run, None)));
            let cancelled = happened.is_some_and(|h| h.cancelled);
            let expected = happened.and_then(|h| h.departed).filter(|_| !cancelled);
            let leaves = expected.unwrap_or(l.planned);
            if leaves < now || l.planned > horizon {
                return None;
            }
            Some((
                l.planned,
                Departure {
                    line: l.line.clone(),
                    destination: l.destination.clone(),
                    via: l.via.clone(),
                    platform: l.platform.clone(),
                    scheduled_dep: local_hhmm(l.planned, TZ),
                    delay: expected.map(|e| delay_minutes(l.planned, e)),
                    cancelled,
                    operator: l.operator.clone(),
                    expected_dep: expected.map(|e| local_hhmm(e, TZ)),
                    train_code: l.train_code.clone(),
                    ..Departure::default()
                },
            ))
        })
        .collect();
    Board::named(timetable.station_name.clone(), in_order(rows))
}

/// The journey of a board's train `id` (`poland-YYYYMMDD-<code>`, as [`crate::upstream::trains_from_board`]
/// names it) from the station's timetable and operations, both already fetched for its board:
/// the run of that code leaving nearest to `now`, every call planned, what happened at each.
pub fn journey(
    timetable: &Timetable,
    operations: &Operations,
    station: &StationInfo,
    id: &str,
    now: DateTime<Utc>,
) -> Option<Journey> {
    let (_, code) = crate::upstream::board_train_id(COUNTRY.slug, id)?;
    let leaving = timetable
        .leaving
        .iter()
        .filter(|l| l.train_code.as_deref() == Some(code))
        .min_by_key(|l| (l.planned - now).num_seconds().saturating_abs())?;
    let happened = operations.runs.get(&leaving.run);
    let day = leaving.run.day;
    let stops: Vec<JourneyStop> = leaving
        .calls
        .iter()
        .map(|c| {
            let did = happened.and_then(|calls| {
                calls
                    .iter()
                    .find(|h| h.order.is_some() && h.order == c.order && h.id == c.id)
                    .or_else(|| calls.iter().find(|h| h.id == c.id))
            });
            let plan =
                |at: &Option<(i64, String)>| at.as_ref().and_then(|(d, t)| warsaw(day, *d, t));
            let cancelled = did.is_some_and(|h| h.cancelled);
            let arr = plan(&c.arrival);
            let dep = plan(&c.departure);
            let mut stop = JourneyStop::timed(
                c.name.clone(),
                (
                    arr,
                    did.and_then(|h| h.arrived)
                        .filter(|_| !cancelled && arr.is_some()),
                ),
                (
                    dep,
                    did.and_then(|h| h.departed)
                        .filter(|_| !cancelled && dep.is_some()),
                ),
                TZ,
            );
            stop.code = c.id.map(|i| i.to_string());
            if let Some(code) = &stop.code {
                (stop.lat, stop.lng) = crate::upstream::place(COUNTRY.slug, code).unzip();
            }
            stop.platform = c.platform.clone();
            stop.cancelled = cancelled;
            stop.passed =
                did.is_some_and(|h| h.departed.is_some() || (dep.is_none() && h.arrived.is_some()));
            stop
        })
        .collect();
    let mut train = crate::upstream::trains_from_board(
        COUNTRY.slug,
        station,
        &[Departure {
            line: leaving.line.clone(),
            destination: leaving.destination.clone(),
            train_code: leaving.train_code.clone(),
            scheduled_dep: local_hhmm(leaving.planned, TZ),
            operator: leaving.operator.clone(),
            ..Departure::default()
        }],
        &now.with_timezone(&TZ).format("%Y%m%d").to_string(),
    )
    .pop()?;
    train.id = id.to_string();
    train.from = stops.first().map(|s| s.name.clone());
    train.delay = stops.iter().rev().find(|s| s.passed).and_then(|s| s.delay);
    train.partly_cancelled =
        stops.iter().any(|s| s.cancelled) && !stops.iter().all(|s| s.cancelled);
    if stops.iter().all(|s| s.cancelled) && !stops.is_empty() {
        train.status = railtop_core::model::status::CANCELLED.into();
    } else if stops.iter().any(|s| s.passed) {
        train.status = railtop_core::model::status::RUNNING.into();
    }
    train.next_station = stops
        .iter()
        .find(|s| !s.passed && !s.cancelled)
        .map(|s| s.name.clone());
    Some(Journey { train, stops })
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let http = o.http.with_header("X-Api-Key", o.key);
    Live::open(http, o.hub, Poland::default())
}

type KeptTimetable = Kept<Result<Arc<Timetable>, SourceError>>;

#[derive(Default)]
pub struct Poland {
    /// Per station and days asked, the timetable (kept an hour; a failure is not kept).
    timetables: Mutex<HashMap<String, Arc<KeptTimetable>>>,
}

impl Poland {
    async fn timetable(
        &self,
        http: &FeedHttp,
        station: i64,
        now: DateTime<Utc>,
    ) -> Result<Arc<Timetable>, SourceError> {
        let today = now.with_timezone(&TZ).date_naive();
        let from = today.pred_opt().unwrap_or(today);
        let to = today.succ_opt().unwrap_or(today);
        let path = format!("{SCHEDULES}?stations={station}&dateFrom={from}&dateTo={to}");
        let kept = {
            let mut all = self.timetables.lock().unwrap_or_else(|e| e.into_inner());
            if all.len() >= TIMETABLES_KEPT && !all.contains_key(&path) {
                all.clear();
            }
            all.entry(path.clone()).or_default().clone()
        };
        let fetch = http.get_parsed(&path, |b| parse_timetable(b, station));
        kept.get_ok(TIMETABLE_LIFE, async { fetch.await.map(Arc::new) })
            .await
    }
}

impl Poland {
    /// A station's code as PLK spells it, its timetable (kept an hour) and its operations (with
    /// full routes): what its board and its trains' journeys are made of.
    async fn station(
        &self,
        http: &FeedHttp,
        station: &str,
        now: DateTime<Utc>,
    ) -> SourceResult<(String, Arc<Timetable>, Operations)> {
        let code = CODES.check_listed(station, COUNTRY.slug)?;
        let id: i64 = code
            .parse()
            .map_err(|_| SourceError::NotFound(format!("{code:?} is not {}", CODES.what)))?;
        let timetable = self.timetable(http, id, now).await?;
        let path = format!("{OPERATIONS}?stations={id}&fullRoutes=true&page=1&pageSize=1000");
        let operations = http.get_parsed(&path, |b| parse_operations(b, id)).await?;
        Ok((code, timetable, operations))
    }
}

impl Adapter for Poland {
    /// A hub-board train's run, from the hub's timetable (kept an hour) and operations (kept as
    /// long as a board's): no request beyond the board's own.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let (code, timetable, operations) = self.station(http, ask.hub, ask.now).await?;
        let info = http
            .spec
            .complete(
                &code,
                Board::named(timetable.station_name.clone(), Vec::new()),
            )
            .station;
        journey(&timetable, &operations, &info, ask.id, ask.now)
            .map(Some)
            .ok_or_else(|| {
                SourceError::NotFound(format!(
                    "no train {} on the board of {}: Poland's journeys are those of the hub's trains",
                    railtop_core::text::quoted(ask.id),
                    ask.hub
                ))
            })
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (code, timetable, operations) = self.station(http, ask.station, ask.now).await?;
        let board = board(&timetable, &operations, ask.now);
        Ok(http.spec.complete(&code, board))
    }
}

#[cfg(test)]
mod tests;
