//! The dashboard (`railtop`): Elm-shaped. One [`app::AppState`], the screens' [`crate::screen::Event`]s, a pure
//! [`app::update`], pure views (one per pane) in [`view`], and [`run`], which plugs the
//! dashboard into the shared screen runtime ([`crate::screen`]).

pub mod app;
pub mod braille;
pub mod help;
pub mod history;
pub mod keymap;
pub mod layout;
pub mod list;
pub mod mapview;
pub mod memory;
pub mod pane;
pub mod run;
pub mod search;
mod spoken;
pub mod view;
