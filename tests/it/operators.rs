//! What the people who run railtop use: shell completions and the man page checked by the
//! shells and `man` themselves, JSON logs read back line by line, `/metrics` scraped from a real
//! `serve` and `ssh` and checked by Prometheus' own `promtool`, and the systemd units checked by
//! `systemd-analyze verify`. A tool these need that is missing fails the test with its install
//! line (`.ci/run` installs them).

use crate::support::{need, serve_json};
use std::io::{BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};

fn railtop(args: &[&str]) -> Output {
    crate::support::railtop_binary()
        .args(args)
        .env("RAILTOP_CONFIG", "/dev/null")
        .output()
        .expect("the binary runs")
}

fn ok_stdout(args: &[&str]) -> String {
    let o = railtop(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Runs `program args` with `input` on stdin; its output.
fn fed(program: &std::path::Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn completions_for_every_shell_and_bash_accepts_its_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok_stdout(&["completions", shell]);
        assert!(
            script.contains("railtop") && script.contains("log-format"),
            "{shell}: {script}"
        );
    }
    let bash = need("bash", "bash");
    let script = ok_stdout(&["completions", "bash"]);
    let checked = fed(&bash, &["-n"], &script);
    assert!(
        checked.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&checked.stderr)
    );
    // Sourced, it completes the commands after `railtop `.
    let probe = format!(
        "{script}\nCOMP_WORDS=(railtop se); COMP_CWORD=1; COMP_LINE='railtop se'; COMP_POINT=10; _railtop railtop se railtop; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    );
    let completed = fed(&bash, &[], &probe);
    let words = String::from_utf8_lossy(&completed.stdout);
    assert!(words.lines().any(|w| w == "serve"), "{words}");
    // The values of --source and --country, not file names.
    for (line, word, offered) in [
        ("railtop trains --source ", "", "upstream"),
        ("railtop trains --country fi", "fi", "finland"),
    ] {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut comp_words: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        if word.is_empty() {
            comp_words.push("''".into());
        }
        let probe = format!(
            "{script}\nCOMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT={}; _railtop railtop '{word}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            comp_words.join(" "),
            comp_words.len() - 1,
            line.len(),
            if word.is_empty() { words[words.len() - 1] } else { words[words.len() - 2] },
        );
        let completed = fed(&bash, &[], &probe);
        let got = String::from_utf8_lossy(&completed.stdout);
        assert!(got.lines().any(|w| w == offered), "{line}: {got}");
    }
    // Station arguments: names from the directory, typed as one word; not after an option
    // that takes a value.
    let exe = env!("CARGO_BIN_EXE_railtop");
    for (words, offered) in [
        ("railtop departures tamp", Some("Tampere")),
        ("railtop board --source demo zür", Some("Zürich\\ HB")),
        ("railtop board --line tamp", None),
    ] {
        let words: Vec<&str> = words.split_whitespace().collect();
        let (cur, prev) = (words[words.len() - 1], words[words.len() - 2]);
        let probe = format!(
            "{script}\nCOMP_WORDS=({}); COMP_CWORD={}; _railtop_stations '{exe}' '{cur}' '{prev}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            words.join(" "),
            words.len() - 1,
        );
        let completed = fed(&bash, &[], &probe);
        let got = String::from_utf8_lossy(&completed.stdout);
        match offered {
            Some(name) => assert!(got.lines().any(|w| w == name), "{words:?}: {got}"),
            None => assert!(!got.contains("Tampere"), "{words:?}: {got}"),
        }
    }
    let bad = railtop(&["completions", "tcsh"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("powershell"));
}

#[test]
fn man_renders_the_page_of_railtop_and_of_each_command() {
    let man = need("man", "man-db");
    for (args, title, has) in [
        (vec!["man"], "railtop", "--log-format"),
        (vec!["man", "serve"], "railtop-serve", "--metrics-listen"),
        (vec!["man", "ssh"], "railtop-ssh", "--max-startups"),
    ] {
        let roff = ok_stdout(&args);
        let file =
            std::env::temp_dir().join(format!("railtop-it-{}-{title}.1", std::process::id()));
        std::fs::write(&file, roff).unwrap();
        let shown = Command::new(&man)
            .args(["--warnings", "-l"])
            .arg(&file)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "80")
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&file);
        let text = String::from_utf8_lossy(&shown.stdout);
        let warnings = String::from_utf8_lossy(&shown.stderr);
        assert!(shown.status.success(), "{title}: {warnings}");
        assert!(warnings.trim().is_empty(), "{title}: {warnings}");
        assert!(text.contains("NAME") && text.contains(title), "{text}");
        // man hyphenates and justifies: the option is there with its dashes.
        assert!(text.contains(has), "{title} lacks {has}: {text}");
        // `help` is a command, not a page.
        assert!(!text.contains("railtop-help"), "{text}");
        if title == "railtop" {
            for section in [
                "FILES",
                "ENVIRONMENT",
                "EXIT STATUS",
                "EXAMPLES",
                "RAILTOP_NOW",
            ] {
                assert!(text.contains(section), "railtop(1) lacks {section}: {text}");
            }
        }
    }
    let none = railtop(&["man", "nope"]);
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("railtop-serve"));
}

