//! A national GTFS bundle, from download to a board, measured from outside.
//!
//!     cargo bench --bench gtfs_national -- [--rows 1000000,10000000,50000000] [--rail-share 0.1]
//!                                          [--seed 1] [--serve]
//!     cargo bench --bench gtfs_national -- --write bundle.zip --rows 20000000
//!
//! For each size, a seeded synthetic bundle (generated once into `target/gtfs-bench/`): mixed
//! modes with buses dominant as in real national bundles (of the non-rail rows: 80 % bus, 10 %
//! tram, 10 % subway; `--rail-share` of all rows is rail, extended types included), stations
//! with platforms, services with weekday patterns and holiday exceptions, trips past midnight.
//! It is served on loopback (with an ETag) as a `[[feeds]]` region's `static_gtfs`, and:
//!
//! - **first run**: `railtop departures national:S1` with an empty cache, the download and the
//!   build included: wall time and the process's peak RSS (`wait4`);
//! - **next run**: the same, answered by a 304 and the snapshot;
//! - **trains**: `railtop trains --country national`, whose vehicles are half rail and half bus
//!   (the buses must not be listed, the rail ones must have names);
//! - the **snapshot's size** and the timetable's own figures (calls kept, bytes per call);
//! - **a board query**: `Timetable::departures` for a random station, in process, mean of 2,000;
//! - with `--serve`, `railtop serve`'s peak RSS (`VmHWM`) once `/healthz` says ready and a
//!   board was asked.
//!
//! `--write PATH` only writes the bundle (for trying railtop on one by hand).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use prost::Message;
use railtop_feeds::upstream::gtfs_rt::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_railtop");

/// xorshift64*: the same bundle for a seed on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What the generator made, for the checks.
struct Made {
    rows: u64,
    rail_rows: u64,
    rail_trips: Vec<String>,
    bus_trips: Vec<String>,
}

