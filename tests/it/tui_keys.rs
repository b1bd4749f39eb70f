//! `[keys]` through the binary: rebound keys on the real dashboard in a pseudo-terminal, the
//! man page listing the keys in force, and a wrong entry refused at start with its line.

use crate::support::pty::PtyApp;
use crate::support::{railtop_binary, NOW};
use std::path::PathBuf;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(15);

/// A configuration file of `text` in a folder of its own.
fn config(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-keys-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path
}

const REBOUND: &str =
    "theme = \"mono\"\n\n[keys]\nquit = \"x\"\nnext-country = \"n\"\nhelp = [\"f1\"]\n";

fn header(screen: &str) -> &str {
    screen.lines().next().unwrap_or("")
}

#[test]
fn tui_keys_of_the_users_own_work_in_a_terminal() {
    let path = config("pty", REBOUND);
    let mut app = PtyApp::start(
        &["--source", "demo", "--country", "finland"],
        120,
        36,
        &[
            ("RAILTOP_NOW", NOW),
            ("RAILTOP_CONFIG", path.to_str().unwrap()),
            ("LC_ALL", "C.UTF-8"),
        ],
    );
    app.wait_for(
        "the panes, with the keys in force in the footer",
        |s| s.contains("Helsinki (HKI)") && s.contains("x quit") && s.contains("F1 help"),
        WAIT,
    );
    assert!(header(&app.screen()).contains("Finland"));
    // The old defaults do nothing now.
    app.send("l?q");
    std::thread::sleep(Duration::from_millis(700));
    let screen = app.screen();
    assert!(header(&screen).contains("Finland"), "l moved: {screen}");
    assert!(!screen.contains("this help"), "? opened the help: {screen}");
    assert!(app.child.try_wait().unwrap().is_none(), "q quit");
    // The new ones act.
    app.send("n");
    app.wait_for("the next country", |s| header(s).contains("Ireland"), WAIT);
    app.send("\x1bOP"); // F1
    app.wait_for(
        "the help, with the keys in force",
        |s| s.contains("this help") && s.contains("x, Ctrl-C") && s.contains("← h / n"),
        WAIT,
    );
    app.send("x");
    let status = app.wait_exit(WAIT);
    assert!(status.success(), "exit status {status:?}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn tui_keys_the_man_page_lists_the_keys_in_force() {
    let path = config("man", REBOUND);
    let man = |config: &str| {
        let out = railtop_binary()
            .args(["man"])
            .env("RAILTOP_CONFIG", config)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let rebound = man(path.to_str().unwrap());
    assert!(rebound.contains(".SH KEYS"), "{rebound}");
    assert!(rebound.contains("\\fBx, Ctrl\\-C\\fR\nquit"), "{rebound}");
    assert!(rebound.contains("\\fBF1\\fR\nthis help"), "{rebound}");
    assert!(rebound.contains("as the configuration file's"), "{rebound}");
    let default = man("/dev/null");
    assert!(default.contains("\\fBq, Ctrl\\-C\\fR\nquit"), "{default}");
    assert!(
        default.contains("rebind them in the configuration file's"),
        "{default}"
    );
    assert!(
        default.contains("next\\-country"),
        "the actions are named: {default}"
    );
    // Only railtop(1) is the dashboard's.
    assert!(!man_of(&["man", "serve"]).contains(".SH KEYS"));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

fn man_of(args: &[&str]) -> String {
    let out = railtop_binary()
        .args(args)
        .env("RAILTOP_CONFIG", "/dev/null")
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn tui_keys_a_wrong_entry_is_refused_at_start_with_its_line() {
    let cases = [
        (
            "action",
            "[keys]\nquit = \"x\"\nnext-contry = \"n\"\n",
            &[
                "line 3",
                "\"next-contry\" is not an action",
                "did you mean \"next-country\"?",
            ][..],
        ),
        (
            "key",
            "theme = \"mono\"\n[keys]\ndown = [\"n\", \"arrow-down\"]\n",
            &["line 3", "\"arrow-down\" is not a key", "shift-tab"][..],
        ),
        (
            "conflict",
            "[keys]\n\nquit = \"j\"\n",
            &["line 3", "quit: j is already down (its default)'s key"][..],
        ),
        (
            "ctrl-c",
            "[keys]\nhelp = \"ctrl-c\"\n",
            &["line 2", "ctrl-c always quits"][..],
        ),
    ];
    for (name, text, said) in cases {
        let path = config(name, text);
        for args in [
            &["--source", "demo"][..],
            &["trains", "--source", "demo"][..],
        ] {
            let out = railtop_binary()
                .args(args)
                .env("RAILTOP_CONFIG", &path)
                .env("RAILTOP_NOW", NOW)
                .env_remove("RAILTOP_SOURCE")
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {err}");
            assert!(
                err.contains(path.to_str().unwrap()),
                "{name}: the file: {err}"
            );
            for s in said {
                assert!(err.contains(s), "{name}: {s:?} in {err}");
            }
            assert!(err.contains("fix the line it names"), "{name}: {err}");
        }
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
    // A right one is printed with the configuration.
    let path = config("print", REBOUND);
    let out = railtop_binary()
        .args(["--print-config"])
        .env("RAILTOP_CONFIG", &path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("[keys]\nhelp = [\"f1\"]"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
