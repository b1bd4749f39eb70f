//! railtop's one integration-test binary: a module per area, all sharing [`support`] (a real
//! `railtop serve` on loopback, scripted peers, the binary in a pseudo-terminal, the fixed
//! instant every test replays). One binary links axum, russh, reqwest and ratatui once.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

mod support;

mod api;
mod cli;
mod cli_args;
mod express;
mod finland_reasons;
mod france_germany;
mod gtfs;
mod gtfs_rt_out;
mod hardening;
mod kiosk_e2e;
mod languages;
mod netherlands_disruptions;
mod operators;
mod real_data;
mod realtime_join;
mod recording;
mod region_dashboard;
mod remote;
mod schedule;
mod shared_redis;
mod ssh;
mod traveller;
mod tui_e2e;
mod tui_keys;
mod tui_snapshots;
mod upstream;
mod web_board;
