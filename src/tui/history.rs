//! Each train's delay as seen at every refresh since it was first seen: the details sparkline.
//! Bounded: the newest samples of each train, and trains not seen for an hour are forgotten.

use chrono::{DateTime, Duration, Utc};
use railtop_core::model::Train;
use std::collections::{HashMap, VecDeque};

/// Samples kept per train (an hour at the default 15 s interval… and then some).
pub(crate) const MAX_SAMPLES: usize = 240;

#[derive(Debug, Clone)]
pub struct TrainHistory {
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    /// Delay at each refresh (`None`: no realtime then).
    pub delays: VecDeque<Option<i32>>,
}

#[derive(Debug, Clone, Default)]
pub struct History {
    trains: HashMap<String, TrainHistory>,
}

impl History {
    pub fn record(&mut self, trains: &[Train], at: DateTime<Utc>) {
        for t in trains {
            let h = self
                .trains
                .entry(t.id.clone())
                .or_insert_with(|| TrainHistory {
                    first_seen: at,
                    last_seen: at,
                    delays: VecDeque::new(),
                });
            if h.last_seen == at && !h.delays.is_empty() {
                continue; // the same answer twice
            }
            h.last_seen = at;
            if h.delays.len() == MAX_SAMPLES {
                h.delays.pop_front();
            }
            h.delays
                .push_back(t.delay.map(|d| d.clamp(-999, 9999) as i32));
        }
        let horizon = at - Duration::hours(1);
        self.trains.retain(|_, h| h.last_seen >= horizon);
    }

    pub fn of(&self, id: &str) -> Option<&TrainHistory> {
        self.trains.get(id)
    }

    pub fn len(&self) -> usize {
        self.trains.len()
    }

    pub fn is_empty(&self) -> bool {
        self.trains.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_bounded_and_forgets() {
        let t0 = DateTime::parse_from_rfc3339("2026-11-24T06:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let mut h = History::default();
        let train = |delay| Train {
            id: "a".into(),
            delay,
            ..Train::default()
        };
        for i in 0..(MAX_SAMPLES as i64 + 10) {
            h.record(&[train(Some(i % 7))], t0 + Duration::seconds(15 * i));
        }
        let a = h.of("a").unwrap();
        assert_eq!(a.delays.len(), MAX_SAMPLES);
        assert_eq!(a.first_seen, t0);
        h.record(&[], t0 + Duration::hours(3));
        assert!(h.is_empty());
    }
}
