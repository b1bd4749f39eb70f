//! The screen for a terminal that cannot show UTF-8 (`LANG=C`, a serial console, an old kiosk):
//! every cell of a finished frame that is not ASCII becomes its nearest ASCII — box drawing as
//! `+ - |`, the map's braille and the clock's blocks as `.` `:` `#`, marks as letters (`*` on
//! time, `+` `^` `#` for +1′, +5′ and +15′ late, `@` selected, `o` no data), accented letters
//! without their accents. One pass over the frame, so every screen gets it and none has to know.
//! A cell is one character, so where one sign needs two (`≤` is `<=`: `<` alone says another
//! thing) it takes the blank cell before it, and is `<` only where there is no blank.

use ratatui::buffer::Buffer;

/// Whether the locale says the terminal takes UTF-8: the first of `LC_ALL`, `LC_CTYPE`, `LANG`
/// that is set decides; none set is taken as UTF-8 (what nearly every terminal is today).
pub fn locale_is_utf8(var: impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| var(name).filter(|v| !v.is_empty()))
        .is_none_or(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// Rewrites every cell of `buf` in ASCII.
pub fn fold(buf: &mut Buffer) {
    let width = usize::from(buf.area.width).max(1);
    for at in 0..buf.content.len() {
        let cell = &buf.content[at];
        let symbol = cell.symbol();
        if symbol.is_ascii() {
            continue;
        }
        let first = symbol.chars().next();
        // Two-cell signs, into the blank before them on the same row.
        let pair = match first {
            Some('≤') => Some("<="),
            Some('≥') => Some(">="),
            _ => None,
        };
        let blank_before = at % width > 0 && buf.content[at - 1].symbol() == " ";
        if let (Some(pair), true) = (pair, blank_before) {
            let (a, b) = pair.split_at(1);
            buf.content[at - 1].set_symbol(a);
            buf.content[at].set_symbol(b);
            continue;
        }
        // The map's +15′ mark is the +5′ one underlined: in ASCII a sign of its own.
        let underlined = cell.modifier.contains(ratatui::style::Modifier::UNDERLINED);
        let ascii = match first {
            Some('▲') if underlined => "#".to_string(),
            Some(c) => one(c),
            None => " ".to_string(),
        };
        buf.content[at].set_symbol(&ascii);
    }
}

/// The ASCII for one character.
fn one(c: char) -> String {
    let s = match c {
        '─' | '━' | '═' | '╌' | '┄' => "-",
        '│' | '┃' | '║' | '╎' | '┆' => "|",
        '┌' | '┐' | '└' | '┘' | '┏' | '┓' | '┗' | '┛' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮'
        | '╯' | '╰' | '┣' | '┫' | '┳' | '┻' | '╋' => "+",
        '●' | '•' | '∙' => "*",
        '◆' => "@",
        '○' | '∘' | '◦' => "o",
        '▴' => "+",
        '▲' | '↑' => "^",
        '▼' | '▾' | '↓' => "v",
        '▶' | '►' | '→' | '⟶' | '≥' => ">",
        '◀' | '◄' | '←' | '≤' => "<",
        '✓' | '✔' => "v",
        '✕' | '✗' | '×' => "x",
        '′' | '’' | '‘' => "'",
        '“' | '”' | '«' | '»' => "\"",
        '…' => "~",
        '–' | '—' => "-",
        '·' => ".",
        '⚠' => "!",
        '⏸' => "=",
        '█' | '▀' | '▄' | '▌' | '▐' | '▙' | '▛' | '▜' | '▟' | '▞' | '▚' | '▘' | '▝' | '▖' | '▗' => {
            "#"
        }
        '\u{2800}' => " ",
        // Braille: a dot or more.
        '\u{2801}'..='\u{28ff}' => {
            if (u32::from(c) - 0x2800).count_ones() > 2 {
                ":"
            } else {
                "."
            }
        }
        _ => {
            // A letter without its accents, as station names are folded for search; else `?`.
            let plain = railtop_core::stations::fold::plain(&c.to_string());
            let first = plain.chars().next().filter(char::is_ascii_alphanumeric);
            // One cell, one character ("ß" is "s", not "ss").
            return match first {
                Some(f) if c.is_uppercase() => f.to_ascii_uppercase().to_string(),
                Some(f) => f.to_string(),
                None => "?".into(),
            };
        }
    };
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn only_a_utf8_locale_gets_utf8() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(locale_is_utf8(env(&[])));
        assert!(locale_is_utf8(env(&[("LANG", "en_US.UTF-8")])));
        assert!(locale_is_utf8(env(&[
            ("LANG", "C"),
            ("LC_ALL", "de_DE.utf8")
        ])));
        assert!(!locale_is_utf8(env(&[("LANG", "C")])));
        assert!(!locale_is_utf8(env(&[
            ("LANG", "en_US.UTF-8"),
            ("LC_ALL", "POSIX")
        ])));
    }

    #[test]
    fn a_frame_comes_out_in_ascii() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 1));
        buf.set_string(0, 0, "┏ Zürich ● +5′ ⠿…", ratatui::style::Style::default());
        fold(&mut buf);
        let line: String = buf.content.iter().map(|c| c.symbol()).collect();
        assert_eq!(line.trim_end(), "+ Zurich * +5' :~");
        assert!(buf.content.iter().all(|c| c.symbol().is_ascii()));
    }

    /// `≤5′` is "at most five minutes": `<5'` would say less than; the map's late marks stay
    /// three signs (#54 item 23).
    #[test]
    fn signs_keep_their_meaning() {
        use ratatui::style::{Modifier, Style};
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 2));
        buf.set_string(0, 0, "90% ≤5′ · med 0′", Style::default());
        buf.set_string(0, 1, "≤ • ▴ ▲ ", Style::default());
        buf.set_string(8, 1, "▲", Style::new().add_modifier(Modifier::UNDERLINED));
        buf.set_string(10, 1, "◆ ○", Style::default());
        fold(&mut buf);
        let row = |y: usize| -> String {
            buf.content[y * 24..(y + 1) * 24]
                .iter()
                .map(|c| c.symbol())
                .collect()
        };
        assert_eq!(row(0).trim_end(), "90%<=5' . med 0'");
        // At a row's start there is no blank before: `<`, not the row above's cell.
        assert_eq!(row(1).trim_end(), "< * + ^ # @ o");
    }
}
