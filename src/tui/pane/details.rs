//! The details window's pane: the journey of the train whose window is open (which train it is
//! of, as last fetched), how far it is scrolled, and the record of a board's departure that the
//! train list does not have.

use crate::screen::{Failure, Polled};
use chrono::{DateTime, Utc};
use railtop_core::model::{JourneyResponse, Train};
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Details {
    /// The journey of the train whose details are open, and which train it is of.
    pub journey: Polled<JourneyResponse>,
    pub of: Option<String>,
    /// The journey's first stop shown; `None`: follow the train (its next stop in view).
    pub scroll: Option<usize>,
    /// The train of a board's departure that the list does not have, whose details are open:
    /// its record as the board gave it until its journey brings the feed's.
    pub departure_train: Option<Train>,
}

impl Details {
    /// Opens on train `id` (following it); a journey of another train is dropped.
    pub fn open(&mut self, id: Option<&str>) {
        self.scroll = None;
        if id != self.of.as_deref() {
            self.journey.reset();
            self.of = None;
        }
    }

    /// The journey poller's answer for train `id` (the caller checks it is still wanted).
    pub fn arrived(
        &mut self,
        id: String,
        result: Result<Arc<JourneyResponse>, Failure>,
        at: DateTime<Utc>,
        interval_secs: u64,
    ) {
        if let Ok(journey) = &result {
            // An unlisted departure's train: the feed's record replaces the board's.
            if let Some(t) = self.departure_train.as_mut().filter(|t| t.id == id) {
                *t = journey.train.clone();
                t.id = id.clone();
            }
        }
        if self.of.as_deref() != Some(id.as_str()) {
            self.journey.reset();
            self.of = Some(id);
        }
        match result {
            Ok(journey) => self.journey.succeed(journey, at, interval_secs),
            Err(e) => self.journey.fail(e, at, interval_secs),
        }
    }
}
