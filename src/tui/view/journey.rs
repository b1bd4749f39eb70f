//! A train's run in the details window: its stops as a vertical line, top to bottom. Passed
//! stops are dimmed and marked `●`, the next one `▶` and bold, the rest `○`; cancelled stops are
//! struck through and marked `✕`. Each row reads its planned times, the delay there in the
//! list's words and weights, and the platform (`3→4` where it changed). The state says which row
//! comes first (following the train, or where ↑↓ put it); the view keeps it on the list.

use crate::screen::theme::{delay_symbol, DelayClass, Theme};
use crate::screen::Polled;
use railtop_core::model::JourneyResponse;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Row, Table, Wrap};
use ratatui::Frame;

/// Draws `journey` (none yet: why) in `area`, from row `offset` at most.
pub fn journey(
    journey: Option<&Polled<JourneyResponse>>,
    offset: usize,
    theme: &Theme,
    lang: railtop_i18n::Lang,
    frame: &mut Frame,
    area: Rect,
) {
    let data = journey.and_then(|j| j.data.as_deref());
    let Some(j) = data.filter(|j| !j.stops.is_empty()) else {
        let text = match (journey.and_then(|j| j.error.as_deref()), data) {
            (Some(why), _) => railtop_i18n::tr!(lang, "journey-none", why = why.to_string()),
            (None, Some(_)) => lang.t("journey-no-stops").to_string(),
            (None, None) => lang.t("journey-asking").to_string(),
        };
        let block = Block::default()
            .borders(Borders::TOP)
            .title(format!(" {} ", lang.t("journey-title")));
        frame.render_widget(
            Paragraph::new(text)
                .style(theme.dim())
                .wrap(Wrap { trim: true })
                .block(block),
            area,
        );
        return;
    };
    let next = j.next_stop();
    let visible = usize::from(area.height.saturating_sub(2));
    let last_start = j.stops.len().saturating_sub(visible);
    let offset = offset.min(last_start);
    let passed = j.stops.iter().filter(|s| s.passed).count();
    let title = format!(
        " {}{} ",
        railtop_i18n::tr!(
            lang,
            "journey-title-stops",
            n = j.stops.len(),
            passed = passed
        ),
        if last_start > 0 {
            format!(
                " · {}–{} ↑↓",
                offset + 1,
                (offset + visible).min(j.stops.len())
            )
        } else {
            String::new()
        }
    );
    let rows = j
        .stops
        .iter()
        .enumerate()
        .skip(offset)
        .take(visible)
        .map(|(i, s)| {
            let (mark, style) = if s.cancelled {
                ("✕", theme.delay(DelayClass::Cancelled))
            } else if Some(i) == next {
                ("▶", theme.title())
            } else if s.passed {
                ("●", theme.dim())
            } else {
                ("○", ratatui::style::Style::default())
            };
            let delay_class = DelayClass::of(s.delay, s.cancelled);
            let platform = match (&s.planned_platform, &s.platform) {
                (Some(p), Some(a)) if p != a => Span::styled(format!("{p}→{a}"), theme.changed()),
                (_, Some(a)) => Span::raw(a.clone()),
                _ => Span::raw(""),
            };
            Row::new(vec![
                Line::from(Span::styled(mark, style)),
                Line::from(s.arrival.scheduled.clone().unwrap_or_default()),
                Line::from(s.departure.scheduled.clone().unwrap_or_default()),
                Line::from(Span::styled(
                    delay_symbol(s.delay, s.cancelled),
                    theme.delay(delay_class),
                )),
                Line::from(platform),
                Line::from(s.name.clone()),
            ])
            .style(style)
        });
    let header = Row::new([
        "",
        lang.t("journey-arr"),
        lang.t("journey-dep"),
        lang.t("journey-late"),
        lang.t("journey-plat"),
        lang.t("journey-station"),
    ])
    .style(theme.dim());
    let table = Table::new(
        rows,
        [
            Constraint::Length(1),
            Constraint::Length(5),
            Constraint::Length(5),
            Constraint::Length(5),
            Constraint::Length(5),
            Constraint::Fill(1),
        ],
    )
    .header(header)
    .block(Block::default().borders(Borders::TOP).title(title));
    frame.render_widget(table, area);
}
