//! railtop's own `GET /api/live/stats`: punctuality from the file `serve --record` writes, as
//! `railtop stats --format json` prints it. A report reads many rows, so each distinct query's
//! answer is kept for a minute and only one is computed at a time: a crowd of clients asking
//! costs one computation a minute, not one each.

use super::{common_headers, error_response, header_value, json_error, AppState};
use crate::source::SourceError;
use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an answer is kept (and what `Cache-Control` says).
const KEPT: Duration = Duration::from_secs(60);
/// The most distinct answers kept.
const MAX_KEPT: usize = 64;

#[derive(Default)]
pub(super) struct StatsCache {
    answers: Mutex<HashMap<String, (Instant, Bytes)>>,
    /// One report computed at a time.
    computing: tokio::sync::Mutex<()>,
}

impl StatsCache {
    fn get(&self, key: &str) -> Option<Bytes> {
        let answers = self.answers.lock().ok()?;
        answers
            .get(key)
            .filter(|(at, _)| at.elapsed() < KEPT)
            .map(|(_, b)| b.clone())
    }

    fn put(&self, key: String, body: Bytes) {
        if let Ok(mut answers) = self.answers.lock() {
            answers.retain(|_, (at, _)| at.elapsed() < KEPT);
            if answers.len() < MAX_KEPT {
                answers.insert(key, (Instant::now(), body));
            }
        }
    }
}

pub(super) async fn answer(
    State(state): State<Arc<AppState>>,
    RawQuery(raw): RawQuery,
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
    if let Some(body) = state.stats.get(&key) {
        return json(body);
    }
    let _one = state.stats.computing.lock().await;
    if let Some(body) = state.stats.get(&key) {
        return json(body);
    }
    let read =
        tokio::task::spawn_blocking(move || railtop_record::stats::read(&path, &query)).await;
    let report = match read {
        Ok(Ok(report)) => report,
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
    state.stats.put(key, body.clone());
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
