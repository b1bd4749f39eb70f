//! The dashboard as the screen-reader mode says it (`crate::screen::spoken`): the board shown is
//! what is followed — said whole when it arrives or changes, then each change once — and the
//! panes keep their keys, each move saying the row the cursor is on as one sentence: a train
//! ("IC 27 to Tampere, running, 5 minutes late, next Pasila"), a departure, a country ("Finland,
//! 97 trains"), or the map as a summary ("the map: 87 trains with a position, 12 late, the most
//! 26 minutes", and where the selected train is: "between Pasila and Tikkurila"). A window
//! open is what the keys move in: the help is read a line at a time, a train's details as one
//! sentence and its journey a stop at a time, the station search as typed with its matches.

use super::app::{AppState, Overlay, Pane};
use super::pane::countries::Countries;
use super::search::StationSearch;
use crate::screen::spoken::{self, Spoken};
use railtop_core::model::{status, JourneyResponse, Train};
use railtop_i18n::{tr, Lang};

/// What the dashboard says now, in its language.
pub(crate) fn of(state: &AppState) -> Spoken {
    let lang = state.settings.lang;
    let kind = state.board.kind;
    let board = state.board.answer.data.as_deref();
    let (heading, items) = match board {
        Some(b) => (
            spoken::board_heading(kind, &b.station.name, lang),
            b.departures
                .iter()
                .map(|d| spoken::departure_item(d, kind, lang))
                .collect(),
        ),
        None => (
            format!(
                "railtop, {}",
                Countries::name(state.countries.selected.as_deref(), lang)
            ),
            Vec::new(),
        ),
    };
    let focus = match (&state.overlay, state.focus) {
        (Some(Overlay::Help), _) => Some(help_sentence(state)),
        (Some(Overlay::Details), _) => state.details_train().map(|t| details_sentence(state, t)),
        (Some(Overlay::Search(search)), _) => Some(search_sentence(search, lang)),
        (None, Pane::Trains) => state.trains.selected().map(|t| train_sentence(t, lang)),
        (None, Pane::Board) => board.and_then(|b| {
            b.departures
                .get(state.board.offset)
                .map(|d| spoken::departure_item(d, kind, lang).sentence)
        }),
        (None, Pane::Countries) => Some(country_sentence(state)),
        (None, Pane::Map) => Some(map_sentence(state)),
    };
    Spoken {
        heading,
        items,
        status: state
            .board
            .answer
            .error
            .as_ref()
            .map(|e| tr!(lang, "spoken-board-failed", error = e.to_string())),
        when_empty: Some(
            lang.t(if state.board.station.is_some() {
                "spoken-board-coming"
            } else {
                "spoken-no-board"
            })
            .into(),
        ),
        // Always a sentence, so the panes keep their keys.
        focus: Some(focus.unwrap_or_else(|| lang.t("spoken-nothing-selected").into())),
        lang,
    }
}

/// A train of the list: "IC 27 to Tampere, running, 5 minutes late, next Pasila".
fn train_sentence(t: &Train, lang: Lang) -> String {
    let mut s = match &t.to {
        Some(to) => tr!(
            lang,
            "spoken-train-to",
            train = t.train_code.clone(),
            place = to.clone()
        ),
        None => t.train_code.clone(),
    };
    let state = match t.status.as_str() {
        status::RUNNING => lang.t("train-running"),
        status::SCHEDULED => lang.t("train-scheduled"),
        status::ARRIVED => lang.t("train-arrived"),
        status::CANCELLED => lang.t("spoken-cancelled"),
        other => other,
    };
    s.push_str(&format!(", {state}"));
    if t.status != status::CANCELLED {
        s.push_str(&format!(", {}", spoken::delay_words(t.delay, lang)));
    }
    if let Some(next) = &t.next_station {
        s.push_str(&format!(
            ", {}",
            tr!(lang, "spoken-next", station = next.clone())
        ));
    }
    s
}

