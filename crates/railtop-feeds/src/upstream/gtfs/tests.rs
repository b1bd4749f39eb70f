//! The generic reader on the sample bundle and feeds made in code.

use super::board::*;
use super::read::*;
use super::*;
use crate::upstream::gtfs_rt::{self, STOP_NO_DATA, TRIP_UNSCHEDULED};
use railtop_core::config::Modes;
use railtop_core::model::Train;

fn config() -> GtfsFeedConfig {
    GtfsFeedConfig {
        trip_updates: Some("/tu".into()),
        static_gtfs: Some("/gtfs.zip".into()),
        attribution: "test".into(),
        ..GtfsFeedConfig::new("estonia", "Elron", chrono_tz::Tz::Europe__Tallinn, "/vp")
    }
}

/// A standard feed's reading, without alerts.
fn of(config: &GtfsFeedConfig) -> Of<'_> {
    static NONE: Alerts = Alerts::NONE;
    Of {
        config,
        dialect: &Dialect::STANDARD,
        alerts: &NONE,
    }
}

fn table() -> Timetable {
    Timetable::from_zip(&super::super::gtfs_static::sample_bundle()).unwrap()
}

#[test]
fn a_stop_is_named_by_the_timetable_then_the_station_list_then_its_id() {
    let spain = GtfsFeedConfig {
        slug: "spain".into(),
        ..config()
    };
    assert_eq!(stop_label("18000", None, &spain), "Madrid-Atocha Cercanías");
    assert_eq!(stop_label("99999", None, &spain), "99999");
    assert_eq!(
        stop_label("18000", None, &config()),
        "18000",
        "Estonia has no list"
    );
    assert_eq!(stop_label("TPS", Some(&table()), &spain), "Tapa");
}

/// A standard feed's board, in order.
fn board(
    stops: &[String],
    table: Option<&Timetable>,
    states: &Joined<'static>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Vec<Departure> {
    in_order(board_rows(
        stops,
        table,
        states,
        config,
        &Dialect::STANDARD,
        super::board::BoardOf::default(),
        now,
    ))
}

fn now() -> DateTime<Utc> {
    "2026-11-24T06:00:00Z".parse().unwrap() // 08:00 in Tallinn, a Tuesday
}

/// A standard feed's trains without a timetable or trip updates.
fn bare_trains(feed: &FeedMessage) -> Vec<Train> {
    trains(feed, None, &Joined::default(), of(&config()), now())
}

#[test]
fn a_vehicles_journey_is_its_trips_calls_with_the_updates_times() {
    let table = table();
    // T1 leaves Tallinn at 08:10, five minutes late (08:15); it is 08:00 in Tallinn.
    let t1 = now().timestamp() + 15 * 60;
    let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
    let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
    let config = config();
    let both = of(&config);
    let j = journey(&feed, Some(&table), &states, both, "estonia-EL-01", now()).unwrap();
    assert_eq!(j.train.id, "estonia-EL-01");
    let names: Vec<_> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Tallinn", "Tapa", "Tartu"]);
    let tallinn = &j.stops[0];
    assert_eq!(tallinn.departure.scheduled.as_deref(), Some("08:10"));
    assert_eq!(tallinn.departure.expected.as_deref(), Some("08:15"));
    assert_eq!(tallinn.delay, Some(5));
    assert_eq!(
        tallinn.lat,
        Some(59.440),
        "a platform is placed at its station"
    );
    assert!(!tallinn.passed);
    assert_eq!(
        j.stops[1].delay, None,
        "no update there: the plan, no realtime"
    );
    let tartu = &j.stops[2];
    assert_eq!(
        tartu.arrival.scheduled.as_deref(),
        Some("10:30"),
        "the end is an arrival"
    );
    assert!(tartu.departure.is_empty());
    // Without a timetable: the stops the update names, by id.
    let bare = journey(&feed, None, &states, both, "estonia-EL-01", now()).unwrap();
    let ids: Vec<_> = bare.stops.iter().map(|s| s.code.as_deref()).collect();
    assert_eq!(ids, [Some("TLL-1")]);
    assert_eq!(bare.stops[0].departure.expected.as_deref(), Some("08:15"));
    // A vehicle on a trip the timetable does not know, and one that is not there.
    let x9 = journey(&feed, Some(&table), &states, both, "estonia-EL-02", now()).unwrap();
    assert!(x9.stops.is_empty());
    assert!(journey(&feed, Some(&table), &states, both, "estonia-EL-99", now()).is_none());
}

