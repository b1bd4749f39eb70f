//! A GTFS feed's static bundle over time, through the binary with its own cache folder: fetched
//! to disk and asked conditionally (a 304 reuses the bundle and the timetable's snapshot); a
//! truncated, corrupt or over-cap bundle refused with the feed and the reason, the previous one
//! kept serving; a local file's path read where it lies.

use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop_core::model::DeparturesResponse;
use railtop_feeds::upstream::gtfs::samples;
use railtop_feeds::upstream::gtfs_static::sample_bundle;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::support::NOW;

/// What the bundle server holds and has answered.
#[derive(Default)]
struct Served {
    /// The bundle and its ETag.
    bundle: Mutex<(Vec<u8>, String)>,
    full: AtomicUsize,
    not_modified: AtomicUsize,
}

async fn bundle_server(served: Arc<Served>) -> String {
    let router = Router::new()
        .route(
            "/vp.pb",
            get(|| async { samples::vehicle_positions().into_response() }),
        )
        .route(
            "/gtfs.zip",
            get(move |headers: HeaderMap| {
                let served = served.clone();
                async move {
                    let (bytes, etag) = served.bundle.lock().unwrap().clone();
                    let asked = headers.get("if-none-match").and_then(|v| v.to_str().ok());
                    if asked == Some(etag.as_str()) {
                        served.not_modified.fetch_add(1, Ordering::SeqCst);
                        return StatusCode::NOT_MODIFIED.into_response();
                    }
                    served.full.fetch_add(1, Ordering::SeqCst);
                    ([("etag", etag)], bytes).into_response()
                }
            }),
        );
    format!("http://{}", crate::support::start_router(router).await)
}

/// A scratch folder for one test: its config file, its cache, its logs.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-schedule-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A `[[feeds]]` region whose boards come from the timetable alone (no trip updates).
fn config(dir: &Path, static_gtfs: &str, base: &str, extra: &str) -> String {
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        format!(
            "[[feeds]]\nslug = \"estonia\"\nname = \"Elron\"\ntimezone = \"Europe/Tallinn\"\n\
             vehicle_positions = \"{base}/vp.pb\"\nstatic_gtfs = \"{static_gtfs}\"\n{extra}"
        ),
    )
    .unwrap();
    path.display().to_string()
}

/// `railtop departures estonia:TLL` with `dir`'s cache; its output and that run's log.
fn board(dir: &Path, config: &str) -> (std::process::Output, String) {
    let log = dir.join("railtop.log");
    let _ = std::fs::remove_file(&log);
    let out = crate::support::railtop_binary()
        .args([
            "--source",
            "upstream",
            "--config",
            config,
            "departures",
            "estonia:TLL",
        ])
        .args(["--format", "json", "--log-file"])
        .arg(&log)
        .env("RAILTOP_NOW", NOW)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env_remove("RAILTOP_SOURCE")
        .output()
        .unwrap();
    (out, std::fs::read_to_string(&log).unwrap_or_default())
}

fn destinations(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let board: DeparturesResponse = serde_json::from_slice(&out.stdout).unwrap();
    board
        .departures
        .iter()
        .map(|d| d.destination.clone())
        .collect()
}

