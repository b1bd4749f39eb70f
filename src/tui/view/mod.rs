//! Pure views: `fn(&AppState, &mut Frame, Rect)`, one per pane. They read the state and draw;
//! nothing else. The clock is `state.now`, so a snapshot of a fixed state never changes.

mod board;
mod countries;
mod header;
mod journey;
mod map;
mod overlays;
mod trains;

use super::app::{AppState, Overlay};
use super::keymap::{self, Mode};
use crate::screen::theme::Theme;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub use board::board;
pub use countries::countries;
pub use header::header;
pub use map::map;
pub use trains::trains;

pub(crate) use crate::screen::widgets::fit_spans;

/// Draws the whole dashboard.
pub fn draw(state: &AppState, frame: &mut Frame) {
    let area = frame.area();
    let areas = state.areas_in(area);
    if areas.too_small {
        too_small(state.settings.lang, frame, area);
        return;
    }
    header(state, frame, areas.header);
    countries(state, frame, areas.countries);
    trains(state, frame, areas.trains);
    board(state, frame, areas.board);
    if let Some(m) = areas.map {
        map(state, frame, m);
    }
    footer(state, frame, areas.footer);
    match &state.overlay {
        Some(Overlay::Help) => overlays::help(state, frame, area),
        Some(Overlay::Details) => overlays::details(state, frame, area),
        Some(Overlay::Search(search)) => overlays::search(state, search, frame, area),
        None => {}
    }
}

fn too_small(lang: railtop_i18n::Lang, frame: &mut Frame, area: Rect) {
    let text = railtop_i18n::tr!(
        lang,
        "terminal-too-small",
        width = area.width,
        height = area.height,
        min_width = super::layout::MIN_WIDTH,
        min_height = super::layout::MIN_HEIGHT
    );
    let [middle] = Layout::vertical([Constraint::Length(2)])
        .flex(ratatui::layout::Flex::Center)
        .areas(area);
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        middle,
    );
}

fn footer(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    // The main keys' hints, also under a window (it closes with Esc).
    let mode = match state.key_mode() {
        Mode::Filtering => Mode::Filtering,
        Mode::Map => Mode::Map,
        _ => Mode::Normal,
    };
    // `? help` is always shown (last); the other hints as many as fit before it, whole.
    let hints = state.settings.keys.hints(mode);
    let (help, others): (Vec<_>, Vec<_>) = hints.into_iter().partition(|h| h.what == "help");
    let lang = state.settings.lang;
    let what = |h: &keymap::Hint| keymap::said(lang, h.what);
    let width = |h: &&keymap::Hint| h.keys.chars().count() + 1 + what(h).chars().count() + 2;
    // The last hint needs no gap after it.
    let help_width = help.iter().map(width).sum::<usize>().saturating_sub(2);
    let mut room = usize::from(area.width).saturating_sub(help_width);
    let mut spans = Vec::new();
    // A notice (why a key did nothing) takes the hints' place for a few seconds.
    let notice = state
        .notice
        .as_ref()
        .filter(|(_, at)| (state.now - *at).num_seconds() < crate::tui::app::NOTICE_SECS);
    if let Some((text, _)) = notice {
        spans.push(Span::styled(
            format!(
                "{}  ",
                railtop_core::text::fit(text, room.saturating_sub(2))
            ),
            theme.changed(),
        ));
        room = 0;
    }
    for hint in others.iter().chain(help.iter()) {
        let w = width(hint);
        if hint.what != "help" {
            if w > room {
                continue;
            }
            room -= w;
        }
        spans.push(Span::styled(hint.keys.as_ref(), theme.accent()));
        spans.push(Span::raw(format!(" {}  ", what(hint))));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// A bordered block whose border shows focus by weight as well as colour.
fn pane_block<'a>(title: Line<'a>, focused: bool, theme: &Theme) -> Block<'a> {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border(focused))
        .title(title);
    if focused {
        block.border_type(ratatui::widgets::BorderType::Thick)
    } else {
        block
    }
}

/// A centred rectangle of at most `w`×`h` inside `area`, cleared for an overlay.
fn popup(frame: &mut Frame, area: Rect, w: u16, h: u16) -> Rect {
    let r = crate::tui::layout::centred(area, w, h);
    frame.render_widget(Clear, r);
    r
}

use crate::screen::age_text;

#[cfg(test)]
mod fit_tests {
    use super::*;
    use ratatui::style::Style;

    #[test]
    fn a_cut_line_of_spans_ends_in_an_ellipsis_and_keeps_its_styles() {
        let line = || {
            vec![
                Span::raw("railtop · "),
                Span::styled("Switzerland", Style::new().bold()),
            ]
        };
        assert_eq!(fit_spans(line(), 40).len(), 2, "fits: untouched");
        let cut = fit_spans(line(), 14);
        let text: String = cut.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "railtop · Swi…");
        assert_eq!(cut.iter().map(|s| s.width()).sum::<usize>(), 14);
        assert_eq!(cut[1].style, Style::new().bold());
        let text: String = fit_spans(line(), 5)
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(text, "rail…");
    }
}
