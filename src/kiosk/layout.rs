//! Where the kiosk board's parts go for a given size: one pure function, used by the view to draw
//! and by the state to know how many departures a page holds, so the two always agree (as the
//! dashboard's `tui/layout.rs` does for its panes and clicks).

use ratatui::layout::{Constraint, Layout, Rect};

/// Station, date and the big clock.
const HEADER_ROWS: u16 = 4;
/// The feed's state and the attribution.
const FOOTER_ROWS: u16 = 2;
/// Header, column titles (1), footer; a ticker line takes one more when there are messages.
pub const CHROME_ROWS: u16 = HEADER_ROWS + 1 + FOOTER_ROWS;

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
        Constraint::Length(HEADER_ROWS),
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
/// does) rather than showing a board without destinations.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = CHROME_ROWS + 2;

pub fn too_small(width: u16, height: u16) -> bool {
    width < MIN_WIDTH || height < MIN_HEIGHT
}

/// Screens shorter than this give the ticker's line to departures.
pub const TICKER_MIN_HEIGHT: u16 = 16;

/// Below this width the clock is plain text, not big digits: the station's name needs the room.
pub const BIG_CLOCK_MIN_WIDTH: u16 = 60;

/// The destination never gets fewer columns than this.
pub const MIN_DESTINATION: u16 = 12;
/// Via stops only where the destination column has this much room (else they are cut after a
/// name or two).
const VIA_DESTINATION: u16 = 44;
/// The operator column only where the destination keeps this much.
const OPERATOR_DESTINATION: u16 = 28;
/// `2 min early`, the longest status in words; `+7′` and `✕` as symbols.
pub const STATUS_WORDS: u16 = 11;
pub const STATUS_SYMBOLS: u16 = 5;
/// Line and platform columns on the leanest board (longer values end in `…`).
const LEAN_LINE: u16 = 6;
const LEAN_PLATFORM: u16 = 5;

/// Which columns a board `width` wide shows, and how wide the flexible ones are. Columns give
/// way in a fixed order as the screen narrows: the operator, the via stops, the expected time,
/// then the status in words (for symbols), then the gaps, then long lines and platforms are cut;
/// the destination keeps [`MIN_DESTINATION`] columns throughout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub operator: Option<u16>,
    pub via: bool,
    /// `in 3 min` for departures leaving soon.
    pub countdown: bool,
    pub expected: bool,
    /// The time columns' width: `13:05`, or `12:05 PM`.
    pub time: u16,
    /// Status in words (else symbols).
    pub words: bool,
    pub line: u16,
    pub platform: u16,
    pub spacing: u16,
    pub destination: u16,
}

/// `in 10 min`, the countdown column's widest.
pub const COUNTDOWN: u16 = 9;

/// `time`, `line`, `platform`, `operator`: the widths their longest values want (0: no
/// operator known).
pub fn columns(width: u16, time: u16, line: u16, platform: u16, operator: u16) -> Columns {
    let rich = Columns {
        // As wide as its title at least: `OPERATOR`.
        operator: (operator > 0).then_some(operator.clamp(8, 16)),
        via: true,
        countdown: true,
        expected: true,
        time,
        words: true,
        line,
        platform,
        spacing: 2,
        destination: 0,
    };
    let steps: [fn(&mut Columns); 7] = [
        |c| c.operator = None,
        |c| c.via = false,
        |c| c.countdown = false,
        |c| c.expected = false,
        |c| c.words = false,
        |c| c.spacing = 1,
        |c| {
            c.line = c.line.min(LEAN_LINE);
            c.platform = c.platform.min(LEAN_PLATFORM);
        },
    ];
    let mut c = rich;
    let mut step = 0;
    loop {
        let fixed = c.time
            + if c.expected { c.time } else { 0 }
            + if c.countdown { COUNTDOWN } else { 0 }
            + c.line
            + c.platform
            + if c.words {
                STATUS_WORDS
            } else {
                STATUS_SYMBOLS
            }
            + c.operator.unwrap_or(0);
        let gaps =
            4 + u16::from(c.expected) + u16::from(c.countdown) + u16::from(c.operator.is_some());
        c.destination = width.saturating_sub(fixed + gaps * c.spacing);
        let wanted = if c.via {
            VIA_DESTINATION
        } else if c.operator.is_some() {
            OPERATOR_DESTINATION
        } else {
            MIN_DESTINATION
        };
        if c.destination >= wanted || step == steps.len() {
            return c;
        }
        steps[step](&mut c);
        step += 1;
    }
}

/// Departures that fit on one page of a screen `height` rows high (at least one).
pub fn rows_per_page(height: u16, ticker: bool) -> usize {
    usize::from(height.saturating_sub(CHROME_ROWS + u16::from(ticker))).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_give_way_in_order_and_the_destination_keeps_twelve() {
        let wide = columns(200, 5, 4, 8, 12);
        assert!(wide.operator.is_some() && wide.via && wide.countdown && wide.expected);
        let at_120 = columns(100, 5, 4, 8, 12);
        assert!(
            at_120.operator.is_none() && at_120.via && at_120.countdown,
            "{at_120:?}"
        );
        let at_80 = columns(80, 5, 4, 8, 12);
        assert!(
            !at_80.via && at_80.countdown && at_80.expected && at_80.words,
            "{at_80:?}"
        );
        let at_60 = columns(60, 5, 4, 8, 12);
        assert!(!at_60.countdown && at_60.expected, "{at_60:?}");
        let at_45 = columns(45, 5, 4, 8, 12);
        assert!(!at_45.expected, "{at_45:?}");
        assert!(at_45.destination >= MIN_DESTINATION, "{at_45:?}");
        let at_40 = columns(40, 5, 10, 8, 12);
        assert!(!at_40.words && at_40.line <= 6, "{at_40:?}");
        // From the smallest screen up, the destination never gets fewer than twelve columns
        // (12-hour times are wider: `12:05 PM`).
        for width in MIN_WIDTH..300 {
            for (time, line, platform) in [(5, 4, 4), (5, 10, 8), (8, 10, 5)] {
                let c = columns(width, time, line, platform, 16);
                assert!(c.destination >= MIN_DESTINATION, "{width} {c:?}");
            }
        }
    }

    #[test]
    fn the_page_is_what_the_drawn_rows_hold() {
        for height in 0..40u16 {
            for ticker in [false, true] {
                let a = areas(Rect::new(0, 0, 100, height), ticker);
                if height >= CHROME_ROWS + 1 + u16::from(ticker) {
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
