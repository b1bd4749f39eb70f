//! Making strings from outside safe to put on a terminal.
//!
//! Station names, train codes and messages come from feeds nobody here controls. Before anything
//! reaches a screen, escape sequences and control characters are removed and the length is bounded.

/// Longest string kept from outside, in characters; longer ones are cut with an ellipsis.
pub const MAX_FIELD_CHARS: usize = 200;

/// Removes escape sequences (CSI, OSC, DCS and two-byte ESC forms), control characters (C0, DEL,
/// C1), bidirectional marks and overrides, and the invisible format characters that change
/// width or order on a terminal (zero-width spaces and joiners, soft hyphens, the byte-order
/// mark, variation selectors, tags); turns tabs, newlines and line or paragraph separators into
/// spaces, trims, and bounds the length. Leaves the string untouched (no allocation) when it is already clean.
pub fn clean(s: &mut String) {
    if is_clean(s) {
        return;
    }
    *s = cleaned(s);
}

/// The cleaned copy of `s` (see [`clean`]).
pub fn cleaned(s: &str) -> String {
    let mut out = String::with_capacity(s.len().min(MAX_FIELD_CHARS * 4));
    let mut chars = s.chars().peekable();
    let mut count = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => skip_escape(&mut chars),
            // 8-bit CSI / OSC / DCS / APC / PM / SOS: skip their body as well.
            '\u{9b}' => skip_csi(&mut chars),
            '\u{90}' | '\u{9d}' | '\u{98}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\t' | '\n' | '\r' | '\u{2028}' | '\u{2029}' => push_space(&mut out, &mut count),
            c if is_unsafe(c) => {}
            c => {
                out.push(c);
                count += 1;
            }
        }
        if count > MAX_FIELD_CHARS {
            break;
        }
    }
    let trimmed = out.trim();
    if trimmed.chars().count() > MAX_FIELD_CHARS {
        let mut cut: String = trimmed.chars().take(MAX_FIELD_CHARS - 1).collect();
        cut.push('…');
        cut
    } else if trimmed.len() != out.len() {
        trimmed.to_owned()
    } else {
        out
    }
}

/// `s` in at most `width` terminal columns: whole, or cut at a character with `…` as its last
/// column. What every screen does with a name that does not fit, so a cut always shows.
pub fn fit(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    if unicode_width::UnicodeWidthStr::width(s) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    if width > 0 {
        out.push('…');
    }
    out
}

/// Longest echo of a caller's input in an error message, in characters.
pub(crate) const MAX_ECHO_CHARS: usize = 40;

/// `s` cleaned, cut to [`MAX_ECHO_CHARS`] and quoted: how an error message repeats what it was
/// given (a parameter, a station asked for) without repeating kilobytes of it.
pub fn quoted(s: &str) -> String {
    let clean = cleaned(s);
    if clean.chars().count() > MAX_ECHO_CHARS {
        let cut: String = clean.chars().take(MAX_ECHO_CHARS - 1).collect();
        format!("{:?}", format!("{cut}…"))
    } else {
        format!("{clean:?}")
    }
}

fn is_clean(s: &str) -> bool {
    s.len() <= MAX_FIELD_CHARS
        && !s
            .chars()
            .any(|c| is_unsafe(c) || matches!(c, '\t' | '\n' | '\r' | '\u{2028}' | '\u{2029}'))
        && s.trim().len() == s.len()
}

fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // Bidirectional marks, embeddings, overrides and isolates reorder what is drawn
            // around them (LRM, RLM, ALM, LRE … RLO, LRI … PDI).
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
            // Zero-width and invisible format characters: terminals disagree on their width,
            // so they misalign the columns and borders drawn after them.
            | '\u{00ad}' | '\u{180e}' | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}'
            | '\u{206a}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}'
            // Variation selectors (an emoji drawn one or two cells wide) and tags.
            | '\u{fe00}'..='\u{fe0f}' | '\u{e0000}'..='\u{e007f}' | '\u{e0100}'..='\u{e01ef}'
            // Other scripts' format controls.
            | '\u{13430}'..='\u{1343f}' | '\u{1d173}'..='\u{1d17a}' | '\u{110bd}' | '\u{110cd}'
        )
}

