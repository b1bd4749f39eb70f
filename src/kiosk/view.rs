//! The kiosk board drawn: station, date and a big clock readable across a room, the departures of
//! this page (a time of the next day marked `00:05+1`), and a footer with the feed's state and
//! the attribution. Pure, like the dashboard's.

use super::layout;
use super::rows;
use super::state::KioskState;
use crate::screen::theme::{platform_text, Theme};
use crate::screen::widgets::columns;
use crate::screen::widgets::grid::Grid;
use railtop_i18n::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::widgets::Widget;
use ratatui::Frame;
use tui_big_text::{BigText, PixelSize};

pub fn draw(state: &KioskState, frame: &mut Frame) {
    render(state, frame.area(), frame.buffer_mut());
}

/// Renders the board into any buffer: a terminal's frame, or a viewer's screen over SSH.
pub fn render(state: &KioskState, area: Rect, buf: &mut Buffer) {
    let theme = state.settings.theme();
    let lang = state.lang();
    if state.is_closed() {
        // Outside operating hours: dark, but for one dim line saying when the board shows,
        // so a screen started at night is not taken for a broken one.
        if let Some((open, close)) = state.settings.hours {
            let clock = |t: chrono::NaiveTime| {
                let hhmm = t.format("%H:%M").to_string();
                if state.twelve_hour() {
                    super::state::twelve_hour(&hhmm)
                } else {
                    hhmm
                }
            };
            let text = railtop_core::text::fit(
                &tr!(
                    lang,
                    "board-closed",
                    station = state.station_name(state.current),
                    open = clock(open),
                    close = clock(close)
                ),
                usize::from(area.width),
            );
            let row = Rect {
                y: area.y + area.height / 2,
                height: area.height.min(1),
                ..area
            };
            Paragraph::new(text)
                .style(theme.dim())
                .alignment(ratatui::layout::Alignment::Center)
                .render(row, buf);
        }
        return;
    }
    if layout::too_small(area.width, area.height) {
        let text = tr!(
            lang,
            "screen-too-small",
            width = area.width,
            height = area.height,
            min_width = layout::MIN_WIDTH,
            min_height = layout::MIN_HEIGHT
        );
        Paragraph::new(text)
            .style(theme.dim())
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
        return;
    }
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
            Span::styled(
                railtop_core::text::fit(&message, usize::from(ticker_area.width.saturating_sub(2))),
                theme.changed(),
            ),
        ]))
        .render(ticker_area, buf);
    }
    draw_footer(state, buf, footer, &theme);
}

fn draw_header(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    if area.height == 1 {
        return draw_compact_header(state, buf, area, theme);
    }
    let big = area.width >= 90;
    let digits = area.width >= layout::BIG_CLOCK_MIN_WIDTH;
    let clock_width = match (big, digits) {
        (true, _) => 42,
        (false, true) => 22,
        (false, false) => 6,
    };
    let [left, right] =
        Layout::horizontal([Constraint::Min(10), Constraint::Length(clock_width)]).areas(area);
    let local = state.now.with_timezone(&state.tz());
    let lang = state.lang();
    let fit = |s: String| railtop_core::text::fit(&s, usize::from(left.width));
    let mut lines = vec![
        Line::from(Span::styled(
            fit(state.station_name(state.current)),
            theme.title().add_modifier(Modifier::UNDERLINED),
        )),
        Line::from(fit(if state.twelve_hour() {
            format!(
                "{} · {}",
                lang.date(&local, "date-long"),
                local.format("%p")
            )
        } else {
            lang.date(&local, "date-long")
        })),
    ];
    let badges = badges(state, theme);
    if !badges.is_empty() {
        lines.push(Line::from(badges));
    }
    Paragraph::new(lines).render(left, buf);
    // The date line says AM/PM where the clock is 12-hour: the big digits leave it out.
    let time = clock_text(state, false);
    if !digits {
        Paragraph::new(Span::styled(time, theme.title()))
            .right_aligned()
            .render(right, buf);
        return;
    }
    let clock = BigText::builder()
        .pixel_size(if big {
            PixelSize::HalfHeight
        } else {
            PixelSize::Quadrant
        })
        .style(theme.title())
        .lines(vec![Line::from(time)])
        .right_aligned()
        .build();
    clock.render(right, buf);
}

/// The board's badges: DEMO for simulated data, CLOCK FIXED for a clock `RAILTOP_NOW` holds.
fn badges(state: &KioskState, theme: &Theme) -> Vec<Span<'static>> {
    let lang = state.lang();
    let mut badges = Vec::new();
    if state.simulated() {
        badges.push(Span::styled(
            format!(" {} ", lang.t("badge-demo")),
            theme.badge(),
        ));
    }
    if state.fixed_clock {
        if !badges.is_empty() {
            badges.push(Span::raw(" "));
        }
        badges.push(Span::styled(
            format!(" {} ", lang.t("badge-clock-fixed")),
            theme.badge(),
        ));
    }
    badges
}

