//! A GTFS-Realtime feed's service alerts, matched to the rows of a board: an alert in force now
//! (an active period covers it, or it names none) is a message of every call it names — its
//! trip, its route, its stop, or a trip or route at a stop (a selector's fields together narrow
//! it). The text is the alert's header (else its description) as the feed writes it, in its own
//! language (the untagged translation, else the first): railtop does not translate.

use super::super::gtfs_rt::{Alert, FeedMessage};
use chrono::{DateTime, Utc};

/// Most alerts read from one feed, and most characters of one alert's text.
const MAX_ALERTS: usize = 500;
const MAX_TEXT_CHARS: usize = 300;

/// What each alert in force is about, and its text.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Alerts {
    notices: Vec<Notice>,
}

#[derive(Debug, Clone, PartialEq)]
struct Notice {
    text: String,
    /// Each selector as (trip, route, stop): `None` matches anything.
    about: Vec<(Option<String>, Option<String>, Option<String>)>,
}

impl Alerts {
    /// No alerts: a feed without an alerts feed.
    pub const NONE: Alerts = Alerts {
        notices: Vec::new(),
    };

    /// The alerts of `feed` in force at `now`; an alert that names nothing railtop can match
    /// (an agency only) or has no text is left out.
    pub fn of(feed: &FeedMessage, now: DateTime<Utc>) -> Alerts {
        let now = u64::try_from(now.timestamp()).unwrap_or(0);
        let notices = feed
            .entity
            .iter()
            .filter_map(|e| e.alert.as_ref())
            .filter(|a| in_force(a, now))
            .filter_map(notice)
            .take(MAX_ALERTS)
            .collect();
        Alerts { notices }
    }

    pub fn is_empty(&self) -> bool {
        self.notices.is_empty()
    }

    /// The texts of the alerts about a call of `trip` (of `route`) at `stop`, each once.
    pub fn about(&self, trip: &str, route: Option<&str>, stop: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for n in &self.notices {
            let hits = n.about.iter().any(|(t, r, s)| {
                t.as_deref().is_none_or(|t| t == trip)
                    && r.as_deref().is_none_or(|r| Some(r) == route)
                    && s.as_deref().is_none_or(|s| s == stop)
            });
            if hits && !out.contains(&n.text) {
                out.push(n.text.clone());
            }
        }
        out
    }
}

/// In force at `now`: no period, or one that covers it (a missing start or end is open).
fn in_force(alert: &Alert, now: u64) -> bool {
    alert.active_period.is_empty()
        || alert
            .active_period
            .iter()
            .any(|p| p.start.is_none_or(|s| s <= now) && p.end.is_none_or(|e| e == 0 || now <= e))
}

fn notice(alert: &Alert) -> Option<Notice> {
    let text = alert
        .header_text
        .as_ref()
        .and_then(|t| t.text())
        .or_else(|| alert.description_text.as_ref().and_then(|t| t.text()))?;
    let text: String = text.trim().chars().take(MAX_TEXT_CHARS).collect();
    let about: Vec<_> = alert
        .informed_entity
        .iter()
        .map(|e| {
            let nonempty = |s: &Option<String>| s.clone().filter(|s| !s.trim().is_empty());
            let trip = e.trip.as_ref().and_then(|t| nonempty(&t.trip_id));
            let route = nonempty(&e.route_id)
                .or_else(|| e.trip.as_ref().and_then(|t| nonempty(&t.route_id)));
            (trip, route, nonempty(&e.stop_id))
        })
        // A selector of an agency alone would be every train: too broad for a row's message.
        .filter(|(t, r, s)| t.is_some() || r.is_some() || s.is_some())
        .collect();
    (!about.is_empty() && !text.is_empty()).then_some(Notice { text, about })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upstream::gtfs::samples;
    use crate::upstream::gtfs_rt::{EntitySelector, FeedEntity, TripDescriptor};

    /// An alert with its text in English and, untagged, in the feed's own language.
    fn alert(text: &str, about: EntitySelector, period: Option<(u64, u64)>) -> FeedEntity {
        let english = format!("{text} (en)");
        samples::alert(about, &[(&english, Some("en")), (text, None)], period)
    }

    #[test]
    fn alerts_in_force_are_the_messages_of_the_calls_they_name() {
        let now: DateTime<Utc> = "2026-11-24T08:00:00Z".parse().unwrap();
        let t = now.timestamp() as u64;
        let trip = |id: &str| EntitySelector {
            trip: Some(TripDescriptor {
                trip_id: Some(id.into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        let feed = FeedMessage {
            header: None,
            entity: vec![
                alert("Signalfeil ved Lillestrøm", trip("T1"), None),
                alert(
                    "Sporarbeid",
                    EntitySelector {
                        route_id: Some("R10".into()),
                        stop_id: Some("S2".into()),
                        ..Default::default()
                    },
                    Some((t - 60, t + 60)),
                ),
                alert("Gammel", trip("T1"), Some((t - 7200, t - 3600))),
                alert(
                    "Alle tog",
                    EntitySelector {
                        agency_id: Some("VY".into()),
                        ..Default::default()
                    },
                    None,
                ),
            ],
        };
        let alerts = Alerts::of(&feed, now);
        assert_eq!(
            alerts.about("T1", Some("R10"), "S1"),
            ["Signalfeil ved Lillestrøm"],
            "the untagged text, in force, the trip's; not the route's at another stop"
        );
        assert_eq!(
            alerts.about("T2", Some("R10"), "S2"),
            ["Sporarbeid"],
            "a route at a stop"
        );
        assert!(alerts.about("T2", Some("R11"), "S2").is_empty());
        assert!(
            alerts.about("T3", None, "S9").is_empty(),
            "an agency alone names no call"
        );
    }
}
