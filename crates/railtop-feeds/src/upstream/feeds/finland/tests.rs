//! Finland's parsers and adapter over its fixtures (`fixtures/`).

use super::*;

fn fixture(name: &str) -> Vec<u8> {
    crate::test_support::fixture(&format!("finland/{name}"))
}

fn names() -> Names {
    parse_stations(&fixture("metadata-stations.json")).unwrap()
}

fn trains() -> Vec<Train> {
    parse_trains(
        &fixture("live-trains.json"),
        &fixture("train-locations.json"),
        &names(),
    )
    .unwrap()
}

#[test]
fn station_names_drop_asema() {
    let n = names();
    assert_eq!(n["HKI"], "Helsinki");
    assert_eq!(n["KKN"], "Kirkkonummi");
}

#[test]
fn positions_are_joined_and_geojson_is_lon_lat() {
    let t = trains();
    let ic = t.iter().find(|t| t.train_code == "IC 27").unwrap();
    assert_eq!((ic.lat, ic.lng), (Some(60.24101), Some(24.95853)));
    assert_eq!(ic.name, "IC 27 → Tampere");
    assert_eq!(ic.status, "running");
    assert_eq!(ic.delay, Some(2), "the last event that happened");
    assert_eq!(
        ic.next_station.as_deref(),
        Some("Tikkurila"),
        "non-stopping rows skipped"
    );
    assert_eq!(ic.platform.as_deref(), Some("1"));
    assert_eq!(ic.scheduled_dep.as_deref(), Some("21:57"), "Helsinki time");
    assert_eq!(ic.operator.as_deref(), Some("VR"));
    assert_eq!(ic.last_updated.as_deref(), Some("2026-11-24T20:06:01.000Z"));
    assert_eq!(ic.id, "fi-2026-11-24-27");
    assert_eq!(ic.speed, Some(120.0), "km/h from the location message");
}

#[test]
fn commuter_trains_use_their_line_letter() {
    let t = trains();
    let r = t.iter().find(|t| t.id == "fi-2026-11-24-9623").unwrap();
    assert_eq!(r.train_code, "R 9623");
    assert_eq!(r.to.as_deref(), Some("Riihimäki"));
    assert!(r.has_position());
}

#[test]
fn cancelled_and_unplaced_trains() {
    let t = trains();
    let u = t.iter().find(|t| t.train_code == "U 8462").unwrap();
    assert_eq!(u.status, "cancelled");
    assert_eq!((u.delay, u.lat), (None, None));
    assert!(
        !t.iter().any(|t| t.train_code == "S 85"),
        "not running, not placed: not listed"
    );
    assert!(
        !t.iter().any(|t| t.id.ends_with("-99999")),
        "a position without a train is dropped"
    );
    assert_eq!(t.len(), 3);
}

/// Recorded at Helsinki on 23 April 2016 about 18:24Z (five trains of Soivi/pysakit's
/// mock board, kept as they were): trains not yet in, soonest first, each from its origin.
#[test]
fn arrivals_are_the_trains_still_to_come_in_from_their_origin() {
    let now: DateTime<Utc> = "2016-04-23T18:24:00Z".parse().unwrap();
    let bytes = fixture("live-trains-station-HKI-arriving-2016.json");
    let board = parse_arrivals(&bytes, "HKI", &names(), &CauseNames::embedded(), now).unwrap();
    let rows: Vec<(String, String, Option<String>)> = board
        .departures
        .iter()
        .map(|d| {
            let code = d.train_code.clone().unwrap();
            (code, d.destination.clone(), d.expected_dep.clone())
        })
        .collect();
    // 8574 and 9864 are in already (an actual time).
    assert_eq!(rows.len(), 3, "{rows:?}");
    // The ring line by its letter, come round by the airport.
    assert_eq!(rows[0].0, "P 8762");
    assert!(rows[0].1.starts_with("Helsinki via "), "{rows:?}");
    // Leppävaara is not in the fixture's station list: its code stands for it.
    assert!(
        rows.iter().any(|r| r.0 == "A 8258" && r.1 == "LPV"),
        "{rows:?}"
    );
    let lpv = board
        .departures
        .iter()
        .find(|d| d.destination == "LPV")
        .unwrap();
    assert!(!lpv.via.is_empty() && !lpv.via.contains(&"Helsinki".to_string()));
    assert_eq!(lpv.scheduled_dep, "21:34", "Helsinki's clock in summer");
}

