//! Unit tests of `output.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn delays_read_as_words() {
    assert_eq!(delay_text(None), "no data");
    assert_eq!(delay_text(Some(0)), "on time");
    assert_eq!(delay_text(Some(7)), "+7 min");
    assert_eq!(delay_text(Some(-2)), "-2 min");
}

#[test]
fn platform_changes_show_both() {
    assert_eq!(platform_text(Some("5"), Some("3")), "3→5");
    assert_eq!(platform_text(Some("5"), Some("5")), "5");
    assert_eq!(platform_text(None, None), "—");
}

#[test]
fn csv_quotes_what_needs_it() {
    let out = csv(
        &["a", "b"],
        vec![vec!["x,y".into(), "say \"hi\"".into()]].into_iter(),
    );
    assert_eq!(out, "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n");
}

#[test]
fn table_aligns_and_cleans() {
    let out = table(
        &["A", "BB"],
        vec![
            vec!["Zürich\u{1b}[31m".into(), "1".into()],
            vec!["x".into(), "22".into()],
        ]
        .into_iter(),
    );
    assert_eq!(out, "A       BB\nZürich  1\nx       22\n");
}

#[test]
fn fetched_times_are_read_on_a_clock_with_its_zone() {
    assert_eq!(
        fetched_text("2026-11-24T06:00:00Z", Some("Europe/Helsinki")),
        "2026-11-24 08:00:00 EET"
    );
    assert!(fetched_text("2026-11-24T06:00:00Z", None).contains(':'));
    assert_eq!(fetched_text("soon", None), "soon");
}
