//! Windows over the dashboard: help, train details with its journey and delay sparkline,
//! station search.

use super::popup;
use crate::screen::theme::{delay_text, DelayClass, Theme};
use crate::tui::app::AppState;
use crate::tui::list::destination;
use crate::tui::pane::Countries;
use crate::tui::search::{Goal, StationSearch};
use railtop_core::model::{Kind, Train};
use railtop_i18n::{tr, Lang};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Row, Sparkline, Table};
use ratatui::Frame;

fn window<'a>(title: &'a str, theme: &Theme) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border(true))
        .title(Span::styled(title, theme.title()))
}

/// The help window: [`crate::tui::help`]'s lines, scrolled by ↑↓ where they are more than fit.
pub fn help(state: &AppState, frame: &mut Frame, area: Rect) {
    use crate::tui::help::{self, Look};
    let theme = state.settings.theme();
    let (r, lines, visible) = help::window(state, area);
    frame.render_widget(ratatui::widgets::Clear, r);
    let last_start = lines.len().saturating_sub(visible);
    let offset = state.help_offset.min(last_start);
    let lang = state.settings.lang;
    let title = if last_start > 0 {
        format!(
            " {} ",
            tr!(
                lang,
                "help-title-scrolled",
                at = offset + visible.min(lines.len()),
                lines = lines.len()
            )
        )
    } else {
        format!(" {} ", lang.t("help-title"))
    };
    let rows: Vec<Row> = lines
        .into_iter()
        .skip(offset)
        .take(visible)
        .map(|l| {
            let label = match l.look {
                Look::Key => theme.accent(),
                Look::Heading => theme.title(),
                Look::Dim => theme.dim(),
            };
            Row::new(vec![Span::styled(l.label, label), Span::raw(l.text)])
        })
        .collect();
    let table = Table::new(rows, [Constraint::Length(help::LABEL), Constraint::Fill(1)])
        .block(window(&title, &theme));
    frame.render_widget(table, r);
}

/// The selected train: its fields, its journey (see `journey.rs`) and its delay sparkline.
pub fn details(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let Some(t) = state.details_train() else {
        return;
    };
    let journey = state.shown_journey();
    let stops = journey
        .and_then(|j| j.data.as_ref())
        .map_or(1, |j| j.stops.len());
    // The journey's record knows what the list's may not (a run cut short, its messages).
    let told;
    let t = match journey
        .and_then(|j| j.data.as_ref())
        .filter(|j| j.train.id == t.id)
        .filter(|j| !j.train.messages.is_empty() || j.train.partly_cancelled)
    {
        Some(j) => {
            told = Train {
                messages: j.train.messages.clone(),
                partly_cancelled: j.train.partly_cancelled,
                ..t.clone()
            };
            &told
        }
        None => t,
    };
    let parts = crate::tui::layout::details(area, stops);
    frame.render_widget(ratatui::widgets::Clear, parts.window);
    let lang = state.settings.lang;
    let title = format!(" {} ", lang.t("details-title"));
    let block = window(&title, &theme);
    frame.render_widget(block, parts.window);
    // Times a person reads on the train's own clock (its feed's, else its country's or
    // region's), with the zone's name.
    let tz = t
        .zone()
        .or_else(|| {
            state.zone_of(
                t.country
                    .as_deref()
                    .or(state.countries.selected.as_deref())?,
            )
        })
        .unwrap_or(chrono_tz::UTC);
    let local =
        |at: chrono::DateTime<chrono::Utc>| at.with_timezone(&tz).format("%H:%M:%S %Z").to_string();
    let offset = state.journey_offset();
    if parts.side_by_side {
        frame.render_widget(
            Paragraph::new(field_lines(t, &theme, &local, lang))
                .wrap(ratatui::widgets::Wrap { trim: true }),
            parts.fields,
        );
    } else {
        frame.render_widget(
            Paragraph::new(summary_lines(t, &theme, &local, lang)),
            parts.fields,
        );
    }
    super::journey::journey(journey, offset, &theme, lang, frame, parts.journey);
    sparkline(state, t, &local, frame, parts.spark);
}

type Local<'a> = dyn Fn(chrono::DateTime<chrono::Utc>) -> String + 'a;

fn position_text(t: &Train, lang: Lang) -> String {
    match (t.lat, t.lng, &t.last_seen) {
        (Some(lat), Some(lng), _) => format!("{lat:.5}, {lng:.5}"),
        (_, _, Some(seen)) => tr!(lang, "details-last-seen", at = seen.clone()),
        _ => lang.t("details-no-position").into(),
    }
}

