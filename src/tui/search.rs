//! The station search box: completes names and codes from the station directory of every
//! country, the selected country's first, each match naming its country; accepts any raw code
//! as typed. On a remote source the server's directory has the last word (it knows the boards
//! it can serve): this process's matches show at once and the server's replace them when its
//! answer to the same text arrives.

use crate::screen::Failure;
use railtop_core::stations::{Entry, Scope, StationsAnswer};
use railtop_feeds::source::StationsQuery;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEdit {
    Input(char),
    Backspace,
    /// The last word (Ctrl-W).
    DeleteWord,
    /// The whole field (Ctrl-U).
    Clear,
    Next,
    Prev,
    Pick,
}

/// A station picked: its code, and its country when it came from the directory.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Picked {
    pub code: String,
    pub country: Option<&'static str>,
}

/// Whose directory the matches come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// This process's: the source's own.
    Here,
    /// This process's, while the remote server is asked.
    Asking,
    /// The remote server's.
    Server,
    /// This process's: the server could not be asked (why).
    ServerFailed(String),
}

/// What the picked station is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Goal {
    /// The board shows it.
    #[default]
    Board,
    /// The board keeps to the trains that go there (from there, on arrivals).
    Route,
    /// The board shows it too, beside its station.
    Merge,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StationSearch {
    pub goal: Goal,
    pub input: String,
    pub country: Option<String>,
    /// The directory's stations that match, best first (copies: the directory may be swapped
    /// for a fresher one while the box is open).
    pub matches: Vec<Entry>,
    pub selected: usize,
    pub origin: Origin,
    /// Only these countries' stations (the source answers for no others); `None`: all.
    within: Option<Vec<&'static str>>,
    /// The pinned stations, listed first while nothing is typed.
    pins: Vec<Entry>,
    /// For `+`: the board's place, whose nearest stations are listed first, and the stations
    /// already on the board (`country:code`), never offered.
    near: Option<(f64, f64)>,
    on_board: Vec<String>,
}

/// Longest input kept: codes and names are short.
const MAX_INPUT: usize = 60;
/// Matches shown at once.
pub(crate) const MAX_MATCHES: usize = 12;

impl StationSearch {
    /// A box preferring `country`'s stations; `elsewhere`: the source searches its own
    /// directory (a remote server), which [`StationSearch::query`] asks.
    pub fn new(
        country: Option<&str>,
        elsewhere: bool,
        within: Option<Vec<&'static str>>,
    ) -> StationSearch {
        let mut s = StationSearch {
            goal: Goal::Board,
            input: String::new(),
            country: country.map(String::from),
            within,
            pins: Vec::new(),
            near: None,
            on_board: Vec::new(),
            matches: Vec::new(),
            selected: 0,
            origin: if elsewhere {
                Origin::Asking
            } else {
                Origin::Here
            },
        };
        s.refresh();
        s
    }

    /// The box with `pinned` stations (`country:code`) listed first while nothing is typed;
    /// a pin the directory does not know is left out.
    pub fn with_pins(mut self, pinned: &[String]) -> StationSearch {
        let directory = railtop_core::stations::current();
        self.pins = pinned
            .iter()
            .rev()
            .filter_map(|p| directory.named(p).cloned())
            .collect();
        self.refresh();
        self
    }

    /// The box for `+`: the stations nearest the board's (`stations`, as the board names them)
    /// first, those already on the board left out.
    pub fn beside(mut self, stations: &[String]) -> StationSearch {
        let directory = railtop_core::stations::current();
        let on: Vec<&Entry> = stations.iter().filter_map(|s| directory.named(s)).collect();
        self.near = on.first().map(|e| (e.lat, e.lng));
        self.on_board = on.iter().map(|e| e.qualified()).collect();
        self.refresh();
        self
    }

