//! Colours and text cues. 16 named colours (they follow the terminal's palette and travel well
//! over slow links); the light theme also takes three fixed colours of the 256-colour cube, which
//! terminals show alike, where the named ones are too pale on white (green, cyan, dark grey).
//! Every colour meets WCAG AA (4.5:1) against its theme's background in xterm's palette, checked
//! by a test; and every state is also told in text or shape, never by colour alone: with
//! `NO_COLOR` / `--no-color` the screen keeps its meaning.

use railtop_core::model::status;
use ratatui::style::{Color, Modifier, Style};

/// The light theme's green, cyan and grey: the cube's (0,135,0), (0,95,135) and (108,108,108).
const LIGHT_GREEN: Color = Color::Indexed(28);
const LIGHT_CYAN: Color = Color::Indexed(24);
const LIGHT_GREY: Color = Color::Indexed(242);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub mono: bool,
    /// For light terminal backgrounds: the colours that vanish on white (yellow, light red,
    /// grey) are swapped for darker ones of the same meaning.
    pub light: bool,
}

/// How late a train is, in words and weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DelayClass {
    NoData,
    Early,
    OnTime,
    Slight,
    Late,
    VeryLate,
    Cancelled,
}

impl DelayClass {
    /// Every class, least severe first (the map's legend order).
    pub const ALL: [DelayClass; 7] = [
        DelayClass::NoData,
        DelayClass::Early,
        DelayClass::OnTime,
        DelayClass::Slight,
        DelayClass::Late,
        DelayClass::VeryLate,
        DelayClass::Cancelled,
    ];

    pub fn of(delay: Option<i64>, cancelled: bool) -> DelayClass {
        match delay {
            _ if cancelled => DelayClass::Cancelled,
            None => DelayClass::NoData,
            Some(d) if d < 0 => DelayClass::Early,
            Some(0) => DelayClass::OnTime,
            Some(1..=4) => DelayClass::Slight,
            Some(5..=14) => DelayClass::Late,
            Some(_) => DelayClass::VeryLate,
        }
    }
}

/// `+7′`, `-2′ early`, `on time`, `no data`, `cancelled`.
pub(crate) fn delay_text(delay: Option<i64>, cancelled: bool) -> String {
    match (DelayClass::of(delay, cancelled), delay) {
        (DelayClass::Cancelled, _) => "cancelled".into(),
        (DelayClass::NoData, _) | (_, None) => "no data".into(),
        (DelayClass::OnTime, _) => "on time".into(),
        (DelayClass::Early, Some(d)) => format!("{d}′ early"),
        (_, Some(d)) => format!("+{d}′"),
    }
}

/// The platform as shown: `3→4` where it changed, else the one known.
pub(crate) fn platform_text(d: &railtop_core::model::Departure) -> String {
    match (&d.planned_platform, &d.platform) {
        (Some(p), Some(a)) if p != a => format!("{p}→{a}"),
        (_, Some(a)) => a.clone(),
        (Some(p), None) => p.clone(),
        (None, None) => String::new(),
    }
}

/// `+7′`, `-2′`, `✓` on time, `✕` cancelled: the status where words do not fit (the same
/// colours, and the help's legend, say which is which).
pub(crate) fn delay_symbol(delay: Option<i64>, cancelled: bool) -> String {
    match delay {
        _ if cancelled => "✕".into(),
        None => "–".into(),
        Some(0) => "✓".into(),
        Some(d) if d > 0 => format!("+{d}′"),
        Some(d) => format!("{d}′"),
    }
}

impl Theme {
    pub fn new(mono: bool) -> Theme {
        Theme { mono, light: false }
    }

    /// `color`, `mono` or `light`, as the configuration names them.
    pub fn of(theme: railtop_core::config::Theme) -> Theme {
        use railtop_core::config::Theme as Named;
        Theme {
            mono: theme == Named::Mono,
            light: theme == Named::Light,
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.mono {
            return Style::default();
        }
        let c = match (self.light, c) {
            (true, Color::Yellow) => Color::Blue,
            (true, Color::LightRed) => Color::Red,
            (true, Color::Gray | Color::White) => Color::Black,
            (true, Color::Green | Color::LightGreen) => LIGHT_GREEN,
            (true, Color::Cyan | Color::LightCyan) => LIGHT_CYAN,
            (true, Color::DarkGray) => LIGHT_GREY,
            // On black, xterm's red and magenta are under 4.5:1: their bright forms are not.
            (false, Color::Red) => Color::LightRed,
            (false, Color::Magenta) => Color::LightMagenta,
            (_, c) => c,
        };
        Style::default().fg(c)
    }

    pub fn delay(&self, class: DelayClass) -> Style {
        match class {
            DelayClass::NoData => self.fg(Color::DarkGray).add_modifier(Modifier::ITALIC),
            DelayClass::Early => self.fg(Color::Cyan),
            DelayClass::OnTime => self.fg(Color::Green),
            DelayClass::Slight => self.fg(Color::Yellow),
            DelayClass::Late => self.fg(Color::LightRed).add_modifier(Modifier::BOLD),
            DelayClass::VeryLate => self
                .fg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            DelayClass::Cancelled => self.fg(Color::Magenta).add_modifier(Modifier::CROSSED_OUT),
        }
    }

    /// A whole row of a cancelled train is struck through.
    pub fn row(&self, train_status: &str) -> Style {
        if train_status == status::CANCELLED {
            self.fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT)
        } else {
            Style::default()
        }
    }

