//! The kiosk board's state and its pure update. One board per station, each kept through
//! failures; the shown station rotates, long boards page, on timers driven by `Tick`: a
//! station's turn lasts `--rotate` exactly, and its pages turn every `--page` within it.

use super::layout;
use crate::refresh::{Answer, Event};
use crate::screen::{Failure, Polled};
use chrono::{DateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use railtop_core::model::{Departure, DeparturesResponse, Kind};
use railtop_core::traveller::Walks;
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_i18n::{tr, Lang};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct KioskSettings {
    pub rotate_secs: u64,
    pub page_secs: u64,
    /// Departures leaving sooner than the walk to their station are hidden: nobody can reach
    /// them.
    pub walks: Walks,
    /// Operating hours on the station's clock; outside them the screen is dark but for one dim
    /// line saying them.
    pub hours: Option<(NaiveTime, NaiveTime)>,
    pub board_interval_secs: u64,
    /// The colours (`mono` for none).
    pub theme: railtop_core::config::Theme,
    /// At most this many departures (all that fit the pages without it).
    pub limit: Option<usize>,
    /// Only departures leaving within this many minutes.
    pub within_minutes: Option<i64>,
    /// Only these platforms (planned or actual; as written, case aside).
    pub platforms: Vec<String>,
    /// Only these lines (`IC`, `S1`; a train code's first word counts too; case aside).
    pub lines: Vec<String>,
    pub clock: ClockStyle,
    /// Said as lines for a screen reader, not drawn (`board --screen-reader`): the stations
    /// change by key only, never by themselves.
    pub screen_reader: bool,
    /// The board's own words in one language, or two taking turns page by page (`--lang fi,en`:
    /// each page in Finnish, then in English).
    pub langs: railtop_i18n::Langs,
}

/// How times are written on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ClockStyle {
    /// 12-hour for stations in countries whose clocks read so (the United States), else 24-hour.
    #[default]
    Auto,
    #[value(name = "24h")]
    H24,
    #[value(name = "12h")]
    H12,
}

/// Countries whose public clocks are 12-hour (of the API's nineteen).
const TWELVE_HOUR_COUNTRIES: &[&str] = &["united-states", "malaysia", "egypt"];

/// Departures leaving within this many minutes show a countdown ("in 3 min").
pub(crate) const COUNTDOWN_MINUTES: i64 = 60;

impl Default for KioskSettings {
    fn default() -> Self {
        KioskSettings {
            rotate_secs: 20,
            page_secs: 8,
            walks: Walks::default(),
            hours: None,
            board_interval_secs: railtop_core::config::defaults::BOARD_INTERVAL_SECS,
            theme: railtop_core::config::Theme::Color,
            limit: None,
            within_minutes: None,
            platforms: Vec::new(),
            lines: Vec::new(),
            clock: ClockStyle::Auto,
            screen_reader: false,
            langs: railtop_i18n::Langs::default(),
        }
    }
}

impl KioskSettings {
    pub fn theme(&self) -> crate::screen::theme::Theme {
        crate::screen::theme::Theme::of(self.theme)
    }
}

/// `13:05` as a 12-hour clock reads it: `1:05 PM` (other text is kept as it is).
pub(crate) fn twelve_hour(hhmm: &str) -> String {
    match railtop_core::traveller::clock_time(hhmm) {
        Some(t) => t.format("%-I:%M %p").to_string(),
        None => hhmm.to_string(),
    }
}

#[derive(Debug)]
pub struct KioskState {
    pub settings: KioskSettings,
    pub attribution: String,
    pub is_demo: bool,
    pub now: DateTime<Utc>,
    /// `RAILTOP_NOW` holds the clock still: the board says so under its date.
    pub fixed_clock: bool,
    /// A viewer chose this station (`ssh TPE@host`): it stays, and the footer names the next
    /// one as a key (→), not as what comes.
    pub held: bool,
    pub size: (u16, u16),
    /// Each board's key (a station as typed, or several, with their kind and route).
    pub stations: Vec<String>,
    /// Departures or arrivals (every board of a kiosk is the same kind).
    pub kind: Kind,
    /// The route every board is kept to (the footer says it).
    pub route: railtop_core::traveller::Route,
    /// Each station's name and clock as the directory knows them: shown until its board's
    /// first answer says (so a screen never starts on a raw code and UTC).
    pub known: Vec<Option<(String, Option<Tz>)>>,
    /// Each station's country, as the directory knows it: whose credit to show before an answer.
    countries: Vec<Option<&'static railtop_core::country::Country>>,
    pub boards: Vec<Polled<DeparturesResponse>>,
    /// Index of the station on screen.
    pub current: usize,
    pub shown_since: DateTime<Utc>,
    pub page: usize,
    pub page_since: DateTime<Utc>,
    /// How many times this page has been shown in turn: with two languages, each page shows in
    /// the first, then in the second, before the next page.
    pub lang_turn: usize,
    pub should_quit: bool,
}

