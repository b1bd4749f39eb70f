//! Train positions on a world map, zoomed to the selected country with the right aspect, dots
//! grouped by delay class, the selected train marked.

use super::pane_block;
use crate::assets;
use crate::country;
use crate::screen::theme::DelayClass;
use crate::tui::app::AppState;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::canvas::{Canvas, Map, MapResolution, Points};
use ratatui::Frame;

/// Longitude and latitude bounds showing `(lng, lat)` box at the cell aspect of `area`
/// (terminal cells are about twice as tall as wide).
pub fn bounds(area: Rect, min: (f64, f64), max: (f64, f64)) -> ([f64; 2], [f64; 2]) {
    let mid_lat = ((min.1 + max.1) / 2.0).clamp(-80.0, 80.0);
    let squash = mid_lat.to_radians().cos().max(0.1);
    let (mut lng_span, mut lat_span) = ((max.0 - min.0).max(0.5), (max.1 - min.1).max(0.5));
    let screen = f64::from(area.width.max(1)) / (2.0 * f64::from(area.height.max(1)));
    // Widen whichever side is short so that a degree looks the same both ways.
    if lng_span * squash / lat_span < screen {
        lng_span = lat_span * screen / squash;
    } else {
        lat_span = lng_span * squash / screen;
    }
    let (cx, cy) = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
    (
        [cx - lng_span / 2.0, cx + lng_span / 2.0],
        [cy - lat_span / 2.0, cy + lat_span / 2.0],
    )
}

pub fn map(state: &AppState, frame: &mut Frame, area: Rect) {
    let theme = state.settings.theme();
    let trains = state.trains();
    let (min, max) = match state.country.as_deref().and_then(country::by_slug) {
        Some(c) => (
            (c.bbox.min_lng, c.bbox.min_lat),
            (c.bbox.max_lng, c.bbox.max_lat),
        ),
        None => trains
            .iter()
            .filter_map(|t| Some((t.lng?, t.lat?)))
            .fold(None, |acc: Option<((f64, f64), (f64, f64))>, (x, y)| {
                Some(match acc {
                    None => ((x, y), (x, y)),
                    Some((lo, hi)) => ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y))),
                })
            })
            .unwrap_or(((-170.0, -60.0), (170.0, 75.0))),
    };
    let (x_bounds, y_bounds) = bounds(pane_inner(area), min, max);
    let inner = pane_inner(area);
    // One marker per cell, the worst delay in the cell showing: bounded by the map's size,
    // however many trains there are. A flat grid keeps this O(trains) with a tiny constant.
    let (gw, gh) = (usize::from(inner.width), usize::from(inner.height));
    let mut grid: Vec<Option<(u8, f64, f64)>> = vec![None; gw * gh];
    let mut with_gps = 0usize;
    for t in trains {
        let (Some(lat), Some(lng)) = (t.lat, t.lng) else {
            continue;
        };
        with_gps += 1;
        let Some((cx, cy)) = cell_of(inner, x_bounds, y_bounds, lng, lat) else {
            continue;
        };
        let rank = severity(DelayClass::of(t.delay, false));
        let slot = &mut grid[usize::from(cy) * gw + usize::from(cx)];
        if slot.is_none_or(|(r, _, _)| rank > r) {
            *slot = Some((rank, lng, lat));
        }
    }
    let cells: Vec<(u8, f64, f64)> = grid.into_iter().flatten().collect();
    let stations: Vec<(f64, f64)> = state
        .country
        .as_deref()
        .map(|c| assets::stations(c).iter().map(|s| (s.lng, s.lat)).collect())
        .unwrap_or_default();
    let selected = state
        .list
        .selected(trains)
        .and_then(|t| Some((t.lng?, t.lat?)));
    let mono = state.settings.monochrome;
    let title = Line::from(vec![
        Span::styled(" Map ", theme.title()),
        Span::raw(format!("· {with_gps} with GPS · • train ◆ selected ")),
    ]);
    let canvas = Canvas::default()
        .block(pane_block(title, false, &theme))
        .marker(Marker::Braille)
        .x_bounds(x_bounds)
        .y_bounds(y_bounds)
        .paint(move |ctx| {
            let resolution = if x_bounds[1] - x_bounds[0] > 60.0 {
                MapResolution::Low
            } else {
                MapResolution::High
            };
            let faint = if mono { Color::Reset } else { Color::DarkGray };
            ctx.draw(&Map {
                resolution,
                color: faint,
            });
            ctx.draw(&Points {
                coords: &stations,
                color: if mono {
                    Color::Reset
                } else if theme.light {
                    Color::Black
                } else {
                    Color::Gray
                },
            });
            ctx.layer();
            for &(rank, lng, lat) in &cells {
                ctx.print(lng, lat, Span::styled("•", theme.delay(class_of(rank))));
            }
            if let Some((x, y)) = selected {
                ctx.print(x, y, Span::styled("◆", theme.selected()));
            }
        });
    frame.render_widget(canvas, area);
}

fn pane_inner(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// The cell of the canvas a position falls in, if any.
fn cell_of(inner: Rect, x: [f64; 2], y: [f64; 2], lng: f64, lat: f64) -> Option<(u16, u16)> {
    let fx = (lng - x[0]) / (x[1] - x[0]);
    let fy = (y[1] - lat) / (y[1] - y[0]);
    if !(0.0..1.0).contains(&fx) || !(0.0..1.0).contains(&fy) {
        return None;
    }
    Some((
        (fx * f64::from(inner.width)) as u16,
        (fy * f64::from(inner.height)) as u16,
    ))
}

const BY_SEVERITY: [DelayClass; 6] = [
    DelayClass::NoData,
    DelayClass::Early,
    DelayClass::OnTime,
    DelayClass::Slight,
    DelayClass::Late,
    DelayClass::VeryLate,
];

fn severity(class: DelayClass) -> u8 {
    BY_SEVERITY.iter().position(|c| *c == class).unwrap_or(0) as u8
}

fn class_of(rank: u8) -> DelayClass {
    BY_SEVERITY[usize::from(rank).min(BY_SEVERITY.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_keep_the_aspect_and_contain_the_box() {
        let area = Rect::new(0, 0, 60, 20);
        let (x, y) = bounds(area, (19.4, 59.7), (31.6, 70.1));
        let e = 1e-9;
        assert!(x[0] <= 19.4 + e && x[1] >= 31.6 - e && y[0] <= 59.7 + e && y[1] >= 70.1 - e);
        let squash = ((59.7f64 + 70.1) / 2.0).to_radians().cos();
        let ratio = (x[1] - x[0]) * squash / (y[1] - y[0]);
        assert!((ratio - 60.0 / 40.0).abs() < 1e-6, "{ratio}");
    }
}
