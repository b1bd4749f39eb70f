//! Unit tests of `params.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn train_parameters() {
    assert_eq!(
        train(Some("id=fi-2026-11-23-1")).unwrap(),
        "fi-2026-11-23-1"
    );
    assert_eq!(
        train(Some("id=%20a%7Cb%20")).unwrap(),
        "a|b",
        "decoded and trimmed"
    );
    assert!(matches!(train(None), Err(SourceError::BadRequest(_))));
    assert!(matches!(
        train(Some("id=")),
        Err(SourceError::BadRequest(_))
    ));
    let long = format!("id={}", "x".repeat(MAX_ID_CHARS + 1));
    assert!(matches!(
        train(Some(&long)),
        Err(SourceError::BadRequest(_))
    ));
}

#[test]
fn realtime_parameters() {
    assert_eq!(realtime(None, &[]).unwrap(), RealtimeQuery::default());
    let q = realtime(Some("source=germany&stop=hamburg-hbf"), &[]).unwrap();
    assert_eq!(q.country.as_deref(), Some("germany"));
    assert_eq!(q.stop.as_deref(), Some("hamburg-hbf"));
    assert_eq!(realtime(Some("source="), &[]).unwrap().country, None);
    assert!(matches!(
        realtime(Some("source=mars"), &[]),
        Err(SourceError::NotFound(_))
    ));
    let regions = ["estonia".to_string()];
    assert_eq!(
        realtime(Some("source=estonia"), &regions)
            .unwrap()
            .country
            .as_deref(),
        Some("estonia"),
        "a region the source has"
    );
}

#[test]
fn stations_parameters() {
    let p = stations(Some("q=z%C3%BCrich&prefer=italy&limit=12"), &[]).unwrap();
    assert_eq!(
        (p.q.as_str(), p.country, p.prefer.as_deref(), p.limit),
        ("zürich", None, Some("italy"), 12)
    );
    assert_eq!(stations(None, &[]).unwrap().limit, 20);
    for (bad, status) in [
        ("prefer=mars", 404),
        ("country=mars", 404),
        ("limit=0", 400),
    ] {
        let e = stations(Some(bad), &[]).unwrap_err();
        assert_eq!(e.http_status(), status, "{bad}");
    }
}

#[test]
fn departures_parameters() {
    let q = departures(Some("station=HKI")).unwrap();
    assert_eq!((q.station.as_str(), q.limit), ("HKI", 20));
    assert_eq!(
        departures(Some("station=Z%C3%BCrich&limit=100"))
            .unwrap()
            .station,
        "Zürich"
    );
    for bad in [
        "",
        "limit=5",
        "station=",
        "station=HKI&limit=0",
        "station=HKI&limit=101",
        "station=HKI&limit=abc",
        "station=HKI&limit=-1",
        "station=HKI&limit=2.5",
    ] {
        assert!(
            matches!(departures(Some(bad)), Err(SourceError::BadRequest(_))),
            "{bad}"
        );
    }
}

#[test]
fn board_parameters() {
    let q = board(
        Some("station=HKI&station=PSL&to=Tampere&via=Riihim%C3%A4ki&limit=5"),
        Kind::Departures,
    )
    .unwrap();
    assert_eq!(q.stations, ["HKI", "PSL"]);
    assert_eq!(q.limit, 5);
    assert_eq!(q.route.end.as_ref().unwrap().asked, "Tampere");
    assert_eq!(q.route.via.as_ref().unwrap().asked, "Riihimäki");
    let q = board(Some("station=TPE&from=Oulu"), Kind::Arrivals).unwrap();
    assert!(q.route.end.is_some() && !q.is_plain());
    assert!(board(Some("station=TPE"), Kind::Arrivals)
        .unwrap()
        .is_plain());
    for (bad, kind) in [
        ("station=TPE&from=Oulu", Kind::Departures),
        ("station=TPE&to=Oulu", Kind::Arrivals),
        (
            "station=A&station=B&station=C&station=D&station=E&station=F",
            Kind::Departures,
        ),
        ("to=Oulu", Kind::Departures),
    ] {
        let e = board(Some(bad), kind).unwrap_err();
        assert_eq!(e.http_status(), 400, "{bad}: {e}");
    }
    let long = format!("station=HKI&to={}", "x".repeat(101));
    assert!(board(Some(&long), Kind::Departures).is_err());
}
