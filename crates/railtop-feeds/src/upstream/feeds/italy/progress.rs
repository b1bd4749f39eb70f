//! `andamentoTreno`, a run's progress: what it adds to a board's train (the last detection, the
//! next stop, a run cut short or renumbered) and the run as a journey, stop by stop. The quirks
//! are in the module doc of [`super`].

use super::{from_millis, platform, reported_delay, title_case, CODES, COUNTRY, TZ};
use crate::upstream::parse::{self, ParseError};
use crate::upstream::times::plus_seconds;
use chrono::{DateTime, Utc};
use railtop_core::clock::rfc3339;
use railtop_core::model::journey::MAX_STOPS;
use railtop_core::model::tolerant;
use railtop_core::model::{status, JourneyStop, Train};
use serde::Deserialize;

/// One stop of an `andamentoTreno` answer.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stop {
    #[serde(default, deserialize_with = "tolerant::string")]
    stazione: String,
    /// The stop's RFI id.
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    /// 0: nothing detected there yet; 1: the train has called; 3: the stop is cancelled.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    actual_fermata_type: Option<i64>,
    #[serde(
        default,
        rename = "partenza_teorica",
        deserialize_with = "tolerant::opt_i64"
    )]
    planned_departure: Option<i64>,
    #[serde(
        default,
        rename = "arrivo_teorico",
        deserialize_with = "tolerant::opt_i64"
    )]
    planned_arrival: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    partenza_reale: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    arrivo_reale: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_programmato_partenza_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_effettivo_partenza_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_programmato_arrivo_descrizione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    binario_effettivo_arrivo_descrizione: Option<String>,
}

/// What `actualFermataType` says of a stop.
const CALLED: i64 = 1;
const STOP_CANCELLED: i64 = 3;

impl Stop {
    fn called(&self) -> bool {
        self.actual_fermata_type == Some(CALLED)
    }

    fn cancelled(&self) -> bool {
        self.actual_fermata_type == Some(STOP_CANCELLED)
    }
}

/// `cambiNumero`: from `stazione` on, the train runs as `nuovoNumeroTreno`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NumberChange {
    #[serde(default, deserialize_with = "tolerant::string")]
    nuovo_numero_treno: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    stazione: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Progress {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    origine: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    destinazione: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    comp_numero_treno: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    stazione_ultimo_rilevamento: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ora_ultimo_rilevamento: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    ritardo: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    non_partito: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    arrivato: bool,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    provvedimento: Option<i64>,
    /// "Treno cancellato da SARONNO a MILANO GRECO PIRELLI. …": what happened to the run.
    #[serde(default, deserialize_with = "tolerant::string")]
    sub_title: String,
    #[serde(default, deserialize_with = "tolerant::bounded::<_, NumberChange, 16>")]
    cambi_numero: Vec<NumberChange>,
    #[serde(default, deserialize_with = "tolerant::bounded::<_, Stop, MAX_STOPS>")]
    fermate: Vec<Stop>,
}

/// What `andamentoTreno` adds to a train of a board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Seen {
    pub from: Option<String>,
    pub to: Option<String>,
    /// "REG 24961", as the run names itself.
    pub code: Option<String>,
    /// The station of the last detection and its time.
    pub last_seen: Option<(String, DateTime<Utc>)>,
    /// The first stop to come that is not cancelled.
    pub next_station: Option<String>,
    pub delay: Option<i64>,
    pub started: bool,
    pub arrived: bool,
    pub cancelled: bool,
    /// Some stops are cancelled, not all.
    pub partly_cancelled: bool,
    /// The `subTitle` and the number changes, as a person reads them.
    pub messages: Vec<String>,
    /// Their languages: ViaggiaTreno's `subTitle` is Italian, railtop's own notes English.
    pub message_languages: Vec<Option<String>>,
    /// Every stop of the run as (RFI id, name): how railtop learns stations' names, since
    /// boards carry none.
    pub stops: Vec<(String, String)>,
}

/// A station's name from the feed: trimmed, `"--"` and empty are none, title-cased.
fn station_name(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "--")
        .map(title_case)
}

/// An `andamentoTreno` answer, as what it adds to a train.
pub fn parse_progress(bytes: &[u8]) -> Result<Seen, ParseError> {
    let p: Progress = parse::json(COUNTRY.slug, bytes)?;
    Ok(seen(&p))
}