#[test]
fn trains_take_names_from_the_timetable_and_delays_from_the_updates() {
    let table = table();
    let t1 = now().timestamp() + 15 * 60;
    let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
    let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
    let list = trains(&feed, Some(&table), &states, of(&config()), now());
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].name, "R 101 → Tartu");
    assert_eq!(list[0].next_station.as_deref(), Some("Tapa"));
    assert_eq!(list[0].delay, Some(5));
    assert!((list[0].lat.unwrap() - 59.30).abs() < 1e-4);
    assert_eq!(list[0].speed, Some(97.0), "27 m/s, as the spec's unit");
    assert_eq!(
        list[1].train_code, "X9",
        "a trip the timetable does not know"
    );
    assert_eq!(list[1].name, "X9 → ?");
    let bare = bare_trains(&feed);
    assert_eq!(bare[0].train_code, "T1", "without a bundle: the trip id");
}

#[test]
fn a_vehicle_stamped_far_ahead_of_the_feed_is_no_train() {
    let mut feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
    let header = feed.header.as_ref().and_then(|h| h.timestamp).unwrap();
    if let Some(v) = feed.entity[1].vehicle.as_mut() {
        v.timestamp = Some(header + 54 * 24 * 3600); // "KD Symulator", 54 days ahead
    }
    if let Some(v) = feed.entity[0].vehicle.as_mut() {
        v.timestamp = Some(header + 60); // a clock a minute fast is still believed
    }
    let list = bare_trains(&feed);
    let ids: Vec<&str> = list.iter().map(|t| t.train_code.as_str()).collect();
    assert_eq!(ids, ["T1"]);
}

#[test]
fn boards_join_updates_and_timetable() {
    let table = table();
    let t1 = now().timestamp() + 15 * 60; // 08:15, planned 08:10
    let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
    let stops = table.stop_ids("TLL");
    let rows = in_order(board_rows(
        &stops,
        Some(&table),
        &states,
        &config(),
        &Dialect::STANDARD,
        super::board::BoardOf::default(),
        now(),
    ));
    let seen: Vec<(&str, &str, Option<i64>, bool)> = rows
        .iter()
        .map(|d| {
            (
                d.scheduled_dep.as_str(),
                d.destination.as_str(),
                d.delay,
                d.cancelled,
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("08:10", "Tartu", Some(5), false),
            ("08:20", "Narva", None, true)
        ]
    );
    assert_eq!(rows[0].expected_dep.as_deref(), Some("08:15"));
    assert_eq!(rows[0].via, ["Tapa"]);
    assert_eq!(rows[0].train_code.as_deref(), Some("R 101"));
    // Timetable alone (no updates): both weekday trains, no realtime.
    let plain = in_order(board_rows(
        &stops,
        Some(&table),
        &Joined::default(),
        &config(),
        &Dialect::STANDARD,
        super::board::BoardOf::default(),
        now(),
    ));
    assert_eq!(plain.len(), 2);
    assert!(plain.iter().all(|d| d.delay.is_none() && !d.cancelled));
}

/// A trip update for T1 at Tallinn (planned 08:10) made by `update`.
fn t1_update(update: impl FnOnce(&mut gtfs_rt::TripUpdate)) -> Joined<'static> {
    use gtfs_rt::*;
    use prost::Message;
    let mut u = TripUpdate {
        trip: Some(TripDescriptor {
            trip_id: Some("T1".into()),
            ..Default::default()
        }),
        ..Default::default()
    };
    update(&mut u);
    let feed = FeedMessage {
        header: None,
        entity: vec![FeedEntity {
            id: Some("u".into()),
            trip_update: Some(u),
            ..Default::default()
        }],
    };
    trip_states(&gtfs_rt::decode(&feed.encode_to_vec()).unwrap())
}

fn stop(time: Option<i64>, relationship: Option<i32>) -> gtfs_rt::StopTimeUpdate {
    gtfs_rt::StopTimeUpdate {
        stop_id: Some("TLL-1".into()),
        departure: Some(gtfs_rt::StopTimeEvent { delay: None, time }),
        schedule_relationship: relationship,
        ..Default::default()
    }
}

