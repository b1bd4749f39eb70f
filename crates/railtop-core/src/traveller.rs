//! What a traveller asks of a board beyond "what leaves here": only the trains that go where
//! they are going ([`Route`]), several nearby stations as one board ([`merge`]), and how long
//! the walk to each is ([`Walks`]). Pure and below every screen: the API, the commands, the
//! kiosk, the SSH board and the dashboard all filter and merge through these, so a board shows
//! the same rows wherever it is read.
//!
//! Places are matched by name, the way the rows name their stops (`via`, `destination`): folded
//! like the station search folds (case, accents, `ü`/`ue`), and a name matches a longer one
//! that begins with it as whole words (`Utrecht` is `Utrecht Centraal`, not `Utrechtseweg`).

use crate::model::{Departure, DeparturesResponse, Kind, StationInfo};
use crate::stations::{fold, Directory};
use chrono::{DateTime, NaiveTime, Timelike, Utc};

/// A station a traveller names (`--to`, `--via`): what they typed and, where the directory
/// knows it, the station's own name, both folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// As typed, for the screens and error messages (cleaned).
    pub asked: String,
    /// The directory's name of it, or the text as typed.
    pub name: String,
    /// Folded names a stop may match.
    keys: Vec<String>,
    /// Folded names of the other stations whose names begin with this one's (`helsinki
    /// airport` for Helsinki, `utrecht lunetten` for Utrecht): a stop of such a name is that
    /// station, not this one. Station identity decides, not name overlap.
    others: Vec<String>,
}

impl Place {
    /// `text` (a name, a code or `country:code`) as the directory resolves it; text it does not
    /// know still matches stops by its own words.
    pub fn new(text: &str, directory: &Directory) -> Place {
        let asked = crate::text::cleaned(text.trim());
        let mut keys = Vec::new();
        let mut name = asked.clone();
        let entry = directory.named(text);
        if let Some(entry) = entry {
            name = entry.name.clone();
            keys.push(fold::plain(&entry.name));
            keys.push(fold::alternative(&entry.name));
        }
        // A code typed (`UT`, `finland:TPE`) is no stop's name; a name typed is.
        if !text.contains(':') {
            keys.push(fold::plain(text));
        }
        keys.retain(|k| !k.trim().is_empty());
        keys.sort();
        keys.dedup();
        let mut others: Vec<String> = directory
            .entries()
            .iter()
            .filter(|e| entry.is_none_or(|mine| !std::ptr::eq(*e, mine)))
            .flat_map(|e| [fold::plain(&e.name), fold::alternative(&e.name)])
            .filter(|other| {
                keys.iter()
                    .any(|k| other.len() > k.len() && same_place(k, other))
            })
            .collect();
        others.sort();
        others.dedup();
        Place {
            asked,
            name,
            keys,
            others,
        }
    }

    /// `text` as one station of the directory, or why not: a name or code it does not know,
    /// or one that could be several stations, is an error with what the person may have
    /// meant (`unknown station "Tampre"; did you mean Tampere (TPE, finland)?`). A route's
    /// end or via must be a station: an unknown one would only give an empty board that looks
    /// like "no train".
    pub fn checked(text: &str, directory: &Directory) -> Result<Place, String> {
        if directory.named(text).is_some() {
            return Ok(Place::new(text, directory));
        }
        let asked = text.trim();
        let found = directory.resolve(asked, None);
        Err(found.not_one(asked).unwrap_or_else(|| {
            format!(
                "unknown station {}: no station of railtop's directory has that name or code",
                crate::text::quoted(asked)
            )
        }))
    }

    /// Whether a stop a feed names is this place.
    pub fn is(&self, stop: &str) -> bool {
        let stop = fold::plain(stop);
        let alternative = fold::alternative(&stop);
        let spellings = [&stop, &alternative];
        if spellings
            .iter()
            .any(|s| self.others.iter().any(|o| same_place(o, s)))
        {
            return false;
        }
        self.keys.iter().any(|k| {
            spellings
                .iter()
                .any(|s| same_place(k, s) || same_place(s, k))
        })
    }
}

/// `short` is `long`, or its first whole words (`utrecht` of `utrecht centraal`).
fn same_place(short: &str, long: &str) -> bool {
    long.strip_prefix(short)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// Where the traveller is going: the train must call at `end` (after this station on a
/// departures board, before it on an arrivals board) and at `via` on the way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Route {
    /// `--to` on departures, `--from` on arrivals.
    pub end: Option<Place>,
    pub via: Option<Place>,
}

