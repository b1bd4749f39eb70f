//! railtop's ground floor: what every other part of railtop shares, depending on nothing of it
//! but `railtop-i18n` (the configuration's `lang`, a route described in words). The country table and the clocks, the one text sanitiser and the one parser of lengths of
//! time, the Live Train Data API's records (strict out, tolerant and bounded in), the station
//! directory and its one resolver, the one typed configuration, the names of the metrics, and
//! the net that turns a panic into a failure. No network, no terminal, no server: the feeds, the
//! servers and the screens (the `railtop` package above) all build on it.

pub mod assets;
pub mod backoff;
pub mod clock;
pub mod config;
pub mod country;
pub mod duration;
pub mod events;
pub mod files;
pub mod metrics;
pub mod model;
pub mod outline;
pub mod panics;
pub mod stations;
pub mod text;
pub mod traveller;
