//! railtop's servers: the Live Train Data API over HTTP (axum), which `railtop serve` runs, and
//! the pieces the SSH server in the crate above shares with it (admission of handshakes,
//! accepting connections with their timers, cutting slow streams, tallies). It reads the sources
//! of `railtop-feeds` and knows nothing of terminals: the SSH board, which draws the kiosk
//! screen, stays with the screens. The endpoints are `routes.rs`'s table, their handlers
//! `handlers.rs` (and `gtfs_rt.rs`, `stats.rs`), what they share `state.rs`, how they answer
//! `respond.rs`; every request passes the rate limit, metrics and log of `every_request.rs`; the
//! connections, and the cached answers given again without the router, are the fast lane's
//! (`lane/`).

mod accept_encoding;
pub mod admission;
mod every_request;
mod gtfs_rt;
mod handlers;
mod lane;
mod params;
mod ratelimit;
mod respond;
mod routes;
mod serve;
mod state;
mod stats;
pub mod stream;
pub mod tally;

pub use lane::answer_memo::MemoizingRouter;
pub use lane::connection::{accept, serve_stream, ConnectionLimits};
pub use lane::zero_copy::bytes_sent as bytes_sent_by_sendfile;
pub use routes::{memoizing_router, router};
pub use serve::{listen, serve, serve_metrics, shutdown_signal, ServerError};
pub use state::ServerConfig;
