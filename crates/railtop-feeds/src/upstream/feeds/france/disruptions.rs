//! SNCF's disruptions, as Navitia gives them beside a board or a vehicle journey and links them
//! from its rows by id: which cancel a run (`severity.effect` `NO_SERVICE`), which leave out
//! some of its stops (`REDUCED_SERVICE`, the stops `deleted` in `impacted_stops`, each with its
//! `amended_*` times), what they say and in which language (SNCF's message, in French, else the
//! severity's name, which Navitia writes in English), and railtop's own words for a run that
//! leaves out stops ("partly cancelled: no stop at Douai, Arras").

use super::Point;
use railtop_core::model::journey::MAX_STOPS;
use railtop_core::model::tolerant;
use serde::Deserialize;

#[derive(Deserialize)]
pub(super) struct Disruption {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub(super) id: String,
    severity: Option<Severity>,
    #[serde(default)]
    messages: Vec<Text>,
    #[serde(default, deserialize_with = "tolerant::bounded::<_, Impacted, 64>")]
    pub(super) impacted_objects: Vec<Impacted>,
}

#[derive(Deserialize)]
struct Severity {
    #[serde(default, deserialize_with = "tolerant::string")]
    effect: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
}

/// One object a disruption touches; for a trip, its stops' amended times.
#[derive(Deserialize)]
pub(super) struct Impacted {
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, ImpactedStop, MAX_STOPS>"
    )]
    pub(super) impacted_stops: Vec<ImpactedStop>,
}

#[derive(Deserialize)]
pub(super) struct ImpactedStop {
    pub(super) stop_point: Option<Point>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub(super) amended_arrival_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub(super) amended_departure_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub(super) stop_time_effect: String,
}

impl Disruption {
    fn effect(&self) -> &str {
        self.severity.as_ref().map_or("", |s| s.effect.as_str())
    }

    pub(super) fn cancels(&self) -> bool {
        self.effect() == "NO_SERVICE"
    }

    /// Some of the run's stops are deleted, not all (`REDUCED_SERVICE`).
    pub(super) fn reduces(&self) -> bool {
        self.effect() == "REDUCED_SERVICE"
    }

    /// What a person reads, and its language: the first message (SNCF's, in French), else the
    /// severity's name, which SNCF's Navitia writes in English ("Trip canceled").
    pub(super) fn text(&self) -> Option<(String, &'static str)> {
        let message = self
            .messages
            .iter()
            .map(|m| m.text.trim())
            .find(|t| !t.is_empty());
        let named = || {
            let name = self.severity.as_ref()?.name.trim();
            let mut chars = name.chars();
            let first = chars.next()?;
            Some((
                first.to_uppercase().chain(chars).collect(),
                SEVERITY_LANGUAGE,
            ))
        };
        message.map(|m| (m.to_string(), LANGUAGE)).or_else(named)
    }

    /// The stops it deletes (`stop_time_effect` `deleted`).
    pub(super) fn deleted(&self) -> impl Iterator<Item = &Point> {
        self.impacted_objects
            .iter()
            .flat_map(|o| &o.impacted_stops)
            .filter(|s| s.stop_time_effect == "deleted")
            .filter_map(|s| s.stop_point.as_ref())
    }
}

/// The language of SNCF's disruption messages.
const LANGUAGE: &str = "fr";
/// The language of Navitia's severity names ("trip canceled", "reduced service").
const SEVERITY_LANGUAGE: &str = "en";

/// The language of railtop's own words on a row ("partly cancelled").
pub(super) const OWN_LANGUAGE: &str = "en";

/// Stops a row's "partly cancelled" message names at most.
pub(super) const NAMED_DELETED: usize = 5;

/// What a board row says of a run that leaves out some of its stops (railtop's words, as
/// Italy's rows say it): "partly cancelled: no stop at Lourdes, Pau", the stops its
/// `REDUCED_SERVICE` disruptions delete.
pub(super) fn partly_cancelled(reduced: &[&Disruption]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for p in reduced.iter().flat_map(|d| d.deleted()) {
        let name = p.name.trim();
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        return "partly cancelled".into();
    }
    let more = if names.len() > NAMED_DELETED {
        ", …"
    } else {
        ""
    };
    names.truncate(NAMED_DELETED);
    format!("partly cancelled: no stop at {}{more}", names.join(", "))
}

#[derive(Deserialize)]
struct Text {
    #[serde(default, deserialize_with = "tolerant::string")]
    text: String,
}
