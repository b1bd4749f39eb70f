//! The fuzz targets: one per parser of data from outside, each with where its seeds come from.
//!
//! A target runs the parser the way railtop does (the board parsers followed by the shared
//! plausibility bound, the API reader followed by its sanitising, the config file resolved), so
//! a panic anywhere on that path is found. An `Err` is a correct answer to a bad payload.

use crate::support::*;
use railtop_core::clock::Clock;
use railtop_core::config::{self, Config, Overrides};
use railtop_core::model::plausible;
use railtop_core::model::{DeparturesResponse, RealtimeResponse};
use railtop_feeds::source::demo::network::Network;
use railtop_feeds::upstream::gtfs;
use railtop_feeds::upstream::gtfs_static::{self, Timetable};
use railtop_feeds::upstream::*;

/// Recorded GTFS-Realtime payloads (positions, a vehicle feed, trip updates): the seeds of every
/// target that reads one.
const GTFS_RT_SEEDS: &[&str] = &[
    "samples/malaysia-ktmb-vehicle-positions.pb",
    "samples/round2/gtfs-rt/caltrain-ct-vehicle",
    "samples/round2/gtfs-rt/bart-trip-updates.pb",
];

pub struct Target {
    pub name: &'static str,
    /// Seed files: `fixtures/<path prefix>` (the project's) or `samples/<path prefix>` (the
    /// recorded payloads beside the project, when present).
    pub seeds: &'static [&'static str],
    /// Seeds made in code (protobuf feeds, bundles, API answers, config files).
    pub made: fn() -> Vec<Vec<u8>>,
    pub run: fn(&[u8]),
}

/// The product classes of the VBB/BVG HAFAS deployments, for the recorded VBB samples.
const VBB: austria::Classes = austria::Classes { rail: 1 | 32 | 64 };

