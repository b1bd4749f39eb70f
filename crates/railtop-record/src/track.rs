//! When an answer says something new about a run: the rule that makes the database a list of
//! changes rather than copies. A run gets a new observation when its delay, status, platform or
//! next station changes, when its position appears or goes, or when it has moved at least
//! [`MOVED_KM`] and [`TRACK_EVERY`] has passed since its last one: a moving train's track is kept
//! at about one point per two minutes, not one per poll.

use railtop_core::model::Train;

/// How far a train must have moved for its position alone to be news.
pub(crate) const MOVED_KM: f64 = 2.0;
/// How long after its last observation a train's position alone is news.
pub(crate) const TRACK_EVERY: i64 = 120;

/// What was last written of a run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Last {
    pub at: i64,
    pub delay: Option<i64>,
    pub status: String,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub next_station: Option<String>,
    pub platform: Option<String>,
}

impl Last {
    pub fn of(train: &Train, at: i64) -> Last {
        Last {
            at,
            delay: train.delay,
            status: train.status.clone(),
            lat: train.lat.map(round),
            lng: train.lng.map(round),
            next_station: train.next_station.clone(),
            platform: train.platform.clone(),
        }
    }

    /// Whether `now` is worth an observation after `self`.
    #[cfg(test)]
    pub fn is_news(&self, now: &Last) -> bool {
        self.changed(
            (now.delay, &now.status),
            (now.lat, now.lng),
            (now.next_station.as_deref(), now.platform.as_deref()),
            now.at,
        )
    }

    /// Whether `train`, seen at `at`, is worth an observation after `self` (compared where it
    /// stands: nothing is copied for a train that did not change).
    pub fn is_news_of(&self, train: &Train, at: i64) -> bool {
        self.changed(
            (train.delay, &train.status),
            (train.lat.map(round), train.lng.map(round)),
            (train.next_station.as_deref(), train.platform.as_deref()),
            at,
        )
    }

    fn changed(
        &self,
        (delay, status): (Option<i64>, &str),
        (lat, lng): (Option<f64>, Option<f64>),
        (next_station, platform): (Option<&str>, Option<&str>),
        at: i64,
    ) -> bool {
        if self.delay != delay
            || self.status != status
            || self.next_station.as_deref() != next_station
            || self.platform.as_deref() != platform
            || self.lat.is_some() != lat.is_some()
        {
            return true;
        }
        match (self.lat, self.lng, lat, lng) {
            (Some(a), Some(b), Some(c), Some(d)) => {
                km(a, b, c, d) >= MOVED_KM && at.saturating_sub(self.at) >= TRACK_EVERY
            }
            _ => false,
        }
    }
}

/// Five decimals: about a metre, all a position needs.
fn round(x: f64) -> f64 {
    (x * 1e5).round() / 1e5
}

/// The distance between two points, in km (equirectangular: exact enough for "has it moved").
fn km(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    let x = (lng2 - lng1).to_radians() * ((lat1 + lat2) / 2.0).to_radians().cos();
    let y = (lat2 - lat1).to_radians();
    (x * x + y * y).sqrt() * 6371.0
}

/// A train's line for the statistics: its code's product, the letters before its number
/// (`IC 27` → `IC`, `S 19651` → `S`, `HL 9669 R`… → `HL`); a code without one is its own line.
pub fn line_of(code: &str) -> String {
    let code = code.trim();
    let product: String = code
        .chars()
        .take_while(|c| !c.is_ascii_digit())
        .collect::<String>()
        .trim()
        .to_string();
    if product.is_empty() {
        code.to_string()
    } else {
        product
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last(at: i64, delay: Option<i64>, lat: f64) -> Last {
        Last {
            at,
            delay,
            status: "running".into(),
            lat: Some(lat),
            lng: Some(25.0),
            next_station: Some("Pasila".into()),
            platform: None,
        }
    }

    #[test]
    fn a_change_is_news_a_copy_is_not_and_a_track_is_thinned() {
        let a = last(0, Some(2), 60.0);
        assert!(!a.is_news(&last(30, Some(2), 60.0)), "the same, again");
        assert!(a.is_news(&last(30, Some(3), 60.0)), "the delay moved");
        assert!(
            !a.is_news(&last(30, Some(2), 60.05)),
            "5 km, but 30 s after"
        );
        assert!(a.is_news(&last(150, Some(2), 60.05)), "5 km, 150 s after");
        assert!(
            !a.is_news(&last(600, Some(2), 60.001)),
            "100 m in ten minutes"
        );
        let mut gone = last(30, Some(2), 60.0);
        gone.lat = None;
        assert!(a.is_news(&gone), "the position went");
    }

    #[test]
    fn lines_are_the_codes_product() {
        assert_eq!(line_of("IC 27"), "IC");
        assert_eq!(line_of("S 19651"), "S");
        assert_eq!(line_of("ICE1007"), "ICE");
        assert_eq!(line_of("9669"), "9669");
        assert_eq!(line_of(""), "");
    }
}
