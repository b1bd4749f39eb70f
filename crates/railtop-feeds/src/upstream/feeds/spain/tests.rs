//! Spain's unit tests (Renfe's labels, trip ids and stale cancellations), beside its code as
//! every feed's are.

use super::*;

#[test]
fn labels_give_line_number_and_platform() {
    let l = label("C1-23559-PLATF.(3)");
    assert_eq!(l.line.as_deref(), Some("C1"));
    assert_eq!(l.number.as_deref(), Some("23559"));
    assert_eq!(l.platform.as_deref(), Some("3"));
    let l = label("C2-23157");
    assert_eq!((l.line.as_deref(), l.platform), (Some("C2"), None));
    let l = label("01460");
    assert_eq!((l.line, l.number.as_deref()), (None, Some("01460")));
    assert_eq!(label("R2N-25440-PLATF.()").platform, None);
    assert_eq!(label(""), Label::default());
}

#[test]
fn trip_ids_give_line_and_number() {
    let l = trip_label("5135M28438R2N");
    assert_eq!(
        (l.line.as_deref(), l.number.as_deref()),
        (Some("R2N"), Some("28438"))
    );
    let l = trip_label("0146012026-10-10");
    assert_eq!((l.line, l.number.as_deref()), (None, Some("01460")));
    assert_eq!(trip_label("T1"), Label::default());
    assert_eq!(trip_label("ééééééééééé"), Label::default());
}

#[test]
fn a_past_days_bare_cancellation_is_dropped_and_trips_get_their_day() {
    let json = br#"{"header": {"timestamp": "1795500000"}, "entity": [
        {"id": "a", "tripUpdate": {"trip": {"tripId": "0333312026-11-23", "scheduleRelationship": "CANCELED"}}},
        {"id": "b", "tripUpdate": {"trip": {"tripId": "0444412026-11-24", "scheduleRelationship": "CANCELED"}}},
        {"id": "c", "tripUpdate": {"trip": {"tripId": "1706012026-11-23"}, "delay": 60}},
        {"id": "d", "vehicle": {"trip": {"tripId": "3015M23559C1"}}}]}"#;
    let feed = RENFE.decode(json, COUNTRY.tz).unwrap();
    let ids: Vec<_> = feed.entity.iter().filter_map(|e| e.id.as_deref()).collect();
    assert_eq!(
        ids,
        ["b", "c", "d"],
        "yesterday's cancellation is no news today"
    );
    let day = |i: usize| {
        let e = &feed.entity[i];
        let trip = e.trip_update.as_ref().and_then(|u| u.trip.as_ref());
        let trip = trip.or(e.vehicle.as_ref().and_then(|v| v.trip.as_ref()));
        trip.and_then(|t| t.start_date.clone())
    };
    assert_eq!(day(1).as_deref(), Some("20261123"));
    assert_eq!(day(2), None, "Cercanías ids carry no day");
}

#[test]
fn route_ids_give_their_line_and_texts_lose_their_tags() {
    assert_eq!(route_line("10T0099C3").as_deref(), Some("C3"));
    assert_eq!(route_line("51T0003R2N").as_deref(), Some("R2N"));
    assert_eq!(route_line(" 10T0001C1  ").as_deref(), Some("C1"));
    assert_eq!(route_line("1071VR0014"), None, "a long-distance route");
    assert_eq!(route_line("10T00"), None);
    assert_eq!(route_line("T0099C3"), None);
    assert_eq!(route_line("ééTéééé"), None);
    assert_eq!(untagged("#MadC3 Por una incidencia"), "Por una incidencia");
    assert_eq!(untagged("#Rodalies #R1 Retards"), "Retards");
    assert_eq!(untagged("Sin etiqueta #no"), "Sin etiqueta #no");
    assert_eq!(untagged("#solo"), "#solo");
}

#[test]
fn trip_ids_give_their_day() {
    let d = NaiveDate::from_ymd_opt(2026, 10, 10);
    assert_eq!(trip_day("0146012026-10-10"), d);
    assert_eq!(trip_day("3015M23559C1"), None);
    assert_eq!(trip_day("é"), None);
    assert_eq!(trip_day(""), None);
}
