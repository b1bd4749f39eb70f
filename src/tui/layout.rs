//! Where each pane goes for a given terminal size. One pure function, used by the views to draw
//! and by `update` to map mouse clicks and page sizes, so the two always agree.

use ratatui::layout::{Constraint, Layout, Rect};

/// Below this the dashboard says "terminal too small" instead of drawing a broken layout.
pub(crate) const MIN_WIDTH: u16 = 60;
pub(crate) const MIN_HEIGHT: u16 = 15;
/// From this width the countries get a column of their own and the board sits on the right.
pub(crate) const WIDE: u16 = 120;
/// From this width (and enough height) the map is drawn when switched on: beside the board on
/// wide screens, under the train list beside the board from here to [`WIDE`].
pub(crate) const MAP_WIDTH: u16 = 100;
pub(crate) const MAP_HEIGHT: u16 = 30;
/// The board pane's least height under the train list: its borders, column titles, two
/// departures and a footnote's line (at 60×15, the smallest screen, the list keeps one train).
const BOARD_LEAST: u16 = 6;

/// How the map is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MapShown {
    Hidden,
    /// A pane, where there is room for it.
    #[default]
    Pane,
    /// The whole body (`M`), from the minimum size up.
    Full,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Areas {
    pub too_small: bool,
    pub header: Rect,
    /// A bordered list on wide screens, one line of tabs on narrow ones.
    pub countries: Rect,
    pub countries_as_tabs: bool,
    pub trains: Rect,
    pub board: Rect,
    pub map: Option<Rect>,
    pub footer: Rect,
}

/// The panes for a terminal of `area`, with the map as `map` says where there is room for it.
pub fn areas(area: Rect, map: MapShown) -> Areas {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return Areas {
            too_small: true,
            ..Areas::default()
        };
    }
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let show_map = map == MapShown::Pane;
    if map == MapShown::Full {
        return Areas {
            too_small: false,
            header,
            map: Some(body),
            footer,
            ..Areas::default()
        };
    }
    if area.width >= WIDE {
        let right = (area.width * 3 / 8).clamp(44, 76);
        let [countries, trains, side] = Layout::horizontal([
            Constraint::Length(22),
            Constraint::Min(30),
            Constraint::Length(right),
        ])
        .areas(body);
        let with_map = show_map && area.width >= MAP_WIDTH && area.height >= MAP_HEIGHT;
        let (board, map) = if with_map {
            let [b, m] = Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(side);
            (b, Some(m))
        } else {
            (side, None)
        };
        Areas {
            too_small: false,
            header,
            countries,
            countries_as_tabs: false,
            trains,
            board,
            map,
            footer,
        }
    } else {
        let [tabs, rest] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(body);
        let [trains, bottom] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(rest);
        // On a short screen the train list gives its rows first: the board keeps two.
        let [trains, bottom] = if bottom.height < BOARD_LEAST {
            Layout::vertical([Constraint::Min(0), Constraint::Length(BOARD_LEAST)]).areas(rest)
        } else {
            [trains, bottom]
        };
        let with_map = show_map && area.width >= MAP_WIDTH && area.height >= MAP_HEIGHT;
        let (board, map) = if with_map {
            let [b, m] =
                Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)])
                    .areas(bottom);
            (b, Some(m))
        } else {
            (bottom, None)
        };
        Areas {
            too_small: false,
            header,
            countries: tabs,
            countries_as_tabs: true,
            trains,
            board,
            map,
            footer,
        }
    }
}

impl Areas {
    /// Data rows visible in the train list (inside the border, below the column titles).
    pub(crate) fn train_rows(&self) -> usize {
        usize::from(self.trains.height.saturating_sub(3))
    }

    /// The visible train row under a click, counted from the first drawn row.
    pub(crate) fn train_row_at(&self, x: u16, y: u16) -> Option<usize> {
        let t = self.trains;
        let first = t.y + 2;
        (x > t.x && x + 1 < t.right() && y >= first && y + 1 < t.bottom())
            .then(|| usize::from(y - first))
    }

    /// The selector entry under a click (the bordered list only).
    pub(crate) fn country_at(&self, x: u16, y: u16, entries: usize) -> Option<usize> {
        let c = self.countries;
        if self.countries_as_tabs
            || x <= c.x
            || x + 1 >= c.right()
            || y <= c.y
            || y + 1 >= c.bottom()
        {
            return None;
        }
        let i = usize::from(y - c.y - 1);
        (i < entries).then_some(i)
    }
}

/// Inner width from which the details window sets the train's fields and its journey side by
/// side; narrower, a three-line summary sits above the journey.
pub(crate) const DETAILS_SIDE_BY_SIDE: u16 = 96;
/// The fields' column when side by side.
const DETAILS_FIELDS_WIDTH: u16 = 56;
/// Lines of the train's fields, and of the sparkline with its caption.
const DETAILS_FIELD_ROWS: u16 = 14;
const DETAILS_SPARK_ROWS: u16 = 4;

/// The details window's parts, for a journey of `stops` stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Details {
    /// The window, borders included, centred on the screen.
    pub window: Rect,
    /// Every field of the record (side by side), or a three-line summary (stacked).
    pub fields: Rect,
    pub side_by_side: bool,
    pub spark: Rect,
    /// The journey with its title and column header (two rows).
    pub journey: Rect,
}

impl Details {
    /// Stops the journey shows at once.
    pub(crate) fn journey_rows(&self) -> usize {
        usize::from(self.journey.height.saturating_sub(2))
    }
}

/// An overlay's window: at most `w`×`h`, centred. Where that leaves a margin of a cell or less,
/// the window takes the whole side instead: a one-cell margin shows only scraps of the panes'
/// borders beneath (`│┘` beside the window's edge).
pub(crate) fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let fit = |want: u16, have: u16| {
        if want.saturating_add(2) >= have {
            have
        } else {
            want
        }
    };
    let (w, h) = (fit(w, area.width), fit(h, area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The details window on a screen of `area`: as tall as the fields or the journey need, at most
/// the screen (the journey scrolls).
pub fn details(area: Rect, stops: usize) -> Details {
    let stops = u16::try_from(stops.max(1)).unwrap_or(u16::MAX);
    let wide = area.width.saturating_sub(4) >= DETAILS_SIDE_BY_SIDE;
    let height = if wide {
        (DETAILS_FIELD_ROWS + DETAILS_SPARK_ROWS).max(stops.saturating_add(2))
    } else {
        (3 + DETAILS_SPARK_ROWS).saturating_add(stops.saturating_add(2))
    };
    let window = centred(area, 120, height.saturating_add(2));
    let inner = window.inner(ratatui::layout::Margin::new(1, 1));
    if inner.width >= DETAILS_SIDE_BY_SIDE {
        let [left, journey] = Layout::horizontal([
            Constraint::Length(DETAILS_FIELDS_WIDTH),
            Constraint::Fill(1),
        ])
        .spacing(1)
        .areas(inner);
        let [fields, spark] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(DETAILS_SPARK_ROWS)])
                .areas(left);
        Details {
            window,
            fields,
            side_by_side: true,
            spark,
            journey,
        }
    } else {
        let [fields, journey, spark] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Min(3),
            Constraint::Length(DETAILS_SPARK_ROWS),
        ])
        .areas(inner);
        Details {
            window,
            fields,
            side_by_side: false,
            spark,
            journey,
        }
    }
}
