//! The API's records: strict output, tolerant and bounded input.

use super::*;

#[test]
fn punctuality_ignores_cancelled_and_missing() {
    let t = |delay, status: &str| Train {
        delay,
        status: status.into(),
        ..Train::default()
    };
    let trains = [
        t(Some(0), "running"),
        t(Some(5), "running"),
        t(Some(-1), "running"),
        t(None, "running"),
        t(Some(30), "cancelled"),
    ];
    let p = Punctuality::of(&trains, 0).unwrap();
    assert!((p.on_time_share - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(p.median_delay, 0);
    assert!(Punctuality::of(&[], 5).is_none());
}

#[test]
fn sloppy_train_parses() {
    let json = r#"{
    "id": 42, "trainCode": 7, "name": "7 → Cork", "status": "running",
    "lat": "53.1", "lng": null, "delay": "4.6", "platform": 3,
    "someFutureField": {"nested": [1, 2]}, "country": ""
}"#;
    let t: Train = serde_json::from_str(json).unwrap();
    assert_eq!(t.id, "42");
    assert_eq!(t.train_code, "7");
    assert_eq!(t.lat, Some(53.1));
    assert_eq!(t.lng, None);
    assert_eq!(t.delay, Some(5));
    assert_eq!(t.platform.as_deref(), Some("3"));
    assert_eq!(t.country, None);
}

#[test]
fn missing_fields_default() {
    let t: Train = serde_json::from_str(r#"{"trainCode": "A1"}"#).unwrap();
    assert_eq!(t.delay, None);
    assert_eq!(t.lat, None);
    assert_eq!(t.platform, None);
    let mut t = t;
    t.sanitize();
    assert_eq!(t.id, "A1", "id falls back to the train code");
}

#[test]
fn odd_types_do_not_throw_away_the_record() {
    let t: Train =
        serde_json::from_str(r#"{"trainCode": ["x"], "delay": {"min": 3}, "lat": true}"#).unwrap();
    assert_eq!(t.train_code, "");
    assert_eq!(t.delay, None);
    assert_eq!(t.lat, None);
}

#[test]
fn zero_zero_is_no_position() {
    let mut t = Train {
        lat: Some(0.0),
        lng: Some(0.0),
        ..Train::default()
    };
    t.sanitize();
    assert!(!t.has_position());
    let mut t = Train {
        lat: Some(123.0),
        lng: Some(5.0),
        ..Train::default()
    };
    t.sanitize();
    assert!(!t.has_position(), "latitude out of range is dropped");
}

#[test]
fn output_writes_nulls_for_fixed_fields_and_skips_unknown_extras() {
    let t = Train {
        id: "x".into(),
        train_code: "IC 1".into(),
        name: "IC 1 → Tampere".into(),
        status: status::RUNNING.into(),
        ..Train::default()
    };
    let v: serde_json::Value = serde_json::to_value(&t).unwrap();
    let obj = v.as_object().unwrap();
    for key in ["lat", "lng", "delay", "platform"] {
        assert!(obj[key].is_null(), "{key} is written as null");
    }
    assert!(!obj.contains_key("country"));
    assert!(!obj.contains_key("nextStation"));
}

#[test]
fn stats_follow_the_trains() {
    let mk = |status: &str, pos: bool, delay: Option<i64>| Train {
        status: status.into(),
        lat: pos.then_some(60.0),
        lng: pos.then_some(24.0),
        delay,
        ..Train::default()
    };
    let trains = vec![
        mk("running", true, Some(0)),
        mk("running", false, Some(1)),
        mk("scheduled", true, None),
        mk("cancelled", false, Some(-2)),
        mk("running", true, Some(12)),
    ];
    let s = Stats::of(&trains);
    assert_eq!(
        s,
        Stats {
            total: 5,
            running: 3,
            with_gps: 3,
            delayed: 2
        }
    );
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("\"withGPS\":3"), "{json}");
}

#[test]
fn departure_tolerates_strings_for_numbers_and_bools() {
    let d: Departure = serde_json::from_str(
        r#"{"line":"S 3","destination":"Bern","platform":null,"scheduledDep":"12:04",
        "delay":"120","cancelled":"1","operator":"SBB"}"#,
    )
    .unwrap();
    assert_eq!(d.delay, Some(120));
    assert!(d.cancelled);
    assert_eq!(d.platform, None);
}

#[test]
fn departures_response_writes_station_as_the_name_and_the_record_beside_it() {
    let r = DeparturesResponse {
        station: StationInfo {
            code: "HKI".into(),
            name: "Helsinki".into(),
            country: Some("finland".into()),
            timezone: Some("Europe/Helsinki".into()),
        },
        ..DeparturesResponse::default()
    };
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["station"], "Helsinki");
    assert_eq!(v["stationInfo"]["code"], "HKI");
    assert_eq!(v["stationInfo"]["timezone"], "Europe/Helsinki");
    let back: DeparturesResponse = serde_json::from_value(v).unwrap();
    assert_eq!(back, r, "railtop reads what it writes");
}

