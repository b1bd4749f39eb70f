//! The one-shot commands' output: an aligned table for people, the API's JSON, or CSV.

use railtop_core::model::{
    Departure, DeparturesResponse, JourneyResponse, Kind, RealtimeResponse, StopTime, Timing, Train,
};
use railtop_core::text::cleaned;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
}

/// `+7 min`, `-2 min`, `on time`; `no data` where there is no realtime data (never shown as
/// on time; the words every screen uses).
pub(crate) fn delay_text(delay: Option<i64>) -> String {
    match delay {
        None => "no data".into(),
        Some(0) => "on time".into(),
        Some(d) if d > 0 => format!("+{d} min"),
        Some(d) => format!("{d} min"),
    }
}

/// When an answer was fetched, as a person reads it: on `tz`'s clock with the zone's name (a
/// station's), else on this machine's clock with its offset; the text as given if it is not
/// RFC 3339. (JSON keeps the UTC original.)
pub(crate) fn fetched_text(fetched_at: &str, tz: Option<&str>) -> String {
    let Ok(at) = chrono::DateTime::parse_from_rfc3339(fetched_at) else {
        return fetched_at.to_owned();
    };
    match tz.and_then(|z| z.parse::<chrono_tz::Tz>().ok()) {
        Some(zone) => at
            .with_timezone(&zone)
            .format("%Y-%m-%d %H:%M:%S %Z")
            .to_string(),
        None => at
            .with_timezone(&chrono::Local)
            .format("%Y-%m-%d %H:%M:%S %:z")
            .to_string(),
    }
}

/// The zone of a list's trains when they all read one clock (each its own, else its
/// country's: [`Train::zone`]); else none (the local clock).
fn one_zone(trains: &[railtop_core::model::Train]) -> Option<&'static str> {
    let mut zones = trains.iter().map(Train::zone);
    let first = zones.next()??;
    zones.all(|z| z == Some(first)).then(|| first.name())
}

/// `5`, or `3→5` where the planned platform differs.
pub(crate) fn platform_text(actual: Option<&str>, planned: Option<&str>) -> String {
    match (planned, actual) {
        (Some(p), Some(a)) if p != a => format!("{p}→{a}"),
        (_, Some(a)) => a.to_owned(),
        (Some(p), None) => p.to_owned(),
        (None, None) => "—".into(),
    }
}

fn position_text(t: &Train) -> String {
    match (t.lat, t.lng) {
        (Some(lat), Some(lng)) => format!("{lat:.4},{lng:.4}"),
        _ => "no GPS".into(),
    }
}

pub fn trains(answer: &RealtimeResponse, format: Format) -> String {
    match format {
        Format::Json => json(answer),
        Format::Csv => csv(
            &[
                "id",
                "trainCode",
                "name",
                "status",
                "lat",
                "lng",
                "delay",
                "platform",
                "country",
                "from",
                "to",
                "nextStation",
                "direction",
                "scheduledDep",
                "lastUpdated",
                "operator",
                "speed",
                "lastSeen",
                "partlyCancelled",
                "messages",
            ],
            answer.trains.iter().map(|t| {
                vec![
                    t.id.clone(),
                    t.train_code.clone(),
                    t.name.clone(),
                    t.status.clone(),
                    opt(t.lat),
                    opt(t.lng),
                    opt(t.delay),
                    opt(t.platform.as_ref()),
                    opt(t.country.as_ref()),
                    opt(t.from.as_ref()),
                    opt(t.to.as_ref()),
                    opt(t.next_station.as_ref()),
                    opt(t.direction.as_ref()),
                    opt(t.scheduled_dep.as_ref()),
                    opt(t.last_updated.as_ref()),
                    opt(t.operator.as_ref()),
                    opt(t.speed),
                    opt(t.last_seen.as_ref()),
                    t.partly_cancelled.to_string(),
                    // One cell: the messages one after the other, as a person reads them.
                    t.messages.join(" | "),
                ]
            }),
        ),
        Format::Table => {
            let multi = answer
                .trains
                .iter()
                .any(|t| t.country != answer.trains.first().and_then(|f| f.country.clone()));
            let mut header = vec![
                "CODE",
                "DESTINATION",
                "STATUS",
                "DELAY",
                "PLAT",
                "NEXT",
                "POSITION",
                "ID",
            ];
            if multi {
                header.insert(0, "COUNTRY");
            }
            let rows = answer.trains.iter().map(|t| {
                let mut row = vec![
                    t.train_code.clone(),
                    t.to.clone().unwrap_or_else(|| destination_of(&t.name)),
                    t.status.clone(),
                    delay_text(t.delay),
                    platform_text(t.platform.as_deref(), None),
                    t.next_station.clone().unwrap_or_default(),
                    position_text(t),
                    // What `railtop train ID` takes.
                    t.id.clone(),
                ];
                if multi {
                    row.insert(0, t.country.clone().unwrap_or_default());
                }
                row
            });
            let s = answer.stats;
            let mut out = table(&header, rows);
            out.push_str(&format!(
                "\n{} {} · {} running · {} with GPS · {} delayed · fetched {}\n",
                s.total,
                if s.total == 1 { "train" } else { "trains" },
                s.running,
                s.with_gps,
                s.delayed,
                fetched_text(&answer.fetched_at, one_zone(&answer.trains))
            ));
            for failed in &answer.failed_countries {
                out.push_str(&format!("{}: {}\n", failed.country, failed.reason));
            }
            if let Some(a) = &answer.attribution {
                out.push_str(&format!("{a}\n"));
            }
            out
        }
    }
}

