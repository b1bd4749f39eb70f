//! The train list: code, destination, status, delay, platform and GPS marker. Only the rows on
//! screen are built, so 20,000 trains cost what 40 do.

use super::pane_block;
use crate::screen::theme::{delay_text, DelayClass};
use crate::screen::widgets::grid::Grid;
use crate::tui::app::{AppState, Pane};
use crate::tui::list::destination;
use crate::tui::pane::Countries;
use railtop_core::model::status;
use railtop_i18n::{tr, Lang};
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// The status in words, or in five letters on a narrow list.
fn status_text(s: &str, short: bool, lang: Lang) -> &str {
    let id = match (s, short) {
        (status::RUNNING, false) => "train-running",
        (status::SCHEDULED, false) => "train-scheduled",
        (status::ARRIVED, false) => "train-arrived",
        (status::CANCELLED, false) => "status-cancelled",
        (status::RUNNING, true) => "train-running-short",
        (status::SCHEDULED, true) => "train-scheduled-short",
        (status::ARRIVED, true) => "train-arrived-short",
        (status::CANCELLED, true) => "train-cancelled-short",
        // A status no screen knows is shown as the source sends it.
        (other, _) => return other,
    };
    lang.t(id)
}

pub fn trains(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let lang = state.settings.lang;
    let list = &state.trains.list;
    let trains = state.trains.all();
    let mut title = vec![Span::styled(
        format!(" {} ", tr!(lang, "trains-title", n = list.rows.len())),
        theme.title(),
    )];
    title.push(Span::raw(format!(
        "· {} ",
        tr!(
            lang,
            "trains-sort",
            key = lang.t(list.sort.label()),
            order = list.sort.order(list.reversed)
        )
    )));
    if list.hide_cancelled {
        title.push(Span::raw(format!(
            "· {} ",
            lang.t("trains-cancelled-hidden")
        )));
    }
    if list.filter_editing || !list.filter.is_empty() {
        let cursor = if list.filter_editing { "█" } else { "" };
        title.push(Span::styled(
            format!("· /{}{cursor} ", list.filter),
            theme.accent(),
        ));
    }
    let block = pane_block(Line::from(title), state.focus == Pane::Trains, &theme);

    if trains.is_empty() || list.rows.is_empty() {
        let text = match (
            &state.trains.realtime.error,
            state.trains.realtime.data.is_some(),
        ) {
            (Some(e), false) => {
                // The user's own region: its URLs are theirs to check, not the national feeds.
                let own = state
                    .countries
                    .selected
                    .as_deref()
                    .and_then(|c| state.source.feed(c))
                    .filter(|f| f.own);
                let hint = match (own, state.source.name.as_str()) {
                    (Some(f), _) => format!(
                        "\n\n{}",
                        tr!(
                            lang,
                            "trains-hint-own-feed",
                            feed = railtop_core::text::quoted(&f.slug)
                        )
                    ),
                    (None, "demo") => String::new(),
                    (None, "upstream") => format!("\n\n{}", lang.t("trains-hint-upstream")),
                    _ => format!("\n\n{}", lang.t("trains-hint-server")),
                };
                format!(
                    "{}{hint}",
                    tr!(lang, "trains-no-data", error = e.to_string())
                )
            }
            (_, false) => lang.t("loading").to_string(),
            (_, true) if trains.is_empty() => lang.t("trains-none-running").to_string(),
            _ => lang.t("trains-none-match").to_string(),
        };
        frame.render_widget(
            Paragraph::new(text)
                .style(theme.dim())
                .wrap(ratatui::widgets::Wrap { trim: false })
                .block(block),
            area,
        );
        return;
    }

    let wide = area.width >= 90;
    let height = usize::from(area.height.saturating_sub(3));
    let stale = state.trains.realtime.is_stale();
    // Sized from the whole list, not the rows on screen: columns keep their width as it scrolls.
    let code_width = list.widest.code.clamp(4, 12) as u16;
    // TO and NEXT sized from what they hold: TO first, NEXT the rest (and never squeezed to
    // nothing by a wide TO); both cut with `…`.
    let inner = area.width.saturating_sub(2);
    // All countries: a column says whose train each is, by name where TO keeps 16 characters
    // beside it, else by ISO code (`FI`).
    let all = state.countries.selected.is_none();
    // A narrow list writes the status in five letters (`sched`), so TO keeps its room.
    let short = inner < 60;
    let status_width: u16 = if short { 5 } else { 9 };
    let room_for = |country: u16| {
        let gaps = if wide { 6 } else { 5 } + u16::from(country > 0);
        inner.saturating_sub(code_width + country + status_width + 9 + 3 + 3 + gaps)
    };
    let country_width: u16 = match all {
        false => 0,
        true if room_for(11) >= 16 + if wide { 10 } else { 0 } => 11,
        true => 4,
    };
    let room = room_for(country_width);
    let (to_width, next_width) = if wide {
        let to_want = list.widest.to as u16;
        let next_want = list.widest.next as u16;
        let to = to_want
            .min(room.saturating_sub(next_want.min(room / 2)))
            .max(room.min(16));
        (to, room.saturating_sub(to))
    } else {
        (room, 0)
    };
    let fit = |s: &str, w: u16| railtop_core::text::fit(s, usize::from(w));
    let rows = list
        .rows
        .iter()
        .enumerate()
        .skip(list.offset)
        .take(height)
        .map(|(pos, &i)| {
            let t = &trains[i];
            let cancelled = t.status == status::CANCELLED;
            let class = DelayClass::of(t.delay, cancelled);
            let gps = if t.has_position() { "●" } else { "○" };
            let mut cells = vec![Line::from(t.train_code.as_str())];
            if country_width > 0 {
                let known = t
                    .country
                    .as_deref()
                    .and_then(railtop_core::country::by_slug);
                let name = match (known, country_width) {
                    (Some(c), 4) => c.iso.to_string(),
                    _ => Countries::name(t.country.as_deref(), lang),
                };
                cells.push(Line::from(fit(&name, country_width)));
            }
            cells.extend([
                Line::from(fit(destination(t), to_width)),
                Line::from(fit(status_text(&t.status, short, lang), status_width)),
                // A cancelled train says so once, in STATUS.
                Line::from(Span::styled(
                    if cancelled {
                        String::new()
                    } else {
                        delay_text(t.delay, cancelled, lang)
                    },
                    theme.delay(class),
                )),
                Line::from(t.platform.as_deref().unwrap_or("–")),
                Line::from(gps),
            ]);
            if wide {
                cells.push(Line::from(fit(
                    t.next_station.as_deref().unwrap_or(""),
                    next_width,
                )));
            }
            let mut style = theme.row(&t.status);
            if stale {
                style = style.patch(theme.dim());
            }
            if pos == list.cursor {
                style = style.patch(theme.selected());
            }
            (style, cells)
        });
    let mut widths = vec![Constraint::Length(code_width)];
    if country_width > 0 {
        widths.push(Constraint::Length(country_width));
    }
    widths.extend([
        Constraint::Length(to_width),
        Constraint::Length(status_width),
        Constraint::Length(9),
        Constraint::Length(3),
        Constraint::Length(3),
    ]);
    let mut titles = vec![lang.t("col-code")];
    match country_width {
        0 => {}
        4 => titles.push(lang.t("col-country-short")),
        _ => titles.push(lang.t("col-country")),
    }
    titles.extend([
        lang.t("col-to"),
        lang.t(if short {
            "col-status-short"
        } else {
            "col-status"
        }),
        lang.t("col-delay"),
        lang.t("col-platform-short"),
        "GPS",
    ]);
    if wide {
        widths.push(Constraint::Length(next_width));
        titles.push(lang.t("col-next"));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let grid = Grid::new(inner, &widths, 1);
    let buf = frame.buffer_mut();
    let titles: Vec<Line> = titles.into_iter().map(Line::from).collect();
    grid.row(buf, 0, theme.header_cells(), &titles);
    for (row, (style, cells)) in (1..grid.height()).zip(rows) {
        grid.row(buf, row, style, &cells);
    }
}
