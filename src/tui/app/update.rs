//! The dashboard's one transition, [`update`]: an event (a key, a click, the clock, an answer)
//! changes the state, and nothing else happens here. A key becomes a [`Command`] through the
//! keymap, then goes to the pane it is for.

use super::{AppState, Overlay, Pane};
use crate::refresh::{Answer, Event};
use crate::screen::Failure;
use crate::tui::keymap::Command;
use crate::tui::layout;
use crate::tui::mapview::{self, MapView};
use crate::tui::search::{Goal, StationSearch};
use chrono::{DateTime, Utc};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use railtop_core::model::RealtimeResponse;
use railtop_core::traveller::{Place, Route};
use railtop_i18n::tr;
use ratatui::layout::Rect;
use std::sync::Arc;

/// The one transition of the dashboard.
pub fn update(state: &mut AppState, action: Event) {
    match action {
        Event::Tick(now) => state.now = now,
        Event::Resize(w, h) => state.size = (w, h),
        Event::Key(key) => {
            let command = state.settings.keys.command(state.key_mode(), key);
            apply(state, command);
        }
        Event::Mouse(mouse) => click(state, mouse),
        Event::Answer(Answer::Realtime {
            country,
            result,
            at,
        }) => realtime_arrived(state, country, result, at),
        Event::Answer(Answer::Board {
            station,
            result,
            at,
        }) => {
            let interval = state.settings.board_interval_secs;
            state.board.arrived(&station, result, at, interval);
        }
        Event::Answer(Answer::Journey { id, result, at }) => {
            if state.journey_wanted() != Some(id.as_str()) {
                return; // the window closed, or shows another train
            }
            if let Ok(journey) = &result {
                state.map.learn_lines(journey);
            }
            let interval = state.settings.board_interval_secs;
            state.details.arrived(id, result, at, interval);
        }
        Event::Answer(Answer::Schedules(schedules)) => {
            // A timetable that just became ready names the trains its rows lacked: fetch again
            // now, not at the next interval (which showed `?` for a whole one).
            let newly_ready = schedules.iter().any(|s| {
                s.state == "ready"
                    && !state
                        .schedules
                        .iter()
                        .any(|before| before.feed == s.feed && before.state == "ready")
            });
            if newly_ready {
                state.generation += 1;
            }
            state.schedules = schedules;
        }
        Event::Answer(Answer::History { country, hours }) => {
            state.history = super::RecordedHours { country, hours };
        }
        Event::Answer(Answer::Stations { query, result }) => {
            if let Some(Overlay::Search(search)) = &mut state.overlay {
                search.answered(&query, result);
            }
        }
    }
    let height = state.trains_height();
    state.trains.list.keep_visible(height);
}

fn realtime_arrived(
    state: &mut AppState,
    country: Option<String>,
    result: Result<Arc<RealtimeResponse>, Failure>,
    at: DateTime<Utc>,
) {
    if country != state.countries.selected {
        return; // an answer for a country no longer selected
    }
    let (interval, on_time) = (state.settings.interval_secs, state.settings.on_time_minutes);
    match result {
        Ok(answer) => {
            state.countries.answered(country.as_deref(), &answer, at);
            state.trains.arrived(answer, at, interval, on_time);
        }
        Err(e) => {
            state.countries.failed(country.as_deref(), e.to_string());
            state.trains.failed(e, at, interval);
        }
    }
}

