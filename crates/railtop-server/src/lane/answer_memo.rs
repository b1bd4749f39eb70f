//! The answer memo: on each event loop, the cached answers its router just gave, kept to be given
//! again without the router until they expire. What nginx's open-file cache is to its files.
//!
//! Measured under load (docs/performance.md): once a cached body goes out by `sendfile`
//! (`zero_copy.rs`), the kernel's part of a request is nginx's, and the rest of the difference
//! was the router: matching the route, the handler's extractors (a copy of the request's header
//! map, the query), the cache's lookup under its lock, building the answer's header map. That
//! was 2.9 µs of a request's 4.5 µs in user space, where nginx takes 1.6 µs in all.
//!
//! A cached answer is the same bytes and headers for every client until it expires. So each
//! thread keeps, for each request target its router has just answered from the cache, that
//! answer (`respond.rs`'s `cached_body` marks it `Memoizable`): its header lines written out once, its body,
//! its tag. The lane (`plain_gets.rs`) gives it to the same target again until it
//! expires, through the same rate limit, metrics and log, with `If-None-Match` answered by a
//! 304 and `Cache-Control` counting down as the router's would. Only a GET is given again; an
//! answer depends on nothing else of the request but whether it takes gzip, which picks one of
//! the two answers kept per target. When an answer expires, the first request goes to the
//! router for the next one while the others are given the expired one for at most
//! [`STALE_WHILE_REFRESHING`] (nginx's `proxy_cache_use_stale updating`), so an expiry does
//! not hold every request of that moment behind one fetch. Bounded: at most [`MAX_TARGETS`]
//! targets of at most [`MAX_TARGET_LEN`] bytes per thread; when full, the memo starts again
//! (the targets asked often come back at their next request).

use crate::every_request;
use crate::peer::Peer;
use crate::respond::Memoizable;
use crate::state::ApiState;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::Router;
use bytes::Bytes;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// Targets kept per thread.
pub(crate) const MAX_TARGETS: usize = 256;
/// Longest target kept, in bytes (the API's own are under 100).
pub(crate) const MAX_TARGET_LEN: usize = 512;

/// One kept answer: its header lines as the router made them (less the client's own rate-limit
/// headers, and the ones written per request: `Cache-Control`, `Content-Length`), its body and
/// tag, when it expires, and since when the router is making the next.
struct Memoized {
    lines: Bytes,
    answer: Memoizable,
    /// This thread's own handle on the body's bytes (the same address, so `sendfile` finds
    /// them): what a request clones is counted here alone, not on a cache line every thread
    /// shares. The registry of `sendfile` is given `answer.body`, whose count says when the
    /// cache and every thread have let go of it.
    local: Bytes,
    refreshing: Option<Instant>,
}

/// How long an expired answer is still given while the router makes its successor (nginx's
/// `proxy_cache_use_stale updating`); past it, or when the router could not make one, the
/// requests go to the router.
pub(crate) const STALE_WHILE_REFRESHING: Duration = Duration::from_secs(5);

/// For each target, the answer without gzip and with it.
type Memo = HashMap<Box<str>, [Option<Memoized>; 2]>;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(HashMap::new());
}

/// What answers a connection's requests: the router, whose answers made from the cache are
/// memoized here for the lane, and the state the lane's rate limit reads
/// (`every_request::admit`).
#[derive(Clone)]
pub struct MemoizingRouter {
    router: Router,
    pub(crate) state: Arc<ApiState>,
}

impl MemoizingRouter {
    pub(crate) fn new(router: Router, state: Arc<ApiState>) -> Self {
        MemoizingRouter { router, state }
    }

    /// The router's answer to `request` from `peer`; kept when made from the cache.
    pub fn answer<B>(
        &self,
        request: axum::http::Request<B>,
        peer: Option<SocketAddr>,
    ) -> impl Future<Output = Response> + Send + 'static
    where
        B: axum::body::HttpBody<Data = Bytes> + Send + 'static,
        B::Error: Into<axum::BoxError>,
    {
        let key = asked(&request).and_then(key_for);
        let mut request = request.map(Body::new);
        if let Some(peer) = peer {
            request.extensions_mut().insert(ConnectInfo(Peer(peer)));
        }
        let routed = self.router.clone().oneshot(request);
        async move {
            let response = match routed.await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            if let Some(key) = key {
                remember(key, &response);
            }
            response
        }
    }
}

