//! Unit tests of `registry.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn every_country_has_a_row_or_a_reason_once() {
    for c in country::COUNTRIES {
        let rows = FEEDS.iter().filter(|r| r.country.slug == c.slug).count();
        let reasons = NO_FEED.iter().filter(|(n, _)| n.slug == c.slug).count();
        assert_eq!(rows + reasons, 1, "{}", c.slug);
    }
}

#[test]
fn keyed_feeds_open_only_with_a_key() {
    let client = super::super::http::client().unwrap();
    for row in FEEDS {
        let keyless = row.open(client.clone(), &FeedSettings::default());
        assert_eq!(
            keyless.is_none(),
            row.key_from.is_some(),
            "{}",
            row.country.slug
        );
        let blank = FeedSettings {
            key: Some("  ".into()),
            ..FeedSettings::default()
        };
        assert_eq!(
            row.open(client.clone(), &blank).is_none(),
            row.key_from.is_some()
        );
        let keyed = FeedSettings {
            key: Some("k".into()),
            ..FeedSettings::default()
        };
        let feed = row.open(client.clone(), &keyed).expect("opens with a key");
        assert_eq!(feed.slug(), row.country.slug);
        assert_eq!(feed.attribution(), row.attribution);
    }
    assert!(why_not_live("netherlands").contains("RAILTOP_NETHERLANDS_KEY"));
    assert!(why_not_live("egypt").contains("ENR"));
}

/// Every parser a row names exists and has a fuzz target, and so does every `fn parse_…` of
/// this crate: named by a row, a shared reader with its own target, or a private helper of a
/// parser that has one. A new parser without a target fails here.
#[test]
fn every_parser_of_outside_data_has_a_fuzz_target() {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let root = format!("{crate_dir}/../..");
    // The fuzzer's tables: the feeds' targets and the shared readers' (`fuzz/targets/`).
    let mut targets = String::new();
    for entry in std::fs::read_dir(format!("{root}/fuzz/targets")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            targets.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let called = |name: &str| targets.contains(&format!("{name}("));
    let mut named: Vec<&str> = Vec::new();
    for row in FEEDS {
        assert!(!row.parsers.is_empty(), "{}: no parsers", row.country.slug);
        for parser in row.parsers {
            assert!(
                called(parser),
                "{}: {parser} has no fuzz target",
                row.country.slug
            );
            named.push(parser);
        }
    }
    // Readers shared by feeds (and `[[feeds]]`), not any one row's.
    const SHARED: &[&str] = &[
        "gtfs::parse_trains_as",
        "gtfs::parse_board_as",
        "times::parse_offset_time",
        "austria::parse_positions_in",
        "austria::parse_board_in",
        "austria::parse_arrivals_in",
    ];
    for name in SHARED {
        assert!(called(name), "{name} has no fuzz target");
    }
    // Private helpers (never `pub fn`), each reached only through the parser beside it,
    // whose target runs it.
    const HELPERS: &[(&str, &str)] = &[
        ("finland::parse_calls", "finland::parse_board"),
        ("france::parse_rows", "france::parse_board"),
        ("ireland::parse_calls", "ireland::parse_board"),
        ("norway::parse_calls", "norway::parse_board"),
        ("usa::parse_calls", "usa::parse_board"),
        ("source::demo::network::parse_hours", "Network::parse"),
        ("source::demo::network::parse_stops", "Network::parse"),
        ("source::demo::trips::parse_id", "journey_at"),
    ];
    for (helper, parser) in HELPERS {
        assert!(called(parser), "{helper}: {parser} has no fuzz target");
    }
    // Every source file of the crate but the tests'. A feed is a folder of `upstream/feeds/`
    // (`italy/`, whose files' parsers the feed's module re-exports): its parsers are
    // `feed::parse_…`; so are those of a shared module's folder of `upstream/` (`gtfs/`);
    // elsewhere a function is named by its file's path (`source::demo::trips::parse_id`).
    let src = format!("{crate_dir}/src");
    let mut folders = vec![std::path::PathBuf::from(&src)];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let file = path.file_name().unwrap().to_string_lossy().to_string();
            if file == "tests" || file == "tests.rs" {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if file.ends_with(".rs") {
                let below = path.strip_prefix(&src).unwrap().with_extension("");
                let parts: Vec<String> = below
                    .iter()
                    .map(|p| p.to_string_lossy().to_string())
                    .filter(|p| p != "mod")
                    .collect();
                let module = match parts.as_slice() {
                    [upstream, feeds, feed, ..] if upstream == "upstream" && feeds == "feeds" => {
                        feed.clone()
                    }
                    [upstream, shared, ..] if upstream == "upstream" => shared.clone(),
                    _ => parts.join("::"),
                };
                files.push((module, path));
            }
        }
    }
    let mut found = 0;
    let mut helpers_found = Vec::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let Some((visibility, rest)) = line.trim_start().split_once("fn parse_") else {
                continue;
            };
            // A declaration (`pub(crate) const fn parse_…`), not a comment or a call.
            let qualifiers = ["pub", "pub(crate)", "pub(super)", "const", "async"];
            if !visibility
                .split_whitespace()
                .all(|word| qualifiers.contains(&word))
            {
                continue;
            }
            let function = format!("parse_{}", rest.split(['(', '<']).next().unwrap());
            let name = format!("{module}::{function}");
            found += 1;
            if let Some((_, parser)) = HELPERS.iter().find(|(h, _)| *h == name) {
                assert!(
                    !visibility.split_whitespace().any(|word| word == "pub"),
                    "{name} is public: give it a fuzz target of its own, not {parser}'s"
                );
                helpers_found.push(name);
                continue;
            }
            assert!(
                named.contains(&name.as_str()) || SHARED.contains(&name.as_str()),
                "{name} reads outside data but no registry row names it, and it is no \
                 helper of a parser with a fuzz target"
            );
        }
    }
    for (helper, _) in HELPERS {
        assert!(
            helpers_found.iter().any(|h| h == helper),
            "{helper} is listed as a helper but was not found"
        );
    }
    assert!(
        found >= 60,
        "{found} parsers found: is the source where it was?"
    );
}
