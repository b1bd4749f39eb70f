//! The parsers over the real recorded payloads of `../shared/upstream-samples/` (first round)
//! and its `round2/` (other people's recordings, other times and places), read from there or
//! from `RAILTOP_SAMPLES_DIR`. They are not the project's to commit: the project's own fixtures
//! reproduce each variant for the unit tests; here the real bytes confirm them.

use chrono::{DateTime, Utc};
use railtop_feeds::test_support::samples_dir;
use railtop_feeds::upstream::feeds::{
    austria, belgium, finland, france, germany, ireland, italy, japan, netherlands, norway, sweden,
    switzerland, usa,
};
use railtop_feeds::upstream::parse::Board;

/// The product classes of the VBB/BVG HAFAS deployments (1 S-Bahn, 32 long-distance, 64 regional
/// trains; 2 U-Bahn, 4 tram, 8 bus, 16 ferry), for their recorded samples.
const VBB: austria::Classes = austria::Classes { rail: 1 | 32 | 64 };

#[test]
fn conformance_with_the_real_recorded_samples() {
    let Some(dir) = samples_dir() else {
        eprintln!("SKIPPED: no ../shared/upstream-samples and no RAILTOP_SAMPLES_DIR: the real payloads were not checked");
        return;
    };
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    // The stations list: 534 stations, names without " asema".
    let names = finland::parse_stations(&read("finland-stations.json")).unwrap();
    let causes = finland::CauseNames::embedded();
    assert!(names.len() > 500, "{}", names.len());
    assert_eq!(names["HKI"], "Helsinki");
    // The same answer as the directory's list: passenger stations with positions, all usable.
    let list = finland::parse_station_list(&read("finland-stations.json")).unwrap();
    let passenger = list.len();
    assert!(passenger > 100 && passenger < names.len(), "{passenger}");
    let helsinki = list.iter().find(|s| s.code == "HKI").unwrap();
    assert_eq!(helsinki.name, "Helsinki");
    assert!((helsinki.lat - 60.17).abs() < 0.01 && (helsinki.lng - 24.94).abs() < 0.01);
    assert!(railtop_core::stations::online::cleaned("finland", list).len() == passenger);
    // One recorded train, and one recorded location message (an object; the REST answer is a list of them).
    let location = format!(
        "[{}]",
        String::from_utf8(read("finland-train-location.json")).unwrap()
    );
    let trains =
        finland::parse_trains(&read("finland-train.json"), location.as_bytes(), &names).unwrap();
    assert_eq!(
        trains.len(),
        0,
        "IC 1 of 2020-07-15 is not running and the location is of 2022"
    );
    let cancelled = format!(
        "[{}]",
        String::from_utf8(read("finland-train-cancelled.json")).unwrap()
    );
    let trains = finland::parse_trains(cancelled.as_bytes(), b"[]", &names).unwrap();
    assert_eq!(trains.len(), 1);
    assert_eq!(trains[0].status, "cancelled");
    assert!(
        trains[0].train_code.starts_with("U "),
        "{}",
        trains[0].train_code
    );
    // The recorded train as a board: every stop of IC 1 happened already, so nothing departs.
    let now: DateTime<Utc> = "2020-07-15T03:00:00Z".parse().unwrap();
    let board = finland::parse_board(&read("finland-train.json"), "HKI", &names, &causes, now)
        .unwrap()
        .departures;
    assert!(board.is_empty());
    // Irish Rail: 72 recorded trains, 7 of them at 0/0, destinations and delays from the message.
    let trains = ireland::parse_trains(&read("ireland-current-trains.xml")).unwrap();
    assert_eq!(trains.len(), 72);
    assert_eq!(trains.iter().filter(|t| !t.has_position()).count(), 7);
    assert!(trains
        .iter()
        .filter(|t| t.status == "running")
        .all(|t| t.to.is_some() && t.delay.is_some()));
    let Board {
        station,
        departures: board,
        ..
    } = ireland::parse_board(&read("ireland-station-data.xml")).unwrap();
    assert_eq!(station.name, "Dublin Connolly");
    assert!(!board.is_empty());
    assert!(board
        .iter()
        .all(|d| d.scheduled_dep != "00:00"
            && !d.train_code.as_deref().unwrap_or(" ").ends_with(' ')));
    // iRail: 51 departures, numbers as strings, one 60 s delay.
    let Board {
        station,
        departures: board,
        ..
    } = belgium::parse_board(&read("belgium-liveboard.json")).unwrap();
    assert_eq!(station.name, "Brussels-South/Brussels-Midi");
    assert_eq!(board.len(), 51);
    assert_eq!(board.iter().filter(|d| d.delay == Some(1)).count(), 1);
    assert!(board
        .iter()
        .all(|d| d.train_code.is_some() && d.scheduled_dep.len() == 5));
    // transport.opendata.ch: 12 departures, offsets without colon, no realtime at all.
    let Board {
        station,
        departures: board,
        ..
    } = switzerland::parse_board(&read("switzerland-stationboard.json")).unwrap();
    assert_eq!(station.name, "Zürich Flughafen");
    assert_eq!(board.len(), 12);
    assert!(board.iter().all(|d| d.delay.is_none()));
    assert_eq!(board[0].scheduled_dep, "13:31", "Zürich time");
    // db-rest: both recorded FPTF lists (the library's bare form), delays in seconds, a cancellation.
    for name in [
        "germany-departures-dbnav.json",
        "germany-departures-dbweb.json",
    ] {
        let board = germany::parse_board(&read(name)).unwrap().departures;
        assert!(!board.is_empty(), "{name}");
        assert!(
            board
                .iter()
                .all(|d| d.scheduled_dep.len() == 5 && !d.line.is_empty()),
            "{name}"
        );
    }
    let web = germany::parse_board(&read("germany-departures-dbweb.json"))
        .unwrap()
        .departures;
    assert!(web.iter().any(|d| d.delay == Some(34)), "2040 s is 34 min");
    assert!(web.iter().any(|d| d.delay == Some(8)), "480 s is 8 min");
    assert!(web.iter().any(|d| d.cancelled && d.delay.is_none()));
    // Amtraker: the recorded Keystone 657 with its position and computed delay.
    let trains = usa::parse_trains(&read("usa-amtraker-trains.json")).unwrap();
    assert!(!trains.is_empty());
    assert!(trains
        .iter()
        .all(|t| t.has_position() && t.name.contains(" → ")));
    // Entur: the recorded bus stop (Ila, Trondheim): expected times only, no aimed ones.
    let Board {
        station,
        departures: board,
        ..
    } = norway::parse_board(&read("norway-entur-stopplace-departures.json")).unwrap();
    assert_eq!(
        (station.code.as_str(), station.name.as_str()),
        ("NSR:StopPlace:60890", "Ila")
    );
    let rows: Vec<(&str, &str, &str)> = board
        .iter()
        .map(|d| {
            (
                d.line.as_str(),
                d.destination.as_str(),
                d.scheduled_dep.as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("11", "Risvollan via sentrum", "23:33"),
            ("3", "Hallset", "23:38")
        ]
    );
    assert!(
        board.iter().all(|d| d.delay.is_none()),
        "no aimed time, no delay"
    );
    // HAFAS mgate (the format ÖBB speaks; recorded at VBB): 12 journeys, buses and U-Bahn left out.
    let Board {
        station,
        departures: board,
        ..
    } = austria::parse_board_in(&read("hafas-mgate-stationboard-vbb.json"), VBB).unwrap();
    assert_eq!(station.name, "S+U Jannowitzbrücke (Berlin)");
    let lines: Vec<&str> = board.iter().map(|d| d.line.as_str()).collect();
    assert_eq!(lines, ["S3", "S5", "S7", "S7", "S5", "S9"]);
    assert_eq!(
        (
            board[0].scheduled_dep.as_str(),
            board[0].delay,
            board[0].platform.as_deref()
        ),
        ("17:44", Some(0), Some("3"))
    );
    assert!(
        board.iter().all(|d| !d.messages.is_empty()),
        "HIM notices on every journey"
    );
    // HAFAS radar (JourneyGeoPos, recorded at BVG): 8 vehicles with positions × 1e6, of which
    // one S-Bahn by BVG's classes (the trams and U-Bahn have no category, only a class).
    let radar = read("hafas-mgate-radar-bvg.json");
    let rail = austria::parse_positions_in(&radar, VBB).unwrap();
    let codes: Vec<&str> = rail.iter().map(|t| t.train_code.as_str()).collect();
    assert_eq!(codes, ["S9"]);
    let every_class = austria::Classes { rail: u32::MAX };
    let trains = austria::parse_positions_in(&radar, every_class).unwrap();
    assert_eq!(trains.len(), 8);
    assert!(trains.iter().all(|t| {
        t.lat.is_some_and(|lat| (52.0..53.0).contains(&lat))
            && t.lng.is_some_and(|lng| (13.0..14.0).contains(&lng))
    }));
    assert!(trains.iter().any(|t| t.delay.is_some_and(|d| d > 0)));
    // NS: five recorded Utrecht departures, padded names, a delay computed from 08:56:34.
    let board = netherlands::parse_board(&read("netherlands-departures.json"))
        .unwrap()
        .departures;
    assert_eq!(board.len(), 5);
    assert_eq!(board[0].train_code.as_deref(), Some("IC 8824"));
    assert!(board.iter().any(|d| d.delay == Some(2)));
    assert_eq!(board[0].via, ["Alphen a/d Rijn"]);
    // Trafikverket: 20 rows at Stockholm C; 11 public departures still to leave, one cancelled.
    let names = sweden::parse_stations(&read("sweden-train-stations.json")).unwrap();
    assert_eq!(names.len(), 20);
    assert_eq!(names["A"], "Alingsås");
    // The directory's list from the same answer: WKT `POINT (lon lat)` read as lat, lng.
    let list = sweden::parse_station_list(&read("sweden-train-stations.json")).unwrap();
    assert_eq!(list.len(), 20);
    let alingsas = list.iter().find(|s| s.code == "A").unwrap();
    assert!((alingsas.lat - 57.93).abs() < 0.01 && (alingsas.lng - 12.53).abs() < 0.01);
    let board = sweden::parse_board(&read("sweden-train-announcement.json"), "Cst", &names)
        .unwrap()
        .departures;
    assert_eq!(board.len(), 11);
    assert_eq!(board.iter().filter(|d| d.cancelled).count(), 1);
    assert!(board.iter().all(|d| d.platform.as_deref() != Some("x")));
    assert_eq!(
        board[0].scheduled_dep, "16:08",
        "Stockholm time; 16:01 had left"
    );
    // Navitia: ten recorded Saint-Lazare departures, all from the base schedule.
    let Board {
        station,
        departures: board,
        ..
    } = france::parse_board(&read("france-sncf-departures.json")).unwrap();
    assert_eq!(station.name, "Paris Saint-Lazare");
    assert_eq!(board.len(), 10);
    assert!(board.iter().all(|d| d.delay.is_none() && !d.cancelled));
    assert_eq!(
        board[0].scheduled_dep, "17:22",
        "local time without offset, Paris"
    );
    assert!(board.iter().all(|d| !d.destination.ends_with(')')));
    // ODPT: 40 recorded JR-East trains, delays in seconds, positions by station only.
    let trains = japan::parse_trains(&read("japan-odpt-train.json")).unwrap();
    assert_eq!(trains.len(), 40);
    assert!(trains
        .iter()
        .all(|t| t.lat.is_none() && t.next_station.is_some()));
    assert!(trains.iter().any(|t| t.delay.is_some_and(|d| d > 0)));
    // KTMB's GTFS-Realtime vehicle positions (protobuf): 12 vehicles inside Malaysia, trip ids
    // only, speeds up to 128 (km/h, whatever the spec says).
    let feed =
        railtop_feeds::upstream::gtfs_rt::decode(&read("malaysia-ktmb-vehicle-positions.pb"))
            .unwrap();
    assert_eq!(feed.entity.len(), 12);
    let malaysia = railtop_core::country::by_slug("malaysia").unwrap();
    for e in &feed.entity {
        let v = e.vehicle.as_ref().unwrap();
        let p = v.position.as_ref().unwrap();
        let (lat, lng) = (
            f64::from(p.latitude.unwrap()),
            f64::from(p.longitude.unwrap()),
        );
        assert!(malaysia.bbox.contains(lat, lng), "{lat},{lng}");
        assert!(v.trip.as_ref().unwrap().route_id.is_none());
        assert!(p.speed.unwrap() <= 130.0);
    }
    eprintln!(
        "checked the real samples of the open and keyed feeds in {}",
        dir.display()
    );
}

/// A departure as (time, line, destination, delay).
fn rows(board: &Board) -> Vec<(&str, &str, &str, Option<i64>)> {
    board
        .departures
        .iter()
        .map(|d| {
            (
                d.scheduled_dep.as_str(),
                d.line.as_str(),
                d.destination.as_str(),
                d.delay,
            )
        })
        .collect()
}

#[test]
fn conformance_with_the_round_two_samples() {
    let Some(dir) = samples_dir()
        .map(|d| d.join("round2"))
        .filter(|d| d.is_dir())
    else {
        eprintln!("SKIPPED: no round2/ beside the samples: the second round was not checked");
        return;
    };
    let read =
        |name: &str| std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("round2/{name}: {e}"));

    // Digitraffic 2016, Helsinki: the ring lines say which way round until the airport.
    let names = finland::embedded_names();
    let causes = finland::CauseNames::embedded();
    let now: DateTime<Utc> = "2016-04-23T18:24:00Z".parse().unwrap();
    let hki = read("finland/live-trains-station-hki-2016.json");
    let board = finland::parse_board(&hki, "HKI", &names, &causes, now).unwrap();
    let ring: Vec<&str> = board
        .departures
        .iter()
        .filter(|d| d.line == "I" || d.line == "P")
        .map(|d| d.destination.as_str())
        .collect();
    assert_eq!(ring, ["Helsinki via Helsinki Airport"; 2]);
    let trains = finland::parse_trains(&hki, b"[]", &names).unwrap();
    assert_eq!(trains.len(), 9);
    assert!(trains
        .iter()
        .all(|t| !t.name.ends_with("→ Helsinki") || t.from.is_some()));
    // One Train object (the element shape of a board): R 9669 of 2024-04-21, before it leaves.
    let one = format!(
        "[{}]",
        String::from_utf8(read("finland/train-9669-commuter-R.json")).unwrap()
    );
    let first: DateTime<Utc> = "2024-04-21T00:00:00Z".parse().unwrap();
    let r = finland::parse_board(one.as_bytes(), "HKI", &names, &causes, first).unwrap();
    assert!(r.departures.iter().all(|d| d.line == "R"));

    // Irish Rail: the day wrap of trains dated the day before is taken out.
    let find = |trains: &[railtop_core::model::Train], code: &str| {
        trains
            .iter()
            .find(|t| t.train_code == code)
            .map(|t| t.delay)
    };
    let morning =
        ireland::parse_trains(&read("ireland/current-trains-2025-10-14-0832.xml")).unwrap();
    assert_eq!(morning.len(), 105);
    assert_eq!(
        find(&morning, "E133"),
        Some(Some(0)),
        "(1440 mins late) is on time"
    );
    let night = ireland::parse_trains(&read("ireland/current-trains-2025-10-15-0040-midnight.xml"))
        .unwrap();
    assert_eq!(
        find(&night, "E848"),
        Some(Some(8)),
        "(1448 mins late) is 8 late"
    );
    for t in morning.iter().chain(&night) {
        assert!(
            t.delay.is_none_or(|d| d.abs() < 120),
            "{} {:?}",
            t.train_code,
            t.delay
        );
    }
    let empty = ireland::parse_trains(&read("ireland/current-trains-2025-09-28-0720-empty.xml"));
    assert_eq!(empty.unwrap().len(), 0);
    let connolly =
        ireland::parse_board(&read("ireland/station-data-CNLLY-2022-06-02-2226.xml")).unwrap();
    assert_eq!(connolly.station.name, "Dublin Connolly");
    assert_eq!(connolly.departures.len(), 12);
    assert_eq!(rows(&connolly)[0], ("22:26", "DART", "Greystones", Some(3)));
    // The same answer's arrivals: every train that does not start at Connolly, from its origin.
    let arriving =
        ireland::parse_arrivals(&read("ireland/station-data-CNLLY-2022-06-02-2226.xml")).unwrap();
    assert!(!arriving.departures.is_empty());
    assert!(arriving
        .departures
        .iter()
        .all(|d| d.destination != "Dublin Connolly" && d.scheduled_dep != "00:00"));

    // iRail: a departures board, and an arrivals answer (no `departures`) that is no board.
    let antwerp =
        belgium::parse_board(&read("belgium/liveboard-antwerp-central-2025-01-06.json")).unwrap();
    assert_eq!(antwerp.station.name, "Antwerp-Central");
    assert!(!antwerp.departures.is_empty());
    let arrivals = read("belgium/liveboard-arrivals-brussels-south-2025-01-08.json");
    assert!(belgium::parse_board(&arrivals)
        .unwrap()
        .departures
        .is_empty());
    // Read as what it is, it is Brussels-South's arrivals, each from its origin.
    let south = belgium::parse_arrivals(&arrivals).unwrap();
    assert!(!south.departures.is_empty());
    let first = &south.departures[0];
    assert_eq!(
        (
            first.destination.as_str(),
            first.train_code.as_deref(),
            first.delay
        ),
        ("Köln Hbf", Some("EUR 9474"), Some(15))
    );

    // transport.opendata.ch, older naming: the category is not doubled.
    let rapperswil =
        switzerland::parse_board(&read("switzerland/stationboard-rapperswil-2018-12-05.json"))
            .unwrap();
    assert_eq!(rows(&rapperswil)[0], ("19:59", "VAE", "Luzern", None));
    let codes: Vec<&str> = rapperswil
        .departures
        .iter()
        .filter_map(|d| d.train_code.as_deref())
        .collect();
    assert_eq!(&codes[..2], ["VAE 2588", "S 18578"]);
    assert!(rapperswil
        .departures
        .iter()
        .all(|d| !d.line.contains("VAE VAE") && !d.line.starts_with("S S")));

    // db-rest: a rail replacement bus whose direction is null goes to its destination stop.
    let frankfurt =
        germany::parse_board(&read("germany/dbris-departures-frankfurt-hbf.json")).unwrap();
    assert_eq!(frankfurt.departures.len(), 10);
    assert!(rows(&frankfurt).contains(&("00:44", "Bus SEV", "Bad Soden(Taunus)", None)));
    assert!(frankfurt
        .departures
        .iter()
        .all(|d| !d.destination.is_empty()));
    let dombuehl =
        germany::parse_board(&read("germany/dbregioguide-departures-dombuehl.json")).unwrap();
    assert_eq!(
        rows(&dombuehl)[0],
        ("12:34", "RE 90", "Nürnberg Hbf", Some(0))
    );

    // ÖBB: only trains by product class (17 buses and trolleybuses of 21 journeys left out);
    // on the radar 21 trains of 155 vehicles, no O-Bus, lift or funicular.
    let salzburg =
        austria::parse_board(&read("austria/oebb-stationboard-salzburg-hbf.json")).unwrap();
    let lines: Vec<&str> = salzburg
        .departures
        .iter()
        .map(|d| d.line.as_str())
        .collect();
    assert_eq!(lines, ["S 1", "RB 45", "RJX 765", "BRB RE5"]);
    // Its HIM messages (whose texts carry `<br>` and links) are their heads, never raw HTML.
    let said: Vec<&String> = salzburg
        .departures
        .iter()
        .flat_map(|d| &d.messages)
        .collect();
    assert!(!said.is_empty());
    assert!(
        said.iter()
            .all(|m| !m.contains('<') && !m.contains("&nbsp;")),
        "{said:?}"
    );
    let radar =
        austria::parse_positions(&read("austria/oebb-journeygeopos-salzburg.json")).unwrap();
    assert_eq!(radar.len(), 21);
    assert!(radar.iter().all(|t| !t.train_code.starts_with("Bus")
        && !t.train_code.starts_with("O-Bus")
        && !t.train_code.starts_with("Lift")));

    // NS: Utrecht in the morning, Ede-Wageningen across midnight.
    let utrecht =
        netherlands::parse_board(&read("netherlands/departures-utrecht-c-2026-10-06.json"))
            .unwrap();
    assert_eq!(
        rows(&utrecht)[0],
        ("09:02", "ICE", "Amsterdam Centraal", Some(27))
    );
    let ede = netherlands::parse_board(&read(
        "netherlands/departures-ede-wageningen-2026-09-28-midnight.json",
    ))
    .unwrap();
    let times: Vec<&str> = ede
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    assert_eq!(
        times[..4],
        ["23:40", "23:50", "23:53", "00:10"],
        "midnight in order"
    );
    assert!(ede.departures[1].cancelled && ede.departures[1].delay.is_none());

    // Entur, stored without GraphQL's `data`: read; a bus stop, so no rail departures.
    let oslo = norway::parse_board(&read(
        "norway/estimatedcalls-jernbanetorget-2026-07-31.json",
    ))
    .unwrap();
    assert_eq!(oslo.station.name, "Jernbanetorget");
    assert!(oslo.departures.is_empty());

    // Trafikverket without ActivityType: Stockholm C's departures, none of Uppsala's arrivals.
    let se = read("sweden/train-announcement-cst-uppsala-2023-03-05.json");
    let cst = sweden::parse_board(&se, "Cst", &Default::default()).unwrap();
    assert_eq!(cst.departures.len(), 39, "41 rows at Cst, 2 departed");
    assert_eq!(rows(&cst)[0].0, "09:37", "09:11 and 09:31 had left");
    let uppsala = sweden::parse_board(&se, "U", &Default::default()).unwrap();
    assert!(
        uppsala.departures.is_empty(),
        "every Uppsala row is an arrival"
    );

    // Navitia: Lille Flandres.
    let lille =
        france::parse_board(&read("france/departures-lille-flandres-2025-05-05.json")).unwrap();
    assert_eq!(lille.station.name, "Lille Flandres");
    assert_eq!(lille.departures.len(), 10);

    // Amtraker: Brightline and VIA are trains with their own codes; UTC times on the stop's clock.
    let us = read("usa/amtraker-v3-trains-2025-11-12.json");
    let trains = usa::parse_trains(&us).unwrap();
    assert_eq!(trains.len(), 176);
    let named = |id: &str| trains.iter().find(|t| t.id == id).unwrap().name.clone();
    assert_eq!(named("b5124-12"), "Brightline 5124 → West Palm Beach");
    assert_eq!(named("v15-12"), "VIA 15 → Sayabec");
    let aventura = usa::parse_board(&us, "BAVE").unwrap();
    assert_eq!(
        aventura.station.timezone.as_deref(),
        Some("America/New_York")
    );
    assert_eq!(
        aventura.departures[0].scheduled_dep, "08:04",
        "13:04Z is 08:04 in Aventura"
    );
    let toronto = usa::parse_board(&us, "TRTO").unwrap();
    assert_eq!(toronto.station.name, "Toronto Union");

    // ODPT, Toei Ōedo: the loop train from Tochomae to Tochomae goes round the outer loop.
    let oedo = japan::parse_trains(&read("japan/odpt-train-toei-oedo-2023-11-23.json")).unwrap();
    assert_eq!(oedo.len(), 17);
    let looped = oedo.iter().find(|t| t.train_code == "Oedo 2326B").unwrap();
    assert_eq!(looped.name, "Oedo 2326B → Tochomae (outer loop)");
    assert!(oedo.iter().all(|t| t.direction.is_some()));

    // GTFS-Realtime, Caltrain: trip updates with times only; delays from the static timetable.
    let table =
        railtop_feeds::upstream::gtfs_static::Timetable::from_zip(&read("gtfs-rt/caltrain-ct.zip"))
            .unwrap();
    let config = railtop_core::config::GtfsFeedConfig::new(
        "caltrain",
        "Caltrain",
        chrono_tz::Tz::America__Los_Angeles,
        "",
    );
    let now = DateTime::from_timestamp(1_699_405_559, 0).unwrap();
    let vp = read("gtfs-rt/caltrain-ct-vehicle-positions.pb");
    let tu = read("gtfs-rt/caltrain-ct-trip-updates.pb");
    let gtfs =
        railtop_feeds::upstream::gtfs::parse_trains(&vp, Some(&tu), Some(&table), &config, now)
            .unwrap();
    let delays: Vec<(&str, Option<i64>)> = gtfs
        .iter()
        .take(3)
        .map(|t| (t.train_code.as_str(), t.delay))
        .collect();
    assert_eq!(
        delays,
        [
            ("L1 124", Some(2)),
            ("L1 125", Some(1)),
            ("L1 126", Some(10))
        ],
        "17:05:04 against 17:03; 17:07:40 against 16:58"
    );
    assert!(gtfs.iter().all(|t| t.delay.is_some() && t.has_position()));
    let sf = railtop_feeds::upstream::gtfs::parse_board(
        "San Francisco Caltrain Station",
        Some(&tu),
        Some(&table),
        &config,
        now,
    )
    .unwrap();
    assert!(
        sf.iter().all(|d| d.destination != "San Francisco"),
        "trains ending here are arrivals"
    );
    assert_eq!(sf[0].train_code.as_deref(), Some("B7 710"));
    // Trips 128 and 712 run on `block_…_schedBasedVehicle`: the timetable standing in for a
    // vehicle (uncertainty 300 s), not tracked, so no delay rather than "on time".
    for code in ["L1 128", "B7 712"] {
        let row = sf
            .iter()
            .find(|d| d.train_code.as_deref() == Some(code))
            .unwrap_or_else(|| panic!("{code} leaves San Francisco"));
        assert_eq!(
            (row.delay, row.expected_dep.as_deref()),
            (None, None),
            "{code}"
        );
    }
    assert!(
        sf.iter().any(|d| d.delay.is_some()),
        "tracked trips keep theirs"
    );
    // Trip 126 at Lawrence (timetabled 18:03 in and out): its arrival event says 17:59:04,
    // its departure event 18:03:00. Each board reads its own.
    let at_lawrence = |rows: Vec<railtop_core::model::Departure>| {
        let row = rows
            .into_iter()
            .find(|d| d.train_code.as_deref() == Some("L1 126"))
            .expect("L1 126 at Lawrence");
        (row.scheduled_dep, row.expected_dep, row.delay)
    };
    let lawrence = "Lawrence Caltrain Station";
    let arrivals = railtop_feeds::upstream::gtfs::parse_arrivals(
        lawrence,
        Some(&tu),
        Some(&table),
        &config,
        now,
    );
    assert_eq!(
        at_lawrence(arrivals.unwrap()),
        ("18:03".into(), Some("17:59".into()), Some(-4))
    );
    let departures =
        railtop_feeds::upstream::gtfs::parse_board(lawrence, Some(&tu), Some(&table), &config, now);
    assert_eq!(
        at_lawrence(departures.unwrap()),
        ("18:03".into(), Some("18:03".into()), Some(0))
    );
    let bart =
        railtop_feeds::upstream::gtfs_rt::decode(&read("gtfs-rt/bart-trip-updates.pb")).unwrap();
    assert_eq!(bart.entity.len(), 91);
    italy_samples(&read);
    poland_samples(&read);
    spain_samples(&read);
    eprintln!("checked the round-two samples in {}", dir.display());
}