/// The three cause code lists of the fixtures, merged over the embedded categories as the
/// feed keeps them.
fn cause_names() -> CauseNames {
    let mut names = CauseNames::embedded();
    for list in [
        "metadata-cause-category-codes.json",
        "metadata-detailed-cause-category-codes.json",
        "metadata-third-cause-category-codes.json",
    ] {
        names.merge(parse_cause_codes(&fixture(list)).unwrap());
    }
    names
}

/// `(text, language)` of each message, as the answer writes them.
fn said(messages: &[String], languages: &[Option<String>]) -> Vec<(String, String)> {
    messages
        .iter()
        .zip(languages)
        .map(|(m, l)| (m.clone(), l.clone().unwrap_or_default()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(m, l)| (m.to_string(), l.to_string()))
        .collect()
}

#[test]
fn the_cause_code_lists_name_every_level() {
    let categories = parse_cause_codes(&fixture("metadata-cause-category-codes.json")).unwrap();
    assert_eq!(categories.len(), 8);
    assert_eq!(categories.get("R").unwrap().fi, "Ratatyö");
    let detailed =
        parse_cause_codes(&fixture("metadata-detailed-cause-category-codes.json")).unwrap();
    assert_eq!(detailed.len(), 9);
    assert_eq!(detailed.get("I2").unwrap().fi, "Liukkaat kiskot");
    assert_eq!(
        detailed.get("O2").unwrap().en.as_deref(),
        Some("An animal on the track"),
        "the passenger term's English, where the list has one"
    );
    assert_eq!(detailed.get("R2").unwrap().en, None);
    let third = parse_cause_codes(&fixture("metadata-third-cause-category-codes.json")).unwrap();
    assert_eq!(third.len(), 6);
    assert_eq!(third.get("M101").unwrap().fi, "Runsas matkustajamäärä");
    // Merged over the embedded categories: a list's name replaces the embedded one; codes
    // the lists leave out (`H`, `V`) keep the embedded names.
    let all = cause_names();
    assert_eq!(all.len(), 14 + 9 + 6);
    assert_eq!(all.get("V").unwrap().fi, "Vetokalusto");
    // Hostile or odd entries: skipped, cleaned, never a panic.
    let odd = parse_cause_codes(
        "[{\"categoryCode\": \"X\", \"categoryName\": \"Evil\\u001b[2J name\"},
          {\"detailedCategoryCode\": \"\", \"detailedCategoryName\": \"no code\"},
          {\"thirdCategoryCode\": 7, \"thirdCategoryName\": \"a number\", \"passengerTerm\": \"x\"},
          {\"categoryCode\": \"Y\"}]"
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(odd.get("X").unwrap().fi, "Evil name");
    assert_eq!(odd.get("7").unwrap().fi, "a number");
    assert_eq!(odd.len(), 2, "no code, or no name: skipped");
    assert!(parse_cause_codes(b"{}").is_err());
}

fn rows(json: &str) -> Vec<Row> {
    serde_json::from_str(json).unwrap()
}

#[test]
fn delay_causes_are_said_in_english_and_in_the_feeds_finnish_each_once() {
    let rows = rows(
        r#"[
        {"stationShortCode":"A","type":"ARRIVAL","scheduledTime":"2026-11-24T08:00:00Z",
         "causes":[{"categoryCode":"R","detailedCategoryCode":"R1"},{"categoryCode":"R"},
                   {"categoryCode":"R","detailedCategoryCode":"R1","categoryCodeId":31,"detailedCategoryCodeId":160}]},
        {"stationShortCode":"B","type":"ARRIVAL","scheduledTime":"2026-11-24T08:10:00Z",
         "causes":[{"categoryCode":"Z"}, 5, "x", {"detailedCategoryCode":"L2","thirdCategoryCode":"L201"}]},
        {"stationShortCode":"C","type":"ARRIVAL","scheduledTime":"2026-11-24T09:00:00Z",
         "causes":[{"categoryCode":"O","detailedCategoryCode":"O2"}]}
    ]"#,
    );
    let until: DateTime<Utc> = "2026-11-24T08:30:00Z".parse().unwrap();
    let up_to_the_call = |names: &CauseNames| -> Vec<(String, String)> {
        causes_until(&rows, until, names)
            .into_iter()
            .map(|(t, l)| (t, l.to_string()))
            .collect()
    };
    // With the code lists: every level named; the `…Id` twins and a missing category
    // (taken from the finer code's letter) change nothing; a repeat is said once.
    assert_eq!(
        up_to_the_call(&cause_names()),
        pairs(&[
            (
                "Delay causes: track works; code Z; traffic management",
                "en"
            ),
            (
                "Myöhästymisen syy: Ratatyö – Ratatyön aiheuttama nopeusrajoitus",
                "fi"
            ),
            ("Myöhästymisen syy: Ratatyö", "fi"),
            (
                "Myöhästymisen syy: Liikenteenhoito – Kohtaaminen tai ohitus – \
                 Kohtaaminen yksiraiteisella rataosalla",
                "fi"
            ),
        ]),
        "a cause after the call is not this call's; an unknown category is its code"
    );
    // Without them (the lists failed): the embedded categories, finer codes as codes.
    assert_eq!(
        up_to_the_call(&CauseNames::embedded()),
        pairs(&[
            (
                "Delay causes: track works; code Z; traffic management",
                "en"
            ),
            ("Myöhästymisen syy: Ratatyö – R1", "fi"),
            ("Myöhästymisen syy: Ratatyö", "fi"),
            ("Myöhästymisen syy: Liikenteenhoito – L2 – L201", "fi"),
        ])
    );
    // A passenger term is railtop's English's detail.
    let all = causes::cause_messages(rows.iter().flat_map(|r| &r.causes), &cause_names());
    assert_eq!(
        all[0].0,
        "Delay causes: track works; code Z; traffic management; accident (An animal on the track)"
    );
    assert!(causes::cause_messages([], &cause_names()).is_empty());
}

#[test]
fn a_journey_carries_the_causes_of_all_its_rows() {
    let j = parse_journey(&fixture("train-27.json"), &names(), &cause_names())
        .unwrap()
        .unwrap();
    assert_eq!(
        said(&j.train.messages, &j.train.message_languages),
        pairs(&[
            ("Delay causes: other causes; passenger service", "en"),
            ("Myöhästymisen syy: Muut syyt – Liukkaat kiskot", "fi"),
            (
                "Myöhästymisen syy: Matkustajapalvelu – Pitkittynyt asemapysähdys – \
                 Runsas matkustajamäärä",
                "fi"
            ),
        ]),
        "Pasila's arrival and departure, the repeat said once"
    );
    // The board row at Tikkurila, after Pasila: the same causes (its call is after both).
    let before: DateTime<Utc> = "2026-11-24T20:06:00Z".parse().unwrap();
    let board = parse_board(
        &fixture("train-27.json"),
        "TKL",
        &names(),
        &cause_names(),
        before,
    )
    .unwrap();
    assert_eq!(board.departures.len(), 1);
    assert_eq!(board.departures[0].messages, j.train.messages);
}

/// The clocks of the tests: 08:00 and 23:50 in Helsinki on Tuesday 24 November 2026.
fn clocks() -> [DateTime<Utc>; 2] {
    [
        crate::test_support::now(),
        "2026-11-24T21:50:00Z".parse().unwrap(),
    ]
}

fn info_at(now: DateTime<Utc>) -> PassengerInfo {
    parse_passenger_information(&fixture("passenger-information-active.json"), now).unwrap()
}

fn notices(info: &PassengerInfo, station: &str) -> Vec<(String, String)> {
    info.at_station(station)
        .map(|s| (s.text.clone(), s.language.clone()))
        .collect()
}

const TRACK_WORK: &str =
    "Due to track work some commuter trains depart in Helsinki from tracks 17-19.";
const BRIDGE: &str =
    "Pasilan aseman itäinen kulkusilta on suljettu. Kulku laiturille 9-10 keskeltä.";
const FREIGHT: &str = "Huomio! Raiteelle 6 saapuu ohittava tavarajuna. \
     Pysykää turvallisen välimatkan päässä laiturin reunasta.";
const SHORT_TRAIN: &str = "IC 27 Tampere: the train has only five carriages.";

#[test]
fn station_messages_in_force_at_both_clocks() {
    for now in clocks() {
        let info = info_at(now);
        // The video's text (what screens show), in English; the lift (10:00–15:30) and the
        // ended message are not in force.
        assert_eq!(notices(&info, "HKI"), pairs(&[(TRACK_WORK, "en")]), "{now}");
        // Finnish-only kept as Finnish; the audio-only one in fi and sv: the first, fi.
        assert_eq!(
            notices(&info, "psl"),
            pairs(&[(TRACK_WORK, "en"), (BRIDGE, "fi"), (FREIGHT, "fi")]),
            "{now}"
        );
        assert!(notices(&info, "TKL").is_empty(), "{now}: ended");
        assert_eq!(
            info.for_train("fi-2026-11-24-27")
                .map(|s| (s.text.clone(), s.language.clone()))
                .collect::<Vec<_>>(),
            pairs(&[(SHORT_TRAIN, "en")]),
            "{now}: the video's text; train messages are no station's notices"
        );
        assert_eq!(
            info.for_train("fi-2026-11-23-27").count(),
            0,
            "{now}: yesterday's train 27, ended"
        );
    }
}

#[test]
fn a_daily_window_weekdays_and_validity_decide_what_is_in_force() {
    let at = |t: &str| info_at(t.parse().unwrap());
    let lift = "The lift at the station's west door is under maintenance 10-15.30. \
                Please use the lift in the main hall.";
    // Tuesday 12:00 and 15:30 in Helsinki: the lift's window; 15:31 is past it.
    for inside in ["2026-11-24T10:00:00Z", "2026-11-24T13:30:59Z"] {
        assert!(
            notices(&at(inside), "HKI").contains(&(lift.into(), "en".into())),
            "{inside}"
        );
    }
    for outside in ["2026-11-24T07:59:00Z", "2026-11-24T13:31:00Z"] {
        assert_eq!(notices(&at(outside), "HKI").len(), 1, "{outside}");
    }
    // 04:59 in Helsinki: before the track work's 5:00; the week before: the ended message in
    // force (its own window 0:01–23:59), the track work not yet.
    assert!(notices(&at("2026-11-24T02:59:00Z"), "HKI").is_empty());
    assert_eq!(
        notices(&at("2026-11-20T10:00:00Z"), "TKL"),
        pairs(&[("Changes in commuter traffic 17-23 Nov. See vr.fi.", "en")])
    );
    // Yesterday evening: yesterday's train 27 is in force, today's not yet.
    let evening = at("2026-11-23T20:00:00Z");
    assert_eq!(evening.for_train("fi-2026-11-23-27").count(), 1);
    assert_eq!(evening.for_train("fi-2026-11-24-27").count(), 0);
}

/// A station message for `PSL` with `rules` as its video's delivery rules.
fn with_rules(rules: &str) -> Vec<u8> {
    format!(
        r#"[{{"id":"SHM1","startValidity":"2026-11-01T00:00:00Z","endValidity":"2026-12-01T00:00:00Z",
            "stations":["PSL"],"video":{{"text":{{"fi":"Teksti","en":"Text"}},"deliveryRules":{rules}}}}}]"#
    )
    .into_bytes()
}

#[test]
fn rules_that_wrap_midnight_name_days_or_cannot_be_read() {
    // Tuesday 23:50 and Wednesday 08:00 in Helsinki.
    let [morning, night] = clocks();
    let wednesday: DateTime<Utc> = "2026-11-25T06:00:00Z".parse().unwrap();
    let shown = |rules: &str, now: DateTime<Utc>| {
        parse_passenger_information(&with_rules(rules), now)
            .unwrap()
            .at_station("PSL")
            .count()
            == 1
    };
    let wraps = r#"{"startTime":"22:00","endTime":"6:30"}"#;
    assert!(shown(wraps, night) && !shown(wraps, morning));
    let tuesdays = r#"{"weekDays":["TUESDAY"]}"#;
    assert!(shown(tuesdays, morning) && !shown(tuesdays, wednesday));
    let dates = r#"{"startDateTime":"2026-11-25T00:00:00Z","endDateTime":"2026-11-26T00:00:00Z"}"#;
    assert!(!shown(dates, morning) && shown(dates, wednesday));
    assert!(shown(
        r#"{"startTime":"08:00:00","endTime":"24:00"}"#,
        morning
    ));
    for unreadable in [
        r#"{"startTime":"8h","endTime":"9:00"}"#,
        r#"{"endTime":"23:60"}"#,
        r#"{"startTime":"25:00"}"#,
        r#"{"weekDays":["TUESDAI"]}"#,
        r#"{"startDateTime":"yesterday"}"#,
    ] {
        assert!(!shown(unreadable, morning), "{unreadable}");
    }
    // Rules of another shape, or none: the validity alone decides.
    for odd in ["null", "5", "\"x\"", "{}", r#"{"weekDays":"MONDAY"}"#] {
        assert!(shown(odd, morning), "{odd}");
    }
}

#[test]
fn odd_messages_are_read_or_left_out_never_a_panic() {
    let now = crate::test_support::now();
    let info = parse_passenger_information(
        r#"[
        {"stations":["HKI"],"video":{"text":"not an object"},"audio":{"text":{"sv":"  ","fi":"Suomeksi"}}},
        {"stations":["HKI"],"video":{"text":{"en":"\u001b[2JEnglish\u0007 please","fi":"Suomeksi"}}},
        {"stations":["HKI", 5, null],"trainNumber":"8499","trainDepartureDate":"2026-11-24",
         "video":{"text":{"fi":"Juna"}}},
        {"stations":["HKI"],"trainNumber":27,"video":{"text":{"fi":"Ilman päivää"}}},
        {"stations":["HKI"],"trainNumber":-1,"trainDepartureDate":"2026-11-24","video":{"text":{"fi":"x"}}},
        {"stations":[],"video":{"text":{"fi":"Ei asemaa"}}},
        {"stations":["HKI"],"endValidity":"not a time","video":{"text":{"fi":"x"}}},
        {"stations":["HKI"]},
        7
        ]"#
        .as_bytes(),
        now,
    );
    assert!(
        info.is_err(),
        "an element that is no message: the answer is unreadable"
    );
    let info = parse_passenger_information(
        r#"[
        {"stations":["HKI"],"video":{"text":"not an object"},"audio":{"text":{"sv":"  ","fi":"Suomeksi"}}},
        {"stations":["HKI"],"video":{"text":{"en":"\u001b[2JEnglish\u0007 please","fi":"Suomeksi"}}},
        {"stations":["HKI", 5, null],"trainNumber":"8499","trainDepartureDate":"2026-11-24",
         "video":{"text":{"fi":"Juna"}}},
        {"stations":["HKI"],"trainNumber":27,"video":{"text":{"fi":"Ilman päivää"}}},
        {"stations":["HKI"],"trainNumber":-1,"trainDepartureDate":"2026-11-24","video":{"text":{"fi":"x"}}},
        {"stations":[],"video":{"text":{"fi":"Ei asemaa"}}},
        {"stations":["HKI"],"endValidity":"not a time","video":{"text":{"fi":"x"}}},
        {"stations":["HKI"]}
        ]"#
        .as_bytes(),
        now,
    )
    .unwrap();
    assert_eq!(
        notices(&info, "HKI"),
        pairs(&[("Suomeksi", "fi"), ("English please", "en")]),
        "a blank text is no text; the audio when the video has none; cleaned"
    );
    assert_eq!(
        info.for_train("fi-2026-11-24-8499").count(),
        1,
        "a number as a string"
    );
    for garbage in [&b"<html>"[..], b"{}", b""] {
        assert!(parse_passenger_information(garbage, now).is_err());
    }
    assert!(parse_passenger_information(b"[]", now).unwrap().is_empty());
}