/// What a feed's rows list as their stops on the way (`via`), which says how far a row that
/// names a few of them is believed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RowStops {
    /// The stops its feed shows travellers: a row that names a few is taken at its word.
    #[default]
    Shown,
    /// A selection of the train's calls (db-rest's `nextStopovers` on DB's boards: the main
    /// stops, or none): a row with a train whose few stops do not take the route has its
    /// journey decide.
    Selection,
}

/// What a row's own stops say of a [`Route`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Goes,
    DoesNot,
    /// The row lists too few stops to say: the train's journey decides.
    Unknown,
}

impl Route {
    pub fn is_empty(&self) -> bool {
        self.end.is_none() && self.via.is_none()
    }

    /// Whether a train whose stops beyond this station are `stops` (in the order it calls, away
    /// from the station: the last is the destination, or on an arrivals board the origin) takes
    /// this route.
    pub fn takes(&self, stops: &[&str]) -> bool {
        let at = |place: &Option<Place>| place.as_ref().map(|p| stops.iter().position(|s| p.is(s)));
        match (at(&self.end), at(&self.via)) {
            (Some(None), _) | (_, Some(None)) => false,
            // The via stop comes before the end, and is not the end itself.
            (Some(Some(end)), Some(Some(via))) => via < end,
            (None, Some(Some(via))) => via + 1 < stops.len(),
            _ => true,
        }
    }

    /// What the row's `via` and destination say: it goes, it does not, or (it names too few
    /// stops and has a train to look up) its journey must say. `listed` is what the feed's
    /// rows list: every stop shown, or a selection.
    pub fn verdict(&self, row: &Departure, kind: Kind, listed: RowStops) -> Verdict {
        if self.is_empty() {
            return Verdict::Goes;
        }
        let stops = row_stops(row, kind);
        if self.takes(&stops) {
            Verdict::Goes
        } else if row.train_id.is_some()
            && (listed == RowStops::Selection
                || row.via.is_empty()
                || row.via.len() >= crate::model::MAX_VIA)
        {
            // The feed's board names no stop on the way, more than a row keeps, or only a
            // selection of them: only the train's journey knows for certain. (A row of a feed
            // that shows its stops and lists a few is taken at its word.)
            Verdict::Unknown
        } else {
            Verdict::DoesNot
        }
    }

    /// What the route is, as a board's title says it: "to Utrecht Centraal via Amersfoort".
    pub fn described(&self, kind: Kind) -> String {
        self.described_in(kind, railtop_i18n::Lang::En)
    }

    /// [`Route::described`] in `lang`, for a screen.
    pub fn described_in(&self, kind: Kind, lang: railtop_i18n::Lang) -> String {
        use railtop_i18n::tr;
        let mut parts = Vec::new();
        if let Some(end) = &self.end {
            let station = end.name.clone();
            parts.push(match kind {
                Kind::Departures => tr!(lang, "route-to", station = station),
                Kind::Arrivals => tr!(lang, "route-from", station = station),
            });
        }
        if let Some(via) = &self.via {
            parts.push(tr!(lang, "route-via", station = via.name.clone()));
        }
        parts.join(" ")
    }
}

/// A row's stops away from its station, nearest first: the via stops then the destination (on
/// an arrivals board the via stops are listed from the origin, so they are turned round).
fn row_stops(row: &Departure, kind: Kind) -> Vec<&str> {
    let via = row.via.iter().map(String::as_str);
    let via: Vec<&str> = match kind {
        Kind::Departures => via.collect(),
        Kind::Arrivals => via.rev().collect(),
    };
    via.into_iter()
        .chain(std::iter::once(row.destination.as_str()))
        .collect()
}

/// The stops of a journey after (`Kind::Departures`) or before (`Kind::Arrivals`) the station,
/// nearest first, for [`Route::takes`]: `names` are the journey's stops in order, `here` says
/// which of them is the board's station (the first one that is; all stops when none is).
pub fn beyond<'a>(names: &[&'a str], here: impl Fn(&str) -> bool, kind: Kind) -> Vec<&'a str> {
    let at = names.iter().position(|n| here(n));
    match (kind, at) {
        (Kind::Departures, Some(i)) => names[i + 1..].to_vec(),
        (Kind::Arrivals, Some(i)) => names[..i].iter().rev().copied().collect(),
        (Kind::Departures, None) => names.to_vec(),
        (Kind::Arrivals, None) => names.iter().rev().copied().collect(),
    }
}

