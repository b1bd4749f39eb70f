//! Frame build time of the dashboard: `view::draw` into a 200×60 buffer with about 26,000 trains
//! (demo at scale 40, all countries, map on). `cargo bench --bench tui`.

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

criterion_group!(benches, frame);
criterion_main!(benches);
