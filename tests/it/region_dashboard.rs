//! A `[[feeds]]` region on the real dashboard, in a pseudo-terminal: its feed and bundle played
//! on loopback (as in [`crate::gtfs`]), the screen read as a person sees it.

use crate::gtfs::{bundle_with_a_shared_code, config_file, play_gtfs, play_gtfs_with, railtop};
use crate::support::pty::PtyApp;
use crate::support::NOW;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

/// A cache folder of the test's own, and its path as text.
fn cache(name: &str) -> (std::path::PathBuf, String) {
    let dir =
        std::env::temp_dir().join(format!("railtop-region-dash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let text = dir.display().to_string();
    (dir, text)
}

/// A region whose timetable was built (by an earlier command) names its trains' destinations
/// from the dashboard's first answer on, not `?` for a whole refresh (#54 item 13).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_built_timetable_names_the_first_answers_destinations() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let config = config_file("first-answer", &base).display().to_string();
    let (_dir, cache) = cache("first-answer");
    tokio::task::spawn_blocking(move || {
        // An earlier command builds the timetable and keeps its snapshot.
        let built = railtop(
            &[
                "--source",
                "upstream",
                "--config",
                &config,
                "trains",
                "--country",
                "estonia",
            ],
            &[("XDG_CACHE_HOME", cache.as_str())],
        );
        assert!(
            built.status.success(),
            "{}",
            String::from_utf8_lossy(&built.stderr)
        );
        let mut app = region_dashboard(&config, &cache, &["--interval", "1h"], 120);
        app.wait_for("the region's trains", |s| s.contains("Trains 2 "), WAIT);
        let screen = app.screen();
        let rows: Vec<&str> = screen.lines().filter(|l| l.contains("R 101")).collect();
        assert!(
            !rows.is_empty() && rows.iter().all(|l| l.contains("Tartu")),
            "the first answer (the next is an hour away) names R 101 and where it goes:\n{screen}"
        );
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// The dashboard on a region whose URLs answer 404 (a loopback server that serves nothing),
/// once its failure is on screen.
fn failing_region(name: &str, base: &str) -> (PtyApp, String) {
    let config = config_file(name, base).display().to_string();
    let (_, cache) = cache(name);
    let app = PtyApp::start(
        &[
            "--source",
            "upstream",
            "--config",
            &config,
            "--country",
            "estonia",
        ],
        120,
        40,
        &[("RAILTOP_NOW", NOW), ("XDG_CACHE_HOME", cache.as_str())],
    );
    app.wait_for("the failure", |s| s.contains("No data"), WAIT);
    let screen = app.screen();
    (app, screen)
}

async fn nothing_served() -> String {
    let router = axum::Router::new();
    format!("http://{}", crate::support::start_router(router).await)
}

/// A failed region credits its own feed (its `attribution`), not the built-in feeds' (#54
/// item 33).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_region_shows_its_own_attribution() {
    let base = nothing_served().await;
    tokio::task::spawn_blocking(move || {
        let (mut app, screen) = failing_region("own-credit", &base);
        let credit = screen.lines().nth(2).unwrap_or("");
        assert!(credit.contains("Estonia: Elron (test feed)"), "{screen}");
        assert!(!screen.contains("Fintraffic"), "{screen}");
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// A failed region of one's own says to check that `[[feeds]]` entry's URLs, naming it, not
/// that the national feeds may be down (#54 item 35, the dashboard's part).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_region_of_ones_own_points_at_its_entry() {
    let base = nothing_served().await;
    tokio::task::spawn_blocking(move || {
        let (mut app, screen) = failing_region("own-urls", &base);
        // The hint wraps in the pane: read it as one text.
        let pane: String = screen
            .lines()
            .map(|l| l.split(['┃', '│']).nth(3).unwrap_or("").trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            pane.contains("\"estonia\" is your own [[feeds]] entry: check its URLs"),
            "{pane}\n{screen}"
        );
        assert!(!screen.contains("national feeds"), "{screen}");
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// A region's times are on its `timezone` (Tallinn's here), named: the header's clock and its
/// train's details, never `+00:00` (#54 item 12).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_regions_times_are_on_its_own_clock() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let config = config_file("own-clock", &base).display().to_string();
    let (_dir, cache) = cache("own-clock");
    tokio::task::spawn_blocking(move || {
        let mut app = region_dashboard(&config, &cache, &[], 90);
        app.wait_for("the region's trains", |s| s.contains("Trains 2 "), WAIT);
        let screen = app.screen();
        let header = screen.lines().next().unwrap_or("");
        assert!(header.contains("08:00:00 EET"), "Tallinn's clock: {screen}");
        assert!(!screen.contains("+00:00"), "{screen}");
        app.send("\r");
        app.wait_for("the train's details", |s| s.contains(" Train · "), WAIT);
        let screen = app.screen();
        let updated = screen
            .lines()
            .find(|l| l.contains("updated ") && !l.contains(" ago"))
            .unwrap_or("");
        assert!(updated.contains(" EET"), "{updated}\n{screen}");
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// A region's first start, nothing kept (#54 item 13, as the new-user pass met it): an
/// answer made while the timetable is read is not cached, and the dashboard asks again once it
/// is ready, so the trains are named within seconds although the next refresh is an hour away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_built_timetable_names_the_trains_within_seconds() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let config = config_file("first-build", &base).display().to_string();
    let (_dir, cache) = cache("first-build");
    tokio::task::spawn_blocking(move || {
        let mut app = region_dashboard(&config, &cache, &["--interval", "1h"], 120);
        app.wait_for(
            "R 101 named, with where it goes",
            |s| {
                s.lines()
                    .any(|l| l.contains("R 101") && l.contains("Tartu"))
            },
            WAIT,
        );
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// The `b` picker's choice of a region's station shows its board though its code is another
/// country's too: the picker passes `estonia:BF`, not the bare `BF` (NS's Baflo) that the
/// source would ask about (new-user pass, item 1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_picker_shows_a_regions_station_whose_code_is_shared() {
    let base = play_gtfs_with(
        ["/vp.pb", "/tu.pb", "/gtfs.zip"],
        bundle_with_a_shared_code(),
    )
    .await;
    let config = config_file("shared-code", &base).display().to_string();
    let (_dir, cache) = cache("shared-code");
    tokio::task::spawn_blocking(move || {
        let mut app = region_dashboard(&config, &cache, &["--interval", "1h"], 120);
        app.wait_for("the region's trains", |s| s.contains("Trains 2 "), WAIT);
        // The region's stops join the directory once its timetable is read (in the
        // background): until then the box has none of them, so it is asked again, as a
        // person would.
        let until = std::time::Instant::now() + WAIT;
        loop {
            app.send("b");
            for c in "birch".chars() {
                app.send(&c.to_string());
            }
            std::thread::sleep(Duration::from_millis(500));
            if app.screen().contains("Birchfield") {
                break;
            }
            assert!(
                std::time::Instant::now() < until,
                "no Birchfield in the picker: {}",
                app.screen()
            );
            app.send("\x1b");
            std::thread::sleep(Duration::from_millis(500));
        }
        app.send("\r");
        app.wait_for(
            "Birchfield's board",
            |s| {
                s.lines()
                    .any(|l| l.contains("09:01") && l.contains("Tartu"))
                    || s.contains("no board")
            },
            WAIT,
        );
        let screen = app.screen();
        assert!(!screen.contains("no board"), "{screen}");
        assert!(!screen.contains("could be several"), "{screen}");
        assert!(
            screen.contains(" Birchfield (BF)"),
            "the board's title: {screen}"
        );
        app.send("q");
        app.wait_exit(WAIT);
    })
    .await
    .unwrap();
}

/// The dashboard on the region `estonia` of the file `config`, its cache at `cache`, with
/// `more` arguments, `width` columns by 40.
fn region_dashboard(config: &str, cache: &str, more: &[&str], width: u16) -> PtyApp {
    let mut args = vec![
        "--source",
        "upstream",
        "--config",
        config,
        "--country",
        "estonia",
    ];
    args.extend_from_slice(more);
    PtyApp::start(
        &args,
        width,
        40,
        &[("RAILTOP_NOW", NOW), ("XDG_CACHE_HOME", cache)],
    )
}
