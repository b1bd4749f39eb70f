//! The kiosk board drawn: station, date and a big clock readable across a room, the departures of
//! this page, and a footer with the feed's state and the attribution. Pure, like the dashboard's.

use super::layout;
use super::state::KioskState;
use crate::screen::theme::{DelayClass, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Cell, Paragraph, Row, Table};
use ratatui::Frame;
use tui_big_text::{BigText, PixelSize};

/// `on time`, `+7 min`, `2 min early`, `cancelled`; nothing without realtime.
pub fn status_words(delay: Option<i64>, cancelled: bool) -> String {
    match delay {
        _ if cancelled => "cancelled".into(),
        None => String::new(),
        Some(0) => "on time".into(),
        Some(d) if d > 0 => format!("+{d} min"),
        Some(d) => format!("{} min early", -d),
    }
}

pub fn draw(state: &KioskState, frame: &mut Frame) {
    render(state, frame.area(), frame.buffer_mut());
}

/// Renders the board into any buffer: a terminal's frame, or a viewer's screen over SSH.
pub fn render(state: &KioskState, area: Rect, buf: &mut Buffer) {
    if state.is_closed() {
        return; // outside operating hours: a blank screen
    }
    let theme = Theme::new(state.settings.monochrome);
    let ticker = state.ticker();
    let layout::Areas {
        header,
        rows,
        ticker: ticker_area,
        footer,
    } = layout::areas(area, ticker.is_some());
    draw_header(state, buf, header, &theme);
    draw_rows(state, buf, rows, &theme);
    if let Some(message) = ticker {
        Paragraph::new(Line::from(vec![
            Span::styled("» ", theme.changed()),
            Span::styled(message, theme.changed()),
        ]))
        .render(ticker_area, buf);
    }
    draw_footer(state, buf, footer, &theme);
}

fn draw_header(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let big = area.width >= 90;
    let clock_width = if big { 42 } else { 22 };
    let [left, right] =
        Layout::horizontal([Constraint::Min(10), Constraint::Length(clock_width)]).areas(area);
    let local = state.now.with_timezone(&state.tz());
    let name = state.station_name(state.current);
    let mut lines = vec![
        Line::from(Span::styled(
            name,
            theme.title().add_modifier(Modifier::UNDERLINED),
        )),
        Line::from(local.format("%A %-d %B %Y").to_string()),
    ];
    if state.simulated() {
        lines.push(Line::from(Span::styled(" DEMO ", theme.badge())));
    }
    Paragraph::new(lines).render(left, buf);
    let clock = BigText::builder()
        .pixel_size(if big {
            PixelSize::HalfHeight
        } else {
            PixelSize::Quadrant
        })
        .style(theme.title())
        .lines(vec![Line::from(local.format("%H:%M").to_string())])
        .right_aligned()
        .build();
    clock.render(right, buf);
}

fn draw_rows(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let visible = state.visible();
    let feed = state.board();
    if visible.is_empty() {
        let text = match (&feed.data, &feed.error) {
            (Some(_), _) => "No more departures for now.".to_string(),
            // Why nothing has come yet, in the source's own words.
            (None, Some(e)) => format!("No departures yet: {e}"),
            (None, None) => "Loading departures…".to_string(),
        };
        Paragraph::new(text)
            .style(theme.dim())
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let per_page = usize::from(area.height.saturating_sub(1)).max(1);
    let page = state.page.min(visible.len().saturating_sub(1) / per_page);
    let stale = feed.is_stale();
    let line_width = visible
        .iter()
        .map(|d| d.line.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 10) as u16;
    let rows = visible
        .iter()
        .skip(page * per_page)
        .take(per_page)
        .map(|d| {
            let class = DelayClass::of(d.delay, d.cancelled);
            let expected = match (&d.expected_dep, d.cancelled) {
                (Some(e), false) if *e != d.scheduled_dep => e.clone(),
                _ => String::new(),
            };
            let platform = match (&d.planned_platform, &d.platform) {
                (Some(p), Some(a)) if p != a => Span::styled(format!("{p}→{a}"), theme.changed()),
                (_, Some(a)) => Span::raw(a.clone()),
                (Some(p), None) => Span::raw(p.clone()),
                (None, None) => Span::raw(""),
            };
            let mut style = if d.cancelled {
                theme.row(crate::model::status::CANCELLED)
            } else {
                Default::default()
            };
            if stale {
                style = style.patch(theme.dim());
            }
            Row::new(vec![
                Cell::from(d.scheduled_dep.clone()),
                Cell::from(expected),
                Cell::from(d.line.clone()),
                Cell::from(destination_with_via(d, area.width >= VIA_MIN_WIDTH, theme)),
                Cell::from(platform),
                Cell::from(Span::styled(
                    status_words(d.delay, d.cancelled),
                    theme.delay(class),
                )),
            ])
            .style(style)
        });
    let widths = [
        Constraint::Length(5),
        Constraint::Length(5),
        Constraint::Length(line_width),
        Constraint::Fill(1),
        Constraint::Length(8),
        Constraint::Length(12),
    ];
    let titles = Row::new(["TIME", "EXP", "LINE", "DESTINATION", "PLATFORM", "STATUS"])
        .style(theme.header_cells());
    Widget::render(
        Table::new(rows, widths).header(titles).column_spacing(2),
        area,
        buf,
    );
}

/// Below this width the destination column has no room for via stops (they would be cut off
/// after a name or two, and every page turn would resend them).
pub const VIA_MIN_WIDTH: u16 = 100;

/// `Tampere  via Pasila, Tikkurila`: the via stops dimmed after the destination, on screens wide
/// enough for them (the column cuts what does not fit).
fn destination_with_via(
    d: &crate::model::Departure,
    with_via: bool,
    theme: &Theme,
) -> Line<'static> {
    let mut spans = vec![Span::raw(d.destination.clone())];
    if with_via && !d.via.is_empty() {
        spans.push(Span::styled(
            format!("  via {}", d.via.join(", ")),
            theme.dim(),
        ));
    }
    Line::from(spans)
}

fn draw_footer(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let feed = state.board();
    let tz = state.tz();
    let at = |t: chrono::DateTime<chrono::Utc>| t.with_timezone(&tz).format("%H:%M").to_string();
    let status = match (feed.failing_since, feed.received_at) {
        (Some(since), Some(data)) => Span::styled(
            format!(
                "feed unavailable since {} — data from {}",
                at(since),
                at(data)
            ),
            theme.error(),
        ),
        (Some(since), None) => Span::styled(
            format!("feed unavailable since {}", at(since)),
            theme.error(),
        ),
        _ => {
            let mut parts = Vec::new();
            let pages = state.pages();
            if pages > 1 {
                parts.push(format!("page {}/{pages}", state.page.min(pages - 1) + 1));
            }
            if state.stations.len() > 1 {
                let next = (state.current + 1) % state.stations.len();
                parts.push(format!("next: {}", state.station_name(next)));
            }
            Span::styled(parts.join(" · "), theme.dim())
        }
    };
    // The credit is never dropped: with nothing to report it may take both lines; else it is
    // cut with an ellipsis (the feeds' own lines fit in 80 columns).
    let credit = state.attribution();
    let width = usize::from(area.width);
    if status.content.is_empty() {
        Paragraph::new(Span::styled(credit.to_string(), theme.dim()))
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let lines = vec![
        Line::from(Span::styled(
            crate::text::fit(&status.content, width),
            status.style,
        )),
        Line::from(Span::styled(crate::text::fit(credit, width), theme.dim())),
    ];
    Paragraph::new(lines).render(area, buf);
}
