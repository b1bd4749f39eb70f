//! The browser's board (`/board`, #58) in a real browser: headless Chromium opens a merged board
//! with a destination at 1920×1080 and 1080×1920 and reads its rows through the DevTools
//! protocol; they are the API's rows for the same board. A change in the source reaches the open
//! page by its event stream within one refresh; nothing scrolls; the clock is on screen; without
//! JavaScript the page shows the same rows. The server is the real binary, its source a loopback
//! upstream serving the demo's boards.

use crate::support::chromium::Chromium;
use crate::support::{serve_json_at, start_router};
use axum::extract::Query;
use axum::routing::get;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::DeparturesQuery;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The board asked for: two stations, only the trains to Tampere, in two languages.
const BOARD: &str = "station=HKI&station=PSL&to=Tampere&lang=en,fi";

/// A loopback upstream answering the demo's boards at the moment asked (the server's pollers
/// come round on the system's clock); once `late` is set, Helsinki's first train to Tampere
/// runs 7 minutes late.
async fn upstream(late: Arc<AtomicBool>) -> String {
    let demo = Arc::new(DemoSource::new(1, 1, Clock::System).unwrap());
    let router = Router::new().route(
        "/api/live/departures",
        get(move |Query(q): Query<HashMap<String, String>>| {
            let (demo, late) = (demo.clone(), late.clone());
            async move {
                let station = q.get("station").cloned().unwrap_or_default();
                let now = chrono::Utc::now();
                let mut board = demo
                    .departures_at(
                        &DeparturesQuery {
                            station: station.clone(),
                            limit: 100,
                            ..Default::default()
                        },
                        now,
                    )
                    .unwrap();
                if late.load(Ordering::SeqCst) && station == "HKI" {
                    if let Some(d) = board
                        .departures
                        .iter_mut()
                        .find(|d| d.destination == "Tampere" && !d.cancelled)
                    {
                        d.delay = Some(7);
                    }
                }
                (
                    [(axum::http::header::CONTENT_TYPE, "application/json")],
                    serde_json::to_string(&board).unwrap(),
                )
            }
        }),
    );
    format!("http://{}", start_router(router).await)
}

/// The rows of the board as the page shows them now (the view and page shown), each its cells'
/// text.
const SHOWN_ROWS: &str = "JSON.stringify([...document.querySelectorAll('.view.shown tbody tr.shown')].map(tr => [...tr.cells].map(td => td.innerText.trim())))";

