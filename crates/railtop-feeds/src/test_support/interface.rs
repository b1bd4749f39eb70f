//! The interface's two answers as a table of fields and JSON types, and a checker that reads an
//! answer against it: a field the interface defines that changes type (a string becoming a
//! record, a number a string) or goes missing fails every test that checks an answer.
//!
//! The table is written from the interface (docs/api.md), not from railtop's structs, so a change
//! to the structs cannot change what is checked. railtop's extras are not in it and may be
//! anything; the optional fields ("where known") may be absent but never of another type.

use serde_json::Value;

/// A JSON type a field may have.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Str,
    /// A whole number (delays are whole minutes, counts whole).
    Int,
    Num,
    Bool,
    Null,
    /// A string `HH:MM`.
    Clock,
    /// RFC 3339 in UTC.
    Instant,
}

/// Whether the field must be present.
#[derive(Clone, Copy, PartialEq)]
enum Presence {
    Always,
    WhereKnown,
}
use Kind::*;
use Presence::*;

type Table = &'static [(&'static str, Presence, &'static [Kind])];

const TRAIN: Table = &[
    ("id", Always, &[Str]),
    ("trainCode", Always, &[Str]),
    ("name", Always, &[Str]),
    ("status", Always, &[Str]),
    ("lat", Always, &[Num, Null]),
    ("lng", Always, &[Num, Null]),
    ("delay", Always, &[Int, Null]),
    ("platform", Always, &[Str, Null]),
    ("country", WhereKnown, &[Str]),
    ("from", WhereKnown, &[Str]),
    ("to", WhereKnown, &[Str]),
    ("nextStation", WhereKnown, &[Str]),
    ("direction", WhereKnown, &[Str]),
    ("scheduledDep", WhereKnown, &[Str]),
    ("lastUpdated", WhereKnown, &[Str]),
    ("operator", WhereKnown, &[Str]),
];

const STATS: Table = &[
    ("total", Always, &[Int]),
    ("running", Always, &[Int]),
    ("withGPS", Always, &[Int]),
    ("delayed", Always, &[Int]),
];

const DEPARTURE: Table = &[
    ("line", Always, &[Str]),
    ("destination", Always, &[Str]),
    ("platform", Always, &[Str, Null]),
    ("scheduledDep", Always, &[Clock]),
    ("delay", Always, &[Int, Null]),
    ("cancelled", Always, &[Bool]),
    ("operator", Always, &[Str, Null]),
    ("expectedDep", WhereKnown, &[Clock]),
    ("trainCode", WhereKnown, &[Str]),
];

fn is(kind: Kind, v: &Value) -> bool {
    match kind {
        Str => v.is_string(),
        Int => v.is_i64() || v.is_u64(),
        Num => v.is_number(),
        Bool => v.is_boolean(),
        Null => v.is_null(),
        Clock => v.as_str().is_some_and(|s| {
            let b = s.as_bytes();
            b.len() == 5
                && b[2] == b':'
                && s[..2].parse::<u8>().is_ok_and(|h| h < 24)
                && s[3..].parse::<u8>().is_ok_and(|m| m < 60)
        }),
        Instant => v
            .as_str()
            .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            .is_some_and(|t| t.offset().local_minus_utc() == 0),
    }
}

fn check_record(at: &str, v: &Value, table: Table) -> Result<(), String> {
    let obj = v.as_object().ok_or(format!("{at}: not a record: {v}"))?;
    for (field, presence, kinds) in table {
        match obj.get(*field) {
            None if *presence == WhereKnown => {}
            None => return Err(format!("{at}.{field}: missing")),
            Some(value) if kinds.iter().any(|k| is(*k, value)) => {}
            Some(value) => return Err(format!("{at}.{field}: {value} is not one of {kinds:?}")),
        }
    }
    Ok(())
}

