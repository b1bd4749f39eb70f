//! A remote source through the binary and the server: its password is on no screen and in no
//! answer. (The remote client against peers that fail or misbehave is railtop-feeds' own test:
//! `crates/railtop-feeds/tests/it/remote.rs`.)

use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
use railtop_feeds::source::LiveSource;
use std::time::Duration;

/// A remote source's password is on no screen (#55 item 4): the dashboard's, the kiosk's (the
/// SSH board draws the same footer from the same source), a one-shot command's, the API's, the
/// server's log, while the remote is down and so no attribution of its own replaces ours.
#[tokio::test]
async fn a_remote_sources_password_is_on_no_screen_and_in_no_answer() {
    use crate::support::pty::PtyApp;
    use crate::support::{free_port, railtop_binary};
    const SECRET: &str = "s3cret-pw";
    let url = format!("http://alice:{SECRET}@127.0.0.1:9");
    let source = RemoteSource::new(&url, RemoteConfig::default()).unwrap();
    assert!(!source.info().attribution.contains(SECRET));
    assert!(source.info().attribution.contains("***@127.0.0.1:9"));
    let wait = Duration::from_secs(20);
    for (args, shows) in [
        (vec!["--source", url.as_str()], "refused the connection"),
        (vec!["board", "HKI", "--source", url.as_str()], "Data via"),
    ] {
        let mut app = PtyApp::start(&args, 120, 40, &[]);
        app.wait_for(shows, |s| s.contains(shows), wait);
        app.send("q");
        app.wait_exit(wait);
        let bytes = String::from_utf8_lossy(&app.raw_output()).to_string();
        assert!(!bytes.contains(SECRET), "{args:?}: {bytes}");
    }
    let out = railtop_binary()
        .args(["departures", "HKI", "--source", &url])
        .env("RAILTOP_CONFIG", "/dev/null")
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success() && !said.contains(SECRET), "{said}");
    // `serve` with the remote as its source: its answers and its log.
    let port = free_port();
    let mut server = railtop_binary()
        .args(["serve", "--listen", &port.to_string(), "--source", &url])
        .env("RAILTOP_CONFIG", "/dev/null")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let mut bodies = String::new();
    for path in [
        "/api/live/realtime",
        "/api/live/departures?station=HKI",
        "/healthz",
        "/api/live/stats",
    ] {
        let mut answered = None;
        for _ in 0..100 {
            if let Ok(r) = client
                .get(format!("http://127.0.0.1:{port}{path}"))
                .send()
                .await
            {
                answered = Some(r.text().await.unwrap_or_default());
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        bodies.push_str(&answered.unwrap_or_else(|| panic!("serve answered {path}")));
    }
    server.kill().unwrap();
    let out = server.wait_with_output().unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!bodies.contains(SECRET), "{bodies}");
    assert!(!log.contains(SECRET), "{log}");
}
