//! The feeds' parsers over real recorded payloads, beyond the conformance test's rows: what a
//! recording once showed wrong, now held (Finland's recorded delay causes, SNCF's real
//! disruptions stop by stop, the embedded station lists against the feeds' real lists). The
//! samples are not the project's to commit: where they are absent each test says so and checks
//! nothing.

use railtop_feeds::test_support::{fixture, samples_dir};
use railtop_feeds::upstream::feeds::finland;
use std::path::PathBuf;

/// `round3/` of the samples, or `None` (said on stderr) when the folder is not beside us.
fn round3() -> Option<PathBuf> {
    let dir = samples_dir()
        .map(|d| d.join("round3"))
        .filter(|d| d.is_dir());
    let Some(dir) = dir else {
        eprintln!("SKIPPED: no round3/ beside the samples: the third round was not checked");
        return None;
    };
    Some(dir)
}

/// The recorded IC 1 of 2020-07-15 (`finland-train.json` beside the project, when present):
/// its two causes, one with every level and its `…Id` twins, one without a third code, reach
/// its journey, named from the fixtures' code lists.
#[test]
fn the_recorded_trains_causes_reach_its_journey() {
    let Some(dir) = samples_dir() else {
        eprintln!("SKIPPED: no ../shared/upstream-samples and no RAILTOP_SAMPLES_DIR");
        return;
    };
    let mut names = finland::CauseNames::embedded();
    for list in [
        "metadata-cause-category-codes",
        "metadata-detailed-cause-category-codes",
        "metadata-third-cause-category-codes",
    ] {
        names.merge(finland::parse_cause_codes(&fixture(&format!("finland/{list}.json"))).unwrap());
    }
    let bytes = std::fs::read(dir.join("finland-train.json")).unwrap();
    let journey = finland::parse_journey(&bytes, &finland::embedded_names(), &names)
        .unwrap()
        .unwrap();
    assert_eq!(
        journey.train.messages,
        [
            "Delay causes: passenger service; traffic management",
            "Myöhästymisen syy: Matkustajapalvelu – Pitkittynyt asemapysähdys",
            "Myöhästymisen syy: Liikenteenhoito – Kohtaaminen tai ohitus – \
             Kohtaaminen yksiraiteisella rataosalla",
        ]
    );
}

/// The real disruption objects of Navitia's `/disruptions` page, each linked to a run made of
/// its impacted stops' base times: `deleted` stops are cancelled, `delayed` ones carry their
/// amended times, `NO_SERVICE` cancels the run, and every disruption has a text to show.
#[test]
fn france_real_disruptions_read_stop_by_stop() {
    let Some(dir) = round3() else { return };
    let page: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("france/disruptions-page1-2023-03-21.json")).unwrap(),
    )
    .unwrap();
    let day = chrono::NaiveDate::from_ymd_opt(2023, 3, 21).unwrap();
    let now: chrono::DateTime<chrono::Utc> = "2023-03-21T00:00:00Z".parse().unwrap();
    let (mut deleted, mut delayed, mut cancelled) = (0, 0, 0);
    for d in page["disruptions"].as_array().unwrap() {
        let stops = d["impacted_objects"][0]["impacted_stops"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let stop_times: Vec<serde_json::Value> = stops
            .iter()
            .map(|s| {
                serde_json::json!({
                    "stop_point": s["stop_point"],
                    "arrival_time": s["base_arrival_time"],
                    "departure_time": s["base_departure_time"],
                })
            })
            .collect();
        let answer = serde_json::json!({
            "vehicle_journeys": [{"stop_times": stop_times, "disruptions": [{"id": d["id"]}]}],
            "disruptions": [d],
        });
        let bytes = serde_json::to_vec(&answer).unwrap();
        let run = railtop_feeds::upstream::feeds::france::parse_vehicle_journey(&bytes, day, now)
            .unwrap();
        assert!(!run.messages.is_empty(), "{}", d["id"]);
        let effect = d["severity"]["effect"].as_str().unwrap();
        assert_eq!(run.cancelled, effect == "NO_SERVICE", "{}", d["id"]);
        cancelled += usize::from(run.cancelled);
        for (stop, raw) in run.stops.iter().zip(&stops) {
            match raw["stop_time_effect"].as_str().unwrap_or_default() {
                "deleted" => {
                    deleted += 1;
                    assert!(stop.cancelled, "{}", d["id"]);
                }
                "delayed" if !run.cancelled => {
                    delayed += 1;
                    assert!(
                        stop.arrival.expected.is_some() || stop.departure.expected.is_some(),
                        "{} {}",
                        d["id"],
                        stop.name
                    );
                }
                _ => {}
            }
        }
    }
    assert_eq!(cancelled, 16, "NO_SERVICE ×16");
    assert!(
        deleted > 0 && delayed > 0,
        "{deleted} deleted, {delayed} delayed"
    );
}

