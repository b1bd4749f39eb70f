//! Station lists embedded in the binary (`assets/stations/<country>.csv`): code, name, position and
//! aliases (station slugs, upstream ids). The demo network and station search read them.

use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Debug, Clone, PartialEq)]
pub struct Station {
    pub code: String,
    pub name: String,
    pub lat: f64,
    pub lng: f64,
    /// Other names the station answers to, e.g. `berlin-hbf` for `8011160`.
    pub aliases: Vec<String>,
}

/// The embedded station lists, by country slug.
const STATION_FILES: &[(&str, &str)] = &[
    (
        "finland",
        include_str!("../../../assets/stations/finland.csv"),
    ),
    (
        "ireland",
        include_str!("../../../assets/stations/ireland.csv"),
    ),
    (
        "germany",
        include_str!("../../../assets/stations/germany.csv"),
    ),
    (
        "switzerland",
        include_str!("../../../assets/stations/switzerland.csv"),
    ),
    (
        "belgium",
        include_str!("../../../assets/stations/belgium.csv"),
    ),
    (
        "norway",
        include_str!("../../../assets/stations/norway.csv"),
    ),
    (
        "united-states",
        include_str!("../../../assets/stations/united-states.csv"),
    ),
    ("italy", include_str!("../../../assets/stations/italy.csv")),
    ("spain", include_str!("../../../assets/stations/spain.csv")),
    (
        "poland",
        include_str!("../../../assets/stations/poland.csv"),
    ),
    (
        "france",
        include_str!("../../../assets/stations/france.csv"),
    ),
    (
        "austria",
        include_str!("../../../assets/stations/austria.csv"),
    ),
    (
        "netherlands",
        include_str!("../../../assets/stations/netherlands.csv"),
    ),
];

/// A line of one of railtop's own data files that does not read (a build mistake: a test reads
/// every file).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct AssetError {
    pub line: usize,
    pub problem: String,
}

/// Parses one station list: a header line, then `code,name,lat,lng,aliases` (aliases `|`-separated).
pub fn parse_stations(csv: &str) -> Result<Vec<Station>, AssetError> {
    let mut out = Vec::new();
    for (n, line) in csv.lines().enumerate().skip(1) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split(',').map(str::trim).collect();
        let [code, name, lat, lng, rest @ ..] = cols.as_slice() else {
            return Err(AssetError {
                line: n + 1,
                problem: "expected code,name,lat,lng".into(),
            });
        };
        let number = |s: &str| {
            s.parse::<f64>().map_err(|_| AssetError {
                line: n + 1,
                problem: format!("{s:?} is not a number"),
            })
        };
        out.push(Station {
            code: code.to_string(),
            name: name.to_string(),
            lat: number(lat)?,
            lng: number(lng)?,
            aliases: rest
                .iter()
                .flat_map(|a| a.split('|'))
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(String::from)
                .collect(),
        });
    }
    Ok(out)
}

/// Every embedded station list, parsed once.
pub fn station_lists() -> &'static HashMap<&'static str, Vec<Station>> {
    static LISTS: OnceLock<HashMap<&'static str, Vec<Station>>> = OnceLock::new();
    LISTS.get_or_init(|| {
        STATION_FILES
            .iter()
            .map(|(slug, csv)| {
                // The files are ours and checked by a test, so a broken one is a build mistake.
                #[allow(clippy::panic, reason = "embedded data, checked by a test")]
                let list = parse_stations(csv)
                    .unwrap_or_else(|e| panic!("assets/stations/{slug}.csv: {e}"));
                (*slug, list)
            })
            .collect()
    })
}

/// The stations of one country, or an empty list where none are embedded.
pub fn stations(country: &str) -> &'static [Station] {
    station_lists()
        .get(country)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

impl Station {
    /// Whether `query` is its code or one of its aliases (case aside).
    pub fn answers_to(&self, query: &str) -> bool {
        answers_to(&self.code, &self.aliases, query)
    }
}

/// Whether `query` is `code` or one of `aliases`, case aside: the one rule every station
/// lookup uses.
pub fn answers_to(code: &str, aliases: &[String], query: &str) -> bool {
    let q = query.trim();
    code.eq_ignore_ascii_case(q) || aliases.iter().any(|a| a.eq_ignore_ascii_case(q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::country;

    #[test]
    fn every_list_parses_and_lies_in_its_country() {
        for (slug, csv) in STATION_FILES {
            let list = parse_stations(csv).unwrap();
            assert!(list.len() >= 10, "{slug}");
            let c = country::by_slug(slug).unwrap();
            for s in &list {
                assert!(c.bbox.contains(s.lat, s.lng), "{slug} {} outside", s.code);
            }
            let mut codes: Vec<_> = list.iter().map(|s| &s.code).collect();
            codes.sort();
            codes.dedup();
            assert_eq!(codes.len(), list.len(), "{slug}: duplicate codes");
        }
    }

    #[test]
    fn bad_rows_are_reported_with_their_line() {
        let e = parse_stations("code,name,lat,lng\nX,Y,abc,1\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
