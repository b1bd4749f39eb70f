//! railtop: live trains and station departure boards in the terminal.
//!
//! The pieces, from the data up: [`model`] (the API's records), [`source`] (the `LiveSource` seam
//! with the demo simulator, the remote client and the cache), [`server`] (`railtop serve`), and
//! [`cli`] (the one-shot commands).

pub mod assets;
pub mod backoff;
pub mod cli;
pub mod clock;
pub mod config;
pub mod country;
pub mod duration;
pub mod kiosk;
pub mod metrics;
pub mod model;
pub mod outline;
pub mod panics;
pub mod redis_store;
pub mod screen;
pub mod server;
pub mod source;
pub mod ssh;
pub mod stations;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod text;
pub mod tui;
pub mod upstream;