/// The country the selector is on: "Finland, 97 trains".
fn country_sentence(state: &AppState) -> String {
    let lang = state.settings.lang;
    let selector = state.countries.selector();
    let at = selector
        .get(state.countries.selector_index())
        .cloned()
        .flatten();
    let name = Countries::name(at.as_deref(), lang);
    let trains = state
        .countries
        .status
        .get(at.as_deref().unwrap_or_default())
        .and_then(|s| s.trains);
    match trains {
        Some(n) => format!("{name}, {}", tr!(lang, "header-trains", n = n)),
        None => name,
    }
}

/// The help window's lines as read one at a time: "q, Ctrl-C: quit"; a heading alone.
pub(crate) fn help_lines(state: &AppState) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in crate::tui::help::lines(state, 400) {
        match (line.label.trim(), line.text.trim()) {
            ("", "") => {}
            // A meaning's further lines belong to the line before.
            ("", more) => {
                if let Some(last) = out.last_mut() {
                    last.push(' ');
                    last.push_str(more);
                }
            }
            (label, "") => out.push(label.to_string()),
            (label, text) => out.push(format!("{label}: {text}")),
        }
    }
    out
}

/// The help window, at the line the arrows are on: "help, 3 of 40: ↑ ↓ (k j): move in the
/// focused pane".
fn help_sentence(state: &AppState) -> String {
    let lang = state.settings.lang;
    let lines = help_lines(state);
    let at = state.help_offset.min(lines.len().saturating_sub(1));
    match lines.get(at) {
        Some(line) => tr!(
            lang,
            "spoken-help-line",
            at = at + 1,
            n = lines.len(),
            line = line.clone()
        ),
        None => lang.t("spoken-help").into(),
    }
}

/// A train's details: the train in one sentence with where it is, then, as the arrows move
/// through its journey, one stop at a time ("stop 3 of 12: Pasila, 10:42, 2 minutes late,
/// passed").
fn details_sentence(state: &AppState, t: &Train) -> String {
    let lang = state.settings.lang;
    let journey = state.shown_journey().and_then(|j| j.data.as_deref());
    let stops = journey.map_or(&[][..], |j| j.stops.as_slice());
    let platform = |p: &String| tr!(lang, "spoken-platform", platform = p.clone());
    match state
        .details
        .scroll
        .and_then(|i| stops.get(i).map(|s| (i, s)))
    {
        Some((i, stop)) => {
            let time = stop
                .departure
                .expected
                .as_ref()
                .or(stop.departure.scheduled.as_ref())
                .or(stop.arrival.expected.as_ref())
                .or(stop.arrival.scheduled.as_ref());
            let mut s = tr!(
                lang,
                "spoken-stop",
                at = i + 1,
                n = stops.len(),
                station = stop.name.clone()
            );
            if let Some(time) = time {
                s.push_str(&format!(", {time}"));
            }
            if let Some(p) = &stop.platform {
                s.push_str(&format!(", {}", platform(p)));
            }
            if stop.cancelled {
                s.push_str(&format!(", {}", lang.t("spoken-cancelled")));
            } else {
                s.push_str(&format!(", {}", spoken::delay_words(stop.delay, lang)));
                if stop.passed {
                    s.push_str(&format!(", {}", lang.t("spoken-passed")));
                }
            }
            s
        }
        None => {
            let mut s = tr!(lang, "spoken-details", train = train_sentence(t, lang));
            if let Some(p) = &t.platform {
                s.push_str(&format!(", {}", platform(p)));
            }
            if let Some(place) = whereabouts(t, journey, lang) {
                s.push_str(&format!(", {place}"));
            }
            for m in &t.messages {
                s.push_str(&format!(". {m}"));
            }
            if !stops.is_empty() {
                s.push_str(&format!(
                    ". {}",
                    tr!(lang, "spoken-journey-stops", n = stops.len())
                ));
            }
            s
        }
    }
}

/// Where a train is, in words: "between Pasila and Tikkurila" from its journey (the last stop
/// passed and the next), else "next stop Tikkurila" from the list.
fn whereabouts(t: &Train, journey: Option<&JourneyResponse>, lang: Lang) -> Option<String> {
    let between = journey.filter(|j| j.train.id == t.id).and_then(|j| {
        let next = j.next_stop()?;
        let last = j.stops[..next].iter().rev().find(|s| s.passed)?;
        Some(tr!(
            lang,
            "spoken-between",
            from = last.name.clone(),
            to = j.stops.get(next)?.name.clone()
        ))
    });
    between.or_else(|| {
        t.next_station
            .as_ref()
            .map(|n| tr!(lang, "spoken-next-stop", station = n.clone()))
    })
}

