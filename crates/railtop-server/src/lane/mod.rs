//! The fast lane: everything on a connection's way between the socket and the router.
//! `connection.rs` accepts connections within their caps and serves each on one of the event loops
//! (one a core); `plain_gets.rs` reads a connection's plain GETs in place and answers them without
//! hyper (the first request that is not plain, and all after it, go to hyper); `answer_memo.rs`
//! keeps, on each event loop, the cached answers its router just gave, so that the lane gives them
//! again without the router until they expire; `zero_copy.rs` sends a body asked again with
//! `sendfile` from a sealed memfd.
//!
//! What may change here is how: how requests are read, parsed and handed over, how answers are
//! kept and written, which threads do it. What may not is what a client sees or what a request
//! counts for. Every answer is the router's, byte for byte (status, headers, body; an answer
//! given again differs only in the lines written for each request: `Cache-Control`'s countdown,
//! the client's `RateLimit-*`, `Content-Length`, `Date`), and every request passes the same rate
//! limit, metrics and log (`every_request.rs`'s `admit` and `record`) whichever path answered it;
//! `tests/it/express.rs` and `tests/it/api.rs` hold the lane to that.
//!
//! Each piece here went in on a measurement (docs/performance.md has them), and a change here is
//! measured the same way, before and after, its numbers written there: `cargo bench --bench serve`
//! (one request's cost in process, no network: `serve_request` through the router, `serve_express`
//! through this lane) and `bash bench/serve_vs_nginx.sh` (requests per second and p99 latency on
//! loopback, against nginx serving the same bytes as static files).

pub(crate) mod answer_memo;
pub(crate) mod connection;
mod plain_gets;
pub(crate) mod zero_copy;