/// Nothing scrolls, and the clock is inside the window.
const FITS: &str = "(() => { const e = document.documentElement, c = document.querySelector('.view.shown #clock').getBoundingClientRect(); return e.scrollHeight <= innerHeight && e.scrollWidth <= innerWidth && c.top >= 0 && c.bottom <= innerHeight && c.right <= innerWidth && /\\d:\\d\\d/.test(document.querySelector('.view.shown #clock').innerText); })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_in_a_browser_is_the_apis_board_and_follows_a_change() {
    let late = Arc::new(AtomicBool::new(false));
    let source = upstream(late.clone()).await;
    let (mut server, _stderr, addr) = serve_json_at(
        &[
            "--board-interval",
            "2s",
            "serve",
            "--source",
            &source,
            "--listen",
            "127.0.0.1:0",
        ],
        None,
    );
    let base = format!("http://{addr}");
    // The API's rows for the same board, to compare the page's with.
    let api: serde_json::Value = serde_json::from_str(
        &reqwest::get(format!(
            "{base}/api/live/departures?station=HKI&station=PSL&to=Tampere"
        ))
        .await
        .unwrap()
        .text()
        .await
        .unwrap(),
    )
    .unwrap();
    let api_rows: Vec<(String, String)> = api["departures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["scheduledDep"].as_str().unwrap_or_default().to_string(),
                d["destination"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert!(api_rows.len() >= 4, "the API's board: {api}");
    for (width, height, layout) in [(1920, 1080, "landscape"), (1080, 1920, "portrait")] {
        let mut browser = Chromium::start(width, height, true).await;
        browser
            .open(&format!("{base}/board?{BOARD}&layout={layout}"))
            .await;
        browser
            .wait_for(
                "rows on the page",
                "document.querySelectorAll('.view.shown tbody tr.shown').length > 0",
                Duration::from_secs(10),
            )
            .await;
        let rows: Vec<Vec<String>> =
            serde_json::from_str(browser.eval(SHOWN_ROWS).await.as_str().unwrap()).unwrap();
        // The first page's rows are the API's first rows, in order: the time first, the
        // destination in its own cell (with its via stops after it on a wide screen).
        for (row, (time, destination)) in rows.iter().zip(&api_rows) {
            assert_eq!(&row[0], time, "{rows:?}");
            assert!(
                row.iter()
                    .any(|cell| cell.starts_with(destination.as_str())),
                "{destination} in {row:?}"
            );
        }
        assert!(rows.len() >= 4, "{rows:?}");
        assert_eq!(
            browser.eval(FITS).await,
            serde_json::Value::Bool(true),
            "no scrollbar, the clock on screen at {width}×{height}"
        );
        // Written in railtop's own font, from railtop.
        browser
            .wait_for(
                "the board's font loaded",
                "[...document.fonts].some(f => f.family.includes('railtop') && f.status === 'loaded')",
                Duration::from_secs(10),
            )
            .await;
        let shot = browser.screenshot().await;
        assert!(shot.starts_with(b"\x89PNG"), "a screenshot");
        std::fs::write(
            std::env::temp_dir().join(format!("railtop-board-{width}x{height}.png")),
            &shot,
        )
        .unwrap();
        if layout == "landscape" {
            // A change in the source reaches the open page by its event stream, with no reload,
            // within one refresh: the poller's 2 s, the cache's as long, and a margin for a
            // loaded machine.
            browser.eval("window.notReloaded = true").await;
            late.store(true, Ordering::SeqCst);
            browser
                .wait_for(
                    "the late train on the page",
                    "[...document.querySelectorAll('.view tbody tr')].some(tr => tr.innerText.includes('+7'))",
                    Duration::from_secs(8),
                )
                .await;
            assert_eq!(
                browser.eval("window.notReloaded === true").await,
                serde_json::Value::Bool(true)
            );
            late.store(false, Ordering::SeqCst);
        }
    }
    // The same board as a picture for a 1-bit e-ink frame: its size, black and white only.
    let png = reqwest::get(format!("{base}/board.png?{BOARD}&size=800x480&colors=2"))
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(png.to_vec()))
        .read_info()
        .unwrap();
    let info = reader.info();
    assert_eq!((info.width, info.height), (800, 480));
    assert_eq!(info.bit_depth, png::BitDepth::One);
    assert_eq!(
        info.palette.as_deref(),
        Some(&[0u8, 0, 0, 255, 255, 255][..])
    );
    // Without JavaScript: the same rows, the page of the moment shown, and a refresh to turn it.
    let mut browser = Chromium::start(1920, 1080, false).await;
    browser.open(&format!("{base}/board?{BOARD}")).await;
    let rows: Vec<Vec<String>> =
        serde_json::from_str(browser.eval(SHOWN_ROWS).await.as_str().unwrap()).unwrap();
    assert!(rows.len() >= 4, "rows without JavaScript: {rows:?}");
    assert!(
        browser
            .eval("document.documentElement.outerHTML.includes('http-equiv=\"refresh\"')")
            .await
            == serde_json::Value::Bool(true)
    );
    let _ = server.kill();
    let _ = server.wait();
}

/// An event stream whose reader stops reading gives its place back: a client with a 4 KiB
/// receive buffer asks for a board and reads nothing. The server's write deadline alone would
/// wait for its send buffer (megabytes on loopback) to fill at a board's few changes a minute;
/// each stream lasts at most `--board-stream-max` (10 s here, 10 minutes by default), and the
/// place is free when it ends (a browser opens another by itself).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_nobody_reads_gives_its_place_back() {
    let source = upstream(Arc::new(AtomicBool::new(false))).await;
    let (mut server, _stderr, addr) = serve_json_at(
        &[
            "serve",
            "--source",
            &source,
            "--listen",
            "127.0.0.1:0",
            "--board-stream-max",
            "10s",
        ],
        None,
    );
    let base = format!("http://{addr}");
    let streams = || async {
        let text = reqwest::get(format!("{base}/metrics"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("railtop_web_board_streams "))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let server_addr: std::net::SocketAddr = addr.parse().unwrap();
    socket.connect(&server_addr.into()).unwrap();
    let mut reader: std::net::TcpStream = socket.into();
    use std::io::Write;
    reader
        .write_all(
            b"GET /board/events?station=HKI&station=PSL&to=Tampere HTTP/1.1\r\nHost: x\r\n\r\n",
        )
        .unwrap();
    let started = std::time::Instant::now();
    let mut held = false;
    loop {
        let open = streams().await;
        held |= open >= 1.0;
        if held && open == 0.0 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "the stream was {} after 40 s",
            if held { "still held" } else { "never opened" }
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(
        started.elapsed() >= Duration::from_secs(9),
        "held its time: {:?}",
        started.elapsed()
    );
    drop(reader);
    let _ = server.kill();
    let _ = server.wait();
}
