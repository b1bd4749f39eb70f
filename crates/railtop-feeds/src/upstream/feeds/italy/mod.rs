//! Italy — ViaggiaTreno (RFI / Trenitalia): public JSON without a key, unofficial, so railtop
//! is gentle with it (answers kept a minute, at most 30 requests a minute).
//!
//! Boards: `partenze/{station}/{date}`, a bare array, where `{date}` is a JavaScript
//! `Date.toString()` ("Sun Oct 04 2026 08:12:00 GMT+0200"); railtop sends the minute, so the
//! path, and the cache, stay the same for a minute. Stations are RFI ids, `S` and five digits
//! (`S01700` Milano Centrale). Times are epoch **milliseconds** (`millisDataPartenza` is a
//! string of them), delays (`ritardo`) whole minutes and often 0 for a train not yet started
//! (`nonPartito`): that is "no data", not "on time". Frecce have an empty `categoria`; their
//! name is in `compNumeroTreno` with a leading space (" FR 9611"). Platforms come planned
//! (`binarioProgrammato…`) and actual (`binarioEffettivo…`), either may be null. Names are in
//! capitals ("NAPOLI CENTRALE") and are title-cased here. `provvedimento` 1 is a cancelled
//! train, 2 one cut short, 3 one diverted. Departures after midnight carry their own epoch
//! time, so they sort after the evening's.
//!
//! Which time wins: the epoch `orarioPartenza`, when it lies within two days of the run's day
//! (`dataPartenzaTreno`, or the board's other rows when that is missing). ViaggiaTreno
//! sometimes sends an absurd one (REG 10932 at Milano Lambrate: −23541004680000, the year 1224)
//! while `compOrarioPartenza` says "17:02" and the board's own order treats it as 17:02: such an
//! epoch is no time, and the `comp*` text is read on Rome's clock instead, on whichever of the
//! three dates around the board's rows puts it nearest to them.
//!
//! Journeys are `andamentoTreno` itself: every stop (`fermate`) with planned
//! (`partenza_teorica`, `arrivo_teorico`) and actual (`partenzaReale`, `arrivoReale`) epochs
//! and platforms. `actualFermataType` 1 is a stop called at, 0 one to come, 3 a cancelled stop:
//! a run cut short at its start lists its cancelled stops first, then starts again at
//! `progressivo` 1 (REG 24961, whose `subTitle` says "Treno cancellato da SARONNO a MILANO
//! GRECO PIRELLI" while `provvedimento` is 0 and `fermateSoppresse` empty), so a cancelled stop
//! is never the next one, and the `subTitle` is the train's message. A called stop may have
//! `partenzaReale` and no `arrivoReale`; detections (`stazioneUltimoRilevamento`) can be at
//! places that are not stops (`MELZO SCALO`), and are `"--"` before departure. Stops to come
//! carry no forecast: the train's current delay is carried forward to them, as the boards do.
//! `cambiNumero` (the train runs on under another number from a station) is a message.
//! A board says nothing of all this: its soonest rows' progress is asked, and every run whose
//! progress railtop has seen in the last five minutes completes its row (cancelled, its
//! `subTitle` as the row's message).
//!
//! Trains: ViaggiaTreno has no positions and no list of running trains. railtop lists the
//! trains of the main stations' boards (the hub's, or `stop`'s alone) and asks
//! `andamentoTreno/{origin}/{number}/{day}` for a few running ones: origin, next stop and the
//! last detection (`stazioneUltimoRilevamento`, `oraUltimoRilevamento`; `"--"` before any).
//! The last detection is where the train was last seen, never a position: `lat`/`lng` stay
//! null and the station goes to railtop's `lastSeen`.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::CodeShape;
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{local_hhmm, plus_seconds};
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk, OwnTrains, TrainsAsk};
use chrono::{DateTime, Utc};
use railtop_core::clock::rfc3339;
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{status, Departure, JourneyStop, Kind, Train};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};

mod progress;

pub use progress::{parse_journey, parse_progress, Seen};

const COUNTRY: Country = country::ITALY;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const API: &str = "/infomobilita/resteasy/viaggiatreno";

