//! The command line itself: each command's options, help and man page, the commands the README
//! and the guides show (each must parse), the configuration file checked at start, and typing
//! mistakes answered in plain words with exit code 2.

use super::cli::{railtop, stderr, stdout};

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
        Some(railtop_feeds::upstream::registry::FEEDS.len())
    );
    assert!(!text.contains("secret-ns-key"), "{text}");
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

/// What was typed wrong exits 2 and says it in words: six stations on one board, a walk to a
/// station not on it, `--limit 0`, a route flag of the other direction, a route to or via the
/// board's own station (new-user pass, item 4); a folder that cannot be made is said once.
#[test]
fn typing_mistakes_exit_2_in_plain_words() {
    let cases: [(&[&str], &str); 11] = [
        (
            &["departures", "--source", "demo", ""],
            "a station is needed: a code, a name or COUNTRY:CODE",
        ),
        (
            &["board", "--source", "demo", "  "],
            "a station is needed: a code, a name or COUNTRY:CODE",
        ),
        (
            &["departures", "--source", "demo", "HK\u{1b}[31mI"],
            "has a control character: type the station's name or code",
        ),
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
    let answer: railtop_core::stations::StationsAnswer = serde_json::from_str(&stdout(&o)).unwrap();
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
