//! The simulator held to its promises: enough trains at a busy hour, the same answer for the
//! same seed and clock, trains that move, boards and lists that agree, bounds under any input.

use super::*;
use chrono::TimeZone;
use proptest::prelude::*;
use railtop_core::model::Stats;

fn demo(seed: u64, scale: u32) -> DemoSource {
    DemoSource::new(seed, scale, Clock::System).unwrap()
}

/// 08:00 local in every demo country on a Tuesday: a busy hour.
fn busy_hour(slug: &str) -> DateTime<Utc> {
    let tz = country::by_slug(slug).unwrap().tz;
    tz.with_ymd_and_hms(2026, 11, 24, 8, 0, 0)
        .unwrap()
        .with_timezone(&Utc)
}

fn rt(country: Option<&str>) -> RealtimeQuery {
    RealtimeQuery {
        country: country.map(String::from),
        stop: None,
    }
}

/// The trains list and a station's board say the same of a train: a train not yet gone is
/// next at its origin, and the platform shown is the one at the station named next.
#[test]
fn the_list_and_the_boards_agree_on_next_stop_and_platform() {
    let d = demo(1, 1);
    let now = busy_hour("ireland");
    let r = d.realtime_at(&rt(Some("ireland")), now).unwrap();
    let scheduled: Vec<_> = r
        .trains
        .iter()
        .filter(|t| t.status == "scheduled")
        .collect();
    assert!(!scheduled.is_empty());
    for t in &scheduled {
        assert_eq!(t.next_station, t.from, "{}", t.train_code);
    }
    let mut compared = 0;
    for t in r.trains.iter().filter(|t| t.status != "cancelled") {
        let Some(next) = &t.next_station else {
            continue;
        };
        let Ok(board) = d.departures_at(
            &DeparturesQuery {
                station: format!("ireland:{next}"),
                limit: 100,
                ..Default::default()
            },
            now,
        ) else {
            continue;
        };
        if let Some(row) = board
            .departures
            .iter()
            .find(|row| row.train_code.as_deref() == Some(t.train_code.as_str()))
        {
            assert_eq!(row.platform, t.platform, "{} at {next}", t.train_code);
            compared += 1;
        }
    }
    assert!(compared > 5, "only {compared} trains compared");
}

/// A board hours long forecasts nothing for runs that have not come near starting: those
/// show as planned, with no delay message.
#[test]
fn runs_far_ahead_show_as_planned() {
    let d = demo(1, 1);
    let now = busy_hour("finland");
    let board = d
        .departures_at(
            &DeparturesQuery {
                station: "HKI".into(),
                limit: 500,
                ..Default::default()
            },
            now,
        )
        .unwrap();
    let local = |hhmm: &str| chrono::NaiveTime::parse_from_str(hhmm, "%H:%M").ok();
    let now_local = now.with_timezone(&chrono_tz::Europe::Helsinki).time();
    // HKI is an origin for most of its lines: a departure 3 h on is a run 3 h from starting.
    let far: Vec<_> = board
        .departures
        .iter()
        .filter(|row| {
            local(&row.scheduled_dep).is_some_and(|t| (t - now_local).num_minutes() >= 180)
        })
        .collect();
    assert!(far.len() > 10, "{} far departures", far.len());
    assert!(
        far.iter()
            .all(|row| row.delay.is_none_or(|d| d == 0 || row.cancelled)
                && row.messages.iter().all(|m| !m.contains(" min late"))),
        "{:?}",
        far.iter().find(|row| row.delay.is_some_and(|d| d != 0)
            || row.messages.iter().any(|m| m.contains(" min late")))
    );
}

#[test]
fn every_country_has_at_least_40_trains_at_a_busy_hour() {
    let d = demo(1, 1);
    for slug in SIMULATED_COUNTRIES {
        let r = d.realtime_at(&rt(Some(slug)), busy_hour(slug)).unwrap();
        eprintln!("{slug}: {:?}", r.stats);
        assert!(r.stats.running >= 40, "{slug}: {:?}", r.stats);
        assert!(r.trains.iter().all(|t| t.country.as_deref() == Some(slug)));
    }
}