/// Renfe: Cercanías positions (two days), Cercanías trip updates, and long distance's positions
/// and trip updates of one moment, with every quirk of the real feed.
fn spain_samples(read: &dyn Fn(&str) -> Vec<u8>) {
    use railtop_feeds::upstream::feeds::spain::{self, Part};
    let at = |unix: i64| DateTime::from_timestamp(unix, 0).unwrap();
    let april = spain::parse_trains(
        Part::Cercanias,
        &read("spain/renfe-cercanias-vehicle-positions-2026-04-28.json"),
        None,
        None,
        at(1_777_388_459),
    )
    .unwrap();
    assert_eq!(april.len(), 155);
    let first = &april[0];
    assert_eq!(
        (first.train_code.as_str(), first.platform.as_deref()),
        ("C1 23559", Some("3")),
        "line and platform from the label"
    );
    assert_eq!(april.iter().filter(|t| t.platform.is_none()).count(), 6);
    let no_gps: Vec<_> = april.iter().filter(|t| t.lat.is_none()).collect();
    assert_eq!(no_gps.len(), 1, "one vehicle without a position");
    assert_eq!(no_gps[0].train_code, "C4a 20296");
    let june = spain::parse_trains(
        Part::Cercanias,
        &read("spain/renfe-cercanias-vehicle-positions-2026-06-13.json"),
        None,
        None,
        at(1_781_338_122),
    )
    .unwrap();
    assert_eq!(june.len(), 211);
    assert!(june.iter().all(|t| t.last_updated.is_some()));

    let ld = spain::parse_trains(
        Part::LongDistance,
        &read("spain/renfe-ld-vehicle-positions-2026-10-10-cut.json"),
        Some(&read("spain/renfe-ld-trip-updates-2026-10-10-cut.json")),
        None,
        at(1_791_632_840),
    )
    .unwrap();
    let summary: Vec<_> = ld
        .iter()
        .map(|t| (t.train_code.as_str(), t.status.as_str(), t.delay))
        .collect();
    assert_eq!(
        summary,
        [
            ("15062", "running", Some(3)),
            ("17050", "running", Some(18)),
            ("01460", "running", Some(8)),
            ("00622", "running", Some(65)),
            ("03093", "running", Some(15)),
        ],
        "13 entities, 5 vehicles; cancelled and updated at once: running, late"
    );
    let cercanias_board = spain::parse_board(
        Part::Cercanias,
        "78704",
        &read("spain/renfe-cercanias-trip-updates-2026-08-25-cut.json"),
        None,
        at(1_787_664_334),
    )
    .unwrap();
    let rows: Vec<_> = cercanias_board
        .iter()
        .map(|d| (d.train_code.as_deref().unwrap_or(""), d.delay))
        .collect();
    assert_eq!(
        rows,
        [("R4 77432", Some(18)), ("R4 77742", Some(1))],
        "in planned order: the 18 minutes late one was due first"
    );
    let skipped = spain::parse_board(
        Part::LongDistance,
        "60911",
        &read("spain/renfe-ld-trip-updates-2026-10-10-cut.json"),
        None,
        at(1_791_632_840),
    )
    .unwrap();
    assert!(
        skipped.is_empty(),
        "a skipped stop without a timetable has no time to show"
    );
}

