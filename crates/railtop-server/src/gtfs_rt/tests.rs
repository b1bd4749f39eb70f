//! Unit tests of `gtfs_rt.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn train(id: &str, delay: Option<i64>, status: &str, pos: Option<(f64, f64)>) -> Train {
    Train {
        id: id.into(),
        train_code: format!("IC {id}"),
        status: status.into(),
        delay,
        lat: pos.map(|p| p.0),
        lng: pos.map(|p| p.1),
        speed: Some(108.0),
        messages: vec!["Signal fault at Pasila".into()],
        ..Train::default()
    }
}

#[test]
fn trains_become_the_three_feeds_and_their_json_reads_back() {
    let answer = RealtimeResponse {
        trains: vec![
            train("a", Some(3), status::RUNNING, Some((60.17, 24.94))),
            train("b", None, status::RUNNING, Some((0.0, 0.0))),
            train("c", None, status::CANCELLED, None),
        ],
        fetched_at: "2026-11-24T21:50:00Z".into(),
        ..RealtimeResponse::default()
    };
    let positions = feed(&answer, Feed::VehiclePositions, &Known::NOTHING);
    let header = positions.header.clone().unwrap();
    assert_eq!(header.timestamp, Some(1_795_557_000));
    assert_eq!(header.incrementality, Some(gtfs_rt::FULL_DATASET));
    assert_eq!(positions.entity.len(), 1, "no 0/0, no position-less train");
    let v = positions.entity[0].vehicle.clone().unwrap();
    assert_eq!(v.vehicle.unwrap().label.as_deref(), Some("IC a"));
    assert_eq!(v.position.unwrap().speed, Some(30.0));
    let updates = feed(&answer, Feed::TripUpdates, &Known::NOTHING);
    let delays: Vec<_> = updates
        .entity
        .iter()
        .map(|e| {
            let u = e.trip_update.clone().unwrap();
            (
                e.id.clone().unwrap(),
                u.delay,
                u.trip.unwrap().schedule_relationship,
            )
        })
        .collect();
    assert_eq!(
        delays,
        [
            ("a".into(), Some(180), None),
            ("c".into(), None, Some(gtfs_rt::TRIP_CANCELED))
        ],
        "no trip update where the delay is null"
    );
    let alerts = feed(&answer, Feed::Alerts, &Known::NOTHING);
    assert_eq!(alerts.entity.len(), 1, "one alert per distinct message");
    assert_eq!(
        alerts.entity[0]
            .alert
            .clone()
            .unwrap()
            .informed_entity
            .len(),
        3
    );
    // The JSON rendering reads back as the same feed (railtop's own reader of it).
    for f in [positions, updates, alerts] {
        let text = serde_json::to_vec(&to_json(&f)).unwrap();
        let mut back = gtfs_rt::decode(&text).unwrap();
        if let Some(h) = back.header.as_mut() {
            h.incrementality = Some(gtfs_rt::FULL_DATASET);
        }
        assert_eq!(back, f);
    }
}
