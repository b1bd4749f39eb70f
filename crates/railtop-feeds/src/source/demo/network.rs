//! The demo network: real lines between real stations, read from `assets/demo/lines.txt`.

use chrono_tz::Tz;
use railtop_core::assets::{self, AssetError, Station};
use railtop_core::country::{self, Country};

/// A stop of a line: station index in the country's list, and scheduled minutes from the origin
/// (departure time; the arrival is a minute earlier at intermediate stops).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    pub station: usize,
    pub at_min: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Shown on boards: `IC`, `S5`, `DART`, `Northeast Regional`.
    pub label: String,
    pub operator: String,
    pub first_number: u32,
    pub headway_min: u32,
    /// First and last departure from the origin, minutes after local midnight (may pass 24:00).
    pub first_dep_min: u32,
    pub last_dep_min: u32,
    pub stops: Vec<Stop>,
    pub tz: Tz,
}

impl Line {
    pub(crate) fn run_min(&self) -> u32 {
        self.stops.last().map_or(0, |s| s.at_min)
    }

    /// The train code: `IC 145` for short line labels, the bare number for long ones (`Acela` …).
    pub fn train_code(&self, number: u64) -> String {
        if self.label.chars().count() <= 4 {
            format!("{} {number}", self.label)
        } else {
            number.to_string()
        }
    }
}

#[derive(Debug)]
pub struct CountryNet {
    pub country: &'static Country,
    pub stations: &'static [Station],
    pub lines: Vec<Line>,
}

#[derive(Debug)]
pub struct Network {
    pub countries: Vec<CountryNet>,
}

const LINES: &str = include_str!("../../../../../assets/demo/lines.txt");

impl Network {
    /// The embedded demo network.
    pub fn embedded() -> Result<Network, AssetError> {
        Network::parse(LINES)
    }

    /// Parses the lines file: `country | line | operator | first number | headway | HH:MM-HH:MM |
    /// CODE min, CODE min, … [| time zone]`.
    pub fn parse(text: &str) -> Result<Network, AssetError> {
        let mut countries: Vec<CountryNet> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |problem: String| AssetError {
                line: n + 1,
                problem,
            };
            let cols: Vec<&str> = line.split('|').map(str::trim).collect();
            let [slug, label, operator, first, headway, hours, stops, rest @ ..] = cols.as_slice()
            else {
                return Err(at("expected 7 or 8 |-separated columns".into()));
            };
            let country =
                country::by_slug(slug).ok_or_else(|| at(format!("unknown country {slug}")))?;
            let stations = assets::stations(slug);
            let tz = match rest.first() {
                Some(name) => name
                    .parse::<Tz>()
                    .map_err(|_| at(format!("unknown time zone {name}")))?,
                None => country.tz,
            };
            let (first_dep_min, last_dep_min) = parse_hours(hours).map_err(&at)?;
            let stops = parse_stops(stops, stations).map_err(&at)?;
            let number = |s: &str| {
                s.parse::<u32>()
                    .map_err(|_| at(format!("{s:?} is not a number")))
            };
            let headway_min = number(headway)?.max(1);
            if headway_min > 24 * 60 {
                return Err(at(format!(
                    "a headway of {headway_min} minutes is over a day"
                )));
            }
            let first_number = number(first)?;
            // Lines that share a headway would all leave on the same minute; a fixed offset
            // within the headway spreads them as real timetables do.
            let offset = first_number
                .wrapping_mul(7919)
                .wrapping_add((n as u32).wrapping_mul(31))
                % headway_min;
            let line = Line {
                label: label.to_string(),
                operator: operator.to_string(),
                first_number,
                headway_min,
                first_dep_min: first_dep_min + offset,
                last_dep_min: last_dep_min + offset,
                stops,
                tz,
            };
            match countries
                .iter_mut()
                .find(|c| c.country.slug == country.slug)
            {
                Some(c) => c.lines.push(line),
                None => countries.push(CountryNet {
                    country,
                    stations,
                    lines: vec![line],
                }),
            }
        }
        Ok(Network { countries })
    }

    pub fn country(&self, slug: &str) -> Option<(usize, &CountryNet)> {
        self.countries
            .iter()
            .enumerate()
            .find(|(_, c)| c.country.slug == slug)
    }

    /// Finds a station by code or alias: (country index, station index).
    pub(crate) fn find_station(&self, query: &str) -> Option<(usize, usize)> {
        self.countries.iter().enumerate().find_map(|(ci, c)| {
            c.stations
                .iter()
                .position(|s| s.answers_to(query))
                .map(|si| (ci, si))
        })
    }
}

