//! The dashboard (`railtop`): Elm-shaped. One [`app::AppState`], an [`app::Action`] enum, a pure
//! [`app::update`], pure views (one per pane) in [`view`], pollers that turn fetches into actions,
//! and a run loop that owns the terminal.

pub mod app;
pub mod feed;
pub mod history;
pub mod keys;
pub mod layout;
pub mod list;
pub mod poller;
pub mod run;
pub mod search;
pub mod theme;
pub mod view;
