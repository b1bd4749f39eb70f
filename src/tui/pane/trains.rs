//! The trains pane: the realtime answer shown, the list over it (filter, sort, selection), the
//! delay history kept across answers, and the punctuality of the answer shown.

use super::super::history::History;
use super::super::list::TrainList;
use crate::screen::{Failure, Polled};
use chrono::{DateTime, Utc};
use railtop_core::model::{Punctuality, RealtimeResponse, Train};
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Trains {
    pub realtime: Polled<RealtimeResponse>,
    pub list: TrainList,
    pub history: History,
    /// On-time share and median delay of the current answer, computed when it arrives.
    pub punctuality: Option<Punctuality>,
}

impl Trains {
    /// Every train of the answer shown, in the answer's order.
    pub fn all(&self) -> &[Train] {
        self.realtime.data.as_deref().map_or(&[], |r| &r.trains)
    }

    /// The list's selected train.
    pub fn selected(&self) -> Option<&Train> {
        self.list.selected(self.all())
    }

    /// The selected train's `(lng, lat)`, where it has a position.
    pub(crate) fn selected_position(&self) -> Option<(f64, f64)> {
        let t = self.selected()?;
        Some((t.lng?, t.lat?))
    }

    /// A new answer: recorded in the history, then shown.
    pub fn arrived(
        &mut self,
        answer: Arc<RealtimeResponse>,
        at: DateTime<Utc>,
        interval_secs: u64,
        on_time_minutes: i64,
    ) {
        self.history.record(&answer.trains, at);
        self.show(answer, at, interval_secs, on_time_minutes);
    }

    /// Shows `answer` (kept from before, or another answer's part): the list rebuilt over it.
    pub fn show(
        &mut self,
        answer: Arc<RealtimeResponse>,
        at: DateTime<Utc>,
        interval_secs: u64,
        on_time_minutes: i64,
    ) {
        self.punctuality = Punctuality::of(&answer.trains, on_time_minutes);
        self.list.rebuild(&answer.trains);
        self.realtime.succeed(answer, at, interval_secs);
    }

    pub fn failed(&mut self, error: Failure, at: DateTime<Utc>, interval_secs: u64) {
        self.realtime.fail(error, at, interval_secs);
    }

    /// Shows nothing (another country's trains are not this one's).
    pub fn clear(&mut self) {
        self.realtime.reset();
        self.punctuality = None;
        self.list.rows.clear();
        self.list.cursor = 0;
        self.list.offset = 0;
    }

    /// Rebuilds the list after its filter, sort or hiding changed.
    pub(crate) fn relist(&mut self) {
        let trains = self.realtime.data.as_deref().map_or(&[][..], |r| &r.trains);
        self.list.rebuild(trains);
    }

    /// Moves the selection `delta` rows.
    pub(crate) fn move_by(&mut self, delta: isize) {
        let trains = self.realtime.data.as_deref().map_or(&[][..], |r| &r.trains);
        self.list.move_by(delta, trains);
    }

    /// Selects the list's `row`.
    pub(crate) fn select_row(&mut self, row: usize) {
        let trains = self.realtime.data.as_deref().map_or(&[][..], |r| &r.trains);
        self.list.select_row(row, trains);
    }
}
