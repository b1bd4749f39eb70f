//! Parse throughput of each upstream parser (MB/s) on the real recorded sample when
//! `../shared/upstream-samples` (or `RAILTOP_SAMPLES_DIR`) is there, else on the project's fixture.
//! `cargo bench --bench upstream`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use railtop_feeds::upstream::feeds::{
    austria, belgium, finland, france, germany, ireland, japan, netherlands, norway, sweden,
    switzerland, usa,
};
use std::hint::black_box;
use std::path::PathBuf;

fn samples_dir() -> PathBuf {
    std::env::var_os("RAILTOP_SAMPLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/upstream-samples"
            ))
        })
}

fn input(sample: &str, fixture: &str) -> (Vec<u8>, &'static str) {
    match std::fs::read(samples_dir().join(sample)) {
        Ok(bytes) => (bytes, "sample"),
        Err(_) => (railtop_feeds::test_support::fixture(fixture), "fixture"),
    }
}

/// One parser over one input, in bytes per second.
fn bench_parse<T>(
    g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    name: &str,
    (bytes, from): (Vec<u8>, &str),
    parse: impl Fn(&[u8]) -> T,
) {
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(format!("{name}_{from}"), |b| {
        b.iter(|| parse(black_box(&bytes)))
    });
}

fn parsers(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    let names = finland::embedded_names();
    let cause_names = finland::CauseNames::embedded();
    let epoch = chrono::DateTime::UNIX_EPOCH;
    bench_parse(
        &mut g,
        "finland_board",
        input("finland-train.json", "finland/live-trains.json"),
        |b| finland::parse_board(b, "HKI", &names, &cause_names, epoch).unwrap(),
    );
    bench_parse(
        &mut g,
        "finland_stations",
        input("finland-stations.json", "finland/metadata-stations.json"),
        |b| finland::parse_stations(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "ireland_trains",
        input("ireland-current-trains.xml", "ireland/current-trains.xml"),
        |b| ireland::parse_trains(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "ireland_board",
        input("ireland-station-data.xml", "ireland/station-data-CNLLY.xml"),
        |b| ireland::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "belgium_board",
        input(
            "belgium-liveboard.json",
            "belgium/liveboard-brussels-south.json",
        ),
        |b| belgium::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "switzerland_board",
        input(
            "switzerland-stationboard.json",
            "switzerland/stationboard-zuerich-hb.json",
        ),
        |b| switzerland::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "germany_board",
        input(
            "germany-departures-dbweb.json",
            "germany/departures-berlin-hbf.json",
        ),
        |b| germany::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "usa_trains",
        input("usa-amtraker-trains.json", "usa/trains.json"),
        |b| usa::parse_trains(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "norway_board",
        input(
            "norway-entur-stopplace-departures.json",
            "norway/stopplace-oslo-s.json",
        ),
        |b| norway::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "hafas_board",
        input(
            "hafas-mgate-stationboard-vbb.json",
            "austria/stationboard-wien-hbf.json",
        ),
        |b| austria::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "netherlands_board",
        input(
            "netherlands-departures.json",
            "netherlands/departures-ut.json",
        ),
        |b| netherlands::parse_board(b).unwrap(),
    );
    let se_names = sweden::parse_stations(
        &input("sweden-train-stations.json", "sweden/train-stations.json").0,
    )
    .unwrap();
    bench_parse(
        &mut g,
        "sweden_board",
        input(
            "sweden-train-announcement.json",
            "sweden/announcements-cst.json",
        ),
        |b| sweden::parse_board(b, "Cst", &se_names).unwrap(),
    );
    bench_parse(
        &mut g,
        "france_board",
        input(
            "france-sncf-departures.json",
            "france/departures-saint-lazare.json",
        ),
        |b| france::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "japan_trains",
        input("japan-odpt-train.json", "japan/trains-jr-east.json"),
        |b| japan::parse_trains(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "italy_board",
        input(
            "round2/italy/partenze-milano-centrale-2021-10-18-midnight.json",
            "italy/partenze-milano-centrale.json",
        ),
        |b| railtop_feeds::upstream::feeds::italy::parse_board(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "italy_progress",
        input(
            "round2/italy/andamento-treno-reg136-como-lago-2026-01-02.json",
            "italy/andamento-treno-9631.json",
        ),
        |b| railtop_feeds::upstream::feeds::italy::parse_progress(b).unwrap(),
    );
    bench_parse(
        &mut g,
        "spain_cercanias_trains",
        input(
            "round2/spain/renfe-cercanias-vehicle-positions-2026-06-13.json",
            "spain/vehicle_positions.json",
        ),
        |b| {
            let now = chrono::DateTime::from_timestamp(1_781_338_122, 0).unwrap();
            let part = railtop_feeds::upstream::feeds::spain::Part::Cercanias;
            railtop_feeds::upstream::feeds::spain::parse_trains(part, b, None, None, now).unwrap()
        },
    );
    // No recording of PKP PLK exists: the fixture's six runs repeated to a busy station's day.
    let poland = {
        let fixture = railtop_feeds::test_support::fixture("poland/schedules.json");
        let mut answer: serde_json::Value = serde_json::from_slice(&fixture).unwrap();
        let runs = answer["rt"].as_array().unwrap().clone();
        let many: Vec<serde_json::Value> = (0..100)
            .flat_map(|n| {
                runs.iter().cloned().map(move |mut r| {
                    r["oid"] = (n * 10_000 + r["oid"].as_i64().unwrap()).into();
                    r
                })
            })
            .collect();
        answer["rt"] = many.into();
        serde_json::to_vec(&answer).unwrap()
    };
    bench_parse(&mut g, "poland_timetable", (poland, "fixture_x100"), |b| {
        railtop_feeds::upstream::feeds::poland::parse_timetable(b, 33605).unwrap()
    });
    let vehicles = std::fs::read(samples_dir().join("malaysia-ktmb-vehicle-positions.pb"))
        .map(|b| (b, "sample"))
        .unwrap_or_else(|_| {
            (
                railtop_feeds::upstream::gtfs::samples::vehicle_positions(),
                "generated",
            )
        });
    bench_parse(&mut g, "gtfs_rt_vehicles", vehicles, |b| {
        railtop_feeds::upstream::gtfs_rt::decode(b).unwrap()
    });
    bench_parse(
        &mut g,
        "gtfs_static_bundle",
        (synthetic_bundle(), "synthetic"),
        |b| railtop_feeds::upstream::gtfs_static::Timetable::from_zip(b).unwrap(),
    );
    g.finish();
}

/// A static GTFS bundle the size of a national rail network: 400 stops, 2,000 trips of 25 stops.
fn synthetic_bundle() -> Vec<u8> {
    use std::fmt::Write;
    let mut stops = String::from("stop_id,stop_name,stop_lat,stop_lon\n");
    for i in 0..400 {
        let _ = writeln!(stops, "S{i},Station {i},3.{i:03},101.{i:03}");
    }
    let mut trips = String::from("route_id,service_id,trip_id,trip_headsign\n");
    let mut times = String::from("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n");
    for t in 0..2000 {
        let _ = writeln!(trips, "R{},WD,T{t},Station {}", t % 20, (t * 7) % 400);
        for k in 0..25 {
            let secs = 5 * 3600 + t * 30 + k * 240;
            let hms = format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
            let _ = writeln!(times, "T{t},{hms},{hms},S{},{k}", (t * 13 + k * 17) % 400);
        }
    }
    let routes: String = std::iter::once("route_id,route_short_name\n".to_string())
        .chain((0..20).map(|r| format!("R{r},L{r}\n")))
        .collect();
    let calendar = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20260101,20261231\n";
    railtop_feeds::upstream::gtfs_static::zip_bundle(&[
        ("stops.txt", &stops),
        ("routes.txt", &routes),
        ("trips.txt", &trips),
        ("stop_times.txt", &times),
        ("calendar.txt", calendar),
    ])
}

/// Every feed at once, each played by a loopback server from the fixtures at its real paths:
/// a cold aggregator per iteration, so every feed really fetches and parses.
fn all_countries(c: &mut Criterion) {
    use axum::http::Uri;
    use railtop_core::clock::Clock;
    use railtop_feeds::source::{LiveSource, RealtimeQuery};
    use railtop_feeds::upstream::{Aggregator, Feed};
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
        ("/v3/trains", "usa/trains.json"),
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
            if file.is_empty() {
                Vec::new()
            } else {
                railtop_feeds::test_support::fixture(file)
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        format!("http://{addr}")
    });
    let client = railtop_feeds::upstream::http::client().unwrap();
    let settings = railtop_core::config::FeedSettings::at(base.clone());
    let open = |slug| {
        railtop_feeds::upstream::registry::row(slug)
            .and_then(|row| row.open(client.clone(), &settings))
            .expect("an open feed")
    };
    c.bench_function("all_countries_realtime_loopback", |bench| {
        bench.iter(|| {
            let feeds: Vec<Arc<dyn Feed>> = [
                "finland",
                "ireland",
                "belgium",
                "switzerland",
                "germany",
                "united-states",
            ]
            .into_iter()
            .map(open)
            .collect();
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
