//! Every built-in feed, one row each. A row names its country (slug, name and clock come from
//! the country table, never restated), who runs the upstream, the attribution, how it is reached
//! (base URL, headers, cache TTL, request budget), whether it needs a key and where to get one,
//! the hub for countries without positions, and the function that opens it. The aggregator, the
//! "not live because" text and the tests iterate this table.
//!
//! Adding a feed is three steps: its folder, `upstream/feeds/<feed>/` (pure parsers and an
//! `Adapter` in `mod.rs`, `tests.rs`, and `fixtures/` whose `routes.txt` lets the registry test
//! play it), one row here (its `open` is `open_plain::<Adapter>` unless it needs a key or state;
//! its `parsers`, each with a fuzz target in `fuzz/targets/feeds.rs`), and its `pub mod` line in
//! `upstream/feeds/mod.rs`; docs/architecture.md lists the rest, and a test holds it.

use super::http::{FeedHttp, FeedSpec, Opened, Wire};
use super::{gtfs, open_plain, Feed};
use crate::upstream::feeds::{austria, belgium, finland, france, germany, ireland, italy, japan};
use crate::upstream::feeds::{netherlands, norway, poland, spain, sweden, switzerland, usa};
use railtop_core::config::FeedSettings;
use railtop_core::country::{self, Country};
use std::sync::Arc;
use std::time::Duration;

/// Bulgaria's access point: BDŽ's subset, below the row's base URL.
const BULGARIA_REALTIME: &str =
    "/bgnap/portal/api/catalog/subsets/cc43fe99-141e-4eb8-bef1-cae144870a0f/realtime-download";

/// How a row becomes a feed: by its own code, or as GTFS-Realtime feeds read by the generic
/// reader, described by data alone.
pub enum Opens {
    /// Its file's `open`, or `open_plain::<Adapter>` when it needs nothing but its door and hub.
    Code(fn(Opened) -> Arc<dyn Feed>),
    Gtfs(gtfs::BuiltIn),
}

pub struct FeedRow {
    pub country: &'static Country,
    /// Who runs the upstream, for error messages: "Digitraffic".
    pub upstream: &'static str,
    /// The "Data via …" line of the country's answers.
    pub attribution: &'static str,
    pub base_url: &'static str,
    /// Headers every request carries (a key's header is added by the feed when it opens).
    pub headers: &'static [(&'static str, &'static str)],
    /// How long an answer is reused.
    pub ttl: Duration,
    /// Requests per minute railtop allows itself, under the upstream's published limit.
    pub per_minute: u32,
    /// Where to get a key, for feeds that join only with one.
    pub key_from: Option<&'static str>,
    /// The station whose board `realtime` lists, for feeds without positions.
    pub hub: Option<&'static str>,
    /// How the row becomes a feed.
    pub open: Opens,
    /// Every function of railtop's that reads this feed's bytes (`module::function`): each has
    /// a fuzz target (`fuzz/targets/`), which a test holds.
    pub parsers: &'static [&'static str],
}

const fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[rustfmt::skip]
pub static FEEDS: &[FeedRow] = &[
    FeedRow { country: &country::FINLAND, upstream: "Digitraffic",
        parsers: &["finland::parse_trains", "finland::parse_board", "finland::parse_arrivals", "finland::parse_journey", "finland::parse_stations", "finland::parse_station_list", "finland::parse_passenger_information", "finland::parse_cause_codes"],
        attribution: "Finland: Fintraffic / digitraffic.fi, CC BY 4.0",
        base_url: "https://rata.digitraffic.fi",
        headers: &[("Digitraffic-User", concat!("railtop/", env!("CARGO_PKG_VERSION")))],
        // Digitraffic allows 60 requests a minute per IP without `Digitraffic-User`.
        ttl: secs(10), per_minute: 50, key_from: None, hub: None, open: Opens::Code(finland::open) },
    FeedRow { country: &country::IRELAND, upstream: "Irish Rail",
        parsers: &["ireland::parse_trains", "ireland::parse_board", "ireland::parse_arrivals", "ireland::parse_message", "ireland::parse_station_list", "ireland::parse_movements"],
        attribution: "Ireland: Iarnród Éireann / Irish Rail realtime API",
        base_url: "http://api.irishrail.ie", headers: &[],
        // No published limit: stay well-mannered.
        ttl: secs(15), per_minute: 30, key_from: None, hub: None, open: Opens::Code(open_plain::<ireland::Ireland>) },
    FeedRow { country: &country::BELGIUM, upstream: "iRail",
        parsers: &["belgium::parse_board", "belgium::parse_arrivals", "belgium::parse_station_list", "belgium::parse_vehicle"],
        attribution: "Belgium: iRail (api.irail.be), data NMBS/SNCB",
        base_url: "https://api.irail.be", headers: &[],
        // iRail asks for restraint (3 requests a second at most); stay far below.
        ttl: secs(30), per_minute: 30, key_from: None, hub: Some("008814001"), open: Opens::Code(open_plain::<belgium::Belgium>) },
    FeedRow { country: &country::SWITZERLAND, upstream: "transport.opendata.ch",
        parsers: &["switzerland::parse_board", "switzerland::parse_arrivals", "switzerland::parse_journey"],
        attribution: "Switzerland: transport.opendata.ch (search.ch / SBB timetable data)",
        base_url: "https://transport.opendata.ch", headers: &[],
        ttl: secs(30), per_minute: 30, key_from: None, hub: Some("8503000"), open: Opens::Code(open_plain::<switzerland::Switzerland>) },
    FeedRow { country: &country::GERMANY, upstream: "db-rest",
        parsers: &["germany::parse_board", "germany::parse_arrivals", "germany::parse_trip", "germany::parse_trip_journey"],
        attribution: "Germany: DB timetable data via db-rest (v6.db.transport.rest)",
        base_url: "https://v6.db.transport.rest", headers: &[],
        // db-vendo-client documents 60 requests a minute per IPv4 to DB's backends.
        ttl: secs(30), per_minute: 30, key_from: None, hub: Some("berlin-hbf"), open: Opens::Code(open_plain::<germany::Germany>) },
    FeedRow { country: &country::UNITED_STATES, upstream: "Amtraker",
        parsers: &["usa::parse_trains", "usa::parse_board", "usa::parse_arrivals", "usa::parse_journey", "usa::parse_station_list"],
        attribution: "United States: Amtrak data via Amtraker (api-v3.amtraker.com)",
        base_url: "https://api-v3.amtraker.com", headers: &[],
        ttl: secs(30), per_minute: 20, key_from: None, hub: None, open: Opens::Code(open_plain::<usa::UnitedStates>) },
    FeedRow { country: &country::NORWAY, upstream: "Entur",
        parsers: &["norway::parse_board", "norway::parse_arrivals", "norway::parse_vehicles", "norway::parse_journey", "norway::parse_station_list", "norway::parse_geocoder"],
        attribution: "Norway: Entur (api.entur.io), NLOD licence",
        base_url: "https://api.entur.io", headers: &[("ET-Client-Name", norway::CLIENT_NAME)],
        // Entur throttles clients that do not name themselves; named ones get far more.
        ttl: secs(30), per_minute: 30, key_from: None, hub: Some("NSR:StopPlace:59872"), open: Opens::Code(open_plain::<norway::Norway>) },
    FeedRow { country: &country::AUSTRIA, upstream: "ÖBB HAFAS",
        parsers: &["austria::parse_positions", "austria::parse_board", "austria::parse_arrivals", "austria::parse_journey"],
        attribution: "Austria: ÖBB Scotty (HAFAS, fahrplan.oebb.at)",
        base_url: "https://fahrplan.oebb.at", headers: &[],
        ttl: secs(30), per_minute: 20, key_from: None, hub: Some("8103000"), open: Opens::Code(open_plain::<austria::Austria>) },
    FeedRow { country: &country::MALAYSIA, upstream: "KTMB",
        parsers: &["gtfs::parse_trains", "gtfs::parse_board", "gtfs::parse_arrivals", "gtfs::parse_journey", "Timetable::from_zip"],
        attribution: "Malaysia: data.gov.my GTFS (KTMB), CC BY 4.0",
        base_url: "https://api.data.gov.my", headers: &[],
        ttl: secs(20), per_minute: 30, key_from: None, hub: None, open: Opens::Gtfs(gtfs::BuiltIn {
            // KTMB publishes no trip updates: boards come from the timetable. Speeds in km/h.
            parts: &[gtfs::Part {
                name: "KTMB",
                vehicle_positions: "/gtfs-realtime/vehicle-position/ktmb",
                trip_updates: None,
                alerts: None,
                static_gtfs: Some("/gtfs-static/ktmb"),
                speed_to_kmh: 1.0,
            }],
            dialect: gtfs::Dialect::STANDARD,
        }) },
    FeedRow { country: &country::NETHERLANDS, upstream: "NS API",
        parsers: &["netherlands::parse_board", "netherlands::parse_arrivals", "netherlands::parse_journey", "netherlands::parse_station_list", "netherlands::parse_disruptions"],
        attribution: "Netherlands: NS Reisinformatie API",
        // NS's texts in Dutch, as railtop tags them (Dutch is NS's default; said, not assumed).
        base_url: "https://gateway.apiportal.ns.nl", headers: &[("Accept-Language", "nl")],
        // A board costs two requests at most: its own and the country's disruptions (shared
        // by every board within the TTL).
        ttl: secs(30), per_minute: 30, key_from: Some("free registration at apiportal.ns.nl (Ns-App product)"),
        hub: Some("UT"), open: Opens::Code(netherlands::open) },
    FeedRow { country: &country::SWEDEN, upstream: "Trafikverket",
        parsers: &["sweden::parse_board", "sweden::parse_arrivals", "sweden::parse_stations", "sweden::parse_station_list", "sweden::parse_train"],
        attribution: "Sweden: Trafikverket open API",
        base_url: "https://api.trafikinfo.trafikverket.se", headers: &[],
        ttl: secs(30), per_minute: 30, key_from: Some("free registration at data.trafikverket.se"),
        hub: Some("Cst"), open: Opens::Code(sweden::open) },
    FeedRow { country: &country::FRANCE, upstream: "SNCF Navitia",
        parsers: &["france::parse_board", "france::parse_arrivals", "france::parse_vehicle_journey", "france::parse_calls"],
        attribution: "France: SNCF open data (Navitia API), ODbL",
        base_url: "https://api.sncf.com", headers: &[],
        // The free plan allows 5,000 requests a day: about 3 a minute on average.
        ttl: secs(30), per_minute: 6, key_from: Some("free registration at numerique.sncf.com (API SNCF)"),
        hub: Some("87384008"), open: Opens::Code(france::open) },
    FeedRow { country: &country::JAPAN, upstream: "ODPT",
        parsers: &["japan::parse_trains", "japan::parse_timetable"],
        attribution: "Japan: Public Transportation Open Data Center (ODPT)",
        base_url: "https://api.odpt.org", headers: &[],
        ttl: secs(30), per_minute: 20, key_from: Some("free developer registration at developer.odpt.org"),
        hub: None, open: Opens::Code(japan::open) },
    FeedRow { country: &country::ITALY, upstream: "ViaggiaTreno",
        parsers: &["italy::parse_board", "italy::parse_arrivals", "italy::parse_board_trains", "italy::parse_progress", "italy::parse_journey"],
        attribution: "Italy: ViaggiaTreno (RFI / Trenitalia)",
        base_url: "https://www.viaggiatreno.it", headers: &[],
        // Unofficial and unmetered: railtop keeps answers a minute and asks at most 30 times.
        ttl: secs(60), per_minute: 30, key_from: None, hub: Some("S01700"), open: Opens::Code(open_plain::<italy::Italy>) },
    FeedRow { country: &country::SPAIN, upstream: "Renfe",
        parsers: &["spain::parse_trains", "spain::parse_board", "Timetable::from_zip"],
        attribution: "Spain: Renfe open data (CC BY 4.0)",
        base_url: "https://gtfsrt.renfe.com", headers: &[],
        // Renfe refreshes Cercanías about every 30 s and long distance every 15 minutes.
        ttl: secs(30), per_minute: 30, key_from: None, hub: None, open: Opens::Gtfs(gtfs::BuiltIn { parts: spain::PARTS, dialect: spain::RENFE }) },
    FeedRow { country: &country::BULGARIA, upstream: "BDŽ (national access point)",
        parsers: &["gtfs::parse_trains", "gtfs::parse_board", "gtfs::parse_arrivals", "gtfs::parse_journey", "Timetable::from_zip"],
        attribution: "Bulgaria: BDŽ via the national access point (sipbg.gov.bg); timetable gtfs.livetransport.eu (CC0)",
        base_url: "https://sipbg.gov.bg", headers: &[],
        ttl: secs(30), per_minute: 20, key_from: None, hub: None, open: Opens::Gtfs(gtfs::BuiltIn {
            // Unverified against the live service: no recording of it exists. The access point
            // serves one document, read for vehicles and trip updates alike (fetched once a
            // refresh); BDŽ's trains as a static bundle from gtfs.livetransport.eu, CC0 (the
            // pair Transitous reads). When a recording shows quirks, they become a dialect.
            parts: &[gtfs::Part {
                name: "BDŽ",
                vehicle_positions: BULGARIA_REALTIME,
                trip_updates: Some(BULGARIA_REALTIME),
                alerts: None,
                static_gtfs: Some("https://gtfs.livetransport.eu/gtfs/bdz.zip"),
                speed_to_kmh: 3.6,
            }],
            dialect: gtfs::Dialect::STANDARD,
        }) },
    FeedRow { country: &country::POLAND, upstream: "PKP PLK",
        parsers: &["poland::parse_timetable", "poland::parse_operations"],
        attribution: "Poland: PKP Polskie Linie Kolejowe open data (Otwarte Dane Kolejowe)",
        base_url: "https://pdp-api.plk-sa.pl", headers: &[],
        // The basic key allows 100 requests an hour: operations are kept two minutes, a
        // station's timetable an hour (feeds/poland/).
        ttl: secs(120), per_minute: 2, key_from: Some("free registration at plk-sa.pl (API Otwarte Dane Kolejowe)"),
        hub: Some("33605"), open: Opens::Code(poland::open) },
];

