//! railtop's own `GET /api/live/stats`: punctuality from the file `serve --record` writes, as
//! `railtop stats --format json` prints it. A report reads many rows, so each distinct query's
//! answer is kept for a minute and only one is computed at a time: a crowd of clients asking
//! costs one computation a minute, not one each. And no one client can stall the others (one
//! address asking 60 questions a minute once made every other client wait 88 s): what is kept
//! is answered at once, whoever asks; a client has at most one question waiting or being
//! computed (the wait is first come, first served, so one place each is a fair queue); a
//! question waits at most [`WAIT_AT_MOST`] for its turn and is computed for at most
//! [`COMPUTE_AT_MOST`]; past either it is a 503 with `Retry-After`, and one too costly to answer
//! is remembered as such for a minute.

use crate::respond::{common_headers, error_response, header_value, json_error};
use crate::state::ApiState;
use crate::stats_queue::{Stored, KEPT};
use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use railtop_feeds::source::SourceError;
use std::sync::Arc;
use std::time::Duration;

/// How long a question waits for its turn.
pub(crate) const WAIT_AT_MOST: Duration = Duration::from_secs(5);
/// How long one report may be computed.
pub(crate) const COMPUTE_AT_MOST: Duration = Duration::from_secs(10);

/// The answer for what was stored.
fn answer_stored(stored: Stored) -> Response {
    match stored {
        Stored::Answer(body) => json(body),
        Stored::TooCostly => too_costly(),
    }
}

/// A 503 that says when to ask again.
fn busy(message: &str, retry_after: Duration) -> Response {
    let mut r = json_error(StatusCode::SERVICE_UNAVAILABLE, "busy", message);
    r.headers_mut().insert(
        header::RETRY_AFTER,
        header_value(&retry_after.as_secs().to_string()),
    );
    r
}

fn too_costly() -> Response {
    busy(
        &format!(
            "this question takes longer than {} s to answer from the recorded history: ask a shorter period",
            COMPUTE_AT_MOST.as_secs()
        ),
        KEPT,
    )
}

pub(crate) async fn answer(
    State(state): State<Arc<ApiState>>,
    RawQuery(raw): RawQuery,
    request: axum::extract::Request,
) -> Response {
    let Some(path) = state.config.history.clone() else {
        return json_error(
            StatusCode::NOT_FOUND,
            "not_found",
            "this server does not record: start it with `railtop serve --record` for /api/live/stats",
        );
    };
    let now = state.source.clock().now();
    let query = match crate::params::stats(raw.as_deref(), now) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    // Periods ending now move each second: the key rounds them to the minute.
    let key = format!(
        "{}|{}|{}|{}",
        query.from.timestamp() / 60,
        query.until.timestamp() / 60,
        query.by.name(),
        query.on_time
    );
    if let Some(found) = state.stats.get(&key) {
        return answer_stored(found);
    }
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<crate::peer::Peer>>()
        .map(|c| c.0 .0);
    let client = crate::peer::client_ip(
        request
            .headers()
            .get_all(crate::peer::FORWARDED_FOR)
            .iter()
            .map(axum::http::HeaderValue::as_bytes),
        peer,
        state.config.trust_forwarded_for,
    );
    let Some(_place) = state.stats.enter(crate::ratelimit::bucket_of(client)) else {
        return busy(
            "one question at a time: your last one is still being answered",
            WAIT_AT_MOST,
        );
    };
    let Ok(_one) = tokio::time::timeout(WAIT_AT_MOST, state.stats.computing.lock()).await else {
        return busy(
            "other questions are being answered; ask again shortly",
            WAIT_AT_MOST,
        );
    };
    if let Some(found) = state.stats.get(&key) {
        return answer_stored(found);
    }
    let read = tokio::task::spawn_blocking(move || {
        railtop_record::stats::read_within(&path, &query, COMPUTE_AT_MOST)
    })
    .await;
    let report = match read {
        Ok(Ok(report)) => report,
        Ok(Err(railtop_record::StoreError::Stopped { .. })) => {
            state.stats.put(key, Stored::TooCostly);
            return too_costly();
        }
        Ok(Err(e)) => {
            tracing::warn!("stats: {e}");
            // The file's path is the server's business: logged, not sent.
            return error_response(&SourceError::NotReady(
                "the recorded history cannot be read yet (see the server's log)".into(),
            ));
        }
        Err(_) => {
            return error_response(&SourceError::NotReady(
                "the recorded history cannot be read".into(),
            ))
        }
    };
    let body = Bytes::from(serde_json::to_vec(&report).unwrap_or_default());
    state.stats.put(key, Stored::Answer(body.clone()));
    json(body)
}

fn json(body: Bytes) -> Response {
    let mut r = Response::new(Body::from(body));
    let h = r.headers_mut();
    common_headers(h);
    h.insert(
        header::CACHE_CONTROL,
        header_value(&format!("public, max-age={}", KEPT.as_secs())),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats_queue::StatsCache;

    /// One place in the queue a client: a second question while the first is out is refused,
    /// another client is not, and the place comes back when the first is answered.
    #[test]
    fn a_client_has_one_question_out_at_a_time() {
        let cache = StatsCache::default();
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = cache.enter(a).expect("a's first question");
        assert!(cache.enter(a).is_none(), "a's second waits for its first");
        assert!(cache.enter(b).is_some(), "b is not held up by a");
        drop(first);
        assert!(cache.enter(a).is_some(), "a's place is back");
        // A question too costly to answer is remembered as such, and said with Retry-After.
        cache.put("k".into(), Stored::TooCostly);
        let r = answer_stored(cache.get("k").expect("kept"));
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(r.headers()[header::RETRY_AFTER], "60");
    }
}
