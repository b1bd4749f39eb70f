//! Each country's feed end to end through the binary, on its fixture folder played on loopback:
//! the trains, a board, and what is particular to the feed (a key, codes, arrivals). (Every
//! registry row answering from its folder, with no binary, is railtop-feeds' registry test.)

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finland_end_to_end_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("finland", seen.clone()).await;
    let (r, b) = trains_and_board(vec![("RAILTOP_FINLAND_URL", base)], "finland", "HKI", &[]).await;
    let codes: Vec<_> = r.trains.iter().map(|t| t.train_code.as_str()).collect();
    assert_eq!(codes, ["IC 27", "R 9623", "U 8462"]);
    assert_eq!(r.stats.with_gps, 2);
    assert_eq!(r.trains[0].to.as_deref(), Some("Tampere"));
    assert_eq!(r.fetched_at, FI_NOW);
    assert!(r.attribution.unwrap().contains("digitraffic.fi"));

    assert_eq!(b.station.name, "Helsinki");
    let times: Vec<_> = b
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    assert_eq!(times, ["23:54", "23:57", "00:12"]);

    let seen = seen.lock().unwrap();
    let paths: Vec<&str> = seen.iter().map(|(p, ..)| p.as_str()).collect();
    assert!(
        paths
            .iter()
            .any(|p| p.starts_with("/api/v1/live-trains/station/HKI?")
                // One board per station is cached, fetched with the API's largest limit.
                && p.contains("departing_trains=100")),
        "{paths:?}"
    );
    for (_, headers, _) in seen.iter() {
        assert!(headers["digitraffic-user"]
            .to_str()
            .unwrap()
            .starts_with("railtop/"));
        assert!(headers["user-agent"]
            .to_str()
            .unwrap()
            .starts_with("railtop/"));
        assert!(headers["accept-encoding"]
            .to_str()
            .unwrap()
            .contains("gzip"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ireland_end_to_end_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("ireland", seen.clone()).await;
    let (r, b) =
        trains_and_board(vec![("RAILTOP_IRELAND_URL", base)], "ireland", "CNLLY", &[]).await;
    assert_eq!(r.trains.len(), 5);
    assert_eq!(r.stats.with_gps, 3, "0/0 is no position");
    assert_eq!(r.trains[0].name, "A216 → Cork");
    assert_eq!(b.station.name, "Dublin Connolly");
    let codes: Vec<_> = b
        .departures
        .iter()
        .map(|d| d.train_code.clone().unwrap())
        .collect();
    assert_eq!(codes, ["E998", "E999", "P999"]);
    let seen = seen.lock().unwrap();
    assert!(seen.iter().any(|(p, ..)| p == "/realtime/realtime.asmx/getStationDataByCodeXML_WithNumMins?StationCode=CNLLY&NumMins=90"), "{:?}", seen.iter().map(|s| &s.0).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn norway_and_austria_end_to_end() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let no = play("norway", seen.clone()).await;
    // ÖBB's mgate answers by the method named in the posted body (its routes.txt).
    let oebb = Arc::new(Mutex::new(Vec::new()));
    let at = play("austria", oebb.clone()).await;
    let (no_trains, no_board) = trains_and_board(
        vec![("RAILTOP_NORWAY_URL", no.clone())],
        "norway",
        "OSL",
        &[],
    )
    .await;
    assert_eq!(no_trains.trains.len(), 2, "the vehicles API's trains");
    assert_eq!(no_trains.stats.with_gps, 2);

    assert_eq!(
        (
            no_board.station.code.as_str(),
            no_board.station.name.as_str()
        ),
        ("NSR:StopPlace:59872", "Oslo S")
    );
    assert_eq!(no_board.departures[0].delay, Some(6));
    // A name the station list does not have goes through Entur's geocoder.
    let named = tokio::task::spawn_blocking(move || {
        railtop(
            &[
                "--source",
                "upstream",
                "departures",
                "norway:Bergen",
                "--format",
                "json",
            ],
            &[("RAILTOP_NORWAY_URL", no.as_str())],
        )
    })
    .await
    .unwrap();
    assert!(
        named.status.success(),
        "{}",
        String::from_utf8_lossy(&named.stderr)
    );

    let (at_trains, at_board) =
        trains_and_board(vec![("RAILTOP_AUSTRIA_URL", at)], "austria", "8103000", &[]).await;
    assert_eq!(at_trains.trains.len(), 2, "the radar's trains");
    assert_eq!(at_trains.stats.with_gps, 2);
    assert_eq!(at_board.station.name, "Wien Hbf");
    {
        let oebb = oebb.lock().unwrap();
        let radar = |(_, _, body): &&(String, HeaderMap, String)| body.contains("JourneyGeoPos");
        assert!(oebb.iter().all(|(path, ..)| path == "/bin/mgate.exe"));
        assert!(oebb.iter().any(|r| radar(&r)) && oebb.iter().any(|r| !radar(&r)));
    }
    assert!(at_board.departures[2].cancelled);

    let seen = seen.lock().unwrap();
    let entur: Vec<&(String, HeaderMap, String)> = seen
        .iter()
        .filter(|(p, ..)| {
            p.starts_with("/journey-planner")
                || p.starts_with("/geocoder")
                || p.starts_with("/realtime")
        })
        .collect();
    assert!(
        entur
            .iter()
            .any(|(p, ..)| p == "/geocoder/v1/autocomplete?text=Bergen&layers=venue&size=5"),
        "{entur:?}"
    );
    assert!(
        entur.iter().all(|(_, h, _)| h
            .get("et-client-name")
            .is_some_and(|v| v == "railtop-terminalboards")),
        "every Entur request names the client"
    );
}

/// Poland through the binary with a key: PKP PLK's timetable of the station (kept an hour) and
/// its operations, the key in `X-Api-Key`, a bare PLK id routed by the station list; without a
/// key, where to get one. Unverified against the live service: the fixtures follow the shapes
/// a production reader of the API uses (see upstream/feeds/poland/).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poland_end_to_end_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("poland", seen.clone()).await;
    let [trains, named, bare, keyless] = tokio::task::spawn_blocking(move || {
        let env = [
            ("RAILTOP_POLAND_URL", base.as_str()),
            ("RAILTOP_POLAND_KEY", "fake-plk-key"),
            ("RAILTOP_NOW", railtop::test_support::NOW),
        ];
        let json = ["--source", "upstream", "--format", "json"];
        let run = |args: &[&str], env: &[(&str, &str)]| {
            let mut all = args.to_vec();
            all.extend(json);
            railtop(&all, env)
        };
        [
            run(&["trains", "--country", "poland"], &env),
            run(&["departures", "poland:33605"], &env),
            run(&["departures", "33605"], &env),
            run(&["departures", "poland:33605"], &env[..1]),
        ]
    })
    .await
    .unwrap();
    for o in [&trains, &named, &bare] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let r: RealtimeResponse = serde_json::from_slice(&trains.stdout).unwrap();
    check_realtime(&serde_json::from_slice(&trains.stdout).unwrap()).unwrap();
    assert_eq!(r.trains.len(), 3, "Warszawa Centralna's board, the hub");
    assert!(r.trains.iter().all(|t| !t.has_position()));
    for o in [&named, &bare] {
        check_departures(&serde_json::from_slice(&o.stdout).unwrap()).unwrap();
        let b: DeparturesResponse = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(b.station.name, "Warszawa Centralna");
        let rows = board_rows(&b);
        assert_eq!(
            rows,
            [
                "07:05 TLK Some(0) false",
                "07:12 R None true",
                "07:35 EIP Some(8) false"
            ]
        );
    }
    assert!(!keyless.status.success());
    let err = String::from_utf8_lossy(&keyless.stderr);
    assert!(
        err.contains("needs a key")
            && err.contains("plk-sa.pl")
            && err.contains("RAILTOP_POLAND_KEY"),
        "{err}"
    );
    let seen = seen.lock().unwrap();
    let paths: Vec<&str> = seen.iter().map(|(p, ..)| p.as_str()).collect();
    assert!(
        paths.contains(
            &"/api/v1/schedules/shortened?stations=33605&dateFrom=2026-11-23&dateTo=2026-11-25"
        ),
        "{paths:?}"
    );
    assert!(
        paths
            .iter()
            .any(|p| p.starts_with("/api/v1/operations/shortened?stations=33605&fullRoutes=true")),
        "{paths:?}"
    );
    assert!(seen
        .iter()
        .all(|(_, h, _)| h.get("x-api-key").is_some_and(|v| v == "fake-plk-key")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn germany_and_the_united_states_end_to_end() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let de = play("germany", seen.clone()).await;
    let us = play("usa", seen.clone()).await;
    let (de_trains, de_board) = trains_and_board(
        vec![("RAILTOP_GERMANY_URL", de)],
        "germany",
        "berlin-hbf",
        &[],
    )
    .await;
    let (us_trains, us_board) = trains_and_board(
        vec![("RAILTOP_UNITED_STATES_URL", us)],
        "united-states",
        "LAX",
        &[],
    )
    .await;
    assert_eq!(
        de_trains.trains.len(),
        4,
        "Berlin Hbf's board, the default hub"
    );
    assert!(de_trains.trains.iter().all(|t| t.lat.is_none()));
    assert_eq!(
        (
            de_board.station.code.as_str(),
            de_board.station.name.as_str()
        ),
        ("8011160", "Berlin Hbf")
    );
    assert_eq!(us_trains.trains.len(), 3);
    assert_eq!(us_trains.stats.with_gps, 3);
    assert_eq!(
        us_board.station.timezone.as_deref(),
        Some("America/Los_Angeles")
    );
    assert_eq!(us_board.departures.len(), 2);
}

/// Spain through the binary: Renfe's two feeds (Cercanías, long distance) in their JSON form
/// and the long-distance static bundle named in the config file, each quirk of the real feed in
/// the fixtures: one train per vehicle sent once per trip variant, a trip both cancelled and
/// updated that runs (its skipped stop cancelled), a past day's trip with fresh times kept, a
/// trip three days old dropped, line and platform from the Cercanías label, a vehicle without
/// a position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spain_end_to_end_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("spain", seen.clone()).await;
    let [trains, board, sevilla, atocha] = with_static(
        "spain",
        &base,
        "/static.zip",
        [
            "trains --country spain",
            "departures spain:50500",
            "departures spain:51003",
            "departures spain:60000",
        ],
    )
    .await;
    let r: RealtimeResponse = serde_json::from_slice(&trains.stdout).unwrap();
    check_realtime(&serde_json::from_slice(&trains.stdout).unwrap()).unwrap();
    let summary: Vec<_> = r
        .trains
        .iter()
        .map(|t| {
            let delay = t.delay.map(|d| d.to_string()).unwrap_or_default();
            let platform = t.platform.clone().unwrap_or_default();
            let gps = if t.lat.is_some() { "gps" } else { "-" };
            format!("{} {} {delay} {platform} {gps}", t.train_code, t.status)
        })
        .collect();
    assert_eq!(
        summary,
        [
            "C3 24103 running 2 2 gps",
            "C4 24220 running   -",
            "AVE 02141 running 8  gps",
            "17060 running 15  gps",
        ]
    );
    let ave = &r.trains[2];
    assert_eq!(ave.name, "AVE 02141 → Sevilla-Santa Justa");
    assert_eq!(ave.next_station.as_deref(), Some("Córdoba"));
    assert_eq!(
        r.attribution.as_deref(),
        Some("Spain: Renfe open data (CC BY 4.0)")
    );

    let b: DeparturesResponse = serde_json::from_slice(&board.stdout).unwrap();
    check_departures(&serde_json::from_slice(&board.stdout).unwrap()).unwrap();
    assert_eq!(b.station.name, "Córdoba");
    assert_eq!(b.station.timezone.as_deref(), Some("Europe/Madrid"));
    let rows = board_rows(&b);
    assert_eq!(rows, ["08:16 AVE Some(8) false", "09:16 AVE None false"]);
    let s: DeparturesResponse = serde_json::from_slice(&sevilla.stdout).unwrap();
    assert!(s.departures.is_empty(), "Sevilla is where both trains end");
    // Renfe's alerts: a line's (its route ids end in the line) on that line's trains and rows,
    // a stop's on its board, an ended one nowhere; Spanish, without Renfe's `#MadC3` tag.
    let c3 = "Por una incidencia en la infraestructura entre Villaverde Bajo y Getafe Industrial, \
              los trenes circulan con retrasos de hasta 15 minutos. (modified service)";
    assert_eq!(r.trains[0].messages, [c3], "the C3 train");
    assert_eq!(r.trains[0].message_languages, [Some("es".to_string())]);
    assert!(
        r.trains[1].messages.iter().all(|m| !m.contains("C3")),
        "{:?}",
        r.trains[1].messages
    );
    let a: DeparturesResponse = serde_json::from_slice(&atocha.stdout).unwrap();
    assert_eq!(a.departures[0].train_code.as_deref(), Some("C3 24103"));
    assert_eq!(a.departures[0].messages, [c3]);
    assert_eq!(
        a.notices,
        [
            "Ascensor de Madrid-Puerta de Atocha, que da acceso al vestíbulo de Cercanías, se \
          encuentra fuera de servicio"
        ],
        "a stop's alert is the station's notice"
    );
    let seen = seen.lock().unwrap();
    for path in [
        "/vehicle_positions.json",
        "/trip_updates_LD.json",
        "/alerts.json",
        "/static.zip",
    ] {
        assert!(seen.iter().any(|(p, ..)| p == path), "{path}");
    }
}

/// Bulgaria through the binary: BDŽ's one realtime document of the national access point (as
/// protobuf, written in the standard's JSON mapping) read for vehicles and trip updates, and the
/// static timetable for names and the trains without realtime. Unverified against the live
/// service: the fixture follows the standard.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bulgaria_end_to_end_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("bulgaria", seen.clone()).await;
    let [trains, plovdiv, sofia] = with_static(
        "bulgaria",
        &base,
        "/bdz.zip",
        [
            "trains --country bulgaria",
            "departures bulgaria:PDV",
            "departures bulgaria:SOF",
        ],
    )
    .await;
    let r: RealtimeResponse = serde_json::from_slice(&trains.stdout).unwrap();
    check_realtime(&serde_json::from_slice(&trains.stdout).unwrap()).unwrap();
    assert_eq!(r.trains.len(), 1);
    let t = &r.trains[0];
    assert_eq!(t.name, "БВ 2611 → Варна");
    assert_eq!((t.delay, t.speed), (Some(4), Some(90.0)));
    assert_eq!(t.next_station.as_deref(), Some("Пловдив"));
    let rows = |o: &std::process::Output| {
        let b: DeparturesResponse = serde_json::from_slice(&o.stdout).unwrap();
        check_departures(&serde_json::from_slice(&o.stdout).unwrap()).unwrap();
        let rows: Vec<String> = b
            .departures
            .iter()
            .map(|d| {
                format!(
                    "{} {} {} {:?} {}",
                    d.scheduled_dep, d.line, d.destination, d.delay, d.cancelled
                )
            })
            .collect();
        (b.station.name, rows)
    };
    assert_eq!(
        rows(&plovdiv),
        (
            "Пловдив".to_string(),
            vec!["09:00 БВ Варна Some(4) false".to_string()]
        )
    );
    assert_eq!(
        rows(&sofia),
        (
            "София".to_string(),
            vec![
                "08:30 ПВ Пловдив None true".to_string(),
                "09:30 ПВ Пловдив None false".to_string()
            ]
        )
    );
    let seen = seen.lock().unwrap();
    let realtime = seen
        .iter()
        .filter(|(p, ..)| p.ends_with("/realtime-download"))
        .count();
    assert!(realtime >= 1 && seen.iter().any(|(p, ..)| p == "/bdz.zip"));
}

/// `departures UT` with an NS key reaches a loopback NS (by the NS code's directory entry:
/// Utrecht Centraal's UIC number), and `departures BAVE` a loopback Amtraker: codes people
/// know, through the binary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ns_and_brightline_codes_through_the_binary() {
    let (ns_seen, us_seen) = (
        Arc::new(Mutex::new(Vec::new())),
        Arc::new(Mutex::new(Vec::new())),
    );
    let ns = play("netherlands", ns_seen.clone()).await;
    let us = play("usa", us_seen.clone()).await;
    let outputs = tokio::task::spawn_blocking(move || {
        let env = [
            ("RAILTOP_NETHERLANDS_URL", ns.as_str()),
            ("RAILTOP_NETHERLANDS_KEY", "test-key"),
            ("RAILTOP_UNITED_STATES_URL", us.as_str()),
        ];
        let json = ["--source", "upstream", "--format", "json"];
        let ut = railtop(&[&["departures", "UT"][..], &json[..]].concat(), &env);
        // NS's own code for Ede-Wageningen, named with its country: a code, not a name part of
        // Breda, Enschede and Ede-Wageningen.
        let ed = railtop(
            &[&["departures", "netherlands:ED"][..], &json[..]].concat(),
            &env,
        );
        assert!(
            ed.status.success(),
            "{}",
            String::from_utf8_lossy(&ed.stderr)
        );
        // Bare `BAVE` routes once Amtraker's station list is cached; here the country names it.
        let bave = railtop(
            &[&["departures", "united-states:BAVE"][..], &json[..]].concat(),
            &env,
        );
        (ut, bave)
    })
    .await
    .unwrap();
    for o in [&outputs.0, &outputs.1] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let ut: DeparturesResponse = serde_json::from_slice(&outputs.0.stdout).unwrap();
    assert_eq!(ut.station.country.as_deref(), Some("netherlands"));
    assert!(!ut.departures.is_empty());
    let asked: Vec<String> = ns_seen
        .lock()
        .unwrap()
        .iter()
        .map(|r| r.0.clone())
        .collect();
    assert!(
        asked
            .iter()
            .any(|p| p.contains("departures?uicCode=8400621") || p.contains("station=UT")),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .any(|p| p.contains("uicCode=8400200") || p.contains("station=ED")),
        "{asked:?}"
    );
    let bave: DeparturesResponse = serde_json::from_slice(&outputs.1.stdout).unwrap();
    assert_eq!(bave.station.country.as_deref(), Some("united-states"));
    assert!(us_seen
        .lock()
        .unwrap()
        .iter()
        .any(|r| r.0.starts_with("/v3/trains")));
}