fn check_list(at: &str, v: Option<&Value>, table: Table) -> Result<usize, String> {
    let list = v
        .and_then(Value::as_array)
        .ok_or(format!("{at}: missing or not a list"))?;
    for (i, item) in list.iter().enumerate() {
        check_record(&format!("{at}[{i}]"), item, table)?;
    }
    Ok(list.len())
}

/// `GET /api/live/realtime`: `{trains, liveCountries, stats, fetchedAt}`.
pub fn check_realtime(answer: &Value) -> Result<usize, String> {
    let n = check_list("trains", answer.get("trains"), TRAIN)?;
    let live = answer
        .get("liveCountries")
        .and_then(Value::as_array)
        .ok_or("liveCountries: missing or not a list")?;
    if let Some(bad) = live.iter().find(|c| !c.is_string()) {
        return Err(format!("liveCountries: {bad} is not a string"));
    }
    check_record("stats", answer.get("stats").unwrap_or(&Value::Null), STATS)?;
    check_fetched_at(answer)?;
    Ok(n)
}

/// `GET /api/live/departures`: `{departures, station, fetchedAt}`, `station` a string.
pub fn check_departures(answer: &Value) -> Result<usize, String> {
    let n = check_list("departures", answer.get("departures"), DEPARTURE)?;
    match answer.get("station") {
        Some(Value::String(name)) if !name.is_empty() => {}
        other => return Err(format!("station: {other:?} is not the station's name")),
    }
    check_fetched_at(answer)?;
    Ok(n)
}

fn check_fetched_at(answer: &Value) -> Result<(), String> {
    match answer.get("fetchedAt") {
        Some(v) if is(Instant, v) => Ok(()),
        other => Err(format!("fetchedAt: {other:?} is not RFC 3339 in UTC")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_fails_on_every_kind_of_change() {
        let good = serde_json::json!({
            "departures": [{"line": "IC", "destination": "Oulu", "platform": null,
                "scheduledDep": "08:00", "delay": 3, "cancelled": false, "operator": "VR"}],
            "station": "Helsinki", "fetchedAt": "2026-11-24T06:00:00Z"
        });
        assert_eq!(check_departures(&good), Ok(1));
        let broken = |path: &[&str], to: Value| {
            let mut v = good.clone();
            let mut at = &mut v;
            for key in path {
                at = match key.parse::<usize>() {
                    Ok(i) => &mut at[i],
                    Err(_) => &mut at[*key],
                };
            }
            *at = to;
            check_departures(&v)
        };
        let record = serde_json::json!({"code": "HKI", "name": "Helsinki"});
        assert!(broken(&["station"], record).is_err());
        assert!(broken(&["departures", "0", "delay"], "3".into()).is_err());
        assert!(broken(&["departures", "0", "delay"], 2.5.into()).is_err());
        assert!(broken(&["departures", "0", "scheduledDep"], "8:00".into()).is_err());
        assert!(broken(&["departures", "0", "cancelled"], 0.into()).is_err());
        assert!(broken(&["fetchedAt"], "2026-11-24T08:00:00+02:00".into()).is_err());
        let train = serde_json::json!({"trains": [{"id": "a", "trainCode": "IC 1", "name": "IC 1 → Oulu",
            "status": "running", "lat": null, "lng": null, "delay": null, "platform": null}],
            "liveCountries": ["finland"], "stats": {"total": 1, "running": 1, "withGPS": 0, "delayed": 0},
            "fetchedAt": "2026-11-24T06:00:00Z"});
        assert_eq!(check_realtime(&train), Ok(1));
        let mut no_lat = train.clone();
        no_lat["trains"][0].as_object_mut().unwrap().remove("lat");
        assert!(
            check_realtime(&no_lat).is_err(),
            "a fixed field may not go missing"
        );
        let mut gps = train.clone();
        gps["stats"]["withGPS"] = "0".into();
        assert!(check_realtime(&gps).is_err());
    }
}
