//! A GTFS-Realtime feed's service alerts, matched to the rows of a board and to the trains of
//! the list, as the specification reads an `EntitySelector`: its fields together narrow it (a
//! route and a stop: that route's calls at that stop), and a selector of an agency alone is
//! every train of that agency. An alert is in force when one of its active periods covers now,
//! or it has none.
//!
//! The text is the alert's header (else its description, the only text Renfe sends) as the
//! feed writes it, in its own language (the untagged translation, else the first) and with that
//! language kept; railtop does not translate. The cause and the effect, where the alert gives
//! them, follow in words (`(maintenance; reduced service)`).
//!
//! A selector's route may name a line rather than a route of the bundle: a [`Dialect`] reads
//! the line out of the route id (Renfe's `10T0099C3` is line C3), and a row of that line matches.

use super::super::gtfs_rt::{cause_words, effect_words, Alert, EntitySelector, FeedMessage};
use super::Dialect;
use chrono::{DateTime, Utc};

/// Most alerts read from one feed, most selectors kept of one, and most characters of one
/// alert's text.
const MAX_ALERTS: usize = 500;
const MAX_SELECTORS: usize = 200;
const MAX_TEXT_CHARS: usize = 300;

/// What each alert in force is about, and its text.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Alerts {
    notices: Vec<Notice>,
}

#[derive(Debug, Clone, PartialEq)]
struct Notice {
    text: String,
    language: Option<String>,
    about: Vec<Selector>,
}

/// One informed entity: each field given narrows it; `None` matches anything.
#[derive(Debug, Clone, PartialEq, Default)]
struct Selector {
    agency: Option<String>,
    route: Option<String>,
    /// The line a [`Dialect`] reads in `route`, matched against a row's line.
    line: Option<String>,
    trip: Option<String>,
    stop: Option<String>,
}

/// A call (a board's row) or a train, as an alert is matched to it. The trip is the
/// timetable's id; `realtime_trip` the feed's own where it differs (an alert may name either).
#[derive(Debug, Clone, Copy, Default)]
pub struct Call<'a> {
    pub trip: &'a str,
    pub realtime_trip: Option<&'a str>,
    pub route: Option<&'a str>,
    /// The row's line, as shown.
    pub line: Option<&'a str>,
    /// The route's agency, where the bundle names one (a bundle of one agency may not).
    pub agency: Option<&'a str>,
    /// The stop, and the station it is a platform of; `None` for a train (no stop).
    pub stop: Option<&'a str>,
    pub station: Option<&'a str>,
}

impl Alerts {
    /// No alerts: a feed without an alerts feed.
    pub const NONE: Alerts = Alerts {
        notices: Vec::new(),
    };

    /// The alerts of `feed` in force at `now`; an alert that names nothing or has no text is
    /// left out.
    pub fn of(feed: &FeedMessage, now: DateTime<Utc>, dialect: &Dialect) -> Alerts {
        let now = u64::try_from(now.timestamp()).unwrap_or(0);
        let notices = feed
            .entity
            .iter()
            .filter(|e| e.is_deleted != Some(true))
            .filter_map(|e| e.alert.as_ref())
            .filter(|a| in_force(a, now))
            .filter_map(|a| notice(a, dialect))
            .take(MAX_ALERTS)
            .collect();
        Alerts { notices }
    }

    pub fn is_empty(&self) -> bool {
        self.notices.is_empty()
    }

    /// The texts (each with its language) of the alerts about `call`, each once. A train (a
    /// call without a stop) is named only by the selectors that name no stop; a selector of a
    /// stop alone is about the stop, not its trains (see [`Alerts::at_stops`]).
    pub fn about(&self, call: &Call<'_>) -> Vec<(String, Option<String>)> {
        self.texts(|s| !s.stop_only() && s.names(call))
    }

