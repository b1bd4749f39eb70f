//! NS's disruptions and engineering works: `GET /reisinformatie-api/api/v3/disruptions`
//! (asked with `?isActive=true`), one request for the whole country, made the messages of the
//! boards and trains they concern.
//!
//! The answer is a JSON **array** (no `payload`) of items of three shapes, told apart by `type`:
//! `DISRUPTION` and `MAINTENANCE` (a `title`, `publicationSections[].section.stations` naming
//! the stretch by `uicCode`/`stationCode`/`name`, foreign stations with `countryCode` `B` or
//! `D`, a `consequence` per section, `timespans[]` each with its `cause`, `situation`,
//! `advices`, `alternativeTransport`, and `expectedDuration`), and `CALAMITY` (a national
//! message: `title`, `description`, `priority`, no stations at all). Times are Amsterdam's
//! with offsets without a colon (`+0100`). `isActive` is coarse: an item can be active today
//! with its only timespan tomorrow, so what is in force now is decided by the timespans (an
//! absent `end` is open); an item without timespans (NS's older shape) by its own
//! `start`/`end`. The texts are Dutch (the feed asks in `nl`; NS translates only calamities).
//!
//! Read leniently: fields NS's specification calls required may be absent, an item that does
//! not fit is left out (not the whole answer), and every list is bounded.

use super::{COUNTRY, TZ};
use crate::upstream::parse::{self, AtMost, Board, ParseError};
use crate::upstream::times::parse_offset_time;
use chrono::{DateTime, Datelike, Timelike, Utc};
use railtop_core::model::tolerant;
use serde::Deserialize;

/// Where NS answers them: active items only (NS's `isActive` filter; the timespans decide).
pub(crate) const PATH: &str = "/reisinformatie-api/api/v3/disruptions?isActive=true";

/// The language of NS's texts.
pub const LANGUAGE: &str = "nl";

/// Items kept from one answer at most (NS lists some tens, a few hundred on a bad day).
const MAX_ITEMS: usize = 2_000;
const MAX_SECTIONS: usize = 16;
const MAX_STATIONS: usize = 64;
const MAX_TIMESPANS: usize = 32;
const MAX_ADVICES: usize = 4;
/// How long a message railtop writes may be (a longer field is cut by the sanitising).
const MAX_TEXT: usize = railtop_core::text::MAX_FIELD_CHARS;

/// What an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Disruption,
    Maintenance,
    /// A national message without stations.
    Calamity,
}

/// One of NS's disruptions, engineering works or calamities, as railtop keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Disruption {
    pub id: String,
    pub kind: Kind,
    /// NS's `isActive` (absent: taken as active, as only active items are asked for).
    pub active: bool,
    /// `"Utrecht Centraal - Amsterdam Centraal."`, or the title's stations joined.
    pub title: String,
    /// NS's `impact.value` (0–5), for the order of several messages.
    pub impact: i64,
    /// `expectedDuration.description`: "Dit duurt tot ongeveer 9:15 uur."
    pub expected: Option<String>,
    /// `summaryAdditionalTravelTime.shortLabel`, for a timespan without its own.
    pub travel_time: Option<String>,
    pub sections: Vec<Section>,
    pub timespans: Vec<Timespan>,
    /// A calamity's `description` (else its first text).
    pub description: Option<String>,
    /// A calamity's priority: 1 (`PRIO_1`, the highest) to 3; 9 when not said.
    pub priority: u8,
}

/// One stretch an item names, and what it means for the trains there.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub stations: Vec<StationRef>,
    /// "minder treinen", "geen treinen": the consequence's `description`, else its `level`.
    pub consequence: Option<String>,
}

/// A station as a section names it. Foreign stations keep NS's codes (`EM`, `ATW`).
#[derive(Debug, Clone, PartialEq)]
pub struct StationRef {
    pub uic: String,
    pub code: String,
    pub name: String,
    pub country: String,
}

/// When an item applies, and what it says then.
#[derive(Debug, Clone, PartialEq)]
pub struct Timespan {
    pub start: Option<DateTime<Utc>>,
    /// `None`: open (not known yet).
    pub end: Option<DateTime<Utc>>,
    /// "woensdag 25 november 1:00 uur t/m 23:30 uur."
    pub period: Option<String>,
    pub situation: Option<String>,
    pub cause: Option<String>,
    /// `alternativeTransport.shortLabel` (else its label): "Bussen rijden".
    pub alternative: Option<String>,
    /// `additionalTravelTime.shortLabel`: "Extra reistijd ca. 30 min."
    pub travel_time: Option<String>,
    pub advices: Vec<String>,
}

