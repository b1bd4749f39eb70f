//! The real binary's one-shot commands: output formats, exit codes and messages, on the demo
//! source and against a real server on loopback.

use crate::support::{start_demo, NOW};
use railtop::model::{DeparturesResponse, RealtimeResponse, Stats};
use railtop::server::ServerConfig;
use std::process::{Command, Output};

fn railtop(args: &[&str]) -> Output {
    crate::support::railtop_binary()
        .args(args)
        .env("RAILTOP_NOW", NOW)
        .env_remove("RAILTOP_SOURCE")
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
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

#[test]
fn print_config_shows_every_feed_and_never_a_key() {
    let o = crate::support::railtop_binary()
        .args(["--source", "demo", "--print-config"])
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_NETHERLANDS_KEY", "secret-ns-key")
        .env("RAILTOP_BELGIUM_URL", "http://127.0.0.1:9")
        .env_remove("RAILTOP_FRANCE_KEY")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let printed: toml::Value = toml::from_str(&text).unwrap();
    let feeds = &printed["upstream"];
    assert_eq!(feeds["netherlands"]["key"].as_str(), Some("(set)"));
    assert_eq!(feeds["france"]["key"].as_str(), Some("(not set)"));
    assert_eq!(
        feeds["belgium"]["url"].as_str(),
        Some("http://127.0.0.1:9"),
        "the environment over the registry's URL"
    );
    assert_eq!(feeds["germany"]["hub"].as_str(), Some("berlin-hbf"));
    assert_eq!(
        feeds.as_table().map(|t| t.len()),
        Some(railtop::upstream::registry::FEEDS.len())
    );
    assert!(!text.contains("secret-ns-key"), "{text}");
}

/// `railtop stations` in every format, and names where a station is asked for: a unique name
/// is used, an ambiguous or unknown one exits 1 with its candidates.
#[test]
fn stations_and_boards_by_name() {
    let o = railtop(&["stations", "zurich", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let answer: railtop::stations::StationsAnswer = serde_json::from_str(&stdout(&o)).unwrap();
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

/// `railtop stations COUNTRY:CODE` and `COUNTRY:name` answer that country's matches, as its
/// footer says any of its rows works as `departures COUNTRY:CODE`; and the `railtop stations …`
/// that `departures` suggests for a station it does not know is a command that runs as shown
/// (a name with a space quoted) (new-user pass, item 3).
#[test]
fn stations_takes_a_country_before_the_colon_and_suggestions_run() {
    let o = railtop(&["stations", "finland:HKI", "--format", "csv"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.lines()
            .nth(1)
            .unwrap_or("")
            .starts_with("Helsinki,HKI,finland,"),
        "{out}"
    );
    let o = railtop(&["stations", "Finland:helsinki", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let answer: railtop::stations::StationsAnswer = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(answer.stations[0].qualified, "finland:HKI");
    assert!(answer.stations.iter().all(|s| s.country == "finland"));
    let o = railtop(&["stations", "finland:HKI", "--country", "germany"]);
    assert_eq!(o.status.code(), Some(2), "two countries: {}", stderr(&o));

    for (station, suggested) in [
        ("finland:XYZ", "`railtop stations finland:XYZ`"),
        ("Cedar Junction", "`railtop stations 'Cedar Junction'`"),
    ] {
        let o = railtop(&["departures", "--source", "demo", station]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(suggested), "{err}");
        let line = suggested.trim_matches('`');
        let words = &shell_commands(line)[0];
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let o = railtop(&args);
        // It runs: no match is its answer (exit 1), not a refusal of its arguments (exit 2).
        assert_eq!(o.status.code(), Some(1), "{line}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("no station matches"),
            "{line}: {}",
            stderr(&o)
        );
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

/// Every time option reads the one spelling (`20s`, `5m`, `1h30m`, `500ms`) and refuses the
/// nonsensical with a reason, before any station is asked for.
#[test]
fn time_options_share_one_parser_and_refuse_nonsense() {
    let refused: &[(&[&str], &str)] = &[
        (&["board", "HKI", "--rotate", "0s"], "out of range"),
        (&["board", "HKI", "--rotate", "500ms"], "out of range"),
        (&["board", "HKI", "--page", "0"], "has no unit"),
        (&["board", "HKI", "--walk-time", "5"], "has no unit"),
        (&["board", "HKI", "--walk-time", "90s"], "whole minutes"),
        (
            &["board", "HKI", "--hours", "06:00-06:00"],
            "opens and closes",
        ),
        (&["board", "HKI", "--rotate", "soon"], "such as 20s"),
        (&["--interval", "0", "trains"], "out of range"),
        (&["board", "HKI", "--within", "30s"], "out of range"),
        (&["board", "HKI", "--within", "90s"], "whole minutes"),
        (&["board", "HKI", "--line", "IC,"], "a platform or line"),
        (&["board", "HKI", "--limit", "0"], "0"),
        (&["board", "HKI", "--clock", "13h"], "13h"),
        (&["ssh", "HKI", "--idle-timeout", "30"], "has no unit"),
    ];
    for (args, says) in refused {
        let o = railtop(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = railtop(&[
        "board", "HKI", "TPE", "--source", "demo", "--rotate", "10s", "--page", "30s",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--page 30s is longer than --rotate 10s"),
        "{}",
        stderr(&o)
    );
    // Long spellings are read (the board then needs a terminal: the error is about that).
    let o = railtop(&[
        "board",
        "HKI",
        "--source",
        "demo",
        "--rotate",
        "1h30m",
        "--page",
        "1m",
        "--walk-time",
        "2m",
    ]);
    assert!(!stderr(&o).contains("rotate"), "{}", stderr(&o));
    let o = railtop(&[
        "--interval",
        "1m",
        "trains",
        "--source",
        "demo",
        "--format",
        "csv",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
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

/// A configuration file named on the command line must exist, and its names must be
/// railtop's: each mistake names the file, the line and what was likely meant.
#[test]
fn the_configuration_is_checked_at_load() {
    let o = railtop(&[
        "--config",
        "/nonexistent/railtop.toml",
        "trains",
        "--source",
        "demo",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("/nonexistent/railtop.toml does not exist"),
        "{}",
        stderr(&o)
    );
    let dir = std::env::temp_dir().join(format!("railtop-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.toml");
    std::fs::write(
        &file,
        "source = \"demo\"\n[upstream.finlnd]\nurl = \"http://x\"\n",
    )
    .unwrap();
    let o = railtop(&["--config", file.to_str().unwrap(), "--print-config"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("config.toml"), "{err}");
    assert!(err.contains("line 2: [upstream.finlnd]"), "{err}");
    assert!(err.contains("did you mean \"finland\""), "{err}");
    std::fs::write(&file, "country = \"finlnd\"\n").unwrap();
    let o = railtop(&["--config", file.to_str().unwrap(), "--print-config"]);
    assert!(
        stderr(&o).contains("line 1: country \"finlnd\" is unknown"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each command's help lists what acts there: `stations` reads no source, so it offers none;
/// the source may be given before or after the command's name.
#[test]
fn each_command_offers_only_its_own_options() {
    let help = stdout(&railtop(&["stations", "--help"]));
    for absent in ["--source", "--seed", "--board-interval", "--no-color"] {
        assert!(
            !help.contains(absent),
            "stations --help lists {absent}:\n{help}"
        );
    }
    let help = stdout(&railtop(&["serve", "--help"]));
    assert!(
        help.contains("--source") && !help.contains("--board-interval"),
        "{help}"
    );
    let before = railtop(&["--source", "demo", "trains", "--format", "csv"]);
    let after = railtop(&["trains", "--source", "demo", "--format", "csv"]);
    assert!(before.status.success(), "{}", stderr(&before));
    assert_eq!(stdout(&before), stdout(&after));
}

/// Every station argument's help, its man page and the guide say the same: a code, a name or
/// COUNTRY:CODE, never "codes or slugs" (names work everywhere; new-user pass, item 6).
#[test]
fn station_arguments_say_codes_or_names_in_help_man_and_guide() {
    const SAID: &str = "a code, a name or COUNTRY:CODE";
    for (command, flag) in [
        ("board", "<STATIONS>"),
        ("ssh", "[STATIONS]"),
        ("trains", "--stop"),
        ("watch", "[STATION]"),
        ("record", "--station"),
        ("departures", "<STATIONS>"),
    ] {
        let help = stdout(&railtop(&[command, "--help"]));
        // The argument's own paragraph: from its name to the next blank line.
        let at = help
            .find(&format!("  {flag}"))
            .unwrap_or_else(|| panic!("{command} --help has no {flag}:\n{help}"));
        let paragraph = help[at..].split("\n\n").next().unwrap_or_default();
        let paragraph = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(paragraph.contains(SAID), "{command} {flag}: {paragraph}");
        assert!(
            !help.contains("slugs)") && !help.contains("code or slug"),
            "{help}"
        );
        let man = stdout(&railtop(&["man", command]));
        assert!(
            !man.contains("codes or slugs") && !man.contains("code or slug"),
            "{man}"
        );
    }
    let man = stdout(&railtop(&["man", "board"]));
    assert!(man.contains(SAID), "{man}");
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/user-guide.md"))
        .unwrap();
    for row in ["| `STATION…` |", "| `trains --stop S` |"] {
        let rows: Vec<&str> = guide.lines().filter(|l| l.starts_with(row)).collect();
        assert!(!rows.is_empty(), "{row}");
        for line in rows {
            assert!(line.contains("a code, a name or `country:code`"), "{line}");
        }
    }
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
    let journey: railtop::model::JourneyResponse = serde_json::from_slice(&o.stdout).unwrap();
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

/// Every command the README's "Commands at a glance" names exists: `railtop COMMAND --help`
/// answers for each, so the README cannot name a command the binary does not have.
#[test]
fn the_readmes_commands_exist() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = readme
        .split("## Commands at a glance")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the README has its commands at a glance");
    let mut named = Vec::new();
    for cell in table.split('`').skip(1).step_by(2) {
        let mut words = cell.split_whitespace();
        if words.next() != Some("railtop") {
            continue;
        }
        let command = words.next().unwrap_or("");
        if !named.contains(&command) {
            named.push(command);
        }
    }
    assert!(named.len() >= 8, "{named:?}");
    for command in named {
        let args: Vec<&str> = [command, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let o = railtop(&args);
        assert!(
            o.status.success(),
            "railtop {command} --help: {}",
            stderr(&o)
        );
    }
}

/// The words of a shell command line: quotes group, a `#` word starts a comment, and the
/// command ends at a redirection, a pipe or `&&` (the next command is read on its own).
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let (mut commands, mut words, mut word) = (Vec::new(), Vec::new(), String::new());
    let (mut quote, mut in_word, mut ended) = (None, false, false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word && !ended {
                    words.push(std::mem::take(&mut word));
                }
                word.clear();
                in_word = false;
            }
            (None, '#') if !in_word => break,
            (None, '>' | '|') => ended = true,
            (None, '&') if chars.peek() == Some(&'&') => {
                chars.next();
                commands.push(std::mem::take(&mut words));
                (ended, in_word) = (false, false);
                word.clear();
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word && !ended {
        words.push(word);
    }
    commands.push(words);
    commands
        .into_iter()
        .filter(|w| w.first().map(String::as_str) == Some("railtop"))
        .collect()
}

/// Every `railtop …` line in a code block (not a ```text one) of the README and of docs/ is a command the binary
/// takes: its subcommand, flags and values parse (a renamed flag or a unit the parser no longer
/// reads fails here, naming the file and the line).
#[test]
fn every_command_in_the_docs_parses() {
    use clap::Parser;
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = vec![format!("{root}/README.md")];
    for entry in std::fs::read_dir(format!("{root}/docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path.display().to_string());
        }
    }
    let (mut checked, mut failures) = (0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        // Inside a code block: whether its lines are checked (a ```text block is a picture).
        let mut block: Option<bool> = None;
        for (n, line) in text.lines().enumerate() {
            if let Some(info) = line.trim_start().strip_prefix("```") {
                block = match block {
                    Some(_) => None,
                    None => Some(info.trim() != "text"),
                };
                continue;
            }
            let line = line.trim_start().trim_start_matches("$ ");
            // In a code block, the line; in prose and tables, each `railtop …` code span.
            let (commands, named): (Vec<&str>, bool) = match block {
                Some(true) => (vec![line], false),
                Some(false) => (vec![], false),
                None => (line.split('`').skip(1).step_by(2).collect(), true),
            };
            for words in commands
                .into_iter()
                .filter(|c| c.starts_with("railtop "))
                .flat_map(shell_commands)
            {
                match railtop::cli::Cli::try_parse_from(&words) {
                    Ok(_) => {}
                    Err(e)
                        if matches!(
                            e.kind(),
                            clap::error::ErrorKind::DisplayHelp
                                | clap::error::ErrorKind::DisplayVersion
                        ) => {}
                    // Prose names a command (`railtop ssh`) or its shape (`railtop completions
                    // SHELL`): the command and its flags exist, the placeholders are not values.
                    Err(e)
                        if named
                            && (e.kind() == clap::error::ErrorKind::MissingRequiredArgument
                                || (e.kind() == clap::error::ErrorKind::InvalidValue
                                    && words.iter().any(|w| {
                                        w.len() > 1
                                            && w.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                                    }))) => {}
                    Err(e) => failures.push(format!("{file}:{}: {}\n{e}", n + 1, words.join(" "))),
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 60, "only {checked} commands found in the docs");
}

#[test]
fn doc_lines_split_as_a_shell_does() {
    assert_eq!(
        shell_commands(r#"railtop departures "zürich hb" --source demo   # a name"#),
        [["railtop", "departures", "zürich hb", "--source", "demo"]]
    );
    assert_eq!(
        shell_commands("railtop man > a.1 && railtop man serve > b.1"),
        [vec!["railtop", "man"], vec!["railtop", "man", "serve"]]
    );
    assert_eq!(
        shell_commands("railtop trains | head -1"),
        [["railtop", "trains"]]
    );
}

/// The hostile configurations of the second hardening round: a value that overflowed the
/// dashboard's clock, special files as the config, counts of zero: each refused at start, with
/// the file, the key or the path, and the allowed range, in well under a second.
#[test]
fn hostile_configuration_is_refused_at_start_with_the_key_and_range() {
    let dir = std::env::temp_dir().join(format!("railtop-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.toml");
    std::fs::write(
        &file,
        "source = \"demo\"\nboard_interval = 9223372036854775807\n",
    )
    .unwrap();
    for args in [
        vec!["--config", file.to_str().unwrap(), "--print-config"],
        vec!["--config", file.to_str().unwrap(), "trains"],
    ] {
        let o = railtop(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains("config.toml") && err.contains("line 2"),
            "{err}"
        );
        assert!(
            err.contains("board_interval") && err.contains("from 1s to 1h"),
            "{err}"
        );
    }
    std::fs::write(&file, "interval = \"15s\"\nsource = \"demo\"\n").unwrap();
    let o = railtop(&["--config", file.to_str().unwrap(), "--print-config"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("interval = 15"), "{}", stdout(&o));

    let fifo = dir.join("fifo.toml");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for special in ["/dev/zero", fifo.to_str().unwrap(), dir.to_str().unwrap()] {
        let started = std::time::Instant::now();
        let o = railtop(&["--config", special, "--print-config"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{special}: {err}");
        assert!(
            err.contains(special) && err.contains("not a regular file"),
            "{err}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{special}"
        );
    }
    for args in [
        ["serve", "--max-connections", "0"],
        ["ssh", "--max-sessions", "0"],
        ["serve", "--max-per-ip", "0"],
    ] {
        let o = railtop(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("from 1 to 1048576"), "{}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
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
    for c in railtop::country::COUNTRIES {
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

/// What was typed wrong exits 2 and says it in words: six stations on one board, a walk to a
/// station not on it, `--limit 0`, a route flag of the other direction, a route to or via the
/// board's own station (new-user pass, item 4); a folder that cannot be made is said once.
#[test]
fn typing_mistakes_exit_2_in_plain_words() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["departures", "--source", "demo", "HKI", "--from", "TPE"],
            "--from is not for departures",
        ),
        (
            &["arrivals", "--source", "demo", "TPE", "--to", "HKI"],
            "--to is not for arrivals",
        ),
        (
            &["departures", "--source", "demo", "HKI", "--to", "Helsinki"],
            "--to \"Helsinki\" is a station of the board itself: Helsinki (HKI, finland)",
        ),
        (
            &[
                "departures",
                "--source",
                "demo",
                "HKI",
                "PSL",
                "--via",
                "pasila",
            ],
            "--via \"pasila\" is a station of the board itself: Pasila (PSL, finland)",
        ),
        (
            &[
                "board",
                "--source",
                "demo",
                "TPE",
                "--arrivals",
                "--from",
                "finland:TPE",
            ],
            "is a station of the board itself: Tampere (TPE, finland)",
        ),
        (
            &[
                "departures",
                "--source",
                "demo",
                "HKI",
                "PSL",
                "TKL",
                "TPE",
                "OL",
                "KV",
            ],
            "one board takes at most 5",
        ),
        (
            &[
                "departures",
                "--source",
                "demo",
                "HKI",
                "PSL",
                "--walk-time",
                "Tampere=3m",
            ],
            "not a station of this board",
        ),
        (
            &["departures", "--source", "demo", "HKI", "--limit", "0"],
            "a number of rows from 1 to 100",
        ),
    ];
    for (args, says) in cases {
        let o = railtop(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("1..="), "{err}");
    }
    let o = railtop(&["record", "--source", "demo", "--db", "/proc/nope/x.db"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
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

/// `--on-time` is taken after the command too (`stats --on-time 3`), and out of range it says
/// so in words.
#[test]
fn on_time_goes_before_or_after_the_command() {
    let db = std::env::temp_dir().join(format!("railtop-on-time-{}.db", std::process::id()));
    let o = railtop(&["stats", "--on-time", "3", "--db", &db.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("unexpected argument"), "{err}");
    assert!(
        err.contains("no such file"),
        "read as an option of stats: {err}"
    );
    let o = railtop(&["stats", "--on-time", "31"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("minutes from 0 to 30") && !err.contains("0..="),
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