fn seen(p: &Progress) -> Seen {
    let last_seen = station_name(&p.stazione_ultimo_rilevamento)
        .zip(p.ora_ultimo_rilevamento.and_then(from_millis));
    let called = p.fermate.iter().rposition(Stop::called);
    let next = p
        .fermate
        .iter()
        .skip(called.map_or(0, |i| i + 1))
        .find(|s| !s.called() && !s.cancelled())
        .map(|s| title_case(&s.stazione))
        .filter(|s| !s.is_empty());
    let cancelled_stops = p.fermate.iter().filter(|s| s.cancelled()).count();
    let cancelled =
        p.provvedimento == Some(1) || (!p.fermate.is_empty() && cancelled_stops == p.fermate.len());
    let mut messages: Vec<String> = Some(p.sub_title.trim())
        .filter(|t| !t.is_empty())
        .map(String::from)
        .into_iter()
        .collect();
    messages.extend(p.cambi_numero.iter().filter_map(|c| {
        let number = c.nuovo_numero_treno.trim();
        let at = title_case(&c.stazione);
        (!number.is_empty() && !at.is_empty()).then(|| format!("runs as {number} from {at}"))
    }));
    let italian = usize::from(!p.sub_title.trim().is_empty());
    let message_languages = (0..messages.len())
        .map(|i| Some(if i < italian { "it" } else { "en" }.to_string()))
        .collect();
    let code = p.comp_numero_treno.split_whitespace().collect::<Vec<_>>();
    Seen {
        from: station_name(&p.origine),
        to: station_name(&p.destinazione),
        code: (!code.is_empty()).then(|| code.join(" ")),
        next_station: if p.arrivato || cancelled { None } else { next },
        delay: reported_delay(p.ritardo, p.non_partito),
        started: !p.non_partito,
        arrived: p.arrivato,
        cancelled,
        partly_cancelled: !cancelled && cancelled_stops > 0,
        messages,
        message_languages,
        last_seen,
        stops: p
            .fermate
            .iter()
            .filter_map(|s| Some((CODES.spell(&s.id)?, title_case(&s.stazione))))
            .filter(|(_, name)| !name.is_empty())
            .collect(),
    }
}

/// An `andamentoTreno` answer as a journey: what it adds to the train, and every stop with
/// its planned and actual times (see the module doc for the quirks).
pub fn parse_journey(bytes: &[u8]) -> Result<(Seen, Vec<JourneyStop>), ParseError> {
    let p: Progress = parse::json(COUNTRY.slug, bytes)?;
    let seen = seen(&p);
    let running = seen.started && !seen.arrived && !seen.cancelled;
    // Stops to come carry no forecast: the train's delay now is carried forward to them.
    let ahead = seen.delay.filter(|_| running);
    let stops = p
        .fermate
        .iter()
        .map(|f| {
            let time = |planned: Option<i64>, actual: Option<i64>| {
                let planned = planned.and_then(from_millis);
                let actual = actual.and_then(from_millis).or_else(|| {
                    let late = ahead.filter(|_| !f.called() && !f.cancelled())?;
                    plus_seconds(planned?, late.checked_mul(60)?)
                });
                (planned, actual)
            };
            let mut stop = JourneyStop::timed(
                title_case(&f.stazione),
                time(f.planned_arrival, f.arrivo_reale),
                time(f.planned_departure, f.partenza_reale),
                TZ,
            );
            stop.code = CODES.spell(&f.id);
            if let Some(code) = &stop.code {
                (stop.lat, stop.lng) = crate::upstream::place(COUNTRY.slug, code).unzip();
            }
            let departs = f.planned_departure.is_some();
            let (actual, planned) = if departs {
                (
                    &f.binario_effettivo_partenza_descrizione,
                    &f.binario_programmato_partenza_descrizione,
                )
            } else {
                (
                    &f.binario_effettivo_arrivo_descrizione,
                    &f.binario_programmato_arrivo_descrizione,
                )
            };
            (stop.platform, stop.planned_platform) =
                parse::platforms(platform(actual), platform(planned));
            stop.cancelled = f.cancelled() || seen.cancelled;
            stop.passed = f.called();
            if stop.cancelled {
                stop.delay = None;
            }
            stop
        })
        .collect();
    Ok((seen, stops))
}

impl Seen {
    pub(super) fn apply(self, t: &mut Train) {
        t.messages = self.messages;
        t.message_languages = self.message_languages;
        if self.cancelled {
            t.status = status::CANCELLED.into();
            t.delay = None;
            t.next_station = None;
            return;
        }
        t.partly_cancelled = self.partly_cancelled;
        t.status = if self.arrived {
            status::ARRIVED
        } else if self.started {
            status::RUNNING
        } else {
            status::SCHEDULED
        }
        .into();
        t.from = self.from.or(t.from.take());
        t.to = self.to.or(t.to.take());
        t.next_station = self.next_station;
        if self.delay.is_some() {
            t.delay = self.delay;
        }
        if let Some((station, at)) = self.last_seen {
            t.last_seen = Some(station);
            t.last_updated = Some(rfc3339(at));
        }
    }
}