/// Operating hours that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BadHours {
    #[error("{0:?} is not HH:MM-HH:MM, such as 05:00-01:00")]
    Unreadable(String),
    #[error("{0:?} opens and closes at the same time, so the screen would stay blank; leave out --hours to show the board all day")]
    Empty(String),
}

/// Parses `05:00-01:00` (the end may pass midnight); equal ends are refused.
pub fn parse_hours(s: &str) -> Result<(NaiveTime, NaiveTime), BadHours> {
    let bad = || BadHours::Unreadable(s.to_string());
    let (a, b) = s.split_once('-').ok_or_else(bad)?;
    let t = |x: &str| NaiveTime::parse_from_str(x.trim(), "%H:%M").map_err(|_| bad());
    let (open, close) = (t(a)?, t(b)?);
    if open == close {
        return Err(BadHours::Empty(s.to_string()));
    }
    Ok((open, close))
}

pub(crate) use railtop_core::traveller::leaves_in;

/// The walks as the footer says them: "5 min walk", or "walk Helsinki 3 min, Pasila 7 min".
fn walks_text(walks: &Walks, lang: Lang) -> String {
    if walks.each.is_empty() {
        return tr!(lang, "walk-all", n = walks.all);
    }
    let each: Vec<String> = walks
        .each
        .iter()
        .map(|(p, m)| tr!(lang, "walk-one", station = p.name.clone(), n = *m))
        .collect();
    railtop_core::text::cleaned(&tr!(lang, "walk-each", walks = each.join(", ")))
}

impl KioskState {
    /// The kiosk of these stations: one board each, one station or several merged; a board's
    /// answers are filed under its key ([`TravelQuery::key`]).
    pub fn new(
        boards: &[TravelQuery],
        settings: KioskSettings,
        attribution: String,
        is_demo: bool,
        now: DateTime<Utc>,
    ) -> KioskState {
        let directory = railtop_core::stations::current();
        // One look-up a station (a viewer's board is made at each SSH login).
        let named: Vec<Vec<_>> = boards
            .iter()
            .map(|b| b.stations.iter().map(|s| directory.named(s)).collect())
            .collect();
        let first = |b: &TravelQuery| b.stations.first().cloned().unwrap_or_default();
        KioskState {
            boards: boards.iter().map(|_| Polled::default()).collect(),
            // The names of a board's stations, and the first one's clock.
            known: named
                .iter()
                .map(|entries| {
                    let names: Option<Vec<&str>> =
                        entries.iter().map(|e| e.map(|e| e.name.as_str())).collect();
                    let tz = entries
                        .first()
                        .copied()
                        .flatten()
                        .and_then(|e| railtop_core::country::by_slug(e.country))
                        .map(|c| c.tz);
                    names.map(|n| (n.join(" + "), tz))
                })
                .collect(),
            // The first station's country; for a `country:code` the directory does not list,
            // the country it names.
            countries: named
                .iter()
                .zip(boards)
                .map(|(entries, b)| {
                    let station = first(b);
                    entries
                        .first()
                        .copied()
                        .flatten()
                        .and_then(|e| railtop_core::country::by_slug(e.country))
                        .or_else(|| {
                            let (country, _) = station.split_once(':')?;
                            railtop_core::country::by_slug(country)
                        })
                })
                .collect(),
            kind: boards.first().map_or(Kind::Departures, |b| b.kind),
            route: boards.first().map(|b| b.route.clone()).unwrap_or_default(),
            stations: boards.iter().map(TravelQuery::key).collect(),
            settings,
            attribution,
            is_demo,
            now,
            fixed_clock: false,
            held: false,
            size: (80, 24),
            current: 0,
            shown_since: now,
            page: 0,
            page_since: now,
            lang_turn: 0,
            should_quit: false,
        }
    }

