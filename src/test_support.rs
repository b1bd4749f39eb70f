//! What the unit tests, the integration tests and the benchmarks start from, written once: the
//! instant every test replays, the project's fixtures, a dashboard loaded with one demo answer,
//! and a kiosk loaded with demo boards. Compiled only for tests (`cfg(test)`) and for the
//! integration tests and benches (the `test-support` feature, which they switch on through
//! railtop's dev-dependency on itself); never part of the binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test helpers fail loudly by design"
)]

use crate::kiosk::state::board_action;
use crate::kiosk::{update as kiosk_update, KioskSettings, KioskState};
use crate::refresh::{Answer, Event};
use crate::tui::app::{update, AppState, Settings};
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::model::DeparturesResponse;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::{DeparturesQuery, LiveSource, RealtimeQuery, MAX_LIMIT};
pub use railtop_feeds::test_support::{demo_board, fixture, now, NOW};
use std::sync::Arc;

/// A dashboard state loaded with one demo answer and one board, as of a fixed instant: what the
/// snapshot tests, the frame benchmark and the update tests start from.
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
            .map_err(|e| crate::screen::Failure::of(&e));
        let at = self.now;
        update(
            &mut s,
            Event::Answer(Answer::Realtime {
                country,
                result: answer.map(Arc::new),
                at,
            }),
        );
        let query = DeparturesQuery {
            station: self.station.into(),
            limit: MAX_LIMIT,
            ..Default::default()
        };
        let board = demo
            .departures_at(&query, self.now)
            .map_err(|e| crate::screen::Failure::of(&e));
        let station = self.station.into();
        update(
            &mut s,
            Event::Answer(Answer::Board {
                station,
                result: board.map(Arc::new),
                at,
            }),
        );
        s
    }
}

/// A 100×24 kiosk showing `stations`, each with its demo board at [`NOW`].
pub fn demo_kiosk(stations: &[&str], settings: KioskSettings) -> KioskState {
    let boards: Vec<_> = stations
        .iter()
        .map(|s| railtop_feeds::source::travellers_board::TravelQuery::departures(s))
        .collect();
    let mut k = KioskState::new(&boards, settings, "DEMO: test".into(), true, now());
    k.size = (100, 24);
    for s in stations {
        kiosk_update(&mut k, board_action(s, demo_board(s), now()));
    }
    k
}

/// A source with a bug: every answer panics while it is made (for the tests that a panic in a
/// feed stays that feed's failure).
pub struct PanickingSource;

impl LiveSource for PanickingSource {
    fn info(&self) -> railtop_feeds::source::SourceInfo {
        railtop_feeds::source::SourceInfo {
            name: "panicking".into(),
            is_demo: true,
            attribution: "DEMO".into(),
            feeds: Vec::new(),
        }
    }

    fn realtime(
        &self,
        _: RealtimeQuery,
    ) -> railtop_feeds::source::SourceFuture<'_, railtop_core::model::RealtimeResponse> {
        Box::pin(async {
            tokio::task::yield_now().await;
            panic!("a bug while reading a feed's trains")
        })
    }

    fn departures(
        &self,
        _: DeparturesQuery,
    ) -> railtop_feeds::source::SourceFuture<'_, DeparturesResponse> {
        Box::pin(async {
            let overflow = i64::MAX;
            tokio::task::yield_now().await;
            Ok(DeparturesResponse {
                fetched_at: overflow
                    .checked_add(std::hint::black_box(1))
                    .map(|n| n.to_string())
                    .expect("a bug while reading a feed's board"),
                ..DeparturesResponse::default()
            })
        })
    }
}
