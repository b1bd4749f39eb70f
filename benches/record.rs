//! `railtop record` at national scale: the demo at `--demo-scale 60` (about 20,000 trains)
//! recorded for a simulated day, a poll every 30 s of simulated time, into a real file. Reports
//! the file's size per day, the rows written, and the CPU per poll (the demo's answer, the
//! differ, the store) from the process's own CPU clock. `cargo bench --bench record`;
//! `RECORD_SCALE`, `RECORD_HOURS`, `RECORD_FROM` (the hour of 2026-11-24, UTC, it starts at)
//! and `RECORD_STEP` (seconds) change the run, and
//! `RECORD_GROWTH=1` first records an hour at scales 15, 30 and 60 to show how it grows.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use railtop_core::clock::Clock;
use railtop_core::events::Differ;
use railtop_feeds::source::demo::DemoSource;
use railtop_record::{Answer, Limits, Store};
use std::time::{Duration, Instant};

/// The process's CPU time (user + system), from /proc/self/stat, in seconds.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
    (ticks(11) + ticks(12)) / 100.0
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Run {
    polls: u64,
    trains: u64,
    observations: u64,
    events: u64,
    bytes: u64,
    cpu_demo: f64,
    cpu_diff: f64,
    cpu_store: f64,
    wall: Duration,
}

fn record(scale: u32, hours: u64, step: u64) -> Run {
    let dir = std::env::temp_dir().join(format!(
        "railtop-bench-record-{}-{scale}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("history.db");
    let start: chrono::DateTime<chrono::Utc> = "2026-11-24T00:00:00Z".parse().unwrap();
    let start = start + chrono::Duration::hours(env("RECORD_FROM", 0) as i64);
    let demo = DemoSource::new(1, scale, Clock::System).unwrap();
    let mut store = Store::open(&db).unwrap();
    let mut differ = Differ::new(3, Duration::from_secs(3600));
    let mut run = Run {
        polls: 0,
        trains: 0,
        observations: 0,
        events: 0,
        bytes: 0,
        cpu_demo: 0.0,
        cpu_diff: 0.0,
        cpu_store: 0.0,
        wall: Duration::ZERO,
    };
    let began = Instant::now();
    let mut t = 0;
    while t < hours * 3600 {
        let at = start + chrono::Duration::seconds(t as i64);
        let c0 = cpu();
        let answer = demo.realtime_at(&Default::default(), at).unwrap();
        let c1 = cpu();
        let events = differ.feed(&answer, at);
        let c2 = cpu();
        let done = store
            .record(&Answer {
                at,
                source: "demo",
                trains: &answer.trains,
                events: &events,
                boards: &[],
            })
            .unwrap();
        // Retention as `record` enforces it, once a simulated minute.
        if t % 60 == 0 {
            store
                .enforce(
                    &Limits {
                        keep: Some(Duration::from_secs(30 * 86_400)),
                        max_bytes: Some(8 << 30),
                    },
                    at,
                )
                .unwrap();
        }
        let c3 = cpu();
        run.cpu_demo += c1 - c0;
        run.cpu_diff += c2 - c1;
        run.cpu_store += c3 - c2;
        run.polls += 1;
        if (t + step) % 3600 < step {
            let spent = run.cpu_demo + run.cpu_diff + run.cpu_store;
            eprintln!(
                "  hour {:>2}: {} trains, {:.1} s CPU so far ({:.0} ms a poll so far)",
                t / 3600,
                answer.trains.len(),
                spent,
                spent * 1000.0 / run.polls as f64
            );
        }
        run.trains += done.trains;
        run.observations += done.observations;
        run.events += done.events;
        t += step;
    }
    run.wall = began.elapsed();
    run.bytes = store.bytes();
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
    run
}

fn report(scale: u32, hours: u64, step: u64, r: &Run) {
    let per_day = 24.0 / hours as f64;
    let ms = |s: f64| s * 1000.0 / r.polls as f64;
    println!(
        "scale {scale:>3}, {hours:>2} h, a poll every {step} s: {} polls, {:.0} trains a poll; \
         {} observations ({:.1} a train a poll), {} events; file {:.1} MiB ({:.0} MiB a day, {:.0} B an observation); \
         CPU a poll {:.1} ms (demo {:.1}, differ {:.1}, store {:.1}); wall {:.0} s",
        r.polls,
        r.trains as f64 / r.polls as f64,
        r.observations,
        r.observations as f64 / r.trains.max(1) as f64,
        r.events,
        r.bytes as f64 / 1048576.0,
        r.bytes as f64 * per_day / 1048576.0,
        r.bytes as f64 / r.observations.max(1) as f64,
        ms(r.cpu_demo + r.cpu_diff + r.cpu_store),
        ms(r.cpu_demo),
        ms(r.cpu_diff),
        ms(r.cpu_store),
        r.wall.as_secs_f64()
    );
}

fn main() {
    // `cargo test --benches` runs benches once as tests: a short run there.
    let quick = std::env::args().any(|a| a == "--test") || std::env::args().all(|a| a != "--bench");
    let step = env("RECORD_STEP", 30);
    if quick {
        let r = record(1, 1, step);
        report(1, 1, step, &r);
        return;
    }
    if env("RECORD_GROWTH", 0) == 1 {
        for scale in [15, 30, 60] {
            let r = record(scale, 1, step);
            report(scale, 1, step, &r);
        }
    }
    let scale = u32::try_from(env("RECORD_SCALE", 60)).unwrap_or(60);
    let hours = env("RECORD_HOURS", 24);
    let r = record(scale, hours, step);
    report(scale, hours, step, &r);
}
