//! A table drawn straight into the buffer: the train list, the dashboard's board and the kiosk's
//! departures, the panes redrawn on every frame with the most cells.
//!
//! It lays out its columns exactly as ratatui's `Table` does (the same `Layout`, `Flex::Start`,
//! the column spacing) and styles the cells as it does (the row's style over the whole row, then
//! each span's style patched onto its cells), so a screen drawn with it is the same cell for cell.
//! What it leaves out is the cost: `Table` renders every cell through `Text`, `Line` and `Span`,
//! splitting each string into grapheme clusters and restyling each cell four times over, which
//! made the list and the board most of a 200×60 frame. Here a span whose characters are each
//! one column and one grapheme (Latin scripts, the board's marks) is written a character a cell;
//! anything else (CJK, combining marks, emoji) goes through ratatui's own `Span` rendering, so it
//! is drawn as ratatui draws it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::rc::Rc;

/// The columns of a table in an area: where each starts and how wide it is.
pub(crate) struct Grid {
    area: Rect,
    columns: Rc<[Rect]>,
}

impl Grid {
    /// Columns of `widths` with `spacing` between them, across `area` (ratatui's cache keeps the
    /// layout, so a frame like the last one costs no solving).
    pub fn new(area: Rect, widths: &[Constraint], spacing: u16) -> Self {
        let columns = Layout::horizontal(widths.iter().copied())
            .spacing(spacing)
            .split(Rect::new(area.x, area.y, area.width, 1));
        Self { area, columns }
    }

    /// Rows that fit.
    pub(crate) fn height(&self) -> u16 {
        self.area.height
    }

    /// Draws row `index` (0 the top of the area; rows below the area are not drawn): `style`
    /// over the whole row, then each cell in its column, cut at the column's edge.
    pub fn row(&self, buf: &mut Buffer, index: u16, style: Style, cells: &[Line<'_>]) {
        if index >= self.area.height {
            return;
        }
        let y = self.area.y + index;
        let row = Rect::new(self.area.x, y, self.area.width, 1);
        if style != Style::default() {
            buf.set_style(row, style);
        }
        for (column, line) in self.columns.iter().zip(cells) {
            let area = Rect::new(column.x, y, column.width, 1).intersection(buf.area);
            line_into(buf, area, line);
        }
    }
}

/// A left-aligned line into a one-row area, as `Line` renders it.
fn line_into(buf: &mut Buffer, area: Rect, line: &Line<'_>) {
    if area.is_empty() || line.width() == 0 {
        return;
    }
    if line.style != Style::default() {
        buf.set_style(area, line.style);
    }
    let right = area.right();
    let mut x = area.x;
    for span in &line.spans {
        if x >= right {
            break;
        }
        x = span_into(buf, x, area.y, right, span);
    }
}

/// One span from `x`, cut at `right`; where the next span starts (as `Line` advances: by the
/// span's width, whatever was cut).
fn span_into(buf: &mut Buffer, x: u16, y: u16, right: u16, span: &Span<'_>) -> u16 {
    let content: &str = &span.content;
    if !content.chars().all(one_cell) {
        span.render(Rect::new(x, y, right - x, 1), buf);
        let width = u16::try_from(span.width()).unwrap_or(u16::MAX);
        return x.saturating_add(width);
    }
    for (at, c) in (x..right).zip(content.chars()) {
        if let Some(cell) = buf.cell_mut((at, y)) {
            cell.set_char(c).set_style(span.style);
        }
    }
    let count = u16::try_from(content.chars().count()).unwrap_or(u16::MAX);
    x.saturating_add(count)
}

/// A character that is a grapheme of its own and one column wide: printable ASCII, the Latin
/// letters up to the combining marks (U+0300), and the punctuation and shapes the screens use.
pub(crate) fn one_cell(c: char) -> bool {
    matches!(c,
        ' '..='~'
        | '\u{a0}'..='\u{ac}'
        | '\u{ae}'..='\u{2ff}'
        | '–' | '—' | '…' | '→' | '↑' | '↓' | '●' | '○' | '▲' | '▴' | '•' | '✕' | '▶' | '◆' | '∘' | '⚠'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier, Stylize};
    use ratatui::widgets::{Row, Table};

    /// The same rows through `Table` and through `Grid`, compared cell by cell.
    fn same_as_table(
        width: u16,
        widths: &[Constraint],
        spacing: u16,
        rows: Vec<(Style, Vec<Line<'static>>)>,
    ) {
        let area = Rect::new(2, 1, width, rows.len() as u16 + 1);
        let mut want = Buffer::empty(Rect::new(0, 0, width + 4, area.height + 2));
        let mut got = want.clone();
        let table = Table::new(
            rows.iter()
                .map(|(style, cells)| Row::new(cells.clone()).style(*style)),
            widths.to_vec(),
        )
        .column_spacing(spacing);
        Widget::render(&table, area, &mut want);
        let grid = Grid::new(area, widths, spacing);
        for (i, (style, cells)) in rows.iter().enumerate() {
            grid.row(&mut got, i as u16, *style, cells);
        }
        assert_eq!(got, want);
    }

    #[test]
    fn draws_what_ratatui_table_draws() {
        let widths = [
            Constraint::Length(5),
            Constraint::Length(12),
            Constraint::Length(4),
            Constraint::Length(9),
        ];
        let rows = vec![
            (
                Style::new().fg(Color::Yellow),
                vec![
                    Line::from("IC 45"),
                    Line::from(vec![
                        Span::raw("Zürich HB "),
                        Span::styled("via Olten", Style::new().dim()),
                    ]),
                    Line::from(Span::styled(
                        "3→4",
                        Style::new().add_modifier(Modifier::BOLD),
                    )),
                    Line::from("+7 min".red()),
                ],
            ),
            (
                Style::default(),
                vec![
                    Line::from("東京駅"),
                    Line::from("Kyōto e\u{301}tude 🚆 long name that is cut"),
                    Line::from(""),
                    Line::from("—"),
                ],
            ),
            (
                Style::new().reversed(),
                vec![
                    Line::from("a"),
                    Line::from("b"),
                    Line::from("c"),
                    Line::from("d"),
                    Line::from("beyond"),
                ],
            ),
        ];
        let mut rows = rows;
        // Every character written a cell at a time, against ratatui's graphemes.
        rows.push((
            Style::default(),
            vec![
                Line::from("–—…→↑"),
                Line::from("↓●○▲▴•✕▶◆∘⚠ ¡¿ÿ"),
                Line::from("ĀſƀɏʯˇA"),
                Line::from("\u{a0}x\u{ac}®"),
            ],
        ));
        same_as_table(40, &widths, 1, rows.clone());
        // Too narrow for the columns: the layout squeezes them as Table's does.
        same_as_table(17, &widths, 2, rows);
    }

    #[test]
    fn rows_below_the_area_are_not_drawn() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 4));
        let grid = Grid::new(Rect::new(0, 0, 10, 2), &[Constraint::Length(10)], 1);
        grid.row(&mut buf, 2, Style::default(), &[Line::from("below")]);
        assert_eq!(buf, Buffer::empty(Rect::new(0, 0, 10, 4)));
    }
}
