//! The catalogues compiled in, read once into Fluent bundles, and the two ways to ask them: a
//! fixed word ([`Lang::t`], formatted once at start and lent for the program's life, so a
//! screen drawn every second allocates nothing for its headers) and a message with arguments
//! ([`Lang::t_args`]). A message a language lacks comes from English; one English lacks (a
//! typing mistake in the code, which the tests catch) is shown as its id rather than nothing.

use crate::lang::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// A language's catalogue: its files, one per part of railtop, read as one.
macro_rules! catalogue {
    ($code:literal) => {
        concat!(
            include_str!(concat!("../locales/", $code, "/board.ftl")),
            "\n",
            include_str!(concat!("../locales/", $code, "/dashboard.ftl")),
            "\n",
            include_str!(concat!("../locales/", $code, "/spoken.ftl")),
        )
    };
}

/// Each language's catalogue, in [`Lang::ALL`]'s order: `locales/<code>/board.ftl` (the
/// boards' words: the kiosk's, the columns, the statuses), `dashboard.ftl` (the dashboard's) and
/// `spoken.ftl` (the screen-reader mode's sentences).
pub(crate) const SOURCES: [(Lang, &str); 9] = [
    (Lang::En, catalogue!("en")),
    (Lang::De, catalogue!("de")),
    (Lang::Fr, catalogue!("fr")),
    (Lang::Nl, catalogue!("nl")),
    (Lang::It, catalogue!("it")),
    (Lang::Es, catalogue!("es")),
    (Lang::Fi, catalogue!("fi")),
    (Lang::Sv, catalogue!("sv")),
    (Lang::Nb, catalogue!("nb")),
];

struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// The messages without arguments, formatted once.
    fixed: HashMap<String, String>,
}

fn catalogues() -> &'static [Catalogue] {
    static CATALOGUES: OnceLock<Vec<Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(lang, text)| load(*lang, text))
            .collect()
    })
}

fn load(lang: Lang, text: &str) -> Catalogue {
    // A catalogue with a syntax error keeps the messages that parsed (the tests refuse any).
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
    let tag: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around arguments: a terminal would show them as spaces or
    // boxes, and every argument here is a number, a time or a cleaned name.
    bundle.set_use_isolating(false);
    let ids: Vec<String> = resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    // Two messages of one id: the first stays (the tests refuse the catalogue).
    let _ = bundle.add_resource(resource);
    let mut fixed = HashMap::new();
    for id in ids {
        let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, None, &mut errors);
        // A message that wants arguments is formatted when they come.
        if errors.is_empty() {
            fixed.insert(id, text.into_owned());
        }
    }
    Catalogue { bundle, fixed }
}

fn catalogue(lang: Lang) -> Option<&'static Catalogue> {
    let i = Lang::ALL.iter().position(|l| *l == lang)?;
    catalogues().get(i)
}

/// The arguments of a message: numbers (which choose plurals) and text.
#[derive(Default)]
pub struct Args<'a>(FluentArgs<'a>);

impl<'a> Args<'a> {
    pub fn new() -> Self {
        Args(FluentArgs::new())
    }

    pub fn set(&mut self, name: &'static str, value: impl Arg<'a>) {
        self.0.set(name, value.value());
    }
}

/// What a message's argument may be: a whole number (it chooses the plural) or text. Fluent
/// keeps numbers as `f64`; a number past 2^53 (only a hostile feed sends one) is passed as its
/// digits, so it is said exactly rather than rounded.
pub trait Arg<'a> {
    fn value(self) -> FluentValue<'a>;
}

/// The largest whole number an `f64` holds exactly.
const EXACT: u64 = 1 << 53;

macro_rules! whole_numbers {
    ($($t:ty),*) => {$(
        impl<'a> Arg<'a> for $t {
            #[allow(
                clippy::cast_precision_loss,
                reason = "only numbers an f64 holds exactly are cast; larger ones go as text"
            )]
            fn value(self) -> FluentValue<'a> {
                match i128::try_from(self) {
                    Ok(n) if n.unsigned_abs() <= u128::from(EXACT) => FluentValue::from(self as f64),
                    _ => FluentValue::from(self.to_string()),
                }
            }
        }
    )*};
}
whole_numbers!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<'a> Arg<'a> for String {
    fn value(self) -> FluentValue<'a> {
        FluentValue::from(self)
    }
}

impl<'a> Arg<'a> for &'a str {
    fn value(self) -> FluentValue<'a> {
        FluentValue::from(self)
    }
}

impl Lang {
    /// A fixed word or phrase in this language ("LEAVES", "cancelled"), English where this
    /// catalogue lacks it.
    pub fn t(self, id: &'static str) -> &'static str {
        [self, Lang::En]
            .into_iter()
            .filter_map(catalogue)
            .find_map(|c| c.fixed.get(id))
            .map_or(id, String::as_str)
    }

    /// A fixed word whose id is made at run time (`country-finland`), `None` where no
    /// catalogue has it: the caller says it another way.
    pub fn lookup(self, id: &str) -> Option<&'static str> {
        [self, Lang::En]
            .into_iter()
            .filter_map(catalogue)
            .find_map(|c| c.fixed.get(id))
            .map(String::as_str)
    }

    /// Whether this language's own catalogue has the message `id` (with or without arguments).
    pub fn has(self, id: &str) -> bool {
        catalogue(self).is_some_and(|c| c.bundle.has_message(id))
    }

    /// A message with arguments in this language, English where this catalogue lacks it.
    pub fn t_args(self, id: &str, args: &Args<'_>) -> String {
        for catalogue in [self, Lang::En].into_iter().filter_map(catalogue) {
            let bundle = &catalogue.bundle;
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, Some(&args.0), &mut errors)
                    .into_owned();
            }
        }
        id.to_string()
    }

    /// A date or time in this language's custom: `pattern` names a catalogue message holding a
    /// strftime pattern (`date-long = %A %-d. %B %Y`), the names of days and months are the
    /// language's. A pattern chrono cannot write falls back to English's, then to ISO 8601.
    pub fn date<Tz>(self, at: &chrono::DateTime<Tz>, pattern: &'static str) -> String
    where
        Tz: chrono::TimeZone,
        Tz::Offset: std::fmt::Display,
    {
        for lang in [self, Lang::En] {
            let mut out = String::new();
            let format = at.format_localized(lang.t(pattern), lang.chrono_locale());
            if write!(out, "{format}").is_ok() {
                return out;
            }
        }
        at.format("%Y-%m-%d %H:%M").to_string()
    }
}

#[cfg(test)]
mod tests;