#[test]
fn departures_response_reads_every_shape_of_station() {
    let read = |json: &str| {
        let mut r: DeparturesResponse = serde_json::from_str(json).unwrap();
        r.complete_code("HKI");
        r.station
    };
    let interface = read(r#"{"departures": [], "station": "Helsinki"}"#);
    assert_eq!(
        (interface.code.as_str(), interface.name.as_str()),
        ("HKI", "Helsinki")
    );
    let older =
        read(r#"{"station": {"code": "PSL", "name": "Pasila", "timezone": "Europe/Helsinki"}}"#);
    assert_eq!(
        (older.code.as_str(), older.name.as_str()),
        ("PSL", "Pasila")
    );
    assert_eq!(older.timezone.as_deref(), Some("Europe/Helsinki"));
    let odd = read(r#"{"station": 17, "stationInfo": true}"#);
    assert_eq!((odd.code.as_str(), odd.name.as_str()), ("HKI", "HKI"));
    let missing = read(r#"{"departures": []}"#);
    assert_eq!(missing.name, "HKI");
}

#[test]
fn realtime_sanitize_recomputes_stats_and_cleans_text() {
    let mut r: RealtimeResponse = serde_json::from_str(
        r#"{"trains":[{"trainCode":"\u001b[2JX1","status":"running","lat":1,"lng":2,"delay":3}],
        "stats":{"total":99,"running":"7"},"liveCountries":["finland"]}"#,
    )
    .unwrap();
    r.sanitize();
    assert_eq!(r.trains[0].train_code, "X1");
    assert_eq!(r.stats.total, 1);
    assert_eq!(r.stats.running, 1);
    assert_eq!(r.stats.delayed, 1);
}

#[test]
fn malformed_json_is_an_error_not_a_panic() {
    let e = serde_json::from_str::<RealtimeResponse>(r#"{"trains": [{"id": "a"},"#).unwrap_err();
    assert!(e.line() >= 1);
}

#[test]
fn via_lists_drop_repeats_and_the_destination_and_are_bounded() {
    let stops = ["Pasila", "Pasila", "Tikkurila", "", "Tampere"].map(String::from);
    assert_eq!(via_list(stops, "Tampere"), ["Pasila", "Tikkurila"]);
    let many = (0..30).map(|i| format!("Stop {i}"));
    assert_eq!(via_list(many, "Nowhere").len(), MAX_VIA);
}

#[test]
fn via_and_messages_are_read_tolerantly_and_sanitised() {
    let json = r#"{"line":"IC","destination":"Oulu","scheduledDep":"08:00",
    "via":["Pasila", 7, null, {"x":1}, "  "],
    "messages":"Replacement bus \u001b]0;pwned\u0007 from Pasila"}"#;
    let mut d: Departure = serde_json::from_str(json).unwrap();
    d.sanitize();
    assert_eq!(d.via, ["Pasila", "7"]);
    assert_eq!(d.messages.len(), 1);
    assert!(!d.messages[0].contains('\u{1b}'), "{:?}", d.messages);
    let odd: Departure = serde_json::from_str(r#"{"via": 12.5, "messages": {"a": 1}}"#).unwrap();
    assert_eq!(odd.via, ["12.5"]);
    assert!(odd.messages.is_empty());
    let out = serde_json::to_value(Departure::default()).unwrap();
    assert!(
        out.get("via").is_none() && out.get("messages").is_none(),
        "extras only when known"
    );
}
