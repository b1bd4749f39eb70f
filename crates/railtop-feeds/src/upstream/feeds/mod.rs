//! The national feeds, one folder a country, every folder of one shape: `mod.rs` (the feed's
//! pure parsers, bytes in and a `Board` or records out, and its `Adapter`), `tests.rs` beside it
//! (its unit tests, on its fixtures), the sub-modules of a larger feed (Finland's `causes.rs`,
//! Italy's `progress.rs`, the Netherlands' `disruptions.rs`, France's `disruptions.rs`), and
//! `fixtures/`: the payloads it is tested on, written in its upstream's format, their
//! `README.md` (what each one shows), and `routes.txt`, which says which fixture answers which
//! request path, so the registry test plays the feed on loopback
//! (`railtop_feeds::test_support::play`). A folder is named as its module, which is the country's
//! slug but for `usa` (`united-states`).
//!
//! What every feed shares stays one floor up, in `upstream/`: the aggregator, the one fetch
//! mechanism (`http`), the registry of feeds, the GTFS readers, the code, time, XML and HTML
//! helpers. A country whose open data is GTFS-Realtime needs no folder here: it is a registry
//! row of data (Spain's is here only for Renfe's `Dialect`). The station lists are not here
//! either: they are country data, embedded by `railtop_core::assets` from
//! `assets/stations/<country>.csv` and read by the demo, the map and the station resolver as well.

pub mod austria;
pub mod belgium;
pub mod finland;
pub mod france;
pub mod germany;
pub mod ireland;
pub mod italy;
pub mod japan;
pub mod netherlands;
pub mod norway;
pub mod poland;
pub mod spain;
pub mod sweden;
pub mod switzerland;
pub mod usa;
