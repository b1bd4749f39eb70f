//! Frame build time of the dashboard: `view::draw` into a 200×60 buffer with about 26,000 trains
//! (demo at scale 40, all countries, map on), as frames follow one another (the map's still
//! layer reused) and when the map's view has just changed (the layer drawn again); the map's
//! outlines decoded; and the `b` picker's search over the whole station directory, one keystroke
//! at a time. `cargo bench --bench tui`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use chrono::{DateTime, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use railtop::test_support::DemoScene;
use railtop::tui::app::{AppState, Settings};
use railtop::tui::view;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::hint::black_box;

fn loaded(country: Option<&str>) -> AppState {
    let now: DateTime<Utc> = DateTime::parse_from_rfc3339("2026-11-24T07:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    let s = DemoScene {
        seed: 1,
        scale: 40,
        country,
        station: "HKI",
        now,
        size: (200, 60),
        settings: Settings::default(),
    }
    .load();
    eprintln!("{} trains", s.trains.all().len());
    s
}

fn frame(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame_200x60");
    for (name, country) in [("all_countries_26k", None), ("germany", Some("germany"))] {
        let state = loaded(country);
        let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
        // As a running dashboard draws: the frame built in full (ratatui resets its buffer
        // before every draw) and compared with the one on the screen, which is the same but for
        // what changed.
        g.bench_function(name, |b| {
            b.iter(|| {
                terminal.draw(|f| view::draw(black_box(&state), f)).unwrap();
            })
        });
        // A full repaint: the screen cleared first, so every cell of the frame is sent.
        g.bench_function(format!("{name}_repaint"), |b| {
            b.iter(|| {
                terminal.clear().unwrap();
                terminal.draw(|f| view::draw(black_box(&state), f)).unwrap();
            })
        });
        // The frame after a zoom or a pan: the still layer (coasts, lines, stations) drawn anew.
        g.bench_function(format!("{name}_view_changed"), |b| {
            b.iter(|| {
                state.map.layer.still.borrow_mut().take();
                terminal.clear().unwrap();
                terminal.draw(|f| view::draw(black_box(&state), f)).unwrap();
            })
        });
    }
    g.finish();
}

/// The embedded outlines decoded (once per process, on the map's first frame).
fn outlines(c: &mut Criterion) {
    let asset = include_bytes!("../assets/map/outlines.bin");
    let o = railtop_core::outline::decode(asset).unwrap();
    eprintln!(
        "outlines: {} bytes embedded, {} arcs, {} points",
        asset.len(),
        o.arcs.len(),
        o.points()
    );
    c.bench_function("outlines_decode", |b| {
        b.iter(|| black_box(railtop_core::outline::decode(black_box(asset)).unwrap()))
    });
}

/// The picker's search as a person types `zurich`, `roma t` and a typo: every prefix searched
/// over every country, as each keystroke does.
fn search(c: &mut Criterion) {
    use railtop_core::stations::{Directory, Scope};
    let directory = Directory::embedded();
    eprintln!("{} stations in the directory", directory.len());
    let mut g = c.benchmark_group("station_search");
    for word in ["zurich", "roma t", "helsimki"] {
        let prefixes: Vec<&str> = (1..=word.len()).map(|n| &word[..n]).collect();
        let per_keystroke = prefixes.len();
        g.bench_function(format!("{word}_{per_keystroke}_keystrokes"), |b| {
            b.iter(|| {
                for q in &prefixes {
                    let scope = Scope {
                        prefer: Some("italy"),
                        limit: 12,
                        ..Scope::default()
                    };
                    black_box(directory.search(black_box(q), scope));
                }
            })
        });
    }
    g.finish();
}

/// Each keystroke's search timed alone, many times, for its 99th percentile: over the embedded
/// directory and over one as large as the feeds' lists make it (4,000 more stations).
fn search_percentiles(_: &mut Criterion) {
    // Criterion's filter does not reach a plain function: run only when no filter is given or
    // the filter names the station search (numbers are the values of criterion's options).
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-') && a.parse::<f64>().is_err())
        .collect();
    if !filters.is_empty()
        && !filters
            .iter()
            .any(|f| "station_search".contains(f.as_str()))
    {
        return;
    }
    use railtop_core::assets::Station;
    use railtop_core::stations::{Directory, Scope};
    use std::collections::BTreeMap;
    use std::time::Instant;
    let embedded = Directory::embedded();
    // Fetched lists as large as Amtraker's, Trafikverket's and NS's together: embedded names
    // with another word, spread over four countries.
    let mut online: BTreeMap<&'static str, Vec<Station>> = BTreeMap::new();
    for (i, e) in embedded.entries().iter().cycle().take(4000).enumerate() {
        let country = ["united-states", "sweden", "netherlands", "finland"][i % 4];
        online.entry(country).or_default().push(Station {
            code: format!("X{i}"),
            name: format!("{} Halt {i}", e.name),
            lat: e.lat,
            lng: e.lng,
            aliases: Vec::new(),
        });
    }
    let grown = Directory::merged(&online);
    let words = [
        "zurich",
        "roma t",
        "helsimki",
        "utrecht c",
        "gare de lyon",
        "koeln hbf",
    ];
    for (label, directory) in [("embedded", embedded), ("with feed lists", &grown)] {
        let mut times = Vec::new();
        for _ in 0..100 {
            for word in words {
                for n in 1..=word.len() {
                    let scope = Scope {
                        prefer: Some("italy"),
                        limit: 12,
                        ..Scope::default()
                    };
                    let start = Instant::now();
                    black_box(directory.search(black_box(&word[..n]), scope));
                    times.push(start.elapsed());
                }
            }
        }
        times.sort();
        let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
        eprintln!(
            "station_search per keystroke, {label}: {} stations, {:.1} MiB; {} keystrokes: p50 {:?}, p99 {:?}, max {:?}",
            directory.len(),
            directory.heap_bytes() as f64 / (1024.0 * 1024.0),
            times.len(),
            at(0.50),
            at(0.99),
            times[times.len() - 1]
        );
    }
}

criterion_group!(benches, frame, outlines, search, search_percentiles);
criterion_main!(benches);
