//! Which GTFS routes a feed keeps, by mode: railtop is about trains, so a feed keeps its rail
//! routes unless its `modes` says more. A mode names the GTFS `route_type` values it covers,
//! both the basic ones (0–12) and the extended ones (100–1700) that national bundles use.

use serde::{Deserialize, Serialize};

/// Whether a `route_type` is of a mode.
type Covers = fn(u16) -> bool;

/// The modes a `[[feeds]]` entry may name, with the `route_type` values each keeps.
const MODES: &[(&str, Covers)] = &[
    // Rail (2), and the extended railway types 100–117 (high speed, long distance, regional…).
    ("rail", |t| t == 2 || (100..=117).contains(&t)),
    // Subway/metro (1), monorail (12), urban railway 400–405.
    ("subway", |t| {
        matches!(t, 1 | 12) || (400..=405).contains(&t)
    }),
    ("tram", |t| t == 0 || (900..=906).contains(&t)),
    // Bus (3), trolleybus (11), coach 200–209, bus 700–716, trolleybus 800.
    ("bus", |t| {
        matches!(t, 3 | 11 | 800) || (200..=209).contains(&t) || (700..=716).contains(&t)
    }),
    ("ferry", |t| t == 4 || t == 1000 || t == 1200),
    // Cable tram (5), aerial lift (6), funicular (7), 1300–1400.
    ("cable", |t| {
        (5..=7).contains(&t) || (1300..=1400).contains(&t)
    }),
];

/// A set of modes: which routes of a bundle are kept. The default is rail alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Modes(u8);

impl Default for Modes {
    fn default() -> Self {
        Modes(1)
    }
}

impl Modes {
    /// Every route, whatever its type (`modes = ["all"]`).
    pub const ALL: Modes = Modes(u8::MAX);

    /// The names a configuration may use, for its error messages.
    pub fn names() -> Vec<&'static str> {
        let mut names: Vec<&str> = MODES.iter().map(|(n, _)| *n).collect();
        names.push("all");
        names
    }

    /// The set of these names; an unknown name is refused with the ones there are.
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Modes, String> {
        let mut bits = 0u8;
        for name in names {
            let name = name.as_ref().trim().to_ascii_lowercase();
            if name == "all" {
                return Ok(Modes::ALL);
            }
            let Some(i) = MODES.iter().position(|(n, _)| *n == name) else {
                return Err(format!(
                    "{name:?} is no mode; modes are {}",
                    Modes::names().join(", ")
                ));
            };
            bits |= 1 << i;
        }
        if bits == 0 {
            return Err(format!(
                "name at least one mode of {}",
                Modes::names().join(", ")
            ));
        }
        Ok(Modes(bits))
    }

    /// Whether a route of this `route_type` is kept. A route whose type is missing or not a
    /// number cannot be told apart, and is kept only with `all`.
    pub fn keeps(self, route_type: Option<u16>) -> bool {
        if self == Modes::ALL {
            return true;
        }
        let Some(t) = route_type else {
            return false;
        };
        MODES
            .iter()
            .enumerate()
            .any(|(i, (_, covers))| self.0 & (1 << i) != 0 && covers(t))
    }

    /// The names of the set, as the configuration writes them.
    pub fn to_names(self) -> Vec<&'static str> {
        if self == Modes::ALL {
            return vec!["all"];
        }
        MODES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, (n, _))| *n)
            .collect()
    }

    /// One byte that names the set (for a snapshot's key: another set is another timetable).
    pub fn bits(self) -> u8 {
        self.0
    }
}

impl Serialize for Modes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_names().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Modes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Modes, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        Modes::parse(&names).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rail_by_default_and_the_extended_types() {
        let rail = Modes::default();
        for t in [2, 100, 109, 117] {
            assert!(rail.keeps(Some(t)), "{t}");
        }
        for t in [0, 1, 3, 118, 400, 700, 1000] {
            assert!(!rail.keeps(Some(t)), "{t}");
        }
        assert!(
            !rail.keeps(None),
            "a route of no type is not known to be a train"
        );
        let both = Modes::parse(&["rail", "Subway"]).unwrap();
        assert!(both.keeps(Some(401)) && both.keeps(Some(2)) && !both.keeps(Some(3)));
        assert_eq!(both.to_names(), ["rail", "subway"]);
        assert!(Modes::ALL.keeps(None) && Modes::ALL.keeps(Some(3)));
        assert!(Modes::parse(&["boat"]).unwrap_err().contains("ferry"));
        assert!(Modes::parse::<&str>(&[]).is_err());
    }
}