#[test]
fn the_same_seed_and_clock_give_the_same_answer() {
    let now = busy_hour("finland");
    let a = demo(7, 1).realtime_at(&rt(None), now).unwrap();
    // A second source that has seen an earlier moment first must still agree.
    let b = demo(7, 1);
    b.realtime_at(&rt(None), now - Duration::minutes(37))
        .unwrap();
    let b = b.realtime_at(&rt(None), now).unwrap();
    assert_eq!(a, b);
    let c = demo(8, 1).realtime_at(&rt(None), now).unwrap();
    assert_ne!(a.trains, c.trains, "another seed, another day");
}

#[test]
fn trains_move_and_delays_drift() {
    let d = demo(3, 1);
    let now = busy_hour("switzerland");
    let a = d.realtime_at(&rt(Some("switzerland")), now).unwrap();
    let b = d
        .realtime_at(&rt(Some("switzerland")), now + Duration::minutes(6))
        .unwrap();
    let mut moved = 0;
    let mut drifted = 0;
    for t in &a.trains {
        if let Some(u) = b.trains.iter().find(|u| u.id == t.id) {
            moved += usize::from(
                t.has_position() && u.has_position() && (t.lat, t.lng) != (u.lat, u.lng),
            );
            drifted += usize::from(t.delay.is_some() && u.delay.is_some() && t.delay != u.delay);
        }
    }
    assert!(moved >= 20, "{moved} trains moved");
    assert!(drifted >= 1, "{drifted} delays changed");
}

#[test]
fn about_two_percent_cancelled_and_some_without_gps_or_realtime() {
    let d = demo(11, 20);
    let r = d.realtime_at(&rt(None), busy_hour("germany")).unwrap();
    let n = r.trains.len() as f64;
    let cancelled = r
        .trains
        .iter()
        .filter(|t| t.status == status::CANCELLED)
        .count() as f64;
    let share = cancelled / n;
    assert!((0.01..0.04).contains(&share), "cancelled share {share}");
    let running_without_gps = r
        .trains
        .iter()
        .filter(|t| t.status == status::RUNNING && !t.has_position())
        .count();
    assert!(running_without_gps > 0);
    assert!(r
        .trains
        .iter()
        .any(|t| t.delay.is_none() && t.status == status::RUNNING));
    assert!(r.trains.iter().any(|t| t.delay.is_some_and(|d| d >= 5)));
    assert!(r.trains.iter().any(|t| t.status == status::SCHEDULED));
    for t in r.trains.iter().filter(|t| t.status == status::CANCELLED) {
        assert_eq!(
            (t.lat, t.delay),
            (None, None),
            "a cancelled train has no position or delay"
        );
    }
}

#[test]
fn train_codes_are_unique_within_a_country_and_day() {
    let d = demo(1, 1);
    for slug in SIMULATED_COUNTRIES {
        let r = d.realtime_at(&rt(Some(slug)), busy_hour(slug)).unwrap();
        let mut codes: Vec<_> = r
            .trains
            .iter()
            .map(|t| (&t.train_code, t.id.split('-').nth(1)))
            .collect();
        let n = codes.len();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), n, "{slug}");
        let mut ids: Vec<_> = r.trains.iter().map(|t| &t.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "{slug}: ids are unique");
    }
}

#[test]
fn required_station_codes_have_boards() {
    let d = demo(1, 1);
    for code in ["HKI", "TPE", "CNLLY", "berlin-hbf", "8011160", "8503000"] {
        let q = DeparturesQuery {
            station: code.into(),
            limit: 20,
            ..Default::default()
        };
        let r = d.departures_at(&q, busy_hour("finland")).unwrap();
        assert!(r.departures.len() >= 5, "{code}: {}", r.departures.len());
    }
    let q = DeparturesQuery {
        station: "berlin-hbf".into(),
        limit: 5,
        ..Default::default()
    };
    assert_eq!(
        d.departures_at(&q, busy_hour("germany"))
            .unwrap()
            .station
            .code,
        "8011160"
    );
}

