//! Digitraffic's passenger information, `/api/v1/passenger-information/active`: the messages
//! Fintraffic's station screens show and its announcements say. One answer for the whole
//! country, read afresh at every refresh (the feed's cache keeps it for its TTL).
//!
//! A message about stations (`stations`, no `trainNumber`) becomes a notice of each of their
//! boards; a message about a train (`trainNumber` and `trainDepartureDate`, its local day)
//! goes on that train's rows and record. Each is shown only while in force: within
//! `startValidity`–`endValidity`, and where its delivery rules (the `video` part's, else the
//! `audio` part's) say more, within their `startDateTime`–`endDateTime`, inside their daily
//! window `startTime`–`endTime` (Helsinki's clock, hours without a leading zero: `5:00`; a
//! window past midnight wraps) and on one of their `weekDays`. A time that cannot be read keeps
//! the message off the screens (railtop cannot say when it is in force); an absent one does
//! not restrict. The text is the `video` part's (what screens show), else the `audio` part's:
//! English where given, else the first language given, its code kept.

use super::{lenient, COUNTRY, TZ};
use crate::upstream::parse::{self, Board, ParseError};
use crate::upstream::times::parse_offset_time;
use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc, Weekday};
use railtop_core::model::{tolerant, Departure, Train};
use railtop_core::text::cleaned;
use serde::{Deserialize, Deserializer};

/// Where the messages in force are.
pub(super) const PATH: &str = "/api/v1/passenger-information/active";

/// Messages kept from one answer at most (a real answer has a few hundred).
const MAX_INFO: usize = 2_000;
/// Stations one message names at most (Finland has about 600 stations of any kind).
const MAX_STATIONS: usize = 1_000;
/// Languages of one text read at most (Digitraffic writes three).
const MAX_LANGUAGES: usize = 8;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Message {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    start_validity: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    end_validity: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, String, { MAX_STATIONS }>"
    )]
    stations: Vec<String>,
    /// A number, though the published schema says a string: both are read.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    train_number: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    train_departure_date: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    audio: Option<Part>,
    #[serde(default, deserialize_with = "lenient")]
    video: Option<Part>,
}

/// A message's `audio` or `video`: its text by language, and when it is delivered.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Part {
    #[serde(default, deserialize_with = "lenient")]
    text: Option<parse::AtMostMap<Text, MAX_LANGUAGES>>,
    #[serde(default, deserialize_with = "lenient")]
    delivery_rules: Option<Rules>,
}

/// One language's text: a string (or a number), anything else none.
struct Text(Option<String>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        tolerant::opt_string(d).map(Text)
    }
}

/// When a part is delivered. Its `deliveryType` (`CONTINUOS_VISUALIZATION`, so spelt, `WHEN`,
/// `NOW`, `REPEAT_EVERY`, `ON_SCHEDULE`, `ON_EVENT`…) says how often it is shown or said, not
/// whether it is in force, and is not read.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Rules {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    start_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    end_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    start_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    end_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bounded::<_, String, 16>")]
    week_days: Vec<String>,
}

/// One message as railtop shows it: its text in one language, and that language's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub text: String,
    pub language: String,
}

/// The messages in force at one instant.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PassengerInfo {
    /// Each station message with the codes of its stations, in the answer's order.
    stations: Vec<(Vec<String>, Said)>,
    /// Each train message with its train's id (`fi-<departure date>-<number>`).
    trains: Vec<(String, Said)>,
}

/// `/api/v1/passenger-information/active`: the messages in force at `now`, those about
/// stations and those about one train.
pub fn parse_passenger_information(
    bytes: &[u8],
    now: DateTime<Utc>,
) -> Result<PassengerInfo, ParseError> {
    let parse::AtMost(list) = parse::json::<parse::AtMost<Message, MAX_INFO>>(COUNTRY.slug, bytes)
        .map_err(|e| e.within("passenger-information"))?;
    let mut info = PassengerInfo::default();
    for m in list.iter().filter(|m| m.in_force(now)) {
        let Some(said) = m.said() else {
            continue;
        };
        match m.train_number {
            // A train's message without its day cannot be told from the same number's
            // other days: left out.
            Some(number) => {
                if let Some(id) = m
                    .train_departure_date
                    .as_deref()
                    .and_then(|d| train_id(number, d))
                {
                    info.trains.push((id, said));
                }
            }
            None => {
                let stations: Vec<String> = m
                    .stations
                    .iter()
                    .map(|s| s.trim().to_uppercase())
                    .filter(|s| !s.is_empty())
                    .collect();
                if !stations.is_empty() {
                    info.stations.push((stations, said));
                }
            }
        }
    }
    Ok(info)
}

