//! The dashboard's panes, each a component that owns its state and the transitions of that
//! state: [`countries`] (the selector), [`trains`] (the list, its history and punctuality),
//! [`board`] (the station's departures), [`map`] (zoom, pan, the lines learnt) and [`details`]
//! (the journey of the train whose window is open). Each is drawn by the view of the same name
//! in [`super::view`], from the pane and the few shared facts it is given.
//!
//! What crosses panes (choosing a country empties the list, picks the board's station and fits
//! the map) is [`super::app`]'s: a pane never reaches into another.

pub mod board;
pub mod countries;
pub mod details;
pub mod map;
pub mod trains;

pub use board::Board;
pub use countries::{Countries, CountryStatus};
pub use details::Details;
pub use map::{Map, Segment};
pub use trains::Trains;
