//! The checklist `docs/architecture.md` gives for a new feed, enforced for every row of the
//! registry: what a feed must bring besides its code, so that a feed added without one of them
//! fails here by name rather than being found missing by a user.
//!
//! Checked elsewhere, and named here so the list is whole: every parser has a fuzz target
//! (`registry::tests::every_parser_of_outside_data_has_a_fuzz_target`); every row answers trains,
//! a board and a journey from its fixture folder on loopback (the root crate's
//! `upstream::every_registry_feed_answers_from_its_fixture_folder`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests fail loudly by design"
)]

use railtop_feeds::upstream::registry::{Opens, FEEDS};
use std::path::{Path, PathBuf};

/// The workspace's root, where the fixtures and the docs are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Feeds that give no boards, so need no station to ask one for (docs/feeds.md says why).
const WITHOUT_BOARDS: &[&str] = &["japan"];

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_feed_brings_what_the_architecture_doc_lists() {
    let feeds_doc = read("docs/feeds.md");
    let fixtures_readme = read("tests/fixtures/README.md");
    let architecture = read("docs/architecture.md");
    assert!(
        architecture.contains("**Adding a feed**"),
        "docs/architecture.md gives the checklist this test enforces"
    );
    let mut missing = Vec::new();
    for row in FEEDS {
        let slug = row.country.slug;
        let mut lacks = |what: String| missing.push(format!("{slug}: {what}"));
        // 3. one fixture folder with a routes.txt, described in the fixtures' README.
        let routes = format!("tests/fixtures/{slug}/routes.txt");
        if !root().join(&routes).is_file() {
            lacks(format!("no {routes}"));
        }
        if !fixtures_readme.contains(&format!("`{slug}/`")) {
            lacks("no entry in tests/fixtures/README.md".into());
        }
        // Its rows in the feeds' doc: what it is, and what it gives.
        let named = format!("`{slug}`");
        let rows = feeds_doc
            .lines()
            .filter_map(|l| l.strip_prefix('|')?.split('|').next())
            .filter(|first_cell| first_cell.split(',').any(|c| c.trim() == named))
            .count();
        if rows < 2 {
            lacks(format!(
                "{rows} of its 2 rows in docs/feeds.md (the feeds' table and what each gives)"
            ));
        }
        // 2. the row itself: who to credit, where it is, its parsers (a GTFS row's are the
        // generic reader's).
        if row.attribution.trim().is_empty() || row.upstream.trim().is_empty() {
            lacks("an empty attribution or upstream in its registry row".into());
        }
        if !row.base_url.starts_with("https://") && !row.base_url.starts_with("http://") {
            lacks(format!("a base URL that is not one: {:?}", row.base_url));
        }
        if row.parsers.is_empty() && !matches!(row.open, Opens::Gtfs(_)) {
            lacks("no parsers named in its registry row".into());
        }
        // A board needs a station: the feed's hub, its country's embedded station list, or the
        // stops of its GTFS timetable; a feed without boards needs none.
        let list = format!("assets/stations/{slug}.csv");
        let stations = row.hub.is_some()
            || root().join(&list).is_file()
            || matches!(row.open, Opens::Gtfs(_))
            || WITHOUT_BOARDS.contains(&slug);
        if !stations {
            lacks(format!(
                "neither a hub, {list} nor a GTFS timetable's stops"
            ));
        }
    }
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}