    /// The texts of the alerts about the stops themselves (a selector of a stop alone: a lift
    /// out of order, a closed entrance): a board's notices. `stops` are the board's stop ids
    /// with the station each is a platform of.
    pub fn at_stops(&self, stops: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
        self.texts(|s| {
            s.stop_only()
                && stops.iter().any(|(stop, station)| {
                    s.stop.as_deref() == Some(*stop)
                        || (station.is_some() && s.stop.as_deref() == *station)
                })
        })
    }

    fn texts(&self, hits: impl Fn(&Selector) -> bool) -> Vec<(String, Option<String>)> {
        let mut out: Vec<(String, Option<String>)> = Vec::new();
        for n in &self.notices {
            if n.about.iter().any(&hits) && !out.iter().any(|(t, _)| *t == n.text) {
                out.push((n.text.clone(), n.language.clone()));
            }
        }
        out
    }
}

impl Selector {
    /// A stop and nothing else: about the place, not about trains.
    fn stop_only(&self) -> bool {
        self.stop.is_some() && self.agency.is_none() && self.route.is_none() && self.trip.is_none()
    }

    fn names(&self, call: &Call<'_>) -> bool {
        let agency = self.agency.as_deref().is_none_or(|a| {
            // A route the bundle gives no agency is its only agency's.
            call.agency.is_none_or(|mine| mine == a)
        });
        let route = self.route.as_deref().is_none_or(|r| {
            call.route == Some(r) || (self.line.is_some() && self.line.as_deref() == call.line)
        });
        let trip = self
            .trip
            .as_deref()
            .is_none_or(|t| t == call.trip || call.realtime_trip == Some(t));
        let stop = match (self.stop.as_deref(), call.stop) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(s), Some(here)) => s == here || call.station == Some(s),
        };
        agency && route && trip && stop
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

fn notice(alert: &Alert, dialect: &Dialect) -> Option<Notice> {
    let (text, language) = alert
        .header_text
        .as_ref()
        .and_then(|t| t.text_in())
        .or_else(|| alert.description_text.as_ref().and_then(|t| t.text_in()))?;
    let text: String = text.trim().chars().take(MAX_TEXT_CHARS).collect();
    let words: Vec<&str> = [
        alert.cause.and_then(cause_words),
        alert.effect.and_then(effect_words),
    ]
    .into_iter()
    .flatten()
    .collect();
    let text = match words.is_empty() {
        true => text,
        false => format!("{text} ({})", words.join("; ")),
    };
    let about: Vec<Selector> = alert
        .informed_entity
        .iter()
        .map(|e| selector(e, dialect))
        .filter(|s| s.agency.is_some() || s.route.is_some() || s.trip.is_some() || s.stop.is_some())
        .take(MAX_SELECTORS)
        .collect();
    (!about.is_empty() && !text.is_empty()).then(|| Notice {
        text,
        language: language.map(str::to_string),
        about,
    })
}

fn selector(e: &EntitySelector, dialect: &Dialect) -> Selector {
    let trip = e.trip.as_ref();
    let route = given(&e.route_id)
        .or_else(|| trip.and_then(|t| given(&t.route_id)))
        .map(str::to_string);
    Selector {
        agency: given(&e.agency_id).map(str::to_string),
        line: route.as_deref().and_then(dialect.route_line),
        route,
        trip: trip.and_then(|t| given(&t.trip_id)).map(str::to_string),
        stop: given(&e.stop_id).map(str::to_string),
    }
}

