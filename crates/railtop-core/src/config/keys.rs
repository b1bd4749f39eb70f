//! The file's `[keys]` table, kept raw: `action = "key"` or `action = ["key", "key"]`, each
//! entry with its line. What the actions and key names mean is the dashboard's to say (it
//! checks them at start, naming the line): the configuration knows no screen.

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One entry of `[keys]` as the file wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KeyEntry {
    /// The key names given, one or several (`"q"`, `["j", "down"]`).
    #[serde(deserialize_with = "one_or_many")]
    pub keys: Vec<String>,
    /// The line of the file it is on (filled in when the file is parsed; 0 when unknown).
    #[serde(skip)]
    pub line: usize,
}

/// An action and the keys the file binds it to, resolved: what the dashboard checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyBinding {
    pub action: String,
    pub keys: Vec<String>,
    /// The file's line that says it.
    pub line: usize,
}

/// The `[keys]` table's entries in the file's order.
pub(super) fn bindings(table: &BTreeMap<toml::Spanned<String>, KeyEntry>) -> Vec<KeyBinding> {
    let mut all: Vec<KeyBinding> = table
        .iter()
        .map(|(action, entry)| KeyBinding {
            action: action.get_ref().clone(),
            keys: entry.keys.clone(),
            line: entry.line,
        })
        .collect();
    all.sort_by_key(|b| b.line);
    all
}

/// Each entry's line, from where its action's name starts in `text`.
pub(super) fn number_lines(table: &mut BTreeMap<toml::Spanned<String>, KeyEntry>, text: &str) {
    for (action, entry) in table.iter_mut() {
        let start = action.span().start.min(text.len());
        entry.line = text.as_bytes()[..start]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
    }
}

/// `--print-config`'s `[keys]`: each action and its keys, as the file may write them.
pub(super) fn serialize<S: serde::Serializer>(
    keys: &[KeyBinding],
    s: S,
) -> Result<S::Ok, S::Error> {
    keys.iter()
        .map(|b| (b.action.as_str(), &b.keys))
        .collect::<BTreeMap<_, _>>()
        .serialize(s)
}

fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Keys;
    impl<'de> Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a key such as \"q\", or a list of them such as [\"j\", \"down\"]")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut keys = Vec::new();
            while let Some(key) = seq.next_element::<String>()? {
                keys.push(key);
            }
            if keys.is_empty() {
                return Err(de::Error::custom(
                    "an action needs at least one key (leave it out to keep its default)",
                ));
            }
            Ok(keys)
        }
    }
    d.deserialize_any(Keys)
}