/// The station search as typed: "station search, typed tam: 3 matches; 1 of 3: Tampere, TPE,
/// finland".
fn search_sentence(search: &StationSearch, lang: Lang) -> String {
    let typed = search.input.trim();
    let mut s = if typed.is_empty() {
        lang.t("spoken-search-empty").to_string()
    } else {
        tr!(lang, "spoken-search-typed", typed = typed.to_string())
    };
    match search.matches.get(search.selected) {
        Some(m) => s.push_str(&format!(
            ": {}",
            tr!(
                lang,
                "spoken-search-match",
                n = search.matches.len(),
                at = search.selected + 1,
                station = format!("{}, {}, {}", m.name, m.code, m.country)
            )
        )),
        None if !typed.is_empty() => s.push_str(&format!(": {}", lang.t("spoken-search-none"))),
        None => {}
    }
    s
}

/// The map in words: how many trains it places, how many are late, the latest, and where the
/// selected train is.
fn map_sentence(state: &AppState) -> String {
    let lang = state.settings.lang;
    let placed: Vec<&Train> = state
        .trains
        .all()
        .iter()
        .filter(|t| t.lat.is_some() && t.lng.is_some())
        .collect();
    let late: Vec<i64> = placed
        .iter()
        .filter_map(|t| t.delay)
        .filter(|d| *d >= 5)
        .collect();
    let mut s = tr!(lang, "spoken-map", n = placed.len());
    if let Some(worst) = late.iter().max() {
        s.push_str(&format!(
            ", {}",
            tr!(
                lang,
                "spoken-map-late",
                n = late.len(),
                worst = spoken::delay_words(Some(*worst), lang)
            )
        ));
    }
    // The selected train, placed between its stops where its journey is known.
    if let Some(t) = state.trains.selected() {
        if let Some(place) = whereabouts(t, state.selected_journey(), lang) {
            s.push_str(&format!(
                "; {}",
                tr!(
                    lang,
                    "spoken-map-selected",
                    train = t.train_code.clone(),
                    place = place
                )
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_train_in_one_sentence() {
        let t = Train {
            train_code: "IC 27".into(),
            to: Some("Tampere".into()),
            status: status::RUNNING.into(),
            delay: Some(5),
            next_station: Some("Pasila".into()),
            ..Train::default()
        };
        assert_eq!(
            train_sentence(&t, Lang::En),
            "IC 27 to Tampere, running, 5 minutes late, next Pasila"
        );
        let cancelled = Train {
            status: status::CANCELLED.into(),
            next_station: None,
            ..t
        };
        assert_eq!(
            train_sentence(&cancelled, Lang::En),
            "IC 27 to Tampere, cancelled"
        );
    }
}

#[cfg(test)]
mod whereabouts {
    use super::*;
    use railtop_core::model::{JourneyResponse, JourneyStop};

    #[test]
    fn a_train_is_placed_between_the_stop_it_passed_and_the_next() {
        let stop = |name: &str, passed: bool| JourneyStop {
            name: name.into(),
            passed,
            ..JourneyStop::default()
        };
        let t = Train {
            id: "1".into(),
            train_code: "IC 27".into(),
            next_station: Some("Tikkurila".into()),
            ..Train::default()
        };
        let mut journey = JourneyResponse {
            stops: vec![
                stop("Helsinki", true),
                stop("Pasila", true),
                stop("Tikkurila", false),
            ],
            ..JourneyResponse::default()
        };
        journey.train.id = "1".into();
        assert_eq!(
            whereabouts(&t, Some(&journey), Lang::En).as_deref(),
            Some("between Pasila and Tikkurila")
        );
        // Another train's journey, or none: the list's next stop.
        journey.train.id = "2".into();
        assert_eq!(
            whereabouts(&t, Some(&journey), Lang::En).as_deref(),
            Some("next stop Tikkurila")
        );
        assert_eq!(
            whereabouts(&t, None, Lang::En).as_deref(),
            Some("next stop Tikkurila")
        );
    }
}
