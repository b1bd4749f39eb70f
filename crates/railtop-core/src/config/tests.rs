//! The configuration: every layer, every key, every mistake named.

use super::*;

#[test]
fn parses_every_key() {
    let c = parse(
        "source = \"demo\"\ncountry = \"finland\"\nstation = \"TPE\"\ninterval = 20\nboard_interval = 40\ntheme = \"mono\"\n",
    )
    .unwrap();
    assert_eq!(c.source.as_deref(), Some("demo"));
    assert_eq!(c.interval, Some(20));
    assert_eq!(c.theme, Some(Theme::Mono));
}

#[test]
fn feed_urls() {
    let c = parse("[upstream.finland]\nurl = \"http://127.0.0.1:9000\"\n[upstream.belgium]\nhub = \"008892007\"\n").unwrap();
    let s = c.feed_settings_with(|_| None);
    assert_eq!(s["finland"].base.as_deref(), Some("http://127.0.0.1:9000"));
    assert_eq!(s["belgium"].hub.as_deref(), Some("008892007"));
    let env = parse("[upstream.finland]\nurl = \"http://a\"\n")
        .unwrap()
        .feed_settings_with(|var| {
            (var == "RAILTOP_FINLAND_URL" || var == "RAILTOP_UNITED_STATES_KEY")
                .then(|| "http://b".to_string())
        });
    assert_eq!(
        env["finland"].base.as_deref(),
        Some("http://b"),
        "the environment wins"
    );
    assert_eq!(env["united-states"].key.as_deref(), Some("http://b"));
    assert_eq!(override_var("united-states"), "RAILTOP_UNITED_STATES_URL");
    let keyed = parse("[upstream.netherlands]\nkey = \"abc123\"\n").unwrap();
    assert_eq!(
        keyed.feed_settings_with(|_| None)["netherlands"].key(),
        Some("abc123")
    );
    assert!(parse("[upstream.finland]\nuri = \"x\"\n").is_err());
}

#[test]
fn the_server_table_names_redis_and_the_command_line_wins() {
    let file = parse("[server]\nredis = \"redis://:hunter2@db:6379/1\"\n").unwrap();
    let c = Config::resolve(&Overrides::default(), &file, |_| None).unwrap();
    assert_eq!(c.redis.as_deref(), Some("redis://:hunter2@db:6379/1"));
    let printed = toml::to_string(&c).unwrap();
    assert!(
        printed.contains("[server]\nredis = \"redis://***@db:6379/1\"")
            && !printed.contains("hunter2"),
        "{printed}"
    );
    let cli = Overrides {
        redis: Some("redis://other:6379".into()),
        ..Overrides::default()
    };
    let c = Config::resolve(&cli, &file, |_| None).unwrap();
    assert_eq!(c.redis.as_deref(), Some("redis://other:6379"));
    assert!(
        parse("[server]\nrdis = \"x\"\n").is_err(),
        "unknown keys are refused"
    );
    let none = Config::resolve(&Overrides::default(), &FileConfig::default(), |_| None);
    assert_eq!(none.unwrap().redis, None);
}

#[test]
fn gtfs_feeds() {
    let c = parse(
        "[[feeds]]\nslug = \"estonia\"\nname = \"Elron\"\ntimezone = \"Europe/Tallinn\"\nvehicle_positions = \"https://example.org/vp.pb\"\nstatic_gtfs = \"https://example.org/gtfs.zip\"\n",
    )
    .unwrap();
    let f = c.feeds[0].to_config().unwrap();
    assert_eq!(
        (f.slug.as_str(), f.timezone.name()),
        ("estonia", "Europe/Tallinn")
    );
    assert_eq!(f.attribution, "estonia: Elron (GTFS-Realtime)");
    assert!(f.trip_updates.is_none());
    let bad = |toml: &str| parse(toml).unwrap_err().to_string();
    assert!(bad("[[feeds]]\nslug = \"Estonia!\"\nname = \"x\"\ntimezone = \"UTC\"\nvehicle_positions = \"https://x\"\n").contains("slug"));
    assert!(bad("[[feeds]]\nslug = \"ee\"\nname = \"x\"\ntimezone = \"Mars/Olympus\"\nvehicle_positions = \"https://x\"\n").contains("Mars/Olympus"));
    assert!(bad("[[feeds]]\nslug = \"ee\"\nname = \"x\"\ntimezone = \"UTC\"\nvehicle_positions = \"ftp://x\"\n").contains("http(s)"));
}

