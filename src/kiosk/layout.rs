//! Where the kiosk board's parts go for a given size: one pure function, used by the view to draw
//! and by the state to know how many departures a page holds, so the two always agree (as the
//! dashboard's `tui/layout.rs` does for its panes and clicks).

use ratatui::layout::{Constraint, Layout, Rect};

/// Station, date and the big clock.
const HEADER_ROWS: u16 = 4;
/// Below this height the header is one line (station · date · badges, the time as text): a
/// small screen's rows go to departures.
pub(crate) const COMPACT_BELOW: u16 = 20;
/// The feed's state and the attribution.
const FOOTER_ROWS: u16 = 2;
/// Header (compact), column titles (1), footer: the least a board needs around its rows.
pub(crate) const CHROME_ROWS: u16 = 1 + 1 + FOOTER_ROWS;

/// The header's rows on a screen `height` rows high.
pub(crate) fn header_rows(height: u16) -> u16 {
    if height < COMPACT_BELOW {
        1
    } else {
        HEADER_ROWS
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    /// Column titles, then the departures of the page.
    pub rows: Rect,
    /// One line when there are messages, else empty.
    pub ticker: Rect,
    pub footer: Rect,
}

pub fn areas(area: Rect, ticker: bool) -> Areas {
    let [header, rows, ticker, footer] = Layout::vertical([
        Constraint::Length(header_rows(area.height)),
        Constraint::Min(1),
        Constraint::Length(u16::from(ticker)),
        Constraint::Length(FOOTER_ROWS),
    ])
    .areas(area);
    Areas {
        header,
        rows,
        ticker,
        footer,
    }
}

/// The smallest screen the board is drawn on; below it the screen says so (as the dashboard
/// does) rather than showing a board without destinations. (Its columns: `screen::widgets::columns`.)
pub(crate) const MIN_WIDTH: u16 = 40;
pub(crate) const MIN_HEIGHT: u16 = CHROME_ROWS + 2;

pub fn too_small(width: u16, height: u16) -> bool {
    width < MIN_WIDTH || height < MIN_HEIGHT
}

/// Screens shorter than this give the ticker's line to departures.
pub(crate) const TICKER_MIN_HEIGHT: u16 = 16;

/// Below this width the clock is plain text, not big digits: the station's name needs the room.
pub(crate) const BIG_CLOCK_MIN_WIDTH: u16 = 60;

/// Departures that fit on one page of a screen `height` rows high (at least one).
pub(crate) fn rows_per_page(height: u16, ticker: bool) -> usize {
    let chrome = header_rows(height) + 1 + FOOTER_ROWS + u16::from(ticker);
    usize::from(height.saturating_sub(chrome)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_what_the_drawn_rows_hold() {
        for height in 0..40u16 {
            for ticker in [false, true] {
                let a = areas(Rect::new(0, 0, 100, height), ticker);
                if height >= header_rows(height) + 1 + FOOTER_ROWS + 1 + u16::from(ticker) {
                    assert_eq!(
                        rows_per_page(height, ticker),
                        usize::from(a.rows.height - 1),
                        "{height} {ticker}"
                    );
                }
            }
        }
    }
}