#[test]
fn messages_go_on_their_boards_and_trains_first() {
    let before: DateTime<Utc> = "2026-11-24T20:06:00Z".parse().unwrap();
    let info = info_at(before);
    let board_of = |station: &str| {
        let mut board = parse_board(
            &fixture("train-27.json"),
            station,
            &names(),
            &cause_names(),
            before,
        )
        .unwrap();
        info.tell_board(station, &mut board);
        board
    };
    // Pasila: the train has left it, the station's messages are there.
    let psl = board_of("PSL");
    assert!(psl.departures.is_empty());
    assert_eq!(
        psl.notices
            .iter()
            .map(|(t, l)| (t.clone(), l.clone().unwrap_or_default()))
            .collect::<Vec<_>>(),
        pairs(&[(TRACK_WORK, "en"), (BRIDGE, "fi"), (FREIGHT, "fi")])
    );
    // Tikkurila: no message of its own in force; train 27's row says the train's message
    // before the causes up to its call.
    let tkl = board_of("TKL");
    assert!(tkl.notices.is_empty());
    let row = &tkl.departures[0];
    assert_eq!(row.train_id.as_deref(), Some("fi-2026-11-24-27"));
    assert_eq!(
        said(&row.messages, &row.message_languages),
        pairs(&[
            (SHORT_TRAIN, "en"),
            ("Delay causes: other causes; passenger service", "en"),
            ("Myöhästymisen syy: Muut syyt – Liukkaat kiskot", "fi"),
            (
                "Myöhästymisen syy: Matkustajapalvelu – Pitkittynyt asemapysähdys – \
                 Runsas matkustajamäärä",
                "fi"
            ),
        ])
    );
    let mut j = parse_journey(&fixture("train-27.json"), &names(), &cause_names())
        .unwrap()
        .unwrap();
    info.tell_train(&mut j.train);
    assert_eq!(j.train.messages, row.messages);
    assert_eq!(j.train.message_languages, row.message_languages);
    // Told twice (a cached answer read again), the answer still says it once.
    info.tell_train(&mut j.train);
    j.train.sanitize();
    assert_eq!(j.train.messages, row.messages);
}