    pub fn selected(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    pub(crate) fn border(&self, focused: bool) -> Style {
        if focused {
            self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            self.fg(Color::DarkGray)
        }
    }

    pub fn title(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    pub(crate) fn header_cells(&self) -> Style {
        self.fg(Color::Gray)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    pub(crate) fn dim(&self) -> Style {
        if self.light {
            // A terminal's dim is paler still: on white, the grey alone is the quiet text.
            return self.fg(Color::DarkGray);
        }
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    pub fn error(&self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    pub(crate) fn badge(&self) -> Style {
        if self.mono {
            Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::default()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD)
        }
    }

    pub(crate) fn accent(&self) -> Style {
        self.fg(Color::Cyan)
    }

    pub fn changed(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_are_told_in_words() {
        assert_eq!(delay_text(Some(7), false), "+7′");
        assert_eq!(delay_text(Some(-2), false), "-2′ early");
        assert_eq!(delay_text(Some(0), false), "on time");
        assert_eq!(delay_text(None, false), "no data");
        assert_eq!(delay_text(Some(3), true), "cancelled");
    }

    /// xterm's RGB for a colour (its 16-colour palette, the 6×6×6 cube, the grey ramp).
    fn rgb(c: Color) -> (u8, u8, u8) {
        match c {
            Color::Black => (0, 0, 0),
            Color::Red => (205, 0, 0),
            Color::Green => (0, 205, 0),
            Color::Yellow => (205, 205, 0),
            Color::Blue => (0, 0, 238),
            Color::Magenta => (205, 0, 205),
            Color::Cyan => (0, 205, 205),
            Color::Gray => (229, 229, 229),
            Color::DarkGray => (127, 127, 127),
            Color::LightRed => (255, 0, 0),
            Color::LightGreen => (0, 255, 0),
            Color::LightYellow => (255, 255, 0),
            Color::LightBlue => (92, 92, 255),
            Color::LightMagenta => (255, 0, 255),
            Color::LightCyan => (0, 255, 255),
            Color::White => (255, 255, 255),
            Color::Indexed(i @ 16..=231) => {
                let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
                let i = i - 16;
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            Color::Indexed(i @ 232..=255) => {
                let v = 8 + 10 * (i - 232);
                (v, v, v)
            }
            other => panic!("no RGB for {other:?}"),
        }
    }

    /// WCAG 2's contrast ratio of two colours.
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let lum = |(r, g, b): (u8, u8, u8)| {
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// Every text colour of each theme against its background (black for the dark theme,
    /// white for the light one), and the badge's text against its own background: 4.5:1 at
    /// least, WCAG AA for text.
    #[test]
    fn every_colour_meets_wcag_aa_on_its_background() {
        for (theme, background) in [
            (Theme::of(railtop_core::config::Theme::Color), (0, 0, 0)),
            (
                Theme::of(railtop_core::config::Theme::Light),
                (255, 255, 255),
            ),
        ] {
            let mut styles: Vec<(String, Style)> = DelayClass::ALL
                .iter()
                .map(|c| (format!("{c:?}"), theme.delay(*c)))
                .collect();
            styles.extend([
                ("cancelled row".into(), theme.row(status::CANCELLED)),
                ("border".into(), theme.border(false)),
                ("focused border".into(), theme.border(true)),
                ("header".into(), theme.header_cells()),
                ("dim".into(), theme.dim()),
                ("error".into(), theme.error()),
                ("accent".into(), theme.accent()),
                ("changed".into(), theme.changed()),
                ("badge".into(), theme.badge()),
            ]);
            for (name, style) in styles {
                let Some(fg) = style.fg else { continue };
                let bg = style.bg.map_or(background, rgb);
                let ratio = contrast(rgb(fg), bg);
                assert!(
                    ratio >= 4.5,
                    "light {}: {name} ({fg:?}) is {ratio:.2}:1",
                    theme.light
                );
            }
        }
    }

    #[test]
    fn the_light_theme_swaps_what_vanishes_on_white() {
        let light = Theme::of(railtop_core::config::Theme::Light);
        assert_eq!(light.delay(DelayClass::Slight).fg, Some(Color::Blue));
        assert_eq!(light.error().fg, Some(Color::Red));
        assert_eq!(light.header_cells().fg, Some(Color::Black));
        let dark = Theme::of(railtop_core::config::Theme::Color);
        assert_eq!(dark.delay(DelayClass::Slight).fg, Some(Color::Yellow));
    }

    /// The guide names the colours the light theme sends beyond the 16 named ones (#54 item 28).
    #[test]
    fn the_guide_names_the_light_themes_cube_colours() {
        let guide = include_str!("../../docs/user-guide.md")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let index = |c: Color| match c {
            Color::Indexed(i) => i,
            other => panic!("{other:?} is a named colour"),
        };
        let said = format!(
            "green {}, blue-cyan {}, grey {}",
            index(LIGHT_GREEN),
            index(LIGHT_CYAN),
            index(LIGHT_GREY)
        );
        assert!(guide.contains(&said), "the user guide should say {said:?}");
    }

    #[test]
    fn monochrome_has_no_colour_but_keeps_weight() {
        let t = Theme::new(true);
        let s = t.delay(DelayClass::VeryLate);
        assert_eq!(s.fg, None);
        assert!(s.add_modifier.contains(Modifier::BOLD));
        assert_eq!(t.badge().bg, None);
    }
}