/// The feed's folder in the cache (`estonia-<hash>`).
fn feed_folder(dir: &Path) -> PathBuf {
    let gtfs = dir.join("cache/railtop/gtfs");
    let mut found = std::fs::read_dir(&gtfs)
        .unwrap_or_else(|e| panic!("{}: {e}", gtfs.display()))
        .map(|e| e.unwrap().path());
    found.next().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bundle_is_asked_conditionally_and_a_bad_new_one_leaves_the_old_serving() {
    let served = Arc::new(Served::default());
    *served.bundle.lock().unwrap() = (sample_bundle(), "\"v1\"".into());
    let base = bundle_server(served.clone()).await;
    let dir = scratch("conditional");
    let url = format!("{base}/gtfs.zip");
    let cfg = config(&dir, &url, &base, "static_max_mib = 1\n");
    let run = {
        let (dir, cfg) = (dir.clone(), cfg.clone());
        move || {
            let (dir, cfg) = (dir.clone(), cfg.clone());
            tokio::task::spawn_blocking(move || board(&dir, &cfg))
        }
    };
    let expected = ["Tartu", "Narva"];

    // First run: downloaded, built, kept with its snapshot.
    let (out, log) = run().await.unwrap();
    assert_eq!(destinations(&out), expected, "{log}");
    assert!(log.contains("built from the bundle"), "{log}");
    let folder = feed_folder(&dir);
    for file in ["bundle.zip", "bundle.json", "timetable.bin"] {
        assert!(
            folder.join(file).is_file(),
            "{file} in {}",
            folder.display()
        );
    }
    assert_eq!(served.full.load(Ordering::SeqCst), 1);

    // Second run: a 304, and the snapshot instead of a build.
    let (out, log) = run().await.unwrap();
    assert_eq!(destinations(&out), expected);
    assert_eq!(served.not_modified.load(Ordering::SeqCst), 1, "{log}");
    assert!(log.contains("from its snapshot"), "{log}");
    assert!(!log.contains("built from the bundle"), "{log}");

    // A new bundle cut short, a corrupt one, one over the cap: each refused with the reason,
    // and the bundle on disk keeps serving.
    let good = std::fs::read(folder.join("bundle.zip")).unwrap();
    let mut corrupt = sample_bundle();
    let middle = corrupt.len() / 2;
    corrupt[middle..middle + 40].fill(0x55);
    let big: Vec<u8> = (0..3u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let truncated = sample_bundle()[..200].to_vec();
    for (i, (bytes, why)) in [
        (truncated, "not a GTFS zip"),
        (corrupt, "unreadable"),
        (big, "larger than its cap of 1 MiB"),
    ]
    .into_iter()
    .enumerate()
    {
        *served.bundle.lock().unwrap() = (bytes, format!("\"bad{i}\""));
        let (out, log) = run().await.unwrap();
        assert_eq!(destinations(&out), expected, "the old bundle serves: {log}");
        assert!(log.contains(why), "{why}: {log}");
        assert!(log.contains("estonia"), "the feed is named: {log}");
        assert_eq!(std::fs::read(folder.join("bundle.zip")).unwrap(), good);
        let parts = std::fs::read_dir(&folder)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".part")
            })
            .count();
        assert_eq!(parts, 0, "no partial download left");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_first_bundle_is_a_clear_error_and_a_local_file_is_read_where_it_lies() {
    let served = Arc::new(Served::default());
    *served.bundle.lock().unwrap() = (sample_bundle()[..300].to_vec(), "\"x\"".into());
    let base = bundle_server(served).await;
    let dir = scratch("first");
    let cfg = config(&dir, &format!("{base}/gtfs.zip"), &base, "");
    let (out, _) = tokio::task::spawn_blocking({
        let (dir, cfg) = (dir.clone(), cfg.clone());
        move || board(&dir, &cfg)
    })
    .await
    .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("estonia")
            && err.contains("static timetable is unavailable")
            && err.contains("not a GTFS zip"),
        "{err}"
    );

    // A bundle at a path: no copy, a snapshot in the cache, read back at the next run.
    let local = dir.join("elron.zip");
    std::fs::write(&local, sample_bundle()).unwrap();
    let cfg = config(&dir, &local.display().to_string(), &base, "");
    for how in ["built from the bundle", "from its snapshot"] {
        let (out, log) = tokio::task::spawn_blocking({
            let (dir, cfg) = (dir.clone(), cfg.clone());
            move || board(&dir, &cfg)
        })
        .await
        .unwrap();
        assert_eq!(destinations(&out), ["Tartu", "Narva"]);
        assert!(log.contains(how), "{how}: {log}");
    }
    assert!(
        !feed_folder(&dir).join("bundle.zip").exists(),
        "a local bundle is not copied"
    );
}

/// `railtop --print-config` of the file at `path`.
fn print_config(path: &Path) -> std::process::Output {
    crate::support::railtop_binary()
        .args(["--config"])
        .arg(path)
        .args(["--source", "upstream", "--print-config"])
        .env_remove("RAILTOP_SOURCE")
        .output()
        .unwrap()
}

/// The README's `[[feeds]]` example is a configuration railtop accepts, with its modes.
#[test]
fn the_readmes_national_feed_example_is_a_valid_configuration() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let example = readme
        .split("## A national GTFS feed")
        .nth(1)
        .and_then(|rest| rest.split("```toml\n").nth(1))
        .and_then(|block| block.split("```").next())
        .expect("the README has its [[feeds]] example");
    let dir = scratch("readme");
    let path = dir.join("config.toml");
    std::fs::write(&path, example).unwrap();
    let out = print_config(&path);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        shown.contains("nl-gtfs") && shown.contains("modes = [\"rail\"]"),
        "{shown}"
    );
    // A mode that does not exist, a cap out of range: refused at start, saying what is allowed.
    for (bad, says) in [
        ("modes = [\"rail\"]", "modes = [\"boat\"]"),
        ("modes = [\"rail\"]", "static_max_mib = 0"),
    ]
    .map(|(from, to)| (example.replace(from, to), to))
    {
        std::fs::write(&path, &bad).unwrap();
        let out = print_config(&path);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{says}: accepted");
        assert!(
            err.contains("ferry") || err.contains("65536"),
            "{says}: {err}"
        );
    }
}

/// A `static_gtfs` path that names no file is refused at start, naming it (it was silently a
/// region without names).
#[test]
fn a_static_bundle_path_that_is_no_file_is_an_error_naming_it() {
    let dir = scratch("missing-bundle");
    let missing = dir.join("no-such-bundle.zip");
    let cfg = config(
        &dir,
        &missing.display().to_string(),
        "http://127.0.0.1:9",
        "",
    );
    let out = print_config(Path::new(&cfg));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted: {err}");
    assert!(
        err.contains("no-such-bundle.zip") && err.contains("static_gtfs"),
        "{err}"
    );
}
