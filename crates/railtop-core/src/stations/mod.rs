//! The station directory: every station railtop knows by name, in every country, and the one
//! search over it that every place a station is asked for uses — `departures NAME`, the
//! upstream's routing of a bare name, the dashboard's `b` picker, `railtop stations` and the
//! API's `/api/live/stations`.
//!
//! It holds the embedded station lists (`assets/stations/*.csv`, main stations first: a
//! station's place in its list is its importance) and, merged after them, the lists the feeds
//! serve themselves, fetched daily and cached on disk ([`online`]). Search folds case, accents and the
//! transliterations people type ([`fold`]); it ranks an exact code or alias first, then an
//! exact name, then every other match with main stations first, and a one-letter typo (from
//! five letters) last.

mod exonym;
pub mod fold;
pub mod online;

pub use online::current;

/// The station `code` names in `country` (every country without one), from the directory as it
/// is now (the embedded lists and the feeds' own): its code or an alias, exactly. The one look-up
/// of a code every feed makes.
pub fn by_code(code: &str, country: Option<&str>) -> Option<Entry> {
    current().by_code(code, country).cloned()
}

use crate::assets;
use crate::country;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One station of the directory.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub code: String,
    pub name: String,
    pub country: &'static str,
    pub lat: f64,
    pub lng: f64,
    pub aliases: Vec<String>,
    /// Importance in its country: 0 is its main station.
    pub rank: u32,
    /// The name's plain and German/Nordic folds (one when they agree), then the plain fold with
    /// its city in other languages ([`exonym`]).
    keys: Vec<String>,
    /// The words of every key.
    words: Vec<String>,
    /// Every letter of its keys ([`fold::letters`]): the search's first, cheapest test.
    letters: u64,
}

impl Entry {
    pub fn new(country: &'static str, station: &assets::Station, rank: u32) -> Entry {
        let mut keys = vec![fold::plain(&station.name)];
        let alternative = fold::alternative(&station.name);
        if alternative != keys[0] {
            keys.push(alternative);
        }
        // "Köln Hbf" is found as "cologne hbf" too.
        for variant in exonym::variants(&keys[0]) {
            if !keys.contains(&variant) {
                keys.push(variant);
            }
        }
        let mut words: Vec<String> = keys
            .iter()
            .flat_map(|k| k.split(' ').map(String::from))
            .collect();
        words.sort();
        words.dedup();
        let letters = keys.iter().fold(0, |set, k| set | fold::letters(k));
        Entry {
            code: station.code.clone(),
            name: station.name.clone(),
            country,
            lat: station.lat,
            lng: station.lng,
            aliases: station.aliases.clone(),
            rank,
            keys,
            words,
            letters,
        }
    }

    /// `country:code`, the form every command accepts.
    pub fn qualified(&self) -> String {
        format!("{}:{}", self.country, self.code)
    }

    /// "Helsinki (HKI, finland)", as candidates are listed.
    pub fn described(&self) -> String {
        format!("{} ({}, {})", self.name, self.code, self.country)
    }

    /// Kilometres to a point, on a sphere (good to a few metres at railtop's scales).
    pub(crate) fn km_to(&self, lat: f64, lng: f64) -> f64 {
        let (p1, p2) = (self.lat.to_radians(), lat.to_radians());
        let dp = p2 - p1;
        let dl = (lng - self.lng).to_radians();
        let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
        6371.0 * 2.0 * a.sqrt().min(1.0).asin()
    }

    /// Whether `query` is its code or one of its aliases (case aside).
    pub fn has_code(&self, query: &str) -> bool {
        assets::answers_to(&self.code, &self.aliases, query)
    }
}

/// How an entry matched a query, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum How {
    /// Its code or an alias, exactly (case aside).
    Code,
    /// Its whole name, folded.
    Name,
    /// Every word of the query is a whole word of its name (`gent` is Gent-Sint-Pieters, not
    /// Nogent-sur-Seine).
    Words,
    /// The start of its name, or the starts of its words.
    Part,
    /// Its name or a word of it, but for one letter.
    Typo,
}

