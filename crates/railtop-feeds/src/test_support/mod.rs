//! What the tests of the feeds and of everything above them start from: the instant every test
//! replays, the project's fixtures (each feed's beside its code, [`fixture_dir`]), and a demo
//! board. Compiled only for tests and for the `test-support` feature; never part of the binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test helpers fail loudly by design"
)]

/// The interface's two answers as a table of fields, and the checker every answer is read by.
pub mod interface;
/// A fixture folder played on loopback, as its `routes.txt` says (it needs axum, which only the
/// `test-support` feature brings).
#[cfg(feature = "test-support")]
pub mod play;

use crate::source::demo::DemoSource;
use crate::source::DeparturesQuery;
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::model::DeparturesResponse;
use std::path::{Path, PathBuf};

/// The instant every test replays: a Tuesday morning, 08:00 in Helsinki.
pub const NOW: &str = "2026-11-24T06:00:00Z";

/// [`NOW`] as a time.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(NOW)
        .expect("NOW is RFC 3339")
        .with_timezone(&Utc)
}

/// The fixture folder `name`, the project's own payloads: a feed's beside its code
/// (`src/upstream/feeds/<name>/fixtures/`, named as the feed's module: `usa` for the United
/// States); a GTFS country's that is a registry row of data, beside the generic reader that plays
/// it (`src/upstream/gtfs/fixtures/<slug>/`: `malaysia`, `bulgaria`); else the workspace's
/// `tests/fixtures/<name>/` (`fuzz`: every input the fuzzer crashed railtop with).
pub fn fixture_dir(name: &str) -> PathBuf {
    let upstream = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/upstream");
    let feed = upstream.join("feeds").join(name).join("fixtures");
    let gtfs = upstream.join("gtfs/fixtures").join(name);
    if feed.is_dir() {
        feed
    } else if gtfs.is_dir() {
        gtfs
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures")
            .join(name)
    }
}

/// A fixture of the project's own: `path` is `<folder>/<file>` (`finland/live-trains.json`),
/// the folder found by [`fixture_dir`].
pub fn fixture(path: &str) -> Vec<u8> {
    let (folder, file) = path
        .split_once('/')
        .unwrap_or_else(|| panic!("{path}: a fixture is named <folder>/<file>"));
    let full = fixture_dir(folder).join(file);
    std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The recorded payloads beside the project (`../shared/upstream-samples/`, or
/// `RAILTOP_SAMPLES_DIR`), when they are there: they are not the project's to commit.
pub fn samples_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("RAILTOP_SAMPLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/upstream-samples")
        });
    dir.is_dir().then_some(dir)
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
