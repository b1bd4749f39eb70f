//! The fuzz targets of the readers the feeds, the servers and the screens share: GTFS-Realtime
//! and static GTFS (the generic reader every GTFS row and `[[feeds]]` entry goes through), a
//! remark's HTML, the times and durations people and feeds write, the demo simulator's ids and
//! network, the API reader of `--source remote`, and the configuration file.

use crate::support::*;
use crate::targets::Target;
use railtop_core::clock::Clock;
use railtop_core::config::{self, Config, Overrides};
use railtop_core::model::{DeparturesResponse, RealtimeResponse};
use railtop_feeds::source::demo::network::Network;
use railtop_feeds::upstream::gtfs;
use railtop_feeds::upstream::gtfs_static::{self, Timetable};
use railtop_feeds::upstream::{html, times};

/// Recorded GTFS-Realtime payloads (positions, a vehicle feed, trip updates): the seeds of every
/// target that reads one.
const GTFS_RT_SEEDS: &[&str] = &[
    "samples/malaysia-ktmb-vehicle-positions.pb",
    "samples/round2/gtfs-rt/caltrain-ct-vehicle",
    "samples/round2/gtfs-rt/bart-trip-updates.pb",
];

pub const TARGETS: &[Target] = &[
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
        made: || vec![include_bytes!("../../assets/demo/lines.txt").to_vec()],
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
