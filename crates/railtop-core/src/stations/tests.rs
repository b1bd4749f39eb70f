//! The station directory: ranking, resolving, the main-station rule.

use super::*;

#[test]
fn a_feed_list_adds_codes_to_known_stations_and_appends_the_rest() {
    let station = |code: &str, name: &str, aliases: &[&str]| assets::Station {
        code: code.into(),
        name: name.into(),
        lat: 52.0,
        lng: 5.0,
        aliases: aliases.iter().map(|a| a.to_string()).collect(),
    };
    let mut online = BTreeMap::new();
    online.insert(
        "netherlands",
        vec![
            station("8400058", "Amsterdam Centraal", &["ASD"]),
            station("8499999", "Testdorp Noord", &["TSTN"]),
        ],
    );
    let d = Directory::merged(&online);
    let amsterdam = d.entries().iter().find(|e| e.code == "8400058").unwrap();
    assert!(amsterdam.has_code("asd"), "the feed's code is an alias");
    assert_eq!(amsterdam.rank, 0, "the embedded order stands");
    assert!(matches!(d.resolve("ASD", None), Resolved::One(e) if e.code == "8400058"));
    let added = d.entries().iter().find(|e| e.code == "8499999").unwrap();
    let embedded = assets::stations("netherlands").len();
    assert_eq!(added.rank as usize, embedded, "after the embedded stations");
    assert_eq!(d.len(), Directory::embedded().len() + 1);
}

fn top(query: &str) -> String {
    let d = Directory::embedded();
    let found = d.search(
        query,
        Scope {
            limit: 5,
            ..Scope::default()
        },
    );
    found
        .first()
        .map(|m| format!("{} {}", m.entry.name, m.entry.country))
        .unwrap_or_default()
}

#[test]
fn each_spelling_finds_its_station() {
    for (query, want) in [
        ("zurich", "Zürich HB switzerland"),
        ("zuerich", "Zürich HB switzerland"),
        ("ZÜRICH hb", "Zürich HB switzerland"),
        ("koln", "Köln Hbf germany"),
        ("koeln", "Köln Hbf germany"),
        ("munchen", "München Hbf germany"),
        ("muenchen", "München Hbf germany"),
        ("jyvaskyla", "Jyväskylä finland"),
        ("helsinki", "Helsinki finland"),
        ("HKI", "Helsinki finland"),
        ("berlin-hbf", "Berlin Hbf germany"),
        ("lodz", "Łódź Fabryczna poland"),
        ("warszawa c", "Warszawa Centralna poland"),
        ("roma t", "Roma Termini italy"),
        ("chamartin", "Madrid-Chamartín-Clara Campoamor spain"),
        ("helsimki", "Helsinki finland"),
    ] {
        assert_eq!(top(query), want, "{query}");
    }
}

#[test]
fn words_rank_main_stations_first() {
    let d = Directory::embedded();
    let hbf = d.search(
        "hbf",
        Scope {
            country: Some("germany"),
            limit: 3,
            ..Scope::default()
        },
    );
    assert_eq!(hbf[0].entry.name, "Berlin Hbf", "the list's first station");
    assert!(
        hbf.iter().all(|m| m.how == How::Words),
        "hbf is a whole word of each"
    );
    let airport = d.search(
        "airport",
        Scope {
            limit: 20,
            ..Scope::default()
        },
    );
    assert!(airport.iter().any(|m| m.entry.name == "Lublin Airport"));
}

#[test]
fn describes_the_station_a_screen_starts_on() {
    let d = Directory::embedded();
    let helsinki = Some(("Helsinki".to_string(), Some(chrono_tz::Europe::Helsinki)));
    assert_eq!(d.describe("HKI"), helsinki);
    assert_eq!(d.describe("finland:HKI"), helsinki);
    assert_eq!(d.describe("helsinki"), helsinki);
    assert_eq!(
        d.describe("united-states:NYP").map(|(_, tz)| tz),
        Some(Some(chrono_tz::America::New_York))
    );
    assert_eq!(d.describe("narnia:HKI"), None);
    assert_eq!(d.describe("qxzvwk"), None);
}