/// The id railtop gives the train `number` of the local day `date` (see `train_record`).
fn train_id(number: i64, date: &str) -> Option<String> {
    let number = u64::try_from(number).ok()?;
    let day = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    Some(format!("fi-{}-{number}", day.format("%Y-%m-%d")))
}

impl Message {
    /// Its text: the video part's (what screens show), else the audio part's.
    fn said(&self) -> Option<Said> {
        [&self.video, &self.audio]
            .into_iter()
            .flatten()
            .find_map(Part::said)
    }

    /// Whether it is in force at `now`: within its validity, and within what the delivery
    /// rules (the video part's, else the audio part's) say.
    fn in_force(&self, now: DateTime<Utc>) -> bool {
        let rules = [&self.video, &self.audio]
            .into_iter()
            .flatten()
            .find_map(|p| p.delivery_rules.as_ref());
        between(
            self.start_validity.as_deref(),
            self.end_validity.as_deref(),
            now,
        ) && rules.is_none_or(|r| r.allow(now))
    }
}

impl Part {
    /// English where given, else the first language with a text.
    fn said(&self) -> Option<Said> {
        let parse::AtMostMap(texts) = self.text.as_ref()?;
        let usable = |(language, Text(text)): &(String, Text)| {
            let text = cleaned(text.as_deref()?);
            let language = language.trim().to_ascii_lowercase();
            (!text.is_empty() && !language.is_empty()).then_some(Said { text, language })
        };
        texts
            .iter()
            .filter(|(language, _)| language.trim().eq_ignore_ascii_case("en"))
            .find_map(usable)
            .or_else(|| texts.iter().find_map(usable))
    }
}

impl Rules {
    /// Whether the rules let the part be shown at `now`: its dates, its daily window on
    /// Helsinki's clock, its days of the week.
    fn allow(&self, now: DateTime<Utc>) -> bool {
        let local = now.with_timezone(&TZ);
        // hour() < 24 and minute() < 60: at most 1439.
        let minute = local.hour() * 60 + local.minute();
        between(
            self.start_date_time.as_deref(),
            self.end_date_time.as_deref(),
            now,
        ) && self.daily(minute)
            && self.on(local.weekday())
    }

    /// Whether the minute of the day `minute` is inside the daily window, both ends included
    /// (`23:59` is the whole last minute); a window whose end is before its start passes
    /// midnight.
    fn daily(&self, minute: u32) -> bool {
        let bound = |t: &Option<String>| t.as_deref().map(clock_minute);
        match (bound(&self.start_time), bound(&self.end_time)) {
            (Some(None), _) | (_, Some(None)) => false,
            (Some(Some(start)), Some(Some(end))) if start <= end => {
                start <= minute && minute <= end
            }
            (Some(Some(start)), Some(Some(end))) => minute >= start || minute <= end,
            (Some(Some(start)), None) => minute >= start,
            (None, Some(Some(end))) => minute <= end,
            (None, None) => true,
        }
    }

    /// Whether `day` is one of the rules' days (every day when they name none; none when they
    /// name only words that are no day).
    fn on(&self, day: Weekday) -> bool {
        if self.week_days.is_empty() {
            return true;
        }
        self.week_days
            .iter()
            .filter_map(|d| weekday(d))
            .any(|d| d == day)
    }
}

/// `MONDAY` … `SUNDAY`, as the feed writes them (case aside).
fn weekday(word: &str) -> Option<Weekday> {
    Some(match word.trim().to_ascii_uppercase().as_str() {
        "MONDAY" => Weekday::Mon,
        "TUESDAY" => Weekday::Tue,
        "WEDNESDAY" => Weekday::Wed,
        "THURSDAY" => Weekday::Thu,
        "FRIDAY" => Weekday::Fri,
        "SATURDAY" => Weekday::Sat,
        "SUNDAY" => Weekday::Sun,
        _ => return None,
    })
}

