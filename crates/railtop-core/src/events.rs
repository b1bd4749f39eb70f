//! What changed between two answers of a source: the one differ that `record`, `watch` and the
//! API's change events are to share (#40). Pure: it is given each realtime answer in turn, with
//! the instant it was made, and says what happened to each train since the answer before.
//!
//! A train is known by its id. Trains that leave an answer are kept for [`Differ::forget_after`]
//! and compared again when they come back (a feed that drops a train for a poll says nothing
//! new). A train whose id changes (a feed renumbering a run) is recognised by its country and
//! code when the old id vanished in the same poll while still running; a run that arrived is
//! never taken for the next day's run of the same number. Times of day play no part: delays
//! are compared as numbers, so an answer after midnight is read like any other.

use crate::model::{status, RealtimeResponse, Train};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::time::Duration;

/// What happened to a train.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Its delay moved by at least the threshold since the delay last reported.
    Delay,
    /// Its platform changed.
    Platform,
    Cancelled,
    /// Cancelled, then running or scheduled again.
    Reinstated,
    /// It left its origin (scheduled, then running).
    Departed,
    Arrived,
}

impl Kind {
    /// `delay`, `platform`, `cancelled`, `reinstated`, `departed`, `arrived`: as `watch`'s
    /// `RAILTOP_EVENT` and its JSON lines name them.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Delay => "delay",
            Kind::Platform => "platform",
            Kind::Cancelled => "cancelled",
            Kind::Reinstated => "reinstated",
            Kind::Departed => "departed",
            Kind::Arrived => "arrived",
        }
    }
}

/// One change of one train.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub kind: Kind,
    pub train_id: String,
    pub train_code: String,
    /// How people know the train: its `name` (`IC 27 → Oulu`), else its code.
    pub name: String,
    pub country: Option<String>,
    /// The value before and after, as text (`5` and `12` minutes, `3` and `4`), where the
    /// kind has one.
    pub old: Option<String>,
    pub new: Option<String>,
    /// When the answer that showed it was made.
    pub at: DateTime<Utc>,
}

/// What the differ keeps of a train between answers.
#[derive(Debug, Clone)]
struct Seen {
    code: String,
    country: Option<String>,
    status: String,
    platform: Option<String>,
    /// The stop `platform` was at (the train's next station then): a platform is news only
    /// when it changes at the same stop, not when the train moves on to the next one.
    platform_at: Option<String>,
    /// The delay last reported in an event (or first seen): the threshold counts from it.
    reported_delay: Option<i64>,
    /// When it was last in an answer.
    last_seen: DateTime<Utc>,
    /// The answer it was last in ([`Differ`]'s count of answers).
    seen_in: u64,
}

/// Consecutive answers in, events out.
#[derive(Debug)]
pub struct Differ {
    trains: HashMap<String, Seen>,
    /// Answers fed so far.
    answers: u64,
    /// Minutes a delay must move before it is news.
    pub delay_threshold: i64,
    /// How long a train that left the answers is remembered.
    pub forget_after: Duration,
}

/// The most trains remembered (a country's answers hold some thousands; the demo at its
/// largest 26,000).
const MAX_TRAINS: usize = 200_000;

impl Differ {
    pub fn new(delay_threshold: i64, forget_after: Duration) -> Differ {
        Differ {
            trains: HashMap::new(),
            answers: 0,
            delay_threshold: delay_threshold.max(1),
            forget_after,
        }
    }