/// What an answer is kept under: the request's target, and whether it takes gzip.
type Key = (Box<str>, bool);

/// What a request asks of the memo: its target and whether it takes gzip, for a GET.
fn asked<B>(request: &axum::http::Request<B>) -> Option<(&str, bool)> {
    if request.method() != axum::http::Method::GET {
        return None;
    }
    let target = request.uri().path_and_query()?.as_str();
    Some((target, crate::respond::accepts_gzip(request.headers())))
}

/// The key of `target`, unless it is too long to keep.
fn key_for((target, gzip): (&str, bool)) -> Option<Key> {
    (target.len() <= MAX_TARGET_LEN).then(|| (target.into(), gzip))
}

/// Keeps `response` for `key` when the router made it from a cached answer.
fn remember(key: Key, response: &Response) {
    let Some(answer) = response.extensions().get::<Memoizable>() else {
        return;
    };
    if !matches!(response.status(), StatusCode::OK | StatusCode::NOT_MODIFIED) {
        return;
    }
    let mut lines = Vec::with_capacity(256);
    for (name, value) in response.headers() {
        let per_request = name == header::CACHE_CONTROL || name == header::CONTENT_LENGTH;
        if per_request || every_request::PER_CLIENT.contains(&name) {
            continue;
        }
        line(&mut lines, name.as_str().as_bytes(), value.as_bytes());
    }
    let (target, gzip) = key;
    MEMO.with_borrow_mut(|table| {
        if table.len() >= MAX_TARGETS && !table.contains_key(&target) {
            table.clear();
        }
        table.entry(target).or_default()[usize::from(gzip)] = Some(Memoized {
            lines: Bytes::from(lines),
            local: Bytes::from_owner(answer.body.clone()),
            answer: answer.clone(),
            refreshing: None,
        });
    });
}

/// A memoized answer as given to one request.
pub(crate) struct MemoHit {
    /// Its header lines, each ending in CRLF, less the per-request ones.
    pub lines: Bytes,
    /// The body; `None` for a 304 (the request named the tag).
    pub body: Option<Bytes>,
    /// What is left of its life, for `Cache-Control` (at least 1).
    pub max_age: u64,
}

/// One header line, as a memoized answer's are written here and the lane writes the rest of a
/// head.
pub(crate) fn line(out: &mut Vec<u8>, name: &[u8], value: &[u8]) {
    out.extend_from_slice(name);
    out.extend_from_slice(b": ");
    out.extend_from_slice(value);
    out.extend_from_slice(b"\r\n");
}