/// The stations whose boards list Italy's trains besides the hub: Roma Termini, Napoli
/// Centrale, Bologna Centrale, Firenze Santa Maria Novella (the hub is Milano Centrale).
const MAIN_STATIONS: &[&str] = &["S08409", "S09218", "S05043", "S06421"];

/// Running trains asked for their progress on each refresh: with the boards, well inside
/// the budget of 30 requests a minute, leaving room for the boards people ask for.
const PROGRESS_ASKED: usize = 8;

/// An RFI station id: `S01700`.
pub(crate) static CODES: CodeShape = CodeShape {
    len: 6..=6,
    char_ok: |c| c == 'S' || c.is_ascii_digit(),
    prefix: "S",
    upper: true,
    what: "an RFI station id such as S01700 (Milano Centrale)",
};

/// One row of a `partenze` board (the fields railtop reads).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    numero_treno: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::string")]
    categoria: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    categoria_descrizione: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    comp_numero_treno: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    destinazione: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    cod_origine: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    orario_partenza: Option<i64>,
    /// "17:02": the departure on the station's clock, for when `orarioPartenza` is no time.
    #[serde(default, deserialize_with = "tolerant::string")]
    comp_orario_partenza: String,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    data_partenza_treno: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ritardo: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    provvedimento: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_programmato_partenza_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_effettivo_partenza_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    non_partito: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    circolante: bool,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ultimo_rilev: Option<i64>,
    /// An `arrivi` row's own fields: where the train comes from, and its arrival.
    #[serde(default, deserialize_with = "tolerant::string")]
    origine: String,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    orario_arrivo: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::string")]
    comp_orario_arrivo: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_programmato_arrivo_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_effettivo_arrivo_descrizione: Option<String>,
}

impl Row {
    /// An `arrivi` row read as a departure board reads its rows: the arrival's time and
    /// platforms in the departure's fields, the origin in the destination's.
    fn into_arrival(mut self) -> Row {
        self.destinazione = std::mem::take(&mut self.origine);
        self.orario_partenza = self.orario_arrivo;
        self.comp_orario_partenza = std::mem::take(&mut self.comp_orario_arrivo);
        self.binario_programmato_partenza_descrizione =
            self.binario_programmato_arrivo_descrizione.take();
        self.binario_effettivo_partenza_descrizione =
            self.binario_effettivo_arrivo_descrizione.take();
        self
    }
}

/// What `provvedimento` says of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Measure {
    None,
    Cancelled,
    CutShort,
    Diverted,
}

impl Row {
    fn measure(&self) -> Measure {
        match self.provvedimento {
            Some(1) => Measure::Cancelled,
            Some(2) => Measure::CutShort,
            Some(3) => Measure::Diverted,
            _ => Measure::None,
        }
    }

    /// "FR 9611", "REG 2217": the feed's own name, spaces tidied, else category and number.
    fn code(&self) -> String {
        let named = self
            .comp_numero_treno
            .split_whitespace()
            .collect::<Vec<_>>();
        if !named.is_empty() {
            return named.join(" ");
        }
        let number = self.numero_treno.map(|n| n.to_string()).unwrap_or_default();
        format!("{} {number}", self.line()).trim().to_string()
    }

    /// The category: "FR", "IC", "REG" (Frecce only in `categoriaDescrizione`).
    fn line(&self) -> String {
        [&self.categoria_descrizione, &self.categoria]
            .into_iter()
            .map(|s| s.trim())
            .find(|s| !s.is_empty())
            .or_else(|| self.comp_numero_treno.split_whitespace().next())
            .unwrap_or_default()
            .to_string()
    }

    /// Minutes late, where the feed knows: none for a cancelled run, nor for a run not yet
    /// started that reports 0 (ViaggiaTreno's "no detection yet").
    fn delay(&self) -> Option<i64> {
        if self.measure() == Measure::Cancelled {
            return None;
        }
        reported_delay(self.ritardo, self.non_partito)
    }

