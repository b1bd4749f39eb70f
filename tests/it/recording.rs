//! `record`, `stats`, `watch` and `serve --record` (#40) through the binary, on loopback, with
//! every file read back by an independent reader: Python's own `sqlite3` module.

use crate::support::{need, railtop_binary, start_demo, start_router, NOW};
use railtop_core::model::{RealtimeResponse, Train};
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A scratch folder of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-rec-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `script` in Python with `sqlite3` imported and the database's path as `db`; its
/// standard output, parsed as JSON.
fn python(db: &Path, script: &str) -> serde_json::Value {
    let python = need("python3", "python3");
    let out = Command::new(python)
        .arg("-c")
        .arg(format!(
            "import sys, json\ntry:\n    import sqlite3\nexcept ImportError:\n    sys.exit('this test needs Python\\'s sqlite3 module: apt-get install -y python3')\ndb = sys.argv[1]\n{script}"
        ))
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// What an independent reader finds in the file: its integrity, schema version and counts.
const SUMMARY: &str = r#"
c = sqlite3.connect(db)
print(json.dumps({
  "integrity": c.execute("PRAGMA integrity_check").fetchone()[0],
  "version": c.execute("PRAGMA user_version").fetchone()[0],
  "journal": c.execute("PRAGMA journal_mode").fetchone()[0],
  "polls": c.execute("SELECT count(*) FROM polls").fetchone()[0],
  "runs": c.execute("SELECT count(*) FROM runs").fetchone()[0],
  "observations": c.execute("SELECT count(*) FROM observations").fetchone()[0],
  "boards": c.execute("SELECT count(*) FROM board_observations").fetchone()[0],
  "codes": sorted(r[0] for r in c.execute("SELECT DISTINCT train_code FROM runs")),
  "per_poll": {str(p): n for p, n in c.execute("SELECT poll, count(*) FROM observations GROUP BY poll")},
  "changes": {str(p): n for p, n in c.execute("SELECT id, changes FROM polls")},
}))
"#;

/// `railtop record ARGS` to its end; its standard output.
fn record(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = railtop_binary();
    cmd.arg("record")
        .args(args)
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_NOW", NOW);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The trains and changes `record` printed for poll `n` (`… poll 2: 576 trains, 0 changes, …`).
fn trains_and_changes(printed: &str, n: u64) -> (u64, u64) {
    let line = printed
        .lines()
        .find(|l| l.contains(&format!(" poll {n}: ")))
        .unwrap_or_else(|| panic!("no poll {n} in {printed}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[3].parse().unwrap(), words[5].parse().unwrap())
}

/// Every feed's address a closed loopback port: a test of `upstream` never reaches out.
fn closed_feeds() -> Vec<(String, String)> {
    railtop_core::country::COUNTRIES
        .iter()
        .map(|c| {
            (
                format!("RAILTOP_{}_URL", c.slug.to_uppercase().replace('-', "_")),
                "http://127.0.0.1:9".to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn record_works_against_every_source_and_python_reads_it_back() {
    let dir = scratch("sources");
    // The demo, with a station's board.
    let demo = dir.join("demo.db");
    let printed = record(
        &[
            "--source",
            "demo",
            "--db",
            demo.to_str().unwrap(),
            "--polls",
            "2",
            "--every",
            "100ms",
            "--station",
            "HKI",
        ],
        &[],
    );
    let first = trains_and_changes(&printed, 1);
    assert!(first.0 > 100 && first.0 == first.1, "{printed}");
    assert_eq!(
        trains_and_changes(&printed, 2).1,
        0,
        "the same answer twice: one copy"
    );
    let s = python(&demo, SUMMARY);
    assert_eq!(
        (
            s["integrity"].as_str(),
            s["version"].as_i64(),
            s["journal"].as_str()
        ),
        (Some("ok"), Some(1), Some("wal"))
    );
    assert_eq!(
        (s["polls"].as_u64(), s["runs"].as_u64()),
        (Some(2), Some(first.0))
    );
    assert_eq!(s["observations"].as_u64(), Some(first.0));
    assert!(s["boards"].as_i64().unwrap() > 0, "{s}");

    // A remote railtop server on loopback.
    let server = start_demo(Default::default()).await;
    let remote = dir.join("remote.db");
    let (url, path) = (server.url(), remote.clone());
    let printed = tokio::task::spawn_blocking(move || {
        record(
            &[
                "--source",
                &url,
                "--db",
                path.to_str().unwrap(),
                "--polls",
                "2",
                "--every",
                "100ms",
            ],
            &[],
        )
    })
    .await
    .unwrap();
    assert_eq!(trains_and_changes(&printed, 2), (first.0, 0), "{printed}");
    let s = python(&remote, SUMMARY);
    assert_eq!(
        (s["integrity"].as_str(), s["runs"].as_u64()),
        (Some("ok"), Some(first.0))
    );

    // The national feeds: Finland's played from its fixtures, every other feed closed.
    let base = railtop_feeds::test_support::play::play("finland", Default::default()).await;
    let upstream = dir.join("upstream.db");
    let path = upstream.clone();
    let printed = tokio::task::spawn_blocking(move || {
        let mut env = closed_feeds();
        env.retain(|(k, _)| k != "RAILTOP_FINLAND_URL");
        env.push(("RAILTOP_FINLAND_URL".into(), base));
        env.push(("XDG_CACHE_HOME".into(), "/nonexistent".into()));
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        record(
            &[
                "--source",
                "upstream",
                "--country",
                "finland",
                "--db",
                path.to_str().unwrap(),
                "--polls",
                "1",
                "--every",
                "100ms",
            ],
            &env,
        )
    })
    .await
    .unwrap();
    assert_eq!(trains_and_changes(&printed, 1), (3, 3), "{printed}");
    let s = python(&upstream, SUMMARY);
    assert_eq!(s["codes"], serde_json::json!(["IC 27", "R 9623", "U 8462"]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGKILL at 50 random instants of a recording that restarts on the same file each time: the
/// file always passes `PRAGMA integrity_check`, and every poll the recorder said it committed
/// is there with every one of its observations.
#[test]
fn killed_at_any_instant_the_file_is_whole_and_nothing_committed_is_lost() {
    let dir = scratch("kill");
    let db = dir.join("history.db");
    let mut committed: Vec<(u64, u64)> = Vec::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..50 {
        let mut child = railtop_binary()
            .args([
                "--interval",
                "1",
                "record",
                "--source",
                "demo",
                "--demo-scale",
                "10",
                "--every",
                "100ms",
                "--db",
            ])
            .arg(&db)
            .env("RAILTOP_CONFIG", "/dev/null")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        // What the recorder says it committed, read as it says it.
        let reader = std::thread::spawn(move || {
            let mut said = Vec::new();
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // `… poll 12: 1910 trains, 37 changes, 2 events`
                let after = line.split(" poll ").nth(1).unwrap_or_default();
                let poll: u64 = after.split(':').next().unwrap_or("").parse().unwrap_or(0);
                let changes: u64 = after
                    .split(", ")
                    .nth(1)
                    .and_then(|c| c.split(' ').next())
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(0);
                said.push((poll, changes));
            }
            said
        });
        // xorshift: a different instant each time, the same run each time the test runs.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_millis(150 + seed % 900));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        committed.extend(reader.join().unwrap());
    }
    assert!(
        committed.len() > 50,
        "the recorder committed polls: {}",
        committed.len()
    );
    let s = python(&db, SUMMARY);
    assert_eq!(s["integrity"].as_str(), Some("ok"));
    for (poll, changes) in &committed {
        let key = poll.to_string();
        assert_eq!(
            s["changes"][&key].as_u64(),
            Some(*changes),
            "poll {poll} was said committed"
        );
        assert_eq!(
            s["per_poll"][&key].as_u64().unwrap_or(0),
            *changes,
            "every observation of poll {poll}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Three hours of the demo recorded through the library (a poll a minute); `railtop stats`
/// matches Python's recomputation from the raw rows for every grouping.
#[test]
fn stats_match_a_recomputation_from_the_raw_rows() {
    use railtop_core::events::Differ;
    use railtop_feeds::source::demo::DemoSource;
    use railtop_record::{Answer, Store};
    let dir = scratch("stats");
    let db = dir.join("history.db");
    let start: chrono::DateTime<chrono::Utc> = NOW.parse().unwrap();
    let demo = DemoSource::new(1, 1, railtop_core::clock::Clock::System).unwrap();
    let mut store = Store::open(&db).unwrap();
    let mut differ = Differ::new(3, Duration::from_secs(3600));
    for minute in 0..180 {
        let at = start + chrono::Duration::minutes(minute);
        let answer = demo.realtime_at(&Default::default(), at).unwrap();
        let events = differ.feed(&answer, at);
        store
            .record(&Answer {
                at,
                source: "demo",
                trains: &answer.trains,
                events: &events,
                boards: &[],
            })
            .unwrap();
    }
    drop(store);
    let zones: std::collections::HashMap<&str, String> = railtop_core::country::COUNTRIES
        .iter()
        .map(|c| (c.slug, c.tz.name().to_string()))
        .collect();
    let zones = serde_json::to_string(&zones).unwrap();
    let from = (start + chrono::Duration::minutes(30)).to_rfc3339();
    let until = (start + chrono::Duration::minutes(150)).to_rfc3339();
    for by in ["country", "operator", "line", "hour"] {
        let out = railtop_binary()
            .args([
                "stats",
                "--db",
                db.to_str().unwrap(),
                "--from",
                &from,
                "--until",
                &until,
                "--by",
                by,
                "--format",
                "json",
            ])
            .env("RAILTOP_CONFIG", "/dev/null")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let theirs = python(
            &db,
            &format!(
                r#"
import datetime, math
from zoneinfo import ZoneInfo
TZ = json.loads('{zones}')
lo = int(datetime.datetime.fromisoformat("{from}").timestamp())
hi = int(datetime.datetime.fromisoformat("{until}").timestamp())
c = sqlite3.connect(db)
latest = {{}}
for run, poll, at, delay, status in c.execute(
        "SELECT run, poll, at, delay, status FROM observations WHERE at >= ? AND at < ?", (lo, hi)):
    if run not in latest or poll > latest[run][0]:
        latest[run] = (poll, at, delay, status)
meta = {{r[0]: r[1:] for r in c.execute("SELECT id, country, operator, line FROM runs")}}
groups = {{}}
for run, (poll, at, delay, status) in latest.items():
    country, operator, line = meta[run]
    key = {{"country": country, "operator": operator or "(none)", "line": line,
           "hour": "%02d" % datetime.datetime.fromtimestamp(at, ZoneInfo(TZ.get(country, "UTC"))).hour}}["{by}"]
    groups.setdefault(key, []).append((delay, status == "cancelled"))
out = {{}}
for key, runs in groups.items():
    d = sorted(x for x, cancelled in runs if not cancelled and x is not None)
    n = len(d)
    out[key] = {{
        "runs": len(runs), "cancelled": sum(1 for _, k in runs if k), "withDelay": n,
        "onTime": sum(1 for x in d if x <= 5),
        "meanDelay": sum(d) / n if n else None,
        "medianDelay": (d[n // 2] if n % 2 else (d[n // 2 - 1] + d[n // 2]) / 2) if n else None,
        "p90Delay": d[math.ceil(0.9 * n) - 1] if n else None,
    }}
print(json.dumps(out))
"#
            ),
        );
        let groups = ours["groups"].as_array().unwrap();
        assert_eq!(groups.len(), theirs.as_object().unwrap().len(), "by {by}");
        assert!(!groups.is_empty());
        for g in groups {
            let key = g["key"].as_str().unwrap();
            let t = &theirs[key];
            for field in ["runs", "cancelled", "withDelay", "onTime", "p90Delay"] {
                assert_eq!(g[field], t[field], "by {by}, {key}: {field}");
            }
            for field in ["meanDelay", "medianDelay"] {
                let (a, b) = (g[field].as_f64(), t[field].as_f64());
                assert!(
                    a.zip(b).is_some_and(|(a, b)| (a - b).abs() < 1e-9)
                        || (a.is_none() && b.is_none()),
                    "by {by}, {key}: {field} {a:?} against {b:?}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `railtop watch ARGS --source <a scripted server> --every 100ms` run in `dir` until the server
/// has answered `polls` times, then stopped with Ctrl-C as a person stops it: its status,
/// stdout and stderr. The server's `n`th answer is the one train `answer(n)` gives, or a 502
/// where it gives none (an outage).
async fn watch_scripted(
    answer: fn(usize) -> Option<Train>,
    polls: usize,
    args: &[&str],
    dir: &Path,
) -> (std::process::ExitStatus, String, String) {
    use axum::response::IntoResponse;
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let router = axum::Router::new().fallback(move || {
        let n = counter.fetch_add(1, Ordering::SeqCst);
        async move {
            let Some(train) = answer(n) else {
                return (axum::http::StatusCode::BAD_GATEWAY, "down").into_response();
            };
            let answer = RealtimeResponse::new(vec![train], vec!["finland".into()], NOW.into());
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                serde_json::to_string(&answer).unwrap(),
            )
                .into_response()
        }
    });
    let addr = start_router(router).await;
    let mut child = railtop_binary()
        .current_dir(dir)
        .args([
            "watch",
            "--source",
            &format!("http://{addr}"),
            "--every",
            "100ms",
        ])
        .args(args)
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_LOG", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while asked.load(Ordering::SeqCst) < polls && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pid = i32::try_from(child.id()).unwrap();
    assert_eq!(unsafe_free_kill(pid, "INT"), 0);
    let status = child.wait().unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, out, err)
}

/// `watch --train` against a scripted server: a delay, a platform, a cancellation and an
/// outage; one line per change, the outage said once, `--exec` given the change in its
/// environment only (the train's code is hostile shell text), Ctrl-C exits 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_says_each_change_once_and_execs_without_a_shell() {
    let dir = scratch("watch");
    let script = dir.join("on-change.sh");
    let log = dir.join("log");
    std::fs::write(&script, format!("#!/bin/sh\nprintf '%s|%s|%s\\n' \"$RAILTOP_EVENT\" \"$RAILTOP_TRAIN\" \"$RAILTOP_MESSAGE\" >> {}\n", log.display())).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let exec = format!("{} extra-arg", script.display());
    let answer = |n: usize| {
        let (delay, platform, status) = match n {
            0..=2 => (Some(0), "3", "running"),
            3..=5 => (Some(7), "4", "running"),
            6..=9 => return None,
            _ => (None, "4", "cancelled"),
        };
        Some(Train {
            id: "fi-27".into(),
            train_code: "IC 27; touch pwned".into(),
            status: status.into(),
            delay,
            platform: Some(platform.into()),
            country: Some("finland".into()),
            ..Train::default()
        })
    };
    let args = ["--train", "fi-27", "--format", "json", "--exec", &exec];
    let (status, out, err) = watch_scripted(answer, 14, &args, &dir).await;
    assert!(status.success(), "{status:?} {err}");
    let kinds: Vec<String> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["trainId"], "fi-27");
            format!("{} {} {}", v["kind"].as_str().unwrap(), v["old"], v["new"])
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "platform \"3\" \"4\"",
            "delay \"0\" \"7\"",
            "cancelled \"running\" \"cancelled\""
        ],
        "{out}\n{err}"
    );
    assert_eq!(err.matches("does not answer").count(), 1, "{err}");
    assert_eq!(err.matches("answers again").count(), 1, "{err}");
    let ran = std::fs::read_to_string(&log).unwrap();
    assert_eq!(ran.lines().count(), 3, "{ran}");
    assert!(
        ran.starts_with("platform|IC 27; touch pwned|IC 27; touch pwned: platform 3 → 4"),
        "{ran}"
    );
    assert!(
        !dir.join("pwned").exists(),
        "feed text never reaches a shell"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `watch` over a train that leaves Helsinki from platform 6 and calls at Pasila on platform 1,
/// where its platform then changes to 3: moving on is no platform change, the change at Pasila
/// is (issue: every train that moved on was reported as one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reports_a_platform_change_only_at_the_same_stop() {
    let dir = scratch("watch-platform");
    let answer = |n: usize| {
        let (next, platform) = match n {
            0..=2 => ("Helsinki", "6"),
            3..=5 => ("Pasila", "1"),
            _ => ("Pasila", "3"),
        };
        Some(Train {
            id: "fi-9715".into(),
            train_code: "R 9715".into(),
            status: "running".into(),
            delay: Some(0),
            platform: Some(platform.into()),
            next_station: Some(next.into()),
            country: Some("finland".into()),
            ..Train::default()
        })
    };
    let (status, out, _) = watch_scripted(answer, 10, &["--train", "fi-9715"], &dir).await;
    assert!(status.success());
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("platform")).collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains("platform 1 → 3"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `kill -SIG pid` through the `kill` program (no `unsafe` in the tests).
fn unsafe_free_kill(pid: i32, signal: &str) -> i32 {
    Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string())
        .status()
        .unwrap()
        .code()
        .unwrap_or(-1)
}

/// `serve --record`: `/api/live/stats` answers what `railtop stats` prints from the same file;
/// without `--record` it says how to get it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_record_answers_stats_as_the_command_prints_them() {
    let dir = scratch("serve");
    let db = dir.join("history.db");
    let (mut child, _stderr, local) = crate::support::serve_json(&[
        "serve",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
        "--record",
        db.to_str().unwrap(),
    ]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !db.exists() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let period = "from=2026-11-24T00:00:00Z&until=2026-11-26T00:00:00Z&by=line";
    let r = reqwest::get(format!("http://{local}/api/live/stats?{period}"))
        .await
        .unwrap();
    let status = r.status().as_u16();
    let api = r.text().await.unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status, 200, "{api}");
    let api: serde_json::Value = serde_json::from_str(&api).unwrap();
    let out = railtop_binary()
        .args([
            "stats",
            "--db",
            db.to_str().unwrap(),
            "--from",
            "2026-11-24",
            "--until",
            "2026-11-26",
            "--by",
            "line",
            "--format",
            "json",
        ])
        .env("RAILTOP_CONFIG", "/dev/null")
        .output()
        .unwrap();
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(api, printed);
    assert!(api["total"]["runs"].as_u64().unwrap() > 100, "{api}");
    // Without --record, the endpoint says how to have it.
    let server = start_demo(Default::default()).await;
    let r = reqwest::get(format!("{}/api/live/stats", server.url()))
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
    assert!(r.text().await.unwrap().contains("serve --record"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The national feeds (Finland played from its fixtures, every other feed closed) through
/// `serve --record` and `watch`: the server's file holds Finland's three runs and its stats say
/// so; `watch --train` follows a fixture train without an outage and stops cleanly on Ctrl-C.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_record_and_watch_work_on_the_national_feeds() {
    let dir = scratch("upstream");
    let db = dir.join("history.db");
    let base = railtop_feeds::test_support::play::play("finland", Default::default()).await;
    let mut env = closed_feeds();
    env.retain(|(k, _)| k != "RAILTOP_FINLAND_URL");
    env.push(("RAILTOP_FINLAND_URL".into(), base));
    let mut serve = railtop_binary();
    serve
        .args([
            "serve",
            "--source",
            "upstream",
            "--listen",
            "127.0.0.1:0",
            "--record",
        ])
        .arg(&db)
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_NOW", NOW)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for (k, v) in &env {
        serve.env(k, v);
    }
    let mut server = serve.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut runs = 0;
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(300)).await;
        if db.exists() {
            let s = python(&db, SUMMARY);
            runs = s["runs"].as_u64().unwrap_or(0);
            if runs >= 3 {
                assert_eq!(s["integrity"].as_str(), Some("ok"));
                assert_eq!(s["codes"], serde_json::json!(["IC 27", "R 9623", "U 8462"]));
                break;
            }
        }
    }
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(runs, 3, "Finland's three runs recorded by serve --record");
    let out = railtop_binary()
        .args([
            "stats",
            "--db",
            db.to_str().unwrap(),
            "--from",
            "2026-11-20",
            "--until",
            "2026-12-01",
            "--format",
            "json",
        ])
        .env("RAILTOP_CONFIG", "/dev/null")
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["groups"][0]["key"], "finland");
    assert_eq!(report["total"]["runs"], 3);

    let mut watch = railtop_binary();
    watch
        .args([
            "watch", "--source", "upstream", "--train", "IC 27", "--every", "200ms",
        ])
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_NOW", NOW)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in &env {
        watch.env(k, v);
    }
    let mut child = watch.spawn().unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let pid = i32::try_from(child.id()).unwrap();
    assert_eq!(unsafe_free_kill(pid, "INT"), 0);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{status:?} {err}");
    assert!(err.contains("watching IC 27"), "{err}");
    assert!(
        !err.contains("does not answer") && !err.contains("no live train"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A history file is as hostile as a feed (#55 items 5, 6, 12): what it says reaches no
/// terminal or CSV file raw, a value longer than railtop writes is refused before it is read,
/// and a trigger or a view in railtop's tables is refused by name before anything runs on it.
#[test]
fn a_hostile_history_file_is_read_clean_or_refused_by_name() {
    let dir = scratch("hostile");
    let made = |name: &str| {
        let db = dir.join(name);
        record(
            &[
                "--source",
                "demo",
                "--polls",
                "1",
                "--quiet",
                "--db",
                db.to_str().unwrap(),
            ],
            &[],
        );
        db
    };
    let stats = |db: &Path, format: &str| {
        railtop_binary()
            .args([
                "stats", "--since", "3650d", "--by", "line", "--format", format, "--db",
            ])
            .arg(db)
            .env("RAILTOP_CONFIG", "/dev/null")
            .env("RAILTOP_NOW", NOW)
            .output()
            .unwrap()
    };
    // Escape sequences, C1 controls, bidi overrides, a bell and a carriage return in the names.
    let escapes = made("escapes.db");
    python(
        &escapes,
        "c = sqlite3.connect(db)\nevil = 'Fin\\x1b[2J\\x9b31m\\u202e\\x07\\r\\u2066land'\nc.execute('UPDATE runs SET country = ?, line = ?, operator = ?', (evil, evil, evil))\nc.commit()\nprint('{}')",
    );
    for format in ["csv", "json", "table"] {
        let out = stats(&escapes, format);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let hostile = ['\x1b', '\u{9b}', '\u{202e}', '\x07', '\r', '\u{2066}'];
        assert!(
            !text.contains(hostile) && !text.contains("\\u001b") && !text.contains("\\u009b"),
            "{format}: {text:?}"
        );
        assert!(
            text.contains("Fin"),
            "{format}: the name is there, cleaned: {text}"
        );
    }
    // A value longer than any railtop writes.
    let long = made("long.db");
    python(
        &long,
        "c = sqlite3.connect(db)\nc.execute('UPDATE runs SET country = ? WHERE id = 1', ('x' * 1000000,))\nc.commit()\nprint('{}')",
    );
    let out = stats(&long, "csv");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && said.contains("longer than railtop writes"),
        "{said}"
    );
    // A trigger that would run on every insert, and a view in a table's place.
    for (name, sql, what) in [
        (
            "trigger.db",
            "CREATE TRIGGER slow AFTER INSERT ON polls BEGIN SELECT count(*) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n); END",
            "trigger railtop did not make (\"slow\")",
        ),
        (
            "view.db",
            "ALTER TABLE polls RENAME TO old_polls; CREATE VIEW polls AS SELECT * FROM old_polls",
            "view railtop did not make (\"polls\")",
        ),
    ] {
        let db = made(name);
        python(
            &db,
            &format!("c = sqlite3.connect(db)\nc.executescript({sql:?})\nprint('{{}}')"),
        );
        let started = Instant::now();
        let out = railtop_binary()
            .args(["record", "--source", "demo", "--polls", "1", "--db"])
            .arg(&db)
            .env("RAILTOP_CONFIG", "/dev/null")
            .env("RAILTOP_NOW", NOW)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && said.contains(what), "{name}: {said}");
        assert!(!said.contains("free some space"), "{name}: {said}");
        assert!(started.elapsed() < Duration::from_secs(20));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A hostile source's 5,000 trains all called `IC 27`, each later every poll, against `watch
/// --exec` with a program that takes 29 s and leaves a grandchild (#55 item 7): the program
/// runs one at a time from a bounded queue, SIGTERM stops `watch` at once with the program's
/// whole process group, and a reader that goes away (`| head -1`) ends it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_exec_is_bounded_and_stops_at_once() {
    use axum::response::IntoResponse;
    let dir = scratch("watch-flood");
    let script = dir.join("slow.sh");
    let starts = dir.join("starts");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho $$ >> {}\nsleep 29 &\necho $! >> {}\nwait\n",
            starts.display(),
            starts.display()
        ),
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&script)
        .status()
        .unwrap();
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let router = axum::Router::new().fallback(move || {
        let n = counter.fetch_add(1, Ordering::SeqCst);
        async move {
            let trains = (0..5_000)
                .map(|i| Train {
                    id: format!("run-{i}"),
                    train_code: "IC 27".into(),
                    status: "running".into(),
                    delay: Some(i64::try_from(n % 50).unwrap()),
                    country: Some("finland".into()),
                    ..Train::default()
                })
                .collect();
            let answer = RealtimeResponse::new(trains, vec!["finland".into()], NOW.into());
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                serde_json::to_string(&answer).unwrap(),
            )
                .into_response()
        }
    });
    let addr = start_router(router).await;
    let watch = |exec: bool| {
        let mut cmd = railtop_binary();
        cmd.current_dir(&dir)
            .args([
                "watch",
                "--train",
                "IC 27",
                "--every",
                "200ms",
                "--threshold",
                "1",
            ])
            .args(["--source", &format!("http://{addr}")])
            .env("RAILTOP_CONFIG", "/dev/null")
            .env("RAILTOP_LOG", "off")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if exec {
            cmd.args(["--exec", script.to_str().unwrap()]);
        }
        cmd.spawn().unwrap()
    };
    let mut child = watch(true);
    let deadline = Instant::now() + Duration::from_secs(20);
    while asked.load(Ordering::SeqCst) < 8 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let pid = i32::try_from(child.id()).unwrap();
    let signalled = Instant::now();
    assert_eq!(unsafe_free_kill(pid, "TERM"), 0);
    let status = child.wait().unwrap();
    assert!(
        signalled.elapsed() < Duration::from_secs(5),
        "SIGTERM waited for the program"
    );
    assert!(status.success(), "{status:?}");
    // One program at a time: one run started (its shell and its grandchild), both gone.
    let pids: Vec<String> = std::fs::read_to_string(&starts)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(pids.len(), 2, "one run at a time: {pids:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    for p in &pids {
        let stat = std::fs::read_to_string(format!("/proc/{p}/stat")).unwrap_or_default();
        let state = stat.rsplit(')').next().unwrap_or("").trim_start();
        assert!(
            stat.is_empty() || state.starts_with('Z'),
            "{p} outlived watch: {stat}"
        );
    }
    // A reader that has what it wanted closes the pipe: `watch` ends (EPIPE), not for ever.
    let mut child = watch(false);
    let mut first = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut first).unwrap();
    drop(out);
    let closed = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            closed.elapsed() < Duration::from_secs(10),
            "watch wrote on into a closed pipe"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}
