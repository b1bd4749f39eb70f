//! Colours and text cues. 16 named colours (they follow the terminal's palette and travel well
//! over slow links); the light theme also takes three fixed colours of the 256-colour cube, which
//! terminals show alike, where the named ones are too pale on white (green, cyan, dark grey).
//! The colour-blind palettes and the high-contrast one swap the statuses' colours for colours of
//! the cube: for each deficiency, the four that matter (on time, slightly late, late, cancelled)
//! were chosen by a search over the cube for the largest smallest difference (CIELAB ΔE) between
//! any two of them, both as a person with that deficiency sees them (Machado, Oliveira and
//! Fernandes' 2009 simulation) and with full colour vision; a test recomputes it.
//! Every colour meets WCAG AA (4.5:1; high contrast 7:1) against its theme's background in xterm's
//! palette, checked by a test; and every state is also told in text or shape, never by colour
//! alone: with `NO_COLOR` / `--no-color` the screen keeps its meaning.

use railtop_core::model::status;
use railtop_i18n::{tr, Lang};
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
    /// The statuses' colours on a dark background.
    palette: Palette,
}

/// Which colours say the statuses on a dark background.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Palette {
    /// Green on time, yellow slightly late, red late, magenta cancelled.
    Standard,
    /// Blue, yellow, tan, pink: apart for a person who sees no green (and for everyone else).
    Deuteranopia,
    /// Cyan, yellow, red, purple: apart for a person who sees no red.
    Protanopia,
    /// Aqua, magenta, red, grey: apart for a person who sees no blue.
    Tritanopia,
    /// The bright colours, white for text and grey for quiet text: 7:1 at least.
    HighContrast,
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