/// The destination part of `"<code> → <destination>"`.
fn destination_of(name: &str) -> String {
    name.split_once('→')
        .map_or(name, |(_, d)| d)
        .trim()
        .to_owned()
}

/// The board's clock when it was fetched, for the `+1` after a time past midnight (none when
/// the answer does not say when).
fn board_clock(answer: &DeparturesResponse) -> Option<chrono::NaiveTime> {
    let at = chrono::DateTime::parse_from_rfc3339(&answer.fetched_at).ok()?;
    let zone = railtop_core::traveller::station_tz(&answer.station);
    Some(at.with_timezone(&zone).time())
}

/// A board, departures or arrivals; `route` is what the rows were kept to ("to Oulu"), for
/// the table's title. In the table a time on the day after the board's is marked `00:05+1`.
pub fn departures(answer: &DeparturesResponse, route: &str, format: Format) -> String {
    let arrivals = answer.kind == Kind::Arrivals;
    let merged = !answer.stations.is_empty();
    match format {
        Format::Json => json(answer),
        Format::Csv => {
            let header: &[&str] = if arrivals {
                &ARRIVAL_COLUMNS
            } else {
                &DEPARTURE_COLUMNS
            };
            csv(
                header,
                answer.departures.iter().map(|d| {
                    vec![
                        d.scheduled_dep.clone(),
                        opt(d.expected_dep.as_ref()),
                        d.line.clone(),
                        opt(d.train_code.as_ref()),
                        d.destination.clone(),
                        opt(d.platform.as_ref()),
                        opt(d.planned_platform.as_ref()),
                        opt(d.delay),
                        d.cancelled.to_string(),
                        opt(d.operator.as_ref()),
                        d.timing.map(|t| t.name().to_string()).unwrap_or_default(),
                        opt(d.departs_from.as_ref()),
                        d.messages.join(" | "),
                    ]
                }),
            )
        }
        Format::Table => {
            let mut header = vec![
                "TIME",
                "EXPECTED",
                "LINE",
                "TRAIN",
                if arrivals { "FROM" } else { "DESTINATION" },
            ];
            if merged {
                header.push(if arrivals { "AT" } else { "STATION" });
            }
            header.extend(["PLAT", "STATUS", "OPERATOR"]);
            let clock = board_clock(answer);
            let day = |hhmm: &str| {
                let mark = clock.map_or("", |now| railtop_core::traveller::day_mark(hhmm, now));
                format!("{hhmm}{mark}")
            };
            let rows = answer.departures.iter().map(|d: &Departure| {
                let mut row = vec![
                    day(&d.scheduled_dep),
                    d.expected_dep.as_deref().map_or_else(|| "—".into(), day),
                    d.line.clone(),
                    d.train_code.clone().unwrap_or_default(),
                    d.destination.clone(),
                ];
                if merged {
                    row.push(d.departs_from.clone().unwrap_or_default());
                }
                row.extend([
                    platform_text(d.platform.as_deref(), d.planned_platform.as_deref()),
                    status_text(d),
                    d.operator.clone().unwrap_or_default(),
                ]);
                // Each message of the row on a line of its own under it.
                (row, d.messages.clone())
            });
            let st = &answer.station;
            let what = if arrivals {
                "Arrivals at"
            } else {
                "Departures from"
            };
            let mut out = if merged {
                format!("{what} {}", st.name)
            } else {
                format!("{what} {} ({})", st.name, st.code)
            };
            if !route.is_empty() {
                out.push(' ');
                out.push_str(route);
            }
            out.push_str("\n\n");
            // What the feed says of the station itself, before its trains.
            for notice in &answer.notices {
                out.push_str(&format!("! {notice}\n"));
            }
            if !answer.notices.is_empty() {
                out.push('\n');
            }
            if answer.departures.is_empty() {
                out.push_str(if !route.is_empty() {
                    "No train on that route in the next hours.\n"
                } else if arrivals {
                    "No arrivals in the next hours.\n"
                } else {
                    "No departures in the next hours.\n"
                });
            } else {
                out.push_str(&table_with_notes(&header, rows));
            }
            let timetable = answer
                .departures
                .iter()
                .any(|d| d.timing == Some(Timing::Timetable));
            if timetable {
                out.push_str("\ntimetable: the feed has no realtime data for that train\n");
            }
            out.push_str(&format!(
                "\nfetched {}\n",
                fetched_text(&answer.fetched_at, st.timezone.as_deref())
            ));
            if let Some(a) = &answer.attribution {
                out.push_str(&format!("{a}\n"));
            }
            out
        }
    }
}