/// Every embedded station list checked against the real list of its feed in the samples: each
/// embedded code the feed lists names the same station (its name, or one of its names, folded)
/// within 3 km. This is how 008833209 was found to be Aarschot, not Tienen, and 008893120
/// Gent-Dampoort, not Dendermonde; Irish Rail's CTARF and LMRKJ; NS's renamed stations.
#[test]
fn every_embedded_list_agrees_with_its_feeds_real_list() {
    let Some(dir) = round3() else { return };
    let samples = dir.parent().unwrap().to_path_buf();
    let read = |p: &str| std::fs::read(samples.join(p)).unwrap();
    let lists = [
        (
            "belgium",
            railtop_feeds::upstream::feeds::belgium::parse_station_list(&read(
                "round3/belgium/stations-2025-01-06.json",
            ))
            .unwrap(),
        ),
        (
            "netherlands",
            railtop_feeds::upstream::feeds::netherlands::parse_station_list(&read(
                "round3/netherlands/stations-v2-2025-10-21.json",
            ))
            .unwrap(),
        ),
        (
            "ireland",
            railtop_feeds::upstream::feeds::ireland::parse_station_list(&read(
                "round3/ireland/all-stations-2022-06-02.xml",
            ))
            .unwrap(),
        ),
        (
            "finland",
            railtop_feeds::upstream::feeds::finland::parse_station_list(&read(
                "finland-stations.json",
            ))
            .unwrap(),
        ),
    ];
    let fold = railtop_core::stations::fold::plain;
    let mut checked = 0;
    for (slug, real) in lists {
        // What the directory takes of the feed's list: NS's foreign stations with impossible
        // longitudes (Hamburg Dammtor at 80°E) and iRail's foreign ones never enter it.
        let real = railtop_core::stations::online::cleaned(slug, real);
        assert!(real.len() > 100, "{slug}: {}", real.len());
        for own in railtop_core::assets::stations(slug) {
            let Some(r) = real
                .iter()
                .find(|r| r.code.trim().eq_ignore_ascii_case(own.code.trim()))
            else {
                continue;
            };
            let names: Vec<String> = std::iter::once(&r.name)
                .chain(&r.aliases)
                .map(|n| fold(n))
                .collect();
            // "Cork Kent" is Irish Rail's "Cork": a name that begins with the feed's is the same.
            let ours = fold(&own.name);
            let same = |n: &String| *n == ours || ours.starts_with(&format!("{n} "));
            assert!(
                names.iter().any(same) || own.aliases.iter().any(|a| names.contains(&fold(a))),
                "{slug} {}: embedded {:?}, the feed's {:?}",
                own.code,
                own.name,
                r.name
            );
            let km = ((own.lat - r.lat).powi(2)
                + ((own.lng - r.lng) * own.lat.to_radians().cos()).powi(2))
            .sqrt()
                * 111.0;
            assert!(
                km < 3.0,
                "{slug} {} {}: {km:.1} km apart",
                own.code,
                own.name
            );
            checked += 1;
        }
    }
    assert!(checked > 450, "{checked} embedded stations checked");
}
