//! Unit tests of `connection.rs`, beside it (the file would pass 400 lines with them).

use super::*;
use crate::stream::Cut;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[test]
fn hypers_bare_answers_become_the_apis_errors() {
    let answer = replacement_for(
        b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
    )
    .unwrap();
    let text = String::from_utf8(answer).unwrap();
    assert!(
        text.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"),
        "{text}"
    );
    assert!(text.contains("content-type: application/json\r\n"));
    assert!(text.contains("access-control-allow-origin: *\r\n"));
    assert!(text.ends_with(r#"{"error":{"code":"headers_too_large","message":"the request's header fields are too large"}}"#));
    assert!(replacement_for(b"HTTP/1.1 200 OK\r\n").is_some_and(|r| r.starts_with(b"HTTP/1.1 200")));
    assert!(replacement_for(b"garbage").is_none());
}

#[tokio::test]
async fn a_client_that_stops_reading_fails_the_write_after_the_limit() {
    let (client, server) = tokio::io::duplex(1024);
    let served = Arc::new(AtomicBool::new(true));
    let server = WriteDeadline::new(server, Duration::from_millis(200), Cut::default());
    let mut server = Guarded::new(server, served);
    let started = std::time::Instant::now();
    let err = server.write_all(&vec![b'x'; 64 * 1024]).await.unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::TimedOut);
    assert!(started.elapsed() < Duration::from_secs(2));
    drop(client);
}

#[tokio::test]
async fn a_slow_reader_that_keeps_reading_is_served() {
    let (mut client, server) = tokio::io::duplex(1024);
    let served = Arc::new(AtomicBool::new(true));
    let server = WriteDeadline::new(server, Duration::from_millis(300), Cut::default());
    let mut server = Guarded::new(server, served);
    let reader = tokio::spawn(async move {
        let mut got = 0;
        let mut buf = [0u8; 512];
        while got < 8 * 1024 {
            tokio::time::sleep(Duration::from_millis(20)).await;
            got += client.read(&mut buf).await.unwrap();
        }
        got
    });
    server.write_all(&vec![b'x'; 8 * 1024]).await.unwrap();
    assert_eq!(reader.await.unwrap(), 8 * 1024);
}
