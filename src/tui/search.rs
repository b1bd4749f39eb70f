//! The station search box: completes names and codes from the station directory of every
//! country, the selected country's first, each match naming its country; accepts any raw code
//! as typed. On a remote source the server's directory has the last word (it knows the boards
//! it can serve): this process's matches show at once and the server's replace them when its
//! answer to the same text arrives.

use crate::screen::Failure;
use crate::source::StationsQuery;
use crate::stations::{Entry, Scope, StationsAnswer};
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
        let directory = crate::stations::current();
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
        let directory = crate::stations::current();
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
        let directory = crate::stations::current();
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
mod tests {
    use super::*;

    fn typed(country: Option<&str>, text: &str) -> StationSearch {
        let mut s = StationSearch::new(country, false, None);
        for c in text.chars() {
            s.edit(SearchEdit::Input(c));
        }
        s
    }

    /// A source that answers for some countries only (the demo) is offered no others' stations.
    #[test]
    fn offers_only_the_stations_the_source_has() {
        let mut s = StationSearch::new(None, false, Some(vec!["finland", "germany"]));
        for c in "wien".chars() {
            s.edit(SearchEdit::Input(c));
        }
        assert!(s.matches.is_empty(), "{:?}", s.matches);
        let all = typed(None, "wien");
        assert_eq!(all.matches[0].name, "Wien Hbf");
    }

    #[test]
    fn completes_names_and_codes_in_every_country() {
        let s = typed(Some("finland"), "tam");
        assert_eq!(s.matches[0].code, "TPE");
        let s = typed(Some("finland"), "hki");
        assert_eq!(s.matches[0].name, "Helsinki");
        let s = typed(None, "berlin-hbf");
        assert_eq!(s.matches[0].code, "8011160", "aliases match exactly");
        let s = typed(Some("italy"), "zurich");
        assert_eq!(
            (s.matches[0].code.as_str(), s.matches[0].country),
            ("8503000", "switzerland"),
            "another country's station, with its country"
        );
        let s = typed(Some("spain"), "sevilla");
        assert!(s.matches.iter().any(|m| m.country == "spain"));
    }

    #[test]
    fn ctrl_w_deletes_a_word_and_ctrl_u_the_field() {
        let mut s = typed(Some("italy"), "roma termini");
        s.edit(SearchEdit::DeleteWord);
        assert_eq!(s.input, "roma ");
        s.edit(SearchEdit::DeleteWord);
        assert_eq!(s.input, "");
        let mut s = typed(Some("italy"), "roma t");
        s.edit(SearchEdit::Clear);
        assert_eq!(s.input, "");
        assert!(!s.matches.is_empty(), "the main stations again");
    }

    #[test]
    fn the_selected_country_comes_first() {
        let s = typed(Some("ireland"), "hel");
        assert!(s.matches.len() > 1);
        let s = typed(Some("finland"), "hel");
        assert_eq!(s.matches[0].country, "finland");
    }

    #[test]
    fn picks_the_highlight_or_the_raw_code() {
        let mut s = typed(Some("finland"), "tampere");
        assert_eq!(
            s.edit(SearchEdit::Pick),
            Some(Picked {
                code: "TPE".into(),
                country: Some("finland")
            })
        );
        let mut s = typed(Some("finland"), "XYZ9");
        assert!(s.matches.is_empty());
        assert_eq!(
            s.edit(SearchEdit::Pick),
            Some(Picked {
                code: "XYZ9".into(),
                country: None
            })
        );
        let mut s = typed(Some("finland"), "p");
        s.edit(SearchEdit::Next);
        assert_eq!(s.selected, 1);
        s.edit(SearchEdit::Prev);
        s.edit(SearchEdit::Prev);
        assert_eq!(s.selected, 0);
    }

    fn record(code: &str, name: &str, country: &str) -> crate::stations::StationRecord {
        crate::stations::StationRecord {
            code: code.into(),
            name: name.into(),
            country: country.into(),
            qualified: format!("{country}:{code}"),
            lat: 60.0,
            lng: 25.0,
            timezone: "Europe/Helsinki".into(),
            aliases: Vec::new(),
            rank: 0,
            km: None,
        }
    }

    #[test]
    fn a_remote_servers_directory_has_the_last_word() {
        let mut s = StationSearch::new(Some("finland"), true, None);
        for c in "qxzvwk".chars() {
            s.edit(SearchEdit::Input(c));
        }
        assert!(s.matches.is_empty(), "this process knows no such station");
        assert_eq!(s.origin, Origin::Asking);
        let asked = s.query().unwrap();
        assert_eq!(
            (asked.q.as_str(), asked.prefer.as_deref(), asked.limit),
            ("qxzvwk", Some("finland"), MAX_MATCHES)
        );
        // An answer to older text is dropped.
        let stale = StationsQuery {
            q: "qxzvw".into(),
            ..asked.clone()
        };
        let answer = |records| {
            Ok(Arc::new(StationsAnswer {
                query: String::new(),
                stations: records,
            }))
        };
        s.answered(&stale, answer(vec![record("X", "Old", "finland")]));
        assert!(s.matches.is_empty());
        // The answer to this text replaces the matches; a country this process cannot keep
        // (not a slug) is left out rather than shown.
        s.answered(
            &asked,
            answer(vec![
                record("HKI", "Stadin asema", "finland"),
                record("Z", "Bad", "Not A Slug!"),
                record("TLN", "Tallinn", "estonia-region"),
            ]),
        );
        assert_eq!(s.origin, Origin::Server);
        let got: Vec<(&str, &str)> = s
            .matches
            .iter()
            .map(|m| (m.code.as_str(), m.country))
            .collect();
        assert_eq!(got, [("HKI", "finland"), ("TLN", "estonia-region")]);
        assert_eq!(
            s.edit(SearchEdit::Pick),
            Some(Picked {
                code: "HKI".into(),
                country: Some("finland")
            })
        );
        // Typing again asks again; a failure keeps this process's matches and says why.
        s.edit(SearchEdit::Backspace);
        assert_eq!(s.origin, Origin::Asking);
        let asked = s.query().unwrap();
        s.answered(
            &asked,
            Err(Failure::of(&crate::source::SourceError::NotFound(
                "no such endpoint".into(),
            ))),
        );
        assert!(matches!(&s.origin, Origin::ServerFailed(why) if why.contains("no such endpoint")));
        // A local source is never asked.
        assert_eq!(
            StationSearch::new(Some("finland"), false, None).query(),
            None
        );
    }
}