    fn status(&self) -> &'static str {
        if self.measure() == Measure::Cancelled {
            status::CANCELLED
        } else if self.circolante && !self.non_partito {
            status::RUNNING
        } else {
            status::SCHEDULED
        }
    }

    /// The run's identity: origin, number and day (what `andamentoTreno` asks for).
    fn run(&self) -> Option<Run> {
        Some(Run {
            origin: self.cod_origine.as_deref().and_then(|c| CODES.spell(c))?,
            number: self.numero_treno?,
            day_ms: self.data_partenza_treno?,
        })
    }
}

/// A train's run as ViaggiaTreno names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Run {
    pub origin: String,
    pub number: i64,
    /// Midnight of the run's first day, Europe/Rome, in epoch milliseconds.
    pub day_ms: i64,
}

impl Run {
    fn id(&self) -> String {
        format!("italy-{}-{}-{}", self.origin, self.number, self.day_ms)
    }

    /// The run a train id names (`italy-S01326-24961-1702422000000`, as [`Run::id`] writes
    /// it); `None` for ids of trains known only from a board.
    pub(crate) fn from_id(id: &str) -> Option<Run> {
        let mut parts = id.strip_prefix("italy-")?.splitn(3, '-');
        let origin = CODES.spell(parts.next()?)?;
        let number = parts.next()?.parse().ok()?;
        let day_ms = parts.next()?.parse().ok()?;
        Some(Run {
            origin,
            number,
            day_ms,
        })
    }

    fn progress_path(&self) -> String {
        format!(
            "{API}/andamentoTreno/{}/{}/{}",
            self.origin, self.number, self.day_ms
        )
    }
}

/// `ritardo` as railtop believes it: ViaggiaTreno reports 0 for a run not yet started, which
/// is "no detection yet", not "on time".
fn reported_delay(ritardo: Option<i64>, not_started: bool) -> Option<i64> {
    ritardo.filter(|&m| !(not_started && m == 0))
}

fn from_millis(ms: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_millis(ms)
}

/// How far from the run's day an epoch may lie and still be a time of it.
const EPOCH_SLACK_MS: i64 = 2 * 86_400_000;

/// Each row's planned departure, by the rule in the module doc: the epoch when it is near the
/// run's day, else `compOrarioPartenza` on Rome's clock near the board's other rows.
fn planned_times(rows: &[Row]) -> Vec<Option<DateTime<Utc>>> {
    let near = |epoch: i64, day: Option<i64>| {
        day.is_none_or(|day| {
            epoch
                .checked_sub(day)
                .is_some_and(|d| (-EPOCH_SLACK_MS..=EPOCH_SLACK_MS).contains(&d))
        })
    };
    let epochs: Vec<Option<DateTime<Utc>>> = rows
        .iter()
        .map(|r| {
            r.orario_partenza
                .filter(|&e| near(e, r.data_partenza_treno))
                .and_then(from_millis)
        })
        .collect();
    let mut known: Vec<DateTime<Utc>> = epochs.iter().flatten().copied().collect();
    known.sort_unstable();
    let reference = known.get(known.len() / 2).copied().or_else(|| {
        rows.iter()
            .find_map(|r| r.data_partenza_treno.and_then(from_millis))
    });
    rows.iter()
        .zip(epochs)
        .map(|(r, epoch)| epoch.or_else(|| clock_time_near(&r.comp_orario_partenza, reference?)))
        .collect()
}

/// "17:02" on Rome's clock, on the date (of the three around `reference`) nearest to it.
fn clock_time_near(hhmm: &str, reference: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let time = chrono::NaiveTime::parse_from_str(hhmm.trim(), "%H:%M").ok()?;
    crate::upstream::times::nearest(time, reference, TZ)
}

/// A platform as shown: trimmed, `None` when empty.
fn platform(p: &Option<String>) -> Option<String> {
    p.as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
}

/// "NAPOLI CENTRALE" → "Napoli Centrale", "MILANO P.GARIBALDI" → "Milano P.Garibaldi";
/// a name already in mixed case is left as it is.
pub(crate) fn title_case(name: &str) -> String {
    let name = name.trim();
    if name.chars().any(char::is_lowercase) {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len());
    let mut start = true;
    for c in name.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = !c.is_alphanumeric() && c != '\'';
    }
    out
}