fn last_update(t: &Train, local: &Local) -> Option<String> {
    t.last_updated.as_deref().map(|u| {
        chrono::DateTime::parse_from_rfc3339(u)
            .map(|at| local(at.with_timezone(&chrono::Utc)))
            .unwrap_or_else(|_| u.to_string())
    })
}

fn delay_span(t: &Train, theme: &Theme, lang: Lang) -> Span<'static> {
    let cancelled = t.status == railtop_core::model::status::CANCELLED;
    Span::styled(
        delay_text(t.delay, cancelled, lang),
        theme.delay(DelayClass::of(t.delay, cancelled)),
    )
}

/// Every field of the record, a line each.
fn field_lines(t: &Train, theme: &Theme, local: &Local, lang: Lang) -> Vec<Line<'static>> {
    // Labels padded to one column, however long they are in this language.
    let label = |id: &'static str| {
        let k = lang.t(id);
        let pad = 13usize
            .saturating_sub(unicode_width::UnicodeWidthStr::width(k))
            .max(1);
        Span::styled(format!("{k}{}", " ".repeat(pad)), theme.accent())
    };
    let field = |id: &'static str, v: String| Line::from(vec![label(id), Span::raw(v)]);
    let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| "—".into());
    let mut lines = vec![
        field("field-train", format!("{}  ({})", t.train_code, t.id)),
        field("field-to", destination(t).to_string()),
        field("field-from", opt(&t.from)),
        field("field-next-station", opt(&t.next_station)),
        field("field-status", status_text(t, lang)),
    ];
    // What the feed says of the train, right under its status: it matters most.
    for (i, m) in t.messages.iter().enumerate() {
        lines.push(if i == 0 {
            field("field-messages", m.clone())
        } else {
            Line::from(vec![Span::raw(" ".repeat(13)), Span::raw(m.clone())])
        });
    }
    lines.extend([
        Line::from(vec![label("field-delay"), delay_span(t, theme, lang)]),
        field("field-platform", opt(&t.platform)),
        field("field-scheduled", opt(&t.scheduled_dep)),
        field("field-direction", opt(&t.direction)),
        field("field-position", position_text(t, lang)),
        field(
            "field-speed",
            t.speed
                .map_or_else(|| "—".into(), |v| format!("{v:.0} km/h")),
        ),
        field("field-last-update", opt(&last_update(t, local))),
        field("field-operator", opt(&t.operator)),
        field("field-country", opt(&t.country)),
    ]);
    lines
}

/// The status as a person reads it: "running · partly cancelled" where some stops are (the
/// source's own word where a screen knows no other).
fn status_text(t: &Train, lang: Lang) -> String {
    let status = match t.status.as_str() {
        railtop_core::model::status::RUNNING => lang.t("train-running"),
        railtop_core::model::status::SCHEDULED => lang.t("train-scheduled"),
        railtop_core::model::status::ARRIVED => lang.t("train-arrived"),
        railtop_core::model::status::CANCELLED => lang.t("status-cancelled"),
        other => other,
    };
    if t.partly_cancelled {
        format!("{status} · {}", lang.t("details-partly-cancelled"))
    } else {
        status.to_string()
    }
}

/// The record in three lines, for a narrow window.
fn summary_lines(t: &Train, theme: &Theme, local: &Local, lang: Lang) -> Vec<Line<'static>> {
    let mut first = vec![
        Span::styled(
            format!("{} → {}", t.train_code, destination(t)),
            theme.title(),
        ),
        Span::raw(format!(" · {} · ", status_text(t, lang))),
    ];
    first.push(delay_span(t, theme, lang));
    let mut second = vec![tr!(
        lang,
        "details-from",
        station = t.from.as_deref().unwrap_or("—").to_string()
    )];
    if let Some(p) = &t.platform {
        second.push(tr!(lang, "details-platform", platform = p.clone()));
    }
    if let Some(op) = &t.operator {
        second.push(op.clone());
    }
    second.push(t.id.clone());
    let mut third = vec![position_text(t, lang)];
    if let Some(v) = t.speed {
        third.push(format!("{v:.0} km/h"));
    }
    if let Some(u) = last_update(t, local) {
        third.push(tr!(lang, "updated-at", at = u));
    }
    // Three lines only: what the feed says of the train outranks where it is.
    let last = match t.messages.first() {
        Some(m) => Line::from(Span::styled(format!("! {m}"), theme.accent())),
        None => Line::from(Span::styled(third.join(" · "), theme.dim())),
    };
    vec![Line::from(first), Line::from(second.join(" · ")), last]
}

