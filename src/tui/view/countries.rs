//! The country selector: "All countries" and every live country, with its train count and a
//! marker when its feed is failing (`!`) or its count is old (`~`).

use super::pane_block;
use crate::screen::theme::Theme;
use crate::tui::app::{AppState, Pane};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem, ListState, Paragraph};
use ratatui::Frame;

/// A count older than this is marked as stale.
const STALE_SECS: i64 = 300;

fn entry(state: &AppState, slug: Option<&str>) -> (String, String) {
    let name = AppState::country_name(slug);
    let (count, marker) = match slug {
        // The total only when every country's count is known.
        None => (
            state
                .countries
                .iter()
                .map(|c| state.country_status.get(c).and_then(|s| s.trains))
                .sum::<Option<u64>>()
                .filter(|_| !state.countries.is_empty())
                .map(|n| n.to_string()),
            "",
        ),
        Some(s) => match state.country_status.get(s) {
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
    let theme = Theme::new(state.settings.monochrome);
    let entries = state.selector();
    let selected = entries
        .iter()
        .position(|c| *c == state.country)
        .unwrap_or(0);
    if area.height == 1 {
        // Narrow screens: one line of tabs around the selected country.
        let mut spans = vec![Span::styled("◀ ", theme.accent())];
        for (i, c) in entries.iter().enumerate() {
            let (name, count) = entry(state, c.as_deref());
            let text = format!(" {name} {count} ");
            spans.push(if i == selected {
                Span::styled(text, theme.selected())
            } else {
                Span::raw(text)
            });
        }
        spans.push(Span::styled(" ▶", theme.accent()));
        // Scroll so the selected tab is visible.
        let before: usize = spans
            .iter()
            .take(selected + 1)
            .map(|s| s.content.chars().count())
            .sum();
        let skip = before.saturating_sub(usize::from(area.width) / 2) as u16;
        frame.render_widget(Paragraph::new(Line::from(spans)).scroll((0, skip)), area);
        return;
    }
    let width = usize::from(area.width.saturating_sub(4));
    let items: Vec<ListItem> = entries
        .iter()
        .map(|c| {
            let (name, count) = entry(state, c.as_deref());
            let pad = width.saturating_sub(name.chars().count() + count.chars().count());
            ListItem::new(format!("{name}{}{count}", " ".repeat(pad)))
        })
        .collect();
    let title = Line::from(Span::styled(" Countries ", theme.title()));
    let list = List::new(items)
        .block(pane_block(title, state.focus == Pane::Countries, &theme))
        .highlight_style(theme.selected())
        .highlight_symbol("▶");
    let mut list_state = ListState::default().with_selected(Some(selected));
    frame.render_stateful_widget(list, area, &mut list_state);
}