    /// Takes the boards someone else keeps (the SSH server's shared poller).
    pub(crate) fn set_boards(&mut self, boards: &[Polled<DeparturesResponse>]) {
        if boards.len() == self.stations.len() {
            self.boards.clone_from_slice(boards);
            self.page = self.page.min(self.pages() - 1);
        }
    }

    pub fn board(&self) -> &Polled<DeparturesResponse> {
        &self.boards[self.current]
    }

    /// Whether the board shown is simulated: the source says so, or its answer does (a remote
    /// server reading the demo), so a public screen never shows simulated trains unlabelled.
    pub fn simulated(&self) -> bool {
        self.is_demo || self.board().data.as_ref().is_some_and(|b| b.simulated)
    }

    /// The credit of the board shown: its answer's own (a remote server passes on the feed's
    /// licence line), else the source's.
    /// The board's own credit; before (or without) an answer, the source's, narrowed to the
    /// station's country where the source credits each country ("Finland: Fintraffic …" rather
    /// than all seventeen feeds).
    pub fn attribution(&self) -> std::borrow::Cow<'_, str> {
        if let Some(own) = self
            .board()
            .data
            .as_ref()
            .and_then(|b| b.attribution.as_deref())
            .filter(|a| !a.trim().is_empty())
        {
            return own.into();
        }
        let country = self.countries.get(self.current).copied().flatten();
        let narrowed = country.and_then(|c| {
            let prefix = format!("{}: ", c.name);
            self.attribution
                .split(" · ")
                .find(|part| part.starts_with(&prefix))
        });
        // Borrowed: this is drawn every frame, for every SSH viewer.
        std::borrow::Cow::Borrowed(narrowed.unwrap_or(&self.attribution))
    }

    /// The station's clock: its board says which zone; until it does, the directory's zone for
    /// the station; UTC only for a station neither knows.
    pub fn tz(&self) -> Tz {
        self.board()
            .data
            .as_ref()
            .and_then(|b| b.station.timezone.as_deref())
            .and_then(|z| z.parse().ok())
            .or_else(|| self.known.get(self.current)?.as_ref()?.1)
            .unwrap_or(Tz::UTC)
    }

    /// The name of station `i`: its board's, else the directory's, else the code as given.
    pub(crate) fn station_name(&self, i: usize) -> String {
        self.boards
            .get(i)
            .and_then(|b| b.data.as_ref())
            .map(|b| b.station.name.clone())
            .filter(|n| !n.is_empty())
            .or_else(|| Some(self.known.get(i)?.as_ref()?.0.clone()))
            .unwrap_or_else(|| self.stations.get(i).cloned().unwrap_or_default())
    }

    pub(crate) fn local_now(&self) -> NaiveTime {
        self.now.with_timezone(&self.tz()).time()
    }

    /// Outside operating hours the screen is dark (one dim line says the hours).
    pub(crate) fn is_closed(&self) -> bool {
        let Some((open, close)) = self.settings.hours else {
            return false;
        };
        let t = self.local_now();
        if open <= close {
            t < open || t >= close
        } else {
            t >= close && t < open // the day passes midnight
        }
    }

    /// Whether the board's times are written on a 12-hour clock.
    pub(crate) fn twelve_hour(&self) -> bool {
        match self.settings.clock {
            ClockStyle::H12 => true,
            ClockStyle::H24 => false,
            ClockStyle::Auto => {
                let country = self
                    .board()
                    .data
                    .as_ref()
                    .and_then(|b| b.station.country.clone())
                    .or_else(|| {
                        let station = self.stations.get(self.current)?;
                        station.split_once(':').map(|(c, _)| c.to_string())
                    });
                // Before the first answer, the directory's clock for the station says it.
                country.is_some_and(|c| TWELVE_HOUR_COUNTRIES.contains(&c.as_str()))
                    || self.tz() == railtop_core::country::UNITED_STATES.tz
            }
        }
    }

    /// Minutes until `d` leaves (its expected time, else its scheduled one).
    #[cfg(test)]
    pub(crate) fn minutes_to(&self, d: &Departure) -> Option<i64> {
        leaves_in(d, self.local_now())
    }

    /// The departures the board shows: still to come and reachable on foot, of the platforms and
    /// lines asked for, within the time asked for, at most the number asked for.
    pub fn visible(&self) -> Vec<&Departure> {
        let Some(board) = &self.board().data else {
            return Vec::new();
        };
        let s = &self.settings;
        // The station's clock, read once for every departure.
        let now = self.local_now();
        let one_of = |list: &[String], value: Option<&str>| {
            list.is_empty()
                || value.is_some_and(|v| list.iter().any(|x| x.eq_ignore_ascii_case(v.trim())))
        };
        let mut shown: Vec<&Departure> = board
            .departures
            .iter()
            .filter(|d| {
                let walk = s.walks.of_row(d, &board.station.name);
                leaves_in(d, now).is_none_or(|m| {
                    m >= walk.max(0)
                        && (d.cancelled || m >= 0)
                        && s.within_minutes.is_none_or(|w| m <= w)
                })
            })
            .filter(|d| {
                one_of(&s.platforms, d.platform.as_deref())
                    || one_of(&s.platforms, d.planned_platform.as_deref())
            })
            .filter(|d| {
                let first_word = d
                    .train_code
                    .as_deref()
                    .and_then(|c| c.split_whitespace().next());
                one_of(&s.lines, Some(&d.line)) || one_of(&s.lines, first_word)
            })
            .collect();
        if let Some(n) = s.limit {
            shown.truncate(n);
        }
        shown
    }

    /// Rows of departures that fit under the header (see `layout`).
    pub(crate) fn rows_per_page(&self) -> usize {
        layout::rows_per_page(self.size.1, self.has_messages())
    }

    /// Whether a ticker line is shown (cheap: no text is built; asked every tick). Not on short
    /// screens, whose few rows are for departures.
    pub(crate) fn has_messages(&self) -> bool {
        self.size.1 >= layout::TICKER_MIN_HEIGHT
            && (!self.notices().is_empty() || self.visible().iter().any(|d| !d.messages.is_empty()))
    }

    /// What the feed says of the station itself (a lift out of order, works): the board's
    /// notices, shown in the ticker before the trains' messages.
    fn notices(&self) -> &[String] {
        self.board()
            .data
            .as_ref()
            .map_or(&[], |b| b.notices.as_slice())
    }

    /// The feed's messages about the departures still to come, one at a time: each shows for a
    /// page's time, in turn (on the wall clock, so every screen of a station agrees).
    pub(crate) fn ticker(&self) -> Option<String> {
        if self.size.1 < layout::TICKER_MIN_HEIGHT {
            return None;
        }
        let mut seen = self.ticker_messages();
        if seen.is_empty() {
            return None;
        }
        let turn = self.now.timestamp().max(0) as u64 / self.settings.page_secs.max(1);
        Some(seen.swap_remove((turn % seen.len() as u64) as usize))
    }

    /// Every message the ticker says in turn: the station's notices, then each train's
    /// (`08:38 IC Tampere: …`), each once.
    pub(crate) fn ticker_messages(&self) -> Vec<String> {
        let mut seen: Vec<String> = self.notices().iter().map(|n| format!("! {n}")).collect();
        seen.dedup();
        for d in self.visible() {
            for m in &d.messages {
                let time = if self.twelve_hour() {
                    twelve_hour(&d.scheduled_dep)
                } else {
                    d.scheduled_dep.clone()
                };
                // `+1` past midnight, as the rows say it.
                let time =
                    time + railtop_core::traveller::day_mark(&d.scheduled_dep, self.local_now());
                let line = format!("{time} {} {}: {m}", d.line, d.destination);
                if !seen.contains(&line) {
                    seen.push(line);
                }
            }
        }
        seen
    }

    /// The filters in force, as the footer names them: "lines IC, S1", "platforms 3, 4",
    /// "within 2 h", "5 min walk".
    pub(crate) fn filters(&self) -> Vec<String> {
        let s = &self.settings;
        let lang = self.lang();
        let mut out = Vec::new();
        if self.kind == Kind::Arrivals {
            out.push(lang.t("filter-arrivals").to_string());
        }
        if !self.route.is_empty() {
            out.push(railtop_core::text::cleaned(
                &self.route.described_in(self.kind, lang),
            ));
        }
        if !s.lines.is_empty() {
            out.push(railtop_core::text::cleaned(&tr!(
                lang,
                "filter-lines",
                lines = s.lines.join(", ")
            )));
        }
        if !s.platforms.is_empty() {
            out.push(railtop_core::text::cleaned(&tr!(
                lang,
                "filter-platforms",
                platforms = s.platforms.join(", ")
            )));
        }
        if let Some(m) = s.within_minutes {
            out.push(match m {
                m if m % 60 == 0 => tr!(lang, "filter-within-hours", n = m / 60),
                m => tr!(lang, "filter-within-minutes", n = m),
            });
        }
        if !s.walks.is_empty() {
            out.push(walks_text(&s.walks, lang));
        }
        if let Some(n) = s.limit {
            out.push(tr!(lang, "filter-first", n = n));
        }
        out
    }

    /// The language the board speaks now: a screen reader hears the first only (the same
    /// board said twice would be heard twice).
    pub fn lang(&self) -> railtop_i18n::Lang {
        if self.settings.screen_reader {
            self.settings.langs.first
        } else {
            self.settings.langs.at(self.lang_turn)
        }
    }

    /// Pages of the board shown (one on a screen too small to draw it: nothing turns unseen).
    pub fn pages(&self) -> usize {
        if layout::too_small(self.size.0, self.size.1) {
            return 1;
        }
        self.visible().len().div_ceil(self.rows_per_page()).max(1)
    }
}

