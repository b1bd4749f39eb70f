//! Unit tests of `traveller.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn place(text: &str) -> Place {
    Place::new(text, crate::stations::Directory::embedded())
}

fn row(via: &[&str], destination: &str) -> Departure {
    Departure {
        line: "IC".into(),
        destination: destination.into(),
        scheduled_dep: "10:00".into(),
        via: via.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

#[test]
fn a_place_matches_its_names_folded_and_its_first_words() {
    let utrecht = place("Utrecht");
    assert!(utrecht.is("Utrecht Centraal"));
    assert!(utrecht.is("UTRECHT"));
    assert!(!utrecht.is("Utrechtseweg"));
    let zurich = place("zurich");
    assert!(zurich.is("Zürich HB"));
    assert!(zurich.is("Zuerich"));
    // A code resolves to the station's name.
    let tampere = place("finland:TPE");
    assert!(tampere.is("Tampere"), "{tampere:?}");
    assert!(!tampere.is("TPE"));
}

#[test]
fn a_route_is_to_the_end_and_via_before_it() {
    let route = Route {
        end: Some(place("Oulu")),
        via: Some(place("Tampere")),
    };
    assert!(route.takes(&["Tampere", "Seinäjoki", "Oulu"]));
    assert!(!route.takes(&["Oulu", "Tampere"]), "via after the end");
    assert!(!route.takes(&["Seinäjoki", "Oulu"]), "no via");
    let via_only = Route {
        end: None,
        via: Some(place("Tampere")),
    };
    assert!(
        !via_only.takes(&["Tampere"]),
        "the destination is not on the way"
    );
    assert!(via_only.takes(&["Tampere", "Oulu"]));
}

#[test]
fn a_row_with_few_stops_and_a_train_is_for_its_journey_to_say() {
    let route = Route {
        end: Some(place("Oulu")),
        via: None,
    };
    assert_eq!(
        route.verdict(
            &row(&["Tampere"], "Oulu"),
            Kind::Departures,
            RowStops::Shown
        ),
        Verdict::Goes
    );
    assert_eq!(
        route.verdict(&row(&[], "Tampere"), Kind::Departures, RowStops::Shown),
        Verdict::DoesNot
    );
    let mut known = row(&[], "Rovaniemi");
    known.train_id = Some("fi-1".into());
    assert_eq!(
        route.verdict(&known, Kind::Departures, RowStops::Shown),
        Verdict::Unknown
    );
    let mut few = row(&["Tampere"], "Rovaniemi");
    few.train_id = Some("fi-1".into());
    let route_to_kemi = Route {
        end: Some(place("Kemi")),
        via: None,
    };
    assert_eq!(
        route_to_kemi.verdict(&few, Kind::Departures, RowStops::Shown),
        Verdict::DoesNot
    );
    let mut cut = row(&["a", "b", "c", "d", "e", "f", "g", "h"], "Rovaniemi");
    cut.train_id = Some("fi-1".into());
    assert_eq!(
        route_to_kemi.verdict(&cut, Kind::Departures, RowStops::Shown),
        Verdict::Unknown
    );
    // A feed whose rows list a selection of the stops: a few that miss Kemi are not the
    // last word, and without a train to look up they are.
    assert_eq!(
        route_to_kemi.verdict(&few, Kind::Departures, RowStops::Selection),
        Verdict::Unknown
    );
    let mut unknown_train = few.clone();
    unknown_train.train_id = None;
    assert_eq!(
        route_to_kemi.verdict(&unknown_train, Kind::Departures, RowStops::Selection),
        Verdict::DoesNot
    );
    let mut reaching = few.clone();
    reaching.via.push("Kemi".into());
    assert_eq!(
        route_to_kemi.verdict(&reaching, Kind::Departures, RowStops::Selection),
        Verdict::Goes
    );
    let journey = ["Helsinki", "Tampere", "Oulu", "Rovaniemi"];
    let after = beyond(&journey, |n| n == "Tampere", Kind::Departures);
    assert_eq!(after, ["Oulu", "Rovaniemi"]);
    assert!(route.takes(&after));
    let before = beyond(&journey, |n| n == "Oulu", Kind::Arrivals);
    assert_eq!(before, ["Tampere", "Helsinki"]);
    assert_eq!(route.described(Kind::Departures), "to Oulu");
}

#[test]
fn a_time_past_midnight_is_marked_as_the_next_day() {
    let at = |t: &str| NaiveTime::parse_from_str(t, "%H:%M").unwrap();
    assert_eq!(day_mark("00:05", at("23:30")), "+1");
    assert_eq!(day_mark("23:55", at("23:30")), "");
    assert_eq!(day_mark("11:00", at("23:30")), "+1");
    // Late yesterday, seen just after midnight: not tomorrow.
    assert_eq!(day_mark("23:55", at("00:10")), "");
    assert_eq!(day_mark("08:00", at("07:42")), "");
    assert_eq!(day_mark("--", at("23:30")), "");
}

#[test]
fn walks_parse_for_all_and_each() {
    let parse = |s: &str| Walks::parse(s, crate::stations::Directory::embedded());
    let w = parse("5m, finland:PSL=9m").unwrap();
    assert_eq!((w.to("Helsinki"), w.to("Pasila")), (5, 9));
    assert_eq!(parse("3m").unwrap().all, 3);
    assert!(parse("3").is_err(), "a unit is said");
    assert!(parse("=3m").is_err());
    assert!(parse("3h").is_err(), "longer than two hours");
    assert!(parse("30s").is_err());
    assert_eq!(w.unknown(&["Helsinki"]), ["finland:PSL"]);
    assert!(w.unknown(&["Helsinki", "Pasila"]).is_empty());
    assert!(parse("0m").unwrap().is_empty());
}

#[test]
fn merged_boards_are_one_list_by_time_across_midnight() {
    let now: DateTime<Utc> = "2026-11-25T21:50:00Z".parse().unwrap();
    let board = |name: &str, times: &[&str]| DeparturesResponse {
        departures: times
            .iter()
            .map(|t| Departure {
                scheduled_dep: t.to_string(),
                ..row(&[], "X")
            })
            .collect(),
        station: StationInfo {
            code: name.into(),
            name: name.into(),
            country: Some("finland".into()),
            timezone: None,
        },
        fetched_at: format!("2026-11-25T21:4{}:00Z", name.len() % 10),
        attribution: Some(format!("{name} feed")),
        ..Default::default()
    };
    // 23:55 Helsinki time is before 00:05, which is tomorrow.
    let merged = merge(
        vec![
            board("Helsinki", &["00:05", "23:55"]),
            board("Pasila", &["23:58"]),
        ],
        now,
    );
    let order: Vec<(&str, &str)> = merged
        .departures
        .iter()
        .map(|d| (d.scheduled_dep.as_str(), d.departs_from.as_deref().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            ("23:55", "Helsinki"),
            ("23:58", "Pasila"),
            ("00:05", "Helsinki")
        ]
    );
    assert_eq!(merged.station.name, "Helsinki + Pasila");
    assert_eq!(merged.stations.len(), 2);
    assert_eq!(
        merged.attribution.as_deref(),
        Some("Helsinki feed; Pasila feed")
    );
    assert_eq!(merged.fetched_at, "2026-11-25T21:46:00Z");
}

/// The rows are in the order of the time shown first, the timetabled one: a late train keeps
/// its place (its delay says when it leaves), as on each station's own board.
#[test]
fn a_merged_board_is_ordered_by_the_timetabled_time() {
    let now: DateTime<Utc> = "2026-11-25T07:40:00Z".parse().unwrap();
    let board = |name: &str, rows: &[(&str, Option<&str>)]| DeparturesResponse {
        departures: rows
            .iter()
            .map(|(t, e)| Departure {
                scheduled_dep: t.to_string(),
                expected_dep: e.map(str::to_string),
                ..row(&[], "X")
            })
            .collect(),
        station: StationInfo {
            code: name.into(),
            name: name.into(),
            country: Some("switzerland".into()),
            timezone: None,
        },
        ..Default::default()
    };
    let merged = merge(
        vec![
            board("Zürich HB", &[("08:17", Some("08:43")), ("08:45", None)]),
            board("Zürich Oerlikon", &[("08:42", Some("08:42"))]),
        ],
        now,
    );
    let order: Vec<&str> = merged
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    assert_eq!(order, ["08:17", "08:42", "08:45"]);
}

#[test]
fn a_board_time_is_read_as_chronos_format_reads_it() {
    for text in [
        "09:05",
        "9:05",
        "23:59",
        "00:00",
        "24:00",
        "12:60",
        "7:5",
        "",
        ":",
        "09:",
        ":05",
        "0905",
        "09:05 ",
        " 09:05",
        "+9:05",
        "09:05:00",
        "١٢:٣٤",
        "009:05",
        "09:005",
        "-1:05",
        "09: 05",
        "\t9:05",
        " 09 :05",
    ] {
        assert_eq!(
            clock_time(text),
            NaiveTime::parse_from_str(text, "%H:%M").ok(),
            "{text:?}"
        );
    }
}
