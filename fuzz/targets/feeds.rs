//! The national feeds' fuzz targets: a feed's parsers, each run as its feed runs it (a board
//! through the plausibility bound, a journey sanitised as an answer), seeded from the feed's
//! fixture folder and the recorded samples. A new feed adds its rows here.

use crate::support::*;
use crate::targets::Target;
use railtop_core::model::plausible;
use railtop_core::model::DeparturesResponse;
use railtop_feeds::upstream::feeds::{austria, belgium, finland, france, germany, ireland, italy};
use railtop_feeds::upstream::feeds::{japan, netherlands, norway, poland, spain, sweden};
use railtop_feeds::upstream::feeds::{switzerland, usa};
use railtop_feeds::upstream::{board_code, parse};

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
        seeds: &["fixtures/usa/trains", "samples/usa-", "samples/round2/usa/"],
        made: none,
        run: |d| trains(usa::parse_trains(d)),
    },
    Target {
        name: "usa-board",
        seeds: &["fixtures/usa/trains", "samples/usa-"],
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
            "fixtures/usa/stations",
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
        seeds: &["fixtures/usa/trains", "samples/usa-", "samples/round2/usa/"],
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
];
