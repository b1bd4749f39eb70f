//! Loopback helpers shared by the integration tests: a real `railtop serve` on 127.0.0.1:0.

pub mod interface;
pub mod pty;

use railtop::clock::Clock;
use railtop::server::{serve, ServerConfig};
use railtop::source::cache::{CacheConfig, CachedSource};
use railtop::source::demo::DemoSource;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub use railtop::test_support::{fixture, now, NOW};

pub struct TestServer {
    pub addr: SocketAddr,
    pub stop: Option<oneshot::Sender<()>>,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl TestServer {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Starts the real server with the demo source at [`NOW`].
pub async fn start_demo(config: ServerConfig) -> TestServer {
    let demo = DemoSource::new(1, 1, Clock::parse(NOW).unwrap()).unwrap();
    start_with(Arc::new(demo), config).await
}

/// Starts the real server with `source`.
pub async fn start_with(source: railtop::source::SharedSource, config: ServerConfig) -> TestServer {
    let source = Arc::new(CachedSource::new(source, CacheConfig::default()));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve(listener, source, config, async move {
        let _ = stopped.await;
    }));
    TestServer {
        addr,
        stop: Some(stop),
        task,
    }
}

/// Serves a fixed axum router on loopback (for hostile or scripted peers).
pub async fn start_router(router: axum::Router) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    addr
}

/// The railtop binary, its station-list cache in a scratch folder of this test process (never
/// the user's `~/.cache`); tests that need their own set `XDG_CACHE_HOME` after.
pub fn railtop_binary() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_railtop"));
    cmd.env(
        "XDG_CACHE_HOME",
        std::env::temp_dir().join(format!("railtop-it-cache-{}", std::process::id())),
    );
    cmd
}