pub fn update(state: &mut KioskState, action: Event) {
    match action {
        Event::Tick(now) => {
            state.now = now;
            let elapsed = |since: DateTime<Utc>| (now - since).num_seconds().max(0) as u64;
            // The rule: a station's turn lasts `rotate`, whatever page it is on; within it the
            // pages turn every `page` (pages past rotate ÷ page wait for the next turn).
            if state.stations.len() > 1
                && elapsed(state.shown_since) >= state.settings.rotate_secs.max(1)
            {
                show(state, (state.current + 1) % state.stations.len());
            } else if elapsed(state.page_since) >= state.settings.page_secs.max(1) {
                // Two languages: the page shows again in the other before the next one.
                state.lang_turn = (state.lang_turn + 1) % state.settings.langs.count();
                if state.lang_turn == 0 {
                    state.page = (state.page + 1) % state.pages();
                }
                state.page_since = now;
            }
        }
        Event::Resize(w, h) => {
            state.size = (w, h);
            state.page = state.page.min(state.pages() - 1);
        }
        Event::Key(key) if key.kind != KeyEventKind::Release => match key.code {
            KeyCode::Char('q') => state.should_quit = true,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                state.should_quit = true
            }
            KeyCode::Right if state.stations.len() > 1 => {
                show(state, (state.current + 1) % state.stations.len())
            }
            KeyCode::Left if state.stations.len() > 1 => show(
                state,
                (state.current + state.stations.len() - 1) % state.stations.len(),
            ),
            _ => {}
        },
        Event::Answer(Answer::Board {
            station,
            result,
            at,
        }) => {
            let interval = state.settings.board_interval_secs;
            let stations = &state.stations;
            if record_board(&mut state.boards, stations, &station, result, at, interval)
                == Some(state.current)
            {
                state.page = state.page.min(state.pages() - 1);
            }
        }
        _ => {}
    }
}

