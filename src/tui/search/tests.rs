//! Unit tests of `search.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn typed(country: Option<&str>, text: &str) -> StationSearch {
    let mut s = StationSearch::new(country, false, None);
    for c in text.chars() {
        s.edit(SearchEdit::Input(c));
    }
    s
}

/// A source that answers for some countries only (the demo) is offered no others' stations.
#[test]
fn offers_only_the_stations_the_source_has() {
    let mut s = StationSearch::new(None, false, Some(vec!["finland", "germany"]));
    for c in "wien".chars() {
        s.edit(SearchEdit::Input(c));
    }
    assert!(s.matches.is_empty(), "{:?}", s.matches);
    let all = typed(None, "wien");
    assert_eq!(all.matches[0].name, "Wien Hbf");
}

#[test]
fn completes_names_and_codes_in_every_country() {
    let s = typed(Some("finland"), "tam");
    assert_eq!(s.matches[0].code, "TPE");
    let s = typed(Some("finland"), "hki");
    assert_eq!(s.matches[0].name, "Helsinki");
    let s = typed(None, "berlin-hbf");
    assert_eq!(s.matches[0].code, "8011160", "aliases match exactly");
    let s = typed(Some("italy"), "zurich");
    assert_eq!(
        (s.matches[0].code.as_str(), s.matches[0].country),
        ("8503000", "switzerland"),
        "another country's station, with its country"
    );
    let s = typed(Some("spain"), "sevilla");
    assert!(s.matches.iter().any(|m| m.country == "spain"));
}

#[test]
fn ctrl_w_deletes_a_word_and_ctrl_u_the_field() {
    let mut s = typed(Some("italy"), "roma termini");
    s.edit(SearchEdit::DeleteWord);
    assert_eq!(s.input, "roma ");
    s.edit(SearchEdit::DeleteWord);
    assert_eq!(s.input, "");
    let mut s = typed(Some("italy"), "roma t");
    s.edit(SearchEdit::Clear);
    assert_eq!(s.input, "");
    assert!(!s.matches.is_empty(), "the main stations again");
}

#[test]
fn the_selected_country_comes_first() {
    let s = typed(Some("ireland"), "hel");
    assert!(s.matches.len() > 1);
    let s = typed(Some("finland"), "hel");
    assert_eq!(s.matches[0].country, "finland");
}

#[test]
fn picks_the_highlight_or_the_raw_code() {
    let mut s = typed(Some("finland"), "tampere");
    assert_eq!(
        s.edit(SearchEdit::Pick),
        Some(Picked {
            code: "TPE".into(),
            country: Some("finland")
        })
    );
    let mut s = typed(Some("finland"), "XYZ9");
    assert!(s.matches.is_empty());
    assert_eq!(
        s.edit(SearchEdit::Pick),
        Some(Picked {
            code: "XYZ9".into(),
            country: None
        })
    );
    let mut s = typed(Some("finland"), "p");
    s.edit(SearchEdit::Next);
    assert_eq!(s.selected, 1);
    s.edit(SearchEdit::Prev);
    s.edit(SearchEdit::Prev);
    assert_eq!(s.selected, 0);
}

fn record(code: &str, name: &str, country: &str) -> railtop_core::stations::StationRecord {
    railtop_core::stations::StationRecord {
        code: code.into(),
        name: name.into(),
        country: country.into(),
        qualified: format!("{country}:{code}"),
        lat: 60.0,
        lng: 25.0,
        timezone: "Europe/Helsinki".into(),
        aliases: Vec::new(),
        rank: 0,
        km: None,
    }
}

#[test]
fn a_remote_servers_directory_has_the_last_word() {
    let mut s = StationSearch::new(Some("finland"), true, None);
    for c in "qxzvwk".chars() {
        s.edit(SearchEdit::Input(c));
    }
    assert!(s.matches.is_empty(), "this process knows no such station");
    assert_eq!(s.origin, Origin::Asking);
    let asked = s.query().unwrap();
    assert_eq!(
        (asked.q.as_str(), asked.prefer.as_deref(), asked.limit),
        ("qxzvwk", Some("finland"), MAX_MATCHES)
    );
    // An answer to older text is dropped.
    let stale = StationsQuery {
        q: "qxzvw".into(),
        ..asked.clone()
    };
    let answer = |records| {
        Ok(Arc::new(StationsAnswer {
            query: String::new(),
            stations: records,
        }))
    };
    s.answered(&stale, answer(vec![record("X", "Old", "finland")]));
    assert!(s.matches.is_empty());
    // The answer to this text replaces the matches; a country this process cannot keep
    // (not a slug) is left out rather than shown.
    s.answered(
        &asked,
        answer(vec![
            record("HKI", "Stadin asema", "finland"),
            record("Z", "Bad", "Not A Slug!"),
            record("TLN", "Tallinn", "estonia-region"),
        ]),
    );
    assert_eq!(s.origin, Origin::Server);
    let got: Vec<(&str, &str)> = s
        .matches
        .iter()
        .map(|m| (m.code.as_str(), m.country))
        .collect();
    assert_eq!(got, [("HKI", "finland"), ("TLN", "estonia-region")]);
    assert_eq!(
        s.edit(SearchEdit::Pick),
        Some(Picked {
            code: "HKI".into(),
            country: Some("finland")
        })
    );
    // Typing again asks again; a failure keeps this process's matches and says why.
    s.edit(SearchEdit::Backspace);
    assert_eq!(s.origin, Origin::Asking);
    let asked = s.query().unwrap();
    s.answered(
        &asked,
        Err(Failure::of(&railtop_feeds::source::SourceError::NotFound(
            "no such endpoint".into(),
        ))),
    );
    assert!(matches!(&s.origin, Origin::ServerFailed(why) if why.contains("no such endpoint")));
    // A local source is never asked.
    assert_eq!(
        StationSearch::new(Some("finland"), false, None).query(),
        None
    );
}
