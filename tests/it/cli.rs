//! The real binary's one-shot commands: output formats, exit codes and messages, on the demo
//! source and against a real server on loopback.

use crate::support::{start_demo, NOW};
use railtop_core::model::{DeparturesResponse, RealtimeResponse, Stats};
use railtop_server::ServerConfig;
use std::process::{Command, Output};

pub(super) fn railtop(args: &[&str]) -> Output {
    crate::support::railtop_binary()
        .args(args)
        .env("RAILTOP_NOW", NOW)
        .env_remove("RAILTOP_SOURCE")
        .output()
        .expect("the binary runs")
}

pub(super) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub(super) fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn trains_as_json_is_the_apis_shape() {
    let o = railtop(&[
        "trains",
        "--source",
        "demo",
        "--country",
        "finland",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: RealtimeResponse = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(r.trains.len() >= 40);
    assert_eq!(r.stats, Stats::of(&r.trains));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for key in ["trains", "liveCountries", "stats", "fetchedAt"] {
        assert!(v.get(key).is_some(), "{key}");
    }
}

#[test]
fn the_demo_is_deterministic_for_a_seed_and_clock() {
    let a = railtop(&[
        "trains", "--source", "demo", "--seed", "9", "--format", "json",
    ]);
    let b = railtop(&[
        "trains", "--source", "demo", "--seed", "9", "--format", "json",
    ]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn trains_as_a_table_and_csv() {
    let o = railtop(&["trains", "--source", "demo", "--country", "ireland"]);
    let out = stdout(&o);
    assert!(out.starts_with("CODE"), "{out}");
    assert!(out.contains("DART"));
    assert!(out.contains("running ·"));
    assert!(out.contains("DEMO"), "the attribution labels demo data");
    // The id column: what `railtop train ID` takes.
    let first = out.lines().nth(1).unwrap();
    let id = first.split_whitespace().last().unwrap();
    assert!(id.starts_with("ireland-"), "{out}");
    assert!(railtop(&["train", id, "--source", "demo"]).status.success());

    let o = railtop(&[
        "trains",
        "--source",
        "demo",
        "--country",
        "ireland",
        "--format",
        "csv",
    ]);
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next().unwrap(), "id,trainCode,name,status,lat,lng,delay,platform,country,from,to,nextStation,direction,scheduledDep,lastUpdated,operator,speed,lastSeen,partlyCancelled,messages");
    assert!(lines.all(|l| l.contains(",ireland,")));
}

#[test]
fn departures_in_every_format() {
    let o = railtop(&["departures", "CNLLY", "--source", "demo", "--limit", "4"]);
    let out = stdout(&o);
    assert!(
        out.starts_with("Departures from Dublin Connolly (CNLLY)"),
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.contains("Iarnród Éireann"))
            .count(),
        4,
        "{out}"
    );

    let o = railtop(&[
        "departures",
        "8503000",
        "--source",
        "demo",
        "--format",
        "json",
        "--limit",
        "3",
    ]);
    let r: DeparturesResponse = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(r.departures.len(), 3);
    assert_eq!(r.station.name, "Zürich HB");

    let o = railtop(&[
        "departures",
        "TPE",
        "--source",
        "demo",
        "--format",
        "csv",
        "--limit",
        "2",
    ]);
    assert_eq!(stdout(&o).lines().count(), 3);
}

#[test]
fn failures_exit_non_zero_with_the_error_and_a_suggestion() {
    // color-eyre's report: the message, its causes, a suggestion; piped, no colour and no
    // backtrace (even with RUST_BACKTRACE set, which is for panics).
    let o = railtop(&["departures", "NOWHERE", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("Error: \n   0: unknown station \"NOWHERE\"\n"),
        "{err}"
    );
    assert!(
        err.contains("\nSuggestion: `railtop stations NOWHERE` lists the stations railtop knows"),
        "{err}"
    );
    assert!(!err.contains('\x1b') && !err.contains("BACKTRACE"), "{err}");

    // A source that is none is a bad argument: clap's exit 2, with what was meant.
    let o = railtop(&["trains", "--source", "ftp://x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a source"), "{}", stderr(&o));
    let o = railtop(&["trains", "--source", "dmeo"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean \"demo\""),
        "{}",
        stderr(&o)
    );

    let o = railtop(&["departures", "HKI", "--source", "demo", "--limit", "500"]);
    assert_eq!(o.status.code(), Some(2), "clap rejects the limit");

    let o = crate::support::railtop_binary()
        .args(["trains", "--source", "demo"])
        .env("RAILTOP_NOW", "tomorrow")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("RAILTOP_NOW"), "{}", stderr(&o));

    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let o = railtop(&["trains", "--source", &format!("http://{addr}")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("refused the connection"),
        "{}",
        stderr(&o)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_read_a_remote_server() {
    let server = start_demo(ServerConfig::default()).await;
    let url = server.url();
    let o = tokio::task::spawn_blocking(move || {
        railtop(&[
            "departures",
            "berlin-hbf",
            "--source",
            &url,
            "--format",
            "json",
            "--limit",
            "6",
        ])
    })
    .await
    .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let r: DeparturesResponse = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(r.departures.len(), 6);
    assert_eq!(r.station.code, "8011160");

    let url = server.url();
    let o = tokio::task::spawn_blocking(move || {
        railtop(&["trains", "--source", &url, "--country", "mars"])
    })
    .await
    .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("answered 404: unknown source \"mars\""),
        "{}",
        stderr(&o)
    );
}

#[cfg(unix)]
#[test]
fn serve_answers_and_stops_cleanly_on_sigterm() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;
    let mut child = crate::support::railtop_binary()
        .args(["serve", "--source", "demo", "--listen", "127.0.0.1:0"])
        .env("RAILTOP_NOW", NOW)
        .env("RAILTOP_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    let addr = url.trim_start_matches("http://");
    let mut conn = std::net::TcpStream::connect(addr).unwrap();
    write!(conn, "GET /api/live/departures?station=HKI&limit=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut reply = String::new();
    conn.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"station\":\"Helsinki\""), "{reply}");
    assert!(
        reply.contains("\"stationInfo\":{\"code\":\"HKI\""),
        "{reply}"
    );

    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "exit status {status:?}");
    let mut log = String::new();
    stderr.read_to_string(&mut log).unwrap();
    assert!(
        log.contains("railtop::request") && log.contains("/api/live/departures"),
        "request log: {log}"
    );
    assert!(log.contains("shutting down"), "{log}");
}

/// `railtop stations` in every format, and names where a station is asked for: a unique name
/// is used, an ambiguous or unknown one exits 1 with its candidates.
#[test]
fn stations_and_boards_by_name() {
    let o = railtop(&["stations", "zurich", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let answer: railtop_core::stations::StationsAnswer = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(answer.stations[0].code, "8503000");
    assert!(answer.stations.iter().all(|s| s.country == "switzerland"));

    let o = railtop(&[
        "stations",
        "hbf",
        "--country",
        "germany",
        "--limit",
        "3",
        "--format",
        "csv",
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].starts_with("Berlin Hbf,8011160,germany,"), "{out}");
    assert!(
        lines[2].starts_with("Hamburg Hbf,"),
        "main stations first: {out}"
    );

    let o = railtop(&["stations", "--near", "60.17,24.94", "--limit", "1"]);
    assert!(
        stdout(&o).contains("Helsinki") && stdout(&o).contains("KM"),
        "{}",
        stdout(&o)
    );
    let o = railtop(&["stations", "qqqq"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no station matches"), "{}", stderr(&o));
    let o = railtop(&["stations", "--near", "91,0"]);
    assert!(!o.status.success() && stderr(&o).contains("latitude"));

    for (name, title) in [
        ("zürich hb", "Departures from Zürich HB (8503000)"),
        // A city's name is its main station.
        ("zurich", "Departures from Zürich HB (8503000)"),
        ("koeln", "Departures from Köln Hbf (8000207)"),
        ("roma termini", "Departures from Roma Termini (S08409)"),
        // Other languages' names for a city, and a whole word over a part of one.
        ("cologne", "Departures from Köln Hbf (8000207)"),
        (
            "florence",
            "Departures from Firenze Santa Maria Novella (S06421)",
        ),
        ("gent", "Departures from Gent-Sint-Pieters (008892007)"),
    ] {
        let o = railtop(&["departures", name, "--source", "demo"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(stdout(&o).starts_with(title), "{name}: {}", stdout(&o));
        // The others a city's name matches are offered; a station named outright has none.
        assert_eq!(
            stderr(&o).contains("also matches Zürich Flughafen (8503016, switzerland)"),
            name == "zurich",
            "{name}: {}",
            stderr(&o)
        );
    }
    for (name, words) in [
        (
            "vienna",
            "Wien Hbf (8103000, austria): the demo source does not simulate austria",
        ),
        (
            "dublin",
            "could be several stations; did you mean Dublin Connolly (CNLLY, ireland), ",
        ),
        (
            "helsinkk",
            "unknown station \"helsinkk\"; did you mean Helsinki (HKI, finland)",
        ),
    ] {
        let o = railtop(&["departures", name, "--source", "demo"]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert!(stderr(&o).contains(words), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains("railtop stations"), "{}", stderr(&o));
    }
}

/// An unattended screen refuses at start a station the source does not know, listing the
/// candidates (a typo never becomes "feed unavailable" on a public screen); the same for SSH.
#[test]
fn board_and_ssh_refuse_a_station_they_cannot_resolve() {
    let o = railtop(&["board", "HKI", "helsinkk", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("not starting"), "{err}");
    assert!(
        err.contains("did you mean Helsinki (HKI, finland)"),
        "{err}"
    );
    // The suggestion names the candidates as they are typed, as `departures` does.
    assert!(
        err.contains("name the one you mean with its country: finland:HKI, finland:LEN"),
        "{err}"
    );
    let o = railtop(&["board", "dublin", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("Dublin Connolly (CNLLY, ireland)"),
        "{}",
        stderr(&o)
    );
    let o = railtop(&[
        "ssh",
        "--station",
        "nowhere-at-all",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown station \"nowhere-at-all\""),
        "{}",
        stderr(&o)
    );
}

/// The dashboard refuses a country it does not know before it takes the terminal, as `trains`
/// does; a refused country is never called a bug of the demo.
#[test]
fn an_unknown_country_is_refused_with_the_known_ones() {
    let o = railtop(&["--country", "narnia", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown country \"narnia\""),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("finland"), "{}", stderr(&o));
    let o = railtop(&["trains", "--country", "narnia", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains("bug"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("check the country or the station"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn train_shows_a_demo_trains_run_in_every_format() {
    let list = stdout(&railtop(&[
        "trains",
        "--source",
        "demo",
        "--country",
        "finland",
        "--format",
        "csv",
    ]));
    let running = list
        .lines()
        .find(|l| l.contains(",running,"))
        .expect("a running train");
    let id = running.split(',').next().unwrap();
    let o = railtop(&["train", id, "--source", "demo"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(table.contains("STATION") && table.contains('▶'), "{table}");
    assert!(table.contains("✓ passed  ▶ next  ✕ cancelled"), "{table}");
    assert!(table.contains("DEMO"), "{table}");
    let o = railtop(&["--source", "demo", "train", id, "--format", "json"]);
    let journey: railtop_core::model::JourneyResponse = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(journey.train.id, id);
    let csv = stdout(&railtop(&[
        "train", id, "--source", "demo", "--format", "csv",
    ]));
    assert_eq!(csv.lines().count(), journey.stops.len() + 1);
    let o = railtop(&["train", "finland-nope", "--source", "demo"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("no train") && err.contains("--format csv"),
        "{err}"
    );
}

/// A host key in a folder that does not exist: the folder is made, and the operator is told.
#[test]
fn a_host_key_in_a_new_folder_is_said_to_make_it() {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("railtop-hostkey-folder-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let key = dir.join("not").join("yet").join("host_key");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_railtop"))
        .args([
            "ssh",
            "--source",
            "demo",
            "--station",
            "HKI",
            "--listen",
            "127.0.0.1:0",
        ])
        .arg("--host-key")
        .arg(&key)
        .env("RAILTOP_NOW", NOW)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let said = std::thread::spawn(move || {
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .take(20)
            .find(|l| l.contains("made the host key's folder"))
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !key.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let line = said.join().unwrap().expect("the folder's making is said");
    assert!(line.contains("not/yet"), "{line}");
    assert!(key.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ssh` and `board` show fixed stations: they ask no feed for its station list (the dashboard
/// and `serve`, where people search, do). Every feed points at a closed loopback port.
#[test]
fn fixed_station_screens_fetch_no_station_lists() {
    use std::io::Read;
    let dir = std::env::temp_dir().join(format!("railtop-nolists-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_railtop"));
    command
        .args([
            "ssh",
            "HKI",
            "--source",
            "upstream",
            "--listen",
            "127.0.0.1:0",
        ])
        .arg("--host-key")
        .arg(dir.join("key"))
        .env("RAILTOP_LOG", "info")
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("XDG_CACHE_HOME", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    for c in railtop_core::country::COUNTRIES {
        let var = format!("RAILTOP_{}_URL", c.slug.to_uppercase().replace('-', "_"));
        command.env(var, "http://127.0.0.1:9");
    }
    let mut child = command.spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(3));
    child.kill().unwrap();
    child.wait().unwrap();
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.contains("listening"), "{log}");
    assert!(!log.contains("station list"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A misspelt country is answered with the one it was most likely meant to be, wherever it is
/// given: the one-shot commands, the dashboard, `record` (which exits 2: a usage error).
#[test]
fn a_misspelt_country_suggests_the_right_one() {
    for args in [
        &["trains", "--source", "demo", "--country", "finlnd"][..],
        &["--source", "demo", "--country", "finlnd"],
        &["record", "--source", "demo", "--country", "finlnd"],
    ] {
        let o = railtop(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            err.contains("unknown country \"finlnd\"; did you mean \"finland\"?"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        railtop(&["record", "--source", "demo", "--country", "finlnd"])
            .status
            .code(),
        Some(2)
    );
}

/// `watch --exec` with a program that cannot run is refused at start (exit 2), not at the
/// first change hours later.
#[test]
fn watch_refuses_a_program_it_cannot_run_at_start() {
    let o = railtop(&[
        "watch",
        "--source",
        "demo",
        "HKI",
        "--exec",
        "./no-such-script.sh",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no-such-script.sh"), "{err}");
}

/// `watch --exec ./ok.sh` where the file is there but not executable says so, and how to
/// mend it, not that there is no such program (new-user pass, item 8).
#[test]
fn watch_says_a_program_that_is_not_executable_is_there() {
    let dir = std::env::temp_dir().join(format!("railtop-it-noexec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("ok.sh");
    std::fs::write(&script, "#!/bin/sh\ntrue\n").unwrap();
    let exec = script.display().to_string();
    let o = railtop(&["watch", "--source", "demo", "HKI", "--exec", &exec]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("exists but is not executable"), "{err}");
    assert!(err.contains(&format!("chmod +x {exec}")), "{err}");
    assert!(!err.contains("no such program"), "{err}");
    // A folder is no program either, and is said to be one.
    let o = railtop(&[
        "watch",
        "--source",
        "demo",
        "HKI",
        "--exec",
        &dir.display().to_string(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a folder, not a program"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ssh --authorized-keys` with a file that is not there fails before it says it is listening.
#[test]
fn ssh_checks_its_keys_before_it_announces_anything() {
    let o = railtop(&[
        "ssh",
        "--source",
        "demo",
        "HKI",
        "--listen",
        "127.0.0.1:0",
        "--authorized-keys",
        "no-such-keys.pub",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no-such-keys.pub does not exist"), "{err}");
    assert!(
        !err.contains("listening") && !err.contains("try: ssh"),
        "{err}"
    );
}

/// A board that runs past midnight marks the next day's times (#54 item 34): late on a Friday
/// evening in Zürich, the trains after midnight say `+1`, those before it do not.
#[test]
fn a_board_past_midnight_marks_the_next_days_times() {
    let o = crate::support::railtop_binary()
        .args(["departures", "8503000", "--source", "demo", "--limit", "30"])
        .env("RAILTOP_NOW", "2026-11-27T22:30:00Z")
        .env_remove("RAILTOP_SOURCE")
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("23:") || l.starts_with("00:"))
        .collect();
    assert!(rows.iter().any(|r| r.starts_with("23:")), "{out}");
    for row in rows {
        let time = row.split_whitespace().next().unwrap();
        let marked = time.ends_with("+1");
        assert_eq!(marked, time.starts_with("00:"), "{row}\n{out}");
    }
}
