//! Unit tests of `gtfs_rt.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn the_json_rendering_reads_as_the_protobuf_does() {
    let json = br#" {"header": {"gtfsRealtimeVersion": "2.0", "timestamp": "1777388459"},
        "entity": [{"id": "VP_C1-1", "vehicle": {"trip": {"tripId": "3015M23559C1"},
          "position": {"latitude": 37.18, "longitude": -5.79}, "currentStatus": "STOPPED_AT",
          "timestamp": 1777388451, "stopId": "51200",
          "vehicle": {"id": "23559", "label": "C1-23559-PLATF.(3)"}}},
         {"id": "TU", "tripUpdate": {"trip": {"tripId": "X", "scheduleRelationship": "CANCELED"},
          "stopTimeUpdate": [{"stopId": "1", "scheduleRelationship": "SKIPPED"},
            {"stopId": "2", "arrival": {"delay": 60, "time": "1777388500"}}],
          "vehicle": {"wheelchairAccessible": "WHEELCHAIR_INACCESSIBLE"}, "delay": 60}}]}"#;
    let feed = decode(json).unwrap();
    assert_eq!(feed.header.as_ref().unwrap().timestamp, Some(1777388459));
    let v = feed.entity[0].vehicle.as_ref().unwrap();
    assert_eq!(v.timestamp, Some(1777388451));
    assert_eq!(v.current_status, Some(1));
    assert_eq!(
        v.vehicle.as_ref().unwrap().label.as_deref(),
        Some("C1-23559-PLATF.(3)")
    );
    let u = feed.entity[1].trip_update.as_ref().unwrap();
    assert_eq!(
        u.trip.as_ref().unwrap().schedule_relationship,
        Some(TRIP_CANCELED)
    );
    assert_eq!(
        u.stop_time_update[0].schedule_relationship,
        Some(STOP_SKIPPED)
    );
    assert_eq!(
        u.stop_time_update[1].arrival.as_ref().unwrap().time,
        Some(1777388500)
    );
    // The same feed as protobuf decodes to the same message.
    assert_eq!(decode(&feed.encode_to_vec()).unwrap(), feed);
}

#[test]
fn broken_json_names_the_place() {
    let e = decode(br#"{"entity": [{"vehicle": {"timestamp": "soon"}}]}"#).unwrap_err();
    assert!(e.to_string().contains("entity[0].vehicle.timestamp"), "{e}");
    assert!(decode(b"{").is_err());
}
