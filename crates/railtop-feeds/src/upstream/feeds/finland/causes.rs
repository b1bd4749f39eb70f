//! Digitraffic's delay causes: the codes a train's rows carry (`causes[]`: a category such as
//! `R`, a detailed code `R1`, a third-level code `R201`), and their Finnish names from the three
//! code lists (`/api/v1/metadata/cause-category-codes`, `detailed-cause-category-codes`,
//! `third-cause-category-codes`), fetched at most once a day. Without the lists the categories'
//! names come from [`CAUSE_CATEGORIES`] and finer codes are said as codes.

use super::{lenient, COUNTRY};
use crate::upstream::parse::{self, ParseError};
use railtop_core::model::tolerant;
use railtop_core::text::cleaned;
use serde::Deserialize;
use std::collections::HashMap;

/// The three code lists, categories first.
pub(super) const CODE_LISTS: [&str; 3] = [
    "/api/v1/metadata/cause-category-codes",
    "/api/v1/metadata/detailed-cause-category-codes",
    "/api/v1/metadata/third-cause-category-codes",
];

/// Entries kept from one code list at most (the lists have a few hundred).
const MAX_CODES: usize = 2_000;

/// Distinct causes named for one train or one call at most (its messages are cut to four
/// anyway).
const MAX_CAUSES: usize = 16;

/// A delay's cause as a row codes it. Each code may be missing (older rows have no third
/// code); the `…Id` twins the feed writes beside them are not read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Cause {
    #[serde(default, deserialize_with = "tolerant::string")]
    category_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    detailed_category_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    third_category_code: String,
}

impl Cause {
    /// Its codes, category first, trimmed: the category from the finer codes' first letter when
    /// the row left it out; `None` for a cause with no code at all.
    fn codes(&self) -> Option<[String; 3]> {
        let (detailed, third) = (
            self.detailed_category_code.trim(),
            self.third_category_code.trim(),
        );
        let category = match self.category_code.trim() {
            "" => [detailed, third]
                .into_iter()
                .find_map(|c| c.chars().next())
                .map(String::from)?,
            code => code.to_string(),
        };
        Some([category, detailed.to_string(), third.to_string()])
    }
}

/// Digitraffic's cause categories (`/api/v1/metadata/cause-category-codes`): the feed's own
/// Finnish name, and railtop's English for it. The codes have not changed since 2017.
pub(super) const CAUSE_CATEGORIES: &[(&str, &str, &str)] = &[
    ("A", "Aikataulu ja liikennöinti", "timetable and operation"),
    ("E", "Etuajassakulku", "running early"),
    ("H", "Henkilökunta", "staff"),
    ("I", "Muut syyt", "other causes"),
    ("J", "Junanmuodostus", "train formation"),
    (
        "K",
        "Kalusto, moottorijunat ja vaunut",
        "rolling stock: multiple units and carriages",
    ),
    ("L", "Liikenteenhoito", "traffic management"),
    ("M", "Matkustajapalvelu", "passenger service"),
    ("O", "Onnettomuus", "accident"),
    (
        "P",
        "Liikenteenhoitojärjestelmät",
        "traffic control systems",
    ),
    ("R", "Ratatyö", "track works"),
    ("S", "Sähkörata", "overhead line"),
    ("T", "Rata (ratarakenne)", "track structure"),
    ("V", "Vetokalusto", "locomotives"),
];

/// What a code list says of one code: its Finnish name, and the English of its passenger
/// term where the list has one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CauseName {
    pub fi: String,
    pub en: Option<String>,
}

/// The names of cause codes of every level, by code (`R`, `R1`, `R201`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CauseNames {
    names: HashMap<String, CauseName>,
}

impl CauseNames {
    /// The embedded categories alone: what railtop says while the code lists are unavailable.
    pub fn embedded() -> CauseNames {
        CauseNames {
            names: CAUSE_CATEGORIES
                .iter()
                .map(|(code, fi, _)| {
                    let name = CauseName {
                        fi: (*fi).to_string(),
                        en: None,
                    };
                    ((*code).to_string(), name)
                })
                .collect(),
        }
    }

    /// Adds `other`'s names, each replacing what was known of its code.
    pub fn merge(&mut self, other: CauseNames) {
        self.names.extend(other.names);
    }

