//! The widgets more than one screen draws with: the departure board's columns at a width
//! ([`columns`], the kiosk, the SSH board and the dashboard's board pane) and the fast table
//! ([`grid`], the train list and every board), the short names of a merged board's stations
//! ([`stations`]), and a line of spans cut to a width with `…`
//! ([`fit_spans`], every header). A widget used by one screen lives with it.

pub mod columns;
pub mod grid;
pub(crate) mod stations;

use ratatui::text::Span;

/// A line of spans in at most `width` columns: whole, or cut with `…` as its last column, each
/// span keeping its style (what `text::fit` is for one string). A cut line always shows.
pub(crate) fn fit_spans(spans: Vec<Span<'_>>, width: usize) -> Vec<Span<'_>> {
    let total: usize = spans.iter().map(|s| s.width()).sum();
    if total <= width {
        return spans;
    }
    let mut left = width.saturating_sub(1);
    let mut out = Vec::new();
    for span in spans {
        if left == 0 {
            break;
        }
        let w = span.width();
        if w <= left {
            left -= w;
            out.push(span);
            continue;
        }
        // Cut inside this span: `fit` gives `left` columns ending in `…`; drop that `…` and add
        // one after, so every cut ends the same way.
        let cut = crate::text::fit(&span.content, left + 1);
        let cut = cut.strip_suffix('…').unwrap_or(&cut).to_string();
        out.push(Span::styled(cut, span.style));
        left = 0;
    }
    let style = out.last().map(|s| s.style).unwrap_or_default();
    out.push(Span::styled("…", style));
    out
}
