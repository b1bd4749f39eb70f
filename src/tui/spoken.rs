//! The dashboard as the screen-reader mode says it (`crate::screen::spoken`): the board shown is
//! what is followed — said whole when it arrives or changes, then each change once — and the
//! panes keep their keys, each move saying the row the cursor is on as one sentence: a train
//! ("IC 27 to Tampere, running, 5 minutes late, next Pasila"), a departure, a country ("Finland,
//! 97 trains"), or the map as a summary ("the map: 87 trains with a position, 12 late, the most
//! 26 minutes").

use super::app::{AppState, Pane};
use super::pane::countries::Countries;
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
    let focus = match state.focus {
        Pane::Trains => state.trains.selected().map(train_sentence),
        Pane::Board => board.and_then(|b| {
            b.departures
                .get(state.board.offset)
                .map(|d| spoken::departure_item(d, towards).sentence)
        }),
        Pane::Countries => Some(country_sentence(state)),
        Pane::Map => Some(map_sentence(state)),
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
