//! Cached answers given again before the router: what nginx's open-file cache is to its files.
//!
//! Measured under load (docs/performance.md): once a cached body goes out by `sendfile`
//! (`zero_copy.rs`), the kernel's part of a request is nginx's, and the rest of the difference
//! was the router: matching the route, the handler's extractors (a copy of the request's header
//! map, the query), the cache's lookup under its lock, building the answer's header map. That
//! was 2.9 µs of a request's 4.5 µs in user space, where nginx takes 1.6 µs in all.
//!
//! A cached answer is the same bytes and headers for every client until it expires. So each
//! thread keeps, for each request target its router has just answered from the cache, that
//! answer (`cached_body` marks it [`Replayable`]), and gives it to the same target again until
//! it expires: through the same front (rate limit, metrics, request log), with `If-None-Match`
//! answered by a 304 and `Cache-Control` counting down as the router's would. Only a GET is
//! replayed; an answer depends on nothing else of the request but whether it takes gzip, which
//! picks one of the two answers kept per target. When an answer expires, the first request
//! goes to the router for the next one while the others are given the expired one for at most
//! [`STALE_WHILE_REFRESHING`] (nginx's `proxy_cache_use_stale updating`), so an expiry does not
//! hold every request of that moment behind one fetch. Bounded: at most [`MAX_TARGETS`] targets of at
//! most [`MAX_TARGET_LEN`] bytes per thread; when full, the table starts again (the hot targets
//! come back at their next request).

use crate::front::{self, Peer};
use crate::{accepts_gzip, body_or_unchanged, max_age, names_tag, AppState};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::Response;
use axum::Router;
use bytes::Bytes;
use futures_util::future::Either;
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

/// What `cached_body` puts on an answer made from a cached one, so it can be given again.
#[derive(Clone)]
pub(crate) struct Replayable {
    pub body: Bytes,
    pub etag: Bytes,
    pub expires: Instant,
}

/// One kept answer: its headers as the router made them (less the client's own rate-limit
/// headers), its body and tag, when it expires, and since when the router is making the next.
struct Kept {
    headers: HeaderMap,
    answer: Replayable,
    refreshing: Option<Instant>,
}

/// How long an expired answer is still given while the router makes its successor (nginx's
/// `proxy_cache_use_stale updating`); past it, or when the router could not make one, the
/// requests go to the router.
pub(crate) const STALE_WHILE_REFRESHING: Duration = Duration::from_secs(5);

/// For each target, the answer without gzip and with it.
type Table = HashMap<Box<str>, [Option<Kept>; 2]>;

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(HashMap::new());
}

/// What answers a connection's requests: a kept answer when this thread has a fresh one for
/// the request, else the router, whose answers made from the cache are kept.
#[derive(Clone)]
pub struct Answerer {
    router: Router,
    state: Arc<AppState>,
}

impl Answerer {
    pub(crate) fn new(router: Router, state: Arc<AppState>) -> Self {
        Answerer { router, state }
    }

    /// The answer to `request` from `peer`, as a connection hands it over. A kept answer is
    /// given before the request is made into axum's (a boxed body, an extension map for the
    /// peer: allocations a replayed request does without).
    pub fn answer<B>(
        &self,
        request: axum::http::Request<B>,
        peer: Option<SocketAddr>,
    ) -> impl Future<Output = Response> + Send + 'static
    where
        B: axum::body::HttpBody<Data = Bytes> + Send + 'static,
        B::Error: Into<axum::BoxError>,
    {
        match self.replay(request, peer) {
            Ok(replayed) => Either::Left(replayed),
            Err((request, key)) => {
                let mut request = request.map(Body::new);
                if let Some(peer) = peer {
                    request.extensions_mut().insert(ConnectInfo(Peer(peer)));
                }
                let routed = self.router.clone().oneshot(request);
                // Boxed: the router's future is several times the size of a replay's, and an
                // `Either` is as large as its larger side, moved whole on every request.
                Either::Right(Box::pin(async move {
                    let response = match routed.await {
                        Ok(response) => response,
                        Err(never) => match never {},
                    };
                    if let Some(key) = key {
                        remember(key, &response);
                    }
                    response
                }))
            }
        }
    }

    /// The answer to `request` from this thread's table, through the front; or the request back
    /// when the table has no fresh answer for it, with what the router's answer is kept under.
    #[allow(
        clippy::result_large_err,
        clippy::type_complexity,
        reason = "the request goes back by value, as the router takes it"
    )]
    fn replay<B: Send + 'static>(
        &self,
        request: axum::http::Request<B>,
        peer: Option<SocketAddr>,
    ) -> Result<
        impl Future<Output = Response> + Send + 'static,
        (axum::http::Request<B>, Option<Key>),
    > {
        let answer = match lookup(&request) {
            Ok(answer) => answer,
            Err(key) => return Err((request, key)),
        };
        let state = self.state.clone();
        Ok(async move {
            // Counted only when given (not when the rate limit refuses it).
            let given = |_| {
                crate::metrics::cache("replay", true);
                std::future::ready(answer)
            };
            front::front_of(&state, peer, request, given).await
        })
    }
}

/// What an answer is kept under: the request's target, and whether it takes gzip.
type Key = (Box<str>, bool);

/// What a request asks of the table: its target and whether it takes gzip, for a GET.
fn asked<B>(request: &axum::http::Request<B>) -> Option<(&str, bool)> {
    if request.method() != Method::GET {
        return None;
    }
    let target = request.uri().path_and_query()?.as_str();
    Some((target, accepts_gzip(request.headers())))
}