fn t1_delay(states: &Joined<'static>) -> Option<i64> {
    let table = table();
    let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
    trains(&feed, Some(&table), states, of(&config()), now())[0].delay
}

#[test]
fn absolute_times_without_delay_give_the_train_its_delay_from_the_timetable() {
    let at_0815 = now().timestamp() + 15 * 60;
    let dated = t1_update(|u| {
        u.trip.as_mut().unwrap().start_date = Some("20261124".into());
        u.stop_time_update = vec![stop(Some(at_0815), None)];
    });
    assert_eq!(
        t1_delay(&dated),
        Some(5),
        "08:15 against the timetable's 08:10"
    );
    let undated = t1_update(|u| u.stop_time_update = vec![stop(Some(at_0815 - 180), None)]);
    assert_eq!(
        t1_delay(&undated),
        Some(2),
        "today's service, within 12 hours"
    );
    let wrong_day = t1_update(|u| {
        u.trip.as_mut().unwrap().start_date = Some("20261122".into()); // a Sunday
        u.stop_time_update = vec![stop(Some(at_0815), None)];
    });
    assert_eq!(t1_delay(&wrong_day), None, "T1 does not run on Sundays");
    let table = table();
    let rows = board(
        &table.stop_ids("TLL"),
        Some(&table),
        &dated,
        &config(),
        now(),
    );
    assert_eq!(rows[0].delay, Some(5), "the board agrees with the list");
}

#[test]
fn an_untracked_trip_is_no_data_not_on_time() {
    let no_data = t1_update(|u| {
        u.delay = Some(0);
        u.stop_time_update = vec![stop(Some(now().timestamp() + 600), Some(STOP_NO_DATA))];
    });
    assert_eq!(t1_delay(&no_data), None);
    let unscheduled = t1_update(|u| {
        u.trip.as_mut().unwrap().schedule_relationship = Some(TRIP_UNSCHEDULED);
        u.delay = Some(0);
    });
    assert_eq!(t1_delay(&unscheduled), None);
    let table = table();
    let rows = board(
        &table.stop_ids("TLL"),
        Some(&table),
        &no_data,
        &config(),
        now(),
    );
    assert_eq!(
        (rows[0].delay, rows[0].expected_dep.as_deref()),
        (None, None)
    );
}

#[test]
fn absurd_times_and_delays_do_not_panic() {
    for (time, delay) in [
        (Some(i64::MAX), Some(i32::MIN)),
        (Some(i64::MIN), Some(i32::MAX)),
        (None, Some(i32::MIN)),
        (Some(-1), None),
    ] {
        let states = t1_update(|u| {
            u.stop_time_update = vec![gtfs_rt::StopTimeUpdate {
                stop_id: Some("TLL-1".into()),
                departure: Some(gtfs_rt::StopTimeEvent { delay, time }),
                ..Default::default()
            }];
        });
        let _ = t1_delay(&states);
        let table = table();
        let _ = board(
            &table.stop_ids("TLL"),
            Some(&table),
            &states,
            &config(),
            now(),
        );
    }
}

#[test]
fn garbage_is_an_error() {
    assert!(gtfs_rt::decode(b"\xff\xff\xff\xff garbage").is_err());
}

