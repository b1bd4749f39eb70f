//! Unit tests of `redis_store.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn passwords_are_masked_and_only_redis_urls_are_taken() {
    use railtop_core::config::masked_url;
    assert_eq!(
        masked_url("redis://:hunter2@db:6379/0"),
        "redis://***@db:6379/0"
    );
    assert_eq!(masked_url("redis://db:6379"), "redis://db:6379");
    let e = RedisStore::new("rediss://:hunter2@db")
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("plain redis://") && !e.contains("hunter2"),
        "{e}"
    );
    assert!(RedisStore::new("redis://127.0.0.1:6379").is_ok());
}

#[test]
fn keys_are_fixed_length_and_name_the_feed() {
    let k = key_for("finland", "https://rata.digitraffic.fi/api/v1/live-trains");
    assert!(k.starts_with("finland:"));
    assert_eq!(k.len(), "finland:".len() + 64);
    assert_ne!(k, key_for("finland", "POST x\nbody"));
}

#[tokio::test]
async fn with_nothing_listening_every_call_is_refused_fast_and_retried_once_a_second() {
    // A port nobody listens on: the connection is refused at once.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let store = RedisStore::new(&format!("redis://127.0.0.1:{port}")).unwrap();
    let started = Instant::now();
    assert!(store
        .bucket("192.0.2.1", 60, Duration::from_secs(1))
        .await
        .is_err());
    let status = store.status();
    assert!(!status.up && status.error.is_some(), "{status:?}");
    // Until the retry is due, nothing is asked.
    for _ in 0..100 {
        assert!(store
            .bucket("192.0.2.1", 60, Duration::from_secs(1))
            .await
            .is_err());
    }
    assert!(started.elapsed() < Duration::from_secs(1));
    let flown = store
        .flight("k", Duration::from_secs(15), async {
            (
                "fetched here",
                Some((Shared::Failure("x".into()), Duration::from_secs(1))),
            )
        })
        .await;
    assert!(matches!(flown, Flight::Fetched("fetched here")));
}