fn get(addr: &str, path: &str) -> (u16, String) {
    let mut conn = std::net::TcpStream::connect(addr).unwrap();
    write!(
        conn,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    conn.read_to_string(&mut reply).unwrap();
    let status = reply
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = reply
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

fn stop(mut child: Child, mut stderr: BufReader<std::process::ChildStderr>) -> String {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    rest
}

#[test]
fn json_logs_are_one_object_a_line() {
    let (child, stderr, addr) =
        serve_json(&["serve", "--source", "demo", "--listen", "127.0.0.1:0"]);
    let (status, _) = get(&addr, "/api/live/departures?station=HKI&limit=2");
    assert_eq!(status, 200);
    let (status, _) = get(&addr, "/api/live/departures?station=%1b%5b2Jx");
    assert_eq!(status, 404);
    let rest = stop(child, stderr);
    let lines: Vec<serde_json::Value> = rest
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l:?}")))
        .collect();
    let request = lines
        .iter()
        .find(|v| v["target"] == "railtop::request" && v["fields"]["status"] == 200)
        .unwrap_or_else(|| panic!("no request line in {rest}"));
    assert_eq!(request["level"], "INFO");
    assert!(request["fields"]["uri"]
        .as_str()
        .unwrap()
        .starts_with("/api/live/departures"));
    assert!(request["timestamp"].as_str().unwrap().ends_with('Z'));
    assert!(
        !rest.contains('\u{1b}'),
        "the escape sequence reached the log: {rest}"
    );
    assert!(
        lines.iter().any(|v| v["fields"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("shutting down"))),
        "{rest}"
    );
}

/// `promtool check metrics` over `text`: what it said, and whether it passed.
pub fn promtool(text: &str) -> (bool, String) {
    let promtool = need("promtool", "prometheus");
    let o = fed(&promtool, &["check", "metrics"], text);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), said)
}

#[test]
fn serve_metrics_count_requests_refusals_and_the_cache_and_pass_promtool() {
    let (child, stderr, addr) = serve_json(&[
        "serve",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
        "--rate-limit",
        "3",
    ]);
    // Not a route: answered, counted, and within the limit as every path is; its answer
    // names every endpoint there is.
    let (status, body) = get(&addr, "/api/live/nothing");
    assert_eq!(status, 404);
    for endpoint in ["/api/live/stats", "/gtfs-rt/alerts", "/healthz", "/metrics"] {
        assert!(body.contains(endpoint), "{endpoint}: {body}");
    }
    for _ in 0..2 {
        assert_eq!(get(&addr, "/api/live/realtime?source=finland").0, 200);
    }
    assert_eq!(get(&addr, "/api/live/realtime?source=finland").0, 429);
    // `/healthz` and `/metrics` have a budget of their own, ten times the API's.
    let (status, health) = get(&addr, "/healthz");
    assert_eq!(status, 200, "{health}");
    assert!(health.contains("\"status\":\"ok\""), "{health}");
    let (status, text) = get(&addr, "/metrics");
    assert_eq!(status, 200);
    stop(child, stderr);
    for line in [
        "railtop_http_requests_total{endpoint=\"realtime\",status=\"200\"} 2",
        "railtop_http_requests_total{endpoint=\"other\",status=\"404\"} 1",
        "railtop_http_requests_total{endpoint=\"realtime\",status=\"429\"} 1",
        "railtop_rate_limited_total 1",
        "railtop_cache_requests_total{kind=\"realtime\",result=\"miss\"} 1",
        "railtop_http_request_duration_seconds_count{endpoint=\"realtime\"} 3",
        "railtop_http_response_bytes_count{endpoint=\"realtime\"} 3",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in:\n{text}");
    }
    // The second answer came from the cache: through the router, or given again before it on
    // the event loop that made the first (`lane/answer_memo.rs`).
    let count = |start: &str| -> u64 {
        text.lines()
            .find(|l| l.starts_with(start))
            .and_then(|l| l.rsplit(' ').next()?.parse().ok())
            .unwrap_or(0)
    };
    let hits = count("railtop_cache_requests_total{kind=\"realtime\",result=\"hit\"}")
        + count("railtop_cache_requests_total{kind=\"replay\",result=\"hit\"}");
    assert_eq!(hits, 1, "{text}");
    let (passed, said) = promtool(&text);
    assert!(passed, "promtool: {said}\n{text}");
}