/// The sample bundle with a bus route whose trip X9 is the sample feed's second vehicle.
fn bundle_with_a_bus() -> Vec<u8> {
    use crate::upstream::gtfs_static::zip_bundle;
    let sample = zip::ZipArchive::new(std::io::Cursor::new(
        crate::upstream::gtfs_static::sample_bundle(),
    ))
    .unwrap();
    let mut files: Vec<(String, String)> = Vec::new();
    let mut sample = sample;
    for i in 0..sample.len() {
        let mut f = sample.by_index(i).unwrap();
        let mut text = String::new();
        std::io::Read::read_to_string(&mut f, &mut text).unwrap();
        let text = match f.name() {
            "routes.txt" => text + "B1,17,Tallinn - Tartu bus,3\n",
            "trips.txt" => text + "B1,WD,X9,Tartu,\n",
            "stop_times.txt" => text + "X9,08:00:00,08:00:00,TLL-1,1\nX9,10:00:00,10:00:00,TAR,2\n",
            _ => text,
        };
        files.push((f.name().to_string(), text));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    zip_bundle(&refs)
}

#[test]
fn a_bus_of_the_bundle_is_no_train_unless_the_feeds_modes_keep_buses() {
    let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
    let list = |modes| {
        let table = Timetable::build(
            std::io::Cursor::new(bundle_with_a_bus()),
            modes,
            &mut |_| {},
        )
        .unwrap();
        let trains = trains(
            &feed,
            Some(&table),
            &Joined::default(),
            of(&config()),
            now(),
        );
        trains.iter().map(|t| t.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(
        list(Modes::default()),
        ["estonia-EL-01"],
        "rail only: the bus EL-02 is dropped"
    );
    assert_eq!(
        list(Modes::parse(&["rail", "bus"]).unwrap()),
        ["estonia-EL-01", "estonia-EL-02"]
    );
    // Without the bus in the bundle, an unknown trip is still a train (a trip the bundle lacks).
    assert_eq!(
        trains(
            &feed,
            Some(&table()),
            &Joined::default(),
            of(&config()),
            now()
        )
        .len(),
        2
    );
    let rail = Timetable::build(
        std::io::Cursor::new(bundle_with_a_bus()),
        Modes::default(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        rail.stop_ids("TAR"),
        ["TAR"],
        "the bus's stops that rail uses stay"
    );
    assert!(rail.trip("X9").is_none());
}

/// Arrivals from the timetable (the updates name no call at these stops): at Tapa, T1 and T2
/// arrive, each from Tallinn at its arrival time (a minute before it leaves); at Tallinn, where
/// every trip starts, nothing arrives.
#[test]
fn arrivals_are_the_trips_due_in_at_their_arrival_times() {
    let table = table();
    let t1 = now().timestamp() + 15 * 60;
    let feed = super::super::gtfs_rt::decode(&super::samples::trip_updates(t1)).unwrap();
    let states = trip_states(&feed);
    let arrivals = |stop: &str| {
        in_order(board_rows(
            &[stop.to_string()],
            Some(&table),
            &states,
            &config(),
            &Dialect::STANDARD,
            super::board::BoardOf {
                kind: Kind::Arrivals,
                ..Default::default()
            },
            now(),
        ))
    };
    let tapa: Vec<(String, String, Vec<String>)> = arrivals("TPS")
        .into_iter()
        .map(|d| (d.scheduled_dep, d.destination, d.via))
        .collect();
    assert_eq!(
        tapa,
        [
            ("09:00".to_string(), "Tallinn".to_string(), Vec::new()),
            ("09:10".to_string(), "Tallinn".to_string(), Vec::new()),
        ]
    );
    assert!(arrivals("TLL-1").is_empty(), "every trip starts at Tallinn");
    let tartu = arrivals("TAR");
    assert_eq!(tartu[0].scheduled_dep, "10:30");
    assert_eq!(
        tartu[0].via,
        ["Tapa"],
        "the stops before, the origin left out"
    );
}

/// A trip update with an arrival and a departure of its own at a stop (a longer stop): the
/// arrivals board shows the arrival's delay, the departures board the departure's.
#[test]
fn an_arrival_is_timed_by_its_own_event() {
    use crate::upstream::gtfs_rt::{FeedMessage, StopTimeEvent, StopTimeUpdate, TripUpdate};
    let table = table();
    let event = |delay| {
        Some(StopTimeEvent {
            delay: Some(delay),
            time: None,
        })
    };
    let feed = FeedMessage {
        entity: vec![crate::upstream::gtfs_rt::FeedEntity {
            id: Some("u1".into()),
            trip_update: Some(TripUpdate {
                trip: Some(crate::upstream::gtfs_rt::TripDescriptor {
                    trip_id: Some("T1".into()),
                    ..Default::default()
                }),
                stop_time_update: vec![StopTimeUpdate {
                    stop_id: Some("TPS".into()),
                    arrival: event(120),
                    departure: event(300),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        }],
        ..Default::default()
    };
    let states = trip_states(&feed);
    let delay_of_t1 = |kind| {
        in_order(board_rows(
            &["TPS".to_string()],
            Some(&table),
            &states,
            &config(),
            &Dialect::STANDARD,
            super::board::BoardOf {
                kind,
                ..Default::default()
            },
            now(),
        ))
        .into_iter()
        .find(|d| d.train_code.as_deref() == Some("R 101"))
        .and_then(|d| d.delay)
    };
    assert_eq!(delay_of_t1(Kind::Arrivals), Some(2));
    assert_eq!(delay_of_t1(Kind::Departures), Some(5));
}