#[test]
fn mistakes_are_named() {
    let wrong = |toml: &str| parse(toml).unwrap_err().to_string();
    assert!(wrong("colour = \"red\"").contains("colour"));
    assert!(wrong("theme = \"neon\"").contains("neon"));
    assert!(parse("interval = 0").is_err());
    let light = parse("theme = \"light\"").unwrap();
    assert_eq!(light.theme, Some(Theme::Light));
    let resolved = Config::resolve(&Overrides::default(), &light, |_| None).unwrap();
    assert_eq!(resolved.theme, Theme::Light);
    // The colour-blind themes by their names, and the screen reader's key.
    let deut = parse("theme = \"deuteranopia\"\nscreen_reader = true").unwrap();
    assert_eq!(deut.theme, Some(Theme::Deuteranopia));
    let resolved = Config::resolve(&Overrides::default(), &deut, |_| None).unwrap();
    assert!(resolved.screen_reader);
    assert!(
        !Config::resolve(&Overrides::default(), &light, |_| None)
            .unwrap()
            .screen_reader
    );
    assert_eq!(
        parse("theme = \"high-contrast\"").unwrap().theme,
        Some(Theme::HighContrast)
    );
    assert!(wrong("screen_reader = \"yes\"").contains("screen_reader"));
    // The language: the flag over the file over the locale, English where none says.
    use railtop_i18n::{Lang, Langs};
    let finnish = parse("lang = \"fi,en\"").unwrap();
    let langs = |cli: Option<Langs>, file: &FileConfig, lang_env: Option<&str>| {
        let overrides = Overrides {
            lang: cli,
            ..Overrides::default()
        };
        Config::resolve(&overrides, file, |var| {
            (var == "LANG")
                .then(|| lang_env.map(str::to_string))
                .flatten()
        })
        .unwrap()
        .lang
    };
    assert_eq!(
        langs(None, &finnish, Some("de_DE.UTF-8")).to_string(),
        "fi,en"
    );
    assert_eq!(
        langs(Some(Langs::one(Lang::Sv)), &finnish, None),
        Langs::one(Lang::Sv)
    );
    assert_eq!(
        langs(None, &light, Some("de_DE.UTF-8")),
        Langs::one(Lang::De)
    );
    assert_eq!(
        langs(None, &light, Some("ja_JP.UTF-8")),
        Langs::one(Lang::En)
    );
    assert_eq!(langs(None, &light, None), Langs::one(Lang::En));
    assert!(wrong("lang = \"klingon\"").contains("\"klingon\" is not a language railtop speaks"));
    assert!(wrong("lang = \"fi,en,sv\"").contains("at most two"));
    let no_color = Overrides {
        no_color: true,
        ..Overrides::default()
    };
    let resolved = Config::resolve(&no_color, &light, |_| None).unwrap();
    assert_eq!(
        resolved.theme,
        Theme::Mono,
        "NO_COLOR wins over any palette"
    );
    let e = parse("source = \"upstream\"\n\n[upstream.finlnd]\nurl = \"http://x\"\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3: [upstream.finlnd] is not a feed railtop has; did you mean \"finland\"?"
    );
    let e = parse("country = \"finlnd\"").unwrap_err();
    assert!(
        e.to_string()
            .contains("line 1: country \"finlnd\" is unknown; did you mean \"finland\"?"),
        "{e}"
    );
    assert!(parse("country = \"narnia\"")
        .unwrap_err()
        .to_string()
        .contains("one of: germany"));
    assert!(matches!(
        load(Path::new("/nonexistent/railtop.toml"), true),
        Err(ConfigError::Missing(_))
    ));
    assert!(load(Path::new("/nonexistent/railtop.toml"), false).is_ok());
    assert!(parse("interval = \"soon\"").is_err());
}

