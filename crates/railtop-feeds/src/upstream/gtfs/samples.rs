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