#[test]
fn a_board_lists_trains_that_really_call_there() {
    let d = demo(5, 1);
    let now = busy_hour("finland");
    let board = d
        .departures_at(
            &DeparturesQuery {
                station: "TPE".into(),
                limit: 100,
                ..Default::default()
            },
            now,
        )
        .unwrap();
    let trains = d
        .realtime_at(
            &RealtimeQuery {
                country: Some("finland".into()),
                stop: Some("TPE".into()),
            },
            now,
        )
        .unwrap();
    let soon: Vec<_> = board.departures.iter().take(5).collect();
    for dep in soon {
        let code = dep.train_code.as_deref().unwrap();
        // Trains leaving in the next half hour are on the move or waiting: listed in realtime too.
        if dep.scheduled_dep.as_str() <= "08:20" {
            assert!(
                trains.trains.iter().any(|t| t.train_code == code),
                "{code} not in realtime"
            );
        }
    }
    for t in &trains.trains {
        assert_ne!(t.to.as_deref(), None);
    }
}

#[test]
fn a_misspelt_station_is_an_error_carrying_the_stations_it_may_mean() {
    let d = demo(1, 1);
    let q = DeparturesQuery {
        station: "Helsinkk".into(),
        limit: 5,
        ..Default::default()
    };
    match d.departures_at(&q, busy_hour("finland")) {
        Err(SourceError::NoSuchStation {
            message,
            candidates,
        }) => {
            assert!(message.contains("did you mean"), "{message}");
            assert_eq!(candidates.first().map(String::as_str), Some("finland:HKI"));
        }
        other => panic!("{other:?}"),
    }
    // Typed the other ways up too: what a screen and a one-shot command say of a backoff.
    let e = SourceError::Retrying {
        message: "the feed failed".into(),
        retry_in: std::time::Duration::from_secs(30),
    };
    assert_eq!(e.to_string(), "the feed failed (retrying in 30 s)");
    assert_eq!(e.once(), "the feed failed");
    assert_eq!((e.http_status(), e.is_refusal()), (502, false));
    assert!(SourceError::NotSupported("no arrivals".into()).is_refusal());
}

#[test]
fn unknown_names_are_not_found() {
    let d = demo(1, 1);
    let now = busy_hour("finland");
    assert!(matches!(
        d.realtime_at(&rt(Some("atlantis")), now),
        Err(SourceError::NotFound(_))
    ));
    let e = d.realtime_at(&rt(Some("egypt")), now).unwrap_err();
    assert!(e.to_string().contains("does not simulate Egypt"), "{e}");
    let q = DeparturesQuery {
        station: "NOPE".into(),
        limit: 5,
        ..Default::default()
    };
    assert!(matches!(
        d.departures_at(&q, now),
        Err(SourceError::NotFound(_))
    ));
    let q = RealtimeQuery {
        country: Some("ireland".into()),
        stop: Some("HKI".into()),
    };
    assert!(
        matches!(d.realtime_at(&q, now), Err(SourceError::NotFound(_))),
        "HKI is not Irish"
    );
}

#[test]
fn scale_reaches_twenty_thousand_trains() {
    let d = demo(1, 60);
    let r = d.realtime_at(&rt(None), busy_hour("germany")).unwrap();
    assert!(r.trains.len() >= 20_000, "{}", r.trains.len());
}

#[test]
fn boards_cross_midnight() {
    let d = demo(1, 1);
    let tz = country::by_slug("finland").unwrap().tz;
    let now = tz
        .with_ymd_and_hms(2026, 11, 24, 23, 50, 0)
        .unwrap()
        .with_timezone(&Utc);
    let r = d
        .departures_at(
            &DeparturesQuery {
                station: "HKI".into(),
                limit: 100,
                ..Default::default()
            },
            now,
        )
        .unwrap();
    assert!(
        r.departures
            .iter()
            .any(|d| d.scheduled_dep.starts_with("00:")),
        "after-midnight trains listed"
    );
    assert!(
        r.departures
            .iter()
            .any(|d| d.scheduled_dep.starts_with("05:")),
        "next morning listed"
    );
    let first = &r.departures[0].scheduled_dep;
    assert!(first.as_str() >= "23:4", "sorted by time: {first}");
}

