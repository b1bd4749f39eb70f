//! railtop: live trains and station departure boards in the terminal. This crate is the top
//! floor: the screens ([`tui`] the dashboard, [`kiosk`] the board, [`ssh`] the board over SSH,
//! [`screen`] what they share, [`refresh`] their polling) and [`cli`] (the commands).
//!
//! The floors below are crates of their own, named in every path that uses them (nothing is
//! re-exported here): `railtop_core` (countries, clocks, text, the API's records, the station
//! directory, the configuration), `railtop_feeds` (the sources: the national feeds, the demo,
//! the remote client, the cache, Redis), `railtop_record` (what was seen over time, in SQLite)
//! and `railtop_server` (the HTTP API).

pub mod cli;
pub mod kiosk;
pub mod refresh;
pub mod screen;
pub mod ssh;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod tui;
pub mod web;
