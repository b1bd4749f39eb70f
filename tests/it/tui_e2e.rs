//! The real dashboard binary in a pseudo-terminal, read through a terminal emulator: against
//! `railtop serve --source demo` on loopback, and against a hostile server.

use crate::support::pty::PtyApp;
use crate::support::{start_demo, start_router, NOW};
use axum::extract::RawQuery;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop_server::ServerConfig;
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
        assert!(
            first.contains("clock fixed (RAILTOP_NOW)"),
            "a held clock is marked: {first}"
        );
        // Ctrl-L draws the whole screen again over whatever scribbled on it.
        app.scribble(b"\x1b[2J\x1b[HBroadcast message from root");
        app.send("\x0c");
        app.wait_for(
            "the screen drawn again",
            |s| s.contains("Countries") && !s.contains("Broadcast message"),
            WAIT,
        );

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

/// Enter on a train opens its details with its journey, asked of the server's
/// `/api/live/train`; ↓ scrolls the stops, Esc closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_details_window_shows_the_trains_journey_from_the_server() {
    let server = start_demo(ServerConfig::default()).await;
    let url = server.url();
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", &url, "--country", "germany"],
            120,
            40,
            &[("RAILTOP_NOW", NOW)],
        );
        app.wait_for("Germany's trains", |s| s.contains("ICE "), WAIT);
        app.send("\r");
        app.wait_for(
            "the journey",
            |s| s.contains("Journey · ") && s.contains(" passed") && s.contains("arr   dep"),
            WAIT,
        );
        let screen = app.screen();
        // A stop's row: its mark, then its times, its delay and its station.
        let marked = screen
            .lines()
            .any(|l| ["● ", "▶ ", "○ ", "✕ "].iter().any(|m| l.contains(m)) && l.contains(" Hbf"));
        assert!(marked, "the stops are marked: {screen}");
        app.send("\x1b");
        app.wait_for("the window closed", |s| !s.contains("Journey · "), WAIT);
        app.send("q");
        let status = app.wait_exit(WAIT);
        assert!(status.success(), "exit status {status:?}");
    })
    .await
    .unwrap();
}

/// The map as a person uses it: `M` fills the screen with it (the coasts, the legend, the map's
/// keys in the footer), `+` zooms in, `Esc` brings the panes back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_map_fills_the_screen_and_zooms() {
    let server = start_demo(ServerConfig::default()).await;
    let url = server.url();
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", &url, "--country", "switzerland"],
            100,
            30,
            &[("RAILTOP_NOW", NOW)],
        );
        app.wait_for(
            "the map pane",
            |s| s.contains("Map · ") && s.contains("IC"),
            WAIT,
        );
        app.send("M");
        app.wait_for(
            "the full-screen map",
            |s| s.contains("no GPS") && s.contains("+- zoom") && !s.contains("Trains "),
            WAIT,
        );
        let screen = app.screen();
        let braille = screen
            .chars()
            .filter(|c| ('\u{2801}'..='\u{28ff}').contains(c))
            .count();
        assert!(
            braille > 300,
            "coasts and borders drawn: {braille} braille cells\n{screen}"
        );
        assert!(
            screen.contains("on time") && screen.contains("selected"),
            "{screen}"
        );
        app.send("+");
        app.wait_for("zoomed in", |s| s.contains("×1.5"), WAIT);
        app.send("\x1b");
        app.wait_for("the panes again", |s| s.contains("Trains "), WAIT);
        app.send("q");
        let status = app.wait_exit(WAIT);
        assert!(status.success(), "exit status {status:?}");
    })
    .await
    .unwrap();
}

