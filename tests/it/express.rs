//! The express lane (`crates/railtop-server/src/lane/plain_gets.rs`) as a client on the wire sees
//! it: pipelined requests answered in order, a head in pieces, the hand-over to hyper of a request
//! that is not plain with what follows it, and answers that are the router's, byte for byte.

use crate::support::start_demo;
use railtop_server::ServerConfig;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn no_limit() -> ServerConfig {
    ServerConfig {
        rate_limit: None,
        ..ServerConfig::default()
    }
}

/// One answer read off `stream`: its status, its header lines (lower-case names), its body (as
/// long as `Content-Length` says; none for a HEAD or a 304).
struct Answer {
    status: u16,
    fields: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one answer from `stream`, with `pending` the bytes already read past the last one.
async fn answer(stream: &mut TcpStream, pending: &mut Vec<u8>, head_only: bool) -> Answer {
    let mut chunk = vec![0u8; 64 * 1024];
    let end = loop {
        if let Some(at) = pending.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = read_more(stream, &mut chunk).await;
        assert!(n > 0, "closed before the head's end");
        pending.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8(pending.drain(..end).collect()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let fields: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (n, v) = l.split_once(": ").unwrap();
            (n.to_ascii_lowercase(), v.to_string())
        })
        .collect();
    let length: usize = fields
        .iter()
        .find(|(n, _)| n == "content-length")
        .map_or(0, |(_, v)| v.parse().unwrap());
    let length = if head_only || status == 304 {
        0
    } else {
        length
    };
    while pending.len() < length {
        let n = read_more(stream, &mut chunk).await;
        assert!(n > 0, "closed inside a body");
        pending.extend_from_slice(&chunk[..n]);
    }
    let body = pending.drain(..length).collect();
    Answer {
        status,
        fields,
        body,
    }
}

/// What the next read gives, within 10 s.
async fn read_more(stream: &mut TcpStream, chunk: &mut [u8]) -> usize {
    tokio::time::timeout(Duration::from_secs(10), stream.read(chunk))
        .await
        .expect("an answer within 10 s")
        .expect("read")
}

const REALTIME: &str = "/api/live/realtime?source=finland";

fn get(target: &str, extra: &str) -> String {
    format!("GET {target} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n{extra}\r\n")
}

#[tokio::test]
async fn pipelined_requests_are_answered_in_order_with_the_routers_bytes() {
    let server = start_demo(no_limit()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    // The first is the router's (and kept), the next ones the kept answer's; the health
    // check between them is the router's again.
    let asked = [
        get(REALTIME, ""),
        get(REALTIME, ""),
        get("/healthz", ""),
        get(REALTIME, ""),
    ]
    .concat();
    stream.write_all(asked.as_bytes()).await.unwrap();
    let mut pending = Vec::new();
    let first = answer(&mut stream, &mut pending, false).await;
    let second = answer(&mut stream, &mut pending, false).await;
    let health = answer(&mut stream, &mut pending, false).await;
    let fourth = answer(&mut stream, &mut pending, false).await;
    assert_eq!(
        [first.status, second.status, health.status, fourth.status],
        [200; 4]
    );
    assert!(health.body.starts_with(b"{\"feedsAsked\""), "in order");
    assert_eq!(first.body, second.body);
    assert_eq!(first.body, fourth.body);
    for name in ["content-type", "content-encoding", "vary", "etag"] {
        assert_eq!(first.field(name), second.field(name), "{name}");
    }
    assert!(second.field("date").is_some_and(|d| d.ends_with(" GMT")));
    assert_eq!(
        second.field("content-length"),
        Some(second.body.len().to_string().as_str())
    );
}

#[tokio::test]
async fn a_head_in_pieces_and_with_bare_line_feeds_is_answered() {
    let server = start_demo(no_limit()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let asked = get(REALTIME, "");
    for piece in asked.as_bytes().chunks(7) {
        stream.write_all(piece).await.unwrap();
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let mut pending = Vec::new();
    let whole = answer(&mut stream, &mut pending, false).await;
    assert_eq!(whole.status, 200);
    let bare = asked.replace("\r\n", "\n");
    stream.write_all(bare.as_bytes()).await.unwrap();
    let again = answer(&mut stream, &mut pending, false).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body, whole.body);
}

#[tokio::test]
async fn a_request_that_is_not_plain_goes_to_hyper_with_all_after_it() {
    let server = start_demo(no_limit()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = format!("HEAD {REALTIME} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n");
    let asked = [get(REALTIME, ""), head, get(REALTIME, "")].concat();
    stream.write_all(asked.as_bytes()).await.unwrap();
    let mut pending = Vec::new();
    let first = answer(&mut stream, &mut pending, false).await;
    let headed = answer(&mut stream, &mut pending, true).await;
    let after = answer(&mut stream, &mut pending, false).await;
    assert_eq!([first.status, headed.status, after.status], [200; 3]);
    assert_eq!(headed.field("etag"), first.field("etag"));
    assert_eq!(after.body, first.body, "hyper answers the rest");

    // A request with a body is hyper's too: it reads the body, and the next request after it.
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let with_body = "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello";
    let asked = [with_body, &get("/healthz", "")].concat();
    stream.write_all(asked.as_bytes()).await.unwrap();
    let mut pending = Vec::new();
    assert_eq!(answer(&mut stream, &mut pending, false).await.status, 200);
    assert_eq!(answer(&mut stream, &mut pending, false).await.status, 200);
}

#[tokio::test]
async fn a_named_tag_is_a_304_without_a_body_and_the_connection_goes_on() {
    let server = start_demo(no_limit()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let mut pending = Vec::new();
    stream
        .write_all(get(REALTIME, "").as_bytes())
        .await
        .unwrap();
    let first = answer(&mut stream, &mut pending, false).await;
    let tag = first.field("etag").unwrap().to_string();
    let named = get(REALTIME, &format!("If-None-Match: W/{tag}\r\n"));
    stream
        .write_all(
            [named.clone(), named, get("/healthz", "")]
                .concat()
                .as_bytes(),
        )
        .await
        .unwrap();
    for _ in 0..2 {
        let unchanged = answer(&mut stream, &mut pending, false).await;
        assert_eq!(unchanged.status, 304);
        assert_eq!(unchanged.field("content-length"), None);
        assert_eq!(unchanged.field("etag"), Some(tag.as_str()));
    }
    let health = answer(&mut stream, &mut pending, false).await;
    assert_eq!(health.status, 200, "nothing was left of the 304s");
}

#[tokio::test]
async fn connection_close_is_answered_and_the_connection_closed() {
    let server = start_demo(no_limit()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let asked = [
        get("/healthz", "Connection: close\r\n"),
        get("/healthz", ""),
    ]
    .concat();
    stream.write_all(asked.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut got))
        .await
        .expect("closed")
        .unwrap();
    let text = String::from_utf8_lossy(&got);
    assert_eq!(text.matches("HTTP/1.1 200").count(), 1, "{text}");
}
