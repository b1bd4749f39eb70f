//! How a process keeps GTFS static bundles: where on disk, whether a command waits for a first
//! timetable, and who is told how a build goes. Made once by the command (`railtop` or `serve`
//! waits not, a one-shot command waits) and handed to every feed with the [`Wire`]; the feeds'
//! [`Schedule`](super::gtfs) reads it. A module of its own so that the HTTP layer that carries
//! it and the GTFS reader that uses it do not import each other.
//!
//! [`Wire`]: super::http::Wire

use crate::source::ScheduleStatus;
use std::path::PathBuf;
use std::sync::Arc;

/// Where a process keeps bundles, whether its commands wait for a first timetable, and who is
/// told how a build goes (a one-shot command's progress bar).
#[derive(Clone, Default)]
pub struct Schedules {
    /// `None`: nothing on disk (a bundle is downloaded to a temporary file, no snapshot).
    pub dir: Option<PathBuf>,
    pub wait: bool,
    pub report: Option<Report>,
}

/// Told each change of a feed's schedule state.
pub type Report = Arc<dyn Fn(&str, &ScheduleStatus) + Send + Sync>;
