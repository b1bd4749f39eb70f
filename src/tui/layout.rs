//! Where each pane goes for a given terminal size. One pure function, used by the views to draw
//! and by `update` to map mouse clicks and page sizes, so the two always agree.

use ratatui::layout::{Constraint, Layout, Rect};

/// Below this the dashboard says "terminal too small" instead of drawing a broken layout.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 15;
/// From this width the countries get a column of their own and the board sits on the right.
pub const WIDE: u16 = 120;
/// From this width (and enough height) the map is drawn when switched on: beside the board on
/// wide screens, under the train list beside the board from here to [`WIDE`].
pub const MAP_WIDTH: u16 = 100;
pub const MAP_HEIGHT: u16 = 30;

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
    pub fn train_rows(&self) -> usize {
        usize::from(self.trains.height.saturating_sub(3))
    }

    /// The visible train row under a click, counted from the first drawn row.
    pub fn train_row_at(&self, x: u16, y: u16) -> Option<usize> {
        let t = self.trains;
        let first = t.y + 2;
        (x > t.x && x + 1 < t.right() && y >= first && y + 1 < t.bottom())
            .then(|| usize::from(y - first))
    }

    /// The selector entry under a click (the bordered list only).
    pub fn country_at(&self, x: u16, y: u16, entries: usize) -> Option<usize> {
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
