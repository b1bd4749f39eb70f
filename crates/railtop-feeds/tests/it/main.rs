//! railtop-feeds' one integration-test binary: a module per area, all starting from the crate's
//! own test support (`railtop_feeds::test_support`: the fixed instant, the fixture folders and
//! a folder played on loopback, the interface's field table, the recorded samples). Nothing here
//! runs the binary or the server: those tests are the root crate's (`tests/it/`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

mod conformance;
mod countries;
mod new_feed_checklist;
mod real_samples;
mod registry;
mod remote;
mod schedules;
mod station_lists;
