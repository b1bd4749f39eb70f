//! Unit tests of `plain_gets.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn a_head_ends_at_its_blank_line_however_it_arrived() {
    let head = b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /next";
    assert_eq!(head_end(head, 0), Some(27));
    assert_eq!(head_end(b"GET / HTTP/1.1\nHost: x\n\n", 0), Some(24));
    assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n", 0), None);
    // Resumed after the part already searched, with the line end split across reads.
    for from in 0..27 {
        assert_eq!(head_end(&head[..27], from), Some(27), "from {from}");
    }
}

fn parsed(head: &[u8], check: impl FnOnce(Option<Plain<'_>>)) {
    let mut fields = [httparse::EMPTY_HEADER; MAX_FIELDS];
    let mut request = httparse::Request::new(&mut fields);
    assert!(request.parse(head).unwrap().is_complete());
    check(plain(&request));
}

#[test]
fn only_a_plain_get_stays_in_the_lane() {
    parsed(
        b"GET /api/live/realtime?source=x HTTP/1.1\r\nX-Forwarded-For: a\r\nx-forwarded-for: b\r\n\r\n",
        |p| {
            let p = p.unwrap();
            assert_eq!(p.path(), "/api/live/realtime");
            let values: Vec<_> = p.values("x-forwarded-for").collect();
            assert_eq!(values, [&b"a"[..], b"b"]);
        },
    );
    parsed(
        b"GET / HTTP/1.1\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n",
        |p| assert!(p.is_some()),
    );
    for unplain in [
        &b"HEAD / HTTP/1.1\r\n\r\n"[..],
        b"POST / HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.0\r\n\r\n",
        b"GET http://x/ HTTP/1.1\r\n\r\n",
        b"GET * HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nContent-Length: 3\r\n\r\n",
        b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"GET / HTTP/1.1\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n",
        b"GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n",
    ] {
        parsed(unplain, |p| {
            assert!(p.is_none(), "{}", String::from_utf8_lossy(unplain))
        });
    }
}

#[tokio::test]
async fn hyper_is_given_back_what_was_read_and_not_answered() {
    let (near, _far) = tokio::io::duplex(64);
    let mut stream = Unread::new(Bytes::from_static(b"HEAD / HTTP/1.1\r\n\r\n"), near);
    let mut got = vec![0u8; 5];
    stream.read_exact(&mut got).await.unwrap();
    assert_eq!(got, b"HEAD ");
    let mut rest = vec![0u8; 14];
    stream.read_exact(&mut rest).await.unwrap();
    assert_eq!(rest, b"/ HTTP/1.1\r\n\r\n");
}

#[test]
fn the_date_is_an_http_date() {
    let date = date::now();
    let text = std::str::from_utf8(&date).unwrap();
    assert!(httpdate::parse_http_date(text).is_ok(), "{text}");
}