#[test]
fn finds_codes_and_aliases() {
    let d = Directory::embedded();
    let name = |code: &str, country| d.by_code(code, country).map(|e| e.name.as_str());
    assert_eq!(name("HKI", None), Some("Helsinki"));
    assert_eq!(name("tpe", None), Some("Tampere"));
    assert_eq!(name("CNLLY", None), Some("Dublin Connolly"));
    assert_eq!(name("berlin-hbf", None), Some("Berlin Hbf"));
    assert_eq!(name("8011160", None), Some("Berlin Hbf"));
    assert_eq!(name("8503000", None), Some("Zürich HB"));
    assert_eq!(name("ED", Some("netherlands")), Some("Ede-Wageningen"));
    assert_eq!(name("HKI", Some("ireland")), None);
    assert_eq!(name("NOPE", None), None);
}

#[test]
fn a_citys_name_is_its_main_station_and_ns_codes_are_codes() {
    let d = Directory::embedded();
    for query in ["zurich", "zuerich", "Zürich", "ZURICH"] {
        assert!(
            matches!(d.resolve(query, None), Resolved::One(e) if e.name == "Zürich HB"),
            "{query}: {:?}",
            d.resolve(query, None)
        );
    }
    assert!(
        matches!(d.resolve("milano", None), Resolved::One(e) if e.name == "Milano Centrale"),
        "{:?}",
        d.resolve("milano", None)
    );
    assert!(
        matches!(d.resolve("ED", Some("netherlands")), Resolved::One(e) if e.name == "Ede-Wageningen")
    );
    assert!(
        matches!(d.resolve("zurich flughafen", None), Resolved::One(e) if e.name == "Zürich Flughafen")
    );
    let others: Vec<&str> = d
        .others("zurich", None)
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert!(others.contains(&"Zürich Flughafen") && !others.contains(&"Zürich HB"));
    assert!(
        d.others("8503000", None).is_empty(),
        "a code names one station"
    );
    assert!(d.others("zürich hb", None).is_empty());
    // No main-station word: still every candidate.
    assert!(matches!(
        d.resolve("warszawa", None),
        Resolved::Ambiguous(_)
    ));
}

#[test]
fn a_fresher_feed_list_renames_a_wrong_embedded_code() {
    let mut online = BTreeMap::new();
    let renamed = assets::Station {
        code: "008833001".into(),
        name: "Leuven Station".into(),
        lat: 50.88,
        lng: 4.71,
        aliases: vec![],
    };
    online.insert("belgium", vec![renamed]);
    let d = Directory::merged(&online);
    let e = d
        .entries()
        .iter()
        .find(|e| e.country == "belgium" && e.code == "008833001")
        .unwrap();
    assert_eq!(e.name, "Leuven Station");
    assert!(
        e.aliases.iter().any(|a| a == "Leuven"),
        "the old name answers still"
    );
    assert!(matches!(
        d.resolve("leuven", Some("belgium")),
        Resolved::One(_)
    ));
}

#[test]
fn resolves_one_or_lists_candidates() {
    let d = Directory::embedded();
    assert!(matches!(d.resolve("helsinki", None), Resolved::One(e) if e.code == "HKI"));
    assert!(matches!(d.resolve("tpe", None), Resolved::One(e) if e.name == "Tampere"));
    match d.resolve("warszawa", None) {
        Resolved::Ambiguous(c) => {
            assert_eq!(c[0].name, "Warszawa Centralna", "main first");
            assert!(listed(&c).starts_with("Warszawa Centralna (33605, poland), "));
        }
        other => panic!("{other:?}"),
    }
    match d.resolve("helsinkk", None) {
        Resolved::Unknown(c) => assert_eq!(c[0].name, "Helsinki", "a typo is a suggestion"),
        other => panic!("{other:?}"),
    }
    assert_eq!(d.resolve("qqqqqq", None), Resolved::Unknown(Vec::new()));
    assert_eq!(
        d.resolve(" ", Some("germany")),
        Resolved::Unknown(Vec::new())
    );
    assert!(matches!(
        d.resolve("helsinki", Some("ireland")),
        Resolved::Unknown(_)
    ));
}

#[test]
fn near_a_point_and_empty_queries() {
    let d = Directory::embedded();
    let near = d.search(
        "",
        Scope {
            country: Some("finland"),
            near: Some((61.4981, 23.7610)),
            limit: 2,
            ..Scope::default()
        },
    );
    assert_eq!(near[0].entry.name, "Tampere");
    let main = d.search(
        "",
        Scope {
            country: Some("italy"),
            limit: 1,
            ..Scope::default()
        },
    );
    assert_eq!(main[0].entry.name, "Milano Centrale");
    assert!(d.len() > 500 && d.countries().contains(&"poland"));
}

