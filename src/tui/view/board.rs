//! The board of one station, departures or arrivals, kept to a route where one is asked:
//! scheduled and expected time, train (its number, else its line), destination (origin) with its
//! via stops where there is room, platform (`3→5` where it changed), delay, cancellation or
//! `timetable`, operator; a row the feed has a message about is marked ` *`, and the selected
//! row's message is the pane's footnote, wrapped in whole words to up to three lines. A time on
//! the day after the board's (on the station's clock) is marked `+1`. The title drops its least
//! parts whole (the station's code, the age, the route) where the pane is narrow.

use super::{age_text, pane_block};
use crate::screen::theme::{platform_text, DelayClass};
use crate::screen::widgets::columns;
use crate::screen::widgets::grid::Grid;
use crate::screen::widgets::stations::StationLabels;
use crate::screen::widgets::{fit_parts, wrap::wrap};
use crate::tui::app::{AppState, Pane};
use railtop_core::model::Kind;
use railtop_i18n::tr;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Lines the footnote (a feed's message) may wrap to.
const NOTE_LINES: usize = 3;

/// A departure's train: its number where the feed gives one (`ICE 1007`), else its line.
fn train(d: &railtop_core::model::Departure) -> &str {
    d.train_code.as_deref().unwrap_or(&d.line)
}

pub fn board(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let lang = state.settings.lang;
    let feed = &state.board.answer;
    // The title's parts, each with its rank: at a narrow pane the least go whole (the code, then
    // the age, then the route), and the name is cut last.
    let (name, code) = match (&feed.data, &state.board.station) {
        // Several stations: their names, joined.
        (Some(b), _) if !b.stations.is_empty() => (b.station.name.clone(), None),
        (Some(b), _) if !b.station.name.is_empty() => {
            (b.station.name.clone(), Some(b.station.code.clone()))
        }
        // Before the first answer: the directory's name of a station picked as
        // `country:code`, else the station as given.
        (_, Some(code)) if code.contains(':') => (
            railtop_core::stations::current()
                .named(code)
                .map_or_else(|| code.clone(), |e| e.name.clone()),
            None,
        ),
        (_, Some(code)) => (code.clone(), None),
        (_, None) => (lang.t("board-title").into(), None),
    };
    let arrivals = state.board.kind == Kind::Arrivals;
    let mut title = vec![(0, Span::styled(format!(" {name}"), theme.title()))];
    if let Some(code) = code {
        title.push((4, Span::styled(format!(" ({code})"), theme.title())));
    }
    // What the board is, when it is not plain departures: `arrivals`, `to Tampere`.
    let mut what = Vec::new();
    if arrivals {
        what.push(lang.t("filter-arrivals").to_string());
    }
    if !state.board.route.is_empty() {
        what.push(railtop_core::text::cleaned(
            &state.board.route.described_in(state.board.kind, lang),
        ));
    }
    if !what.is_empty() {
        title.push((
            1,
            Span::styled(format!(" · {}", what.join(" · ")), theme.title()),
        ));
    }
    match (&feed.error, feed.age_secs(state.now)) {
        (Some(_), Some(age)) => title.push((
            2,
            Span::styled(
                format!(" · {}", tr!(lang, "data-old", age = age_text(age))),
                theme.error(),
            ),
        )),
        (None, Some(age)) => title.push((
            3,
            Span::raw(format!(" · {}", tr!(lang, "age-ago", age = age_text(age)))),
        )),
        _ => {}
    }
    title.push((0, Span::raw(" ")));
    let title = fit_parts(title, usize::from(area.width.saturating_sub(2)));
    let block = pane_block(Line::from(title), state.focus == Pane::Board, &theme);

    let Some(answer) = &feed.data else {
        let text = match (&state.board.station, &feed.error) {
            (None, _) => lang.t("board-choose-station").to_string(),
            (_, Some(e)) => tr!(lang, "board-none", error = e.to_string()),
            _ => lang.t("loading").to_string(),
        };
        // Whole words across the pane: "did you mean …" must be read to its end.
        let lines: Vec<Line> = wrap(&text, usize::from(area.width.saturating_sub(2)), 8)
            .into_iter()
            .map(Line::from)
            .collect();
        frame.render_widget(Paragraph::new(lines).style(theme.dim()).block(block), area);
        return;
    };
    if answer.departures.is_empty() {
        let text = match (arrivals, state.board.route.is_empty()) {
            (_, false) => lang.t("board-none-on-route"),
            (true, true) => lang.t("board-no-arrivals"),
            (false, true) => lang.t("board-no-departures"),
        };
        frame.render_widget(Paragraph::new(text).style(theme.dim()).block(block), area);
        return;
    }
    let inner_width = area.width.saturating_sub(2);
    // A board past midnight marks the next day's times (`00:05+1`), on the station's clock.
    let local = state
        .now
        .with_timezone(&railtop_core::traveller::station_tz(&answer.station))
        .time();
    let day = |hhmm: &str| railtop_core::traveller::day_mark(hhmm, local);
    let next_day = answer.departures.iter().any(|d| {
        !day(&d.scheduled_dep).is_empty()
            || d.expected_dep
                .as_deref()
                .is_some_and(|e| !day(e).is_empty())
    });
    let widest = |f: &dyn Fn(&railtop_core::model::Departure) -> usize| {
        answer.departures.iter().map(f).max().unwrap_or(0) as u16
    };
    // A merged board's stations by what tells them apart (`HB`, `Oerlikon`).
    let labels = StationLabels::new(answer.stations.iter().map(|s| s.name.as_str()));
    // The shared rule (`screen::widgets::columns`): columns give way in order, and the
    // destination keeps 16 characters, down to 10 before a train's number is cut.
    let cols = columns::columns(
        inner_width,
        columns::Wants {
            countdown: false,
            least_destination: 16,
            squeeze_destination: 10,
            // The pane is at most 76 columns: via stops once the destination has 30.
            via_from: 30,
            station: if answer.stations.is_empty() {
                0
            } else {
                labels.widest()
            },
            least_station: labels.distinct_from(columns::LEAN_STATION),
            arrivals,
            ..columns::Wants::board(
                if next_day { 7 } else { 5 },
                widest(&|d| train(d).chars().count()).clamp(5, 10),
                widest(&|d| platform_text(d).chars().count()).clamp(2, 8),
                widest(&|d| d.operator.as_deref().map_or(0, |o| o.chars().count())),
            )
        },
        lang,
    );
    // The selected row's messages, as a footnote under the board (its row is marked ` *`);
    // else what the feed says of the station itself.
    let note = answer
        .departures
        .get(state.board.offset)
        .filter(|d| !d.messages.is_empty())
        .map(|d| format!("* {}", d.messages.join(" · ")))
        .or_else(|| {
            (!answer.notices.is_empty()).then(|| format!("! {}", answer.notices.join(" · ")))
        });
    // The footnote in whole words across the pane, in up to three lines where the board keeps
    // two rows beside them (one line, cut, on a short pane).
    // A failed refresh over the last good board: its reason in up to two lines.
    let warning = feed
        .error
        .as_ref()
        .map(|e| wrap(&format!("⚠ {e}"), usize::from(inner_width), 2))
        .unwrap_or_default();
    let warning_height = u16::try_from(warning.len()).unwrap_or(0);
    let table_height = area.height.saturating_sub(2 + warning_height);
    let note = match note {
        Some(note) if table_height > 2 => {
            let lines = usize::from(table_height - 3).clamp(1, NOTE_LINES);
            wrap(&note, usize::from(inner_width), lines)
        }
        _ => Vec::new(),
    };
    let note_height = u16::try_from(note.len()).unwrap_or(0);
    let height = usize::from(table_height.saturating_sub(1 + note_height));
    let fit = |s: &str, w: u16| railtop_core::text::fit(s, usize::from(w));
    // The departure Enter opens is the first row shown: marked as the list's selection is, while
    // the board has the focus.
    let focused = state.focus == Pane::Board;
    let rows = answer
        .departures
        .iter()
        .skip(state.board.offset)
        .take(height)
        .enumerate()
        .map(|(i, d)| {
            let class = DelayClass::of(d.delay, d.cancelled);
            let expected = match (&d.expected_dep, d.cancelled) {
                (_, true) => "—".to_string(),
                (Some(e), _) if *e != d.scheduled_dep => format!("{e}{}", day(e)),
                (Some(_), _) => String::new(),
                // No realtime for it: the sign the command line prints too.
                (None, _) => "—".to_string(),
            };
            let platform_style = match (&d.planned_platform, &d.platform) {
                (Some(p), Some(a)) if p != a => theme.changed(),
                _ => Default::default(),
            };
            let platform = match platform_text(d) {
                p if p.is_empty() => "–".to_string(),
                p => p,
            };
            let status = columns::status(d, cols.words, feed.is_stale(), lang);
            let mut cells = vec![Line::from(format!(
                "{}{}",
                d.scheduled_dep,
                day(&d.scheduled_dep)
            ))];
            if cols.expected {
                cells.push(Line::from(expected));
            }
            cells.extend([
                Line::from(fit(train(d), cols.line)),
                columns::destination_with_via(
                    d,
                    cols.via,
                    usize::from(cols.destination),
                    &theme,
                    lang,
                ),
            ]);
            if let Some(w) = cols.station {
                let station = d.departs_from.as_deref().unwrap_or("");
                cells.push(Line::from(fit(labels.of(station), w)));
            }
            cells.extend([
                Line::from(Span::styled(fit(&platform, cols.platform), platform_style)),
                Line::from(Span::styled(status, theme.delay(class))),
            ]);
            if let Some(w) = cols.operator {
                cells.push(Line::from(fit(d.operator.as_deref().unwrap_or(""), w)));
            }
            let style = if d.cancelled {
                theme.row(railtop_core::model::status::CANCELLED)
            } else {
                Default::default()
            };
            let style = if feed.is_stale() {
                style.patch(theme.dim())
            } else {
                style
            };
            let style = if focused && i == 0 {
                style.patch(theme.selected())
            } else {
                style
            };
            (style, cells)
        });
    let (mut titles, widths) = cols.header();
    // The dashboard names trains by their number (the kiosk, like a station's screen, by line).
    let line_title = lang.t("col-line");
    for t in titles.iter_mut().filter(|t| **t == line_title) {
        *t = lang.t("col-train");
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let table_area = if warning.is_empty() {
        inner
    } else {
        let [err, rest] = ratatui::layout::Layout::vertical([
            Constraint::Length(warning_height),
            Constraint::Min(0),
        ])
        .areas(inner);
        let lines: Vec<Line> = warning.into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).style(theme.error()), err);
        rest
    };
    let table_area = if note.is_empty() {
        table_area
    } else {
        let [rest, foot] = ratatui::layout::Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(note_height),
        ])
        .areas(table_area);
        let lines: Vec<Line> = note.into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).style(theme.dim()), foot);
        rest
    };
    let grid = Grid::new(table_area, &widths, cols.spacing);
    let buf = frame.buffer_mut();
    let titles: Vec<Line> = titles.into_iter().map(Line::from).collect();
    grid.row(buf, 0, theme.header_cells(), &titles);
    for (row, (style, cells)) in (1..grid.height()).zip(rows) {
        grid.row(buf, row, style, &cells);
    }
}