fn parse_hours(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once('-')
        .ok_or_else(|| format!("hours {s:?} are not HH:MM-HH:MM"))?;
    let min = |t: &str| -> Result<u32, String> {
        let (h, m) = t
            .trim()
            .split_once(':')
            .ok_or_else(|| format!("{t:?} is not HH:MM"))?;
        let h: u32 = h.parse().map_err(|_| format!("{t:?} is not HH:MM"))?;
        let m: u32 = m.parse().map_err(|_| format!("{t:?} is not HH:MM"))?;
        // A line's service may pass midnight (25:30), not a second one.
        if h >= 48 || m >= 60 {
            return Err(format!("{t:?} is not HH:MM between 00:00 and 47:59"));
        }
        Ok(h * 60 + m)
    };
    let (first, last) = (min(a)?, min(b)?);
    if last < first {
        return Err(format!("hours {s:?} end before they start"));
    }
    Ok((first, last))
}

fn parse_stops(s: &str, stations: &[Station]) -> Result<Vec<Stop>, String> {
    let mut stops = Vec::new();
    for part in s.split(',') {
        let (code, min) = part
            .trim()
            .split_once(' ')
            .ok_or_else(|| format!("stop {part:?} is not 'CODE minutes'"))?;
        let station = stations
            .iter()
            .position(|st| st.code == code)
            .ok_or_else(|| format!("unknown station {code}"))?;
        let at_min: u32 = min
            .trim()
            .parse()
            .map_err(|_| format!("stop {part:?}: minutes are not a number"))?;
        if stops
            .last()
            .is_some_and(|p: &Stop| p.at_min.saturating_add(2) > at_min)
        {
            return Err(format!(
                "stop {code} is less than 2 minutes after the one before"
            ));
        }
        stops.push(Stop { station, at_min });
    }
    if stops.len() < 2 {
        return Err("a line needs at least two stops".into());
    }
    Ok(stops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_parses_with_enough_lines() {
        let net = Network::embedded().unwrap();
        let slugs: Vec<_> = net.countries.iter().map(|c| c.country.slug).collect();
        assert_eq!(slugs, crate::source::demo::SIMULATED_COUNTRIES);
        for slug in crate::source::demo::SIMULATED_COUNTRIES {
            let (_, c) = net
                .country(slug)
                .unwrap_or_else(|| panic!("{slug} missing"));
            assert!(c.lines.len() >= 3, "{slug} has {} lines", c.lines.len());
        }
    }

    #[test]
    fn required_station_codes_resolve() {
        let net = Network::embedded().unwrap();
        for code in ["HKI", "TPE", "CNLLY", "berlin-hbf", "8011160", "8503000"] {
            assert!(net.find_station(code).is_some(), "{code}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e =
            Network::parse("finland | R | VR | 1 | 10 | 05:00-23:00 | HKI 0, NOPE 5").unwrap_err();
        let e = e.to_string();
        assert!(e.contains("line 1") && e.contains("NOPE"), "{e}");
        let e = Network::parse("atlantis | R | VR | 1 | 10 | 05:00-23:00 | A 0, B 5").unwrap_err();
        assert!(e.to_string().contains("atlantis"), "{e}");
    }

    /// Found by the fuzzer (`demo-network`): numbers past their range are errors, not overflows.
    #[test]
    fn numbers_past_their_range_are_errors() {
        for line in [
            "finland | R | VR | 1 | 10 | 99999999:00-99999999:30 | HKI 0, TPE 5",
            "finland | R | VR | 1 | 10 | 05:75-23:00 | HKI 0, TPE 5",
            "finland | R | VR | 4294967295 | 4294967295 | 05:00-23:00 | HKI 0, TPE 5",
            "finland | R | VR | 1 | 10 | 05:00-23:00 | HKI 4294967295, TPE 5",
        ] {
            assert!(Network::parse(line).is_err(), "{line}");
        }
        let late =
            Network::parse("finland | R | VR | 4294967295 | 10 | 05:00-25:30 | HKI 0, TPE 5");
        assert_eq!(late.unwrap().countries[0].lines[0].first_number, u32::MAX);
    }
}
