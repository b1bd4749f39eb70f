//! Unit tests of `zero_copy.rs`, beside it (the file would pass 400 lines with them).

use super::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn registered(body: &Bytes) {
    offer(body);
    for _ in 0..200 {
        if registry::find(body.as_ptr() as usize, body.len()).is_some() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("the memfd was never made");
}

/// head + body through `Sendfile`, read back by a plain client.
async fn round_trip(head: &[u8], body: &Bytes) -> Vec<u8> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let reader = tokio::spawn(async move {
        let mut client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let mut got = Vec::new();
        client.read_to_end(&mut got).await.unwrap();
        got
    });
    let (tcp, _) = listener.accept().await.unwrap();
    let mut stream = Sendfile::new(tcp);
    let (mut head, mut rest) = (head, &body[..]);
    while !head.is_empty() || !rest.is_empty() {
        let n = stream
            .write_vectored(&[io::IoSlice::new(head), io::IoSlice::new(rest)])
            .await
            .unwrap();
        let from_head = n.min(head.len());
        head = &head[from_head..];
        rest = &rest[n - from_head..];
    }
    stream.shutdown().await.unwrap();
    drop(stream);
    reader.await.unwrap()
}

#[tokio::test]
async fn a_registered_body_goes_out_by_sendfile_byte_for_byte_after_its_head() {
    let body = Bytes::from(
        (0..200_000u32)
            .map(|i| (i % 251) as u8)
            .collect::<Vec<u8>>(),
    );
    registered(&body).await;
    let before = bytes_sent();
    let got = round_trip(b"HTTP/1.1 200 OK\r\n\r\n", &body).await;
    assert_eq!(&got[..19], b"HTTP/1.1 200 OK\r\n\r\n");
    assert!(got[19..] == body[..], "the body arrives as it is");
    assert!(
        bytes_sent() - before >= body.len() as u64,
        "sent from the memfd"
    );
    // A part of it (hyper's queue after a partial write) is found at its offset.
    let tail = body.slice(150_000..);
    let got = round_trip(b"", &tail).await;
    assert!(got == tail[..]);
}

#[tokio::test]
async fn an_unregistered_or_small_body_is_written_as_it_is() {
    let body = Bytes::from(vec![7u8; 40_000]);
    let got = round_trip(b"head", &body).await;
    assert_eq!(got.len(), 40_004);
    let small = Bytes::from(vec![8u8; 100]);
    offer(&small);
    assert!(registry::find(small.as_ptr() as usize, small.len()).is_none());
}

#[tokio::test]
async fn answers_the_cache_let_go_leave_the_registry() {
    let first = Bytes::from(vec![1u8; 20_001]);
    registered(&first).await;
    drop(first); // only the registry holds it now
    let second = Bytes::from(vec![2u8; 20_001]);
    registered(&second).await;
    assert!(!registry::holds(|b| b.len() == 20_001 && b[0] == 1));
    assert!(registry::holds(|b| b.len() == 20_001 && b[0] == 2));
    let got = round_trip(b"", &second).await;
    assert!(got.len() == 20_001 && got.iter().all(|&b| b == 2));
}
