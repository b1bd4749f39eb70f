//! railtop's sources of trains, behind one trait ([`source::LiveSource`]): the aggregator of the
//! national feeds and of any GTFS-Realtime feed ([`upstream`], one folder and one registry row a
//! feed), the offline simulator and the client of a remote API server ([`source`]), the cache
//! with single flight in front of any of them, and what several `serve` instances share on
//! Redis ([`redis_store`]). No terminal and no server here: the screens and the servers above
//! read these sources.

//!
//! The floor below is named in every path (`railtop_core::model::Train`): nothing of it is
//! re-exported here.

pub mod redis_store;
pub mod source;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod upstream;
