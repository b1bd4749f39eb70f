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
use railtop_core::model::{status, Train};

/// What the dashboard says now.
pub(crate) fn of(state: &AppState) -> Spoken {
    let board = state.board.answer.data.as_deref();
    let name = board.map_or_else(String::new, |b| b.station.name.clone());
    let (board_heading, towards) = spoken::board_heading(state.board.kind, &name);
    let (heading, items) = match board {
        Some(b) => (
            board_heading,
            b.departures
                .iter()
                .map(|d| spoken::departure_item(d, towards))
                .collect(),
        ),
        None => (
            format!(
                "railtop, {}",
                Countries::name(state.countries.selected.as_deref(), railtop_i18n::Lang::En)
            ),
            Vec::new(),
        ),
    };
    let focus = match (&state.overlay, state.focus) {
        (Some(Overlay::Help), _) => Some(help_sentence(state)),
        (Some(Overlay::Details), _) => state.details_train().map(|t| details_sentence(state, t)),
        (Some(Overlay::Search(search)), _) => Some(search_sentence(search)),
        (None, Pane::Trains) => state.trains.selected().map(train_sentence),
        (None, Pane::Board) => board.and_then(|b| {
            b.departures
                .get(state.board.offset)
                .map(|d| spoken::departure_item(d, towards).sentence)
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
            .map(|e| format!("The board cannot be fetched: {e}")),
        when_empty: Some(if state.board.station.is_some() {
            "its station's board is on its way.".into()
        } else {
            "no board yet: b chooses a station, whose board is then read here.".into()
        }),
        // Always a sentence, so the panes keep their keys.
        focus: Some(focus.unwrap_or_else(|| "nothing selected".into())),
    }
}

/// A train of the list: "IC 27 to Tampere, running, 5 minutes late, next Pasila".
fn train_sentence(t: &Train) -> String {
    let mut s = t.train_code.clone();
    if let Some(to) = &t.to {
        s.push_str(&format!(" to {to}"));
    }
    let state = match t.status.as_str() {
        status::RUNNING => "running",
        status::SCHEDULED => "scheduled",
        status::ARRIVED => "arrived",
        status::CANCELLED => "cancelled",
        other => other,
    };
    s.push_str(&format!(", {state}"));
    if t.status != status::CANCELLED {
        s.push_str(&format!(", {}", spoken::delay_words(t.delay)));
    }
    if let Some(next) = &t.next_station {
        s.push_str(&format!(", next {next}"));
    }
    s
}

/// The country the selector is on: "Finland, 97 trains".
fn country_sentence(state: &AppState) -> String {
    let selector = state.countries.selector();
    let at = selector
        .get(state.countries.selector_index())
        .cloned()
        .flatten();
    let name = Countries::name(at.as_deref(), railtop_i18n::Lang::En);
    let trains = state
        .countries
        .status
        .get(at.as_deref().unwrap_or_default())
        .and_then(|s| s.trains);
    match trains {
        Some(1) => format!("{name}, 1 train"),
        Some(n) => format!("{name}, {n} trains"),
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
    let lines = help_lines(state);
    let at = state.help_offset.min(lines.len().saturating_sub(1));
    match lines.get(at) {
        Some(line) => format!("help, {} of {}: {line}", at + 1, lines.len()),
        None => "help".into(),
    }
}

/// A train's details: the train in one sentence with where it is, then, as the arrows move
/// through its journey, one stop at a time ("stop 3 of 12: Pasila, 10:42, 2 minutes late,
/// passed").
fn details_sentence(state: &AppState, t: &Train) -> String {
    let journey = state.shown_journey().and_then(|j| j.data.as_deref());
    let stops = journey.map_or(&[][..], |j| j.stops.as_slice());
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
            let mut s = format!("stop {} of {}: {}", i + 1, stops.len(), stop.name);
            if let Some(time) = time {
                s.push_str(&format!(", {time}"));
            }
            if let Some(p) = &stop.platform {
                s.push_str(&format!(", platform {p}"));
            }
            if stop.cancelled {
                s.push_str(", cancelled");
            } else {
                s.push_str(&format!(", {}", spoken::delay_words(stop.delay)));
                if stop.passed {
                    s.push_str(", passed");
                }
            }
            s
        }
        None => {
            let mut s = format!("details: {}", train_sentence(t));
            if let Some(p) = &t.platform {
                s.push_str(&format!(", platform {p}"));
            }
            if let Some(place) = whereabouts(t, journey) {
                s.push_str(&format!(", {place}"));
            }
            for m in &t.messages {
                s.push_str(&format!(". {m}"));
            }
            if !stops.is_empty() {
                s.push_str(&format!(
                    ". Its journey has {} stops: the down arrow reads them.",
                    stops.len()
                ));
            }
            s
        }
    }
}

/// Where a train is, in words: "between Pasila and Tikkurila" from its journey (the last stop
/// passed and the next), else "next stop Tikkurila" from the list.
fn whereabouts(
    t: &Train,
    journey: Option<&railtop_core::model::JourneyResponse>,
) -> Option<String> {
    let between = journey.filter(|j| j.train.id == t.id).and_then(|j| {
        let next = j.next_stop()?;
        let last = j.stops[..next].iter().rev().find(|s| s.passed)?;
        Some(format!(
            "between {} and {}",
            last.name,
            j.stops.get(next)?.name
        ))
    });
    between.or_else(|| t.next_station.as_ref().map(|n| format!("next stop {n}")))
}

/// The station search as typed: "station search, typed tam: 3 matches; 1 of 3: Tampere,
/// TPE, finland".
fn search_sentence(search: &StationSearch) -> String {
    let typed = if search.input.trim().is_empty() {
        "nothing typed yet".to_string()
    } else {
        format!("typed {}", search.input.trim())
    };
    let mut s = format!("station search, {typed}");
    match search.matches.get(search.selected) {
        Some(m) => s.push_str(&format!(
            ": {} {}; {} of {}: {}, {}, {}",
            search.matches.len(),
            if search.matches.len() == 1 {
                "match"
            } else {
                "matches"
            },
            search.selected + 1,
            search.matches.len(),
            m.name,
            m.code,
            m.country
        )),
        None if !search.input.trim().is_empty() => {
            s.push_str(": no match; Enter asks the source for it")
        }
        None => {}
    }
    s
}

/// The map in words: how many trains it places, how many are late, the latest.
fn map_sentence(state: &AppState) -> String {
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
    let mut s = format!("the map: {} trains with a position", placed.len());
    if let Some(worst) = late.iter().max() {
        s.push_str(&format!(
            ", {} at least 5 minutes late, the most {}",
            late.len(),
            spoken::delay_words(Some(*worst))
        ));
    }
    // The selected train, placed between its stops where its journey is known.
    if let Some(t) = state.trains.selected() {
        let place = whereabouts(t, state.selected_journey())
            .or_else(|| t.has_position().then(|| "with a position".to_string()));
        if let Some(place) = place {
            s.push_str(&format!(
                "; the selected train, {}, is {place}",
                t.train_code
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
            train_sentence(&t),
            "IC 27 to Tampere, running, 5 minutes late, next Pasila"
        );
        let cancelled = Train {
            status: status::CANCELLED.into(),
            next_station: None,
            ..t
        };
        assert_eq!(train_sentence(&cancelled), "IC 27 to Tampere, cancelled");
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
            whereabouts(&t, Some(&journey)).as_deref(),
            Some("between Pasila and Tikkurila")
        );
        // Another train's journey, or none: the list's next stop.
        journey.train.id = "2".into();
        assert_eq!(
            whereabouts(&t, Some(&journey)).as_deref(),
            Some("next stop Tikkurila")
        );
        assert_eq!(
            whereabouts(&t, None).as_deref(),
            Some("next stop Tikkurila")
        );
    }
}