/// The file's values meet the bounds the command line's do, and a refusal names the key, the
/// line and the allowed range.
#[test]
fn every_value_of_the_file_is_bounded_and_named() {
    let wrong = |toml: &str| parse(toml).unwrap_err().to_string();
    let e = wrong("source = \"demo\"\nboard_interval = 9223372036854775807\n");
    assert!(e.contains("line 2") && e.contains("board_interval"), "{e}");
    assert!(e.contains("from 1s to 1h"), "{e}");
    let e = wrong("interval = 99999");
    assert!(e.contains("interval") && e.contains("from 1s to 1h"), "{e}");
    assert!(wrong("interval = -5").contains("interval"));
    assert_eq!(parse("interval = \"15s\"").unwrap().interval, Some(15));
    assert_eq!(
        parse("board_interval = \"2m\"").unwrap().board_interval,
        Some(120)
    );
    assert_eq!(parse("interval = 20").unwrap().interval, Some(20));
    let e = wrong("on_time = 31");
    assert!(e.contains("on_time") && e.contains("0 to 30"), "{e}");
    let e = wrong("source = \"dmeo\"");
    assert!(
        e.contains("source") && e.contains("did you mean \"demo\""),
        "{e}"
    );
    assert!(parse("source = \"https://trains.example\"").is_ok());
    assert!(wrong("[upstream.finland]\nurl = \"ftp://x\"").contains("line 2"));
    let e = wrong("[server]\nredis = \"http://:secret@db\"");
    assert!(e.contains("redis") && !e.contains("secret"), "{e}");
    // An escape in a value never reaches the terminal through the error.
    let e = wrong("source = \"\\u001b[2Jdemo\"");
    assert!(!e.contains('\u{1b}'), "{e:?}");
    // Every bounded value's error is through the same check as the command line's.
    assert_eq!(
        interval_secs("0"),
        Err("\"0\" is out of range: from 1s to 1h".into())
    );
    assert!(check_source("upstream").is_ok());
}

#[test]
fn passwords_are_masked_in_the_authority_only() {
    assert_eq!(
        masked_url("https://u:p@host:8080/x?y=1"),
        "https://***@host:8080/x?y=1"
    );
    assert_eq!(masked_url("https://host/a@b"), "https://host/a@b");
    assert_eq!(masked_url("demo"), "demo");
    assert_eq!(
        masked_credentials(r#"2 | redis = "http://:secret@db" and ftp://a@b/c@d"#),
        r#"2 | redis = "http://***@db" and ftp://***@b/c@d"#
    );
}

#[test]
fn a_missing_file_is_empty() {
    assert_eq!(
        load(Path::new("/nonexistent/railtop.toml"), false).unwrap(),
        FileConfig::default()
    );
}

#[test]
fn the_keys_table_is_kept_raw_with_each_entrys_line() {
    let text = "theme = \"mono\"\n\n[keys]\nquit = \"x\"\ndown = [\"n\", \"ctrl-n\"]\n";
    let file = parse(text).unwrap();
    let c = Config::resolve(&Overrides::default(), &file, |_| None).unwrap();
    assert_eq!(
        c.keys,
        vec![
            KeyBinding {
                action: "quit".into(),
                keys: vec!["x".into()],
                line: 4
            },
            KeyBinding {
                action: "down".into(),
                keys: vec!["n".into(), "ctrl-n".into()],
                line: 5
            },
        ],
        "in the file's order; names are the dashboard's to check"
    );
    let printed = toml::to_string(&c).unwrap();
    assert!(
        printed.contains("[keys]\ndown = [\"n\", \"ctrl-n\"]\nquit = [\"x\"]"),
        "{printed}"
    );
    for wrong in [
        "[keys]\nquit = 5\n",
        "[keys]\nquit = []\n",
        "[keys]\nquit = [1]\n",
    ] {
        let e = parse(wrong).unwrap_err().to_string();
        assert!(e.contains("line 2"), "{wrong:?}: {e}");
    }
    let none = Config::resolve(&Overrides::default(), &FileConfig::default(), |_| None).unwrap();
    assert!(none.keys.is_empty());
    assert!(!toml::to_string(&none).unwrap().contains("[keys]"));
}