/// Files one answer under its station (the kiosk's own state, or the boards an SSH server shares
/// with every viewer); returns the station's index, or `None` for a station not on the list.
pub fn record_board(
    boards: &mut [Polled<DeparturesResponse>],
    stations: &[String],
    station: &str,
    result: Result<Arc<DeparturesResponse>, Failure>,
    at: DateTime<Utc>,
    interval_secs: u64,
) -> Option<usize> {
    let i = stations.iter().position(|s| s == station)?;
    let feed = boards.get_mut(i)?;
    match result {
        Ok(board) => feed.succeed(board, at, interval_secs),
        Err(e) => feed.fail(e, at, interval_secs),
    }
    Some(i)
}

impl KioskState {
    /// Shows `station` and stays on it (a viewer who chose it, `ssh TPE@host`): the rotation
    /// stops; ← → still switch.
    pub(crate) fn hold(&mut self, station: usize) {
        if station < self.stations.len() {
            show(self, station);
            self.settings.rotate_secs = u64::MAX;
            self.held = true;
        }
    }
}

fn show(state: &mut KioskState, station: usize) {
    state.current = station;
    state.shown_since = state.now;
    state.page = 0;
    state.page_since = state.now;
    state.lang_turn = 0;
}

/// The answer a test or the demo hands in.
pub fn board_action(station: &str, board: DeparturesResponse, at: DateTime<Utc>) -> Event {
    Event::Answer(Answer::Board {
        station: station.into(),
        result: Ok(Arc::new(board)),
        at,
    })
}
