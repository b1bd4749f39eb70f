//! Loopback helpers shared by the integration tests: a real `railtop serve` on 127.0.0.1:0.

pub mod chromium;
pub mod pty;
pub mod redis_server;

use railtop_core::clock::Clock;
use railtop_feeds::source::cache::{CacheConfig, CachedSource};
use railtop_feeds::source::demo::DemoSource;
use railtop_server::{serve, ServerConfig};
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
pub async fn start_with(
    source: railtop_feeds::source::SharedSource,
    config: ServerConfig,
) -> TestServer {
    let source = Arc::new(CachedSource::new(source, CacheConfig::default()));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve(
        listener,
        source,
        config,
        Default::default(),
        async move {
            let _ = stopped.await;
        },
    ));
    TestServer {
        addr,
        stop: Some(stop),
        task,
    }
}

/// Starts the real server over the upstream aggregator of the configuration file at `path`
/// (its `[[feeds]]` regions), at [`NOW`].
pub async fn start_config(path: &std::path::Path) -> TestServer {
    use railtop_core::config::{Config, Overrides};
    let file = railtop_core::config::load(path, true).unwrap();
    let env = |var: &str| (var == "RAILTOP_NOW").then(|| NOW.to_string());
    let config = Config::resolve(&Overrides::default(), &file, env).unwrap();
    let aggregator = railtop_feeds::upstream::Aggregator::open(&config, None).unwrap();
    start_with(Arc::new(aggregator), ServerConfig::default()).await
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
/// The screen-reader mode's promise for all a program wrote: not one escape byte, and no box
/// drawing, bars or braille.
pub fn assert_lines_only(raw: &[u8]) {
    let text = String::from_utf8_lossy(raw);
    assert!(!raw.contains(&0x1b), "no escape sequence at all:\n{text:?}");
    for c in text.chars() {
        let u = c as u32;
        assert!(
            !(0x2500..=0x259f).contains(&u) && !(0x2800..=0x28ff).contains(&u),
            "no box drawing, bars or braille: {c:?}"
        );
    }
}

pub fn railtop_binary() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_railtop"));
    cmd.env(
        "XDG_CACHE_HOME",
        std::env::temp_dir().join(format!("railtop-it-cache-{}", std::process::id())),
    );
    // English whatever the machine's locale: a test that wants another language says so.
    for var in LOCALE_VARS {
        cmd.env_remove(var);
    }
    cmd
}

/// The variables that choose railtop's language, cleared for every binary a test starts.
pub const LOCALE_VARS: [&str; 4] = ["LC_ALL", "LC_MESSAGES", "LANG", "RAILTOP_LANG"];

/// A loopback port nothing listens on (as of now), for a server a test starts itself.
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `tool` on the PATH, or a failure that says how to install it (a test never passes silently
/// for want of a tool; `.ci/run` installs them).
pub fn need(tool: &str, package: &str) -> std::path::PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("this test needs `{tool}`: apt-get install -y --no-install-recommends {package}")
        })
}

/// A `railtop` server started with JSON logs on port 0: the child, its stderr, and the address
/// its "listening" line gives.
pub fn serve_json(
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    serve_json_at(args, Some(NOW))
}

/// [`serve_json`] on the clock `now` (`RAILTOP_NOW`), or the system's (`None`: a server whose
/// pollers must come round again).
pub fn serve_json_at(
    args: &[&str],
    now: Option<&str>,
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    let mut command = crate::support::railtop_binary();
    command
        .args(["--log-format", "json"])
        .args(args)
        .env("RAILTOP_CONFIG", "/dev/null")
        .env_remove("RAILTOP_NOW")
        .env("RAILTOP_LOG", "info")
        .stderr(std::process::Stdio::piped());
    if let Some(now) = now {
        command.env("RAILTOP_NOW", now);
    }
    let mut child = command.spawn().unwrap();
    use std::io::BufRead;
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    let listening = loop {
        line.clear();
        if stderr.read_line(&mut line).unwrap_or(0) == 0 {
            break Err("no listening line".to_string());
        }
        match serde_json::from_str::<serde_json::Value>(&line) {
            Err(e) => break Err(format!("not a JSON line ({e}): {line:?}")),
            Ok(v) if v["fields"]["message"] == "listening" => {
                break Ok(v["fields"]["local"].as_str().unwrap_or_default().to_owned())
            }
            Ok(_) => {}
        }
    };
    match listening {
        Ok(local) => (child, stderr, local),
        Err(why) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{why}")
        }
    }
}

/// A number unlikely to repeat, for a folder of a test's own.
pub fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    );
    h.finish()
}
