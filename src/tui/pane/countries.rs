//! The countries pane: the selector's entries (all countries, then every live one), what is
//! known of each (its trains, why it fails, as of when), and which one is selected.

use chrono::{DateTime, Utc};
use railtop_core::country;
use railtop_core::model::RealtimeResponse;
use std::collections::HashMap;
use std::sync::Arc;

/// What the selector knows of one country.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CountryStatus {
    pub trains: Option<u64>,
    pub failing: Option<String>,
    pub as_of: Option<DateTime<Utc>>,
}

#[derive(Debug, Default)]
pub struct Countries {
    /// Countries in the selector (from `liveCountries`).
    pub live: Vec<String>,
    pub status: HashMap<String, CountryStatus>,
    /// `None`: all countries.
    pub selected: Option<String>,
    /// The countries the source serves as far as it is known without an answer (the selector's
    /// entries while no answer has listed the live ones, e.g. offline).
    pub known: Vec<String>,
    /// Countries the source cannot answer for, and why (shown in the help window).
    pub not_live: Vec<(String, String)>,
    /// The last all-countries answer and when it came: a country chosen from it shows its part
    /// at once, and keeps it if its own fetch fails.
    pub last_all: Option<(Arc<RealtimeResponse>, DateTime<Utc>)>,
}

impl Countries {
    pub fn new(selected: Option<String>) -> Countries {
        Countries {
            selected,
            ..Countries::default()
        }
    }

    /// Selector entries: `None` (all countries) then every live country.
    pub(crate) fn selector(&self) -> Vec<Option<String>> {
        let mut entries: Vec<Option<String>> = std::iter::once(None)
            .chain(self.live.iter().cloned().map(Some))
            .collect();
        // Before the first answer (or for a country the source stopped listing) the current
        // country still has its place.
        if self.selected.is_some() && !entries.contains(&self.selected) {
            entries.push(self.selected.clone());
        }
        entries
    }

    /// The selected entry's place in [`selector`](Self::selector).
    pub(crate) fn selector_index(&self) -> usize {
        self.selector()
            .iter()
            .position(|c| *c == self.selected)
            .unwrap_or(0)
    }

    /// The entry `delta` places from the selected one, round the ends.
    pub(crate) fn stepped(&self, delta: isize) -> Option<String> {
        let entries = self.selector();
        let n = entries.len() as isize;
        let next = (self.selector_index() as isize + delta).rem_euclid(n.max(1));
        entries.get(next as usize).cloned().flatten()
    }

    /// A selector entry's name: "All countries" or the country's.
    /// A country's name in `lang` (the catalogue's `country-<slug>`), else the country
    /// table's; a region of the user's own `[[feeds]]` as they named it.
    pub fn name(slug: Option<&str>, lang: railtop_i18n::Lang) -> String {
        match slug {
            None => lang.t("all-countries").into(),
            Some(s) => match country::by_slug(s) {
                Some(c) => lang
                    .lookup(&format!("country-{}", c.slug))
                    .unwrap_or(c.name)
                    .to_string(),
                None => s.to_string(),
            },
        }
    }

    /// Files an answer asked for `asked` (`None`: all countries): each country it covers gets
    /// its count of trains, the countries it says failed get why.
    pub fn answered(
        &mut self,
        asked: Option<&str>,
        answer: &Arc<RealtimeResponse>,
        at: DateTime<Utc>,
    ) {
        if !answer.live_countries.is_empty() {
            self.live = answer.live_countries.clone();
        }
        let mut counts: HashMap<&str, u64> = HashMap::new();
        for t in &answer.trains {
            if let Some(c) = t.country.as_deref().or(asked) {
                *counts.entry(c).or_default() += 1;
            }
        }
        let covered: Vec<String> = match asked {
            Some(c) => vec![c.to_string()],
            None => answer.live_countries.clone(),
        };
        for slug in covered {
            let status = self.status.entry(slug.clone()).or_default();
            status.trains = Some(counts.get(slug.as_str()).copied().unwrap_or(0));
            status.failing = None;
            status.as_of = Some(at);
        }
        for failed in &answer.failed_countries {
            let status = self.status.entry(failed.country.clone()).or_default();
            status.failing = Some(failed.reason.clone());
        }
        if asked.is_none() {
            self.last_all = Some((answer.clone(), at));
        }
    }

    /// Files a failed fetch for `asked`.
    pub fn failed(&mut self, asked: Option<&str>, why: String) {
        if let Some(c) = asked {
            self.status.entry(c.to_string()).or_default().failing = Some(why);
        }
        // Offline from the start: the selector still lists the countries the source serves,
        // so ←/→ reach them (each says why it fails).
        if self.live.is_empty() {
            self.live = self.known.clone();
        }
    }

    /// The selected country's part of the last all-countries answer, if it has any trains.
    pub(crate) fn part_of_last_all(&self) -> Option<(Arc<RealtimeResponse>, DateTime<Utc>)> {
        let (c, (all, at)) = (self.selected.as_ref()?, self.last_all.as_ref()?);
        let trains: Vec<_> = all
            .trains
            .iter()
            .filter(|t| t.country.as_deref() == Some(c.as_str()))
            .cloned()
            .collect();
        if trains.is_empty() {
            return None;
        }
        let mut part =
            RealtimeResponse::new(trains, all.live_countries.clone(), all.fetched_at.clone());
        part.attribution = all.attribution.clone();
        part.simulated = all.simulated;
        Some((Arc::new(part), *at))
    }
}
