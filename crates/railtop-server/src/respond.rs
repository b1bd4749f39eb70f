//! How every answer of the API is written: its JSON error body ([`error_response`],
//! [`json_error`]) and the headers every answer carries ([`common_headers`]); a cached answer's
//! bytes as they are, gzip-compressed for a client that takes it ([`accepts_gzip`]), with
//! `Cache-Control` counting down its life and an `ETag` that `If-None-Match` turns into a 304
//! ([`cached_body`]). What the router's handlers answer with here is what the lane gives again
//! (`answer_memo.rs`), so both paths send the same bytes and headers.

use crate::accept_encoding::gzip_in;
use crate::ratelimit::ceil_secs;
use crate::wire::{Wire, TAG_GZIP, TAG_JSON};
use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use railtop_core::model::ErrorBody;
use railtop_feeds::source::cache::Cached;
use railtop_feeds::source::SourceError;
use std::time::{Duration, Instant};

/// What [`cached_body`] puts on an answer made from a cached one, so that the lane may give it
/// again without the router until it expires (`lane/answer_memo.rs`).
#[derive(Clone)]
pub(crate) struct Memoizable {
    pub body: Bytes,
    pub etag: Bytes,
    pub expires: Instant,
}

/// A cached answer's bytes as they are: gzip-compressed for clients that accept it.
pub(crate) fn cached_response<T: serde::Serialize>(
    answer: &Cached<T>,
    request: &HeaderMap,
) -> Response {
    let gzip = accepts_gzip(request);
    let wire = Wire::of(answer);
    let (body, tag): (Bytes, usize) = if gzip {
        (wire.json_gzip(), TAG_GZIP)
    } else {
        (wire.json(), TAG_JSON)
    };
    let etag = wire.etag(tag, &body);
    cached_body(body, etag, answer.remaining_ttl(), gzip, request)
}

/// A cached answer's bytes with the headers every cached answer carries: `Cache-Control` for
/// what is left of its life, `Vary`, `ETag`, and the encoding when they are gzip; a 304 with the
/// same headers and no body when the request names that tag in `If-None-Match`.
pub(crate) fn cached_body(
    body: Bytes,
    etag: Bytes,
    remaining: Duration,
    gzip: bool,
    request: &HeaderMap,
) -> Response {
    let unchanged = names_tag(request, &etag);
    let memoizable = Memoizable {
        body: body.clone(),
        etag: etag.clone(),
        expires: Instant::now() + remaining,
    };
    let mut r = if unchanged {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        Response::new(Body::from(body))
    };
    let h = r.headers_mut();
    common_headers(h);
    h.insert(header::CACHE_CONTROL, max_age(ceil_secs(remaining).max(1)));
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(tag) = HeaderValue::from_maybe_shared(etag) {
        h.insert(header::ETAG, tag);
    }
    if gzip {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    r.extensions_mut().insert(memoizable);
    r
}

/// `If-None-Match` names `etag` (or `*`): compared weakly, as RFC 9110 says for this header.
fn names_tag(request: &HeaderMap, etag: &[u8]) -> bool {
    tag_named_in(
        request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .map(HeaderValue::as_bytes),
        etag,
    )
}

/// [`names_tag`] over the `If-None-Match` fields' values as they came.
pub(crate) fn tag_named_in<'a>(values: impl Iterator<Item = &'a [u8]>, etag: &[u8]) -> bool {
    values
        .flat_map(|v| v.split(|b| *b == b','))
        .map(|t| t.trim_ascii())
        .any(|t| t == b"*" || t.strip_prefix(b"W/").unwrap_or(t) == etag)
}

/// `Cache-Control: public, max-age=SECS`, made once for each of the first few hundred seconds
/// (every cached answer's life is within them), not formatted per request.
fn max_age(secs: u64) -> HeaderValue {
    const KEPT: u64 = 600;
    static MADE: std::sync::OnceLock<Vec<HeaderValue>> = std::sync::OnceLock::new();
    let made = |s: u64| header_value(&format!("public, max-age={s}"));
    match usize::try_from(secs).ok().filter(|_| secs < KEPT) {
        Some(i) => MADE
            .get_or_init(|| (0..KEPT).map(made).collect())
            .get(i)
            .cloned()
            .unwrap_or_else(|| made(secs)),
        None => made(secs),
    }
}

/// `Accept-Encoding` lets gzip be sent (`accept_encoding.rs`).
pub(crate) fn accepts_gzip(request: &HeaderMap) -> bool {
    gzip_in(
        request
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .map(HeaderValue::as_bytes),
    )
}

/// The API's answer to `e`: its status, its JSON error body, and `Retry-After` when the client
/// was refused by the rate limit.
pub(crate) fn error_response(e: &SourceError) -> Response {
    let status = StatusCode::from_u16(e.http_status()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut r = json_error(status, e.code(), &e.to_string());
    let h = r.headers_mut();
    if let SourceError::RateLimited { retry_after, .. } = e {
        h.insert(
            header::RETRY_AFTER,
            header_value(&ceil_secs(*retry_after).to_string()),
        );
    }
    r
}

/// The API's error answer: the JSON body, and the headers every error carries.
pub(crate) fn json_error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = serde_json::to_vec(&ErrorBody::new(code, message)).unwrap_or_default();
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    let h = r.headers_mut();
    common_headers(h);
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The headers every JSON answer carries: its type, and CORS for any origin.
pub(crate) fn common_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
}

/// `s` as a header's value (empty if it cannot be one).
pub(crate) fn header_value(s: &str) -> HeaderValue {
    HeaderValue::from_str(s).unwrap_or_else(|_| HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_accept(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
        h
    }

    #[test]
    fn if_none_match_names_a_tag_weakly_or_all() {
        let asked = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            names_tag(&h, b"\"abc\"")
        };
        assert!(asked("\"abc\""));
        assert!(asked("W/\"abc\""));
        assert!(asked("\"x\", \"abc\""));
        assert!(asked("*"));
        assert!(!asked("\"abd\""));
        assert!(!asked("abc"));
        assert!(!names_tag(&HeaderMap::new(), b"\"abc\""));
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
}
