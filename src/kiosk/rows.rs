//! The board's rows as words, once for every face of the kiosk: the terminal draws them into its
//! grid (`view.rs`), the browser board writes them into its table (`web/`). What a row says —
//! its times on the station's clock (`00:05+1` past midnight, 12-hour where the station's clocks
//! are), its countdown, its status in the board's language, the marks — is decided here and
//! nowhere else; each face decides only how wide and in what colour.

use super::state::KioskState;
use crate::screen::theme::{platform_text, DelayClass};
use crate::screen::widgets::columns;
use crate::screen::widgets::stations::StationLabels;
use railtop_core::model::Departure;
use railtop_i18n::{tr, Lang};

/// One departure (or arrival) as the board says it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    /// The timetabled time, `+1` after it on the next day.
    pub time: String,
    /// The expected time where it differs from the timetable's (empty else, and when cancelled).
    pub expected: String,
    /// `in 3 min`, `now`, or empty (cancelled, or not within the countdown's hour).
    pub countdown: String,
    pub line: String,
    /// The train's number beside its line (`41` of `IC 41`), where the feed gives one.
    pub number: String,
    pub destination: String,
    /// The stops on the way, as the feed lists them.
    pub via: Vec<String>,
    /// The feed has a message about this train (the board marks it ` *`; the ticker says it).
    pub marked: bool,
    /// On a merged board, which station it leaves from, by what tells it from the others.
    pub station: String,
    /// `3→4` where it changed, else the platform known.
    pub platform: String,
    pub platform_changed: bool,
    /// In words: `on time`, `+7 min`, `cancelled`, `timetable`, `?` after a stale one.
    pub status: String,
    /// As symbols where words do not fit: `✓`, `+7′`, `✕`, `–`.
    pub status_symbol: String,
    pub class: DelayClass,
    pub cancelled: bool,
    pub operator: String,
}

/// `on time`, `+7 min`, `2 min early`, `cancelled`; `timetable` without realtime (the words
/// every screen uses for it), in `lang`.
pub(crate) fn status_words(d: &Departure, stale: bool, lang: Lang) -> String {
    let stale = stale || d.timing == Some(railtop_core::model::Timing::Stale);
    let text = match d.delay {
        _ if d.cancelled => return lang.t("status-cancelled").into(),
        // The feed has no realtime data for this train: its time is the timetable's.
        None => return lang.t("status-timetable").into(),
        Some(0) => lang.t("status-on-time").into(),
        Some(d) if d > 0 => tr!(lang, "status-late", n = d),
        Some(d) => tr!(lang, "status-early", n = d.saturating_neg()),
    };
    if stale {
        format!("{text} ?")
    } else {
        text
    }
}

/// The board's rows `rows` (a page of [`KioskState::visible`]) as words.
pub(crate) fn rows(state: &KioskState, rows: &[&Departure]) -> Vec<Row> {
    let lang = state.lang();
    let twelve = state.twelve_hour();
    let clock_text = |hhmm: &str| {
        if twelve {
            super::state::twelve_hour(hhmm)
        } else {
            hhmm.to_string()
        }
    };
    let now = state.local_now();
    let day = |hhmm: &str| railtop_core::traveller::day_mark(hhmm, now);
    let feed = state.board();
    let stale = feed.is_stale();
    let labels = station_labels(state);
    rows.iter()
        .map(|d| {
            let expected = match (&d.expected_dep, d.cancelled) {
                (Some(e), false) if *e != d.scheduled_dep => format!("{}{}", clock_text(e), day(e)),
                _ => String::new(),
            };
            let countdown = match super::state::leaves_in(d, now) {
                _ if d.cancelled => String::new(),
                Some(m) if m <= 0 => lang.t("countdown-now").to_string(),
                Some(m) if m <= super::state::COUNTDOWN_MINUTES => tr!(lang, "countdown-in", n = m),
                _ => String::new(),
            };
            Row {
                time: format!("{}{}", clock_text(&d.scheduled_dep), day(&d.scheduled_dep)),
                expected,
                countdown,
                line: d.line.clone(),
                number: columns::train_number(d).unwrap_or_default().to_string(),
                destination: d.destination.clone(),
                via: d.via.clone(),
                marked: !d.messages.is_empty(),
                station: labels
                    .of(d.departs_from.as_deref().unwrap_or_default())
                    .to_string(),
                platform: platform_text(d),
                platform_changed: matches!(
                    (&d.planned_platform, &d.platform),
                    (Some(p), Some(a)) if p != a
                ),
                status: status_words(d, stale, lang),
                status_symbol: columns::status(d, false, stale, lang),
                class: DelayClass::of(d.delay, d.cancelled),
                cancelled: d.cancelled,
                operator: d.operator.clone().unwrap_or_default(),
            }
        })
        .collect()
}

/// A merged board's stations by what tells them apart (`HB`, `Oerlikon`).
pub(crate) fn station_labels(state: &KioskState) -> StationLabels {
    StationLabels::new(
        state
            .board()
            .data
            .iter()
            .flat_map(|b| b.stations.iter().map(|s| s.name.as_str())),
    )
}

/// Whether any of `rows` has a time on the next day (its time columns widen for `+1`).
pub(crate) fn next_day(rows: &[Row]) -> bool {
    rows.iter()
        .any(|r| r.time.ends_with("+1") || r.expected.ends_with("+1"))
}
