//! The attacks of the hardening issue, each replayed on loopback against the real server in
//! a bounded count and time (the scripts in `bench/attacks/` run the full-size versions and
//! measure them): slow and silent clients, clients that never read, connection floods, and
//! requests the HTTP parser refuses.

use crate::support::{start_demo, start_with};
use railtop_server::ConnectionLimits;
use railtop_server::ServerConfig;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

fn tight(head_ms: u64) -> ServerConfig {
    ServerConfig {
        rate_limit: None,
        connections: ConnectionLimits {
            head: Duration::from_millis(head_ms),
            write: Duration::from_millis(500),
            max_open: Some(8),
            per_ip: 4,
            grace: Duration::from_secs(1),
            threads: None,
        },
        ..ServerConfig::default()
    }
}

/// A connection to `server` from the loopback address `127.0.0.<from>`.
async fn connect_from(from: u8, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .unwrap();
    socket.connect(server).await.unwrap()
}

/// Reads until the server closes (or resets) the connection; how long that took and what came.
async fn until_closed(
    stream: &mut (impl AsyncRead + Unpin),
    within: Duration,
) -> (Duration, Vec<u8>) {
    let started = Instant::now();
    let mut got = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match tokio::time::timeout_at((started + within).into(), stream.read(&mut buf)).await {
            Err(_) => panic!("still open after {within:?}"),
            Ok(Ok(0)) | Ok(Err(_)) => return (started.elapsed(), got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// `stream` after one small request answered on it, kept alive.
async fn answered_once(mut stream: TcpStream) -> TcpStream {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
        .await
        .unwrap()
        .unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    stream
}

/// One raw request on a new connection; the whole answer as text.
async fn raw(server: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(server).await.unwrap();
    let _ = stream.write_all(request).await;
    let (_, got) = until_closed(&mut stream, Duration::from_secs(5)).await;
    String::from_utf8_lossy(&got).into_owned()
}

#[tokio::test]
async fn no_byte_pattern_extends_the_head_deadline() {
    let server = start_demo(tight(500)).await;
    // Blank lines first, then nothing.
    let mut blank = TcpStream::connect(server.addr).await.unwrap();
    blank.write_all(b"\r\n\r\n").await.unwrap();
    // Nothing at all.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    // A header line every 100 ms, for as long as the server lets it.
    let drip = TcpStream::connect(server.addr).await.unwrap();
    let (mut drip_read, mut drip_write) = drip.into_split();
    drip_write
        .write_all(b"GET /api/live/realtime HTTP/1.1\r\n")
        .await
        .unwrap();
    let dripping = tokio::spawn(async move {
        for i in 0..100 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let line = format!("X-{i}: y\r\n");
            if drip_write.write_all(line.as_bytes()).await.is_err() {
                return i;
            }
        }
        100
    });
    for stream in [&mut blank, &mut silent] {
        let (took, _) = until_closed(stream, Duration::from_secs(3)).await;
        assert!(took < Duration::from_millis(1500), "{took:?}");
    }
    let (took, _) = until_closed(&mut drip_read, Duration::from_secs(3)).await;
    assert!(took < Duration::from_millis(1500), "{took:?}");
    assert!(dripping.await.unwrap() < 30, "the drip was cut");
}

#[tokio::test]
async fn a_kept_alive_connection_gets_the_same_deadline_for_its_next_request() {
    let server = start_demo(tight(600)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    for _ in 0..2 {
        stream
            .write_all(b"GET /api/live/departures?station=HKI&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = vec![0u8; 64 * 1024];
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
        // Within the deadline: the connection is still there for the next request.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (took, _) = until_closed(&mut stream, Duration::from_secs(3)).await;
    assert!(took < Duration::from_millis(1500), "idle kept for {took:?}");
}

#[tokio::test]
async fn a_client_that_asks_and_never_reads_is_let_go() {
    let server = start_demo(tight(500)).await;
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    // 200 pipelined requests for the whole network: far more than any socket buffer holds.
    let one = b"GET /api/live/realtime HTTP/1.1\r\nHost: x\r\n\r\n";
    stream.write_all(&one.repeat(200)).await.unwrap();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, got) = until_closed(&mut stream, Duration::from_secs(10)).await;
    let answers = got.windows(12).filter(|w| w == b"HTTP/1.1 200").count();
    assert!(answers < 200, "all {answers} answers went out: never cut");
}

#[tokio::test]
async fn connections_over_the_caps_are_refused_at_once_and_others_get_in() {
    let server = start_demo(tight(5000)).await;
    // Four kept-alive connections, each answered once (so surely admitted, whichever event
    // loop took it), then idle: all one address may hold.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(answered_once(connect_from(2, server.addr).await).await);
    }
    let mut fifth = connect_from(2, server.addr).await;
    let (took, got) = until_closed(&mut fifth, Duration::from_secs(2)).await;
    let text = String::from_utf8_lossy(&got);
    assert!(took < Duration::from_millis(500), "{took:?}");
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(text.contains("content-type: application/json"), "{text}");
    assert!(text.contains(r#""code":"too_many_connections""#), "{text}");

    // Another address is served.
    let mut other = connect_from(3, server.addr).await;
    other
        .write_all(b"GET /api/live/departures?station=HKI&limit=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (_, got) = until_closed(&mut other, Duration::from_secs(5)).await;
    assert!(got.starts_with(b"HTTP/1.1 200"));

    // Eight in all: a ninth from a new address is refused too, and let in once one closes.
    for _ in 0..4 {
        held.push(answered_once(connect_from(4, server.addr).await).await);
    }
    let mut ninth = connect_from(5, server.addr).await;
    let (_, got) = until_closed(&mut ninth, Duration::from_secs(2)).await;
    assert!(String::from_utf8_lossy(&got).contains("all 8 places are taken"));
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let text = raw(
        server.addr,
        b"GET /api/live/realtime?source=finland HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(
        text.starts_with("HTTP/1.1 200"),
        "{}",
        &text[..text.len().min(200)]
    );
}

/// Every refusal, including those made before any handler runs, carries the API's JSON error
/// and headers; echoes of what was asked are cut.
#[tokio::test]
async fn every_refusal_is_the_apis_json_error() {
    let server = start_demo(tight(2000)).await;
    let long_uri = format!(
        "GET /api/live/departures?station={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "A".repeat(70_000)
    );
    let many_headers = format!(
        "GET /api/live/realtime HTTP/1.1\r\n{}\r\n",
        (0..150)
            .map(|i| format!("X-{i}: y\r\n"))
            .collect::<String>()
    );
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("405", b"POST /api/live/realtime HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec(), "method_not_allowed"),
        ("400", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n".to_vec(), "bad_request"),
        ("414", long_uri.into_bytes(), "uri_too_long"),
        ("431", many_headers.into_bytes(), "headers_too_large"),
    ];
    for (status, request, code) in cases {
        let text = raw(server.addr, &request).await;
        assert!(
            text.starts_with(&format!("HTTP/1.1 {status}")),
            "{status}: {text}"
        );
        let lower = text.to_ascii_lowercase();
        assert!(
            lower.contains("content-type: application/json"),
            "{status}: {text}"
        );
        assert!(
            lower.contains("access-control-allow-origin: *"),
            "{status}: {text}"
        );
        assert!(
            text.contains(&format!(r#""code":"{code}""#)),
            "{status}: {text}"
        );
    }

    // A long station is refused without being repeated; a shorter unknown one is cut.
    let text = raw(
        server.addr,
        format!(
            "GET /api/live/departures?station={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "B".repeat(5000)
        )
        .as_bytes(),
    )
    .await;
    assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    assert!(text.len() < 1000, "{}", text.len());
    let text = raw(
        server.addr,
        format!(
            "GET /api/live/departures?station={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "C".repeat(90)
        )
        .as_bytes(),
    )
    .await;
    assert!(text.starts_with("HTTP/1.1 404"), "{text}");
    assert!(!text.contains(&"C".repeat(41)), "{text}");
}

/// A source whose every answer panics (the Belgian overflow of the fidelity issue was one):
/// each request gets a 502 with the API's error, on a connection that stays open.
#[tokio::test]
async fn a_panic_in_a_feed_is_a_502_not_a_dropped_connection() {
    let server = start_with(
        std::sync::Arc::new(railtop::test_support::PanickingSource),
        tight(5000),
    )
    .await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    for path in [
        "/api/live/departures?station=BRU",
        "/api/live/realtime",
        "/api/live/departures?station=GENT",
    ] {
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut buf = vec![0u8; 16 * 1024];
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
            .await
            .expect("an answer")
            .expect("the connection is open");
        let text = String::from_utf8_lossy(&buf[..n]);
        assert!(text.starts_with("HTTP/1.1 502"), "{path}: {text}");
        assert!(text.contains(r#""code":"upstream_failed""#), "{text}");
        assert!(text.contains("a bug, logged"), "{text}");
    }
}

/// What a hostile server answers: a country list of 200,000 entries, numbers beyond any
/// float or integer, elements that are not records, a board of 1,000 rows, and text with
/// controls, bidirectional marks and zero-width characters in every field.
fn hostile_answers() -> axum::Router {
    use axum::routing::get;
    let mut countries: Vec<serde_json::Value> =
        (0..200_000).map(|i| format!("region-{i}").into()).collect();
    countries.insert(0, "finland".into());
    countries.push(serde_json::json!({"a": [1, 2]}));
    let evil = "\u{85}\u{7f}\u{202e}\u{200f}\u{200d}\u{feff}\u{00ad}";
    let realtime = format!(
        r#"{{"trains":[
            {{"id":"ok","trainCode":"IC 1","name":"IC 1 → Tampere","delay":3,"lat":61.5,"lng":23.7}},
            5, "x", null, [], {{}}, true,
            {{"id":"y{evil}","name":"A{evil}B","lat":1e400,"lng":-1e400,"delay":99999999999999999999999,"speed":1e999}}
          ],"liveCountries":{},"stats":{{"total":1e400}},"fetchedAt":"now{evil}"}}"#,
        serde_json::Value::Array(countries)
    );
    let rows: Vec<serde_json::Value> = (0..1000)
        .map(|i| serde_json::json!({"line": format!("S{i}"), "destination": format!("Kerava{evil}"), "scheduledDep": "08:00", "delay": i * 1_000_000_000_i64}))
        .collect();
    let departures = serde_json::json!({
        "departures": rows,
        "station": format!("Helsinki{evil}"),
        "stationInfo": {"code": "HKI", "name": "Helsinki", "country": format!("finland{evil}"), "timezone": format!("Europe/Helsinki{evil}")},
        "fetchedAt": "now",
    })
    .to_string();
    axum::Router::new()
        .route("/api/live/realtime", get(move || async move { realtime }))
        .route(
            "/api/live/departures",
            get(move || async move { departures }),
        )
}

#[tokio::test]
async fn a_hostile_server_is_read_within_bounds() {
    use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
    use railtop_feeds::source::{DeparturesQuery, LiveSource, RealtimeQuery};
    let addr = crate::support::start_router(hostile_answers()).await;
    let client = RemoteSource::new(&format!("http://{addr}"), RemoteConfig::default()).unwrap();
    let r = client.realtime(RealtimeQuery::default()).await.unwrap();
    let ids: Vec<&str> = r.trains.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        ["ok", "y"],
        "non-records dropped, the out-of-range numbers are no values"
    );
    let y = &r.trains[1];
    assert_eq!((y.lat, y.lng, y.delay, y.speed), (None, None, None, None));
    assert_eq!(y.name, "AB");
    assert_eq!(r.trains[0].delay, Some(3));
    assert!(r.live_countries.len() <= railtop_core::model::MAX_COUNTRIES);
    assert_eq!(r.live_countries[0], "finland");
    assert_eq!(r.stats.total, 2);
    assert_eq!(r.fetched_at, "now");

    let b = client
        .departures(DeparturesQuery {
            station: "HKI".into(),
            limit: 100,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(b.departures.len(), 100);
    assert_eq!(b.departures[0].destination, "Kerava");
    assert_eq!(b.departures[0].delay, Some(0));
    assert!(
        b.departures[1..].iter().all(|d| d.delay.is_none()),
        "a billion minutes is no data"
    );
    assert_eq!(b.station.country.as_deref(), Some("finland"));
    assert_eq!(b.station.timezone.as_deref(), Some("Europe/Helsinki"));
    assert_eq!(b.station.name, "Helsinki");
}

/// The same through the binary: what `departures --format json` prints carries none of it.
#[tokio::test]
async fn one_shot_output_carries_no_hostile_character() {
    let addr = crate::support::start_router(hostile_answers()).await;
    let url = format!("http://{addr}");
    for args in [
        vec!["departures", "HKI", "--source", &url, "--format", "json"],
        vec!["departures", "HKI", "--source", &url],
        vec!["trains", "--source", &url, "--format", "json"],
    ] {
        let args_owned: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let out = tokio::task::spawn_blocking(move || {
            crate::support::railtop_binary()
                .args(&args_owned)
                .env("NO_COLOR", "1")
                .output()
                .unwrap()
        })
        .await
        .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for stream in [&out.stdout, &out.stderr] {
            let text = String::from_utf8_lossy(stream);
            let bad: Vec<char> = text
                .chars()
                .filter(|&c| {
                    (c.is_control() && c != '\n')
                        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{200b}'..='\u{200f}' | '\u{feff}' | '\u{00ad}')
                })
                .collect();
            assert!(bad.is_empty(), "{args:?}: {bad:?}");
        }
    }
}

/// One GET with the given extra header lines; the status line's code.
async fn status_of(server: SocketAddr, method: &str, path: &str, headers: &str) -> (u16, String) {
    let text = raw(
        server,
        format!("{method} {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n")
            .as_bytes(),
    )
    .await;
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, text)
}

#[tokio::test]
async fn every_path_is_limited_and_health_checks_have_their_own_budget() {
    let server = start_demo(ServerConfig {
        rate_limit: std::num::NonZeroU32::new(3),
        ..tight(2000)
    })
    .await;
    for _ in 0..3 {
        assert_eq!(status_of(server.addr, "GET", "/nowhere", "").await.0, 404);
    }
    assert_eq!(status_of(server.addr, "GET", "/nowhere", "").await.0, 429);
    assert_eq!(
        status_of(server.addr, "GET", "/api/live/realtime", "")
            .await
            .0,
        429,
        "one budget for the API and unknown paths"
    );
    // Health checks: ten times the budget, apart from the API's.
    for _ in 0..30 {
        assert_eq!(status_of(server.addr, "GET", "/healthz", "").await.0, 200);
    }
    assert_eq!(status_of(server.addr, "GET", "/healthz", "").await.0, 429);
}

#[tokio::test]
async fn a_forwarded_client_with_a_port_gets_no_fresh_bucket() {
    let server = start_demo(ServerConfig {
        rate_limit: std::num::NonZeroU32::new(2),
        trust_forwarded_for: true,
        ..tight(2000)
    })
    .await;
    // Three requests whose X-Forwarded-For are `forwarded`: with a budget of two, all three
    // count as one client when the third is refused.
    let one_client = |forwarded: [&'static str; 3]| async move {
        let mut codes = Vec::new();
        for f in forwarded {
            let header = format!("X-Forwarded-For: {f}\r\n");
            let path = "/api/live/realtime?country=finland";
            codes.push(status_of(server.addr, "GET", path, &header).await.0);
        }
        codes
    };
    // The same client written with ports, as proxies do: one bucket.
    let ports = ["198.51.100.7:1234", "198.51.100.7:5678", "198.51.100.7"];
    assert_eq!(one_client(ports).await, [200, 200, 429], "{ports:?}");
    let v6 = ["[2001:db8::5]:80", "2001:db8::6", "[2001:db8::7]"];
    assert_eq!(one_client(v6).await, [200, 200, 429], "{v6:?}: one /64");
    // A last entry that is no address counts as the proxy (the peer), never as the
    // client-written entry before it.
    let junk = [
        "203.0.113.9, junk",
        "203.0.113.10, also:junk",
        "203.0.113.11, ][",
    ];
    assert_eq!(one_client(junk).await, [200, 200, 429], "{junk:?}");
}

#[tokio::test]
async fn every_method_but_get_is_a_405_with_allow_and_json() {
    let server = start_demo(tight(2000)).await;
    for method in ["POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"] {
        let (code, text) = status_of(
            server.addr,
            method,
            "/api/live/realtime",
            "Content-Length: 0\r\n",
        )
        .await;
        let lower = text.to_ascii_lowercase();
        assert_eq!(code, 405, "{method}: {text}");
        assert!(
            lower.contains("content-type: application/json"),
            "{method}: {text}"
        );
        assert!(lower.contains("\r\nallow: get"), "{method}: {text}");
    }
    // CONNECT takes an authority, not a path: refused, as JSON, with what is allowed.
    let (code, text) = status_of(server.addr, "CONNECT", "example.com:443", "").await;
    let lower = text.to_ascii_lowercase();
    assert!(code == 405 || code == 400, "{text}");
    assert!(lower.contains("content-type: application/json"), "{text}");
}
