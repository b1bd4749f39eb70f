//! The disruptions reader on its fixtures and on payloads made in the tests.

use super::*;
use railtop_core::model::Departure;

fn fixture() -> Vec<Disruption> {
    parse_disruptions(&crate::test_support::fixture(
        "netherlands/disruptions.json",
    ))
    .unwrap()
}

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

fn codes(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| c.to_string()).collect()
}

fn row(destination: &str, via: &[&str]) -> Departure {
    Departure {
        line: "IC".into(),
        destination: destination.into(),
        via: via.iter().map(|v| v.to_string()).collect(),
        scheduled_dep: "07:10".into(),
        ..Default::default()
    }
}

fn by_id<'a>(list: &'a [Disruption], id: &str) -> &'a Disruption {
    list.iter().find(|d| d.id == id).unwrap()
}

#[test]
fn the_fixture_reads_in_ns_shape() {
    let list = fixture();
    assert_eq!(list.len(), 5);
    let a = by_id(&list, "7139052");
    assert_eq!(a.kind, Kind::Disruption);
    assert_eq!(a.title, "Utrecht Centraal - Amsterdam Centraal.");
    assert_eq!(a.sections.len(), 1);
    assert_eq!(a.sections[0].stations.len(), 6);
    assert_eq!(a.sections[0].consequence.as_deref(), Some("minder treinen"));
    assert_eq!(a.timespans[0].start, Some(at("2026-11-24T05:38:00Z")));
    assert_eq!(a.timespans[0].end, Some(at("2026-11-24T08:15:00Z")));
    assert_eq!(a.timespans[0].advices.len(), 2);
    let c = by_id(&list, "7139017");
    assert_eq!(c.timespans[0].end, None, "no end: open");
    assert_eq!(c.sections[0].stations[2].country, "D");
    let e = by_id(&list, "20261124-0712-utrecht");
    assert_eq!(e.kind, Kind::Calamity);
    assert_eq!(e.priority, 2);
    assert!(e.sections.is_empty() && e.timespans.is_empty());
}

/// The test clock, 07:00 in Amsterdam: (a) applies; (b) is active but its only timespan is
/// tomorrow; (c) has no end; (d) is not active, even inside its own timespan.
#[test]
fn in_force_by_the_timespans_not_by_is_active() {
    let list = fixture();
    let now = crate::test_support::now();
    let in_force: Vec<&str> = list
        .iter()
        .filter(|d| d.in_force(now).is_some())
        .map(|d| d.id.as_str())
        .collect();
    assert_eq!(in_force, ["7139052", "7139017"]);
    let b = by_id(&list, "7011846");
    assert!(
        b.active && b.in_force(now).is_none(),
        "tomorrow's, not today's"
    );
    assert!(b.in_force(at("2026-11-25T10:00:00Z")).is_some());
    let d = by_id(&list, "7012530");
    assert!(
        d.in_force(at("2026-12-05T10:00:00Z")).is_none(),
        "never: not active"
    );
    let a = by_id(&list, "7139052");
    assert!(
        a.in_force(at("2026-11-24T08:15:00Z")).is_none(),
        "the end is not in it"
    );
    assert!(a.in_force(at("2026-11-24T05:37:59Z")).is_none());
}

#[test]
fn a_board_gets_the_notices_and_its_trains_through_the_section_the_messages() {
    let list = fixture();
    let now = crate::test_support::now();
    let mut board = Board::named(
        None,
        vec![
            row("Schiphol Airport", &["Amsterdam Bijlmer ArenA"]),
            row("Leiden Centraal", &["Woerden"]),
            // NS's medium names: met by their UIC numbers, or by the name undone.
            row("Alkmaar", &["Amstel", "Amsterdam C."]),
            row("Den Helder", &["Zaandam"]),
            row("Amsterdam Centraal", &[]),
            row("Rhenen", &[]),
        ],
    );
    board.departures[1].add_message("Stopt ook in Woerden", Some("nl"));
    let passes = vec![
        vec!["8400074".to_string()],
        vec!["8400741".to_string()],
        vec![],
        vec!["8400057".to_string(), "8400731".to_string()],
    ];
    apply_disruptions(&mut board, &passes, &codes(&["UT", "8400621"]), &list, now);
    let a = "Utrecht Centraal - Amsterdam Centraal: defecte trein. Minder treinen. \
             Dit duurt tot ongeveer 9:15 uur. Extra reistijd ca. 30 min. \
             Plan uw reis vlak voor vertrek in de NS-app of op ns.nl.";
    let calamity = "Utrecht Centraal: beperkt treinverkeer. Door een stroomstoring op \
                    Utrecht Centraal rijden er van en naar Utrecht Centraal veel minder \
                    treinen.";
    let notices: Vec<(&str, Option<&str>)> = board
        .notices
        .iter()
        .map(|(t, l)| (t.as_str(), l.as_deref()))
        .collect();
    assert_eq!(notices, [(calamity, Some("nl")), (a, Some("nl"))]);
    assert!(a.chars().count() <= MAX_TEXT);
    let messages: Vec<&[String]> = board.departures.iter().map(|d| &d.messages[..]).collect();
    assert_eq!(messages[0], [a], "via Bijlmer ArenA, by its UIC number");
    assert_eq!(
        messages[1],
        ["Stopt ook in Woerden"],
        "Leiden: not the section"
    );
    assert_eq!(messages[2], [a], "Amsterdam C., by name");
    assert_eq!(messages[3], [a], "Amstel by UIC number");
    assert_eq!(messages[4], [a], "to Amsterdam Centraal");
    assert!(messages[5].is_empty(), "Rhenen");
    assert_eq!(board.departures[1].message_languages, [Some("nl".into())]);
    assert_eq!(board.departures[0].message_languages, [Some("nl".into())]);

    // Again (a second refresh of a kept board): nothing twice.
    apply_disruptions(&mut board, &passes, &codes(&["UT"]), &list, now);
    assert_eq!(board.notices.len(), 2);
    assert_eq!(board.departures[0].messages.len(), 1);
}