/// One search result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match<'a> {
    pub entry: &'a Entry,
    pub how: How,
}

/// Where and how to search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope<'a> {
    /// Only this country's stations.
    pub country: Option<&'a str>,
    /// This country's stations first, before better matches elsewhere (the dashboard's
    /// selected country).
    pub prefer: Option<&'a str>,
    /// Nearest first to this point, among matches equally good.
    pub near: Option<(f64, f64)>,
    /// At most this many results.
    pub limit: usize,
    /// Only the stations of these countries (a source that answers for some only, the demo);
    /// `None`: every country.
    pub within: Option<&'a [&'static str]>,
}

/// Shortest query a typo is forgiven in (shorter ones match too much).
const TYPO_FROM: usize = 5;

/// What a station as a person wrote it resolves to.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved<'a> {
    /// One station: its code, its name or the only station the query matches.
    One(&'a Entry),
    /// Several equally good: the best of them.
    Ambiguous(Vec<&'a Entry>),
    /// None; the nearest spellings, if any.
    Unknown(Vec<&'a Entry>),
}

impl<'a> Resolved<'a> {
    /// The same answer among the stations `keep` accepts (a source's own countries).
    pub fn only(self, keep: impl Fn(&Entry) -> bool) -> Resolved<'a> {
        match self {
            Resolved::One(e) if keep(e) => Resolved::One(e),
            Resolved::One(_) => Resolved::Unknown(Vec::new()),
            Resolved::Ambiguous(c) => {
                let mut kept: Vec<&Entry> = c.into_iter().filter(|e| keep(e)).collect();
                match kept.len() {
                    // Of Gent-Sint-Pieters and Nogent-sur-Seine, a source in Belgium alone
                    // has one: that is the station.
                    1 => Resolved::One(kept.remove(0)),
                    _ => Resolved::Ambiguous(kept),
                }
            }
            Resolved::Unknown(c) => Resolved::Unknown(c.into_iter().filter(|e| keep(e)).collect()),
        }
    }

    /// The error sentence for `asked` when it is not one station and there are candidates to
    /// offer: `"zurich" could be several stations; did you mean …?`, `unknown station
    /// "helsinkk"; did you mean …?`.
    pub fn not_one(&self, asked: &str) -> Option<String> {
        let asked = crate::text::quoted(asked);
        match self {
            Resolved::Ambiguous(c) if !c.is_empty() => Some(format!(
                "{asked} could be several stations; did you mean {}?",
                listed(c)
            )),
            Resolved::Unknown(c) if !c.is_empty() => Some(format!(
                "unknown station {asked}; did you mean {}?",
                listed(c)
            )),
            _ => None,
        }
    }
}

/// Candidates listed in an error.
const CANDIDATES: usize = 5;

pub struct Directory {
    entries: Vec<Entry>,
}

impl Directory {
    pub fn new(entries: Vec<Entry>) -> Directory {
        Directory { entries }
    }

    /// The directory of the embedded station lists alone, built once (tests and benchmarks;
    /// the screens search [`current`], which adds the feeds' lists).
    pub fn embedded() -> &'static Directory {
        static DIRECTORY: OnceLock<Directory> = OnceLock::new();
        DIRECTORY.get_or_init(|| Directory::merged(&BTreeMap::new()))
    }

    /// The embedded lists with `online` merged in: per country, the embedded stations in their
    /// order (a station the feed also lists gains the feed's codes as aliases), then the feed's
    /// other stations in the feed's order; countries in the API's order, then `[[feeds]]`
    /// regions.
    pub fn merged(online: &BTreeMap<&'static str, Vec<assets::Station>>) -> Directory {
        let mut countries: Vec<&'static str> = assets::station_lists().keys().copied().collect();
        countries.extend(online.keys().copied());
        countries.sort_by_key(|slug| {
            (
                country::COUNTRIES
                    .iter()
                    .position(|c| c.slug == *slug)
                    .unwrap_or(usize::MAX),
                *slug,
            )
        });
        countries.dedup();
        let mut entries = Vec::new();
        for slug in countries {
            let embedded = assets::stations(slug);
            let fetched = online.get(slug).map(Vec::as_slice).unwrap_or(&[]);
            // Each fetched station by every code it answers to, upper case (as `answers_to`
            // compares them): one look-up per embedded code instead of a scan.
            let mut by_code: std::collections::HashMap<String, Vec<usize>> = Default::default();
            for (i, f) in fetched.iter().enumerate() {
                for code in std::iter::once(&f.code).chain(&f.aliases) {
                    by_code
                        .entry(code.trim().to_ascii_uppercase())
                        .or_default()
                        .push(i);
                }
            }
            let mut used = vec![false; fetched.len()];
            let mut rank = 0u32;
            for station in embedded {
                let mut station = station.clone();
                let mut same: Vec<usize> = std::iter::once(&station.code)
                    .chain(&station.aliases)
                    .filter_map(|c| by_code.get(&c.trim().to_ascii_uppercase()))
                    .flatten()
                    .copied()
                    .collect();
                same.sort_unstable();
                same.dedup();
                for i in same {
                    if used[i] {
                        continue;
                    }
                    used[i] = true;
                    let f = &fetched[i];
                    // The same code under another name: the feed's list is the fresher one
                    // (an embedded code can be wrong, a station renamed), so its name and place
                    // win, the embedded name staying an alias.
                    if f.code.trim().eq_ignore_ascii_case(station.code.trim())
                        && fold::plain(&f.name) != fold::plain(&station.name)
                        && !f.name.trim().is_empty()
                    {
                        let old = std::mem::replace(&mut station.name, f.name.clone());
                        station.aliases.push(old);
                        (station.lat, station.lng) = (f.lat, f.lng);
                    }
                    for code in std::iter::once(&f.code).chain(&f.aliases) {
                        if !station.answers_to(code) {
                            station.aliases.push(code.clone());
                        }
                    }
                }
                entries.push(Entry::new(slug, &station, rank));
                rank = rank.saturating_add(1);
            }
            for (f, _) in fetched.iter().zip(&used).filter(|(_, used)| !**used) {
                entries.push(Entry::new(slug, f, rank));
                rank = rank.saturating_add(1);
            }
        }
        Directory::new(entries)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The directory's memory: its entries and the text they hold (capacities, not lengths).
    pub fn heap_bytes(&self) -> usize {
        let strings = |v: &Vec<String>| {
            v.iter().map(String::capacity).sum::<usize>()
                + v.capacity() * std::mem::size_of::<String>()
        };
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self
                .entries
                .iter()
                .map(|e| {
                    e.code.capacity()
                        + e.name.capacity()
                        + strings(&e.aliases)
                        + strings(&e.keys)
                        + strings(&e.words)
                })
                .sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The countries the directory has stations of.
    pub fn countries(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = self.entries.iter().map(|e| e.country).collect();
        all.dedup();
        all
    }

    /// `query` as `COUNTRY:REST` when it begins with one of the API's countries or a region
    /// the directory has (`finland:HKI`, `Finland:helsinki`, `estonia:TLL`): that country's
    /// slug and the rest, trimmed. A code with colons of its own (`NSR:StopPlace:59872`) is
    /// no country's.
    pub fn split_country<'q>(&self, query: &'q str) -> Option<(&'static str, &'q str)> {
        let (prefix, rest) = query.split_once(':')?;
        let prefix = prefix.trim().to_ascii_lowercase();
        let slug = match country::by_slug(&prefix) {
            Some(c) => c.slug,
            None => self.countries().into_iter().find(|c| *c == prefix)?,
        };
        Some((slug, rest.trim()))
    }

    /// The stations matching `query` in `scope`, best first. An empty query lists the scope's
    /// stations, main ones first (nearest first with `near`). `COUNTRY:CODE` and
    /// `COUNTRY:name` search that country alone ([`split_country`](Self::split_country)).
    pub fn search(&self, query: &str, scope: Scope<'_>) -> Vec<Match<'_>> {
        if let Some((country, rest)) = self.split_country(query) {
            if scope.country.is_some_and(|c| c != country) {
                return Vec::new();
            }
            let scope = Scope {
                country: Some(country),
                ..scope
            };
            return self.search(rest, scope);
        }
        let q = fold::plain(query);
        let q_words: Vec<&str> = q.split(' ').filter(|w| !w.is_empty()).collect();
        let q_letters = fold::letters(&q);
        let mut found: Vec<Match<'_>> = self
            .entries
            .iter()
            .filter(|e| scope.country.is_none_or(|c| c == e.country))
            .filter(|e| scope.within.is_none_or(|w| w.contains(&e.country)))
            .filter_map(|entry| {
                let how = if q.is_empty() {
                    if query.trim().is_empty() {
                        How::Part
                    } else {
                        // Only punctuation: a code may still be spelt so.
                        entry.has_code(query).then_some(How::Code)?
                    }
                } else {
                    matches(entry, query, &q, &q_words, q_letters)?
                };
                Some(Match { entry, how })
            })
            .collect();
        // Typos only when the real matches leave room for them (they rank after every real
        // match of the preferred country), as checking one is the dearest part of a keystroke.
        let sure = found
            .iter()
            .filter(|m| scope.prefer.is_none_or(|p| p == m.entry.country))
            .count();
        if sure < scope.limit.max(1) && q.chars().count() >= TYPO_FROM {
            found.extend(
                self.entries
                    .iter()
                    .filter(|e| scope.country.is_none_or(|c| c == e.country))
                    .filter(|e| scope.within.is_none_or(|w| w.contains(&e.country)))
                    // One edit brings in at most one letter the name does not have.
                    .filter(|e| (q_letters & !e.letters).count_ones() <= 1 && typo(e, &q))
                    .filter(|e| !found.iter().any(|m| std::ptr::eq(m.entry, *e)))
                    .map(|entry| Match {
                        entry,
                        how: How::Typo,
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let distance = |e: &Entry| scope.near.map_or(0.0, |(lat, lng)| e.km_to(lat, lng));
        let order = |a: &Match, b: &Match| {
            let preferred = |m: &Match| scope.prefer.is_some_and(|p| p != m.entry.country);
            preferred(a)
                .cmp(&preferred(b))
                .then_with(|| a.how.cmp(&b.how))
                .then_with(|| distance(a.entry).total_cmp(&distance(b.entry)))
                .then_with(|| a.entry.rank.cmp(&b.entry.rank))
                .then_with(|| a.entry.name.cmp(&b.entry.name))
        };
        // The best `limit` first (linear), then only those sorted: one letter matches thousands.
        let limit = scope.limit.max(1);
        if found.len() > limit {
            found.select_nth_unstable_by(limit - 1, order);
            found.truncate(limit);
        }
        found.sort_by(order);
        found
    }

    /// The station `code` is the code or an alias of, in `country` (every country without
    /// one): exactly, case aside. What a feed asks when it is handed a code.
    pub fn by_code(&self, code: &str, country: Option<&str>) -> Option<&Entry> {
        self.entries
            .iter()
            .filter(|e| country.is_none_or(|c| c == e.country))
            .find(|e| e.has_code(code))
    }

    /// What `query` names in `country` (every country without one): a code or alias, an exact
    /// name, or the only station it matches; else the candidates.
    pub fn resolve(&self, query: &str, country: Option<&str>) -> Resolved<'_> {
        // `switzerland:zurich` is `zurich` in Switzerland (its main station, as ever).
        if let Some((named, rest)) = self.split_country(query) {
            if country.is_some_and(|c| c != named) {
                return Resolved::Unknown(Vec::new());
            }
            return self.resolve(rest, Some(named));
        }
        if query.trim().is_empty() {
            // An empty search lists every station; an empty station names none.
            return Resolved::Unknown(Vec::new());
        }
        let found = self.search(
            query,
            Scope {
                country,
                limit: 64,
                ..Scope::default()
            },
        );
        let Some(best) = found.first() else {
            return Resolved::Unknown(Vec::new());
        };
        let equal: Vec<&Entry> = found
            .iter()
            .filter(|m| m.how == best.how)
            .map(|m| m.entry)
            .collect();
        match (best.how, equal.as_slice()) {
            (How::Typo, _) => Resolved::Unknown(take(&equal)),
            (_, [one]) => Resolved::One(one),
            _ => match main_station(query, &equal) {
                Some(main) => Resolved::One(main),
                None => Resolved::Ambiguous(take(&equal)),
            },
        }
    }
}

impl Directory {
    /// The other stations `query` matched as well as the one [`resolve`](Self::resolve) chose
    /// by the main-station rule (`zurich`: Zürich Flughafen, Zürich Oerlikon …): what a person
    /// may have meant instead. Empty where the query named one station outright.
    pub fn others(&self, query: &str, country: Option<&str>) -> Vec<&Entry> {
        if let Some((named, rest)) = self.split_country(query) {
            if country.is_some_and(|c| c != named) {
                return Vec::new();
            }
            return self.others(rest, Some(named));
        }
        let found = self.search(
            query,
            Scope {
                country,
                limit: 64,
                ..Scope::default()
            },
        );
        let Some(best) = found.first().filter(|m| m.how != How::Code) else {
            return Vec::new();
        };
        let equal: Vec<&Entry> = found
            .iter()
            .filter(|m| m.how == best.how)
            .map(|m| m.entry)
            .collect();
        match main_station(query, &equal) {
            Some(main) if equal.len() > 1 => equal
                .into_iter()
                .filter(|e| !std::ptr::eq(*e, main))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The station a screen was started on, as the directory knows it (its name, and its
    /// country's clock when the country is one of the API's): `HKI`, `finland:HKI` or a name
    /// that is one station. What a board shows before its first answer arrives.
    pub fn describe(&self, station: &str) -> Option<(String, Option<chrono_tz::Tz>)> {
        let entry = self.named(station)?;
        Some((
            entry.name.clone(),
            country::by_slug(entry.country).map(|c| c.tz),
        ))
    }

    /// The station a command was given, as `country:code`, a code or a name that is one
    /// station.
    pub fn named(&self, station: &str) -> Option<&Entry> {
        match station.split_once(':') {
            Some((country, code)) if self.countries().contains(&country) => self
                .entries
                .iter()
                .find(|e| e.country == country && e.has_code(code)),
            _ => match self.resolve(station, None) {
                Resolved::One(e) => Some(e),
                _ => None,
            },
        }
    }

    /// A station as a start line names it: "Tampere (TPE, finland)" whatever was typed
    /// (`tampere`, `TPE`), else the text as typed, through the sanitiser.
    pub fn shown_as(&self, station: &str) -> String {
        self.named(station)
            .map_or_else(|| crate::text::cleaned(station), Entry::described)
    }

    /// A station as a metrics label names it: `finland:TPE`, one label however it was typed,
    /// else the text as typed, through the sanitiser.
    pub fn label(&self, station: &str) -> String {
        self.named(station)
            .map_or_else(|| crate::text::cleaned(station), Entry::qualified)
    }
}

/// A station as the API's `/api/live/stations` and `railtop stations --format json` write it
/// (railtop's own record, not the interface's).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StationRecord {
    pub code: String,
    pub name: String,
    pub country: String,
    /// `country:code`, accepted everywhere a station is.
    pub qualified: String,
    pub lat: f64,
    pub lng: f64,
    /// The station's clock (IANA zone).
    pub timezone: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Importance in its country: 0 is its main station.
    pub rank: u32,
    /// Kilometres from the point searched near, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub km: Option<f64>,
}

/// The answer of a station search: the query as read, and the stations best first.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StationsAnswer {
    pub query: String,
    pub stations: Vec<StationRecord>,
}

impl StationsAnswer {
    /// Every string made safe for a terminal or a log (an answer read from another server).
    pub fn sanitize(&mut self) {
        crate::text::clean(&mut self.query);
        for s in &mut self.stations {
            for text in [&mut s.code, &mut s.name, &mut s.country, &mut s.qualified]
                .into_iter()
                .chain(&mut s.aliases)
            {
                crate::text::clean(text);
            }
            crate::text::clean(&mut s.timezone);
        }
    }
}

/// A country or region slug as the directory keeps it (`&'static`). The API's countries are
/// static already; another (a remote server's `[[feeds]]` region) is kept once, and at most
/// [`MAX_FOREIGN_SLUGS`] of them, so a server cannot make this process grow without end.
/// `None`: not a slug (`a-z`, `0-9`, `-`, at most 40), or too many.
pub(crate) fn static_slug(slug: &str) -> Option<&'static str> {
    if let Some(c) = country::by_slug(slug) {
        return Some(c.slug);
    }
    let well_formed = (1..=40).contains(&slug.len())
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !well_formed {
        return None;
    }
    static KEPT: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(s) = kept.iter().find(|s| **s == slug) {
        return Some(s);
    }
    if kept.len() >= MAX_FOREIGN_SLUGS {
        return None;
    }
    let leaked: &'static str = Box::leak(slug.to_string().into_boxed_str());
    kept.push(leaked);
    Some(leaked)
}

/// Regions of other servers a process keeps names of.
const MAX_FOREIGN_SLUGS: usize = 64;

impl Entry {
    /// The directory's entry of a record another server sent (`None`: its country is not a
    /// slug this process can keep).
    pub fn from_record(record: &StationRecord) -> Option<Entry> {
        let country = static_slug(&record.country)?;
        let station = assets::Station {
            code: record.code.clone(),
            name: record.name.clone(),
            lat: record.lat,
            lng: record.lng,
            aliases: record.aliases.clone(),
        };
        Some(Entry::new(country, &station, record.rank))
    }
}

impl StationRecord {
    pub fn of(entry: &Entry, near: Option<(f64, f64)>) -> StationRecord {
        StationRecord {
            code: entry.code.clone(),
            name: entry.name.clone(),
            country: entry.country.to_string(),
            qualified: entry.qualified(),
            lat: entry.lat,
            lng: entry.lng,
            timezone: country::by_slug(entry.country)
                .map(|c| c.tz.name().to_string())
                .unwrap_or_default(),
            aliases: entry.aliases.clone(),
            rank: entry.rank,
            km: near.map(|(lat, lng)| (entry.km_to(lat, lng) * 10.0).round() / 10.0),
        }
    }
}

impl Directory {
    /// A search's answer, as the API and `railtop stations` give it.
    pub fn answer(&self, query: &str, scope: Scope<'_>) -> StationsAnswer {
        StationsAnswer {
            query: query.trim().to_string(),
            stations: self
                .search(query, scope)
                .into_iter()
                .map(|m| StationRecord::of(m.entry, scope.near))
                .collect(),
        }
    }
}

/// The words that make a station a city's main one: "Zürich HB", "Frankfurt (Main) Hbf",
/// "Amsterdam Centraal", "Milano Centrale", "Oslo S"; "Dublin Connolly" is not one.
const MAIN_WORDS: &[&str] = &[
    "hb",
    "hbf",
    "hauptbahnhof",
    "centraal",
    "centrale",
    "central",
    "centrum",
    "sentralstasjon",
    "s",
];

/// Of several stations a name matches equally, the city's main station, when exactly one is
/// (or exactly one has no qualifier in brackets):
/// its name is the query (folded) followed only by a main-station word (`zurich` → Zürich HB,
/// `milano` → Milano Centrale). The others stay what `railtop stations` lists.
fn main_station<'a>(query: &str, candidates: &[&'a Entry]) -> Option<&'a Entry> {
    let q = fold::plain(query);
    let city: Vec<&str> = q.split(' ').filter(|w| !w.is_empty()).collect();
    if city.is_empty() {
        return None;
    }
    let is_main = |e: &&&Entry| {
        // "Frankfurt (Main) Hbf": what is in brackets is no word of the city's station.
        let mut bare = String::with_capacity(e.name.len());
        let mut depth = 0u32;
        for c in e.name.chars() {
            match c {
                '(' => depth = depth.saturating_add(1),
                ')' => depth = depth.saturating_sub(1),
                c if depth == 0 => bare.push(c),
                _ => {}
            }
        }
        let plain = fold::plain(&bare);
        let mut spellings = exonym::variants(&plain);
        spellings.push(fold::alternative(&bare));
        spellings.push(plain);
        spellings.iter().any(|k| {
            let words: Vec<&str> = k.split(' ').filter(|w| !w.is_empty()).collect();
            words.len() == city.len() + 1
                && words[..city.len()] == city[..]
                && MAIN_WORDS.contains(&words[city.len()])
        })
    };
    let mains: Vec<&&Entry> = candidates.iter().filter(is_main).collect();
    match mains.as_slice() {
        [one] => Some(**one),
        // "Wien Hbf" and "Wien Hbf (Bahnsteige 1-2)": the one without a qualifier.
        _ => {
            let mut plain = mains.iter().filter(|e| !e.name.contains('('));
            let main = plain.next()?;
            plain.next().is_none().then_some(**main)
        }
    }
}

fn take<'a>(entries: &[&'a Entry]) -> Vec<&'a Entry> {
    entries.iter().take(CANDIDATES).copied().collect()
}