fn hms(secs: u64) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// Writes a bundle of about `rows` stop times, `rail_share` of them rail, to `path`.
fn generate(path: &Path, rows: u64, rail_share: f64, seed: u64) -> Made {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let rail_rows = (rows as f64 * rail_share) as u64;
    let other_rows = rows - rail_rows;
    let rail_stations = (rail_rows / 2_000).clamp(60, 20_000);
    let bus_stops = (other_rows / 400).clamp(100, 400_000);
    let file = std::fs::File::create(path).unwrap();
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::with_capacity(1 << 20, file));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(true);

    zip.start_file("agency.txt", options).unwrap();
    zip.write_all(b"agency_id,agency_name,agency_url,agency_timezone\nN,National,https://example.org,Europe/Berlin\n").unwrap();

    zip.start_file("stops.txt", options).unwrap();
    let mut out =
        String::from("stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n");
    for s in 0..rail_stations {
        let (lat, lon) = (
            47.0 + (s % 100) as f64 * 0.07,
            6.0 + (s / 100) as f64 * 0.09,
        );
        out += &format!("S{s},Station {s},{lat:.5},{lon:.5},1,\n");
        for p in 1..=2 {
            out += &format!("S{s}-{p},Station {s},{lat:.5},{lon:.5},0,S{s}\n");
        }
    }
    for b in 0..bus_stops {
        let (lat, lon) = (
            47.0 + (b % 700) as f64 * 0.01,
            6.0 + (b / 700) as f64 * 0.013,
        );
        out += &format!("B{b},Bus stop {b},{lat:.5},{lon:.5},0,\n");
    }
    zip.write_all(out.as_bytes()).unwrap();

    // Trips: rail 12 calls along a line of stations, others 25 along bus stops. Interleaved
    // as national bundles list them.
    let rail_trips = rail_rows / 12;
    let other_trips = other_rows / 25;
    let total_trips = rail_trips + other_trips;
    // Mode of each route: 0–9 rail (2, 106, 109), 10– bus (3, 700), tram (0), subway (1).
    let route_count = (total_trips / 20).max(10);
    let rail_routes = ((route_count as f64 * rail_share).ceil() as u64).max(1);
    zip.start_file("routes.txt", options).unwrap();
    let mut out = String::from("route_id,agency_id,route_short_name,route_long_name,route_type\n");
    for r in 0..route_count {
        let (name, kind) = if r < rail_routes {
            (format!("RE{r}"), [2, 106, 109][(r % 3) as usize])
        } else {
            let k = rng.below(10);
            match k {
                0 => (format!("T{r}"), 0),
                1 => (format!("U{r}"), 1),
                2..=5 => (format!("{r}"), 700),
                _ => (format!("{r}"), 3),
            }
        };
        out += &format!("R{r},N,{name},Line {r},{kind}\n");
    }
    zip.write_all(out.as_bytes()).unwrap();

    // Which trips are rail: spread evenly through the file.
    let is_rail = |t: u64| {
        rail_trips > 0 && (t * rail_trips) / total_trips != ((t + 1) * rail_trips) / total_trips
    };
    let services = ["WD", "WE", "DAILY"];
    zip.start_file("trips.txt", options).unwrap();
    let mut out = String::from("route_id,service_id,trip_id,trip_headsign,trip_short_name\n");
    let mut made = Made {
        rows: 0,
        rail_rows: 0,
        rail_trips: Vec::new(),
        bus_trips: Vec::new(),
    };
    let mut plans: Vec<(u64, u64, u64)> = Vec::with_capacity(total_trips as usize); // (line start, direction, start time)
    for t in 0..total_trips {
        let rail = is_rail(t);
        let route = if rail {
            rng.below(rail_routes)
        } else {
            rail_routes + rng.below(route_count - rail_routes)
        };
        let service = services[rng.below(3) as usize];
        let start = 5 * 3600 + rng.below(19 * 3600);
        let (first, direction) = if rail {
            (
                rng.below(rail_stations.saturating_sub(12).max(1)),
                rng.below(2),
            )
        } else {
            (rng.below(bus_stops.saturating_sub(25).max(1)), 0)
        };
        plans.push((first, direction, start));
        let headsign = if rail {
            let last = if direction == 0 { first + 11 } else { first };
            format!("Station {last}")
        } else {
            format!("Bus stop {}", first + 24)
        };
        out += &format!(
            "R{route},{service},N{t},{headsign},{}\n",
            if rail {
                format!("{}", 1000 + t)
            } else {
                String::new()
            }
        );
        if out.len() > 1 << 20 {
            zip.write_all(out.as_bytes()).unwrap();
            out.clear();
        }
        if rail && made.rail_trips.len() < 20 {
            made.rail_trips.push(format!("N{t}"));
        } else if !rail && made.bus_trips.len() < 20 {
            made.bus_trips.push(format!("N{t}"));
        }
    }
    zip.write_all(out.as_bytes()).unwrap();

    zip.start_file("stop_times.txt", options).unwrap();
    let mut out = String::from("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n");
    for (t, &(first, direction, start)) in plans.iter().enumerate() {
        let rail = is_rail(t as u64);
        let calls = if rail { 12 } else { 25 };
        let mut at = start;
        for i in 0..calls {
            let stop = if rail {
                let s = if direction == 0 {
                    first + i
                } else {
                    first + 11 - i
                };
                format!("S{s}-{}", 1 + rng.below(2))
            } else {
                format!("B{}", first + i)
            };
            let dwell = if rail && i > 0 && i + 1 < calls {
                60
            } else {
                0
            };
            out += &format!("N{t},{},{},{stop},{}\n", hms(at), hms(at + dwell), i + 1);
            at += dwell
                + if rail {
                    240 + rng.below(600)
                } else {
                    60 + rng.below(120)
                };
            made.rows += 1;
            made.rail_rows += u64::from(rail);
        }
        if out.len() > 4 << 20 {
            zip.write_all(out.as_bytes()).unwrap();
            out.clear();
        }
    }
    zip.write_all(out.as_bytes()).unwrap();

    zip.start_file("calendar.txt", options).unwrap();
    zip.write_all(
        b"service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n\
          WD,1,1,1,1,1,0,0,20260101,20271231\nWE,0,0,0,0,0,1,1,20260101,20271231\n\
          DAILY,1,1,1,1,1,1,1,20260101,20271231\n",
    )
    .unwrap();
    zip.start_file("calendar_dates.txt", options).unwrap();
    zip.write_all(b"service_id,date,exception_type\nWD,20261225,2\nWE,20261225,1\nWD,20260101,2\nWE,20260101,1\n").unwrap();
    zip.finish().unwrap().flush().unwrap();
    made
}