/// The memoized answer to a GET of `target` (with gzip or not) at `now`, if fresh or given
/// meanwhile, as a 304 when `names_tag` says the request names its tag.
pub(crate) fn lookup(
    target: &str,
    gzip: bool,
    now: Instant,
    names_tag: impl FnOnce(&[u8]) -> bool,
) -> Option<MemoHit> {
    MEMO.with_borrow_mut(|table| {
        let both = table.get_mut(target)?;
        let slot = &mut both[usize::from(gzip)];
        let kept = slot.as_mut()?;
        // An expired answer: the first request goes to the router for the next one; the
        // others are given this one meanwhile, for a while.
        let remaining = match kept.answer.expires.checked_duration_since(now) {
            Some(remaining) => remaining,
            None => match kept.refreshing {
                None => {
                    kept.refreshing = Some(now);
                    return None;
                }
                Some(since) if now.duration_since(since) < STALE_WHILE_REFRESHING => Duration::ZERO,
                Some(_) => {
                    *slot = None;
                    return None;
                }
            },
        };
        let body = if names_tag(&kept.answer.etag) {
            None
        } else {
            super::zero_copy::offer(&kept.answer.body);
            Some(kept.local.clone())
        };
        Some(MemoHit {
            lines: kept.lines.clone(),
            body,
            max_age: crate::ratelimit::ceil_secs(remaining).max(1),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::Request;
    use axum::http::Method;

    fn key_of(request: &Request) -> Option<Key> {
        asked(request).and_then(key_for)
    }

    /// The kept answer to a GET of `target` with gzip, not naming its tag.
    fn kept_answer(target: &str) -> Option<MemoHit> {
        lookup(target, true, Instant::now(), |_| false)
    }

    fn get(target: &str) -> Request {
        Request::builder()
            .uri(target)
            .header(header::ACCEPT_ENCODING, "gzip")
            .body(Body::empty())
            .unwrap()
    }

    fn answered(expires: Instant) -> Response {
        let mut r = Response::new(Body::from("{}"));
        r.headers_mut().insert("ratelimit-remaining", 7u32.into());
        r.headers_mut().insert(header::CONTENT_LENGTH, 2u32.into());
        r.headers_mut()
            .insert(header::CACHE_CONTROL, "public, max-age=30".parse().unwrap());
        r.headers_mut()
            .insert(header::ETAG, axum::http::HeaderValue::from_static("\"t\""));
        r.extensions_mut().insert(Memoizable {
            body: Bytes::from_static(b"{}"),
            etag: Bytes::from_static(b"\"t\""),
            expires,
        });
        r
    }

    #[test]
    fn an_answer_is_given_again_until_it_expires_and_never_with_the_clients_limit() {
        let fresh = Instant::now() + Duration::from_secs(30);
        remember(key_of(&get("/a?x=1")).unwrap(), &answered(fresh));
        let again = kept_answer("/a?x=1").unwrap();
        // The lines written per request are not kept: the client's limit, the length, the
        // countdown.
        assert_eq!(&again.lines[..], b"etag: \"t\"\r\n");
        assert_eq!(again.body.as_deref(), Some(&b"{}"[..]));
        assert!((29..=30).contains(&again.max_age), "{}", again.max_age);
        let unchanged = lookup("/a?x=1", true, Instant::now(), |tag| tag == b"\"t\"").unwrap();
        assert!(unchanged.body.is_none(), "a 304");
        assert!(kept_answer("/a?x=2").is_none(), "another target");
        assert!(
            lookup("/a?x=1", false, Instant::now(), |_| false).is_none(),
            "the other encoding"
        );
        let head = Request::builder()
            .method(Method::HEAD)
            .uri("/a?x=1")
            .body(Body::empty())
            .unwrap();
        assert!(key_of(&head).is_none(), "only a GET is kept");

        remember(key_of(&get("/b")).unwrap(), &answered(Instant::now()));
        std::thread::sleep(Duration::from_millis(2));
        assert!(kept_answer("/b").is_none(), "expired: to the router");
        let meanwhile = kept_answer("/b").expect("given while the router makes the next");
        assert_eq!(meanwhile.max_age, 1);
        // The router's next answer replaces it.
        remember(key_of(&get("/b")).unwrap(), &answered(fresh));
        assert!(kept_answer("/b").unwrap().max_age >= 29);
        // Past the grace, with no new answer (the router failed), to the router again.
        MEMO.with_borrow_mut(|t| {
            let kept = t.get_mut("/b").unwrap()[1].as_mut().unwrap();
            kept.answer.expires = Instant::now() - Duration::from_secs(1);
            kept.refreshing = Some(Instant::now() - STALE_WHILE_REFRESHING);
        });
        assert!(kept_answer("/b").is_none());
        assert!(kept_answer("/b").is_none(), "and no longer kept");
        // An answer the router did not make from the cache is not kept.
        remember(key_of(&get("/c")).unwrap(), &Response::new(Body::empty()));
        assert!(kept_answer("/c").is_none());
    }

    #[test]
    fn a_kept_body_is_the_caches_bytes_at_their_address() {
        let body = Bytes::from(vec![7u8; 64]);
        let mut r = answered(Instant::now() + Duration::from_secs(30));
        r.extensions_mut().insert(Memoizable {
            body: body.clone(),
            etag: Bytes::from_static(b"\"t\""),
            expires: Instant::now() + Duration::from_secs(30),
        });
        remember(key_of(&get("/address")).unwrap(), &r);
        let given = kept_answer("/address").unwrap().body.unwrap();
        assert_eq!(
            given.as_ptr(),
            body.as_ptr(),
            "sendfile finds a body by its address"
        );
    }

    #[test]
    fn the_table_is_bounded_in_targets_and_their_length() {
        let fresh = Instant::now() + Duration::from_secs(30);
        for i in 0..(MAX_TARGETS * 3) {
            remember(key_of(&get(&format!("/t?{i}"))).unwrap(), &answered(fresh));
            assert!(MEMO.with_borrow(HashMap::len) <= MAX_TARGETS);
        }
        let long = format!("/t?{}", "x".repeat(MAX_TARGET_LEN));
        assert!(key_of(&get(&long)).is_none());
    }
}