#[test]
fn metrics_listen_keeps_them_off_the_public_port() {
    let metrics = format!("127.0.0.1:{}", crate::support::free_port());
    let (child, stderr, addr) = serve_json(&[
        "serve",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
        "--metrics-listen",
        &metrics,
    ]);
    assert_eq!(get(&addr, "/api/live/departures?station=HKI").0, 200);
    assert_eq!(get(&addr, "/metrics").0, 404, "not on the API's port");
    let (status, text) = get(&metrics, "/metrics");
    stop(child, stderr);
    assert_eq!(status, 200);
    assert!(
        text.contains("railtop_http_requests_total{endpoint=\"departures\",status=\"200\"} 1"),
        "{text}"
    );
    let (passed, said) = promtool(&text);
    assert!(passed, "promtool: {said}");
}

/// Each unit in `contrib/systemd/` passes `systemd-analyze verify` without a word (it warns of an
/// unknown key or a bad value without failing, so any output fails the test), with its
/// `ExecStart` pointed at this build and its `Documentation=` man pages made by `railtop man`;
/// and railtop accepts the command line each unit runs.
#[test]
fn the_systemd_units_verify_and_their_command_lines_parse() {
    let analyze = need("systemd-analyze", "systemd");
    need("man", "man-db");
    let dir = std::env::temp_dir().join(format!("railtop-it-units-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let man1 = dir.join("man").join("man1");
    std::fs::create_dir_all(&man1).unwrap();
    for (page, args) in [
        ("railtop", vec!["man"]),
        ("railtop-serve", vec!["man", "serve"]),
        ("railtop-ssh", vec!["man", "ssh"]),
        ("railtop-board", vec!["man", "board"]),
    ] {
        std::fs::write(man1.join(format!("{page}.1")), ok_stdout(&args)).unwrap();
    }
    let contrib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("contrib/systemd");
    let mut units = Vec::new();
    for name in [
        "railtop-serve.service",
        "railtop-ssh.service",
        "railtop-board.service",
    ] {
        let text = std::fs::read_to_string(contrib.join(name)).unwrap();
        let exec = text
            .lines()
            .find_map(|l| l.strip_prefix("ExecStart=/usr/local/bin/railtop "))
            .unwrap_or_else(|| panic!("{name}: no ExecStart of /usr/local/bin/railtop"));
        let mut args: Vec<&str> = exec.split_whitespace().collect();
        args.push("--help");
        let parsed = railtop(&args);
        assert!(
            parsed.status.success(),
            "{name}: railtop {exec}: {}",
            String::from_utf8_lossy(&parsed.stderr)
        );
        let here = text.replace("/usr/local/bin/railtop", env!("CARGO_BIN_EXE_railtop"));
        let unit = dir.join(name);
        std::fs::write(&unit, here).unwrap();
        units.push(unit);
    }
    let verified = Command::new(analyze)
        .arg("verify")
        .args(&units)
        .env("MANPATH", dir.join("man"))
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&verified.stdout),
        String::from_utf8_lossy(&verified.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        verified.status.success() && said.trim().is_empty(),
        "{said}"
    );
}
