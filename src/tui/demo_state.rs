//! A dashboard state loaded with one demo answer and one board, as of a fixed instant: what the
//! snapshot tests, the frame benchmark and the update tests start from.

use super::app::{update, Action, AppState, Settings};
use crate::clock::Clock;
use crate::source::demo::DemoSource;
use crate::source::{DeparturesQuery, LiveSource, RealtimeQuery, MAX_LIMIT};
use chrono::{DateTime, Utc};
use std::sync::Arc;

pub struct DemoScene<'a> {
    pub seed: u64,
    pub scale: u32,
    pub country: Option<&'a str>,
    pub station: &'a str,
    pub now: DateTime<Utc>,
    pub size: (u16, u16),
    pub settings: Settings,
}

impl DemoScene<'_> {
    /// The state after the scene's realtime answer and board have arrived.
    pub fn load(&self) -> AppState {
        // The embedded network always parses (its own tests say so).
        let demo = DemoSource::new(self.seed, self.scale, Clock::Fixed(self.now))
            .expect("the embedded demo network");
        let country = self.country.map(String::from);
        let mut s = AppState::new(
            demo.info(),
            self.settings.clone(),
            country.clone(),
            Some(self.station.into()),
            self.now,
        );
        s.size = self.size;
        let query = RealtimeQuery {
            country: country.clone(),
            stop: None,
        };
        let answer = demo
            .realtime_at(&query, self.now)
            .map_err(|e| e.to_string());
        let at = self.now;
        update(
            &mut s,
            Action::Realtime {
                country,
                result: answer.map(Arc::new),
                at,
            },
        );
        let query = DeparturesQuery {
            station: self.station.into(),
            limit: MAX_LIMIT,
        };
        let board = demo
            .departures_at(&query, self.now)
            .map_err(|e| e.to_string());
        let station = self.station.into();
        update(
            &mut s,
            Action::Board {
                station,
                result: board.map(Arc::new),
                at,
            },
        );
        s
    }
}