fn push_space(out: &mut String, count: &mut usize) {
    if !out.ends_with(' ') {
        out.push(' ');
        *count += 1;
    }
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

fn skip_escape(chars: &mut Chars) {
    match chars.next() {
        Some('[') => skip_csi(chars),
        Some(']' | 'P' | 'X' | '^' | '_') => skip_string(chars),
        // Two-byte forms (ESC c, ESC 7 …) and charset designations (ESC ( B).
        Some('(' | ')' | '*' | '+' | '#' | '%') => {
            chars.next();
        }
        _ => {}
    }
}

/// A CSI sequence ends at its first byte in `@`..=`~`.
fn skip_csi(chars: &mut Chars) {
    for c in chars.by_ref() {
        if ('@'..='~').contains(&c) {
            break;
        }
    }
}

/// OSC/DCS-style strings end at BEL, ST (ESC \) or 8-bit ST.
fn skip_string(chars: &mut Chars) {
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9c}' => break,
            '\u{1b}' => {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                }
                break;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_escape_sequences_and_controls() {
        assert_eq!(cleaned("Hel\u{1b}[31msinki\u{1b}[0m"), "Helsinki");
        assert_eq!(cleaned("\u{1b}]0;pwned\u{7}Tampere"), "Tampere");
        assert_eq!(cleaned("\u{1b}]8;;http://x\u{1b}\\link"), "link");
        assert_eq!(cleaned("a\u{0}b\u{7f}c\u{85}d"), "abcd");
        assert_eq!(cleaned("IC\t1\r\n"), "IC 1");
        assert_eq!(cleaned("\u{202e}evil"), "evil");
        assert_eq!(cleaned("\u{9b}2Jclear"), "clear");
    }

    #[test]
    fn strips_format_characters_that_change_width_or_order() {
        for hostile in [
            "\u{200d}",
            "\u{200b}",
            "\u{200c}",
            "\u{200e}",
            "\u{200f}",
            "\u{061c}",
            "\u{feff}",
            "\u{00ad}",
            "\u{2060}",
            "\u{fe0f}",
            "\u{e0041}",
            "\u{2066}",
            "\u{202e}",
            "\u{7f}",
            "\u{85}",
            "\u{80}",
        ] {
            assert_eq!(
                cleaned(&format!("Tam{hostile}pere")),
                "Tampere",
                "{hostile:?}"
            );
        }
        assert_eq!(
            cleaned("Oulu\u{2028}Kemi\u{2029}Tornio"),
            "Oulu Kemi Tornio"
        );
        // Letters of every script stay, combining accents too.
        assert_eq!(
            cleaned("Zürich ö Köln 東京 Москва"),
            "Zürich ö Köln 東京 Москва"
        );
    }

    #[test]
    fn keeps_clean_unicode_untouched() {
        let mut s = String::from("Zürich HB → Genève-Aéroport");
        let before = s.as_ptr();
        clean(&mut s);
        assert_eq!(s, "Zürich HB → Genève-Aéroport");
        assert_eq!(before, s.as_ptr(), "a clean string is not reallocated");
    }

    #[test]
    fn bounds_length() {
        let long = "x".repeat(10_000);
        let c = cleaned(&long);
        assert_eq!(c.chars().count(), MAX_FIELD_CHARS);
        assert!(c.ends_with('…'));
    }

    #[test]
    fn echoes_are_cut_and_quoted() {
        assert_eq!(quoted("HKI"), "\"HKI\"");
        let long = quoted(&"A".repeat(5000));
        assert_eq!(long.chars().count(), MAX_ECHO_CHARS + 2);
        assert!(long.ends_with("…\""));
        assert_eq!(quoted("x\u{1b}[2Jy"), "\"xy\"");
    }

    #[test]
    fn trims_padding() {
        assert_eq!(cleaned("E214  "), "E214");
    }

    #[test]
    fn fit_cuts_with_an_ellipsis_in_columns() {
        assert_eq!(fit("Helsinki", 8), "Helsinki");
        assert_eq!(fit("Helsinki", 7), "Helsin…");
        assert_eq!(fit("Genève-Aéroport", 10), "Genève-Aé…");
        assert_eq!(fit("Skerries, Balbriggan", 10), "Skerries,…");
        assert_eq!(
            fit("東京駅です", 5),
            "東京…",
            "wide characters count two columns"
        );
        assert_eq!(fit("abc", 0), "");
        assert_eq!(fit("abc", 1), "…");
    }
}