#[test]
fn a_station_outside_every_section_gets_the_calamity_only() {
    let list = fixture();
    let mut board = Board::named(None, vec![row("Utrecht Centraal", &["Amsterdam Amstel"])]);
    apply_disruptions(
        &mut board,
        &[],
        &codes(&["GVC", "8400282"]),
        &list,
        crate::test_support::now(),
    );
    assert_eq!(board.notices.len(), 1);
    assert!(board.notices[0].0.starts_with("Utrecht Centraal: beperkt"));
    assert!(
        board.departures[0].messages.is_empty(),
        "the train passes the stretch, but The Hague is not in the section"
    );
}

/// Zevenaar on the international stretch to Oberhausen: its board and the trains to the
/// German stations get (c); the stretch's foreign stations match no Dutch board, and a
/// Belgian stretch's maintenance (d), not active, is nobody's.
#[test]
fn foreign_stations_are_matched_by_their_codes_and_names_only() {
    let list = fixture();
    let now = crate::test_support::now();
    let mut board = Board::named(
        None,
        vec![
            row("Oberhausen Hbf", &["Emmerich"]),
            row("Arnhem Centraal", &[]),
            row("Winterswijk", &["Doetinchem"]),
        ],
    );
    apply_disruptions(&mut board, &[], &codes(&["ZV", "8400735"]), &list, now);
    let c = "Arnhem Centraal - Oberhausen Hbf: seinstoring. Geen treinen. \
             Hoe lang dit duurt is nog niet bekend. Extra reistijd meer dan 60 min. \
             Reis tussen Arnhem Centraal en Duisburg Hbf via Venlo.";
    assert_eq!(board.notices.len(), 2, "{:?}", board.notices);
    assert_eq!(board.notices[1].0, c);
    assert_eq!(board.departures[0].messages, [c]);
    assert_eq!(board.departures[1].messages, [c]);
    assert!(board.departures[2].messages.is_empty());

    // Roosendaal: (d) is inactive, even on its own day; the Belgian codes match nothing.
    for when in ["2026-11-24T06:00:00Z", "2026-12-05T10:00:00Z"] {
        let mut rsd = Board::named(None, vec![row("Antwerpen-Centraal", &["Noorderkempen"])]);
        apply_disruptions(&mut rsd, &[], &codes(&["RSD", "8400526"]), &list, at(when));
        assert!(rsd.departures[0].messages.is_empty(), "{when}");
        assert!(rsd.notices.iter().all(|(t, _)| !t.contains("Roosendaal")));
    }
    // A board with no code matches no station (the section's stations all have some);
    // Emmerich's own board (NS has foreign boards) is Emmerich's, by code or number.
    for (asked, matched) in [("", false), (" ", false), ("EM", true), ("8010288", true)] {
        let mut b = Board::named(None, vec![row("Oberhausen Hbf", &[])]);
        apply_disruptions(&mut b, &[], &codes(&[asked]), &list, now);
        assert_eq!(b.departures[0].messages.is_empty(), !matched, "{asked:?}");
    }
}

#[test]
fn tomorrows_works_are_tomorrows_message_with_their_buses() {
    let list = fixture();
    let tomorrow = at("2026-11-25T09:00:00Z");
    let mut board = Board::named(None, vec![row("Eindhoven Centraal", &["'s-Hertogenbosch"])]);
    apply_disruptions(&mut board, &[], &codes(&["8400621"]), &list, tomorrow);
    let b = "Utrecht Centraal - 's-Hertogenbosch: werkzaamheden. Geen treinen. \
             Bussen rijden. Woensdag 25 november 1:00 uur t/m 23:30 uur. \
             Extra reistijd ca. 45 min. Houd rekening met een langere reistijd.";
    assert_eq!(board.departures[0].messages, [b]);
    assert!(board.notices.iter().any(|(t, _)| t == b));
}