/// The CSV columns of a departures board: the first ten as before, railtop's after.
const DEPARTURE_COLUMNS: [&str; 13] = [
    "scheduledDep",
    "expectedDep",
    "line",
    "trainCode",
    "destination",
    "platform",
    "plannedPlatform",
    "delay",
    "cancelled",
    "operator",
    "timing",
    "departsFrom",
    "messages",
];

/// The CSV columns of an arrivals board, in the same order under the arrival's names.
const ARRIVAL_COLUMNS: [&str; 13] = [
    "scheduledArr",
    "expectedArr",
    "line",
    "trainCode",
    "origin",
    "platform",
    "plannedPlatform",
    "delay",
    "cancelled",
    "operator",
    "timing",
    "arrivesAt",
    "messages",
];

/// A row's state in words (never colour alone): cancelled, its delay, `timetable` where the
/// feed has no realtime data, and `(stale)` after a delay that is old news.
fn status_text(d: &Departure) -> String {
    if d.cancelled {
        return "cancelled".into();
    }
    match d.timing {
        Some(Timing::Timetable) => "timetable".into(),
        Some(Timing::Stale) => format!("{} (stale)", delay_text(d.delay)),
        _ => delay_text(d.delay),
    }
}

/// `08:05`, or `08:05→08:09` where the expected time differs; empty where there is none.
pub(crate) fn stop_time_text(t: &StopTime) -> String {
    match (&t.scheduled, &t.expected) {
        (Some(s), Some(e)) if s != e => format!("{s}→{e}"),
        (Some(s), _) => s.clone(),
        (None, Some(e)) => e.clone(),
        (None, None) => String::new(),
    }
}