fn is_hh_mm(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && s[..2].parse::<u8>().is_ok_and(|h| h < 24)
        && s[3..].parse::<u8>().is_ok_and(|m| m < 60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn stats_agree_with_trains_and_positions_stay_home(
        seed in any::<u64>(),
        country in prop::sample::select(SIMULATED_COUNTRIES.to_vec()),
        minutes in 0i64..(7 * 24 * 60),
    ) {
        let now = Utc.with_ymd_and_hms(2026, 3, 25, 0, 0, 0).unwrap() + Duration::minutes(minutes);
        let r = demo(seed, 1).realtime_at(&rt(Some(country)), now).unwrap();
        prop_assert_eq!(r.stats, Stats::of(&r.trains));
        let bbox = country::by_slug(country).unwrap().bbox;
        for t in &r.trains {
            if let (Some(lat), Some(lng)) = (t.lat, t.lng) {
                prop_assert!(bbox.contains(lat, lng), "{} at {lat},{lng}", t.id);
            }
            prop_assert!(is_hh_mm(t.scheduled_dep.as_deref().unwrap()));
        }
    }

    #[test]
    fn boards_respect_the_limit_and_the_clock_format(
        seed in any::<u64>(),
        station in prop::sample::select(vec!["HKI", "TPE", "CNLLY", "8011160", "8503000", "OSL", "NYP", "LAX", "008814001"]),
        limit in 1usize..=100,
        minutes in 0i64..(3 * 24 * 60),
    ) {
        let now = Utc.with_ymd_and_hms(2026, 10, 24, 0, 0, 0).unwrap() + Duration::minutes(minutes);
        let r = demo(seed, 1).departures_at(&DeparturesQuery { station: station.into(), limit , ..Default::default() }, now).unwrap();
        prop_assert!(r.departures.len() <= limit);
        for d in &r.departures {
            prop_assert!(is_hh_mm(&d.scheduled_dep), "{}", d.scheduled_dep);
            if let Some(e) = &d.expected_dep { prop_assert!(is_hh_mm(e)); }
            prop_assert!(!d.cancelled || d.delay.is_none());
        }
    }
}

#[test]
fn speeds_are_those_of_trains() {
    let d = demo(1, 1);
    let now = busy_hour("finland");
    let all = d.realtime_at(&rt(None), now).unwrap();
    let speeds: Vec<f64> = all.trains.iter().filter_map(|t| t.speed).collect();
    assert!(speeds.len() > 100, "{}", speeds.len());
    assert!(
        speeds.iter().all(|v| (0.0..=320.0).contains(v)),
        "{speeds:?}"
    );
    assert!(speeds.iter().any(|v| *v > 60.0));
    assert!(
        all.trains
            .iter()
            .all(|t| t.speed.is_none() || t.lat.is_some()),
        "a speed only with a position"
    );
}

/// A line on another clock than its country's says which (#54 item 12): the Pacific
/// Surfliner's trains run on Los Angeles' clock (Chicago's lines on theirs), the Northeast's
/// on the country's own.
#[test]
fn a_pacific_train_names_its_own_clock() {
    let d = demo(1, 1);
    let r = d
        .realtime_at(&rt(Some("united-states")), busy_hour("united-states"))
        .unwrap();
    let zone = |t: &Train| t.zone().map(|z| z.name().to_string());
    let pacific: Vec<&Train> = r.trains.iter().filter(|t| t.timezone.is_some()).collect();
    assert!(!pacific.is_empty());
    assert!(pacific
        .iter()
        .all(|t| zone(t).as_deref() != Some("America/New_York")));
    assert!(pacific
        .iter()
        .any(|t| zone(t).as_deref() == Some("America/Los_Angeles")));
    assert!(r
        .trains
        .iter()
        .any(|t| t.timezone.is_none() && zone(t).as_deref() == Some("America/New_York")));
}
