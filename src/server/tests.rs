use super::*;

fn with_accept(v: &str) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
    h
}

#[test]
fn gzip_is_sent_only_when_accepted() {
    assert!(accepts_gzip(&with_accept("gzip")));
    assert!(accepts_gzip(&with_accept("br, gzip;q=0.8, deflate")));
    assert!(accepts_gzip(&with_accept("*")));
    assert!(!accepts_gzip(&with_accept("gzip;q=0")));
    assert!(!accepts_gzip(&with_accept("br, deflate")));
    assert!(!accepts_gzip(&HeaderMap::new()));
}