/// The station's time, 12-hour where its clocks read so (with AM/PM when `meridiem`).
fn clock_text(state: &KioskState, meridiem: bool) -> String {
    let local = state.now.with_timezone(&state.tz());
    let format = match (state.twelve_hour(), meridiem) {
        (true, true) => "%-I:%M %p",
        (true, false) => "%-I:%M",
        (false, _) => "%H:%M",
    };
    local.format(format).to_string()
}

/// The header in one line, for a small screen: the station, the date and the badges, the time
/// on the right as text.
fn draw_compact_header(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let local = state.now.with_timezone(&state.tz());
    let time = clock_text(state, true);
    let mut spans = vec![
        Span::styled(state.station_name(state.current), theme.title()),
        Span::raw(format!(" · {} ", state.lang().date(&local, "date-short"))),
    ];
    spans.extend(badges(state, theme));
    let width = usize::from(area.width);
    let room = width.saturating_sub(time.chars().count() + 1);
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    // The station's name and the time first: badges and date give way, cut with `…`.
    let mut line = if used > room {
        crate::screen::widgets::fit_spans(spans, room)
    } else {
        spans
    };
    let used: usize = line.iter().map(|s| s.content.chars().count()).sum();
    line.push(Span::raw(
        " ".repeat(width.saturating_sub(used + time.chars().count())),
    ));
    line.push(Span::styled(time, theme.title()));
    Paragraph::new(Line::from(line)).render(area, buf);
}

