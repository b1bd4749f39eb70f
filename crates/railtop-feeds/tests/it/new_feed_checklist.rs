//! The checklist `docs/architecture.md` gives for a new feed ("Adding a feed"), enforced for
//! every row of the registry: what a feed must bring besides its code, so that a feed added
//! without one of them fails here by name rather than being found missing by a user.
//!
//! A feed with code lives in one folder, `upstream/feeds/<feed>/`: its `mod.rs`, its `tests.rs`,
//! and `fixtures/` with its `routes.txt` and its `README.md`; outside that folder it needs its
//! `pub mod` line in `upstream/feeds/mod.rs`, its registry row, its fuzz targets, its two rows in
//! `docs/feeds.md` and its name in the README's list of sources. A GTFS country that is a
//! registry row of data has no folder of code: its fixture folder is `upstream/gtfs/fixtures/
//! <slug>/`. A station list is not the feed's: it is country data, `assets/stations/<slug>.csv`,
//! embedded by `railtop_core::assets` (below the feeds) and read by the demo, the map and the
//! station resolver as well; this test holds that every list there is embedded and that a row
//! whose country has one finds it there.
//!
//! Checked elsewhere, and named here so the list is whole: every parser has a fuzz target
//! (`upstream::registry::tests::every_parser_of_outside_data_has_a_fuzz_target`, which reads
//! `fuzz/targets/`); every row answers trains, a board and a journey from its fixture folder on
//! loopback, as its `routes.txt` says (`registry::every_registry_feed_answers_from_its_fixture_folder`),
//! and lists the stations it says (`station_lists::every_station_endpoint_lists_its_stations_on_loopback`).

use railtop_feeds::test_support::fixture_dir;
use railtop_feeds::test_support::play::folder_of;
use railtop_feeds::upstream::registry::{Opens, FEEDS};
use std::path::{Path, PathBuf};

/// The workspace's root, where the docs and the station lists are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `upstream/feeds/`, a folder a feed with code.
fn feeds_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/upstream/feeds")
}

/// Feeds that give no boards, so need no station to ask one for (docs/feeds.md says why).
const WITHOUT_BOARDS: &[&str] = &["japan"];

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_feed_brings_what_the_architecture_doc_lists() {
    let feeds_doc = read("docs/feeds.md");
    let readme = read("README.md");
    let architecture = read("docs/architecture.md");
    let feeds_mod = read("crates/railtop-feeds/src/upstream/feeds/mod.rs");
    assert!(
        architecture.contains("**Adding a feed**"),
        "docs/architecture.md gives the checklist this test enforces"
    );
    let sources = readme
        .lines()
        .find(|l| l.starts_with("| `upstream` |"))
        .expect("the README's table of sources has its `upstream` row");
    let mut missing = Vec::new();
    for row in FEEDS {
        let slug = row.country.slug;
        let mut lacks = |what: String| missing.push(format!("{slug}: {what}"));
        // 1. Its folder, one shape for every feed with code: mod.rs, tests.rs, fixtures/.
        let folder = folder_of(row);
        let code = feeds_dir().join(folder);
        if matches!(row.open, Opens::Code(_)) && !code.is_dir() {
            lacks(format!(
                "no folder upstream/feeds/{folder}/ (its module, named by its parsers)"
            ));
        }
        if code.is_dir() {
            for file in ["mod.rs", "tests.rs"] {
                if !code.join(file).is_file() {
                    lacks(format!("no upstream/feeds/{folder}/{file}"));
                }
            }
            if !feeds_mod.contains(&format!("pub mod {folder};")) {
                lacks(format!("no `pub mod {folder};` in upstream/feeds/mod.rs"));
            }
        }
        // 3. Its fixture folder: a routes.txt and a README.md that describes the fixtures.
        let fixtures = fixture_dir(folder);
        for file in ["routes.txt", "README.md"] {
            if !fixtures.join(file).is_file() {
                lacks(format!("no {file} in {}", fixtures.display()));
            }
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
        if !sources.contains(row.country.name) {
            lacks("not named in the README's `upstream` source".into());
        }
        // 2. The row itself: who to credit, where it is, its parsers (a GTFS row's are the
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
        // Its country's station list, where it has one, is where railtop_core::assets embeds
        // it from (not in the feed's folder: the demo, the map and the resolver read it too).
        let list = format!("assets/stations/{slug}.csv");
        let embedded = railtop_core::assets::station_lists().contains_key(slug);
        if embedded && !root().join(&list).is_file() {
            lacks(format!(
                "its station list is embedded but {list} is not there"
            ));
        }
        // A board needs a station: the feed's hub, its country's embedded station list, or the
        // stops of its GTFS timetable; a feed without boards needs none.
        let stations = row.hub.is_some()
            || embedded
            || matches!(row.open, Opens::Gtfs(_))
            || WITHOUT_BOARDS.contains(&slug);
        if !stations {
            lacks(format!(
                "neither a hub, {list} nor a GTFS timetable's stops"
            ));
        }
    }
    // Every list in assets/stations/ is embedded (a list put there but not added to
    // railtop_core::assets is read by nothing).
    for entry in std::fs::read_dir(root().join("assets/stations")).unwrap() {
        let path = entry.unwrap().path();
        let Some(slug) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "csv")
            && !railtop_core::assets::station_lists().contains_key(slug)
        {
            missing.push(format!(
                "assets/stations/{slug}.csv is not embedded by railtop_core::assets"
            ));
        }
    }
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}

/// Every fixture folder of a feed is its registry row's, so nothing played is left unchecked.
#[test]
fn every_feed_folder_is_a_registry_rows() {
    let folders: Vec<&str> = FEEDS.iter().map(folder_of).collect();
    for entry in std::fs::read_dir(feeds_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            assert!(
                folders.contains(&name.as_str()),
                "upstream/feeds/{name}/ is no registry row's feed"
            );
        }
    }
}
