//! The widgets more than one screen draws with: the departure board's columns at a width
//! ([`columns`], the kiosk, the SSH board and the dashboard's board pane) and the fast table
//! ([`grid`], the train list and every board). A widget used by one screen lives with it.

pub mod columns;
pub mod grid;