/// ViaggiaTreno, Milano Centrale (2021 and 2026 schemas) and four runs' progress.
fn italy_samples(read: &dyn Fn(&str) -> Vec<u8>) {
    let board = italy::parse_board(&read(
        "italy/partenze-milano-centrale-2026-10-04-first6.json",
    ))
    .unwrap();
    assert_eq!(
        rows(&board),
        [
            ("08:00", "FR", "Napoli Centrale", Some(6)),
            ("08:05", "REG", "Bergamo", Some(2)),
            ("08:05", "IC", "La Spezia Centrale", Some(2)),
            ("08:10", "FR", "Salerno", Some(2)),
            ("08:10", "EC", "Chiasso", None),
            ("08:15", "REG", "Piacenza", None),
        ],
        "Frecce named from compNumeroTreno; trains not started report 0: no data"
    );
    let fr = &board.departures[0];
    assert_eq!(fr.train_code.as_deref(), Some("FR 9611"));
    assert_eq!(
        (fr.planned_platform.as_deref(), fr.platform.as_deref()),
        (Some("9"), Some("11"))
    );
    assert_eq!(fr.expected_dep.as_deref(), Some("08:06"));
    let trains = italy::parse_board_trains(
        &read("italy/partenze-milano-centrale-2026-10-04-first6.json"),
        "Milano Centrale",
    )
    .unwrap();
    assert!(trains
        .iter()
        .all(|(t, _)| t.lat.is_none() && t.lng.is_none()));
    assert_eq!(trains[0].0.id, "italy-S00219-9611-1791064800000");

    let midnight = italy::parse_board(&read(
        "italy/partenze-milano-centrale-2021-10-18-midnight.json",
    ))
    .unwrap();
    let times: Vec<&str> = midnight
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    assert_eq!(times.len(), 7);
    assert_eq!(
        &times[5..],
        ["00:15", "00:25"],
        "after midnight, after the evening"
    );
    // The same night's arrivals: each from its origin, at its arrival time and platform.
    let arrivi = italy::parse_arrivals(&read(
        "italy/arrivi-milano-centrale-2021-10-18-midnight.json",
    ))
    .unwrap();
    let first = &arrivi.departures[0];
    assert_eq!(
        (
            first.scheduled_dep.as_str(),
            first.destination.as_str(),
            first.delay
        ),
        ("20:40", "Mantova", Some(12))
    );
    assert_eq!(first.platform.as_deref(), Some("20"));
    assert_eq!(first.planned_platform.as_deref(), Some("21"));
    assert!(arrivi.departures.len() > 5);

    let fr9611 = italy::parse_progress(&read(
        "italy/andamento-treno-fr9611-torino-napoli-2026-10-04.json",
    ))
    .unwrap();
    assert_eq!(fr9611.from.as_deref(), Some("Torino Porta Nuova"));
    assert_eq!(fr9611.to.as_deref(), Some("Napoli Centrale"));
    assert_eq!(
        fr9611.last_seen.as_ref().map(|(s, _)| s.as_str()),
        Some("Milano Lambrate")
    );
    assert_eq!(fr9611.delay, Some(7));
    let fr9600 = italy::parse_progress(&read(
        "italy/andamento-treno-fr9600-milano-torino-2026-01-04.json",
    ))
    .unwrap();
    assert_eq!(
        fr9600.last_seen.as_ref().map(|(s, _)| s.as_str()),
        Some("Milano Certosa"),
        "a detection point that is no stop"
    );
    assert_eq!(fr9600.next_station.as_deref(), Some("Rho Fiera"));
    assert_eq!(fr9600.delay, Some(15));
    let reg136 = italy::parse_progress(&read(
        "italy/andamento-treno-reg136-como-lago-2026-01-02.json",
    ))
    .unwrap();
    assert_eq!(
        reg136.last_seen.as_ref().map(|(s, _)| s.as_str()),
        Some("Milano Bovisa Politecnico")
    );
    let waiting = italy::parse_progress(&read(
        "italy/andamento-treno-reg136-not-departed-2026-01-03.json",
    ))
    .unwrap();
    assert_eq!(
        (waiting.last_seen.clone(), waiting.delay),
        (None, None),
        "\"--\" and 0"
    );
    assert!(!waiting.started);
    assert_eq!(waiting.next_station.as_deref(), Some("Como Lago"));
}