#[test]
fn a_city_in_another_language_and_a_whole_word_find_the_station() {
    let d = Directory::embedded();
    let one = |q: &str| match d.resolve(q, None) {
        Resolved::One(e) => e.name.clone(),
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(one("cologne"), "Köln Hbf");
    assert_eq!(one("munich"), "München Hbf");
    assert_eq!(one("florence"), "Firenze Santa Maria Novella");
    assert_eq!(one("milan"), "Milano Centrale");
    assert_eq!(one("milano"), "Milano Centrale");
    assert_eq!(one("the hague centraal"), "Den Haag Centraal");
    // A whole word outranks a part of a word: Gent-Sint-Pieters, not Nogent-sur-Seine.
    let gent = d.search(
        "gent",
        Scope {
            limit: 3,
            ..Scope::default()
        },
    );
    assert_eq!(gent[0].entry.name, "Gent-Sint-Pieters");
    assert_eq!(gent[0].how, How::Words);
    assert!(gent[1..].iter().all(|m| m.how == How::Part));
    // `bruxelles` finds Brussels' stations.
    let brussels = d.search(
        "bruxelles",
        Scope {
            limit: 5,
            ..Scope::default()
        },
    );
    assert!(brussels.len() >= 3 && brussels.iter().all(|m| m.entry.name.contains("Brussels")));
}

#[test]
fn an_ambiguity_a_source_narrows_to_one_is_that_one() {
    let d = Directory::embedded();
    let narrowed = d.resolve("gent", None).only(|e| e.country == "belgium");
    assert!(matches!(narrowed, Resolved::One(e) if e.name == "Gent-Sint-Pieters"));
}

#[test]
fn a_station_is_shown_and_labelled_one_way_however_it_was_typed() {
    let d = Directory::embedded();
    for typed in ["tampere", "TPE", "finland:TPE"] {
        assert_eq!(d.shown_as(typed), "Tampere (TPE, finland)", "{typed}");
        assert_eq!(d.label(typed), "finland:TPE", "{typed}");
    }
    assert_eq!(
        d.label("nowhere\u{1b}[31m"),
        "nowhere",
        "through the sanitiser"
    );
}

#[test]
fn a_name_matches_from_its_start_or_its_words_never_inside_a_word() {
    let d = Directory::embedded();
    let found = |q: &str| -> Vec<String> {
        d.search(q, Scope::default())
            .iter()
            .map(|m| m.entry.name.clone())
            .collect()
    };
    assert!(found("root").is_empty(), "{:?}", found("root"));
    assert!(found("admin").is_empty(), "{:?}", found("admin"));
    assert!(found("pasi").contains(&"Pasila".to_string()));
    assert!(
        found("sint").iter().any(|n| n == "Gent-Sint-Pieters"),
        "a word's start"
    );
    assert!(
        found("hbf").iter().any(|n| n.ends_with("Hbf")),
        "a later word"
    );
}

/// `COUNTRY:CODE` and `COUNTRY:name` search that country alone, in every search (`railtop
/// stations finland:HKI`, the picker, a route's end); a code with colons of its own is no
/// country's (new-user pass, item 3).
#[test]
fn a_country_before_the_colon_searches_that_country() {
    let d = Directory::embedded();
    let scope = Scope {
        limit: 5,
        ..Scope::default()
    };
    let top = |q: &str| d.search(q, scope).first().map(|m| m.entry.qualified());
    assert_eq!(top("finland:HKI").as_deref(), Some("finland:HKI"));
    assert_eq!(top("Finland: helsinki").as_deref(), Some("finland:HKI"));
    assert!(d
        .search("germany:hbf", scope)
        .iter()
        .all(|m| m.entry.country == "germany"));
    assert!(d.search("finland:zzzzqq", scope).is_empty());
    let elsewhere = Scope {
        country: Some("ireland"),
        ..scope
    };
    assert!(
        d.search("finland:HKI", elsewhere).is_empty(),
        "two countries"
    );
    assert!(matches!(
        d.resolve("switzerland:zurich", None),
        Resolved::One(e) if e.code == "8503000"
    ));
    assert_eq!(d.resolve("finland:", None), Resolved::Unknown(Vec::new()));
    assert_eq!(d.split_country("NSR:StopPlace:59872"), None);
    assert_eq!(
        d.split_country("norway:NSR:StopPlace:59872"),
        Some(("norway", "NSR:StopPlace:59872"))
    );
}
