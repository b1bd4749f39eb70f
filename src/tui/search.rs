//! The station search box: completes names and codes from the embedded station lists of the
//! selected country (all countries without one), and accepts any raw code as typed.

use crate::assets;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEdit {
    Input(char),
    Backspace,
    Next,
    Prev,
    Pick,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StationMatch {
    pub code: String,
    pub name: String,
    pub country: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StationSearch {
    pub input: String,
    pub country: Option<String>,
    pub matches: Vec<StationMatch>,
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

    /// Applies one edit; returns the station code when one is picked.
    pub fn edit(&mut self, edit: SearchEdit) -> Option<String> {
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
                    return Some(m.code.clone());
                }
                let raw = self.input.trim();
                // Not in our lists: the source may still know it.
                return (!raw.is_empty()).then(|| raw.to_string());
            }
        }
        None
    }

    fn refresh(&mut self) {
        let q = self.input.trim().to_lowercase();
        let mut scored: Vec<(u8, StationMatch)> = Vec::new();
        let mut lists: Vec<(&'static str, &'static [assets::Station])> = assets::station_lists()
            .iter()
            .filter(|(slug, _)| self.country.as_deref().is_none_or(|c| c == **slug))
            .map(|(slug, list)| (*slug, list.as_slice()))
            .collect();
        lists.sort_by_key(|(slug, _)| *slug);
        for (slug, list) in lists {
            for s in list {
                let code = s.code.to_lowercase();
                let name = s.name.to_lowercase();
                let score = if q.is_empty() {
                    3
                } else if code == q || s.aliases.iter().any(|a| a.to_lowercase() == q) {
                    0
                } else if name.starts_with(&q) || code.starts_with(&q) {
                    1
                } else if name.contains(&q) {
                    2
                } else {
                    continue;
                };
                scored.push((
                    score,
                    StationMatch {
                        code: s.code.clone(),
                        name: s.name.clone(),
                        country: slug,
                    },
                ));
            }
        }
        scored.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
        self.matches = scored
            .into_iter()
            .map(|(_, m)| m)
            .take(MAX_MATCHES)
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
    fn completes_names_and_codes() {
        let s = typed(Some("finland"), "tam");
        assert_eq!(s.matches[0].code, "TPE");
        let s = typed(Some("finland"), "hki");
        assert_eq!(s.matches[0].name, "Helsinki");
        let s = typed(None, "berlin-hbf");
        assert_eq!(s.matches[0].code, "8011160", "aliases match exactly");
        let s = typed(None, "zürich");
        assert!(s.matches.iter().any(|m| m.code == "8503000"));
    }

    #[test]
    fn stays_in_the_selected_country() {
        let s = typed(Some("ireland"), "hel");
        assert!(s.matches.iter().all(|m| m.country == "ireland"));
    }

    #[test]
    fn picks_the_highlight_or_the_raw_code() {
        let mut s = typed(Some("finland"), "tampere");
        assert_eq!(s.edit(SearchEdit::Pick).as_deref(), Some("TPE"));
        let mut s = typed(Some("finland"), "XYZ9");
        assert!(s.matches.is_empty());
        assert_eq!(s.edit(SearchEdit::Pick).as_deref(), Some("XYZ9"));
        let mut s = typed(Some("finland"), "p");
        s.edit(SearchEdit::Next);
        assert_eq!(s.selected, 1);
        s.edit(SearchEdit::Prev);
        s.edit(SearchEdit::Prev);
        assert_eq!(s.selected, 0);
    }
}