/// An `HH:MM` board time read as chrono's `%H:%M` reads it (one or two digits each side), by
/// hand: every board row's times are read several times a frame, for every viewer of the SSH
/// board each second, where chrono's format parser was a tenth of the server's CPU.
pub fn clock_time(hhmm: &str) -> Option<NaiveTime> {
    let (h, m) = hhmm.split_once(':')?;
    let number = |s: &str| {
        // chrono lets spaces come before a number.
        let s = s.trim_start_matches([' ', '\t', '\n', '\r']);
        (matches!(s.len(), 1 | 2) && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    NaiveTime::from_hms_opt(number(h)?, number(m)?, 0)
}

/// Minutes from `now` to an `HH:MM` on the same clock, within -12 h … +12 h (midnight-safe).
pub fn minutes_until(hhmm: &str, now: NaiveTime) -> Option<i64> {
    let t = clock_time(hhmm)?;
    let diff = (i64::from(t.num_seconds_from_midnight())
        - i64::from(now.num_seconds_from_midnight()))
        / 60;
    Some((diff + 720).rem_euclid(1440) - 720)
}

/// What follows a time on a board that runs past midnight: `+1` for an `HH:MM` that falls on the
/// day after `now`'s on the same clock (read within -12 h … +12 h, as [`minutes_until`] reads
/// it), else nothing. Every screen and the command line write it so (`00:05+1`).
pub fn day_mark(hhmm: &str, now: NaiveTime) -> &'static str {
    let today = i64::from(now.num_seconds_from_midnight()) / 60;
    match minutes_until(hhmm, now) {
        Some(m) if today + m >= 24 * 60 => "+1",
        _ => "",
    }
}

/// Minutes from the station's `now` until `d` leaves (arrives): its expected time, else its
/// scheduled one.
pub fn leaves_in(d: &Departure, now: NaiveTime) -> Option<i64> {
    minutes_until(d.expected_dep.as_deref().unwrap_or(&d.scheduled_dep), now)
}

/// The station's clock: its board's time zone, else its country's, else UTC.
pub fn station_tz(station: &StationInfo) -> chrono_tz::Tz {
    station
        .timezone
        .as_deref()
        .and_then(|tz| tz.parse().ok())
        .or_else(|| {
            station
                .country
                .as_deref()
                .and_then(crate::country::by_slug)
                .map(|c| c.tz)
        })
        .unwrap_or(chrono_tz::UTC)
}

/// Walking times to each station of a board: `3m` for all, or `Helsinki=3m,Pasila=7m`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walks {
    /// The minutes for a station not named.
    pub all: i64,
    /// A station as named (resolved like `--to`), and its minutes.
    pub each: Vec<(Place, i64)>,
}

/// Longest walk to a station: two hours.
pub const MAX_WALK_MINUTES: i64 = 120;

impl Walks {
    /// `3m`, or `A=3m,B=7m` (a station by name or code, its walk in whole minutes), or a mix
    /// (`5m,Pasila=9m`: Pasila 9, the others 5).
    pub fn parse(text: &str, directory: &Directory) -> Result<Walks, String> {
        let mut walks = Walks::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (station, time) = match part.rsplit_once('=') {
                Some((s, t)) => (Some(s.trim()), t.trim()),
                None => (None, part),
            };
            let minutes = walk_minutes(time)?;
            match station {
                Some("") => {
                    return Err(format!("{part:?}: a station before the =, as in Pasila=7m"))
                }
                Some(s) => walks.each.push((Place::new(s, directory), minutes)),
                None => walks.all = minutes,
            }
        }
        Ok(walks)
    }

    /// The walk to a board's station, by its display name (a row's `departsFrom`, or the
    /// board's own station).
    pub fn to(&self, station: &str) -> i64 {
        self.each
            .iter()
            .find(|(p, _)| p.is(station))
            .map_or(self.all, |(_, m)| *m)
    }

    /// Whether any walk is longer than nothing.
    pub fn is_empty(&self) -> bool {
        self.all == 0 && self.each.iter().all(|(_, m)| *m == 0)
    }

    /// Walks named for a station that is none of the board's (`names`: their display names):
    /// a typo the traveller should hear of.
    pub fn unknown(&self, names: &[&str]) -> Vec<&str> {
        self.each
            .iter()
            .filter(|(p, _)| !names.iter().any(|n| p.is(n)))
            .map(|(p, _)| p.asked.as_str())
            .collect()
    }

    /// Keeps the rows of a board that can still be reached on foot at `now`, on the board's
    /// station clock: a train leaving sooner than the walk to its station is left out.
    pub fn keep_reachable(&self, board: &mut DeparturesResponse, now: DateTime<Utc>) {
        if self.is_empty() {
            return;
        }
        let local = now.with_timezone(&station_tz(&board.station)).time();
        let own = board.station.name.clone();
        board.departures.retain(|d| {
            let walk = self.of_row(d, &own);
            leaves_in(d, local).is_none_or(|m| m >= walk)
        });
    }

    /// The walk to the station a row leaves from: its `departsFrom` on a board of several,
    /// else the board's own station (`own`, its display name).
    pub fn of_row(&self, d: &Departure, own: &str) -> i64 {
        self.to(d.departs_from.as_deref().unwrap_or(own))
    }
}