/// Koleje Dolnośląskie's GTFS-Realtime (a `[[feeds]]` entry, as Poland's operators publish
/// theirs): positions in Lower Silesia, speeds in m/s, and one test vehicle ("KD Symulator")
/// stamped 54 days after the feed, which is no train.
fn poland_samples(read: &dyn Fn(&str) -> Vec<u8>) {
    let config = railtop_core::config::GtfsFeedConfig::new(
        "poland",
        "Koleje Dolnośląskie",
        railtop_core::country::POLAND.tz,
        "",
    );
    let now = DateTime::from_timestamp(1_680_685_843, 0).unwrap();
    let vp = read("poland/koleje-dolnoslaskie-vehicle-positions-2023-04-05.pb");
    let tu = read("poland/koleje-dolnoslaskie-trip-updates-2023-04-05.pb");
    let trains =
        railtop_feeds::upstream::gtfs::parse_trains(&vp, Some(&tu), None, &config, now).unwrap();
    assert_eq!(trains.len(), 17, "18 vehicles, the simulator dropped");
    assert!(trains.iter().all(|t| !t.train_code.starts_with("69555")));
    let poland = railtop_core::country::POLAND;
    assert!(trains
        .iter()
        .all(|t| t.has_position() && poland.bbox.contains(t.lat.unwrap(), t.lng.unwrap())));
    let first = trains
        .iter()
        .find(|t| t.train_code == "69232_20230405")
        .unwrap();
    assert_eq!(first.speed, Some(118.0), "32.8 m/s");
    assert!(
        trains.iter().filter(|t| t.delay.is_some()).count() > 0,
        "trip-level delays join by trip id"
    );
}

