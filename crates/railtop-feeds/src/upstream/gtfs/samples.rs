//! Feeds made in code, for tests: vehicle positions and trip updates of the sample bundle's
//! trips.

use crate::upstream::gtfs_rt::*;
use prost::Message;

fn trip(id: &str) -> Option<TripDescriptor> {
    Some(TripDescriptor {
        trip_id: Some(id.into()),
        ..Default::default()
    })
}

/// T1 near Tapa, and a vehicle on a trip the timetable does not know.
pub fn vehicle_positions() -> Vec<u8> {
    let vehicle = |id: &str, trip_id: &str, lat: f32, lng: f32, stop: &str| FeedEntity {
        id: Some(id.into()),
        vehicle: Some(VehiclePosition {
            trip: trip(trip_id),
            position: Some(Position {
                latitude: Some(lat),
                longitude: Some(lng),
                speed: Some(27.0),
                ..Default::default()
            }),
            stop_id: Some(stop.into()).filter(|s: &String| !s.is_empty()),
            timestamp: Some(1_795_500_000),
            vehicle: Some(VehicleDescriptor {
                id: Some(id.into()),
                label: None,
            }),
            ..Default::default()
        }),
        ..Default::default()
    };
    FeedMessage {
        header: Some(FeedHeader {
            gtfs_realtime_version: Some("2.0".into()),
            incrementality: None,
            timestamp: Some(1_795_500_000),
        }),
        entity: vec![
            vehicle("EL-01", "T1", 59.30, 25.60, "TPS"),
            vehicle("EL-02", "X9", 58.90, 26.10, ""),
        ],
    }
    .encode_to_vec()
}

/// T1 five minutes late at Tallinn's platform; T3 (not running today) cancelled.
pub fn trip_updates(t1_departure_unix: i64) -> Vec<u8> {
    FeedMessage {
        header: Some(FeedHeader {
            gtfs_realtime_version: Some("2.0".into()),
            incrementality: None,
            timestamp: Some(1_795_500_000),
        }),
        entity: vec![
            FeedEntity {
                id: Some("u1".into()),
                trip_update: Some(TripUpdate {
                    trip: trip("T1"),
                    delay: Some(300),
                    stop_time_update: vec![StopTimeUpdate {
                        stop_id: Some("TLL-1".into()),
                        departure: Some(StopTimeEvent {
                            delay: Some(300),
                            time: Some(t1_departure_unix),
                        }),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
                ..Default::default()
            },
            FeedEntity {
                id: Some("u2".into()),
                trip_update: Some(TripUpdate {
                    trip: Some(TripDescriptor {
                        trip_id: Some("T2".into()),
                        schedule_relationship: Some(TRIP_CANCELED),
                        ..Default::default()
                    }),
                    stop_time_update: vec![StopTimeUpdate {
                        stop_id: Some("TLL-1".into()),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
                ..Default::default()
            },
        ],
    }
    .encode_to_vec()
}

/// Service alerts of the sample bundle's trips: T1's cause in Estonian and English (the feed's
/// own first, untagged), T2's cancellation at Tallinn's platform, and one long over.
pub fn alerts() -> Vec<u8> {
    let about = |trip_id: &str, stop: Option<&str>| EntitySelector {
        trip: trip(trip_id),
        stop_id: stop.map(str::to_string),
        ..Default::default()
    };
    let alert = |id: &str, about, texts: &[(&str, Option<&str>)], period| FeedEntity {
        id: Some(id.into()),
        ..alert(about, texts, period)
    };
    FeedMessage {
        header: Some(FeedHeader {
            gtfs_realtime_version: Some("2.0".into()),
            incrementality: None,
            timestamp: Some(1_795_500_000),
        }),
        entity: vec![
            alert(
                "a1",
                about("T1", None),
                &[
                    ("Rong hilineb tehnilise rikke tõttu", None),
                    ("Delayed by a technical fault", Some("en")),
                ],
                None,
            ),
            alert(
                "a2",
                about("T2", Some("TLL-1")),
                &[("Rong ei välju: rööbastetööd", None)],
                None,
            ),
            alert(
                "a3",
                about("T1", None),
                &[("Vana teade", None)],
                Some((1_000, 2_000)),
            ),
        ],
    }
    .encode_to_vec()
}

/// An alert about `about`, its header in the languages given (`None`: the feed's own, untagged),
/// in force through `period` (seconds since the epoch), or always.
pub(crate) fn alert(
    about: EntitySelector,
    texts: &[(&str, Option<&str>)],
    period: Option<(u64, u64)>,
) -> FeedEntity {
    FeedEntity {
        alert: Some(Alert {
            active_period: period
                .map(|(start, end)| TimeRange {
                    start: Some(start),
                    end: Some(end),
                })
                .into_iter()
                .collect(),
            informed_entity: vec![about],
            cause: None,
            effect: None,
            header_text: Some(TranslatedString {
                translation: texts
                    .iter()
                    .map(|(text, language)| Translation {
                        text: Some(text.to_string()),
                        language: language.map(str::to_string),
                    })
                    .collect(),
            }),
            description_text: None,
        }),
        ..Default::default()
    }
}