/// One command of the keymap: the windows take the moving keys first, then each command goes
/// to the pane it is for.
fn apply(state: &mut AppState, command: Command) {
    if scroll_window(state, &command) {
        return;
    }
    match command {
        Command::None => {}
        Command::Quit => state.should_quit = true,
        Command::NextCountry => state.step_country(1),
        Command::PrevCountry => state.step_country(-1),
        Command::Move(delta) => match state.focus {
            Pane::Trains => state.trains.move_by(delta),
            Pane::Countries => state.step_country(delta.signum()),
            Pane::Board => state.board.move_by(delta),
            // The map's own keys pan it (its mode); nothing moves here.
            Pane::Map => {}
        },
        Command::Page(pages) => {
            let page = state.trains_height().max(1) as isize;
            apply(state, Command::Move(pages * page));
        }
        Command::Top => apply(state, Command::Move(isize::MIN / 2)),
        Command::Bottom => apply(state, Command::Move(isize::MAX / 2)),
        Command::CycleFocus(forward) => cycle_focus(state, forward),
        Command::OpenSearch => {
            let search = StationSearch::new(
                state.countries.selected.as_deref(),
                state.searches_elsewhere,
                state.served.clone(),
            );
            state.overlay = Some(Overlay::Search(Box::new(
                search.with_pins(&state.memory.pinned),
            )));
        }
        Command::Pin => {
            let Some(station) = state.board_station() else {
                return;
            };
            // The station pinned is the board's own (the first of a merged board), and the
            // notice names that one, not "Helsinki + Pasila".
            let name = state.board.answer.data.as_ref().map_or_else(
                || station.clone(),
                |b| {
                    b.stations
                        .first()
                        .map_or_else(|| b.station.name.clone(), |s| s.name.clone())
                },
            );
            let lang = state.settings.lang;
            let text = if state.memory.toggle(&station) {
                tr!(lang, "notice-pinned", station = name)
            } else {
                tr!(lang, "notice-unpinned", station = name)
            };
            state.notice = Some((railtop_core::text::cleaned(&text), state.now));
        }
        Command::TurnBoard => {
            // The far end of a route is on the other side now: it is asked again.
            state.board.keep_to(Route::default());
            state.board.turn();
        }
        Command::RouteBoard if !state.board.route.is_empty() => {
            state.board.keep_to(Route::default());
        }
        Command::RouteBoard => open_picker(state, Goal::Route),
        Command::MergeBoard if state.board.station.is_some() => open_picker(state, Goal::Merge),
        Command::MergeBoard => {}
        Command::StartFilter => {
            state.focus = Pane::Trains;
            state.trains.list.filter_editing = true;
        }
        // A new filter shows its matches from the first: the list's top, not where it was.
        Command::FilterInput(c) => {
            state.trains.list.filter.push(c);
            state.trains.relist();
            state.trains.select_row(0);
        }
        Command::FilterBackspace => {
            state.trains.list.filter.pop();
            state.trains.relist();
            state.trains.select_row(0);
        }
        Command::FilterDone => state.trains.list.filter_editing = false,
        Command::FilterCancel => {
            state.trains.list.filter_editing = false;
            state.trains.list.filter.clear();
            state.trains.relist();
        }
        Command::Details if state.focus == Pane::Board => departure_details(state),
        Command::Details => {
            if state.trains.selected().is_some() {
                state.open_details();
            }
        }
        Command::ToggleCancelled => {
            state.trains.list.hide_cancelled = !state.trains.list.hide_cancelled;
            state.trains.relist();
        }
        Command::CycleSort => {
            state.trains.list.sort = state.trains.list.sort.next();
            state.trains.relist();
        }
        Command::ReverseSort => {
            state.trains.list.reversed = !state.trains.list.reversed;
            state.trains.relist();
        }
        Command::ToggleMap => toggle_map(state),
        Command::Refresh => state.generation += 1,
        Command::Help => {
            state.overlay = Some(Overlay::Help);
            state.help_offset = 0;
        }
        Command::Close if state.overlay.is_none() && !state.trains.list.filter.is_empty() => {
            apply(state, Command::FilterCancel)
        }
        Command::Close if state.overlay.is_none() && state.focus == Pane::Map => {
            state.map.full = false;
            state.focus = Pane::Trains;
        }
        Command::FullMap => {
            state.map.full = !state.map.full;
            state.focus = if state.map.full {
                Pane::Map
            } else {
                Pane::Trains
            };
        }
        Command::Zoom(closer) => state.map.zoom(closer),
        Command::Pan(east, north) => pan(state, east, north),
        Command::FitMap => state.map.view = MapView::fitted(),
        Command::Follow => follow(state),
        Command::Close => state.overlay = None,
        Command::Search(edit) => search(state, edit),
    }
}

/// Under the help window the moving keys scroll it (the view bounds the offset); under the
/// details window they scroll its journey, as far as its last stop in view. Whether they did.
fn scroll_window(state: &mut AppState, command: &Command) -> bool {
    let step = match *command {
        Command::Move(d) => d,
        Command::Page(p) => p.saturating_mul(10),
        _ => return false,
    };
    match state.overlay {
        // Said to a screen reader, the arrows go through every line and every stop, one at a
        // time (whatever a drawn window would show at once).
        Some(Overlay::Help) if state.settings.screen_reader => {
            let last = crate::tui::spoken::help_lines(state)
                .len()
                .saturating_sub(1);
            state.help_offset = state.help_offset.saturating_add_signed(step).min(last);
            true
        }
        Some(Overlay::Details) if state.settings.screen_reader => {
            let stops = state
                .shown_journey()
                .and_then(|j| j.data.as_ref())
                .map_or(0, |j| j.stops.len());
            // The first move reads the first stop.
            let at = match state.details.scroll {
                None => 0,
                Some(at) => at.saturating_add_signed(step),
            };
            state.details.scroll = (stops > 0).then(|| at.min(stops - 1));
            true
        }
        Some(Overlay::Help) => {
            let area = Rect::new(0, 0, state.size.0, state.size.1);
            let last = crate::tui::help::last_start(state, area);
            state.help_offset = state.help_offset.saturating_add_signed(step).min(last);
            true
        }
        Some(Overlay::Details) => {
            let from = state.journey_offset();
            let last = state.journey_last_start();
            state.details.scroll = Some(from.saturating_add_signed(step).min(last));
            true
        }
        _ => false,
    }
}