/// A field's text, trimmed, where it has one.
fn given(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upstream::gtfs::samples;
    use crate::upstream::gtfs_rt::{FeedEntity, TripDescriptor};

    /// An alert with its text in English and, untagged, in the feed's own language.
    fn alert(text: &str, about: EntitySelector, period: Option<(u64, u64)>) -> FeedEntity {
        let english = format!("{text} (en)");
        samples::alert(about, &[(&english, Some("en")), (text, None)], period)
    }

    fn texts(found: Vec<(String, Option<String>)>) -> Vec<String> {
        found.into_iter().map(|(t, _)| t).collect()
    }

    fn at<'a>(trip: &'a str, route: &'a str, stop: &'a str) -> Call<'a> {
        Call {
            trip,
            route: Some(route),
            stop: Some(stop),
            ..Call::default()
        }
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
        let mut strike = alert(
            "Alle tog",
            EntitySelector {
                agency_id: Some("VY".into()),
                ..Default::default()
            },
            None,
        );
        if let Some(a) = strike.alert.as_mut() {
            a.cause = Some(4);
            a.effect = Some(2);
        }
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
                strike,
            ],
        };
        let alerts = Alerts::of(&feed, now, &Dialect::STANDARD);
        let vy = |mut c: Call<'static>| {
            c.agency = Some("VY");
            c
        };
        assert_eq!(
            texts(alerts.about(&vy(at("T1", "R10", "S1")))),
            [
                "Signalfeil ved Lillestrøm",
                "Alle tog (strike; reduced service)"
            ],
            "the untagged text, in force, the trip's, the agency's with its cause and effect \
             in words; not the route's at another stop"
        );
        assert_eq!(
            texts(alerts.about(&at("T2", "R10", "S2"))),
            ["Sporarbeid", "Alle tog (strike; reduced service)"],
            "a route at a stop; an agency's alert on a route the bundle gives no agency"
        );
        let other = Call {
            agency: Some("SJ"),
            ..at("T2", "R11", "S2")
        };
        assert!(
            alerts.about(&other).is_empty(),
            "another agency, another route"
        );
        let platform = Call {
            agency: Some("SJ"),
            stop: Some("S2-1"),
            station: Some("S2"),
            ..at("T2", "R10", "S2-1")
        };
        assert_eq!(
            texts(alerts.about(&platform)),
            ["Sporarbeid"],
            "a stop's alert reaches its platforms"
        );
        let train = Call {
            stop: None,
            agency: Some("SJ"),
            ..at("T2", "R10", "")
        };
        assert!(
            alerts.about(&train).is_empty(),
            "a route at a stop is not the train's"
        );
        let realtime = Call {
            trip: "IC-5",
            realtime_trip: Some("T1"),
            agency: Some("SJ"),
            ..at("", "R9", "S9")
        };
        assert_eq!(
            texts(alerts.about(&realtime)),
            ["Signalfeil ved Lillestrøm"],
            "a trip named by its realtime id"
        );
    }

    #[test]
    fn the_text_keeps_its_language_and_a_description_stands_in_for_a_header() {
        let now: DateTime<Utc> = "2026-11-24T08:00:00Z".parse().unwrap();
        let mut only_description = samples::alert(
            EntitySelector {
                stop_id: Some("18000".into()),
                ..Default::default()
            },
            &[],
            None,
        );
        if let Some(a) = only_description.alert.as_mut() {
            a.header_text = None;
            a.description_text = Some(crate::upstream::gtfs_rt::TranslatedString {
                translation: vec![crate::upstream::gtfs_rt::Translation {
                    text: Some("Obras en Atocha ".into()),
                    language: Some("es".into()),
                }],
            });
        }
        let feed = FeedMessage {
            header: None,
            entity: vec![only_description],
        };
        let alerts = Alerts::of(&feed, now, &Dialect::STANDARD);
        assert_eq!(
            alerts.at_stops(&[("18000", None)]),
            [("Obras en Atocha".to_string(), Some("es".to_string()))],
            "a stop's alert is the board's notice"
        );
        assert_eq!(
            alerts.at_stops(&[("18000-2", Some("18000"))]).len(),
            1,
            "by its station"
        );
        assert!(alerts.at_stops(&[("17000", None)]).is_empty());
        assert!(
            alerts.about(&at("X", "R", "18000")).is_empty(),
            "not a message of every train there"
        );
    }
}
