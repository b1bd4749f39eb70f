//! The real dashboard binary in a pseudo-terminal, read through a terminal emulator: against
//! `railtop serve --source demo` on loopback, and against a hostile server.

use crate::support::pty::PtyApp;
use crate::support::{start_demo, start_router, NOW};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop::server::ServerConfig;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(15);

/// The first line of the screen: the header with the selected country.
fn header(screen: &str) -> &str {
    screen.lines().next().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_switches_country_picks_a_station_and_quits() {
    let server = start_demo(ServerConfig::default()).await;
    let url = server.url();
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", &url, "--country", "finland"],
            120,
            36,
            &[("RAILTOP_NOW", NOW)],
        );
        app.wait_for(
            "the panes",
            |s| {
                s.contains("Trains")
                    && s.contains("Countries")
                    && s.contains("Helsinki (HKI)")
                    && s.contains("IC ")
            },
            WAIT,
        );
        let first = app.screen();
        assert!(header(&first).contains("Finland"), "{first}");
        assert!(first.contains("DEMO"), "demo data is labelled");

        app.send("\x1b[C"); // →
        app.wait_for(
            "Ireland's trains and board",
            |s| {
                header(s).contains("Ireland")
                    && s.contains("Dublin Connolly (CNLLY)")
                    && s.contains("DART")
            },
            WAIT,
        );

        app.send("b");
        app.wait_for(
            "the station search",
            |s| s.contains("Station · Ireland"),
            WAIT,
        );
        app.send("heuston");
        app.wait_for("a completion", |s| s.contains("HSTON"), WAIT);
        app.send("\r");
        app.wait_for(
            "Heuston's board",
            |s| s.contains("Dublin Heuston (HSTON)") && s.contains("Galway"),
            WAIT,
        );

        app.send("q");
        let status = app.wait_exit(WAIT);
        assert!(status.success(), "exit status {status:?}");
        let parser = app.parser.lock().unwrap();
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "the alternate screen was left");
        assert!(!screen.hide_cursor(), "the cursor is visible again");
        let raw = app.raw_output();
        let tail = String::from_utf8_lossy(&raw[raw.len().saturating_sub(200)..]).to_string();
        assert!(
            tail.contains("\x1b[?1049l"),
            "leaves the alternate screen last: {tail:?}"
        );
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_source_leaves_the_screen_intact_and_the_program_alive() {
    // Realtime: escape sequences, control characters, absurd delays, missing fields, then 500s.
    let calls = Arc::new(AtomicUsize::new(0));
    let c = calls.clone();
    let hostile = r#"{"trains":[
        {"id":"1","trainCode":"\u001b]0;pwned\u0007EVIL 1","name":"EVIL 1 → \u001b[2J\u001b[31mNowhere\r\nX","status":"running","lat":"1e400","lng":null,"delay":99999999999,"platform":"\u0007\u0008"},
        {"trainCode":"GHOST"},
        {"id":"3","trainCode":"OK 3","to":"Helsinki","status":"running","delay":-5,"lat":60.2,"lng":24.9}
      ],"liveCountries":["finland","\u001b[5mblink"],"stats":{"total":"lots"},"fetchedAt":12}"#;
    let router = Router::new()
        .route(
            "/api/live/realtime",
            get(move || {
                let n = c.fetch_add(1, Ordering::SeqCst);
                async move {
                    if n % 2 == 0 {
                        hostile.into_response()
                    } else {
                        (StatusCode::INTERNAL_SERVER_ERROR, "\u{1b}[2Jboom").into_response()
                    }
                }
            }),
        )
        // The board never answers.
        .route(
            "/api/live/departures",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                "{}"
            }),
        );
    let addr = start_router(router).await;
    let url = format!("http://{addr}");
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", &url, "--country", "finland", "--interval", "1"],
            100,
            30,
            &[],
        );
        app.wait_for(
            "the hostile trains, cleaned",
            |s| s.contains("EVIL 1") && s.contains("OK 3") && s.contains("GHOST"),
            WAIT,
        );
        // Let it refresh through a few failures and hostile answers.
        app.wait_for(
            "a failure shown in one line",
            |s| s.contains("answered 500"),
            WAIT,
        );
        std::thread::sleep(Duration::from_secs(2));
        assert!(app.child.try_wait().unwrap().is_none(), "still running");
        let screen = app.screen();
        assert!(
            screen.contains("Trains") && screen.contains("railtop"),
            "{screen}"
        );
        assert!(
            screen.contains("loading…"),
            "the hanging board waits: {screen}"
        );
        let raw = String::from_utf8_lossy(&app.raw_output()).to_string();
        assert!(
            !raw.contains("pwned"),
            "no title change reached the terminal"
        );
        assert!(
            !raw.contains("\x1b[2J\x1b[31m"),
            "no screen clear from the data"
        );
        app.send("q");
        assert!(app.wait_exit(WAIT).success());
    })
    .await
    .unwrap();
}

#[cfg(unix)]
#[test]
fn sigterm_restores_the_terminal() {
    let mut app = PtyApp::start(
        &["--source", "demo", "--country", "norway"],
        100,
        30,
        &[("RAILTOP_NOW", NOW)],
    );
    app.wait_for(
        "the dashboard",
        |s| s.contains("Oslo S") && s.contains("Trains"),
        WAIT,
    );
    let pid = app.child.process_id().expect("a pid");
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(app.wait_exit(WAIT).success());
    let parser = app.parser.lock().unwrap();
    assert!(!parser.screen().alternate_screen());
    assert!(!parser.screen().hide_cursor());
}