fn draw_rows(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let visible = state.visible();
    let feed = state.board();
    let lang = state.lang();
    if visible.is_empty() {
        Paragraph::new(empty_text(state))
            .style(theme.dim())
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let per_page = usize::from(area.height.saturating_sub(1)).max(1);
    let page = state.page.min(visible.len().saturating_sub(1) / per_page);
    let stale = feed.is_stale();
    let widest = |f: &dyn Fn(&railtop_core::model::Departure) -> usize| {
        visible.iter().map(|d| f(d)).max().unwrap_or(0) as u16
    };
    let shown: Vec<&railtop_core::model::Departure> = visible
        .iter()
        .skip(page * per_page)
        .take(per_page)
        .copied()
        .collect();
    // The page's rows in words (`rows.rs`, which the browser's board reads too); this face
    // decides only the widths and the colours.
    let words = rows::rows(state, &shown);
    let twelve = state.twelve_hour();
    // A board past midnight marks the next day's times (`00:05+1`); the time columns widen
    // for it only on a page that has one (at 4 pm the board's tail past midnight is pages away).
    let next_day = rows::next_day(&words);
    let labels = rows::station_labels(state);
    let cols = columns::columns(
        area.width,
        columns::Wants {
            station: labels.widest(),
            least_station: labels.distinct_from(columns::LEAN_STATION),
            arrivals: state.kind == railtop_core::model::Kind::Arrivals,
            // The train's number beside its line: one train leaving two stations of a merged
            // board reads as one.
            number: widest(&|d| columns::train_number(d).map_or(0, |n| n.chars().count())),
            // No EXP column where no train on the board runs off its timetable.
            expected: visible.iter().any(|d| {
                !d.cancelled
                    && d.expected_dep
                        .as_ref()
                        .is_some_and(|e| *e != d.scheduled_dep)
            }),
            ..columns::Wants::board(
                if twelve { 8 } else { 5 } + if next_day { 2 } else { 0 },
                widest(&|d| d.line.chars().count()).clamp(4, 10),
                widest(&|d| platform_text(d).chars().count()).clamp(4, 8),
                widest(&|d| d.operator.as_deref().map_or(0, |o| o.chars().count())),
            )
        },
        lang,
    );
    let fit = |s: &str, w: u16| railtop_core::text::fit(s, usize::from(w));
    let rows = shown.iter().zip(words).map(|(d, row)| {
        let platform_style = if row.platform_changed {
            theme.changed()
        } else {
            Default::default()
        };
        let mut style = if row.cancelled {
            theme.row(railtop_core::model::status::CANCELLED)
        } else {
            Default::default()
        };
        if stale {
            style = style.patch(theme.dim());
        }
        let status = if cols.words {
            row.status
        } else {
            row.status_symbol
        };
        let mut cells = vec![Line::from(row.time)];
        if cols.expected {
            cells.push(Line::from(row.expected));
        }
        if cols.countdown {
            cells.push(Line::from(Span::styled(row.countdown, theme.accent())));
        }
        cells.push(Line::from(fit(&row.line, cols.line)));
        if let Some(w) = cols.number {
            cells.push(Line::from(fit(&row.number, w)));
        }
        cells.push(columns::destination_with_via(
            d,
            cols.via,
            usize::from(cols.destination),
            theme,
            lang,
        ));
        if let Some(w) = cols.station {
            cells.push(Line::from(fit(&row.station, w)));
        }
        cells.push(Line::from(Span::styled(
            fit(&row.platform, cols.platform),
            platform_style,
        )));
        cells.push(Line::from(Span::styled(status, theme.delay(row.class))));
        if let Some(w) = cols.operator {
            cells.push(Line::from(fit(&row.operator, w)));
        }
        (style, cells)
    });
    let (titles, widths) = cols.header();
    let grid = Grid::new(area, &widths, cols.spacing);
    let titles: Vec<Line> = titles.into_iter().map(Line::from).collect();
    grid.row(buf, 0, theme.header_cells(), &titles);
    for (row, (style, cells)) in (1..grid.height()).zip(rows) {
        grid.row(buf, row, style, &cells);
    }
}

/// What the board says when it has no rows to show: none left for now, why none came yet (in
/// the source's own words), or that they are on their way.
pub(crate) fn empty_text(state: &KioskState) -> String {
    let feed = state.board();
    let lang = state.lang();
    let arrivals = state.kind == railtop_core::model::Kind::Arrivals;
    match (&feed.data, &feed.error, arrivals) {
        (Some(_), _, false) => lang.t("no-more-departures").to_string(),
        (Some(_), _, true) => lang.t("no-more-arrivals").to_string(),
        (None, Some(e), false) => tr!(lang, "no-departures-yet", error = e.to_string()),
        (None, Some(e), true) => tr!(lang, "no-arrivals-yet", error = e.to_string()),
        (None, None, false) => lang.t("loading-departures").to_string(),
        (None, None, true) => lang.t("loading-arrivals").to_string(),
    }
}

/// What the footer says of the feed: how old the board is and what it leaves out, or since when
/// its feed fails (`true`: a failure, said in the error colour). `page` is this face's page and
/// count (the browser's board says its pages itself, `None`).
pub(crate) fn footer_status(state: &KioskState, page: Option<(usize, usize)>) -> (String, bool) {
    let feed = state.board();
    let tz = state.tz();
    let lang = state.lang();
    // On the board's clock, 12-hour where the board is.
    let at = |t: chrono::DateTime<chrono::Utc>| {
        let hhmm = t.with_timezone(&tz).format("%H:%M").to_string();
        if state.twelve_hour() {
            super::state::twelve_hour(&hhmm)
        } else {
            hhmm
        }
    };
    // A failing feed counts down to its next try, so the screen never looks frozen.
    let next = feed.next_in_secs(state.now).map(crate::screen::age_text);
    let retry = |id: &'static str| {
        next.clone().map_or(String::new(), |after| {
            format!(" · {}", tr!(lang, id, after = after))
        })
    };
    let unavailable = |since| tr!(lang, "feed-unavailable-since", since = at(since));
    match (feed.failing_since, feed.received_at) {
        // Not a failure: the source is still reading its timetable, and is asked again soon.
        _ if feed.waiting => (
            format!("{}{}", lang.t("timetable-being-read"), retry("next-try-in")),
            false,
        ),
        (Some(since), Some(data)) => (
            format!(
                "{}{} — {}",
                unavailable(since),
                retry("retrying-in"),
                tr!(lang, "data-from", at = at(data))
            ),
            true,
        ),
        (Some(since), None) => (
            format!("{}{}", unavailable(since), retry("retrying-in")),
            true,
        ),
        _ => {
            // How old the board is, and what it leaves out: a screen on a wall says both. The
            // time of the last update, not "N s ago": it changes only when the board does (a
            // counter would cost every SSH viewer bytes each second).
            let mut parts: Vec<String> = feed
                .received_at
                .map(|t| tr!(lang, "updated-at", at = at(t)))
                .into_iter()
                .collect();
            parts.extend(state.filters());
            if let Some((page, pages)) = page.filter(|(_, pages)| *pages > 1) {
                parts.push(tr!(
                    lang,
                    "page-of",
                    page = page.min(pages - 1) + 1,
                    pages = pages
                ));
            }
            if state.stations.len() > 1 {
                let next = (state.current + 1) % state.stations.len();
                let name = state.station_name(next);
                parts.push(if state.held {
                    format!("→ {name}")
                } else {
                    tr!(lang, "next-station", station = name)
                });
            }
            (parts.join(" · "), false)
        }
    }
}

fn draw_footer(state: &KioskState, buf: &mut Buffer, area: Rect, theme: &Theme) {
    let (text, failing) = footer_status(state, Some((state.page, state.pages())));
    let status = Span::styled(text, if failing { theme.error() } else { theme.dim() });
    // The credit is never dropped: with nothing to report it may take both lines; else it is
    // cut with an ellipsis (the feeds' own lines fit in 80 columns).
    let width = usize::from(area.width);
    // Simulated data says so whatever the width ("not real data" is never the part cut off).
    let attribution = state.attribution();
    let credit = |lines: usize| {
        crate::screen::widgets::credit(&attribution, state.simulated(), width * lines)
    };
    if status.content.is_empty() {
        Paragraph::new(Span::styled(credit(2), theme.dim()))
            .wrap(ratatui::widgets::Wrap { trim: true })
            .render(area, buf);
        return;
    }
    let lines = vec![
        Line::from(Span::styled(
            railtop_core::text::fit(&status.content, width),
            status.style,
        )),
        Line::from(Span::styled(credit(1), theme.dim())),
    ];
    Paragraph::new(lines).render(area, buf);
}
