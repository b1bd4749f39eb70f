//! The country selector: "All countries" and every live country, with its train count and a
//! marker when its feed is failing (`!`) or its count is old (`~`).

use super::pane_block;
use crate::screen::theme::Theme;
use crate::tui::app::{AppState, Pane};
use crate::tui::pane::Countries;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem, ListState, Paragraph};
use ratatui::Frame;

/// A count older than this is marked as stale.
const STALE_SECS: i64 = 300;

fn entry(state: &AppState, slug: Option<&str>) -> (String, String) {
    let name = Countries::name(slug, state.settings.lang);
    let (count, marker) = match slug {
        // The total only when every country's count is known.
        None => (
            state
                .countries
                .live
                .iter()
                .map(|c| state.countries.status.get(c).and_then(|s| s.trains))
                .sum::<Option<u64>>()
                .filter(|_| !state.countries.live.is_empty())
                .map(|n| n.to_string()),
            "",
        ),
        Some(s) => match state.countries.status.get(s) {
            None => (None, ""),
            Some(st) if st.failing.is_some() => (st.trains.map(|n| n.to_string()), "!"),
            Some(st) => {
                let stale = st
                    .as_of
                    .is_some_and(|t| (state.now - t).num_seconds() > STALE_SECS);
                (
                    st.trains.map(|n| n.to_string()),
                    if stale { "~" } else { "" },
                )
            }
        },
    };
    (
        name,
        format!("{}{marker}", count.unwrap_or_else(|| "–".into())),
    )
}

pub fn countries(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let entries = state.countries.selector();
    let selected = entries
        .iter()
        .position(|c| *c == state.countries.selected)
        .unwrap_or(0);
    if area.height == 1 {
        tabs(state, &entries, selected, frame, area, &theme);
        return;
    }
    let width = usize::from(area.width.saturating_sub(4));
    let items: Vec<ListItem> = entries
        .iter()
        .map(|c| {
            let (name, count) = entry(state, c.as_deref());
            // At least one space between them; a name too long for both ends in `…`.
            let name =
                railtop_core::text::fit(&name, width.saturating_sub(count.chars().count() + 1));
            let pad = width
                .saturating_sub(name.chars().count() + count.chars().count())
                .max(1);
            ListItem::new(format!("{name}{}{count}", " ".repeat(pad)))
        })
        .collect();
    let title = Line::from(Span::styled(
        format!(" {} ", state.settings.lang.t("countries-title")),
        theme.title(),
    ));
    let list = List::new(items)
        .block(pane_block(title, state.focus == Pane::Countries, &theme))
        .highlight_style(theme.selected())
        .highlight_symbol("▶");
    let mut list_state = ListState::default().with_selected(Some(selected));
    frame.render_stateful_widget(list, area, &mut list_state);
}

/// Narrow screens: one line of whole tabs around the selected country, `◀`/`▶` only on a side
/// where tabs are hidden (a tab too long for the line alone ends in `…`).
fn tabs(
    state: &AppState,
    entries: &[Option<String>],
    selected: usize,
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
) {
    let texts: Vec<String> = entries
        .iter()
        .map(|c| {
            let (name, count) = entry(state, c.as_deref());
            format!(" {name} {count} ")
        })
        .collect();
    let len = |i: usize| texts[i].chars().count();
    // Two columns each side for the arrows, whether drawn or not, so tabs do not jump.
    let room = usize::from(area.width).saturating_sub(4);
    let (mut lo, mut hi) = (selected, selected + 1);
    let mut used = len(selected);
    loop {
        let mut grew = false;
        if hi < texts.len() && used + len(hi) <= room {
            used += len(hi);
            hi += 1;
            grew = true;
        }
        if lo > 0 && used + len(lo - 1) <= room {
            lo -= 1;
            used += len(lo);
            grew = true;
        }
        if !grew {
            break;
        }
    }
    let arrow = |show: bool, s: &'static str| {
        if show {
            Span::styled(s, theme.accent())
        } else {
            Span::raw("  ")
        }
    };
    let mut spans = vec![arrow(lo > 0, "◀ ")];
    for (i, text) in texts.iter().enumerate().take(hi).skip(lo) {
        let text = railtop_core::text::fit(text, room);
        spans.push(if i == selected {
            Span::styled(text, theme.selected())
        } else {
            Span::raw(text)
        });
    }
    spans.push(arrow(hi < texts.len(), " ▶"));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