    pub fn get(&self, code: &str) -> Option<&CauseName> {
        self.names.get(code)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// One entry of a code list: one of the three code/name pairs, by the list.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CodeEntry {
    #[serde(default, deserialize_with = "tolerant::string")]
    category_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    category_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    detailed_category_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    detailed_category_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    third_category_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    third_category_name: String,
    #[serde(default, deserialize_with = "lenient")]
    passenger_term: Option<Term>,
}

/// A code's words for passengers, `{fi, en, sv}` (the feed rarely sends them).
#[derive(Deserialize)]
struct Term {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    en: Option<String>,
}

/// Any of the three code lists (`cause-category-codes`, `detailed-…`, `third-…`): each code
/// with its Finnish name (and its passenger term's English, where given).
pub fn parse_cause_codes(bytes: &[u8]) -> Result<CauseNames, ParseError> {
    let parse::AtMost(list) =
        parse::json::<parse::AtMost<CodeEntry, MAX_CODES>>(COUNTRY.slug, bytes)
            .map_err(|e| e.within("cause codes"))?;
    let mut names = HashMap::new();
    for e in list {
        let pairs = [
            (&e.third_category_code, &e.third_category_name),
            (&e.detailed_category_code, &e.detailed_category_name),
            (&e.category_code, &e.category_name),
        ];
        let Some((code, name)) = pairs.into_iter().find(|(code, _)| !code.trim().is_empty()) else {
            continue;
        };
        let en = e
            .passenger_term
            .and_then(|t| t.en)
            .map(|en| cleaned(&en))
            .filter(|en| !en.is_empty());
        let fi = cleaned(name);
        if fi.is_empty() && en.is_none() {
            continue;
        }
        names.insert(cleaned(code), CauseName { fi, en });
    }
    Ok(CauseNames { names })
}

/// The messages of `causes` (a train's, or those up to one call), each cause once, as pairs of
/// a text and its language. First one line of railtop's English for them all, `Delay cause:
/// track works` or `Delay causes: other causes; passenger service` (with a code's passenger
/// term where the list has one, `accident (An animal on the track)`; a category railtop has no
/// English for said as its code); then for each cause the feed's Finnish names of every level
/// it gives, `Myöhästymisen syy: Ratatyö – Ratatyön aiheuttama nopeusrajoitus` (a code
/// without a name said as the code). An answer keeps four messages: the English line names
/// every cause even when the Finnish ones are cut.
pub(super) fn cause_messages<'a>(
    causes: impl IntoIterator<Item = &'a Cause>,
    names: &CauseNames,
) -> Vec<(String, &'static str)> {
    let mut seen: Vec<[String; 3]> = Vec::new();
    for codes in causes.into_iter().filter_map(Cause::codes) {
        if seen.len() >= MAX_CAUSES {
            break;
        }
        if !seen.contains(&codes) {
            seen.push(codes);
        }
    }
    let mut english: Vec<String> = Vec::new();
    let mut finnish: Vec<(String, &'static str)> = Vec::new();
    for [category, detailed, third] in &seen {
        let gloss = CAUSE_CATEGORIES
            .iter()
            .find(|(code, _, _)| *code == category.as_str())
            .map(|(_, _, en)| *en);
        let finer = [third, detailed].into_iter().filter(|c| !c.is_empty());
        let term = finer.clone().find_map(|code| names.get(code)?.en.clone());
        let words = match (gloss, term) {
            (Some(gloss), Some(term)) => format!("{gloss} ({term})"),
            (Some(gloss), None) => gloss.to_string(),
            (None, Some(term)) => term,
            (None, None) => {
                let code = finer.clone().next().unwrap_or(category);
                format!("code {code}")
            }
        };
        if !english.contains(&words) {
            english.push(words);
        }
        let levels: Vec<&String> = [category, detailed, third]
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect();
        let named = |code: &str| {
            names
                .get(code)
                .map(|n| n.fi.as_str())
                .filter(|n| !n.is_empty())
        };
        if levels.iter().any(|code| named(code).is_some()) {
            let words: Vec<&str> = levels
                .iter()
                .map(|code| named(code).unwrap_or(code.as_str()))
                .collect();
            let text = format!("Myöhästymisen syy: {}", words.join(" – "));
            if !finnish.iter().any(|(t, _)| *t == text) {
                finnish.push((text, "fi"));
            }
        }
    }
    let mut said = Vec::with_capacity(finnish.len() + 1);
    match english.as_slice() {
        [] => {}
        [one] => said.push((format!("Delay cause: {one}"), "en")),
        many => said.push((format!("Delay causes: {}", many.join("; ")), "en")),
    }
    said.extend(finnish);
    said
}
