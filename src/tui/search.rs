//! The station search box: completes names and codes from the station directory of every
//! country, the selected country's first, each match naming its country; accepts any raw code
//! as typed.

use crate::stations::{Entry, Scope};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEdit {
    Input(char),
    Backspace,
    Next,
    Prev,
    Pick,
}

/// A station picked: its code, and its country when it came from the directory.
#[derive(Debug, Clone, PartialEq)]
pub struct Picked {
    pub code: String,
    pub country: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StationSearch {
    pub input: String,
    pub country: Option<String>,
    /// The directory's stations that match, best first (copies: the directory may be swapped
    /// for a fresher one while the box is open).
    pub matches: Vec<Entry>,
    pub selected: usize,
}

/// Longest input kept: codes and names are short.
const MAX_INPUT: usize = 60;
/// Matches shown at once.
pub const MAX_MATCHES: usize = 12;

impl StationSearch {
    pub fn new(country: Option<&str>) -> StationSearch {
        let mut s = StationSearch {
            input: String::new(),
            country: country.map(String::from),
            matches: Vec::new(),
            selected: 0,
        };
        s.refresh();
        s
    }

    /// Applies one edit; returns the station when one is picked.
    pub fn edit(&mut self, edit: SearchEdit) -> Option<Picked> {
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
            limit: MAX_MATCHES,
            ..Scope::default()
        };
        self.matches = crate::stations::current()
            .search(&self.input, scope)
            .into_iter()
            .map(|m| m.entry.clone())
            .collect();
        self.selected = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(country: Option<&str>, text: &str) -> StationSearch {
        let mut s = StationSearch::new(country);
        for c in text.chars() {
            s.edit(SearchEdit::Input(c));
        }
        s
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
}