/// The key of `target`, unless it is too long to keep.
fn key_for((target, gzip): (&str, bool)) -> Option<Key> {
    (target.len() <= MAX_TARGET_LEN).then(|| (target.into(), gzip))
}

/// Keeps `response` for `key` when the router made it from a cached answer.
fn remember(key: Key, response: &Response) {
    let Some(answer) = response.extensions().get::<Replayable>() else {
        return;
    };
    if !matches!(response.status(), StatusCode::OK | StatusCode::NOT_MODIFIED) {
        return;
    }
    let mut headers = response.headers().clone();
    for per_client in front::PER_CLIENT {
        headers.remove(per_client);
    }
    // The router's length is of its body: a 304 kept has none, a 200 given as a 304 has one.
    // hyper writes the length of what is sent.
    headers.remove(header::CONTENT_LENGTH);
    let (target, gzip) = key;
    TABLE.with_borrow_mut(|table| {
        if table.len() >= MAX_TARGETS && !table.contains_key(&target) {
            table.clear();
        }
        table.entry(target).or_default()[usize::from(gzip)] = Some(Kept {
            headers,
            answer: answer.clone(),
            refreshing: None,
        });
    });
}

/// The kept answer to `request`, if fresh: a 304 when it names the tag, else the body. Else
/// what the router's answer would be kept under (`None` for what is never kept).
fn lookup<B>(request: &axum::http::Request<B>) -> Result<Response, Option<Key>> {
    let Some(asked) = asked(request) else {
        return Err(None);
    };
    found(request, asked).ok_or_else(|| key_for(asked))
}

/// The kept answer to `target`, if fresh.
fn found<B>(request: &axum::http::Request<B>, (target, gzip): (&str, bool)) -> Option<Response> {
    TABLE.with_borrow_mut(|table| {
        let both = table.get_mut(target)?;
        let slot = &mut both[usize::from(gzip)];
        let kept = slot.as_mut()?;
        let now = Instant::now();
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
        let unchanged = names_tag(request.headers(), &kept.answer.etag);
        if !unchanged {
            crate::zero_copy::offer(&kept.answer.body);
        }
        let mut r = body_or_unchanged(&kept.answer.body, unchanged);
        *r.headers_mut() = kept.headers.clone();
        let secs = crate::ratelimit::ceil_secs(remaining).max(1);
        r.headers_mut().insert(header::CACHE_CONTROL, max_age(secs));
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::Request;

    fn key_of(request: &Request) -> Option<Key> {
        asked(request).and_then(key_for)
    }

    fn kept_answer(request: &Request) -> Option<Response> {
        lookup(request).ok()
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
            .insert(header::ETAG, axum::http::HeaderValue::from_static("\"t\""));
        r.extensions_mut().insert(Replayable {
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
        let again = kept_answer(&get("/a?x=1")).unwrap();
        assert_eq!(again.headers()[header::ETAG], "\"t\"");
        assert!(again.headers().get("ratelimit-remaining").is_none());
        assert!(again.headers().get(header::CONTENT_LENGTH).is_none());
        assert_eq!(again.headers()[header::CACHE_CONTROL], "public, max-age=30");
        assert!(kept_answer(&get("/a?x=2")).is_none(), "another target");
        let plain = Request::builder()
            .uri("/a?x=1")
            .body(Body::empty())
            .unwrap();
        assert!(kept_answer(&plain).is_none(), "the other encoding");
        let head = Request::builder()
            .method(Method::HEAD)
            .uri("/a?x=1")
            .body(Body::empty())
            .unwrap();
        assert!(key_of(&head).is_none() && kept_answer(&head).is_none());

        remember(key_of(&get("/b")).unwrap(), &answered(Instant::now()));
        std::thread::sleep(Duration::from_millis(2));
        assert!(kept_answer(&get("/b")).is_none(), "expired: to the router");
        let meanwhile = kept_answer(&get("/b")).expect("given while the router makes the next");
        assert_eq!(
            meanwhile.headers()[header::CACHE_CONTROL],
            "public, max-age=1"
        );
        // The router's next answer replaces it.
        remember(key_of(&get("/b")).unwrap(), &answered(fresh));
        assert_eq!(
            kept_answer(&get("/b")).unwrap().headers()[header::CACHE_CONTROL],
            "public, max-age=30"
        );
        // Past the grace, with no new answer (the router failed), to the router again.
        TABLE.with_borrow_mut(|t| {
            let kept = t.get_mut("/b").unwrap()[1].as_mut().unwrap();
            kept.answer.expires = Instant::now() - Duration::from_secs(1);
            kept.refreshing = Some(Instant::now() - STALE_WHILE_REFRESHING);
        });
        assert!(kept_answer(&get("/b")).is_none());
        assert!(kept_answer(&get("/b")).is_none(), "and no longer kept");
        // An answer the router did not make from the cache is not kept.
        remember(key_of(&get("/c")).unwrap(), &Response::new(Body::empty()));
        assert!(kept_answer(&get("/c")).is_none());
    }

    #[test]
    fn the_table_is_bounded_in_targets_and_their_length() {
        let fresh = Instant::now() + Duration::from_secs(30);
        for i in 0..(MAX_TARGETS * 3) {
            remember(key_of(&get(&format!("/t?{i}"))).unwrap(), &answered(fresh));
            assert!(TABLE.with_borrow(HashMap::len) <= MAX_TARGETS);
        }
        let long = format!("/t?{}", "x".repeat(MAX_TARGET_LEN));
        assert!(key_of(&get(&long)).is_none());
    }
}
