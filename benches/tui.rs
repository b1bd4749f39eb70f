//! Frame build time of the dashboard: `view::draw` into a 200×60 buffer with about 26,000 trains
//! (demo at scale 60, all countries, map on). `cargo bench --bench tui`.

use chrono::{DateTime, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use railtop::clock::Clock;
use railtop::source::demo::DemoSource;
use railtop::source::{DeparturesQuery, LiveSource, RealtimeQuery};
use railtop::tui::app::{update, Action, AppState, Settings};
use railtop::tui::view;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::hint::black_box;
use std::sync::Arc;

fn loaded(country: Option<&str>) -> AppState {
    let now: DateTime<Utc> = DateTime::parse_from_rfc3339("2026-11-24T07:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    let demo = DemoSource::new(1, 60, Clock::Fixed(now)).unwrap();
    let mut s = AppState::new(
        demo.info(),
        Settings::default(),
        country.map(String::from),
        Some("HKI".into()),
        now,
    );
    s.size = (200, 60);
    let answer = demo
        .realtime_at(
            &RealtimeQuery {
                country: country.map(String::from),
                stop: None,
            },
            now,
        )
        .unwrap();
    eprintln!("{} trains", answer.trains.len());
    update(
        &mut s,
        Action::Realtime {
            country: country.map(String::from),
            result: Ok(Arc::new(answer)),
            at: now,
        },
    );
    let board = demo
        .departures_at(
            &DeparturesQuery {
                station: "HKI".into(),
                limit: 100,
            },
            now,
        )
        .unwrap();
    update(
        &mut s,
        Action::Board {
            station: "HKI".into(),
            result: Ok(Arc::new(board)),
            at: now,
        },
    );
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