#[test]
fn board_skips_departed_orders_and_rolls_over_midnight() {
    let now: DateTime<Utc> = "2026-11-24T21:50:00Z".parse().unwrap();
    let d = parse_board(
        &fixture("live-trains-station-HKI.json"),
        "HKI",
        &names(),
        &CauseNames::embedded(),
        now,
    )
    .unwrap()
    .departures;
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["U 8499", "IC 77", "IC 79"],
        "the departed R is gone"
    );
    assert!(d[0].cancelled && d[0].delay.is_none() && d[0].expected_dep.is_none());
    assert_eq!(d[0].destination, "Kirkkonummi");
    assert_eq!(
        (
            d[1].scheduled_dep.as_str(),
            d[1].expected_dep.as_deref(),
            d[1].delay
        ),
        ("23:57", Some("00:04"), Some(7))
    );
    assert_eq!(d[1].platform.as_deref(), Some("8"));
    assert_eq!(
        d[1].via,
        ["Pasila", "Tikkurila"],
        "passenger stops on the way; Kerava is passed without a commercial stop"
    );
    assert!(d[2].via.is_empty(), "straight to the destination");
    assert_eq!(d[2].scheduled_dep, "00:12", "past midnight, Helsinki time");
    assert_eq!(
        (d[2].delay, d[2].platform.as_deref()),
        (None, None),
        "no realtime, no track"
    );
    assert_eq!(d[2].line, "IC");
}

