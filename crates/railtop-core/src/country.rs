//! The nineteen countries of the Live Train Data API: slugs, names, time zones and bounding boxes.

use chrono_tz::Tz;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    pub min_lat: f64,
    pub max_lat: f64,
    pub min_lng: f64,
    pub max_lng: f64,
}

impl BoundingBox {
    pub fn contains(&self, lat: f64, lng: f64) -> bool {
        (self.min_lat..=self.max_lat).contains(&lat) && (self.min_lng..=self.max_lng).contains(&lng)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Country {
    /// Lowercase, hyphenated: the API's `source` parameter.
    pub slug: &'static str,
    pub name: &'static str,
    /// ISO 3166-1 alpha-2: how a narrow column names the country.
    pub iso: &'static str,
    /// The zone railway clocks in the country show (the main one, for countries with several).
    pub tz: Tz,
    pub bbox: BoundingBox,
}

const fn bbox(min_lat: f64, max_lat: f64, min_lng: f64, max_lng: f64) -> BoundingBox {
    BoundingBox {
        min_lat,
        max_lat,
        min_lng,
        max_lng,
    }
}

#[rustfmt::skip]
mod table {
    use super::*;
    pub const GERMANY: Country = Country { slug: "germany", name: "Germany", iso: "DE", tz: Tz::Europe__Berlin, bbox: bbox(47.2, 55.1, 5.8, 15.1) };
    pub const IRELAND: Country = Country { slug: "ireland", name: "Ireland", iso: "IE", tz: Tz::Europe__Dublin, bbox: bbox(51.4, 55.4, -10.7, -5.4) };
    pub const BELGIUM: Country = Country { slug: "belgium", name: "Belgium", iso: "BE", tz: Tz::Europe__Brussels, bbox: bbox(49.4, 51.6, 2.5, 6.5) };
    pub const SWITZERLAND: Country = Country { slug: "switzerland", name: "Switzerland", iso: "CH", tz: Tz::Europe__Zurich, bbox: bbox(45.8, 47.9, 5.9, 10.6) };
    pub const FINLAND: Country = Country { slug: "finland", name: "Finland", iso: "FI", tz: Tz::Europe__Helsinki, bbox: bbox(59.7, 70.1, 19.4, 31.6) };
    pub const NETHERLANDS: Country = Country { slug: "netherlands", name: "Netherlands", iso: "NL", tz: Tz::Europe__Amsterdam, bbox: bbox(50.7, 53.6, 3.3, 7.3) };
    pub const NORWAY: Country = Country { slug: "norway", name: "Norway", iso: "NO", tz: Tz::Europe__Oslo, bbox: bbox(57.9, 71.2, 4.5, 31.2) };
    pub const AUSTRIA: Country = Country { slug: "austria", name: "Austria", iso: "AT", tz: Tz::Europe__Vienna, bbox: bbox(46.3, 49.1, 9.5, 17.2) };
    pub const SWEDEN: Country = Country { slug: "sweden", name: "Sweden", iso: "SE", tz: Tz::Europe__Stockholm, bbox: bbox(55.3, 69.1, 10.9, 24.2) };
    pub const FRANCE: Country = Country { slug: "france", name: "France", iso: "FR", tz: Tz::Europe__Paris, bbox: bbox(41.3, 51.1, -5.2, 9.6) };
    pub const UNITED_STATES: Country = Country { slug: "united-states", name: "United States", iso: "US", tz: Tz::America__New_York, bbox: bbox(24.4, 49.4, -124.9, -66.9) };
    pub const JAPAN: Country = Country { slug: "japan", name: "Japan", iso: "JP", tz: Tz::Asia__Tokyo, bbox: bbox(24.0, 45.6, 122.9, 145.9) };
    pub const EGYPT: Country = Country { slug: "egypt", name: "Egypt", iso: "EG", tz: Tz::Africa__Cairo, bbox: bbox(22.0, 31.7, 24.7, 36.9) };
    pub const BULGARIA: Country = Country { slug: "bulgaria", name: "Bulgaria", iso: "BG", tz: Tz::Europe__Sofia, bbox: bbox(41.2, 44.3, 22.3, 28.7) };
    pub const MALAYSIA: Country = Country { slug: "malaysia", name: "Malaysia", iso: "MY", tz: Tz::Asia__Kuala_Lumpur, bbox: bbox(0.8, 7.4, 99.6, 119.3) };
    pub const ITALY: Country = Country { slug: "italy", name: "Italy", iso: "IT", tz: Tz::Europe__Rome, bbox: bbox(36.6, 47.1, 6.6, 18.6) };
    pub const SPAIN: Country = Country { slug: "spain", name: "Spain", iso: "ES", tz: Tz::Europe__Madrid, bbox: bbox(35.9, 43.8, -9.4, 3.4) };
    pub const POLAND: Country = Country { slug: "poland", name: "Poland", iso: "PL", tz: Tz::Europe__Warsaw, bbox: bbox(49.0, 54.9, 14.1, 24.2) };
    pub const CZECH_REPUBLIC: Country = Country { slug: "czech-republic", name: "Czech Republic", iso: "CZ", tz: Tz::Europe__Prague, bbox: bbox(48.5, 51.1, 12.1, 18.9) };
}
pub use table::*;

/// Every country the API names: the interface's fifteen in its order (docs/architecture.md), then the four the
/// service advertises beside them (its public clients show all nineteen). Feeds name their country by
/// these constants, so a slug, name or clock is written here and nowhere else.
pub const COUNTRIES: &[Country] = &[
    GERMANY,
    IRELAND,
    BELGIUM,
    SWITZERLAND,
    FINLAND,
    NETHERLANDS,
    NORWAY,
    AUSTRIA,
    SWEDEN,
    FRANCE,
    UNITED_STATES,
    JAPAN,
    EGYPT,
    BULGARIA,
    MALAYSIA,
    ITALY,
    SPAIN,
    POLAND,
    CZECH_REPUBLIC,
];

/// The country of a slug, exactly as the API spells it.
pub fn by_slug(slug: &str) -> Option<&'static Country> {
    COUNTRIES.iter().find(|c| c.slug == slug)
}

/// Every slug, in the API's order.
pub fn slugs() -> Vec<&'static str> {
    COUNTRIES.iter().map(|c| c.slug).collect()
}

/// What every place says of a country that is none of railtop's nor of `regions` (a
/// `[[feeds]]` region's): `unknown country "finlnd"; did you mean "finland"? known: …`.
pub fn unknown(slug: &str, regions: &[String]) -> String {
    let known: Vec<&str> = slugs()
        .into_iter()
        .chain(regions.iter().map(String::as_str))
        .collect();
    let asked = crate::text::quoted(slug);
    match crate::config::values::closest(slug, &known) {
        Some(m) => format!(
            "unknown country {asked}; did you mean {m:?}? Known: {}",
            known.join(", ")
        ),
        None => format!("unknown country {asked}; known: {}", known.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_and_hyphenated() {
        for c in COUNTRIES {
            assert!(
                c.slug
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                "{}",
                c.slug
            );
        }
        assert_eq!(COUNTRIES.len(), 19);
        assert!(by_slug("czech-republic").is_some());
        assert!(by_slug("united-states").is_some());
        assert!(by_slug("Germany").is_none());
    }
}
