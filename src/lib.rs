//! railtop: live trains and station departure boards in the terminal.
//!
//! The pieces, from the data up: [`model`] (the API's records), [`source`] (the `LiveSource` seam
//! with the demo simulator, the remote client and the cache), [`server`] (`railtop serve`), and
//! [`cli`] (the one-shot commands).
//!
//! The floors below are crates of their own: `railtop-core` (countries, clocks, text, the API's
//! records, the station directory, the configuration), `railtop-feeds` (the sources: the
//! national feeds, the demo, the remote client, the cache, Redis), `railtop-record` (what was
//! seen over time, in SQLite) and `railtop-server` (the HTTP API); their modules are re-exported
//! here under the same names, so `crate::model` and `railtop::upstream` read as before.

pub use railtop_core::{
    assets, backoff, clock, config, country, duration, events, files, metrics, model, outline,
    panics, stations, text, traveller,
};
pub use railtop_feeds::{redis_store, source, upstream};
pub use railtop_record as record;
pub use railtop_server as server;

pub mod cli;
pub mod kiosk;
pub mod refresh;
pub mod screen;
pub mod ssh;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod tui;