/// "Helsinki (HKI, finland), Helsingborg C (Hb, sweden)".
pub fn listed(entries: &[&Entry]) -> String {
    entries
        .iter()
        .map(|e| e.described())
        .collect::<Vec<_>>()
        .join(", ")
}

fn matches(entry: &Entry, raw: &str, q: &str, q_words: &[&str], q_letters: u64) -> Option<How> {
    if entry.has_code(raw) {
        return Some(How::Code);
    }
    if q_letters & !entry.letters != 0 {
        return None;
    }
    if entry.keys.iter().any(|k| k == q) {
        return Some(How::Name);
    }
    let whole = |k: &String| q_words.iter().all(|w| k.split(' ').any(|word| word == *w));
    if entry.keys.iter().any(whole) {
        return Some(How::Words);
    }
    // The start of the name or of its words, never a part inside a word: `root` is no
    // Bovenkarspel-Grootebroek, `admin` no Schladming.
    let part = entry.keys.iter().any(|k| k.starts_with(q))
        || q_words
            .iter()
            .all(|w| entry.words.iter().any(|word| word.starts_with(w)));
    part.then_some(How::Part)
}

/// Whether `q` (folded, five letters or more) is the entry's name, the start of it or a word
/// of it but for one letter.
fn typo(entry: &Entry, q: &str) -> bool {
    entry.keys.iter().any(|k| {
        fold::within_one_edit(k, q)
            || (q.len().saturating_sub(1)..=q.len() + 1)
                .filter(|&i| i <= k.len() && k.is_char_boundary(i))
                .any(|i| k.get(..i).is_some_and(|p| fold::within_one_edit(p, q)))
            || entry.words.iter().any(|w| fold::within_one_edit(w, q))
    })
}

#[cfg(test)]
mod tests;
