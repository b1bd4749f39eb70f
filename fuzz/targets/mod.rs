//! The fuzz targets: one per parser of data from outside, each with where its seeds come from.
//!
//! A target runs the parser the way railtop does (the board parsers followed by the shared
//! plausibility bound, the API reader followed by its sanitising, the config file resolved), so
//! a panic anywhere on that path is found. An `Err` is a correct answer to a bad payload.
//!
//! Two tables: the national feeds' parsers ([`feeds`], where a new feed adds its rows) and the
//! readers the feeds, the servers and the screens share ([`shared`]: GTFS, remarks and times,
//! the demo, the API reader, the configuration). The registry's test reads both for a target of
//! every parser (`every_parser_of_outside_data_has_a_fuzz_target`).

pub mod feeds;
pub mod shared;

pub struct Target {
    pub name: &'static str,
    /// Seed files: `fixtures/<folder>/<path prefix>` (the project's: a feed's fixture folder by
    /// its module's name, `fixtures/usa/trains`; see `railtop_feeds::test_support::fixture_dir`)
    /// or `samples/<path prefix>` (the recorded payloads beside the project, when present).
    pub seeds: &'static [&'static str],
    /// Seeds made in code (protobuf feeds, bundles, API answers, config files).
    pub made: fn() -> Vec<Vec<u8>>,
    pub run: fn(&[u8]),
}

/// Every target: the feeds' first, then the shared readers'.
pub fn all() -> impl Iterator<Item = &'static Target> {
    feeds::TARGETS.iter().chain(shared::TARGETS)
}
