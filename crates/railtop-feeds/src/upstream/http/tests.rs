//! Unit tests of `http.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[tokio::test]
async fn kept_values_live_as_long_as_their_fetch_said() {
    let kept: Kept<u32> = Kept::new();
    let calls = std::sync::atomic::AtomicU32::new(0);
    let fetch = |life| {
        let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        async move { (n, life) }
    };
    assert_eq!(kept.get(fetch(Duration::ZERO)).await, 0);
    assert_eq!(
        kept.get(fetch(Duration::from_secs(60))).await,
        1,
        "a zero life is not kept"
    );
    assert_eq!(
        kept.get(fetch(Duration::from_secs(60))).await,
        1,
        "kept while it lives"
    );
}