#[test]
fn ring_trains_say_which_way_round() {
    let names = embedded_names();
    let bytes = fixture("ring-trains.json");
    let now: DateTime<Utc> = "2026-11-24T20:00:00Z".parse().unwrap();
    let board = parse_board(&bytes, "HKI", &names, &CauseNames::embedded(), now)
        .unwrap()
        .departures;
    let rows: Vec<(&str, &str, &str)> = board
        .iter()
        .map(|d| (d.line.as_str(), d.destination.as_str(), d.via[0].as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("P", "Helsinki via Helsinki Airport", "Pasila"),
            ("I", "Helsinki via Helsinki Airport", "Pasila"),
        ]
    );
    assert_eq!(
        board[0].via[1],
        name(&names, "HPL"),
        "P goes round by Myyrmäki"
    );
    assert_eq!(
        board[1].via[1],
        name(&names, "KÄP"),
        "I goes round by Tikkurila"
    );
    let trains = parse_trains(&bytes, b"[]", &names).unwrap();
    assert_eq!(
        trains[0].name, "I 8703 → Helsinki",
        "past the airport it is plainly going home"
    );
    assert_eq!(trains[0].to.as_deref(), Some("Helsinki"));
}

#[test]
fn a_journey_is_its_passenger_stops_an_arrival_and_a_departure_made_one() {
    let j = parse_journey(&fixture("train-27.json"), &names(), &cause_names())
        .unwrap()
        .unwrap();
    assert_eq!(j.train.id, "fi-2026-11-24-27");
    let called: Vec<_> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        called,
        ["Helsinki", "Pasila", "Tikkurila", "Tampere"],
        "no KÄP: it does not stop"
    );
    let psl = &j.stops[1];
    assert_eq!(
        psl.arrival.scheduled.as_deref(),
        Some("22:02"),
        "Helsinki time"
    );
    assert_eq!(psl.arrival.expected.as_deref(), Some("22:04"));
    assert_eq!(psl.departure.expected.as_deref(), Some("22:05"));
    assert!(psl.passed && !j.stops[2].passed);
    assert_eq!(j.stops.iter().position(|s| !s.passed), Some(2));
    assert_eq!(j.stops[2].delay, Some(2));
    assert_eq!(j.stops[3].platform.as_deref(), Some("3"));
    assert!(j.stops[0].arrival.is_empty() && j.stops[3].departure.is_empty());
    assert!(j.stops[0].lat.is_some(), "placed from the station list");
    assert_eq!(
        parse_journey(b"[]", &names(), &cause_names()).unwrap(),
        None
    );
    assert_eq!(
        journey_path("fi-2026-11-24-27").as_deref(),
        Some("/api/v1/trains/2026-11-24/27")
    );
    for bad in [
        "fi-2026-11-24",
        "fi-x-27",
        "fi-2026-11-24-27/../x",
        "2026-11-24-27",
    ] {
        assert_eq!(journey_path(bad), None, "{bad}");
    }
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    assert!(parse_trains(b"<html>", b"[]", &names()).is_err());
    assert!(parse_board(
        b"{\"not\": \"a list\"}",
        "HKI",
        &names(),
        &cause_names(),
        Utc::now()
    )
    .is_err());
    assert!(parse_stations(b"").is_err());
}
