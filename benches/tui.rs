//! Frame build time of the dashboard: `view::draw` into a 200×60 buffer with about 26,000 trains
//! (demo at scale 40, all countries, map on); and the `b` picker's search over the whole station
//! directory, one keystroke at a time. `cargo bench --bench tui`.

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
    eprintln!("{} trains", s.trains().len());
    s
}

fn frame(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame_200x60");
    for (name, country) in [("all_countries_26k", None), ("germany", Some("germany"))] {
        let state = loaded(country);
        let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                // A fresh buffer each time, so every frame is built in full.
                terminal.clear().unwrap();
                terminal.draw(|f| view::draw(black_box(&state), f)).unwrap();
            })
        });
    }
    g.finish();
}

/// The picker's search as a person types `zurich`, `roma t` and a typo: every prefix searched
/// over every country, as each keystroke does.
fn search(c: &mut Criterion) {
    use railtop::stations::{Directory, Scope};
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

criterion_group!(benches, frame, search);
criterion_main!(benches);