impl Timespan {
    /// Whether it applies at `now`: begun (a timespan without a start never applies) and not
    /// ended (an absent end is open).
    pub fn covers(&self, now: DateTime<Utc>) -> bool {
        self.start.is_some_and(|s| s <= now) && self.end.is_none_or(|e| now < e)
    }
}

impl Disruption {
    /// The timespan in force at `now`, for an active disruption or engineering work; `None`
    /// when none applies (and always for a calamity, which has none).
    pub fn in_force(&self, now: DateTime<Utc>) -> Option<&Timespan> {
        if !self.active || self.kind == Kind::Calamity {
            return None;
        }
        self.timespans.iter().find(|t| t.covers(now))
    }

    /// The first section that names the station called by any of `codes` (NS code or UIC
    /// number).
    fn section_at(&self, codes: &[String]) -> Option<&Section> {
        self.sections
            .iter()
            .find(|s| s.stations.iter().any(|st| st.is(codes)))
    }
}

impl StationRef {
    /// Whether this is the station called by any of `codes`: its UIC number or its NS code
    /// (letters in any case); an empty code is no one's.
    pub fn is(&self, codes: &[String]) -> bool {
        codes.iter().any(|c| {
            let c = c.trim();
            !c.is_empty() && (c == self.uic.trim() || c.eq_ignore_ascii_case(self.code.trim()))
        })
    }
}

/// NS's disruptions answer: its items, each read on its own (one that does not fit is left
/// out), at most [`MAX_ITEMS`]. The answer is an array; `{"payload": [...]}` is read too.
pub fn parse_disruptions(bytes: &[u8]) -> Result<Vec<Disruption>, ParseError> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    let items = if first == Some(&b'{') {
        #[derive(Deserialize)]
        struct Wrapped {
            #[serde(default)]
            payload: Option<AtMost<Lenient<RawItem>, MAX_ITEMS>>,
        }
        let w: Wrapped = parse::json(COUNTRY.slug, bytes)?;
        w.payload.map(|p| p.0).unwrap_or_default()
    } else {
        parse::json::<AtMost<Lenient<RawItem>, MAX_ITEMS>>(COUNTRY.slug, bytes)?.0
    };
    Ok(items
        .into_iter()
        .filter_map(|Lenient(item)| item.map(RawItem::into_disruption))
        .collect())
}