/// `+7′`, `-2′ early`, `on time`, `no data`, `cancelled` (in English).
pub(crate) fn delay_text(delay: Option<i64>, cancelled: bool, lang: Lang) -> String {
    match (DelayClass::of(delay, cancelled), delay) {
        (DelayClass::Cancelled, _) => lang.t("status-cancelled").into(),
        (DelayClass::NoData, _) | (_, None) => lang.t("status-no-data").into(),
        (DelayClass::OnTime, _) => lang.t("status-on-time").into(),
        (DelayClass::Early, Some(d)) => tr!(lang, "status-early-short", n = d),
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
        Theme {
            mono,
            light: false,
            palette: Palette::Standard,
        }
    }

    /// A theme as the configuration names it.
    pub fn of(theme: railtop_core::config::Theme) -> Theme {
        use railtop_core::config::Theme as Named;
        let palette = match theme {
            Named::Deuteranopia => Palette::Deuteranopia,
            Named::Protanopia => Palette::Protanopia,
            Named::Tritanopia => Palette::Tritanopia,
            Named::HighContrast => Palette::HighContrast,
            Named::Color | Named::Light | Named::Mono => Palette::Standard,
        };
        Theme {
            mono: theme == Named::Mono,
            light: theme == Named::Light,
            palette,
        }
    }

    /// The colour that says what `c` says in the standard dark theme, in this theme's palette.
    fn in_palette(&self, c: Color) -> Option<Color> {
        use Color::*;
        let index = match (self.palette, c) {
            (Palette::Standard, _) => return None,
            (Palette::Deuteranopia, Green | LightGreen) => 63,
            (Palette::Deuteranopia, Yellow) => 226,
            (Palette::Deuteranopia, Red | LightRed) => 173,
            (Palette::Deuteranopia, Magenta | LightMagenta) => 219,
            (Palette::Protanopia, Green | LightGreen) => 51,
            (Palette::Protanopia, Yellow) => 226,
            (Palette::Protanopia, Red | LightRed) => 196,
            (Palette::Protanopia, Magenta | LightMagenta) => 164,
            (Palette::Tritanopia, Green | LightGreen) => 50,
            (Palette::Tritanopia, Yellow) => 164,
            (Palette::Tritanopia, Red | LightRed) => 196,
            (Palette::Tritanopia, Magenta | LightMagenta) => 244,
            (Palette::HighContrast, Green | LightGreen) => return Some(LightGreen),
            (Palette::HighContrast, Yellow) => return Some(LightYellow),
            (Palette::HighContrast, Cyan | LightCyan) => return Some(LightCyan),
            (Palette::HighContrast, Red | LightRed) => 203,
            (Palette::HighContrast, Magenta | LightMagenta) => 219,
            (Palette::HighContrast, DarkGray) => return Some(Gray),
            (Palette::HighContrast, Gray) => return Some(White),
            _ => return None,
        };
        Some(Indexed(index))
    }

    fn fg(&self, c: Color) -> Style {
        if self.mono {
            return Style::default();
        }
        if let Some(c) = self.in_palette(c) {
            return Style::default().fg(c);
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
        if self.light || self.palette == Palette::HighContrast {
            // A terminal's dim is paler still: on white, and in high contrast, the grey alone is
            // the quiet text.
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
        let en = Lang::En;
        assert_eq!(delay_text(Some(7), false, en), "+7′");
        assert_eq!(delay_text(Some(-2), false, en), "-2′ early");
        assert_eq!(delay_text(Some(0), false, en), "on time");
        assert_eq!(delay_text(None, false, en), "no data");
        assert_eq!(delay_text(Some(3), true, en), "cancelled");
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
        let lum = |c: (u8, u8, u8)| {
            let [r, g, b] = linear(c);
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// Every theme the configuration names, with its background (white for the light one,
    /// black for the others) and the contrast its text must reach.
    fn every_theme() -> Vec<(railtop_core::config::Theme, (u8, u8, u8), f64)> {
        use clap::ValueEnum;
        use railtop_core::config::Theme as Named;
        Named::value_variants()
            .iter()
            .filter(|t| **t != Named::Mono)
            .map(|t| match t {
                Named::Light => (*t, (255, 255, 255), 4.5),
                Named::HighContrast => (*t, (0, 0, 0), 7.0),
                _ => (*t, (0, 0, 0), 4.5),
            })
            .collect()
    }

    /// Every text colour of each theme against its background, and the badge's text against
    /// its own background: 4.5:1 at least (WCAG AA for text), 7:1 in high contrast (AAA).
    #[test]
    fn every_colour_meets_wcag_aa_on_its_background() {
        let themes = every_theme();
        assert_eq!(themes.len(), 6, "every theme but mono is checked");
        for (named, background, least) in themes {
            let theme = Theme::of(named);
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
                assert!(ratio >= least, "{named:?}: {name} ({fg:?}) is {ratio:.2}:1");
            }
        }
    }

    /// Linear RGB of a colour (sRGB's curve undone).
    fn linear((r, g, b): (u8, u8, u8)) -> [f64; 3] {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        [lin(r), lin(g), lin(b)]
    }

    /// How a person with the deficiency sees a colour: Machado, Oliveira and Fernandes (2009),
    /// severity 1, on linear RGB.
    fn seen_by(deficiency: railtop_core::config::Theme, c: [f64; 3]) -> [f64; 3] {
        use railtop_core::config::Theme as Named;
        let m: [[f64; 3]; 3] = match deficiency {
            Named::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Named::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Named::Tritanopia => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
            _ => return c,
        };
        m.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0))
    }

    /// CIELAB (D65) of a linear RGB colour.
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// The smallest CIELAB difference between any two of the statuses told mostly by colour (on
    /// time, slightly late, late, cancelled) in `theme`, as seen with `deficiency`.
    fn closest_statuses(
        theme: railtop_core::config::Theme,
        deficiency: railtop_core::config::Theme,
    ) -> f64 {
        let t = Theme::of(theme);
        let seen: Vec<[f64; 3]> = [
            DelayClass::OnTime,
            DelayClass::Slight,
            DelayClass::Late,
            DelayClass::Cancelled,
        ]
        .iter()
        .map(|c| {
            lab(seen_by(
                deficiency,
                linear(rgb(t.delay(*c).fg.expect("a colour"))),
            ))
        })
        .collect();
        let mut least = f64::MAX;
        for (i, a) in seen.iter().enumerate() {
            for b in &seen[i + 1..] {
                let d =
                    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
                least = least.min(d);
            }
        }
        least
    }

    /// Each colour-blind theme keeps the statuses far apart (ΔE ≥ 40; 2.3 is just noticeable) for
    /// the eyes it is for and for full colour vision, where the standard theme brings two of them
    /// close (ΔE 5.5 to 10) for a person without red or green cones.
    #[test]
    fn the_colour_blind_themes_keep_the_statuses_apart_for_their_eyes() {
        use railtop_core::config::Theme as Named;
        for deficiency in [Named::Deuteranopia, Named::Protanopia, Named::Tritanopia] {
            let own = closest_statuses(deficiency, deficiency);
            let full = closest_statuses(deficiency, Named::Color);
            assert!(
                own >= 40.0,
                "{deficiency:?} as its eyes see it: ΔE {own:.1}"
            );
            assert!(
                full >= 40.0,
                "{deficiency:?} with full colour vision: ΔE {full:.1}"
            );
        }
        for deficiency in [Named::Deuteranopia, Named::Protanopia] {
            let standard = closest_statuses(Named::Color, deficiency);
            assert!(
                standard < 15.0,
                "the standard theme for {deficiency:?}: ΔE {standard:.1}"
            );
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