/// `5:00`, `23:59` (an hour without its leading zero, as the feed writes it; `05:00` and
/// seconds are read too; `24:00` is the day's end) as minutes since midnight.
fn clock_minute(text: &str) -> Option<u32> {
    let mut parts = text.trim().split(':');
    let hour: u32 = parts.next()?.trim().parse().ok()?;
    let minute: u32 = parts.next()?.trim().parse().ok()?;
    if let Some(seconds) = parts.next() {
        seconds.trim().parse::<u32>().ok().filter(|s| *s < 60)?;
    }
    if parts.next().is_some() || minute >= 60 || hour > 24 || (hour == 24 && minute > 0) {
        return None;
    }
    hour.checked_mul(60)?.checked_add(minute)
}

/// Whether `now` is in `[start, end)`: an absent end is open; one that cannot be read keeps
/// the message out.
fn between(start: Option<&str>, end: Option<&str>, now: DateTime<Utc>) -> bool {
    let after_start = start.is_none_or(|s| parse_offset_time(s).is_some_and(|t| t <= now));
    let before_end = end.is_none_or(|e| parse_offset_time(e).is_some_and(|t| now < t));
    after_start && before_end
}

impl PassengerInfo {
    /// The messages about the station `code`, in the answer's order.
    pub fn at_station<'a>(&'a self, code: &str) -> impl Iterator<Item = &'a Said> + 'a {
        let code = code.trim().to_uppercase();
        self.stations
            .iter()
            .filter(move |(codes, _)| codes.contains(&code))
            .map(|(_, said)| said)
    }

    /// The messages about the train `id` (`fi-<date>-<number>`).
    pub fn for_train<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Said> + 'a {
        self.trains
            .iter()
            .filter(move |(train, _)| train == id)
            .map(|(_, said)| said)
    }

    pub fn is_empty(&self) -> bool {
        self.stations.is_empty() && self.trains.is_empty()
    }

    /// Puts the messages on the board of `station`: the station's as the board's notices,
    /// each train's before the other messages of its rows.
    pub fn tell_board(&self, station: &str, board: &mut Board) {
        board.notices.extend(
            self.at_station(station)
                .map(|s| (s.text.clone(), Some(s.language.clone()))),
        );
        if self.trains.is_empty() {
            return;
        }
        for d in &mut board.departures {
            let Some(id) = d.train_id.clone() else {
                continue;
            };
            told_first(d, self.for_train(&id).collect());
        }
    }

    /// Puts the train's messages on its record, before the others.
    pub fn tell_train(&self, train: &mut Train) {
        if self.trains.is_empty() {
            return;
        }
        let id = train.id.clone();
        told_first(train, self.for_train(&id).collect());
    }
}

/// What carries messages with their languages: a board's row, a train.
trait Told {
    fn take(&mut self) -> (Vec<String>, Vec<Option<String>>);
    fn add(&mut self, text: String, language: Option<&str>);
}

impl Told for Departure {
    fn take(&mut self) -> (Vec<String>, Vec<Option<String>>) {
        (
            std::mem::take(&mut self.messages),
            std::mem::take(&mut self.message_languages),
        )
    }
    fn add(&mut self, text: String, language: Option<&str>) {
        self.add_message(text, language);
    }
}

impl Told for Train {
    fn take(&mut self) -> (Vec<String>, Vec<Option<String>>) {
        (
            std::mem::take(&mut self.messages),
            std::mem::take(&mut self.message_languages),
        )
    }
    fn add(&mut self, text: String, language: Option<&str>) {
        self.add_message(text, language);
    }
}

/// `said` put before the messages `target` has (the answer keeps four: the feed's own word
/// about a train outranks the causes railtop names).
fn told_first(target: &mut impl Told, said: Vec<&Said>) {
    if said.is_empty() {
        return;
    }
    let (before, mut languages) = target.take();
    languages.resize(before.len(), None);
    for s in said {
        target.add(s.text.clone(), Some(&s.language));
    }
    for (text, language) in before.into_iter().zip(languages) {
        target.add(text, language.as_deref());
    }
}
