//! The map pane: whether it is shown (beside the list or over the whole body), where it looks
//! (zoom, pan, follow), the still layer as last drawn, and the rail lines learnt from journeys.

use super::super::layout::MapShown;
use super::super::mapview::{self, LayerCache, MapView};
use railtop_core::model::JourneyResponse;
use std::collections::HashMap;

/// A stretch of line between two stops: `(lng, lat)` each.
pub type Segment = ((f64, f64), (f64, f64));

/// Rail segments learnt from journeys kept per country at most.
const MAX_KNOWN_SEGMENTS: usize = 20_000;

#[derive(Debug)]
pub struct Map {
    pub shown: bool,
    /// The map over the whole body (`M`).
    pub full: bool,
    /// Where the map looks (zoom, pan, follow).
    pub view: MapView,
    /// The map's still layer as last drawn (the view's memory, see [`LayerCache`]).
    pub layer: LayerCache,
    /// Rail lines learnt from journeys, per country: segments between consecutive stops.
    pub known_lines: HashMap<String, Vec<Segment>>,
}

impl Default for Map {
    fn default() -> Self {
        Map {
            shown: true,
            full: false,
            view: MapView::fitted(),
            layer: LayerCache::default(),
            known_lines: HashMap::new(),
        }
    }
}

impl Map {
    /// How the layout places the map.
    pub(crate) fn placement(&self) -> MapShown {
        match (self.shown, self.full) {
            (_, true) => MapShown::Full,
            (true, false) => MapShown::Pane,
            (false, false) => MapShown::Hidden,
        }
    }

    /// One step closer (`true`) or further, within the zoom's bounds.
    pub fn zoom(&mut self, closer: bool) {
        let z = self.view.zoom;
        let z = if closer {
            z * mapview::ZOOM_STEP
        } else {
            z / mapview::ZOOM_STEP
        };
        self.view.zoom = z.clamp(mapview::MIN_ZOOM, mapview::MAX_ZOOM);
    }

    /// Learns the rail lines a journey runs on: its placed stops, two by two.
    pub(crate) fn learn_lines(&mut self, journey: &JourneyResponse) {
        let Some(country) = journey.train.country.clone() else {
            return;
        };
        let placed: Vec<(f64, f64)> = journey
            .stops
            .iter()
            .filter_map(|s| Some((s.lng?, s.lat?)))
            .collect();
        let lines = self.known_lines.entry(country).or_default();
        for pair in placed.windows(2) {
            let segment = (pair[0], pair[1]);
            let reverse = (pair[1], pair[0]);
            if lines.len() < MAX_KNOWN_SEGMENTS
                && !lines.contains(&segment)
                && !lines.contains(&reverse)
            {
                lines.push(segment);
            }
        }
    }
}