    /// The events between the answer before and `answer`, made at `at`. The first answer
    /// gives none: it is where the differ starts from.
    pub fn feed(&mut self, answer: &RealtimeResponse, at: DateTime<Utc>) -> Vec<Event> {
        let mut events = Vec::new();
        let first = self.trains.is_empty();
        let (before, now) = (self.answers, self.answers.wrapping_add(1));
        self.answers = now;
        // First the trains known by their id, compared in place (no key or record copied).
        let mut unknown = Vec::new();
        for train in answer.trains.iter().filter(|t| !t.id.is_empty()) {
            match self.trains.get_mut(&train.id) {
                Some(seen) => {
                    compare(seen, train, at, self.delay_threshold, &mut events);
                    seen.seen_in = now;
                }
                None => unknown.push(train),
            }
        }
        if !unknown.is_empty() {
            // Those in the answer before and not in this one, by (country, code): a renamed
            // run's old self (one that arrived is not: the next day's run of its number is new).
            let mut vanished: HashMap<(Option<&str>, &str), String> = HashMap::new();
            for (id, seen) in &self.trains {
                if seen.seen_in == before && seen.status != status::ARRIVED {
                    vanished.insert((seen.country.as_deref(), seen.code.as_str()), id.clone());
                }
            }
            let renamed: Vec<Option<String>> = unknown
                .iter()
                .map(|t| vanished.remove(&(t.country.as_deref(), t.train_code.as_str())))
                .collect();
            for (train, old) in unknown.into_iter().zip(renamed) {
                let seen = match old.and_then(|old| self.trains.remove(&old)) {
                    Some(mut known) => {
                        compare(&mut known, train, at, self.delay_threshold, &mut events);
                        known
                    }
                    None => Seen::of(train, at),
                };
                if self.trains.len() < MAX_TRAINS {
                    self.trains.insert(
                        train.id.clone(),
                        Seen {
                            seen_in: now,
                            ..seen
                        },
                    );
                }
            }
        }
        let forget = chrono::Duration::from_std(self.forget_after).unwrap_or(chrono::Duration::MAX);
        self.trains
            .retain(|_, s| s.seen_in == now || at.signed_duration_since(s.last_seen) <= forget);
        if first {
            events.clear();
        }
        events
    }
}

/// Compares what was known of a train (`before`) with its record now, pushing the events, and
/// moves `before` on to now (a string is copied only when it changed).
fn compare(
    before: &mut Seen,
    train: &Train,
    at: DateTime<Utc>,
    delay_threshold: i64,
    events: &mut Vec<Event>,
) {
    let mut push = |kind: Kind, old: Option<String>, new: Option<String>| {
        events.push(Event {
            kind,
            train_id: train.id.clone(),
            train_code: train.train_code.clone(),
            name: if train.name.trim().is_empty() {
                train.train_code.clone()
            } else {
                train.name.clone()
            },
            country: train.country.clone(),
            old,
            new,
            at,
        })
    };
    let was = before.status.as_str();
    let now = train.status.as_str();
    let cancelled = |s: &str| s == status::CANCELLED;
    if !cancelled(was) && cancelled(now) {
        push(
            Kind::Cancelled,
            Some(was.to_string()),
            Some(now.to_string()),
        );
    } else if cancelled(was) && !cancelled(now) && !now.is_empty() {
        push(
            Kind::Reinstated,
            Some(was.to_string()),
            Some(now.to_string()),
        );
    }
    if was == status::SCHEDULED && now == status::RUNNING {
        push(Kind::Departed, None, None);
    }
    if was != status::ARRIVED && now == status::ARRIVED {
        push(Kind::Arrived, None, None);
    }
    let same_stop = before.platform_at.as_deref().map(str::trim)
        == train.next_station.as_deref().map(str::trim);
    if let (Some(old), Some(new), true) = (&before.platform, &train.platform, same_stop) {
        if old.trim() != new.trim() && !new.trim().is_empty() {
            push(Kind::Platform, Some(old.clone()), Some(new.clone()));
        }
    }
    match (before.reported_delay, train.delay) {
        (Some(old), Some(new)) if new.abs_diff(old) >= delay_threshold.unsigned_abs() => {
            push(Kind::Delay, Some(old.to_string()), Some(new.to_string()));
            before.reported_delay = Some(new);
        }
        (None, Some(new)) => before.reported_delay = Some(new),
        _ => {}
    }
    if before.code != train.train_code {
        before.code.clone_from(&train.train_code);
    }
    if before.status != train.status {
        before.status.clone_from(&train.status);
    }
    if let Some(p) = train.platform.as_deref().filter(|p| !p.trim().is_empty()) {
        if before.platform.as_deref() != Some(p) {
            before.platform = Some(p.to_string());
        }
        if before.platform_at != train.next_station {
            before.platform_at.clone_from(&train.next_station);
        }
    }
    before.last_seen = at;
}

impl Seen {
    fn of(train: &Train, at: DateTime<Utc>) -> Seen {
        Seen {
            code: train.train_code.clone(),
            country: train.country.clone(),
            status: train.status.clone(),
            platform: train.platform.clone().filter(|p| !p.trim().is_empty()),
            platform_at: train.next_station.clone(),
            reported_delay: train.delay,
            last_seen: at,
            seen_in: 0,
        }
    }
}

#[cfg(test)]
mod tests;
