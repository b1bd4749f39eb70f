//! What railtop believes of a feed or a peer: the one place that bounds the numbers every feed
//! and every remote server sends.
//!
//! A delay outside [`EARLIEST`]..=[`LATEST`] minutes is not a delay anyone has seen on a board
//! (a feed's day wrap, a unit mix-up, a corrupted record): it becomes "no realtime data", never
//! a number on a screen, and the fetch logs one line saying how many and one example. The
//! upstream's `Live` applies it to every feed's trains and boards, so an adapter cannot forget
//! it, and the records' `sanitize` to every answer read from a remote server; feed-specific
//! corrections that are certain (Irish Rail's day wrap) happen in the adapter first.

use crate::model::{Departure, Train};
use crate::text::cleaned;

/// Earliest a train may run, in minutes (negative: early). Trains leave early by a few
/// minutes; an hour and a half early is a wrong date, not an early train.
pub(crate) const EARLIEST: i64 = -90;

/// Latest a train may run, in minutes: 20 hours (long-distance trains in North America are
/// at times many hours late; a whole day is a day wrap, not a delay).
pub(crate) const LATEST: i64 = 20 * 60;

/// `minutes` if a train can be that late, else `None`.
pub fn delay(minutes: i64) -> Option<i64> {
    (EARLIEST..=LATEST).contains(&minutes).then_some(minutes)
}

/// What one bounding found: how many delays were dropped and the first of them.
#[derive(Default, Debug, PartialEq)]
pub struct Dropped {
    pub count: usize,
    pub example: Option<(String, i64)>,
}

impl Dropped {
    fn note(&mut self, code: &str, minutes: i64) {
        self.count += 1;
        if self.example.is_none() {
            self.example = Some((cleaned(code), minutes));
        }
    }

    /// One log line for the fetch, if anything was dropped.
    pub fn log(&self, feed: &str) {
        if let Some((code, minutes)) = &self.example {
            tracing::warn!(
                feed,
                dropped = self.count,
                "{} delays outside {EARLIEST}..={LATEST} min shown as no data (e.g. {code}: {minutes} min)",
                self.count
            );
        }
    }
}

/// Drops the delays of `trains` that cannot be true.
pub fn bound_trains(trains: &mut [Train]) -> Dropped {
    let mut dropped = Dropped::default();
    for t in trains {
        if let Some(d) = t.delay.filter(|&d| delay(d).is_none()) {
            dropped.note(&t.train_code, d);
            t.delay = None;
        }
    }
    dropped
}

/// Drops the delays of `departures` that cannot be true, and the expected time computed from
/// them.
pub fn bound_departures(departures: &mut [Departure]) -> Dropped {
    let mut dropped = Dropped::default();
    for dep in departures {
        if let Some(d) = dep.delay.filter(|&d| delay(d).is_none()) {
            dropped.note(dep.train_code.as_deref().unwrap_or(&dep.line), d);
            dep.delay = None;
            dep.expected_dep = None;
        }
    }
    dropped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_that_cannot_be_true_become_no_data() {
        assert_eq!(delay(0), Some(0));
        assert_eq!(delay(-3), Some(-3));
        assert_eq!(delay(LATEST), Some(LATEST));
        for wrong in [1440, 1448, -1440, i64::MIN, i64::MAX, EARLIEST - 1] {
            assert_eq!(delay(wrong), None, "{wrong}");
        }
        let mut trains = vec![
            Train {
                train_code: "E133".into(),
                delay: Some(1440),
                ..Train::default()
            },
            Train {
                train_code: "\u{1b}[31mX".into(),
                delay: Some(i64::MIN),
                ..Train::default()
            },
            Train {
                delay: Some(4),
                ..Train::default()
            },
        ];
        let dropped = bound_trains(&mut trains);
        assert_eq!(dropped.count, 2);
        assert_eq!(dropped.example, Some(("E133".into(), 1440)));
        let delays: Vec<_> = trains.iter().map(|t| t.delay).collect();
        assert_eq!(delays, [None, None, Some(4)]);
        let mut board = vec![Departure {
            line: "\u{1b}]0;x\u{7}S1".into(),
            delay: Some(99_999),
            expected_dep: Some("10:00".into()),
            ..Departure::default()
        }];
        let dropped = bound_departures(&mut board);
        assert_eq!(
            (board[0].delay, board[0].expected_dep.as_deref()),
            (None, None)
        );
        let (code, _) = dropped.example.unwrap();
        assert!(
            !code.contains('\u{1b}'),
            "logged text is sanitised: {code:?}"
        );
    }
}
