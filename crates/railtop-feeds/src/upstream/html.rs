//! A feed's text that may be HTML, made plain: db-rest's warnings carry their long form in
//! `text` with links, line breaks and entities (`<a href="…">bahn.de/bauarbeiten</a>`,
//! `&nbsp;`, `&#8203;`), HAFAS remarks do too. No screen, answer or log line may show raw HTML,
//! so a feed reads such a field through [`plain`] before the one sanitiser cleans it like any
//! other string.
//!
//! Tags are dropped (a break, paragraph, list item or cell between words becomes a space, the
//! body of a `<script>` or `<style>` goes with it); entities are decoded, HTML5's named ones from
//! quick-xml's table and numeric references; anything that is neither (`a < b`, `R&D`, an
//! unknown `&foo;`) stays as written. Linear in the input, and at most [`MAX_BYTES`] are read.

use quick_xml::escape::resolve_html5_entity;

/// The most of a field read as HTML; a remark is a few hundred bytes.
const MAX_BYTES: usize = 16 * 1024;
/// The longest entity name looked up (HTML5's longest is 31 characters plus `&` and `;`).
const MAX_ENTITY: usize = 40;

/// `html` as plain text: tags dropped, entities decoded, runs of white space one space, trimmed.
pub fn plain(html: &str) -> String {
    let html = cut(html, MAX_BYTES);
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    // Inside `<script>` or `<style>`: skip to its closing tag.
    let mut skipping: Option<&'static str> = None;
    while let Some(c) = rest.chars().next() {
        match c {
            '<' if starts_tag(&rest[1..]) => {
                let Some(end) = rest.find('>') else {
                    break; // an unclosed tag to the end: nothing after it is text
                };
                let tag = tag_name(&rest[1..end]);
                if let Some(closing) = skipping {
                    if tag == closing {
                        skipping = None;
                    }
                } else {
                    if tag == "script" || tag == "style" {
                        skipping = Some(if tag == "script" { "/script" } else { "/style" });
                    }
                    if separates(&tag) {
                        out.push(' ');
                    }
                }
                rest = &rest[end + 1..];
            }
            _ if skipping.is_some() => rest = &rest[c.len_utf8()..],
            '&' => {
                let (text, used) = entity(rest);
                out.push_str(&text);
                rest = &rest[used..];
            }
            c => {
                out.push(if c.is_whitespace() { ' ' } else { c });
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    squeeze(&out)
}

/// Whether `s` contains markup worth reading as HTML (a tag or an entity).
pub fn looks_like_html(s: &str) -> bool {
    s.char_indices().any(|(i, c)| match c {
        '<' => starts_tag(&s[i + 1..]),
        '&' => semicolon(&s[i + 1..]).is_some(),
        _ => false,
    })
}

/// `s` cut to at most `max` bytes at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// After a `<`: a tag begins (a letter, `/`, `!` or `?`), not a comparison.
fn starts_tag(after: &str) -> bool {
    after
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '?'))
}

/// A tag's name, lower-cased, with its `/` when it closes: `A HREF=…` → `a`, `/P` → `/p`.
fn tag_name(inside: &str) -> String {
    let inside = inside.trim_start();
    let (slash, body) = match inside.strip_prefix('/') {
        Some(b) => ("/", b),
        None => ("", inside),
    };
    let name: String = body
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    format!("{slash}{name}")
}

/// Whether a tag stands between words (a break, a block), so its place reads as a space.
fn separates(tag: &str) -> bool {
    matches!(
        tag.trim_start_matches('/'),
        "br" | "p"
            | "div"
            | "li"
            | "ul"
            | "ol"
            | "tr"
            | "td"
            | "th"
            | "table"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "hr"
            | "section"
            | "blockquote"
    )
}

/// The entity at the start of `s` (which begins with `&`), decoded, and how many bytes it
/// used; a lone `&` is itself.
fn entity(s: &str) -> (std::borrow::Cow<'static, str>, usize) {
    let literal = (std::borrow::Cow::Borrowed("&"), 1);
    let Some(end) = semicolon(&s[1..]).map(|e| e + 1) else {
        return literal;
    };
    let name = &s[1..end];
    let decoded = if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => number.parse::<u32>().ok(),
        };
        // NUL and what is not a character are no text (the sanitiser drops controls later).
        code.and_then(char::from_u32)
            .filter(|c| *c != '\0')
            .map(|c| std::borrow::Cow::Owned(c.to_string()))
    } else if name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        resolve_html5_entity(name).map(std::borrow::Cow::Borrowed)
    } else {
        None
    };
    match decoded {
        Some(text) => (text, end + 1),
        None => literal,
    }
}

/// Where the `;` closing an entity is, looked for within [`MAX_ENTITY`] bytes only (so a text
/// of many `&` stays linear).
fn semicolon(after: &str) -> Option<usize> {
    after.bytes().take(MAX_ENTITY).position(|b| b == b';')
}

/// Runs of white space (a no-break space included) as one space, trimmed.
fn squeeze(s: &str) -> String {
    s.split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_go_entities_are_decoded_and_text_stays() {
        assert_eq!(
            plain(
                r#"Bauarbeiten.<br/>Mehr unter <a href="https://bahn.de/x" target="_blank">bahn.de/bauarbeiten</a>&nbsp;&amp;&#8203; &#x41;pp"#
            ),
            "Bauarbeiten. Mehr unter bahn.de/bauarbeiten &\u{200b} App"
        );
        assert_eq!(plain("<p>Zeile 1</p><p>Zeile 2</p>"), "Zeile 1 Zeile 2");
        assert_eq!(
            plain("a < b & R&D &foo; &#0; 5&lt;6"),
            "a < b & R&D &foo; &#0; 5<6"
        );
        assert_eq!(plain("ohne HTML"), "ohne HTML");
        assert_eq!(
            plain("<script>alert(1)</script>Text<style>p{}</style>"),
            "Text"
        );
        assert_eq!(plain("kaputt <a href='x"), "kaputt");
        assert_eq!(plain("&#x110000;&#xZZ;"), "&#x110000;&#xZZ;");
    }

    #[test]
    fn markup_is_recognised_and_plain_text_is_not() {
        assert!(looks_like_html("<b>x</b>"));
        assert!(looks_like_html("Fahrt&nbsp;fällt aus"));
        assert!(!looks_like_html("a < b & c"));
    }

    #[test]
    fn a_huge_field_is_read_in_bounded_time() {
        let big = "<a>&amp;".repeat(1_000_000);
        let out = plain(&big);
        assert!(out.len() <= MAX_BYTES);
        let unclosed = "<".to_string() + &"a".repeat(100_000);
        assert_eq!(plain(&unclosed), "");
    }
}
