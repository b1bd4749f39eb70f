//! Parse throughput of each upstream parser (MB/s) on the real recorded sample when
//! `../shared/upstream-samples` (or `RAILTOP_SAMPLES_DIR`) is there, else on the project's fixture.
//! `cargo bench --bench upstream`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use railtop::upstream::{belgium, finland, germany, ireland, switzerland, usa};
use std::hint::black_box;
use std::path::PathBuf;

fn input(sample: &str, fixture: &str) -> (Vec<u8>, &'static str) {
    let dir = std::env::var_os("RAILTOP_SAMPLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/upstream-samples"
            ))
        });
    match std::fs::read(dir.join(sample)) {
        Ok(bytes) => (bytes, "sample"),
        Err(_) => (
            std::fs::read(format!(
                "{}/tests/fixtures/{fixture}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap(),
            "fixture",
        ),
    }
}

fn parsers(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    let names = finland::embedded_names();

    let (bytes, from) = input("finland-train.json", "finland/live-trains.json");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("finland_board_{from}"), |b| {
        b.iter(|| {
            finland::parse_board(
                black_box(&bytes),
                "HKI",
                &names,
                chrono::DateTime::UNIX_EPOCH,
            )
            .unwrap()
        })
    });

    let (bytes, from) = input("finland-stations.json", "finland/metadata-stations.json");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("finland_stations_{from}"), |b| {
        b.iter(|| finland::parse_stations(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input("ireland-current-trains.xml", "ireland/current-trains.xml");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("ireland_trains_{from}"), |b| {
        b.iter(|| ireland::parse_trains(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input("ireland-station-data.xml", "ireland/station-data-CNLLY.xml");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("ireland_board_{from}"), |b| {
        b.iter(|| ireland::parse_board(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input(
        "belgium-liveboard.json",
        "belgium/liveboard-brussels-south.json",
    );
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("belgium_board_{from}"), |b| {
        b.iter(|| belgium::parse_board(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input(
        "switzerland-stationboard.json",
        "switzerland/stationboard-zuerich-hb.json",
    );
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("switzerland_board_{from}"), |b| {
        b.iter(|| switzerland::parse_board(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input(
        "germany-departures-dbweb.json",
        "germany/departures-berlin-hbf.json",
    );
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("germany_board_{from}"), |b| {
        b.iter(|| germany::parse_board(black_box(&bytes)).unwrap())
    });

    let (bytes, from) = input("usa-amtraker-trains.json", "united-states/trains.json");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("usa_trains_{from}"), |b| {
        b.iter(|| usa::parse_trains(black_box(&bytes)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, parsers);
criterion_main!(benches);