#[test]
fn lenient_reading_of_what_the_specification_calls_required() {
    // No isActive, no title but its stations, one timespan without an end, a station
    // without a code, an item of the wrong shape (left out, not the answer), an item
    // without timespans (NS's older shape), a calamity without a description.
    let payload = br#"[
      {"type": "DISRUPTION", "id": "1",
       "titleSections": [[{"type": "STATION", "value": "Utrecht Centraal"},
                          {"type": "ICON", "value": "x"},
                          {"type": "STATION", "value": "Utrecht Overvecht"}]],
       "publicationSections": [{"section": {"stations": [
          {"uicCode": "8400621", "name": "Utrecht Centraal"},
          {"uicCode": 8400620, "name": "Utrecht Overvecht", "countryCode": "NL"}]}}],
       "timespans": [{"start": "2026-11-24T06:00:00+0100",
                      "situation": {"label": "Er rijden minder treinen."}}]},
      {"type": "DISRUPTION", "id": "2", "impact": "high"},
      {"type": "MAINTENANCE", "id": "3", "start": "2026-11-24T06:30:00+01:00",
       "publicationSections": [{"section": {"stations": [{"uicCode": "8400621"},
          {"uicCode": "8400058", "name": "Amsterdam Centraal"}]},
          "consequence": {"level": "NO_OR_MUCH_LESS_TRAINS"}}]},
      {"type": "CALAMITY", "id": "4", "title": "Landelijke storing",
       "bodyItems": [{"type": "LINKS"}, {"type": "TEXT", "content": {"text": "Geen treinen."}}]},
      7, null
    ]"#;
    let list = parse_disruptions(payload).unwrap();
    let ids: Vec<&str> = list.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(ids, ["1", "3", "4"]);
    assert_eq!(list[0].title, "Utrecht Centraal - Utrecht Overvecht");
    assert!(list[0].active);
    assert_eq!(list[1].timespans.len(), 1, "the item's own start");
    let now = crate::test_support::now();
    let mut board = Board::named(
        None,
        vec![
            row("Zwolle", &["Utrecht Overvecht"]),
            row("Amsterdam Centraal", &[]),
        ],
    );
    apply_disruptions(&mut board, &[], &codes(&["UT", "8400621"]), &list, now);
    assert_eq!(
        board.departures[0].messages,
        ["Utrecht Centraal - Utrecht Overvecht: Er rijden minder treinen."]
    );
    assert_eq!(
        board.departures[1].messages,
        ["Amsterdam Centraal: geen of veel minder treinen."],
        "no title, and a section whose first station has no name"
    );
    assert_eq!(board.notices[0].0, "Landelijke storing. Geen treinen.");

    assert!(parse_disruptions(b"{}").unwrap().is_empty());
    assert!(
        parse_disruptions(br#"{"payload": [{"type": "CALAMITY"}]}"#)
            .unwrap()
            .len()
            == 1
    );
    assert!(parse_disruptions(b"<html>").is_err());
    assert!(parse_disruptions(b"\"x\"").is_err());
}

#[test]
fn long_texts_keep_their_head_and_what_fits() {
    let list = fixture();
    let mut a = by_id(&list, "7139052").clone();
    a.timespans[0].advices = vec!["x".repeat(150), "Kort advies.".into()];
    let text = message(
        &a,
        &a.timespans[0],
        &a.sections[0],
        crate::test_support::now(),
    );
    assert!(text.chars().count() <= MAX_TEXT, "{text}");
    assert!(text.ends_with("Kort advies."), "{text}");
    let mut open = a.clone();
    open.expected = None;
    open.timespans[0].period = None;
    open.timespans[0].advices.clear();
    open.timespans[0].travel_time = None;
    open.travel_time = None;
    let text = message(
        &open,
        &open.timespans[0],
        &open.sections[0],
        crate::test_support::now(),
    );
    assert!(text.ends_with("Minder treinen. Tot 9:15 uur."), "{text}");
    let later = until(at("2026-11-25T22:30:00Z"), crate::test_support::now());
    assert_eq!(later, "Tot 25 november 23:30 uur.");
}

#[test]
fn names_fold_ns_shortenings() {
    assert_eq!(fold("Amsterdam C."), fold("Amsterdam Centraal"));
    assert_eq!(fold("Alphen a/d Rijn"), fold("Alphen aan den Rijn"));
    assert_eq!(fold("’s-Hertogenbosch"), fold("'s-Hertogenbosch"));
    assert_ne!(fold("Utrecht C."), fold("Utrecht"));
    assert_eq!(fold("C"), "c");
}