/// A `partenze` board: its departures in time order (the payload names no station).
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let parse::AtMost(rows) =
        parse::json::<parse::AtMost<Row, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    Ok(Board::named(None, departures(&rows)))
}

/// An `arrivi` board (`arrivi/{station}/{date}`, the same rows with `origine`,
/// `orarioArrivo` and the arrival's platforms): its arrivals in time order.
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    let parse::AtMost(rows) =
        parse::json::<parse::AtMost<Row, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    let rows: Vec<Row> = rows.into_iter().map(Row::into_arrival).collect();
    Ok(Board::named(None, departures(&rows)))
}

fn departures(rows: &[Row]) -> Vec<Departure> {
    let keyed = rows
        .iter()
        .zip(planned_times(rows))
        .filter_map(|(r, planned)| {
            let planned = planned?;
            let delay = r.delay();
            let actual = platform(&r.binario_effettivo_partenza_descrizione);
            let planned_platform = platform(&r.binario_programmato_partenza_descrizione);
            let measure = r.measure();
            let messages = match measure {
                Measure::CutShort => vec!["ends short of its destination".to_string()],
                Measure::Diverted => vec!["diverted: some stops are not served".to_string()],
                _ => Vec::new(),
            };
            Some((
                planned.timestamp_millis(),
                Departure {
                    line: r.line(),
                    destination: title_case(&r.destinazione),
                    platform: actual.clone().or_else(|| planned_platform.clone()),
                    planned_platform: planned_platform.filter(|p| actual.as_ref() != Some(p)),
                    scheduled_dep: local_hhmm(planned, TZ),
                    expected_dep: delay
                        .and_then(|m| plus_seconds(planned, m.checked_mul(60)?))
                        .map(|t| local_hhmm(t, TZ)),
                    delay,
                    cancelled: measure == Measure::Cancelled,
                    operator: None,
                    train_code: Some(r.code()),
                    message_languages: vec![Some("en".into()); messages.len()],
                    messages,
                    train_id: r.run().map(|run| run.id()),
                    ..Default::default()
                },
            ))
        })
        .collect();
    in_order(keyed)
}

/// The trains of one station's board (`station`: its id or name), each with the run
/// `andamentoTreno` knows it by.
pub fn parse_board_trains(
    bytes: &[u8],
    station: &str,
) -> Result<Vec<(Train, Option<Run>)>, ParseError> {
    let parse::AtMost(rows) =
        parse::json::<parse::AtMost<Row, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    Ok(rows
        .iter()
        .zip(planned_times(&rows))
        .filter_map(|(r, planned)| {
            let planned = planned?;
            let run = r.run();
            let code = r.code();
            let destination = title_case(&r.destinazione);
            let train = Train {
                id: run
                    .as_ref()
                    .map_or_else(|| format!("italy-{code}-{}", planned.timestamp()), Run::id),
                name: format!("{code} → {destination}"),
                train_code: code,
                status: r.status().into(),
                delay: r.delay(),
                platform: platform(&r.binario_effettivo_partenza_descrizione)
                    .or_else(|| platform(&r.binario_programmato_partenza_descrizione)),
                country: Some(COUNTRY.slug.into()),
                to: Some(destination),
                next_station: Some(station.to_string()),
                scheduled_dep: Some(local_hhmm(planned, TZ)),
                last_updated: r.ultimo_rilev.and_then(from_millis).map(rfc3339),
                ..Default::default()
            };
            Some((train, run))
        })
        .collect())
}

/// `{date}` of a board's path: the minute of `now` on the Italian clock, as JavaScript's
/// `Date.toString()` writes it, escaped for a path.
pub(crate) fn board_date(now: DateTime<Utc>) -> String {
    now.with_timezone(&TZ)
        .format("%a %b %d %Y %H:%M:00 GMT%z")
        .to_string()
        .replace(' ', "%20")
        .replace(':', "%3A")
        .replace('+', "%2B")
}

fn board_path(code: &str, now: DateTime<Utc>) -> String {
    format!("{API}/partenze/{code}/{}", board_date(now))
}

