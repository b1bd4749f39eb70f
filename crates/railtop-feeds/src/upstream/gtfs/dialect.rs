//! What one operator's GTFS-Realtime needs beyond the standard reading: a [`Dialect`] mends a
//! decoded feed and reads what its labels and trip ids carry (Renfe's are in `feeds/spain/`).

use crate::upstream::gtfs_rt::{self, FeedMessage};
use crate::upstream::parse::ParseError;
use chrono::{DateTime, NaiveDate, Utc};

/// What one operator's payloads need beyond the standard reading.
#[derive(Clone, Copy)]
pub struct Dialect {
    /// Mends a decoded feed in place before it is read; given the feed's service day (the
    /// local date of the feed's time).
    pub tidy: fn(&mut FeedMessage, NaiveDate),
    /// What a vehicle's label says, for trips the timetable does not know.
    pub label: fn(&str) -> Label,
    /// What a trip id says (line, number), for trips the timetable does not know.
    pub trip: fn(&str) -> Label,
    /// The line an alert's route id names, for feeds whose trains carry no route (the row's
    /// line is matched instead).
    pub route_line: fn(&str) -> Option<String>,
}

/// What a vehicle label may carry besides the vehicle's name.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Label {
    pub line: Option<String>,
    /// The train's number, shown as its code.
    pub number: Option<String>,
    pub platform: Option<String>,
}

impl Dialect {
    /// The specification as written: nothing mended, labels name vehicles only.
    pub const STANDARD: Dialect = Dialect {
        tidy: |_, _| {},
        label: |_| Label::default(),
        trip: |_| Label::default(),
        route_line: |_| None,
    };

    /// `feed` decoded from `bytes` and mended.
    pub fn decode(&self, bytes: &[u8], tz: chrono_tz::Tz) -> Result<FeedMessage, ParseError> {
        let mut feed = gtfs_rt::decode(bytes)?;
        let at = feed
            .header
            .as_ref()
            .and_then(|h| h.timestamp)
            .and_then(|t| DateTime::from_timestamp(i64::try_from(t).ok()?, 0))
            .unwrap_or_else(Utc::now);
        (self.tidy)(&mut feed, at.with_timezone(&tz).date_naive());
        Ok(feed)
    }
}
