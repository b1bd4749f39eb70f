//! A braille raster for the map: each terminal cell holds 2×4 dots, so a line or a coast drawn
//! into it is four times finer than characters. Each cell also remembers the strongest layer
//! that put a dot in it, which decides its colour. Lines are clipped to the raster before they
//! are walked, so a coast far out of view costs nothing however far one zooms in.
//!
//! railtop draws its own rather than ratatui's canvas so that the static part of the map
//! (coasts, borders, rail lines, stations) is drawn once per view and reused every frame.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// What a dot belongs to, weakest first: a cell takes the colour of its strongest layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Layer {
    #[default]
    Empty,
    Neighbour,
    Outline,
    Rail,
    Station,
    Journey,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    width: u16,
    height: u16,
    /// Per cell: its dots (the braille pattern's bits) and its strongest layer.
    cells: Vec<(u8, Layer)>,
}

/// The bit of dot (x, y) within its cell, as Unicode numbers braille dots.
const BITS: [[u8; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];

impl Raster {
    pub fn new(width: u16, height: u16) -> Raster {
        Raster {
            width,
            height,
            cells: vec![(0, Layer::Empty); usize::from(width) * usize::from(height)],
        }
    }

    /// Dots across and down.
    pub(crate) fn dots(&self) -> (f64, f64) {
        (f64::from(self.width) * 2.0, f64::from(self.height) * 4.0)
    }

    /// Sets the dot at (x, y), counted in dots from the top left; outside, nothing.
    pub(crate) fn dot(&mut self, x: f64, y: f64, layer: Layer) {
        if !(x >= 0.0 && y >= 0.0) {
            return;
        }
        let (xi, yi) = (x as usize, y as usize);
        let (cx, cy) = (xi / 2, yi / 4);
        if cx >= usize::from(self.width) || cy >= usize::from(self.height) {
            return;
        }
        let cell = &mut self.cells[cy * usize::from(self.width) + cx];
        cell.0 |= BITS[yi % 4][xi % 2];
        cell.1 = cell.1.max(layer);
    }

    /// A straight line of dots from `a` to `b` (in dots), clipped to the raster.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), layer: Layer) {
        let (w, h) = self.dots();
        let Some((a, b)) = clip(a, b, (w - 0.001, h - 0.001)) else {
            return;
        };
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil().max(1.0);
        // Bounded by the raster's size: a clipped line crosses it at most once.
        let n = steps as usize;
        for i in 0..=n {
            let t = i as f64 / steps;
            self.dot(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, layer);
        }
    }

    /// Whether cell (cx, cy) has any dot.
    #[cfg(test)]
    pub(crate) fn is_set(&self, cx: u16, cy: u16) -> bool {
        cx < self.width
            && cy < self.height
            && self.cells[usize::from(cy) * usize::from(self.width) + usize::from(cx)].0 != 0
    }

    /// Writes the dots into `buf` at `area`, each cell styled by its layer.
    pub fn render(&self, area: Rect, buf: &mut Buffer, style: impl Fn(Layer) -> Style) {
        for cy in 0..self.height.min(area.height) {
            for cx in 0..self.width.min(area.width) {
                let (bits, layer) =
                    self.cells[usize::from(cy) * usize::from(self.width) + usize::from(cx)];
                if bits == 0 {
                    continue;
                }
                let symbol = char::from_u32(0x2800 + u32::from(bits)).unwrap_or(' ');
                if let Some(cell) = buf.cell_mut((area.x + cx, area.y + cy)) {
                    cell.set_char(symbol).set_style(style(layer));
                }
            }
        }
    }
}

/// The part of the segment a→b inside [0, max.0] × [0, max.1] (Liang–Barsky), if any.
fn clip(a: (f64, f64), b: (f64, f64), max: (f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
        return None;
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a.0), (dx, max.0 - a.0), (-dy, a.1), (dy, max.1 - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    (t0 <= t1).then_some((
        (a.0 + t0 * dx, a.1 + t0 * dy),
        (a.0 + t1 * dx, a.1 + t1 * dy),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_make_braille_and_the_strongest_layer_wins() {
        let mut r = Raster::new(2, 1);
        r.dot(0.0, 0.0, Layer::Neighbour);
        r.dot(1.0, 3.0, Layer::Outline);
        r.dot(9.0, 9.0, Layer::Rail); // outside: nothing
        r.dot(-1.0, 0.0, Layer::Rail);
        r.dot(f64::NAN, 0.0, Layer::Rail);
        let mut buf = Buffer::empty(Rect::new(0, 0, 2, 1));
        r.render(Rect::new(0, 0, 2, 1), &mut buf, |l| {
            if l == Layer::Outline {
                Style::default().bold()
            } else {
                Style::default()
            }
        });
        assert_eq!(buf[(0, 0)].symbol(), "⢁");
        assert!(buf[(0, 0)]
            .modifier
            .contains(ratatui::style::Modifier::BOLD));
        assert_eq!(buf[(1, 0)].symbol(), " ");
    }

    #[test]
    fn lines_are_clipped_and_bounded_however_far_they_reach() {
        let mut r = Raster::new(10, 5);
        r.line((-1e12, 10.0), (1e12, 10.0), Layer::Rail);
        assert!((0..10).all(|x| r.is_set(x, 2)), "crosses the whole raster");
        let before = r.clone();
        r.line((-50.0, -50.0), (-10.0, -1.0), Layer::Rail);
        r.line((f64::INFINITY, 0.0), (0.0, 0.0), Layer::Rail);
        assert_eq!(r, before, "out of view: nothing");
    }
}
