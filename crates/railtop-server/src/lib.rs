//! railtop's servers: the Live Train Data API over HTTP (axum), which `railtop serve` runs, and
//! the pieces the SSH server in the crate above shares with it (admission of handshakes,
//! accepting connections with their timers, cutting slow streams, tallies). It reads the sources
//! of `railtop-feeds` and knows nothing of terminals: the SSH board, which draws the kiosk
//! screen, stays with the screens. The endpoints are `routes.rs`'s table, made a router in
//! `router.rs`, their handlers `handlers.rs` (and `gtfs_rt.rs`, `stats.rs`), what they share
//! `state.rs` (configured by `config.rs`), how they answer `respond.rs`; every request passes the
//! rate limit, metrics and log of `every_request.rs`; the connections, and the cached answers
//! given again without the router, are the fast lane's (`lane/`). The modules import downwards
//! only, in that order from the lane to the plain data (`config.rs`, `peer.rs`, `params.rs`):
//! none imports this file, and no two import each other.

mod accept_encoding;
pub mod admission;
mod config;
mod every_request;
mod gtfs_rt;
mod handlers;
mod lane;
mod params;
mod peer;
mod ratelimit;
mod respond;
mod router;
mod routes;
mod serve;
mod state;
mod stats;
mod stats_queue;
pub mod stream;
pub mod tally;
mod wire;

pub use config::{ConnectionLimits, ServerConfig};
pub use lane::answer_memo::MemoizingRouter;
pub use lane::connection::{accept, serve_stream};
pub use lane::zero_copy::bytes_sent as bytes_sent_by_sendfile;
pub use peer::ClientIp;
pub use router::{memoizing_router, router, Pages};
pub use serve::{listen, serve, serve_metrics, shutdown_signal, ServerError};
