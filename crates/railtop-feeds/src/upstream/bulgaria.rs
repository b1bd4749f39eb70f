//! Bulgaria — BDŽ's GTFS-Realtime on Bulgaria's national access point for transport data
//! (sipbg.gov.bg, no key), with a static timetable of BDŽ's trains for names and planned times
//! (gtfs.livetransport.eu, CC0; the pair Transitous, the open routing service, reads for
//! Bulgaria). Read by the generic GTFS feed, as Malaysia's KTMB is.
//!
//! **Unverified against the live service**: no recording of this feed exists. The access point
//! serves one `realtime-download` document, read here both for vehicles and for trip updates
//! (whichever it carries; the same URL is fetched once per refresh). The fixture follows the
//! GTFS-Realtime standard, not an observed payload; when a recording exists, its quirks belong
//! in a [`Dialect`](super::gtfs::Dialect) here, as Renfe's are in `spain.rs`.

use super::gtfs::{GtfsFeed, GtfsFeedConfig};
use super::http::Opened;
use super::{Feed, Live};
use crate::country;
use std::sync::Arc;

/// The access point's BDŽ subset, below the row's base URL.
pub const REALTIME: &str =
    "/bgnap/portal/api/catalog/subsets/cc43fe99-141e-4eb8-bef1-cae144870a0f/realtime-download";

/// BDŽ's trains as a static GTFS bundle.
pub const STATIC: &str = "https://gtfs.livetransport.eu/gtfs/bdz.zip";

pub fn config(static_gtfs: Option<String>) -> GtfsFeedConfig {
    GtfsFeedConfig {
        slug: country::BULGARIA.slug.into(),
        name: "BDŽ".into(),
        timezone: country::BULGARIA.tz,
        vehicle_positions: REALTIME.into(),
        trip_updates: Some(REALTIME.into()),
        static_gtfs,
        attribution: String::new(),
        speed_to_kmh: 3.6,
    }
}

/// Bulgaria's registry row opens this.
pub fn open(opened: Opened) -> Arc<dyn Feed> {
    let feed = GtfsFeed::with_dialect(
        config(opened.static_or(STATIC)),
        super::gtfs::Dialect::STANDARD,
    );
    Live::open(opened.http, opened.hub, feed)
}
