//! Text in a few lines of a width: whole words a line (a word longer than the width is cut with
//! `…`), at most so many lines, the last ending in `…` where text is left over. Pure; the
//! dashboard's board pane wraps its footnote (a feed's message) with it, the help its meanings.

use unicode_width::UnicodeWidthStr;

/// `text` in lines of at most `width` columns, at most `max_lines` of them (the breaking is
/// textwrap's first fit, words kept whole).
pub(crate) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let options = textwrap::Options::new(width.max(1)).break_words(false);
    let mut lines: Vec<String> = textwrap::wrap(text.trim(), options)
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|l| railtop_core::text::fit(&l, width))
        .collect();
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            // `…` after the last whole word that leaves room for it.
            while (last.width() + 2 > width) && last.contains(' ') {
                let end = last.rfind(' ').unwrap_or(0);
                last.truncate(end);
            }
            *last = railtop_core::text::fit(&format!("{last} …"), width);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_stay_whole_and_the_last_line_says_more_was_left() {
        let text = "Running about 26 min late after a person taken ill on the train";
        assert_eq!(
            wrap(text, 30, 3),
            [
                "Running about 26 min late",
                "after a person taken ill on",
                "the train"
            ]
        );
        let two = wrap(text, 30, 2);
        assert_eq!(
            two,
            ["Running about 26 min late", "after a person taken ill on …"]
        );
        assert!(two.iter().all(|l| l.width() <= 30), "{two:?}");
        assert_eq!(wrap("short", 30, 2), ["short"]);
        assert_eq!(
            wrap("Ein Bahnhofsvorsteherstellvertreter", 10, 2),
            ["Ein", "Bahnhofsv…"]
        );
        assert!(wrap("", 10, 2).is_empty());
    }
}