/// A walk: whole minutes, 0 to [`MAX_WALK_MINUTES`].
fn walk_minutes(text: &str) -> Result<i64, String> {
    let seconds = crate::duration::seconds_within(
        text,
        crate::duration::Bare::Refused,
        0,
        MAX_WALK_MINUTES as u64 * 60,
    )?;
    if seconds % 60 != 0 {
        return Err(format!(
            "{text:?}: departures are timed to the minute, so give whole minutes, e.g. 3m"
        ));
    }
    Ok(seconds as i64 / 60)
}

/// The boards of several stations as one, ordered by the time each train is timetabled to leave
/// (arrive), the time every board shows first (a late train keeps its place, as on a station's
/// own board, and its delay says the rest); each row says its station in `departsFrom`, and
/// `stations` lists them. `now` places the times of each station on its own clock
/// (midnight-safe). One board is returned as it is.
pub fn merge(mut boards: Vec<DeparturesResponse>, now: DateTime<Utc>) -> DeparturesResponse {
    if boards.len() <= 1 {
        return boards.pop().unwrap_or_default();
    }
    let mut rows: Vec<(i64, usize, Departure)> = Vec::new();
    let mut stations = Vec::new();
    for board in &mut boards {
        let local = now.with_timezone(&station_tz(&board.station)).time();
        let name = board.station.name.clone();
        for (i, mut d) in std::mem::take(&mut board.departures)
            .into_iter()
            .enumerate()
        {
            d.departs_from = Some(name.clone());
            // A time that does not read goes last, in its board's order.
            let at = minutes_until(&d.scheduled_dep, local).unwrap_or(i64::MAX / 2);
            rows.push((at, i, d));
        }
        stations.push(board.station.clone());
    }
    rows.sort_by_key(|(at, i, _)| (*at, *i));
    let first = boards.remove(0);
    let names: Vec<&str> = stations.iter().map(|s| s.name.as_str()).collect();
    // Every station's feed is credited, each once.
    let mut credits: Vec<String> = Vec::new();
    for a in std::iter::once(&first.attribution)
        .chain(boards.iter().map(|b| &b.attribution))
        .flatten()
    {
        if !credits.contains(a) {
            credits.push(a.clone());
        }
    }
    // The oldest answer's time: the merged board is as fresh as its stalest part.
    let fetched_at = std::iter::once(&first.fetched_at)
        .chain(boards.iter().map(|b| &b.fetched_at))
        .min()
        .cloned()
        .unwrap_or_default();
    let mut merged = DeparturesResponse {
        departures: rows.into_iter().map(|(_, _, d)| d).collect(),
        station: StationInfo {
            name: names.join(" + "),
            ..first.station.clone()
        },
        fetched_at,
        attribution: (!credits.is_empty()).then(|| credits.join("; ")),
        simulated: first.simulated || boards.iter().any(|b| b.simulated),
        kind: first.kind,
        stations,
        ..DeparturesResponse::default()
    };
    // Each station's notices, said to be its own.
    for board in std::iter::once(&first).chain(boards.iter()) {
        let languages = board.notice_languages.iter().map(Option::as_deref);
        for (text, language) in board
            .notices
            .iter()
            .zip(languages.chain(std::iter::repeat(None)))
        {
            merged.add_notice(format!("{}: {text}", board.station.name), language);
        }
    }
    merged
}

#[cfg(test)]
mod tests;