/// Tab and shift-tab: the next pane shown.
fn cycle_focus(state: &mut AppState, forward: bool) {
    let areas = state.areas();
    let order: Vec<Pane> = [Pane::Countries, Pane::Trains, Pane::Board, Pane::Map]
        .into_iter()
        .filter(|p| match p {
            Pane::Map => areas.map.is_some(),
            _ => !state.map.full,
        })
        .collect();
    let at = order.iter().position(|p| *p == state.focus).unwrap_or(0) as isize;
    let next = (at + if forward { 1 } else { -1 }).rem_euclid(order.len().max(1) as isize);
    state.focus = order.get(next as usize).copied().unwrap_or(Pane::Trains);
}

/// Enter on the board: the departure's train, from the list when it has it, else by the id
/// the board gave (its journey asked for).
fn departure_details(state: &mut AppState) {
    let Some(board) = state.board.answer.data.clone() else {
        return;
    };
    let Some(d) = board.departures.get(state.board.offset) else {
        return;
    };
    let trains = state.trains.all();
    let listed = state.trains.list.rows.iter().position(|&i| {
        let Some(t) = trains.get(i) else {
            return false;
        };
        match &d.train_id {
            Some(id) => t.id == *id,
            None => d
                .train_code
                .as_deref()
                .is_some_and(|c| t.train_code.eq_ignore_ascii_case(c)),
        }
    });
    match (listed, &d.train_id) {
        (Some(row), _) => {
            state.trains.select_row(row);
            state.open_details();
        }
        (None, Some(id)) => {
            let country = board
                .station
                .country
                .clone()
                .or(state.countries.selected.clone());
            let train = d.as_train(id.clone(), country, &board.station.name);
            state.open_departure_details(train);
        }
        (None, None) => {
            let name = d.train_code.as_deref().unwrap_or(&d.line);
            state.notice = Some((
                tr!(
                    state.settings.lang,
                    "notice-train-unknown",
                    train = name.to_string(),
                    destination = d.destination.clone()
                ),
                state.now,
            ));
        }
    }
}

/// `m`: the map beside the list, or not; a notice when the terminal has no room for it.
fn toggle_map(state: &mut AppState) {
    // Wanted but without room, `m` keeps it wanted (hiding a map nobody can see would look like
    // a key that does nothing); either way, a wanted map without room says why it is not there.
    let wanted_without_room = state.map.shown && !state.map.full && state.areas().map.is_none();
    if !wanted_without_room {
        state.map.shown = !state.map.shown && !state.map.full;
        state.map.full = false;
        if state.focus == Pane::Map {
            state.focus = Pane::Trains;
        }
    }
    if state.map.shown && state.areas().map.is_none() {
        let (w, h) = state.size;
        state.notice = Some((
            tr!(
                state.settings.lang,
                "notice-no-room-for-map",
                min_width = layout::MAP_WIDTH,
                min_height = layout::MAP_HEIGHT,
                width = w,
                height = h
            ),
            state.now,
        ));
    }
}

/// The arrows on the map: a share of what it shows, and it stops following the train.
fn pan(state: &mut AppState, east: i8, north: i8) {
    if let Some((_, x, y)) = state.map_viewport() {
        let (cx, cy) = ((x[0] + x[1]) / 2.0, (y[0] + y[1]) / 2.0);
        let step = mapview::PAN_SHARE;
        state.map.view.center = Some((
            cx + f64::from(east) * (x[1] - x[0]) * step,
            (cy + f64::from(north) * (y[1] - y[0]) * step).clamp(-85.0, 85.0),
        ));
        state.map.view.follow = false;
    }
}

/// `f`: the map follows the selected train, or stays where it was.
fn follow(state: &mut AppState) {
    if state.map.view.follow {
        // Stay where the train was.
        state.map.view.center = state.trains.selected_position();
        state.map.view.follow = false;
    } else if state.trains.selected_position().is_some() {
        state.map.view.follow = true;
    } else {
        state.notice = Some((
            state.settings.lang.t("notice-no-position").to_string(),
            state.now,
        ));
    }
}