pub const TARGETS: &[Target] = &[
    Target {
        name: "finland-board",
        seeds: &[
            "fixtures/finland/live-trains",
            "fixtures/finland/ring",
            "samples/finland-train",
            "samples/round2/finland/",
        ],
        made: none,
        run: |d| {
            board(finland::parse_board(
                d,
                "HKI",
                finland_names(),
                finland_causes(),
                now(),
            ))
        },
    },
    Target {
        name: "finland-arrivals",
        seeds: &["fixtures/finland/live-trains", "samples/round2/finland/"],
        made: none,
        run: |d| {
            board(finland::parse_arrivals(
                d,
                "HKI",
                finland_names(),
                finland_causes(),
                now(),
            ))
        },
    },
    Target {
        name: "finland-trains",
        seeds: &[
            "fixtures/finland/live-trains",
            "fixtures/finland/train-locations",
            "samples/finland-train",
            "samples/round2/finland/",
        ],
        made: none,
        run: |d| {
            trains(finland::parse_trains(d, b"[]", finland_names()));
            trains(finland::parse_trains(b"[]", d, finland_names()));
        },
    },
    Target {
        name: "finland-passenger-information",
        seeds: &["fixtures/finland/passenger-information"],
        made: none,
        run: |d| {
            if let Ok(info) = finland::parse_passenger_information(d, now()) {
                // As the feed puts it on a board and a train, then as an answer is sanitised.
                let mut answer = DeparturesResponse::default();
                for said in info.at_station("HKI") {
                    answer.add_notice(said.text.clone(), Some(&said.language));
                }
                answer.sanitize();
                let mut train = railtop_core::model::Train {
                    id: "fi-2026-11-24-27".into(),
                    ..Default::default()
                };
                info.tell_train(&mut train);
                train.sanitize();
            }
        },
    },
    Target {
        name: "finland-cause-codes",
        seeds: &["fixtures/finland/metadata-"],
        made: none,
        run: |d| drop(finland::parse_cause_codes(d)),
    },
    Target {
        name: "finland-stations",
        seeds: &["fixtures/finland/metadata", "samples/finland-stations"],
        made: none,
        run: |d| drop(finland::parse_stations(d)),
    },
    Target {
        name: "ireland-trains",
        seeds: &[
            "fixtures/ireland/current",
            "samples/ireland-current",
            "samples/round2/ireland/current",
        ],
        made: none,
        run: |d| {
            trains(ireland::parse_trains(d));
            ireland::parse_message(&String::from_utf8_lossy(d));
        },
    },
    Target {
        name: "ireland-board",
        seeds: &[
            "fixtures/ireland/station",
            "samples/ireland-station",
            "samples/round2/ireland/station",
        ],
        made: none,
        run: |d| board(ireland::parse_board(d)),
    },
    Target {
        name: "ireland-arrivals",
        seeds: &[
            "fixtures/ireland/",
            "samples/ireland-",
            "samples/round2/ireland/",
        ],
        made: none,
        run: |d| board(ireland::parse_arrivals(d)),
    },
    Target {
        name: "ireland-journey",
        seeds: &[
            "fixtures/ireland/train-movements",
            "samples/ireland-current",
        ],
        made: none,
        run: |d| run(ireland::parse_movements(d, "ie-20261124-A216")),
    },
    Target {
        name: "belgium-journey",
        seeds: &["fixtures/belgium/vehicle", "samples/belgium-"],
        made: none,
        run: |d| run(belgium::parse_vehicle(d, "belgium-20261129-IC 1512")),
    },
    Target {
        name: "belgium-board",
        seeds: &[
            "fixtures/belgium/",
            "samples/belgium-",
            "samples/round2/belgium/",
        ],
        made: none,
        run: |d| board(belgium::parse_board(d)),
    },
    Target {
        name: "belgium-arrivals",
        seeds: &["fixtures/belgium/", "samples/round2/belgium/"],
        made: none,
        run: |d| board(belgium::parse_arrivals(d)),
    },
    Target {
        name: "switzerland-board",
        seeds: &[
            "fixtures/switzerland/stationboard",
            "samples/switzerland-",
            "samples/round2/switzerland/",
        ],
        made: none,
        run: |d| board(switzerland::parse_board(d)),
    },
    Target {
        name: "switzerland-arrivals",
        seeds: &[
            "fixtures/switzerland/stationboard",
            "samples/switzerland-",
            "samples/round2/switzerland/",
        ],
        made: none,
        run: |d| board(switzerland::parse_arrivals(d)),
    },
    Target {
        name: "germany-board",
        seeds: &[
            "fixtures/germany/departures",
            "samples/germany-",
            "samples/round2/germany/",
        ],
        made: none,
        run: |d| board(germany::parse_board(d)),
    },
    Target {
        // A remark's HTML (db-rest's warnings, ÖBB's HIM heads) made plain: any bytes as text.
        name: "html-remark",
        seeds: &[
            "fixtures/germany/departures-remarks",
            "samples/round2/austria/",
        ],
        made: none,
        run: |d| {
            let text = String::from_utf8_lossy(d);
            let plain = html::plain(&text);
            assert!(plain.len() <= text.len().saturating_mul(4) + 4);
        },
    },
    Target {
        name: "germany-arrivals",
        seeds: &[
            "fixtures/germany/",
            "samples/germany-",
            "samples/round2/germany/",
        ],
        made: none,
        run: |d| board(germany::parse_arrivals(d)),
    },
    Target {
        name: "austria-board",
        seeds: &[
            "fixtures/austria/stationboard",
            "samples/hafas-mgate-stationboard",
            "samples/round2/austria/oebb-stationboard",
        ],
        made: none,
        run: |d| {
            board(austria::parse_board(d));
            board(austria::parse_board_in(d, VBB));
            board(austria::parse_arrivals_in(d, VBB));
        },
    },
    Target {
        name: "austria-arrivals",
        seeds: &[
            "fixtures/austria/stationboard",
            "samples/hafas-mgate-stationboard",
        ],
        made: none,
        run: |d| board(austria::parse_arrivals(d)),
    },
    Target {
        name: "austria-positions",
        seeds: &[
            "fixtures/austria/radar",
            "samples/hafas-mgate-radar",
            "samples/round2/austria/oebb-journeygeopos",
        ],
        made: none,
        run: |d| {
            trains(austria::parse_positions(d));
            trains(austria::parse_positions_in(d, VBB));
        },
    },
    Target {
        name: "netherlands-board",
        seeds: &[
            "fixtures/netherlands/departures",
            "samples/netherlands-",
            "samples/round2/netherlands/",
        ],
        made: none,
        run: |d| board(netherlands::parse_board(d)),
    },
    Target {
        name: "netherlands-arrivals",
        seeds: &[
            "fixtures/netherlands/",
            "samples/netherlands-",
            "samples/round2/netherlands/",
        ],
        made: none,
        run: |d| board(netherlands::parse_arrivals(d)),
    },
    Target {
        name: "norway-board",
        seeds: &[
            "fixtures/norway/stopplace",
            "samples/norway-",
            "samples/round2/norway/",
        ],
        made: none,
        run: |d| board(norway::parse_board(d)),
    },
    Target {
        name: "norway-arrivals",
        seeds: &["fixtures/norway/stopplace", "samples/norway-"],
        made: none,
        run: |d| board(norway::parse_arrivals(d)),
    },
    Target {
        name: "norway-vehicles",
        seeds: &["fixtures/norway/vehicles", "fixtures/norway/geocoder"],
        made: none,
        run: |d| {
            trains(norway::parse_vehicles(d));
            drop(norway::parse_geocoder(d));
        },
    },
    Target {
        name: "sweden-board",
        seeds: &[
            "fixtures/sweden/announcements",
            "samples/sweden-train-announcement",
            "samples/round2/sweden/",
        ],
        made: none,
        run: |d| {
            let names = sweden::Names::new();
            board(sweden::parse_board(d, "Cst", &names));
            board(sweden::parse_board(d, "U", &names));
            board(sweden::parse_arrivals(d, "Cst", &names));
        },
    },
    Target {
        name: "sweden-journey",
        seeds: &[
            "fixtures/sweden/train-",
            "fixtures/sweden/announcements",
            "samples/sweden-train-announcement",
        ],
        made: none,
        run: |d| {
            let names = sweden::Names::new();
            run(sweden::parse_train(d, "sweden-20261124-541", &names, now()));
        },
    },
    Target {
        name: "sweden-stations",
        seeds: &[
            "fixtures/sweden/train-stations",
            "samples/sweden-train-stations",
        ],
        made: none,
        run: |d| drop(sweden::parse_stations(d)),
    },
    Target {
        name: "france-board",
        seeds: &[
            "fixtures/france/departures",
            "samples/france-",
            "samples/round2/france/",
        ],
        made: none,
        run: |d| board(france::parse_board(d)),
    },
    Target {
        name: "france-arrivals",
        seeds: &["fixtures/france/arrivals", "fixtures/france/departures"],
        made: none,
        run: |d| board(france::parse_arrivals(d)),
    },
    Target {
        name: "usa-trains",
        seeds: &[
            "fixtures/united-states/trains",
            "samples/usa-",
            "samples/round2/usa/",
        ],
        made: none,
        run: |d| trains(usa::parse_trains(d)),
    },
    Target {
        name: "usa-board",
        seeds: &["fixtures/united-states/trains", "samples/usa-"],
        made: none,
        run: |d| {
            board(usa::parse_board(d, "LAX"));
            board(usa::parse_board(d, "BFBT"));
            board(usa::parse_arrivals(d, "LAX"));
        },
    },
    Target {
        name: "japan-trains",
        seeds: &[
            "fixtures/japan/trains",
            "samples/japan-",
            "samples/round2/japan/",
        ],
        made: none,
        run: |d| trains(japan::parse_trains(d)),
    },
    Target {
        name: "austria-journey",
        seeds: &[
            "fixtures/austria/journey",
            "samples/austria-oebb-hafas-trip",
            "samples/round3/austria/",
            "samples/round3/hafas/",
        ],
        made: none,
        run: |d| run(austria::parse_journey(d, now())),
    },
    Target {
        name: "finland-journey",
        seeds: &[
            "fixtures/finland/train-",
            "samples/finland-train",
            "samples/round2/finland/train",
        ],
        made: none,
        run: |d| run(finland::parse_journey(d, finland_names(), finland_causes())),
    },
    Target {
        name: "station-lists",
        seeds: &[
            "fixtures/finland/metadata",
            "fixtures/belgium/stations",
            "fixtures/ireland/all-stations",
            "fixtures/netherlands/stations",
            "fixtures/norway/lines-rail",
            "fixtures/sweden/train-stations",
            "fixtures/united-states/stations",
            "samples/finland-stations",
            "samples/sweden-train-stations",
            "samples/ireland-station",
            "samples/round3/belgium/",
            "samples/round3/ireland/all",
            "samples/round3/netherlands/",
        ],
        made: none,
        run: |d| {
            station_list("finland", finland::parse_station_list(d));
            station_list("belgium", belgium::parse_station_list(d));
            station_list("ireland", ireland::parse_station_list(d));
            station_list("netherlands", netherlands::parse_station_list(d));
            station_list("norway", norway::parse_station_list(d));
            station_list("sweden", sweden::parse_station_list(d));
            station_list("united-states", usa::parse_station_list(d));
        },
    },
    Target {
        name: "france-journey",
        seeds: &["fixtures/france/vehicle-journey", "samples/round3/france/"],
        made: none,
        run: |d| {
            let day = now().date_naive();
            if let Ok(r) = france::parse_vehicle_journey(d, day, now()) {
                journey(None, r.stops);
            }
        },
    },
    Target {
        name: "france-calls",
        seeds: &["fixtures/france/vehicle-journey", "samples/round3/france/"],
        made: none,
        run: |d| drop(france::parse_calls(d)),
    },
    Target {
        name: "germany-trip",
        seeds: &["fixtures/germany/trip", "samples/round3/germany/dbnav-trip"],
        made: none,
        run: |d| stops(germany::parse_trip(d, now())),
    },
    Target {
        // A trip as the journey of a train known by its trip alone (a row of any board).
        name: "germany-trip-journey",
        seeds: &["fixtures/germany/trip", "samples/round3/germany/dbnav-trip"],
        made: none,
        run: |d| {
            if let Ok(j) = germany::parse_trip_journey(d, "germany-trip-x", now()) {
                stops(Ok(j.stops));
            }
        },
    },
    Target {
        name: "italy-board",
        seeds: &[
            "fixtures/italy/partenze",
            "samples/round2/italy/partenze",
            "samples/round3/italy/partenze",
        ],
        made: none,
        run: |d| {
            board(italy::parse_board(d));
            if let Ok(t) = italy::parse_board_trains(d, "S01700") {
                let mut t: Vec<_> = t.into_iter().map(|(t, _)| t).collect();
                plausible::bound_trains(&mut t);
            }
        },
    },
    Target {
        name: "italy-arrivals",
        seeds: &["fixtures/italy/", "samples/round2/italy/arrivi"],
        made: none,
        run: |d| board(italy::parse_arrivals(d)),
    },
    Target {
        name: "italy-journey",
        seeds: &[
            "fixtures/italy/andamento",
            "samples/round2/italy/andamento",
            "samples/round3/italy/andamento",
        ],
        made: none,
        run: |d| {
            drop(italy::parse_progress(d));
            if let Ok((_, s)) = italy::parse_journey(d) {
                journey(None, s);
            }
        },
    },
    Target {
        name: "netherlands-journey",
        seeds: &["fixtures/netherlands/journey"],
        made: none,
        run: |d| stops(netherlands::parse_journey(d, now())),
    },
    Target {
        name: "netherlands-disruptions",
        seeds: &["fixtures/netherlands/disruptions"],
        made: none,
        run: |d| {
            // Read, then made messages of a board at Utrecht Centraal as the feed does.
            if let Ok(list) = netherlands::parse_disruptions(d) {
                let row = railtop_core::model::Departure {
                    line: "IC".into(),
                    destination: "Amsterdam Centraal".into(),
                    via: vec!["Amsterdam C.".into()],
                    scheduled_dep: "07:10".into(),
                    ..Default::default()
                };
                let mut b = parse::Board::named(None, vec![row]);
                let codes = ["UT".to_string(), "8400621".to_string()];
                netherlands::apply_disruptions(
                    &mut b,
                    &[vec!["8400058".into()]],
                    &codes,
                    &list,
                    now(),
                );
                let mut answer = DeparturesResponse {
                    departures: b.departures,
                    ..Default::default()
                };
                for (text, language) in b.notices {
                    answer.add_notice(text, language.as_deref());
                }
                answer.sanitize();
            }
        },
    },
    Target {
        name: "norway-journey",
        seeds: &["fixtures/norway/servicejourney"],
        made: none,
        run: |d| stops(norway::parse_journey(d, now())),
    },
    Target {
        name: "switzerland-journey",
        seeds: &[
            "fixtures/switzerland/stationboard",
            "samples/switzerland-",
            "samples/round2/switzerland/",
        ],
        made: none,
        run: |d| {
            if let Ok(b) = switzerland::parse_board(d) {
                for dep in b.departures.iter().take(4) {
                    let id = format!("switzerland-20261124-{}", board_code(dep));
                    run(switzerland::parse_journey(d, &id, now()));
                }
            }
            run(switzerland::parse_journey(
                d,
                "switzerland-20261124-IC 1",
                now(),
            ));
        },
    },
    Target {
        name: "usa-journey",
        seeds: &[
            "fixtures/united-states/trains",
            "samples/usa-",
            "samples/round2/usa/",
        ],
        made: none,
        run: |d| {
            if let Ok(t) = usa::parse_trains(d) {
                for train in t.iter().take(3) {
                    run(usa::parse_journey(d, &train.id));
                }
            }
            run(usa::parse_journey(d, "657-24"));
        },
    },
    Target {
        name: "poland",
        seeds: &["fixtures/poland/"],
        made: none,
        run: |d| {
            let timetable = poland::parse_timetable(d, 33605);
            let operations = poland::parse_operations(d, 33605);
            if let (Ok(t), Ok(o)) = (timetable, operations) {
                let station = railtop_core::model::StationInfo::default();
                if let Some(j) =
                    poland::journey(&t, &o, &station, "poland-20261124-EIP 1301", now())
                {
                    journey(Some(j.train), j.stops);
                }
            }
        },
    },
    Target {
        name: "spain",
        seeds: &["fixtures/spain/", "samples/round2/spain/"],
        made: none,
        run: |d| {
            for part in [spain::Part::Cercanias, spain::Part::LongDistance] {
                trains(spain::parse_trains(part, d, Some(d), None, now()));
                drop(spain::parse_board(part, "18000", d, None, now()));
            }
        },
    },
    Target {
        name: "text-values",
        seeds: &[],
        made: || {
            [
                "2022-10-21T13:31:00+0200",
                "2026-11-24T06:00:00Z",
                "06:00-24:30",
                "15s",
                "italy-S01326-24961-1702422000000",
            ]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect()
        },
        run: |d| {
            let text = String::from_utf8_lossy(d);
            let _ = times::parse_offset_time(&text);
            drop(railtop::kiosk::state::parse_hours(&text));
            drop(railtop_core::duration::parse(
                &text,
                railtop_core::duration::Bare::Seconds,
            ));
            drop(railtop_core::duration::parse(
                &text,
                railtop_core::duration::Bare::Refused,
            ));
            drop(Clock::parse(&text));
            drop(railtop_core::stations::Directory::embedded().resolve(&text, None));
        },
    },
    Target {
        name: "japan-journey",
        seeds: &["fixtures/japan/train-timetable"],
        made: none,
        run: |d| {
            let train = railtop_core::model::Train {
                next_station: Some("Tennodai".into()),
                delay: Some(3),
                ..Default::default()
            };
            if let Ok(Some(s)) = japan::parse_timetable(d, &train, now()) {
                journey(None, s);
            }
        },
    },
    Target {
        name: "gtfs-realtime",
        seeds: GTFS_RT_SEEDS,
        made: || {
            let t1 = now().timestamp() + 900;
            vec![
                gtfs::samples::vehicle_positions(),
                gtfs::samples::trip_updates(t1),
                gtfs::samples::alerts(),
            ]
        },
        run: |d| {
            let table = Some(sample_table());
            let config = gtfs_config();
            // A feed's alerts, matched to a call as the boards match them.
            if let Ok(feed) = railtop_feeds::upstream::gtfs_rt::decode(d) {
                let alerts = gtfs::Alerts::of(&feed, now(), &gtfs::Dialect::STANDARD);
                drop(alerts.about(&gtfs::AlertCall {
                    trip: "T1",
                    route: Some("R1"),
                    stop: Some("TLL-1"),
                    station: Some("TLL"),
                    agency: Some("ELRON"),
                    ..gtfs::AlertCall::default()
                }));
            }
            trains(gtfs::parse_trains(d, Some(d), table, &config, now()));
            drop(gtfs::parse_board("TLL", Some(d), table, &config, now()));
            drop(gtfs::parse_arrivals("TPS", Some(d), table, &config, now()));
            trains(gtfs::parse_trains_as(
                &gtfs::Dialect::STANDARD,
                d,
                Some(d),
                table,
                &config,
                now(),
            ));
            drop(gtfs::parse_board_as(
                &gtfs::Dialect::STANDARD,
                "TLL",
                Some(d),
                table,
                &config,
                now(),
            ));
        },
    },
    Target {
        // A vehicle's journey: the payload as the vehicle positions (with the sample trip
        // updates), then as the trip updates (with the sample positions).
        name: "gtfs-journey",
        seeds: GTFS_RT_SEEDS,
        made: || {
            let t1 = now().timestamp() + 900;
            vec![
                gtfs::samples::vehicle_positions(),
                gtfs::samples::trip_updates(t1),
            ]
        },
        run: |d| {
            let table = Some(sample_table());
            let config = gtfs_config();
            let vp = gtfs::samples::vehicle_positions();
            let tu = gtfs::samples::trip_updates(now().timestamp() + 900);
            let mut ids = vec!["estonia-EL-01".to_string(), "estonia-EL-02".to_string()];
            if let Ok(t) = gtfs::parse_trains(d, Some(&tu), table, &config, now()) {
                ids.extend(t.into_iter().take(3).map(|t| t.id));
            }
            for id in &ids {
                run(gtfs::parse_journey(d, Some(&tu), table, &config, id, now()));
                run(gtfs::parse_journey(&vp, Some(d), table, &config, id, now()));
                run(gtfs::parse_journey(d, None, None, &config, id, now()));
            }
        },
    },
    Target {
        name: "gtfs-static",
        seeds: &[],
        made: || vec![bundle_text(&gtfs_static::sample_bundle())],
        run: |d| {
            let text = String::from_utf8_lossy(d);
            let files: Vec<(String, String)> = text
                .split("##")
                .filter_map(|part| {
                    let (name, body) = part.split_once('\n')?;
                    Some((name.trim().to_string(), body.to_string()))
                })
                .collect();
            let refs: Vec<(&str, &str)> = files
                .iter()
                .map(|(n, b)| (n.as_str(), b.as_str()))
                .collect();
            if let Ok(table) = Timetable::from_zip(&gtfs_static::zip_bundle(&refs)) {
                let config = gtfs_config();
                let t1 = now().timestamp() + 900;
                let tu = gtfs::samples::trip_updates(t1);
                for station in ["TLL", "Tartu", ""] {
                    drop(gtfs::parse_board(
                        station,
                        Some(&tu),
                        Some(&table),
                        &config,
                        now(),
                    ));
                }
                let vp = gtfs::samples::vehicle_positions();
                trains(gtfs::parse_trains(
                    &vp,
                    Some(&tu),
                    Some(&table),
                    &config,
                    now(),
                ));
            }
        },
    },
    Target {
        name: "gtfs-static-zip",
        seeds: &["samples/round2/gtfs-rt/caltrain-ct.zip"],
        made: || vec![gtfs_static::sample_bundle()],
        run: |d| drop(Timetable::from_zip(d)),
    },
    Target {
        name: "gtfs-snapshot",
        seeds: &[],
        made: || vec![gtfs_static::snapshot::fuzzing::snapshot(sample_table())],
        run: |d| {
            // What was read back answers every question without indexing past an array.
            if let Some(table) = gtfs_static::snapshot::fuzzing::read(d) {
                let from = now().naive_utc();
                for station in ["TLL", "TLL-1", "Tartu", "TAR"] {
                    drop(table.departures(&[station.to_string()], from, 24));
                    let _ = table.place(station);
                }
                for trip in ["T1", "T2", "T3", "X"] {
                    drop(table.destination(trip));
                    let _ = table.scheduled(trip, "TPS", from.date());
                }
                let _ = table.places().len();
            }
        },
    },
    Target {
        // The id of `GET /api/live/train?id=` against the demo: read, then the train simulated.
        name: "demo-train-id",
        seeds: &[],
        made: demo_train_ids,
        run: |d| {
            if let Some(demo) = demo() {
                drop(demo.journey_at(&String::from_utf8_lossy(d), now()));
            }
        },
    },
    Target {
        // The demo's network file (`assets/demo/lines.txt`, embedded), lines and stops.
        name: "demo-network",
        seeds: &[],
        made: || vec![include_bytes!("../assets/demo/lines.txt").to_vec()],
        run: |d| {
            if let Ok(net) = Network::parse(&String::from_utf8_lossy(d)) {
                for country in &net.countries {
                    for line in &country.lines {
                        drop(line.train_code(u64::from(line.first_number)));
                        assert!(line
                            .stops
                            .iter()
                            .all(|s| s.station < country.stations.len()));
                    }
                }
            }
        },
    },
    Target {
        name: "api-reader",
        seeds: &[],
        made: demo_answers,
        run: |d| {
            if let Ok(mut r) = railtop_core::model::tolerant::from_json::<RealtimeResponse>(d) {
                r.sanitize();
            }
            if let Ok(mut r) = railtop_core::model::tolerant::from_json::<DeparturesResponse>(d) {
                r.complete_code("HKI");
                r.sanitize();
            }
        },
    },
    Target {
        name: "config-file",
        seeds: &[],
        made: || vec![CONFIG.as_bytes().to_vec()],
        run: |d| {
            if let Ok(file) = config::parse(&String::from_utf8_lossy(d)) {
                let _ = Config::resolve(&Overrides::default(), &file, |_| None);
            }
        },
    },
];
