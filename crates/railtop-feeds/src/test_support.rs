//! What the tests of the feeds and of everything above them start from: the instant every test
//! replays, the project's fixtures (`tests/fixtures/` at the workspace's root), and a demo board.
//! Compiled only for tests and for the `test-support` feature; never part of the binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test helpers fail loudly by design"
)]

use crate::source::demo::DemoSource;
use crate::source::DeparturesQuery;
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::model::DeparturesResponse;

/// The instant every test replays: a Tuesday morning, 08:00 in Helsinki.
pub const NOW: &str = "2026-11-24T06:00:00Z";

/// [`NOW`] as a time.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(NOW)
        .expect("NOW is RFC 3339")
        .with_timezone(&Utc)
}

/// A fixture of the project's own under `tests/fixtures/`.
pub fn fixture(path: &str) -> Vec<u8> {
    let full = format!("{}/../../tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The demo's board of `station` at [`NOW`].
pub fn demo_board(station: &str) -> DeparturesResponse {
    let demo = DemoSource::new(1, 1, Clock::Fixed(now())).expect("the embedded demo network");
    demo.departures_at(
        &DeparturesQuery {
            station: station.into(),
            limit: 100,
            ..Default::default()
        },
        now(),
    )
    .expect("a demo station")
}
