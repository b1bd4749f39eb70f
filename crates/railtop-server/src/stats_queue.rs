//! What `/api/live/stats` keeps between questions: each distinct question's answer (or the note
//! that it is too costly) for [`KEPT`], the one computation at a time, and each client's one
//! place in the queue. Held by the server's state (`state.rs`), read by the handler (`stats.rs`).

use bytes::Bytes;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an answer is kept (and what `Cache-Control` says).
pub(crate) const KEPT: Duration = Duration::from_secs(60);
/// The most distinct answers kept.
const MAX_KEPT: usize = 64;
/// What is stored for a question: its answer, or the note that it takes too long to answer.
#[derive(Clone)]
pub(crate) enum Stored {
    Answer(Bytes),
    TooCostly,
}

#[derive(Default)]
pub(crate) struct StatsCache {
    answers: Mutex<HashMap<String, (Instant, Stored)>>,
    /// One report computed at a time; waiting for it is first come, first served.
    pub(crate) computing: tokio::sync::Mutex<()>,
    /// The clients (IPv6: their /64) with a question waiting or being computed.
    asking: Mutex<std::collections::HashSet<std::net::IpAddr>>,
}

/// A client's place in the queue, given back however its question ends.
pub(crate) struct Asking<'a> {
    cache: &'a StatsCache,
    client: std::net::IpAddr,
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        if let Ok(mut asking) = self.cache.asking.lock() {
            asking.remove(&self.client);
        }
    }
}

impl StatsCache {
    pub(crate) fn get(&self, key: &str) -> Option<Stored> {
        let answers = self.answers.lock().ok()?;
        answers
            .get(key)
            .filter(|(at, _)| at.elapsed() < KEPT)
            .map(|(_, kept)| kept.clone())
    }

    pub(crate) fn put(&self, key: String, kept: Stored) {
        if let Ok(mut answers) = self.answers.lock() {
            answers.retain(|_, (at, _)| at.elapsed() < KEPT);
            if answers.len() < MAX_KEPT {
                answers.insert(key, (Instant::now(), kept));
            }
        }
    }

    /// `client`'s place in the queue, unless it has a question there already.
    pub(crate) fn enter(&self, client: std::net::IpAddr) -> Option<Asking<'_>> {
        // Not `then_some`: its value is made (and its drop run, under this lock) either way.
        if self.asking.lock().ok()?.insert(client) {
            Some(Asking {
                cache: self,
                client,
            })
        } else {
            None
        }
    }
}
