//! railtop's memory. `railtop record` (and `serve --record`) hand every answer of their source
//! to a [`Store`], which keeps in one SQLite file what changed since the answer before: each
//! train run's observations (delay, status, position, platform) as changes rather than copies,
//! the events the one differ ([`railtop_core::events`]) found, and the boards of chosen
//! stations. [`stats`] reads punctuality back from it, for `railtop stats`, the API's
//! `/api/live/stats` and the dashboard's header. It knows nothing of sources, screens or HTTP:
//! what to poll and when is its callers' business.
//!
//! The file is crash-safe by SQLite's write-ahead log: one transaction per answer, so a process
//! killed at any instant leaves every answer before the kill whole and the one it was writing
//! absent. The schema has a version ([`SCHEMA_VERSION`], in `PRAGMA user_version`) and the
//! migrations that reach it (`schema.rs`); its tables are documented in docs/recording.md.

mod error;
mod guard;
mod schema;
pub mod stats;
mod store;
mod track;

pub use error::StoreError;
pub use schema::SCHEMA_VERSION;
pub use store::{Answer, BoardAnswer, Limits, Recorded, Stopper, Store, Trimmed};
pub use track::line_of;