/// On a remote source the `b` picker searches the server's directory: a name only the server
/// knows (its feeds' lists, its regions) is found, and choosing it shows its board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_picker_searches_a_remote_servers_directory() {
    let demo = start_demo(ServerConfig::default()).await;
    let demo_url = demo.url();
    let asked = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let log = asked.clone();
    // The demo server, but with a directory that calls Helsinki by its slang name.
    let router = Router::new()
        .route(
            "/api/live/stations",
            get(move |RawQuery(q): RawQuery| {
                let q = q.unwrap_or_default();
                log.lock().unwrap().push(q.clone());
                async move {
                    let stations = if q.contains("q=stadin") {
                        r#"[{"code":"HKI","name":"Stadin asema","country":"finland","qualified":"finland:HKI","lat":60.17,"lng":24.94,"timezone":"Europe/Helsinki","rank":0}]"#
                    } else {
                        "[]"
                    };
                    format!(r#"{{"query":"","stations":{stations}}}"#)
                }
            }),
        )
        .fallback(move |uri: axum::http::Uri| {
            let demo_url = demo_url.clone();
            async move {
                let r = reqwest::get(format!("{demo_url}{uri}")).await.unwrap();
                let status = r.status().as_u16();
                (
                    StatusCode::from_u16(status).unwrap(),
                    [(axum::http::header::CONTENT_TYPE, "application/json")],
                    r.bytes().await.unwrap(),
                )
            }
        });
    let addr = start_router(router).await;
    let url = format!("http://{addr}");
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", &url, "--country", "ireland"],
            120,
            36,
            &[("RAILTOP_NOW", NOW)],
        );
        app.wait_for(
            "Ireland's board",
            |s| s.contains("Dublin Connolly (CNLLY)"),
            WAIT,
        );
        app.send("b");
        app.wait_for(
            "the station search",
            |s| s.contains("Station · Ireland"),
            WAIT,
        );
        app.send("stadin");
        app.wait_for(
            "the server's match",
            |s| s.contains("Stadin asema") && s.contains("finland"),
            WAIT,
        );
        app.send("\r");
        app.wait_for(
            "Helsinki's board, in Finland",
            |s| header(s).contains("Finland") && s.contains("Helsinki (HKI)"),
            WAIT,
        );
        app.send("q");
        assert!(app.wait_exit(WAIT).success());
    })
    .await
    .unwrap();
    let asked = asked.lock().unwrap();
    assert!(
        asked
            .iter()
            .any(|q| q.contains("q=stadin") && q.contains("prefer=ireland")),
        "the selected country first: {asked:?}"
    );
    assert!(
        asked.len() <= 4,
        "typing is debounced, not one request a key: {asked:?}"
    );
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
                    if n.is_multiple_of(2) {
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

/// `LANG=C`: a terminal without UTF-8 gets every byte in ASCII, the map and the marks included,
/// and the screen still reads.
#[test]
fn a_terminal_without_utf8_gets_ascii() {
    let mut app = PtyApp::start(
        &["--source", "demo", "--country", "switzerland"],
        120,
        40,
        &[("RAILTOP_NOW", NOW), ("LANG", "C"), ("LC_ALL", "C")],
    );
    app.wait_for(
        "the panes in ASCII",
        |s| s.contains("Zurich HB") && s.contains("+ Trains"),
        WAIT,
    );
    // "At most five minutes" keeps its meaning; the map's key tells +1′ from +5′ and +15′.
    app.wait_for("the on-time share", |s| s.contains("<=5' "), WAIT);
    app.send("M");
    app.wait_for("the map", |s| s.contains("Basel SBB"), WAIT);
    app.wait_for(
        "the map's key",
        |s| {
            s.contains("* 0'") && s.contains("+ +1'") && s.contains("^ +5'") && s.contains("# +15'")
        },
        WAIT,
    );
    app.send("q");
    app.wait_exit(WAIT);
    let raw = app.raw_output();
    let odd: String = String::from_utf8_lossy(&raw)
        .chars()
        .filter(|c| !c.is_ascii())
        .take(20)
        .collect();
    assert!(odd.is_empty(), "not ASCII: {odd:?}");
}

/// The README's screenshot is what its command draws: the command is read from the README, run
/// in a 100×30 terminal, and the screen compared line by line, so the README cannot drift.
#[test]
fn the_readmes_screenshot_is_what_its_command_draws() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let intro = "The dashboard at 100×30, as `";
    let at = readme.find(intro).expect("the README's screenshot") + intro.len();
    let command: String = readme[at..]
        .split("` draws it")
        .next()
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut env = Vec::new();
    let mut args = Vec::new();
    for word in command.split(' ') {
        match word.split_once('=') {
            Some((k, v))
                if args.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c == '_') =>
            {
                env.push((k.to_string(), v.to_string()))
            }
            _ if word == "railtop" && args.is_empty() => args.push(String::new()),
            _ => args.push(word.to_string()),
        }
    }
    let args: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let block = readme[at..]
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("the screenshot's block");
    let expected: Vec<&str> = block.lines().map(str::trim_end).collect();
    assert_eq!(expected.len(), 30, "the README's screenshot is 30 lines");
    let mut app = PtyApp::start(&args, 100, 30, &env);
    // Drawn in steps (the board, then the selected train's journey on the map): the screen
    // must come to be the README's, line for line.
    app.wait_for(
        "the README's screenshot, line for line",
        |s| {
            let shown: Vec<&str> = s.lines().map(str::trim_end).collect();
            shown.len() >= 30 && shown[..30] == expected[..]
        },
        WAIT,
    );
    app.send("q");
    app.wait_exit(WAIT);
}

