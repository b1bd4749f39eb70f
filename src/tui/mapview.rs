//! Where the map looks: the box that fits the country (or the trains), a zoom factor and a
//! centre a person moved it to, or the selected train it follows. One pure function gives the
//! degrees on screen, used by the view to draw and by `update` to pan by a share of the view,
//! so the two always agree.

use super::braille::Raster;
use ratatui::layout::Rect;
use std::cell::RefCell;

/// Each `+` or `-` zooms by this factor.
pub(crate) const ZOOM_STEP: f64 = 1.5;
pub(crate) const MAX_ZOOM: f64 = 400.0;
pub(crate) const MIN_ZOOM: f64 = 0.25;
/// An arrow pans by this share of the view.
pub(crate) const PAN_SHARE: f64 = 0.25;

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MapView {
    /// 1 fits the box; 2 shows half of it each way.
    pub zoom: f64,
    /// `(lng, lat)` the view was panned to; `None`: the box's centre.
    pub center: Option<(f64, f64)>,
    /// The view keeps the selected train in its centre.
    pub follow: bool,
}

impl MapView {
    pub fn fitted() -> MapView {
        MapView {
            zoom: 1.0,
            center: None,
            follow: false,
        }
    }

    pub(crate) fn is_fitted(&self) -> bool {
        self.zoom == 1.0 && self.center.is_none() && !self.follow
    }
}

/// What the map's still layer (coasts, borders, rail lines, stations) was drawn for: the same
/// key, the same picture, so it is drawn once and reused every frame.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerKey {
    pub size: (u16, u16),
    /// The view's bounds, to a thousandth of its own width.
    pub bounds: [i64; 4],
    pub country: Option<String>,
    /// The rail lines known when it was drawn (they grow as journeys arrive).
    pub lines: usize,
    pub simulated: bool,
}

/// The last still layer drawn, kept between frames (the views are pure but may remember what
/// they drew: the same state draws the same screen); and the trains' extent, by the answer it
/// was measured on (the all-countries map fits it; measuring 26,000 trains each frame costs).
#[derive(Debug, Default)]
pub struct LayerCache {
    /// The still layer and what it was drawn for.
    pub still: RefCell<Option<(LayerKey, Raster)>>,
    /// The trains' extent, by the answer it was measured on.
    pub extent: RefCell<Option<(Answer, Extent)>>,
    /// The trains with positions as `(lng, lat, delay rank)`, by the answer they come from:
    /// a frame walks this short list, not every record.
    pub placed: RefCell<Option<(Answer, Vec<Placed>)>>,
}

/// The answer a measure was taken on, held so that its address cannot be reused by another
/// while the measure is kept (compared with `Arc::ptr_eq`).
pub type Answer = Option<std::sync::Arc<railtop_core::model::RealtimeResponse>>;

/// Whether two answers are the same one.
pub fn same(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// A train on the map: where it is and how late (the view's rank of its delay class).
pub(crate) type Placed = (f32, f32, u8);

/// A `(lng, lat)` box: its lower left and upper right corners.
pub(crate) type Extent = ((f64, f64), (f64, f64));

/// The degrees shown: `([min_lng, max_lng], [min_lat, max_lat])` for the box `min`–`max` (each
/// `(lng, lat)`) in `area` (inside the border) at `view`, centred on `train` when following.
pub(crate) fn viewport(
    area: Rect,
    (min, max): ((f64, f64), (f64, f64)),
    view: &MapView,
    train: Option<(f64, f64)>,
) -> ([f64; 2], [f64; 2]) {
    let (x, y) = fit(area, min, max);
    let zoom = if view.zoom.is_finite() {
        view.zoom.clamp(MIN_ZOOM, MAX_ZOOM)
    } else {
        1.0
    };
    let (w, h) = ((x[1] - x[0]) / zoom, (y[1] - y[0]) / zoom);
    let fitted_centre = ((x[0] + x[1]) / 2.0, (y[0] + y[1]) / 2.0);
    let (cx, cy) = match (view.follow, train, view.center) {
        (true, Some(t), _) => t,
        (_, _, Some(c)) => c,
        _ => fitted_centre,
    };
    let cy = cy.clamp(-85.0, 85.0);
    ([cx - w / 2.0, cx + w / 2.0], [cy - h / 2.0, cy + h / 2.0])
}

/// Longitude and latitude bounds showing the `(lng, lat)` box at the cell aspect of `area`
/// (terminal cells are about twice as tall as wide).
pub(crate) fn fit(area: Rect, min: (f64, f64), max: (f64, f64)) -> ([f64; 2], [f64; 2]) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_keeps_the_aspect_and_contains_the_box() {
        let area = Rect::new(0, 0, 60, 20);
        let (x, y) = fit(area, (19.4, 59.7), (31.6, 70.1));
        let e = 1e-9;
        assert!(x[0] <= 19.4 + e && x[1] >= 31.6 - e && y[0] <= 59.7 + e && y[1] >= 70.1 - e);
        let squash = ((59.7f64 + 70.1) / 2.0).to_radians().cos();
        let ratio = (x[1] - x[0]) * squash / (y[1] - y[0]);
        assert!((ratio - 60.0 / 40.0).abs() < 1e-6, "{ratio}");
    }

    #[test]
    fn zoom_narrows_the_view_about_its_centre_and_follow_recentres_it() {
        let area = Rect::new(0, 0, 60, 20);
        let b = ((19.4, 59.7), (31.6, 70.1));
        let (x1, y1) = viewport(area, b, &MapView::fitted(), None);
        let zoomed = MapView {
            zoom: 2.0,
            ..MapView::fitted()
        };
        let (x2, y2) = viewport(area, b, &zoomed, None);
        assert!(((x1[1] - x1[0]) / (x2[1] - x2[0]) - 2.0).abs() < 1e-9);
        assert!(
            ((y1[0] + y1[1]) - (y2[0] + y2[1])).abs() < 1e-9,
            "same centre"
        );
        let follow = MapView {
            follow: true,
            ..zoomed
        };
        let (x3, y3) = viewport(area, b, &follow, Some((24.9, 60.2)));
        assert!(((x3[0] + x3[1]) / 2.0 - 24.9).abs() < 1e-9);
        assert!(((y3[0] + y3[1]) / 2.0 - 60.2).abs() < 1e-9);
        let wild = MapView {
            zoom: f64::NAN,
            center: Some((0.0, 1e9)),
            follow: false,
        };
        let (x4, y4) = viewport(area, b, &wild, None);
        assert!(x4.iter().chain(&y4).all(|v| v.is_finite()));
    }
}
