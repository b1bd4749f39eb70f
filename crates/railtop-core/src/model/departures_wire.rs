//! The departures answer as written and as read: the interface's `station` a string with railtop's
//! `stationInfo` beside it, the arrivals board under the arrival's names, and the older shapes
//! railtop accepts (see `DeparturesResponse`'s doc in `mod.rs`).

use super::{tolerant, Departure, StationInfo};
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeparturesOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    departures: Option<Vec<Departure>>,
    /// railtop's `/api/live/arrivals`: the rows under the arrival's names.
    #[serde(skip_serializing_if = "Option::is_none")]
    arrivals: Option<Arrivals>,
    /// The interface's field: the display name.
    station: String,
    /// railtop's extra: code, name, country and time zone.
    station_info: StationInfo,
    /// railtop's extra: the stations of a board of several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    stations: Vec<StationInfo>,
    fetched_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    attribution: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    simulated: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notices: Vec<String>,
    #[serde(skip_serializing_if = "super::messages::languages_unknown")]
    notice_languages: Vec<Option<String>>,
}

/// Rows written as arrivals.
pub(crate) struct Arrivals(Vec<Departure>);

impl Serialize for Arrivals {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(super::board::ArrivalOut::from))
    }
}

impl From<super::DeparturesResponse> for DeparturesOut {
    fn from(r: super::DeparturesResponse) -> Self {
        let (departures, arrivals) = match r.kind {
            super::Kind::Departures => (Some(r.departures), None),
            super::Kind::Arrivals => (None, Some(Arrivals(r.departures))),
        };
        DeparturesOut {
            departures,
            arrivals,
            station: r.station.name.clone(),
            station_info: r.station,
            stations: r.stations,
            fetched_at: r.fetched_at,
            attribution: r.attribution,
            simulated: r.simulated,
            notices: r.notices,
            notice_languages: r.notice_languages,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeparturesIn {
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, Departure, { super::MAX_DEPARTURES }>"
    )]
    departures: Vec<Departure>,
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, super::board::ArrivalIn, { super::MAX_DEPARTURES }>"
    )]
    arrivals: Vec<super::board::ArrivalIn>,
    #[serde(default)]
    station: Option<Station>,
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, StationInfo, { super::MAX_MERGED }>"
    )]
    stations: Vec<StationInfo>,
    #[serde(default)]
    station_info: Option<Record>,
    #[serde(default, deserialize_with = "tolerant::string")]
    fetched_at: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    attribution: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    simulated: bool,
    #[serde(default, deserialize_with = "tolerant::strings")]
    notices: Vec<String>,
    #[serde(default, deserialize_with = "tolerant::opt_strings")]
    notice_languages: Vec<Option<String>>,
}

/// `station` as any server may send it: the interface's name, or a record (railtop before
/// `stationInfo`), or something else (ignored).
#[derive(Deserialize)]
#[serde(untagged)]
enum Station {
    Name(String),
    Record(StationInfo),
    Other(serde::de::IgnoredAny),
}

/// `stationInfo`, ignored when it is not a record.
#[derive(Deserialize)]
#[serde(untagged)]
enum Record {
    Info(StationInfo),
    Other(serde::de::IgnoredAny),
}

impl From<DeparturesIn> for super::DeparturesResponse {
    fn from(w: DeparturesIn) -> Self {
        let (named, record) = match w.station {
            Some(Station::Name(name)) => (Some(name), None),
            Some(Station::Record(info)) => (None, Some(info)),
            Some(Station::Other(_)) | None => (None, None),
        };
        let mut station = match w.station_info {
            Some(Record::Info(info)) => info,
            _ => record.unwrap_or_default(),
        };
        if let Some(name) = named.filter(|n| !n.is_empty()) {
            station.name = name;
        }
        // An answer with arrivals and no departures is an arrivals board.
        let (kind, departures) = if w.departures.is_empty() && !w.arrivals.is_empty() {
            let rows = w.arrivals.into_iter().map(Departure::from).collect();
            (super::Kind::Arrivals, rows)
        } else {
            (super::Kind::Departures, w.departures)
        };
        super::DeparturesResponse {
            departures,
            station,
            fetched_at: w.fetched_at,
            attribution: w.attribution,
            simulated: w.simulated,
            kind,
            stations: w.stations,
            notices: w.notices,
            notice_languages: w.notice_languages,
        }
    }
}
