//! Where each pane goes for a given terminal size. One pure function, used by the views to draw
//! and by `update` to map mouse clicks and page sizes, so the two always agree.

use ratatui::layout::{Constraint, Layout, Rect};

/// Below this the dashboard says "terminal too small" instead of drawing a broken layout.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 15;
/// From this width the countries get a column of their own and the board sits on the right.
pub const WIDE: u16 = 120;
/// From this width (and enough height) the map is drawn when switched on.
pub const MAP_WIDTH: u16 = 120;
pub const MAP_HEIGHT: u16 = 30;

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

/// The panes for a terminal of `area`, with the map where `show_map` and there is room for it.
pub fn areas(area: Rect, show_map: bool) -> Areas {
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
        let [trains, board] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(rest);
        Areas {
            too_small: false,
            header,
            countries: tabs,
            countries_as_tabs: true,
            trains,
            board,
            map: None,
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
