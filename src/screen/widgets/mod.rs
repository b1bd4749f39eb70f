//! The widgets more than one screen draws with: the departure board's columns at a width
//! ([`columns`], the kiosk, the SSH board and the dashboard's board pane) and the fast table
//! ([`grid`], the train list and every board), the short names of a merged board's stations
//! ([`stations`]), text wrapped to a few lines ([`wrap`]), a line of spans cut to a width with
//! `…` ([`fit_spans`], every header), a title that drops its least parts whole
//! ([`fit_parts`]), and the credit line that keeps "not real data" at any width ([`credit`]). A
//! widget used by one screen lives with it.

pub mod columns;
pub mod grid;
pub(crate) mod stations;
pub(crate) mod wrap;

use ratatui::text::Span;

/// The credit line in `width` columns. Simulated data says so whatever the width: a shorter
/// disclaimer before a cut one (the dashboard's header, the kiosk's and the SSH board's footer).
pub(crate) fn credit(attribution: &str, simulated: bool, width: usize) -> String {
    if simulated && unicode_width::UnicodeWidthStr::width(attribution) > width {
        if let Some(short) = [
            "DEMO: simulated trains, not real data",
            "DEMO: not real data",
        ]
        .into_iter()
        .find(|short| short.len() <= width)
        {
            return short.to_string();
        }
    }
    railtop_core::text::fit(attribution, width)
}

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
        let cut = railtop_core::text::fit(&span.content, left + 1);
        let cut = cut.strip_suffix('…').unwrap_or(&cut).to_string();
        out.push(Span::styled(cut, span.style));
        left = 0;
    }
    let style = out.last().map(|s| s.style).unwrap_or_default();
    out.push(Span::styled("…", style));
    out
}

/// A title of parts in at most `width` columns: each part is a span and its rank (0 is kept
/// longest); parts that do not fit go whole, the highest rank first (a title never shows
/// `· 0` of `· 0 s ago`), and what is left is cut with `…` as [`fit_spans`] cuts.
pub(crate) fn fit_parts(parts: Vec<(u8, Span<'_>)>, width: usize) -> Vec<Span<'_>> {
    let mut parts = parts;
    loop {
        let total: usize = parts.iter().map(|(_, s)| s.width()).sum();
        let least = parts.iter().map(|(rank, _)| *rank).max().unwrap_or(0);
        if total <= width || least == 0 {
            break;
        }
        // The last of the least important parts goes first.
        if let Some(i) = parts.iter().rposition(|(rank, _)| *rank == least) {
            parts.remove(i);
        }
    }
    fit_spans(parts.into_iter().map(|(_, s)| s).collect(), width)
}
