//! railtop: live trains and station departure boards in the terminal.
//!
//! The pieces, from the data up: [`model`] (the API's records), [`source`] (the `LiveSource` seam
//! with the demo simulator, the remote client and the cache), [`server`] (`railtop serve`), and
//! [`cli`] (the one-shot commands).
//!
//! The ground floor is its own crate, `railtop-core` (countries, clocks, text, the API's records,
//! the station directory, the configuration); its modules are re-exported here under the same
//! names, so `crate::model` and `railtop::model` read as before.

pub use railtop_core::{
    assets, backoff, clock, config, country, duration, metrics, model, outline, panics, stations,
    text,
};

pub mod cli;
pub mod kiosk;
pub mod redis_store;
pub mod screen;
pub mod server;
pub mod source;
pub mod ssh;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod tui;
pub mod upstream;