/// One element of a list read on its own: `None` when it does not fit `T` (the rest of the
/// list is still read).
struct Lenient<T>(Option<T>);

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(Lenient(T::deserialize(value).ok()))
    }
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct RawItem {
    #[serde(rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(deserialize_with = "tolerant::string")]
    id: String,
    #[serde(deserialize_with = "tolerant::string")]
    title: String,
    #[serde(deserialize_with = "parse::at_most::<_, AtMost<Token, 16>, 8>")]
    title_sections: Vec<AtMost<Token, 16>>,
    #[serde(default = "yes", deserialize_with = "tolerant::bool")]
    is_active: bool,
    #[serde(deserialize_with = "tolerant::opt_string")]
    start: Option<String>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    end: Option<String>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    period: Option<String>,
    impact: Option<Impact>,
    expected_duration: Option<Described>,
    summary_additional_travel_time: Option<Labelled>,
    #[serde(deserialize_with = "tolerant::bounded::<_, RawPublication, MAX_SECTIONS>")]
    publication_sections: Vec<RawPublication>,
    #[serde(deserialize_with = "tolerant::bounded::<_, RawSpan, MAX_TIMESPANS>")]
    timespans: Vec<RawSpan>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    description: Option<String>,
    #[serde(deserialize_with = "tolerant::string")]
    priority: String,
    #[serde(deserialize_with = "tolerant::bounded::<_, BodyItem, 8>")]
    body_items: Vec<BodyItem>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Token {
    #[serde(rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(deserialize_with = "tolerant::string")]
    value: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Impact {
    #[serde(deserialize_with = "tolerant::opt_i64")]
    value: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Described {
    #[serde(deserialize_with = "tolerant::opt_string")]
    description: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Labelled {
    #[serde(deserialize_with = "tolerant::opt_string")]
    label: Option<String>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    short_label: Option<String>,
}

impl Labelled {
    fn short(self) -> Option<String> {
        self.short_label.or(self.label)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawPublication {
    section: Option<RawSection>,
    consequence: Option<RawConsequence>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawSection {
    #[serde(deserialize_with = "tolerant::bounded::<_, RawStation, MAX_STATIONS>")]
    stations: Vec<RawStation>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct RawStation {
    #[serde(deserialize_with = "tolerant::string")]
    uic_code: String,
    #[serde(deserialize_with = "tolerant::string")]
    station_code: String,
    #[serde(deserialize_with = "tolerant::string")]
    name: String,
    #[serde(deserialize_with = "tolerant::string")]
    country_code: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawConsequence {
    #[serde(deserialize_with = "tolerant::opt_string")]
    description: Option<String>,
    #[serde(deserialize_with = "tolerant::string")]
    level: String,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct RawSpan {
    #[serde(deserialize_with = "tolerant::opt_string")]
    start: Option<String>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    end: Option<String>,
    #[serde(deserialize_with = "tolerant::opt_string")]
    period: Option<String>,
    situation: Option<Labelled>,
    cause: Option<Labelled>,
    alternative_transport: Option<Labelled>,
    additional_travel_time: Option<Labelled>,
    #[serde(deserialize_with = "tolerant::strings")]
    advices: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct BodyItem {
    #[serde(rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    content: Option<BodyContent>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct BodyContent {
    #[serde(deserialize_with = "tolerant::opt_string")]
    text: Option<String>,
}

/// A text from NS with its white space made single; `None` when nothing is left.
fn tidy(s: Option<String>) -> Option<String> {
    let s = s?;
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    (!s.is_empty()).then_some(s)
}

impl RawItem {
    fn into_disruption(self) -> Disruption {
        let kind = match self.kind.trim() {
            k if k.eq_ignore_ascii_case("CALAMITY") => Kind::Calamity,
            k if k.eq_ignore_ascii_case("MAINTENANCE") => Kind::Maintenance,
            _ => Kind::Disruption,
        };
        let title = tidy(Some(self.title)).unwrap_or_else(|| {
            // The title's stations, as NS writes them in `titleSections`.
            let words: Vec<String> = self
                .title_sections
                .into_iter()
                .flat_map(|line| line.0)
                .filter(|t| t.kind.eq_ignore_ascii_case("STATION"))
                .filter_map(|t| tidy(Some(t.value)))
                .collect();
            words.join(" - ")
        });
        let sections = self
            .publication_sections
            .into_iter()
            .filter_map(|p| {
                let stations: Vec<StationRef> = p
                    .section?
                    .stations
                    .into_iter()
                    .map(|s| StationRef {
                        uic: s.uic_code.trim().to_string(),
                        code: s.station_code.trim().to_string(),
                        name: tidy(Some(s.name)).unwrap_or_default(),
                        country: s.country_code.trim().to_string(),
                    })
                    .collect();
                let consequence = p.consequence.and_then(|c| {
                    tidy(c.description).or_else(|| level_words(&c.level).map(str::to_string))
                });
                (!stations.is_empty()).then_some(Section {
                    stations,
                    consequence,
                })
            })
            .collect();
        let time = |s: &Option<String>| s.as_deref().and_then(parse_offset_time);
        let mut timespans: Vec<Timespan> = self
            .timespans
            .into_iter()
            .map(|t| Timespan {
                start: time(&t.start),
                end: time(&t.end),
                period: tidy(t.period),
                situation: tidy(t.situation.and_then(|l| l.label)),
                cause: tidy(t.cause.and_then(|l| l.label)),
                alternative: tidy(t.alternative_transport.and_then(Labelled::short)),
                travel_time: tidy(t.additional_travel_time.and_then(Labelled::short)),
                advices: t
                    .advices
                    .into_iter()
                    .filter_map(|a| tidy(Some(a)))
                    .take(MAX_ADVICES)
                    .collect(),
            })
            .collect();
        // NS's older shape: the item's own start and end, no timespans.
        if timespans.is_empty() && kind != Kind::Calamity {
            if let Some(start) = time(&self.start) {
                timespans.push(Timespan {
                    start: Some(start),
                    end: time(&self.end),
                    period: tidy(self.period),
                    situation: None,
                    cause: None,
                    alternative: None,
                    travel_time: None,
                    advices: Vec::new(),
                });
            }
        }
        let description = tidy(self.description).or_else(|| {
            self.body_items
                .into_iter()
                .filter(|b| b.kind.eq_ignore_ascii_case("TEXT"))
                .find_map(|b| tidy(b.content.and_then(|c| c.text)))
        });
        let priority = self
            .priority
            .trim()
            .strip_prefix("PRIO_")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=3).contains(n))
            .unwrap_or(9);
        Disruption {
            id: self.id,
            kind,
            active: self.is_active,
            title,
            impact: self.impact.and_then(|i| i.value).unwrap_or(0),
            expected: tidy(self.expected_duration.and_then(|e| e.description)),
            travel_time: tidy(
                self.summary_additional_travel_time
                    .and_then(Labelled::short),
            ),
            sections,
            timespans,
            description,
            priority,
        }
    }
}

/// A consequence's level in NS's words, where it says something.
fn level_words(level: &str) -> Option<&'static str> {
    match level.trim() {
        "NO_OR_MUCH_LESS_TRAINS" => Some("geen of veel minder treinen"),
        "LESS_TRAINS" => Some("minder treinen"),
        _ => None,
    }
}

/// A name folded for comparing NS's names: lower case, words of letters and digits only, and
/// NS's medium names' shortenings undone (`Amsterdam C.` is Amsterdam Centraal, `Alphen a/d
/// Rijn` Alphen aan den Rijn), so a row's stops and destination meet a section's names.
fn fold(name: &str) -> String {
    let lower = name.to_lowercase().replace("a/d", "aan den");
    let mut words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 1 && words.last() == Some(&"c") {
        words.pop();
        words.push("centraal");
    }
    words.join(" ")
}

/// `s` with its first letter in upper case.
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `s` as a sentence: ending in a full stop unless it ends in one already (or `?`, `!`).
fn sentence(s: &str) -> String {
    let s = s.trim();
    if s.ends_with(['.', '?', '!', '…']) {
        s.to_string()
    } else {
        format!("{s}.")
    }
}

const MONTHS: [&str; 12] = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
];

/// "Tot 9:15 uur." (today) or "Tot 25 november 23:30 uur.", on Amsterdam's clock.
fn until(end: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let (end, today) = (end.with_timezone(&TZ), now.with_timezone(&TZ).date_naive());
    let clock = format!("{}:{:02}", end.hour(), end.minute());
    if end.date_naive() == today {
        format!("Tot {clock} uur.")
    } else {
        let month = MONTHS
            .get(end.month0() as usize)
            .copied()
            .unwrap_or_default();
        format!("Tot {} {month} {clock} uur.", end.day())
    }
}

/// Parts joined by spaces: the first always, each other one only when the text stays within
/// [`MAX_TEXT`] characters (a part that does not fit is left out, a later shorter one may).
fn fitted(first: String, rest: impl IntoIterator<Item = String>) -> String {
    let mut text = first;
    let mut length = text.chars().count();
    for part in rest {
        let more = part.chars().count() + 1;
        if length + more <= MAX_TEXT {
            text.push(' ');
            text.push_str(&part);
            length += more;
        }
    }
    text
}

/// A disruption's or an engineering work's message while `span` applies, for a station in
/// `section`: "Utrecht Centraal - Amsterdam Centraal: defecte trein. Minder treinen.", then
/// what fits of the replacement transport, how long it lasts, the extra travel time and the
/// advices.
fn message(d: &Disruption, span: &Timespan, section: &Section, now: DateTime<Utc>) -> String {
    let title = d.title.trim().trim_end_matches(['.', ' ']);
    let title = if title.is_empty() {
        let names: Vec<&str> = [section.stations.first(), section.stations.last()]
            .into_iter()
            .flatten()
            .map(|s| s.name.as_str())
            .filter(|n| !n.is_empty())
            .collect();
        match names.as_slice() {
            [a, b] if a != b => format!("{a} - {b}"),
            [a, ..] => (*a).to_string(),
            [] if d.kind == Kind::Maintenance => "Werkzaamheden".into(),
            [] => "Storing".into(),
        }
    } else {
        title.to_string()
    };
    let mut facts: Vec<String> = Vec::new();
    if let Some(cause) = &span.cause {
        facts.push(sentence(cause));
    }
    if let Some(consequence) = &section.consequence {
        let consequence = sentence(consequence);
        facts.push(if facts.is_empty() {
            consequence
        } else {
            capitalised(&consequence)
        });
    }
    let head = match (facts.is_empty(), &span.situation) {
        (false, _) => format!("{title}: {}", facts.join(" ")),
        (true, Some(situation)) => format!("{title}: {}", sentence(situation)),
        (true, None) => sentence(&title),
    };
    let duration = match d.kind {
        Kind::Disruption => d.expected.clone().or_else(|| span.period.clone()),
        _ => span.period.clone().or_else(|| d.expected.clone()),
    }
    .map(|s| sentence(&capitalised(&s)))
    .or_else(|| span.end.map(|end| until(end, now)));
    let rest = [
        span.alternative
            .as_deref()
            .map(|a| sentence(&capitalised(a))),
        duration,
        span.travel_time
            .as_deref()
            .or(d.travel_time.as_deref())
            .map(sentence),
    ]
    .into_iter()
    .flatten()
    .chain(span.advices.iter().map(|a| sentence(a)));
    fitted(head, rest)
}

/// A calamity's message: its title and what it says.
fn calamity_message(d: &Disruption) -> String {
    let title = d.title.trim().trim_end_matches(['.', ' ']);
    let title = if title.is_empty() {
        "Calamiteit"
    } else {
        title
    };
    match &d.description {
        Some(description) => format!("{title}. {}", sentence(description)),
        None => sentence(title),
    }
}

/// NS's disruptions made the messages of `board`, the board of the station that `codes` call
/// (its NS code and UIC number, as known) at `now`:
///
/// - every active calamity is a notice of the board (they are national), the highest priority
///   first;
/// - a disruption or engineering work in force now (active, one of its timespans applying)
///   whose section names the station is a notice of the board, and a message of each row whose
///   train runs to another station of that section: one of `passes[i]` (row `i`'s stops on the
///   way, by UIC number) is one, or the row's via or destination names one.
///
/// Each in NS's language ([`LANGUAGE`]), the weightiest first (NS's impact), one message per
/// item per row and no text twice. Rows and notices keep what they had first.
pub fn apply_disruptions(
    board: &mut Board,
    passes: &[Vec<String>],
    codes: &[String],
    disruptions: &[Disruption],
    now: DateTime<Utc>,
) {
    let mut calamities: Vec<&Disruption> = disruptions
        .iter()
        .filter(|d| d.kind == Kind::Calamity && d.active)
        .collect();
    calamities.sort_by_key(|d| d.priority);
    let mut here: Vec<(&Disruption, &Section, &Timespan)> = disruptions
        .iter()
        .filter_map(|d| {
            let span = d.in_force(now)?;
            Some((d, d.section_at(codes)?, span))
        })
        .collect();
    here.sort_by_key(|(d, ..)| std::cmp::Reverse(d.impact));

    let mut notice = |text: String| {
        if !board.notices.iter().any(|(t, _)| *t == text) {
            board.notices.push((text, Some(LANGUAGE.to_string())));
        }
    };
    for d in calamities {
        notice(calamity_message(d));
    }
    for (d, section, span) in &here {
        notice(message(d, span, section, now));
    }

    for (d, section, span) in here {
        let others: Vec<&StationRef> = section.stations.iter().filter(|s| !s.is(codes)).collect();
        if others.is_empty() {
            continue;
        }
        let uics: Vec<&str> = others
            .iter()
            .map(|s| s.uic.as_str())
            .filter(|u| !u.is_empty())
            .collect();
        let names: Vec<String> = others
            .iter()
            .map(|s| fold(&s.name))
            .filter(|n| !n.is_empty())
            .collect();
        let text = message(d, span, section, now);
        for (i, row) in board.departures.iter_mut().enumerate() {
            let by_stop = passes
                .get(i)
                .is_some_and(|p| p.iter().any(|u| uics.contains(&u.trim())));
            let by_name = || {
                row.via
                    .iter()
                    .chain(std::iter::once(&row.destination))
                    .any(|n| names.contains(&fold(n)))
            };
            if (by_stop || by_name()) && !row.messages.contains(&text) {
                row.add_message(text.clone(), Some(LANGUAGE));
            }
        }
    }
}

#[cfg(test)]
mod tests;
