//! What the fuzz targets share: the checks a parser's result goes through as railtop would put
//! it through them (sanitising, the plausibility bound), and the inputs several targets need
//! (a fixed instant, Finland's names, the sample timetable, a GTFS feed's configuration, the
//! demo's answers, a configuration file).

use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::config::GtfsFeedConfig;
use railtop_core::model::plausible;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::{DeparturesQuery, RealtimeQuery};
use railtop_feeds::upstream::feeds::finland;
use railtop_feeds::upstream::gtfs_static::{self, Timetable};
use railtop_feeds::upstream::parse;
use railtop_feeds::upstream::parse::Board;
use std::sync::OnceLock;

/// A journey as the aggregator serves it: sanitised like every answer.
pub(crate) fn journey(
    train: Option<railtop_core::model::Train>,
    stops: Vec<railtop_core::model::JourneyStop>,
) {
    let mut answer = railtop_core::model::JourneyResponse {
        train: train.unwrap_or_default(),
        stops,
        ..Default::default()
    };
    answer.sanitize();
}

pub(crate) fn run(result: Result<Option<railtop_feeds::upstream::Journey>, parse::ParseError>) {
    if let Ok(Some(j)) = result {
        journey(Some(j.train), j.stops);
    }
}

pub(crate) fn stops(result: Result<Vec<railtop_core::model::JourneyStop>, parse::ParseError>) {
    if let Ok(s) = result {
        journey(None, s);
    }
}

/// A feed's station list as the directory takes it in.
pub(crate) fn station_list(
    slug: &str,
    result: Result<Vec<railtop_core::assets::Station>, parse::ParseError>,
) {
    if let Ok(list) = result {
        // As the directory takes each in: cleaned, then folded for search (the whole merge
        // with the embedded lists would cost 40 ms a run).
        for s in railtop_core::stations::online::cleaned(slug, list) {
            drop(railtop_core::stations::Entry::new("finland", &s, 0));
        }
    }
}

pub(crate) fn none() -> Vec<Vec<u8>> {
    Vec::new()
}

pub(crate) fn now() -> DateTime<Utc> {
    railtop::test_support::now()
}

pub(crate) fn board(result: Result<Board, parse::ParseError>) {
    if let Ok(mut b) = result {
        plausible::bound_departures(&mut b.departures);
    }
}

pub(crate) fn trains(result: Result<Vec<railtop_core::model::Train>, parse::ParseError>) {
    if let Ok(mut t) = result {
        plausible::bound_trains(&mut t);
    }
}

pub(crate) fn finland_names() -> &'static finland::Names {
    static NAMES: OnceLock<finland::Names> = OnceLock::new();
    NAMES.get_or_init(finland::embedded_names)
}

/// Finland's cause names as railtop has them without the code lists (the embedded categories).
pub(crate) fn finland_causes() -> &'static finland::CauseNames {
    static NAMES: OnceLock<finland::CauseNames> = OnceLock::new();
    NAMES.get_or_init(finland::CauseNames::embedded)
}

pub(crate) fn sample_table() -> &'static Timetable {
    static TABLE: OnceLock<Timetable> = OnceLock::new();
    TABLE.get_or_init(|| {
        Timetable::from_zip(&gtfs_static::sample_bundle()).expect("the sample bundle reads")
    })
}

pub(crate) fn gtfs_config() -> GtfsFeedConfig {
    GtfsFeedConfig::new("estonia", "Elron", chrono_tz::Tz::Europe__Tallinn, "")
}

/// The files of a GTFS bundle as one text: `##name` lines before each file's CSV.
pub(crate) fn bundle_text(zip: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(zip)) else {
        return out;
    };
    for i in 0..archive.len() {
        let Ok(mut file) = archive.by_index(i) else {
            continue;
        };
        out.extend_from_slice(format!("##{}\n", file.name()).as_bytes());
        let _ = std::io::copy(&mut file, &mut out);
        out.push(b'\n');
    }
    out
}

/// The demo simulator as the fuzz targets ask it (seed 1, the test clock).
pub(crate) fn demo() -> Option<&'static DemoSource> {
    static DEMO: OnceLock<Option<DemoSource>> = OnceLock::new();
    DEMO.get_or_init(|| DemoSource::new(1, 1, Clock::parse(railtop::test_support::NOW).ok()?).ok())
        .as_ref()
}

/// The ids of the demo's trains (`finland-20261124-3a-7` …), as `realtime` lists them.
pub(crate) fn demo_train_ids() -> Vec<Vec<u8>> {
    let Some(demo) = demo() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for country in ["finland", "united-states"] {
        let ask = RealtimeQuery {
            country: Some(country.into()),
            stop: None,
        };
        if let Ok(r) = demo.realtime_at(&ask, now()) {
            out.extend(r.trains.iter().take(4).map(|t| t.id.as_bytes().to_vec()));
        }
    }
    out
}

pub(crate) fn demo_answers() -> Vec<Vec<u8>> {
    let Some(demo) = demo() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let ask = RealtimeQuery {
        country: Some("ireland".into()),
        stop: None,
    };
    if let Ok(r) = demo.realtime_at(&ask, now()) {
        out.push(serde_json::to_vec(&r).unwrap_or_default());
    }
    for station in ["HKI", "CNLLY"] {
        let ask = DeparturesQuery {
            station: station.into(),
            limit: 20,
            ..Default::default()
        };
        if let Ok(r) = demo.departures_at(&ask, now()) {
            out.push(serde_json::to_vec(&r).unwrap_or_default());
        }
    }
    out
}

pub(crate) const CONFIG: &str = r#"source = "demo"
country = "finland"
station = "TPE"
interval = 15
board_interval = 30
theme = "color"

[upstream.finland]
url = "https://rata.digitraffic.fi"

[upstream.belgium]
hub = "008892007"
key = "k"

[[feeds]]
slug = "estonia"
name = "Elron"
timezone = "Europe/Tallinn"
vehicle_positions = "https://example.org/vp.pb"
trip_updates = "https://example.org/tu.pb"
static_gtfs = "https://example.org/gtfs.zip"
attribution = "Elron"
speed_unit = "km/h"
"#;