/// Countries of the API with no feed to read, and why.
pub(crate) static NO_FEED: &[(&Country, &str)] = &[
    (
        &country::EGYPT,
        "no public realtime rail feed exists (ENR's systems are closed)",
    ),
    (
        &country::CZECH_REPUBLIC,
        "no open feed that permits use (Správa železnic's train positions, GRAPP, may be used only \
         with its consent; the terms and format of its public train map could not be confirmed)",
    ),
];

/// The row of a country's built-in feed.
pub fn row(slug: &str) -> Option<&'static FeedRow> {
    FEEDS.iter().find(|r| r.country.slug == slug)
}

impl FeedRow {
    /// Who the feed is, for its door to the upstream.
    pub fn spec(&self) -> FeedSpec {
        FeedSpec {
            slug: self.country.slug,
            upstream: self.upstream,
            attribution: self.attribution,
            tz: self.country.tz,
            headers: self
                .headers
                .iter()
                .map(|(name, value)| (*name, value.to_string()))
                .collect(),
            ttl: self.ttl,
            per_minute: self.per_minute,
        }
    }

    /// Opens the feed with `settings`; `None` for a feed that needs a key and has none.
    pub fn open(&self, wire: impl Into<Wire>, settings: &FeedSettings) -> Option<Arc<dyn Feed>> {
        let key = settings.key().map(str::to_string);
        if self.key_from.is_some() && key.is_none() {
            return None;
        }
        let base = settings
            .base
            .clone()
            .unwrap_or_else(|| self.base_url.into());
        let opened = Opened {
            http: FeedHttp::new(self.spec(), wire.into(), base),
            key: key.unwrap_or_default(),
            hub: settings
                .hub
                .clone()
                .or_else(|| self.hub.map(String::from))
                .unwrap_or_default(),
            static_gtfs: settings.static_gtfs.clone(),
            moved: settings.base.is_some(),
        };
        Some(match &self.open {
            Opens::Code(open) => open(opened),
            Opens::Gtfs(built_in) => built_in.open(self.country, opened),
        })
    }
}

/// Why a country of the API has no feed here.
pub fn why_not_live(slug: &str) -> String {
    if let Some((_, why)) = NO_FEED.iter().find(|(c, _)| c.slug == slug) {
        return why.to_string();
    }
    match row(slug).and_then(|r| r.key_from) {
        Some(help) => format!(
            "needs a key: {help}; then set {} or `key` under [upstream.{slug}] in the config file",
            railtop_core::config::key_var(slug)
        ),
        None => "not supported yet".into(),
    }
}

#[cfg(test)]
mod tests;