/// The train's delay as this dashboard has seen it, oldest left.
fn sparkline(state: &AppState, t: &Train, local: &Local, frame: &mut Frame, spark: Rect) {
    let theme = state.settings.theme();
    let lang = state.settings.lang;
    let history = state.trains.history.of(&t.id);
    let samples: Vec<i32> = history.map_or_else(Vec::new, |h| {
        h.delays.iter().map(|d| d.unwrap_or(0)).collect()
    });
    let low = samples.iter().copied().min().unwrap_or(0).min(0);
    let high = samples.iter().copied().max().unwrap_or(0);
    let data: Vec<u64> = samples.iter().map(|&d| (d - low) as u64).collect();
    let caption = match (history, samples.as_slice()) {
        (None, _) | (Some(_), []) => format!(" {} ", lang.t("spark-not-seen")),
        // One sample is a value, not a history: no bars, no range.
        (Some(h), [one]) => format!(
            " {} ",
            tr!(lang, "spark-one", since = local(h.first_seen), delay = *one)
        ),
        (Some(h), _) => format!(
            " {} ",
            tr!(
                lang,
                "spark-many",
                since = local(h.first_seen),
                n = samples.len(),
                low = low,
                high = high
            )
        ),
    };
    let width = usize::from(spark.width.saturating_sub(2));
    let shown = if data.len() < 2 {
        &[][..]
    } else {
        &data[data.len().saturating_sub(width)..]
    };
    frame.render_widget(
        Sparkline::default()
            .block(Block::default().borders(Borders::TOP).title(caption))
            .style(theme.accent())
            .data(shown),
        spark,
    );
}

pub fn search(state: &AppState, search: &StationSearch, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let lang = state.settings.lang;
    let r = popup(frame, area, 60, crate::tui::search::MAX_MATCHES as u16 + 6);
    let what = lang.t(match (search.goal, state.board.kind) {
        (Goal::Board, _) => "search-station",
        (Goal::Route, Kind::Departures) => "search-only-to",
        (Goal::Route, Kind::Arrivals) => "search-only-from",
        (Goal::Merge, _) => "search-add",
    });
    let scope = match search.country.as_deref() {
        Some(_) => tr!(
            lang,
            "search-country-first",
            country = Countries::name(search.country.as_deref(), lang)
        ),
        None => lang.t("search-every-country").to_string(),
    };
    let keys = lang.t("search-keys");
    // The keys where the title has room for them (the box's last line names them too): a
    // title is never cut at the border.
    let room = usize::from(r.width.saturating_sub(2));
    let title = [
        format!(" {what} · {scope} ({keys}) "),
        format!(" {what} · {scope} "),
        format!(" {what} "),
    ]
    .into_iter()
    .find(|t| unicode_width::UnicodeWidthStr::width(t.as_str()) <= room)
    .unwrap_or_else(|| format!(" {what} "));
    let block = window(&title, &theme);
    let inner = block.inner(r);
    frame.render_widget(block, r);
    let [input, list, hint] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(inner);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("› ", theme.accent()),
            Span::raw(format!("{}█", search.input)),
        ])),
        input,
    );
    let rows = search.matches.iter().enumerate().map(|(i, m)| {
        // A pinned station is marked, before its name (never colour alone).
        let name = if search.is_pinned(i) {
            format!("★ {}", m.name)
        } else {
            m.name.clone()
        };
        let row = Row::new(vec![m.code.clone(), name, m.country.to_string()]);
        if i == search.selected {
            row.style(theme.selected())
        } else {
            row
        }
    });
    frame.render_widget(
        Table::new(
            rows,
            [
                Constraint::Length(10),
                Constraint::Fill(1),
                Constraint::Length(14),
            ],
        ),
        list,
    );
    use crate::tui::search::Origin;
    let text = match &search.origin {
        Origin::Asking => lang.t("search-asking").to_string(),
        Origin::ServerFailed(why) => tr!(lang, "search-server-failed", why = why.to_string()),
        _ if search.matches.is_empty() && !search.input.trim().is_empty() => {
            match &state.served {
                // The demo: a station elsewhere is not offered at all; say why.
                Some(_) => lang.t("search-none-in-countries"),
                None => lang.t("search-no-match"),
            }
            .to_string()
        }
        _ => lang.t("search-type").to_string(),
    };
    let text = railtop_core::text::fit(&text, usize::from(hint.width));
    frame.render_widget(Paragraph::new(text).style(theme.dim()), hint);
}
