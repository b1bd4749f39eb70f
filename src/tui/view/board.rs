//! The departure board of one station: scheduled and expected time, line, destination, platform
//! (`3→5` where it changed), delay or cancellation, operator.

use super::{age_text, pane_block};
use crate::screen::theme::{delay_text, DelayClass, Theme};
use crate::tui::app::{AppState, Pane};
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph, Row, Table};
use ratatui::Frame;

pub fn board(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = Theme::new(state.settings.monochrome);
    let feed = &state.board;
    let name = match (&feed.data, &state.station) {
        (Some(b), _) if !b.station.name.is_empty() => {
            format!("{} ({})", b.station.name, b.station.code)
        }
        (_, Some(code)) => code.clone(),
        (_, None) => "Departures".into(),
    };
    let mut title = vec![Span::styled(format!(" {name} "), theme.title())];
    match (&feed.error, feed.age_secs(state.now)) {
        (Some(_), Some(age)) => title.push(Span::styled(
            format!("· data {} old ", age_text(age)),
            theme.error(),
        )),
        (None, Some(age)) => title.push(Span::raw(format!("· {} ago ", age_text(age)))),
        _ => {}
    }
    let block = pane_block(Line::from(title), state.focus == Pane::Board, &theme);

    let Some(answer) = &feed.data else {
        let text = match (&state.station, &feed.error) {
            (None, _) => "press b to choose a station".to_string(),
            (_, Some(e)) => format!("no board: {e}"),
            _ => "loading…".to_string(),
        };
        frame.render_widget(Paragraph::new(text).style(theme.dim()).block(block), area);
        return;
    };
    if answer.departures.is_empty() {
        frame.render_widget(
            Paragraph::new("no departures in the next hours")
                .style(theme.dim())
                .block(block),
            area,
        );
        return;
    }
    let wide = area.width >= 70;
    let height = usize::from(
        area.height
            .saturating_sub(3 + u16::from(feed.error.is_some())),
    );
    let rows = answer
        .departures
        .iter()
        .skip(state.board_offset)
        .take(height)
        .map(|d| {
            let class = DelayClass::of(d.delay, d.cancelled);
            let expected = match (&d.expected_dep, d.cancelled) {
                (_, true) => "—".to_string(),
                (Some(e), _) if *e != d.scheduled_dep => e.clone(),
                (Some(_), _) => String::new(),
                (None, _) => "?".to_string(),
            };
            let platform = match (&d.planned_platform, &d.platform) {
                (Some(p), Some(a)) if p != a => Span::styled(format!("{p}→{a}"), theme.changed()),
                (_, Some(a)) => Span::raw(a.clone()),
                (Some(p), None) => Span::raw(p.clone()),
                (None, None) => Span::raw("–"),
            };
            let mut cells = vec![
                Cell::from(d.scheduled_dep.as_str()),
                Cell::from(expected),
                Cell::from(d.line.as_str()),
                Cell::from(d.destination.as_str()),
                Cell::from(platform),
                Cell::from(Span::styled(
                    delay_text(d.delay, d.cancelled),
                    theme.delay(class),
                )),
            ];
            if wide {
                cells.push(Cell::from(d.operator.as_deref().unwrap_or("")));
            }
            let style = if d.cancelled {
                theme.row(crate::model::status::CANCELLED)
            } else {
                Default::default()
            };
            Row::new(cells).style(if feed.is_stale() {
                style.patch(theme.dim())
            } else {
                style
            })
        });
    let line_width = answer
        .departures
        .iter()
        .map(|d| d.line.chars().count())
        .max()
        .unwrap_or(4)
        // On a narrow board the destination matters more than a long line name.
        .clamp(4, if area.width < 58 { 6 } else { 10 }) as u16;
    let mut widths = vec![
        Constraint::Length(5),
        Constraint::Length(5),
        Constraint::Length(line_width),
        Constraint::Fill(2),
        Constraint::Length(5),
        Constraint::Length(9),
    ];
    let mut titles = vec!["TIME", "EXP", "LINE", "DESTINATION", "PL", "STATUS"];
    if wide {
        widths.push(Constraint::Fill(1));
        titles.push("OPERATOR");
    }
    let table = Table::new(rows, widths).header(Row::new(titles).style(theme.header_cells()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let table_area = if let Some(e) = &feed.error {
        let [err, rest] =
            ratatui::layout::Layout::vertical([Constraint::Length(1), Constraint::Min(0)])
                .areas(inner);
        frame.render_widget(Paragraph::new(format!("⚠ {e}")).style(theme.error()), err);
        rest
    } else {
        inner
    };
    frame.render_widget(table, table_area);
}
