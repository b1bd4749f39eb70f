//! What the help window says, as lines a window of a given width shows whole: the keys, the
//! map's keys, what every mark means, and the countries not live here. A meaning longer than
//! its column wraps under itself rather than ending in `…` (at 80 columns several did), and the
//! window scrolls: the view draws these lines, the update clamps its scroll to them.

use crate::tui::app::AppState;
use crate::tui::keymap::said;
use crate::tui::keymap::Mode;
use crate::tui::pane::Countries;
use railtop_i18n::{tr, Lang};
use ratatui::layout::Rect;

/// The label column's width.
pub const LABEL: u16 = 16;
/// The window's widest.
pub const WIDTH: u16 = 84;

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// A key or a mark, and what it does or means.
    Key,
    /// A part's heading.
    Heading,
    /// A country not live here.
    Dim,
}

/// One line of the window: a label (empty on a meaning's further lines) and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpLine {
    pub label: String,
    pub text: String,
    pub look: Look,
}

/// What every mark on the dashboard means, in `lang`.
fn legend(on_time: i64, lang: Lang) -> Vec<(&'static str, String)> {
    vec![
        ("● ○", lang.t("legend-gps").into()),
        (lang.t("legend-delay-mark"), lang.t("legend-delay").into()),
        (
            lang.t("status-on-time"),
            tr!(lang, "legend-on-time", n = on_time),
        ),
        (lang.t("status-no-data"), lang.t("legend-no-data").into()),
        (
            lang.t("status-cancelled"),
            lang.t("legend-cancelled").into(),
        ),
        ("3→5", lang.t("legend-platform").into()),
        ("00:05+1", lang.t("legend-next-day").into()),
        ("– ! ~", lang.t("legend-country").into()),
        (
            lang.t("legend-map-trains-mark"),
            lang.t("legend-map-trains").into(),
        ),
        (
            lang.t("legend-map-lines-mark"),
            lang.t("legend-map-lines").into(),
        ),
    ]
}

/// The window's lines for a text column `width` cells wide.
pub fn lines(state: &AppState, width: usize) -> Vec<HelpLine> {
    let mut out = Vec::new();
    let mut entry = |label: &str, text: &str, look: Look| {
        let wrapped = textwrap::wrap(text, width.max(8));
        let mut first = true;
        for part in wrapped {
            out.push(HelpLine {
                label: if first {
                    label.to_string()
                } else {
                    String::new()
                },
                text: part.into_owned(),
                look,
            });
            first = false;
        }
        if first {
            out.push(HelpLine {
                label: label.to_string(),
                text: String::new(),
                look,
            });
        }
    };
    // The keys in force: the defaults, or as the configuration's `[keys]` rebound them.
    let keys = &state.settings.keys;
    let lang = state.settings.lang;
    let normal = keys.table(Mode::Normal);
    for b in normal {
        entry(&b.label, said(lang, b.help), Look::Key);
    }
    entry("", "", Look::Key);
    entry(
        lang.t("help-on-the-map"),
        lang.t("help-on-the-map-how"),
        Look::Heading,
    );
    for b in keys
        .table(Mode::Map)
        .iter()
        .filter(|b| !normal.iter().any(|n| n.label == b.label))
    {
        entry(&b.label, said(lang, b.help), Look::Key);
    }
    entry("", "", Look::Key);
    entry(lang.t("help-marks"), "", Look::Heading);
    for (mark, meaning) in legend(state.settings.on_time_minutes, lang) {
        entry(mark, &meaning, Look::Key);
    }
    if !state.countries.not_live.is_empty() {
        entry("", "", Look::Key);
        entry(lang.t("help-not-live"), "", Look::Heading);
        for (country, why) in &state.countries.not_live {
            entry(&Countries::name(Some(country), lang), why, Look::Dim);
        }
    }
    out
}

/// The window on a screen `area`, its lines and how many of them it shows at once.
pub fn window(state: &AppState, area: Rect) -> (Rect, Vec<HelpLine>, usize) {
    // Its width first (the lines' wrapping depends on it), then its height from the lines.
    let width = crate::tui::layout::centred(area, WIDTH, area.height).width;
    let text = usize::from(width.saturating_sub(2 + LABEL + 1));
    let lines = lines(state, text);
    let want = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let r = crate::tui::layout::centred(area, WIDTH, want);
    let visible = usize::from(r.height.saturating_sub(2));
    (r, lines, visible)
}

/// The furthest the window scrolls on a screen `area`: its last line at its bottom.
pub fn last_start(state: &AppState, area: Rect) -> usize {
    let (_, lines, visible) = window(state, area);
    lines.len().saturating_sub(visible)
}
