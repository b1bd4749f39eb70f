//! What the help window says, as lines a window of a given width shows whole: the keys, the
//! map's keys, what every mark means, and the countries not live here. A meaning longer than
//! its column wraps under itself rather than ending in `…` (at 80 columns several did), and the
//! window scrolls: the view draws these lines, the update clamps its scroll to them.

use crate::tui::app::AppState;
use crate::tui::keymap::Mode;
use crate::tui::pane::Countries;
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

/// What every mark on the dashboard means.
fn legend(on_time: i64) -> Vec<(&'static str, String)> {
    vec![
        ("● ○", "the train has a GPS position / has none".into()),
        (
            "+7′  2′ early",
            "minutes late / early: 1–4′ plain, 5–14′ bold, 15′+ underlined".into(),
        ),
        (
            "on time",
            format!("no delay; the header counts up to +{on_time}′ on time (--on-time)"),
        ),
        (
            "no data",
            "no realtime for this train: not the same as on time".into(),
        ),
        (
            "cancelled",
            "struck through; ✕ where there is no room for the word".into(),
        ),
        ("3→5", "the platform changed from 3 to 5".into()),
        (
            "00:05+1",
            "a board's time on the next day (past midnight)".into(),
        ),
        (
            "– ! ~",
            "country: not counted yet · feed failing · count over 5 min old".into(),
        ),
        (
            "• ▴ ▲ ○ ◆ (map)",
            "a train on time / +1–4′ / +5′ (bold; underlined from 15′) / no data · selected".into(),
        ),
        (
            "⠂ ⠒ ∘ (map)",
            "a station · a rail line (blue) · the selected train's stops and route (cyan)".into(),
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
    let normal = keys.table(Mode::Normal);
    for b in normal {
        entry(&b.label, b.help, Look::Key);
    }
    entry("", "", Look::Key);
    entry("On the map", "(Tab to it, or M)", Look::Heading);
    for b in keys
        .table(Mode::Map)
        .iter()
        .filter(|b| !normal.iter().any(|n| n.label == b.label))
    {
        entry(&b.label, b.help, Look::Key);
    }
    entry("", "", Look::Key);
    entry("Marks", "", Look::Heading);
    for (mark, meaning) in legend(state.settings.on_time_minutes) {
        entry(mark, &meaning, Look::Key);
    }
    if !state.countries.not_live.is_empty() {
        entry("", "", Look::Key);
        entry("Not live here", "", Look::Heading);
        for (country, why) in &state.countries.not_live {
            entry(&Countries::name(Some(country)), why, Look::Dim);
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