/// Stations' names as learnt from runs' stops, at most this many (Italy has about 2,900).
const NAMES_KEPT: usize = 5_000;

/// Runs' progress kept to complete boards with, at most this many and for this long.
const SEEN_KEPT: usize = 2_000;
const SEEN_LIFE: std::time::Duration = std::time::Duration::from_secs(300);

/// The soonest rows of a board whose run's progress is asked (a cut-short run shows only there).
const BOARD_PROGRESS: usize = 4;

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub(crate) struct Italy {
    /// RFI id → name, learnt from every run's stops (boards name no station).
    names: std::sync::Mutex<HashMap<String, String>>,
    /// Run id → its last progress and when: a board says nothing of a run cut short or
    /// cancelled stop by stop, its progress does.
    seen: std::sync::Mutex<HashMap<String, (Seen, std::time::Instant)>>,
}

impl Italy {
    fn name_of(&self, code: &str) -> Option<String> {
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names
            .get(code)
            .cloned()
            .or_else(|| railtop_core::stations::by_code(code, Some(COUNTRY.slug)).map(|s| s.name))
    }

    fn learn(&self, seen: &Seen) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        for (code, name) in &seen.stops {
            if names.len() < NAMES_KEPT || names.contains_key(code) {
                names.insert(code.clone(), name.clone());
            }
        }
    }

    /// The progress of `run`, its stops' names learnt; `None` when ViaggiaTreno cannot
    /// follow the train (it is then shown as its board has it).
    async fn progress(&self, http: &FeedHttp, run: &Run) -> Option<Seen> {
        let bytes = http.get(&run.progress_path()).await.ok()?;
        let seen = parse_progress(&bytes).ok()?;
        self.learn(&seen);
        self.remember(run, &seen);
        Some(seen)
    }

    fn remember(&self, run: &Run, seen: &Seen) {
        let mut kept = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= SEEN_KEPT {
            kept.retain(|_, (_, at)| at.elapsed() < SEEN_LIFE);
        }
        if kept.len() < SEEN_KEPT {
            kept.insert(run.id(), (seen.clone(), std::time::Instant::now()));
        }
    }

    fn recalled(&self, id: &str) -> Option<Seen> {
        let kept = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(id)
            .filter(|(_, at)| at.elapsed() < SEEN_LIFE)
            .map(|(seen, _)| seen.clone())
    }

    /// A board completed with what its runs' progress says: the soonest runs asked (a few,
    /// within the feed's budget), every run already known applied (cancelled, cut short, the
    /// `subTitle` as the row's message).
    async fn completed(&self, http: &FeedHttp, board: &mut Board) {
        let ask: Vec<Run> = board
            .departures
            .iter()
            .filter_map(|d| d.train_id.as_deref())
            .filter(|id| self.recalled(id).is_none())
            .filter_map(Run::from_id)
            .take(BOARD_PROGRESS)
            .collect();
        futures_util::future::join_all(ask.iter().map(|run| self.progress(http, run))).await;
        for d in &mut board.departures {
            let Some(seen) = d.train_id.as_deref().and_then(|id| self.recalled(id)) else {
                continue;
            };
            if seen.cancelled {
                d.cancelled = true;
                d.delay = None;
                d.expected_dep = None;
            }
            d.messages_in("en");
            let languages = seen
                .message_languages
                .into_iter()
                .chain(std::iter::repeat(None));
            for (m, language) in seen.messages.into_iter().zip(languages) {
                if !d.messages.contains(&m) {
                    d.add_message(m, language.as_deref());
                }
            }
            if seen.partly_cancelled && d.messages.is_empty() {
                d.add_message("partly cancelled", Some("en"));
            }
        }
    }

    /// The trains of `stations`' boards, each once, then the progress of the first running
    /// ones. A station whose board fails is left out; all failing is the feed's failure.
    async fn listed(
        &self,
        http: &FeedHttp,
        stations: &[String],
        now: DateTime<Utc>,
    ) -> SourceResult<Vec<Train>> {
        let boards = futures_util::future::join_all(stations.iter().map(|code| async move {
            http.get_parsed(&board_path(code, now), |b| parse_board_trains(b, code))
                .await
        }))
        .await;
        let mut first_error = None;
        let mut seen = HashSet::new();
        let mut listed = Vec::new();
        for board in boards {
            match board {
                Ok(rows) => {
                    listed.extend(rows.into_iter().filter(|(t, _)| seen.insert(t.id.clone())))
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if listed.is_empty() {
            if let Some(e) = first_error {
                return Err(e);
            }
        }
        let asked: Vec<(usize, Run)> = listed
            .iter()
            .enumerate()
            .filter(|(_, (t, _))| t.status == status::RUNNING)
            .filter_map(|(i, (_, run))| Some((i, run.clone()?)))
            .take(PROGRESS_ASKED)
            .collect();
        let progress =
            futures_util::future::join_all(asked.iter().map(|(_, run)| self.progress(http, run)))
                .await;
        for ((i, _), seen) in asked.into_iter().zip(progress) {
            if let Some(seen) = seen {
                seen.apply(&mut listed[i].0);
            }
        }
        // Boards name their station by its id: the names learnt above replace them.
        for (train, _) in &mut listed {
            if let Some(name) = train.next_station.as_deref().and_then(|c| self.name_of(c)) {
                train.next_station = Some(name);
            }
        }
        Ok(listed.into_iter().map(|(t, _)| t).collect())
    }
}

impl Adapter for Italy {
    fn knows_code(&self, code: &str) -> bool {
        CODES.fits(code)
    }

    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let run = Run::from_id(ask.id).ok_or_else(|| {
            SourceError::NotFound(format!(
                "no journey for {}: Italy's journeys are those of trains whose run ViaggiaTreno \
                 names (ids such as italy-S01700-2335-1702422000000)",
                railtop_core::text::quoted(ask.id)
            ))
        })?;
        let (seen, stops) = http.get_parsed(&run.progress_path(), parse_journey).await?;
        self.learn(&seen);
        self.remember(&run, &seen);
        let code = seen.code.clone().unwrap_or_else(|| run.number.to_string());
        let mut train = Train {
            id: run.id(),
            name: format!("{code} → {}", seen.to.as_deref().unwrap_or("?")),
            train_code: code,
            country: Some(COUNTRY.slug.into()),
            scheduled_dep: stops
                .iter()
                .find(|s: &&JourneyStop| !s.cancelled)
                .and_then(|s| s.departure.scheduled.clone()),
            ..Train::default()
        };
        seen.apply(&mut train);
        Ok(Some(Journey { train, stops }))
    }

    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        let stations: Vec<String> = match ask.stop {
            Some(stop) => vec![CODES.check_listed(stop, COUNTRY.slug)?],
            None => std::iter::once(ask.hub.to_string())
                .chain(MAIN_STATIONS.iter().map(|s| s.to_string()))
                .collect(),
        };
        self.listed(http, &stations, ask.now).await.map(Some)
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let code = CODES.check_listed(ask.station, COUNTRY.slug)?;
        if ask.kind == Kind::Arrivals {
            // The arrivals as the board lists them: their via stops are not looked up (a
            // traveller's route asks the trains' journeys).
            let path = format!("{API}/arrivi/{code}/{}", board_date(ask.now));
            let mut board = http.get_parsed(&path, parse_arrivals).await?;
            board.station.name = self.name_of(&code).unwrap_or_default();
            return Ok(http.spec.complete(&code, board));
        }
        let path = board_path(&code, ask.now);
        let bytes = http.get(&path).await?;
        let mut board = parse_board(&bytes).map_err(|e| http.bad_payload(e))?;
        if self.name_of(&code).is_none() {
            // The first run calling here names the station (one request, then remembered).
            let trains = parse_board_trains(&bytes, &code).map_err(|e| http.bad_payload(e))?;
            if let Some(run) = trains.into_iter().find_map(|(_, run)| run) {
                self.progress(http, &run).await;
            }
        }
        self.completed(http, &mut board).await;
        board.station.name = self.name_of(&code).unwrap_or_default();
        Ok(http.spec.complete(&code, board))
    }
}

#[cfg(test)]
mod tests;
