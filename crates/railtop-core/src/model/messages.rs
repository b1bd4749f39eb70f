//! The texts a feed attaches to a train or a board (messages, notices, via stops), made safe to
//! show: cleaned through the one sanitiser, blank ones and repeats dropped, bounded, and each
//! message's language kept in step with it as a plain tag.

use super::MAX_MESSAGES;
use crate::text::clean;

/// A list of texts from outside made safe to show: each cleaned, none blank, none twice, at
/// most `max`.
pub(super) fn clean_list(list: &mut Vec<String>, max: usize) {
    list.truncate(max.saturating_mul(4));
    list.iter_mut().for_each(clean);
    let mut seen = std::collections::HashSet::new();
    list.retain(|s| !s.trim().is_empty() && seen.insert(s.clone()));
    list.truncate(max);
}

/// Whether no message's language is known (then `messageLanguages` is not written).
pub(super) fn languages_unknown(langs: &[Option<String>]) -> bool {
    langs.iter().all(Option::is_none)
}

/// A language tag as railtop keeps it: ASCII letters, digits and hyphens, at most 16
/// characters, lower-cased; anything else is no tag.
pub(super) fn language_tag(tag: &str) -> Option<String> {
    let tag = tag.trim();
    (!tag.is_empty()
        && tag.len() <= 16
        && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    .then(|| tag.to_ascii_lowercase())
}

/// Appends one message and its language, keeping the two lists in step.
pub(super) fn add_message(
    messages: &mut Vec<String>,
    langs: &mut Vec<Option<String>>,
    text: String,
    lang: Option<&str>,
) {
    langs.resize(messages.len(), None);
    messages.push(text);
    langs.push(lang.and_then(language_tag));
}

/// [`clean_list`] for messages and their languages together: each text cleaned, blank ones and
/// repeats dropped with their languages, at most [`MAX_MESSAGES`]; the languages as many as the
/// messages, each a plain tag or none, and none at all when no language is known.
pub(super) fn clean_messages(messages: &mut Vec<String>, langs: &mut Vec<Option<String>>) {
    messages.truncate(MAX_MESSAGES.saturating_mul(4));
    langs.resize(messages.len(), None);
    let mut seen = std::collections::HashSet::new();
    let mut kept = Vec::with_capacity(messages.len());
    let mut kept_langs = Vec::with_capacity(messages.len());
    for (mut text, lang) in std::mem::take(messages).into_iter().zip(langs.drain(..)) {
        clean(&mut text);
        if text.trim().is_empty() || !seen.insert(text.clone()) || kept.len() >= MAX_MESSAGES {
            continue;
        }
        kept.push(text);
        kept_langs.push(lang.as_deref().and_then(language_tag));
    }
    *messages = kept;
    *langs = if languages_unknown(&kept_langs) {
        Vec::new()
    } else {
        kept_langs
    };
}

pub(super) fn messages_in(messages: &[String], langs: &mut Vec<Option<String>>, lang: &str) {
    langs.resize(messages.len(), None);
    for l in langs.iter_mut().filter(|l| l.is_none()) {
        *l = language_tag(lang);
    }
}