/// `railtop train ID`: the train's run, a row a stop.
pub fn journey(answer: &JourneyResponse, format: Format) -> String {
    match format {
        Format::Json => json(answer),
        Format::Csv => csv(
            &[
                "code",
                "name",
                "scheduledArr",
                "expectedArr",
                "scheduledDep",
                "expectedDep",
                "delay",
                "platform",
                "plannedPlatform",
                "cancelled",
                "passed",
            ],
            answer.stops.iter().map(|s| {
                vec![
                    opt(s.code.as_ref()),
                    s.name.clone(),
                    opt(s.arrival.scheduled_at.as_ref()),
                    opt(s.arrival.expected_at.as_ref()),
                    opt(s.departure.scheduled_at.as_ref()),
                    opt(s.departure.expected_at.as_ref()),
                    opt(s.delay),
                    opt(s.platform.as_ref()),
                    opt(s.planned_platform.as_ref()),
                    s.cancelled.to_string(),
                    s.passed.to_string(),
                ]
            }),
        ),
        Format::Table => {
            let t = &answer.train;
            let next = answer.next_stop();
            let header = ["", "STATION", "ARR", "DEP", "DELAY", "PLAT"];
            let rows = answer.stops.iter().enumerate().map(|(i, s)| {
                let mark = if s.cancelled {
                    "✕"
                } else if Some(i) == next {
                    "▶"
                } else if s.passed {
                    "✓"
                } else {
                    ""
                };
                vec![
                    mark.into(),
                    s.name.clone(),
                    stop_time_text(&s.arrival),
                    stop_time_text(&s.departure),
                    if s.cancelled {
                        "cancelled".into()
                    } else {
                        delay_text(s.delay)
                    },
                    platform_text(s.platform.as_deref(), s.planned_platform.as_deref()),
                ]
            });
            let partly = if t.partly_cancelled {
                " · partly cancelled"
            } else {
                ""
            };
            let mut out = format!(
                "{} · {}{partly} · {}\n",
                t.name,
                t.status,
                delay_text(t.delay)
            );
            if let Some(op) = &t.operator {
                out.push_str(&format!("operated by {op}\n"));
            }
            for message in &t.messages {
                out.push_str(&format!("! {message}\n"));
            }
            out.push('\n');
            if answer.stops.is_empty() {
                out.push_str("The feed lists no stops for this train.\n");
            } else {
                out.push_str(&table(&header, rows));
                out.push_str("\n✓ passed  ▶ next  ✕ cancelled; times planned→expected\n");
            }
            // On the train's clock, as its stops' times are (its own zone, else its country's).
            let zone = t.zone().map(|z| z.name());
            out.push_str(&format!(
                "fetched {}\n",
                fetched_text(&answer.fetched_at, zone)
            ));
            if let Some(a) = &answer.attribution {
                out.push_str(&format!("{a}\n"));
            }
            out
        }
    }
}

/// `railtop stations`: the directory's answer.
pub fn stations(answer: &railtop_core::stations::StationsAnswer, format: Format) -> String {
    let near = answer.stations.iter().any(|s| s.km.is_some());
    let cells = |s: &railtop_core::stations::StationRecord| {
        let mut row = vec![
            s.name.clone(),
            s.code.clone(),
            s.country.clone(),
            format!("{:.4}", s.lat),
            format!("{:.4}", s.lng),
        ];
        if near {
            row.push(opt(s.km));
        }
        row
    };
    match format {
        Format::Json => json(answer),
        Format::Csv => {
            let mut header = vec!["name", "code", "country", "lat", "lng"];
            if near {
                header.push("km");
            }
            csv(&header, answer.stations.iter().map(cells))
        }
        Format::Table => {
            let mut header = vec!["NAME", "CODE", "COUNTRY", "LAT", "LNG"];
            if near {
                header.push("KM");
            }
            let mut out = table(&header, answer.stations.iter().map(cells));
            out.push_str(
                "
any of these works as `railtop departures COUNTRY:CODE`
",
            );
            out
        }
    }
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).unwrap_or_default();
    s.push('\n');
    s
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// Left-aligned columns two spaces apart; every cell cleaned for the terminal.
pub(super) fn table(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let rows: Vec<Vec<String>> = rows
        .map(|r| r.iter().map(|c| cleaned(c)).collect())
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut l = String::new();
        for (i, c) in cells.enumerate() {
            l.push_str(c);
            if i + 1 < widths.len() {
                l.extend(std::iter::repeat_n(' ', widths[i] - c.chars().count() + 2));
            }
        }
        out.push_str(l.trim_end());
        out.push('\n');
    };
    line(&mut header.iter().copied());
    for row in &rows {
        line(&mut row.iter().map(String::as_str));
    }
    out
}

/// [`table`], with each row's notes on lines of their own under it, indented by `↳`.
fn table_with_notes(
    header: &[&str],
    rows: impl Iterator<Item = (Vec<String>, Vec<String>)>,
) -> String {
    let (rows, notes): (Vec<Vec<String>>, Vec<Vec<String>>) = rows.unzip();
    let text = table(header, rows.into_iter());
    let mut out = String::new();
    let mut lines = text.lines();
    if let Some(head) = lines.next() {
        out.push_str(head);
        out.push('\n');
    }
    for (line, notes) in lines.zip(notes) {
        out.push_str(line);
        out.push('\n');
        for note in notes {
            out.push_str("  ↳ ");
            out.push_str(&cleaned(&note));
            out.push('\n');
        }
    }
    out
}

/// RFC 4180: fields with commas, quotes or line breaks are quoted, quotes doubled.
pub(super) fn csv(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_owned()
        }
    };
    let mut out = header.join(",");
    out.push('\n');
    for row in rows {
        out.push_str(&row.iter().map(|c| field(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
