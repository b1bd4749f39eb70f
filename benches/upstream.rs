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

/// Every feed at once, each played by a loopback server from the fixtures at its real paths:
/// a cold aggregator per iteration, so every feed really fetches and parses.
fn all_countries(c: &mut Criterion) {
    use axum::http::Uri;
    use railtop::clock::Clock;
    use railtop::source::{LiveSource, RealtimeQuery};
    use railtop::upstream::{Aggregator, Feed};
    use std::sync::Arc;
    const ROUTES: &[(&str, &str)] = &[
        ("/api/v1/live-trains", "finland/live-trains.json"),
        (
            "/api/v1/train-locations/latest/",
            "finland/train-locations.json",
        ),
        (
            "/api/v1/metadata/stations",
            "finland/metadata-stations.json",
        ),
        (
            "/realtime/realtime.asmx/getCurrentTrainsXML",
            "ireland/current-trains.xml",
        ),
        ("/liveboard/", "belgium/liveboard-brussels-south.json"),
        (
            "/v1/stationboard",
            "switzerland/stationboard-zuerich-hb.json",
        ),
        (
            "/stops/8011160/departures",
            "germany/departures-berlin-hbf.json",
        ),
        ("/v3/trains", "united-states/trains.json"),
    ];
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let base = rt.block_on(async {
        let router = axum::Router::new().fallback(|uri: Uri| async move {
            let file = ROUTES
                .iter()
                .find(|(p, _)| *p == uri.path())
                .map_or("", |(_, f)| *f);
            std::fs::read(format!(
                "{}/tests/fixtures/{file}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap_or_default()
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        format!("http://{addr}")
    });
    let client = railtop::upstream::http::client().unwrap();
    let b = || railtop::upstream::http::FeedSettings::at(base.clone());
    c.bench_function("all_countries_realtime_loopback", |bench| {
        bench.iter(|| {
            let feeds: Vec<Arc<dyn Feed>> = vec![
                Arc::new(finland::Finland::with_settings(client.clone(), b())),
                Arc::new(ireland::Ireland::with_settings(client.clone(), b())),
                Arc::new(belgium::Belgium::with_settings(client.clone(), b())),
                Arc::new(switzerland::Switzerland::with_settings(client.clone(), b())),
                Arc::new(germany::Germany::with_settings(client.clone(), b())),
                Arc::new(usa::UnitedStates::with_settings(client.clone(), b())),
            ];
            let agg = Aggregator::with_feeds(feeds, Clock::System);
            let answer = rt.block_on(agg.realtime(RealtimeQuery::default())).unwrap();
            assert!(
                answer.failed_countries.is_empty(),
                "{:?}",
                answer.failed_countries
            );
            black_box(answer.trains.len())
        })
    });
}

criterion_group!(benches, parsers, all_countries);
criterion_main!(benches);