/// `p` pins the board's station; the next run starts on the last board shown (its arrivals and
/// its added station too) and the picker lists the pinned station first, marked ★; the memory
/// is a plain TOML file in the state folder.
#[test]
fn pinned_stations_and_the_last_board_are_remembered() {
    let state = std::env::temp_dir().join(format!("railtop-pins-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    let state_dir = state.to_string_lossy().into_owned();
    let env = [("RAILTOP_NOW", NOW), ("XDG_STATE_HOME", state_dir.as_str())];
    let mut app = PtyApp::start(&["--source", "demo", "--country", "finland"], 120, 40, &env);
    app.wait_for("the dashboard", |s| s.contains("Helsinki (HKI)"), WAIT);
    app.send("b");
    app.send("tampere");
    app.wait_for("the picker found Tampere", |s| s.contains("TPE"), WAIT);
    app.send("\r");
    app.wait_for("Tampere's board", |s| s.contains("Tampere (TPE)"), WAIT);
    app.send("p");
    app.wait_for("the notice", |s| s.contains("pinned Tampere"), WAIT);
    // Arrivals, with Oulu's on the same board: remembered too.
    app.send("a");
    app.wait_for("arrivals", |s| s.contains("Tampere (TPE) · arrivals"), WAIT);
    app.send("+");
    app.send("oulu");
    app.wait_for("the picker found Oulu", |s| s.contains("OL"), WAIT);
    app.send("\r");
    let both = |s: &str| {
        s.lines()
            .any(|l| l.contains("Tampere") && l.contains("Oulu") && l.contains("arrivals"))
    };
    app.wait_for("Tampere and Oulu's arrivals", both, WAIT);
    app.send("q");
    assert!(app.wait_exit(WAIT).success());
    let file = std::fs::read_to_string(state.join("railtop").join("dashboard.toml")).unwrap();
    assert!(file.contains("last = \"finland:TPE\""), "{file}");
    assert!(file.contains("also = [\"finland:OL\"]"), "{file}");
    assert!(file.contains("arrivals = true"), "{file}");
    assert!(file.contains("pinned = [\"finland:TPE\"]"), "{file}");

    let mut app = PtyApp::start(&["--source", "demo", "--country", "finland"], 120, 40, &env);
    app.wait_for("the last board again, as it was", both, WAIT);
    app.send("b");
    app.wait_for(
        "the pin first in the picker",
        |s| s.contains("★ Tampere"),
        WAIT,
    );
    app.send("\x1b");
    // Esc alone, not the start of Alt-q: the picker closes first.
    app.wait_for("the picker closed", |s| !s.contains("★ Tampere"), WAIT);
    app.send("q");
    assert!(app.wait_exit(WAIT).success());
    let _ = std::fs::remove_dir_all(&state);
}

/// A Pacific-coast Amtrak train's details say when it was updated on its own clock (PST), not
/// the East's, which the country's one zone would be (#54 item 12, the dashboard's part).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trains_details_are_on_the_trains_own_clock() {
    let us = railtop_feeds::test_support::play::play("usa", Default::default()).await;
    tokio::task::spawn_blocking(move || {
        let mut app = PtyApp::start(
            &["--source", "upstream", "--country", "united-states"],
            90,
            40,
            &[
                ("RAILTOP_NOW", NOW),
                ("RAILTOP_CONFIG", "/dev/null"),
                ("RAILTOP_UNITED_STATES_URL", us.as_str()),
            ],
        );
        app.wait_for("the trains", |s| s.contains("San Luis Obispo"), WAIT);
        app.send("/562\r");
        app.wait_for("the filter", |s| s.contains("Trains 1 "), WAIT);
        app.send("\r");
        app.wait_for("the details", |s| s.contains(" Train · "), WAIT);
        let screen = app.screen();
        let updated = screen
            .lines()
            .find(|l| l.contains("updated ") && !l.contains(" ago"))
            .unwrap_or("");
        assert!(updated.contains("20:40:00 PST"), "{updated}\n{screen}");
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// The dashboard for a screen reader (`--screen-reader`): lines and nothing else (not one escape
/// byte, no box drawing, braille or bars); the board shown said when it arrives; each move says
/// the row the cursor is on, in the pane that has the focus; `q` ends it.
#[test]
fn the_dashboard_for_a_screen_reader_says_the_board_and_each_move() {
    let mut app = PtyApp::start(
        &[
            "--source",
            "demo",
            "--country",
            "finland",
            "--station",
            "TPE",
            "--screen-reader",
        ],
        100,
        30,
        &[("RAILTOP_NOW", NOW)],
    );
    app.wait_said(
        "the board said",
        |s: &str| s.contains("Departures from Tampere: ") && s.contains(" trains."),
        WAIT,
    );
    // The train list has the focus: a move says a train.
    app.send("\x1b[B");
    app.wait_said(
        "a train said",
        |s: &str| {
            s.lines().last().is_some_and(|l| {
                ["running", "scheduled", "arrived", "cancelled"]
                    .iter()
                    .any(|w| l.contains(&format!(", {w}")))
            })
        },
        WAIT,
    );
    // Tab to the board, a move there says a departure.
    app.send("\t");
    app.send("\x1b[B");
    app.wait_said(
        "a departure said",
        |s: &str| s.lines().last().is_some_and(|l| l.contains(", platform ")),
        WAIT,
    );
    // The windows are said too: the help a line at a time, a train's details and its journey
    // a stop at a time, the station search as typed.
    app.send("?");
    app.wait_said(
        "the help's first line",
        |s: &str| s.contains("help, 1 of "),
        WAIT,
    );
    app.send("\x1b[B");
    app.wait_said(
        "the help's second line",
        |s: &str| s.contains("help, 2 of "),
        WAIT,
    );
    // Esc alone (a key right after it would read as Alt and that key).
    app.send("\x1b");
    std::thread::sleep(Duration::from_millis(300));
    app.send("b");
    for c in "tamp".chars() {
        app.send(&c.to_string());
    }
    app.wait_said(
        "the search as typed",
        |s: &str| s.contains("station search, typed tamp: ") && s.contains("Tampere"),
        WAIT,
    );
    app.send("\x1b");
    std::thread::sleep(Duration::from_millis(300));
    app.send("q");
    assert!(app.wait_exit(WAIT).success());
    app.assert_lines_only();
}
