//! Running a server: a listener on an address (the API's and the SSH server's), the API served
//! on it until shutdown (each connection by the lane, `connection.rs`), `/metrics` alone on a
//! listener of its own, and the signal that stops them.

use crate::config::ServerConfig;
use crate::handlers::metrics_text;
use crate::lane::connection;
use crate::router::{memoizing_router, Pages};
use crate::routes::METRICS;
use axum::routing::get;
use axum::Router;
use railtop_feeds::source::cache::CachedSource;
use std::future::Future;
use std::sync::Arc;
use tokio::net::TcpListener;

/// What stops the server: it could not listen, or the listener failed.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot listen on {addr}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped")]
    Serve(#[source] std::io::Error),
}

/// A listener on `addr` (the server's and the SSH server's), or why there is none.
pub async fn listen(
    addr: std::net::SocketAddr,
) -> Result<(TcpListener, std::net::SocketAddr), ServerError> {
    let failed = |source| ServerError::Listen { addr, source };
    let listener = TcpListener::bind(addr).await.map_err(failed)?;
    let local = listener.local_addr().map_err(failed)?;
    Ok((listener, local))
}

/// Serves the API (and `pages` beside it) on `listener` until `shutdown` completes, then
/// finishes open requests.
pub async fn serve(
    listener: TcpListener,
    source: Arc<CachedSource>,
    config: ServerConfig,
    pages: Pages,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = config.connections.clone();
    let answers = memoizing_router(source, config, pages);
    connection::run(listener, answers, limits, shutdown).await;
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM. The handlers are in place when this returns, not when the
/// future is first polled: a SIGTERM that arrives just after the "listening" line (a test, a
/// supervisor) must stop the server cleanly, not kill it with the default action.
pub fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let (term, int) = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::terminate()).ok(),
            signal(SignalKind::interrupt()).ok(),
        )
    };
    async move {
        #[cfg(unix)]
        {
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = wait(term) => {},
                _ = wait(int) => {},
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        tracing::info!("shutting down: finishing open requests");
    }
}

/// `/metrics` alone on a listener of its own (`--metrics-listen`), off the public port, until
/// `shutdown`.
pub async fn serve_metrics(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    railtop_core::metrics::install();
    let app = Router::new().route(METRICS.path, get(metrics_text));
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