/// Vehicles of the first rail trips and of the first bus trips.
fn vehicle_positions(made: &Made) -> Vec<u8> {
    let vehicle = |id: String, trip: &str| FeedEntity {
        id: Some(id.clone()),
        vehicle: Some(VehiclePosition {
            trip: Some(TripDescriptor {
                trip_id: Some(trip.into()),
                ..Default::default()
            }),
            position: Some(Position {
                latitude: Some(50.1),
                longitude: Some(8.6),
                ..Default::default()
            }),
            vehicle: Some(VehicleDescriptor {
                id: Some(id),
                label: None,
            }),
            ..Default::default()
        }),
        ..Default::default()
    };
    let mut entity: Vec<FeedEntity> = made
        .rail_trips
        .iter()
        .map(|t| vehicle(format!("rail-{t}"), t))
        .collect();
    entity.extend(
        made.bus_trips
            .iter()
            .map(|t| vehicle(format!("bus-{t}"), t)),
    );
    FeedMessage {
        header: Some(FeedHeader {
            gtfs_realtime_version: Some("2.0".into()),
            incrementality: None,
            timestamp: None,
        }),
        entity,
    }
    .encode_to_vec()
}

/// Serves the bundle (with an ETag) and the vehicles on loopback; its base URL.
async fn serve_bundle(bundle: bytes::Bytes, vp: Vec<u8>) -> String {
    let router = Router::new()
        .route(
            "/vp.pb",
            get(move || {
                let vp = vp.clone();
                async move { vp }
            }),
        )
        .route(
            "/gtfs.zip",
            get(move |headers: HeaderMap| {
                let bundle = bundle.clone();
                async move {
                    if headers
                        .get("if-none-match")
                        .is_some_and(|v| v == "\"bench\"")
                    {
                        return StatusCode::NOT_MODIFIED.into_response();
                    }
                    ([("etag", "\"bench\"")], bundle).into_response()
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{addr}")
}

/// A process's peak RSS so far (`VmHWM`, MiB), while it runs.
fn peak_of(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

/// Runs railtop with `args`; its wall time, peak RSS (MiB: `VmHWM`, read every 5 ms until it
/// ends; the high-water mark only rises, so the last reading is the peak but for what the
/// last 5 ms added) and stdout.
fn run(args: &[&str], cache: &Path, config: &Path) -> (Duration, f64, Vec<u8>) {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(["--source", "upstream", "--config"])
        .arg(config)
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .env("RAILTOP_NOW", "2026-11-24T08:00:00Z")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let (mut out, mut err) = (Vec::new(), String::new());
        std::io::Read::read_to_end(&mut stdout, &mut out).unwrap();
        std::io::Read::read_to_string(&mut stderr, &mut err).unwrap();
        (out, err)
    });
    let mut peak = 0.0f64;
    let status = loop {
        if let Some(p) = peak_of(pid) {
            peak = peak.max(p);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    let (out, err) = reader.join().unwrap();
    assert!(status.success(), "railtop {args:?} failed: {err}");
    (elapsed, peak, out)
}

/// `railtop serve`'s peak RSS once its schedule is ready and a board was asked (MiB), and how
/// long it took to be ready.
async fn serve_peak(cache: &Path, config: &Path) -> (f64, Duration) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(["--source", "upstream", "--config"])
        .arg(config)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .env("XDG_CACHE_HOME", cache)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    // The first board asks for the schedule; /healthz says when it is ready.
    let mut ready = None;
    while started.elapsed() < Duration::from_secs(600) {
        let _ = client
            .get(format!("{base}/api/live/departures?station=national:S1"))
            .send()
            .await;
        if let Ok(r) = client.get(format!("{base}/healthz")).send().await {
            let health: serde_json::Value =
                serde_json::from_str(&r.text().await.unwrap_or_default()).unwrap_or_default();
            let national = health["schedules"]
                .as_array()
                .and_then(|all| all.iter().find(|s| s["feed"] == "national"))
                .map(|s| s["state"].as_str().unwrap_or("").to_string());
            match national.as_deref() {
                Some("ready") => {
                    ready = Some(started.elapsed());
                    break;
                }
                Some("failed") => panic!("{health}"),
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // A failure answered while it was building is cached for a moment.
    let mut answered = None;
    for _ in 0..100 {
        let board = client
            .get(format!("{base}/api/live/departures?station=national:S1"))
            .send()
            .await
            .unwrap();
        if board.status().is_success() {
            answered = Some(board.text().await.unwrap());
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        answered.is_some_and(|b| b.contains("Station")),
        "no board after the schedule was ready"
    );
    let hwm = peak_of(child.id()).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    (
        hwm,
        ready.expect("the schedule was ready within 10 minutes"),
    )
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sizes: Vec<u64> = arg(&args, "--rows")
        .unwrap_or_else(|| "1000000,10000000,50000000".into())
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    let rail_share: f64 = arg(&args, "--rail-share").map_or(0.1, |s| s.parse().unwrap());
    let seed: u64 = arg(&args, "--seed").map_or(1, |s| s.parse().unwrap());
    if let Some(path) = arg(&args, "--write") {
        let made = generate(Path::new(&path), sizes[0], rail_share, seed);
        println!("{path}: {} stop times, {} rail", made.rows, made.rail_rows);
        return;
    }
    let with_serve = args.iter().any(|a| a == "--serve");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gtfs-bench");
    std::fs::create_dir_all(&root).unwrap();
    println!("| stop times (rail) | zip | first run: download + build | next run (304 + snapshot) | snapshot | kept calls, B/call (all / calls only) | trains (rail listed, buses not) | board query |{}", if with_serve { " serve: ready, peak |" } else { "" });
    println!(
        "|---|---|---|---|---|---|---|---|{}",
        if with_serve { "---|" } else { "" }
    );
    for rows in sizes {
        let bundle = root.join(format!("national-{rows}-{rail_share}-{seed}.zip"));
        let t = Instant::now();
        let made = generate(&bundle, rows, rail_share, seed);
        eprintln!(
            "generated {} in {:.1} s",
            bundle.display(),
            t.elapsed().as_secs_f64()
        );
        let zip_bytes = std::fs::metadata(&bundle).unwrap().len();
        let stop_times_bytes = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap())
            .unwrap()
            .by_name("stop_times.txt")
            .unwrap()
            .size();
        let base = serve_bundle(
            bytes::Bytes::from(std::fs::read(&bundle).unwrap()),
            vehicle_positions(&made),
        )
        .await;
        let work = root.join(format!("run-{rows}"));
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work).unwrap();
        let config = work.join("config.toml");
        std::fs::write(
            &config,
            format!(
                "[[feeds]]\nslug = \"national\"\nname = \"National\"\ntimezone = \"Europe/Berlin\"\n\
                 vehicle_positions = \"{base}/vp.pb\"\nstatic_gtfs = \"{base}/gtfs.zip\"\n"
            ),
        )
        .unwrap();
        let cache = work.join("cache");
        let board_args = [
            "departures",
            "national:S1",
            "--format",
            "json",
            "--limit",
            "20",
        ];
        let first = tokio::task::block_in_place(|| run(&board_args, &cache, &config));
        let next = tokio::task::block_in_place(|| run(&board_args, &cache, &config));
        let board: serde_json::Value = serde_json::from_slice(&next.2).unwrap();
        let rows_shown = board["departures"].as_array().map_or(0, Vec::len);
        assert!(rows_shown > 0, "the board of S1 is empty: {board}");
        assert!(board["departures"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["destination"].as_str().unwrap().starts_with("Station")));
        // `trains` from a cold cache too: the bundle read for a train list.
        let trains_cache = work.join("trains-cache");
        let trains = tokio::task::block_in_place(|| {
            run(
                &["trains", "--country", "national", "--format", "json"],
                &trains_cache,
                &config,
            )
        });
        let trains_cold = (trains.0, trains.1);
        let trains: serde_json::Value = serde_json::from_slice(&trains.2).unwrap();
        let list = trains["trains"].as_array().unwrap();
        let named = list
            .iter()
            .filter(|t| !t["name"].as_str().unwrap_or("").ends_with("?"))
            .count();
        let buses = list
            .iter()
            .filter(|t| t["id"].as_str().unwrap_or("").contains("bus-"))
            .count();
        assert_eq!(buses, 0, "buses listed as trains");
        assert_eq!(named, list.len(), "rail trains without names");

        let folder = std::fs::read_dir(cache.join("railtop/gtfs"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let snapshot = folder.join("timetable.bin");
        let snapshot_bytes = std::fs::metadata(&snapshot).unwrap().len();
        let key = railtop_feeds::upstream::gtfs_static::snapshot::key(&snapshot).unwrap();
        let table = railtop_feeds::upstream::gtfs_static::snapshot::read(&snapshot, &key, u64::MAX)
            .unwrap();
        let size = table.size();
        // The board matches the bundle: each row is a trip the generator made calling at S1 at
        // the time shown (its train number is 1000 + the trip's index).
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        for row in board["departures"].as_array().unwrap() {
            let code = row["trainCode"].as_str().unwrap();
            let number: u64 = code.rsplit(' ').next().unwrap().parse().unwrap();
            let trip = format!("N{}", number - 1000);
            let shown = row["scheduledDep"].as_str().unwrap();
            let at = ["S1-1", "S1-2"]
                .iter()
                .find_map(|stop| table.scheduled(&trip, stop, day))
                .map(|t| t.format("%H:%M").to_string());
            assert_eq!(at.as_deref(), Some(shown), "{code} at S1");
        }
        let mut rng = Rng(7);
        let stations = (made.rail_rows / 2_000).clamp(60, 20_000);
        let from =
            chrono::NaiveDateTime::parse_from_str("2026-11-24 08:00", "%Y-%m-%d %H:%M").unwrap();
        let queries = 2_000;
        let t = Instant::now();
        let mut found = 0;
        for _ in 0..queries {
            let s = rng.below(stations);
            let ids = vec![format!("S{s}"), format!("S{s}-1"), format!("S{s}-2")];
            found += table.departures(&ids, from, 2).len();
        }
        let per_query = t.elapsed() / queries;
        assert!(found > 0);
        let serve = if with_serve {
            let cache = work.join("serve-cache");
            let (peak, ready) = serve_peak(&cache, &config).await;
            format!(" {:.1} s, {peak:.0} MiB |", ready.as_secs_f64())
        } else {
            String::new()
        };
        println!(
            "| {:.1} M ({:.1} M) | {:.0} MiB ({:.0} MiB) | {:.1} s, {:.0} MiB | {:.2} s, {:.0} MiB | {:.1} s, {:.0} MiB | {:.0} MiB | {:.2} M, {:.1} / {:.1} | {} of {} | {:.0} µs ({} rows a query on average) |{serve}",
            made.rows as f64 / 1e6,
            made.rail_rows as f64 / 1e6,
            zip_bytes as f64 / 1048576.0,
            stop_times_bytes as f64 / 1048576.0,
            first.0.as_secs_f64(),
            first.1,
            next.0.as_secs_f64(),
            next.1,
            trains_cold.0.as_secs_f64(),
            trains_cold.1,
            snapshot_bytes as f64 / 1048576.0,
            size.calls as f64 / 1e6,
            size.bytes as f64 / size.calls.max(1) as f64,
            size.call_bytes as f64 / size.calls.max(1) as f64,
            list.len(),
            made.rail_trips.len() + made.bus_trips.len(),
            per_query.as_secs_f64() * 1e6,
            found / queries as usize,
        );
    }
}