/// The journeys of the samples that carry whole runs: Digitraffic's `timeTableRows`, Amtraker's
/// `stations[]`, the Swiss `passList`.
#[test]
fn journeys_over_the_real_samples() {
    let Some(dir) = samples_dir() else {
        eprintln!("SKIPPED: no ../shared/upstream-samples and no RAILTOP_SAMPLES_DIR: the real journeys were not checked");
        return;
    };
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    let names = finland::parse_stations(&read("finland-stations.json")).unwrap();
    let causes = finland::CauseNames::embedded();
    // IC 1 of 2020-07-15, Helsinki to Joensuu: 24 passenger rows, 13 stops, every one passed.
    let ic1 = finland::parse_journey(&read("finland-train.json"), &names, &causes)
        .unwrap()
        .unwrap();
    assert_eq!(ic1.train.id, "fi-2020-07-15-1");
    assert_eq!(ic1.stops.len(), 13);
    assert_eq!(ic1.stops[0].name, "Helsinki");
    assert_eq!(ic1.stops[12].name, "Joensuu");
    assert!(ic1.stops.iter().all(|s| s.passed));
    assert_eq!(
        ic1.stops[0].departure.scheduled.as_deref(),
        Some("06:52"),
        "Helsinki time"
    );
    let placed = ic1.stops.iter().filter(|s| s.lat.is_some()).count();
    assert!(
        placed >= 9,
        "the embedded list places the main stops: {placed} of 13"
    );
    // R 9669 of 2024-04-21 (one Train object): 18 passenger rows, 10 stops, to Riihimäki.
    let one = format!(
        "[{}]",
        String::from_utf8(read("round2/finland/train-9669-commuter-R.json")).unwrap()
    );
    let r = finland::parse_journey(one.as_bytes(), &names, &causes)
        .unwrap()
        .unwrap();
    assert_eq!(r.stops.len(), 10);
    assert_eq!(r.stops.last().unwrap().name, "Riihimäki");

    // Amtraker: each run's stations, each on its own clock.
    for file in [
        "usa-amtraker-trains.json",
        "round2/usa/amtraker-v3-trains-2025-11-12.json",
    ] {
        let bytes = read(file);
        let trains = usa::parse_trains(&bytes).unwrap();
        for t in trains.iter().step_by(7) {
            let j = usa::parse_journey(&bytes, &t.id).unwrap().unwrap();
            assert_eq!(&j.train, t, "{file}");
            assert!(!j.stops.is_empty(), "{file} {}", t.id);
            assert!(
                j.stops.iter().all(|s| !s.name.is_empty()
                    && (s.departure.scheduled.is_some() || s.arrival.scheduled.is_some())),
                "{file} {}",
                t.id
            );
        }
    }
    let us = read("round2/usa/amtraker-v3-trains-2025-11-12.json");
    let via = usa::parse_journey(&us, "v15-12").unwrap().unwrap();
    assert_eq!(via.stops.last().unwrap().name, "Sayabec");

    // ÖBB HAFAS JourneyDetails: RJ 742 of 2020-06-11, Flughafen Wien to Salzburg, 13 calls.
    let now: DateTime<Utc> = "2020-06-11T14:00:00Z".parse().unwrap(); // 16:00 in Vienna
    let rj = austria::parse_journey(&read("austria-oebb-hafas-trip.json"), now)
        .unwrap()
        .unwrap();
    assert_eq!(rj.stops.len(), 13);
    assert_eq!(rj.stops[0].name, "Flughafen Wien Bahnhof");
    assert_eq!(rj.stops[0].departure.scheduled.as_deref(), Some("16:33"));
    assert_eq!(rj.stops[12].name, "Salzburg Hbf");
    assert_eq!(rj.stops[12].arrival.scheduled.as_deref(), Some("19:48"));
    assert_eq!(
        (
            rj.stops[12].platform.as_deref(),
            rj.stops[12].planned_platform.as_deref()
        ),
        (Some("6A-C"), Some("4A-C")),
        "aPlatfR differs: a changed platform"
    );
    assert!(rj
        .stops
        .iter()
        .all(|s| !s.passed && s.lat.is_some() && s.code.is_some()));
    assert_eq!(rj.train.to.as_deref(), Some("Salzburg Hbf"));

    // transport.opendata.ch: the trimmed passList (first 3 stops and the last) from Zürich Flughafen.
    let board_bytes = read("switzerland-stationboard.json");
    let board = switzerland::parse_board(&board_bytes).unwrap();
    let now: DateTime<Utc> = "2022-10-21T11:00:00Z".parse().unwrap();
    for d in &board.departures {
        let id = format!(
            "switzerland-20221021-{}",
            railtop_feeds::upstream::board_code(d)
        );
        let j = switzerland::parse_journey(&board_bytes, &id, now)
            .unwrap()
            .unwrap_or_else(|| panic!("{id}"));
        assert_eq!(j.train.id, id);
        assert!(j.stops.len() >= 2, "{id}");
        assert_eq!(j.stops[0].name, "Zürich Flughafen");
        // The list's last stop is not always the destination (S 20450 to Herblingen lists
        // Schaffhausen last): the stops are the feed's, the record's destination the board's.
        assert_eq!(j.train.to.as_ref(), Some(&d.destination), "{id}");
        assert!(j.stops.iter().all(|s| !s.passed && s.lat.is_some()), "{id}");
    }
}