/// The station picker, for a route's end or a station to add (the country's stations first).
fn open_picker(state: &mut AppState, goal: Goal) {
    let mut search = StationSearch::new(
        state.countries.selected.as_deref(),
        state.searches_elsewhere,
        state.served.clone(),
    );
    search.goal = goal;
    if goal == Goal::Merge {
        // A nearby station: nearest the board's first, the board's own never offered.
        let mut on_board: Vec<String> = state.board.station.iter().cloned().collect();
        on_board.extend(state.board.also.iter().cloned());
        search = search.beside(&on_board);
    }
    state.overlay = Some(Overlay::Search(Box::new(search)));
}

/// A key in the station picker; a picked station is shown on the board (a station of another
/// country takes the dashboard there).
fn search(state: &mut AppState, edit: crate::tui::search::SearchEdit) {
    let Some(Overlay::Search(search)) = &mut state.overlay else {
        return;
    };
    let Some(picked) = search.edit(edit) else {
        return;
    };
    let goal = search.goal;
    state.overlay = None;
    if goal == Goal::Merge {
        // Only a station the directory knows: a typed code that matched nothing would sit on
        // the board unseen (a board of several leaves out a station that does not answer).
        let Some(country) = picked.country else {
            // The list leaves out the board's own stations: one typed is already there.
            let directory = railtop_core::stations::current();
            let known = directory.named(&picked.code).map(|e| e.qualified());
            let on_board = |s: &String| directory.named(s).map(|e| e.qualified()) == known;
            let text = if known.is_some()
                && (state.board.station.iter().any(on_board)
                    || state.board.also.iter().any(on_board))
            {
                state.settings.lang.t("notice-already-shown").to_string()
            } else {
                tr!(
                    state.settings.lang,
                    "notice-no-such-station",
                    station = railtop_core::text::quoted(&picked.code)
                )
            };
            state.notice = Some((text, state.now));
            return;
        };
        if !state.board.merge_in(format!("{country}:{}", picked.code)) {
            let text = tr!(
                state.settings.lang,
                "notice-cannot-merge",
                n = railtop_core::model::MAX_MERGED
            );
            state.notice = Some((text, state.now));
        }
        return;
    }
    if goal == Goal::Route {
        let station = match picked.country {
            Some(country) => format!("{country}:{}", picked.code),
            None => picked.code,
        };
        let place = Place::new(&station, &railtop_core::stations::current());
        state.board.keep_to(Route {
            end: Some(place),
            via: None,
        });
        return;
    }
    if let Some(c) = picked.country.filter(|c| {
        state
            .countries
            .selected
            .as_deref()
            .is_some_and(|now| now != *c)
    }) {
        state.select_country(Some(c.to_string()));
    }
    let country = state.countries.selected.clone();
    // The station's whole identity (`testland:BF`): a bare code may be another country's too
    // (`BF` is NS's Baflo as well), and the source would ask which.
    let station = match picked.country {
        Some(c) => format!("{c}:{}", picked.code),
        None => picked.code,
    };
    state.board.choose(country.as_deref(), station);
}

fn click(state: &mut AppState, mouse: MouseEvent) {
    if state.overlay.is_some() {
        return;
    }
    let areas = state.areas();
    let (x, y) = (mouse.column, mouse.row);
    let inside = |r: Rect| x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
    // The wheel scrolls the pane under the pointer (three rows a notch), focusing it.
    let notch = match mouse.kind {
        MouseEventKind::ScrollUp => Some(-3isize),
        MouseEventKind::ScrollDown => Some(3),
        _ => None,
    };
    if let (Some(rows), Some(map)) = (notch, areas.map) {
        if inside(map) {
            state.focus = Pane::Map;
            apply(state, Command::Zoom(rows < 0));
            return;
        }
    }
    if let Some(rows) = notch {
        let pane = if inside(areas.trains) {
            Pane::Trains
        } else if inside(areas.board) {
            Pane::Board
        } else if inside(areas.countries) {
            Pane::Countries
        } else {
            return;
        };
        state.focus = pane;
        apply(
            state,
            Command::Move(if pane == Pane::Countries {
                rows.signum()
            } else {
                rows
            }),
        );
        return;
    }
    if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
        return;
    }
    if let Some(row) = areas.train_row_at(x, y) {
        state.focus = Pane::Trains;
        let row = state.trains.list.offset + row;
        state.trains.select_row(row);
    } else if let Some(i) = areas.country_at(x, y, state.countries.selector().len()) {
        state.focus = Pane::Countries;
        if let Some(entry) = state.countries.selector().get(i).cloned() {
            state.select_country(entry);
        }
    } else if inside(areas.board) {
        state.focus = Pane::Board;
    } else if areas.map.is_some_and(inside) {
        state.focus = Pane::Map;
    }
}