    /// Whether the match at `i` is a pinned station (the box marks it ★).
    pub fn is_pinned(&self, i: usize) -> bool {
        self.input.trim().is_empty() && i < self.pins.len()
    }

    /// What to ask the source's directory (`None`: the source has none elsewhere).
    pub fn query(&self) -> Option<StationsQuery> {
        (self.origin != Origin::Here).then(|| StationsQuery {
            q: self.input.trim().to_string(),
            country: None,
            prefer: self.country.clone(),
            limit: MAX_MATCHES,
        })
    }

    /// The server's answer to `query`: it replaces this process's matches, if the text is
    /// still the one asked about (the highlight stays on its station where it can).
    pub fn answered(
        &mut self,
        query: &StationsQuery,
        result: Result<Arc<StationsAnswer>, Failure>,
    ) {
        if self.query().as_ref() != Some(query) {
            return;
        }
        match result {
            Ok(answer) => {
                let highlighted = self.matches.get(self.selected).map(Entry::qualified);
                self.matches = answer
                    .stations
                    .iter()
                    .filter_map(Entry::from_record)
                    .take(MAX_MATCHES)
                    .collect();
                self.selected = highlighted
                    .and_then(|h| self.matches.iter().position(|m| m.qualified() == h))
                    .unwrap_or(0);
                self.origin = Origin::Server;
            }
            Err(e) => self.origin = Origin::ServerFailed(e.to_string()),
        }
    }

    /// Applies one edit; returns the station when one is picked.
    pub(crate) fn edit(&mut self, edit: SearchEdit) -> Option<Picked> {
        match edit {
            SearchEdit::Input(c) if !c.is_control() && self.input.chars().count() < MAX_INPUT => {
                self.input.push(c);
                self.refresh();
            }
            SearchEdit::Input(_) => {}
            SearchEdit::Backspace => {
                self.input.pop();
                self.refresh();
            }
            SearchEdit::DeleteWord => {
                let kept = self.input.trim_end().len();
                self.input.truncate(kept);
                let word_start = self.input.rfind(char::is_whitespace).map_or(0, |i| i + 1);
                self.input.truncate(word_start);
                self.refresh();
            }
            SearchEdit::Clear => {
                self.input.clear();
                self.refresh();
            }
            SearchEdit::Next => {
                self.selected = (self.selected + 1).min(self.matches.len().saturating_sub(1));
            }
            SearchEdit::Prev => self.selected = self.selected.saturating_sub(1),
            SearchEdit::Pick => {
                if let Some(m) = self.matches.get(self.selected) {
                    return Some(Picked {
                        code: m.code.clone(),
                        country: Some(m.country),
                    });
                }
                let raw = self.input.trim();
                // Not in the directory: the source may still know it.
                return (!raw.is_empty()).then(|| Picked {
                    code: raw.to_string(),
                    country: None,
                });
            }
        }
        None
    }

    fn refresh(&mut self) {
        let scope = Scope {
            prefer: self.country.as_deref(),
            limit: MAX_MATCHES + self.on_board.len(),
            within: self.within.as_deref(),
            near: self.near,
            ..Scope::default()
        };
        let directory = railtop_core::stations::current();
        let on_board = &self.on_board;
        let found = directory
            .search(&self.input, scope)
            .into_iter()
            .filter(|m| !on_board.contains(&m.entry.qualified()))
            .take(MAX_MATCHES)
            .map(|m| m.entry.clone());
        self.matches = if self.input.trim().is_empty() {
            // The pinned stations first, then the main ones (each once).
            let pins = self.pins.iter().cloned();
            let mut seen = std::collections::HashSet::new();
            pins.chain(found)
                .filter(|e| seen.insert(e.qualified()))
                .take(MAX_MATCHES)
                .collect()
        } else {
            found.collect()
        };
        self.selected = 0;
        if self.origin != Origin::Here {
            self.origin = Origin::Asking;
        }
    }
}

#[cfg(test)]
mod tests;
