//! The nine languages, read from `--lang`, the configuration or the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`, in POSIX's order), and the pair a board alternates (`fi,en`).

use std::fmt;
use std::str::FromStr;

/// One of the languages railtop speaks. English is the reference and the fallback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Nl,
    It,
    Es,
    Fi,
    Sv,
    Nb,
}

/// A language name that is not one of the nine, or more than two to alternate.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LangError {
    #[error("{0:?} is not a language railtop speaks: one of {list}", list = Lang::codes())]
    Unknown(String),
    #[error("{0:?} names more than two languages: a board alternates at most two, such as fi,en")]
    TooMany(String),
    #[error("{0:?} names no language: give one of {list}, or two such as fi,en", list = Lang::codes())]
    Empty(String),
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 9] = [
        Lang::En,
        Lang::De,
        Lang::Fr,
        Lang::Nl,
        Lang::It,
        Lang::Es,
        Lang::Fi,
        Lang::Sv,
        Lang::Nb,
    ];

    /// The ISO 639-1 code, as `--lang` takes it and the catalogue's file is named.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
            Lang::It => "it",
            Lang::Es => "es",
            Lang::Fi => "fi",
            Lang::Sv => "sv",
            Lang::Nb => "nb",
        }
    }

    /// The language's name in itself ("Suomi"), as a list of choices shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Nl => "Nederlands",
            Lang::It => "Italiano",
            Lang::Es => "Español",
            Lang::Fi => "Suomi",
            Lang::Sv => "Svenska",
            Lang::Nb => "Norsk bokmål",
        }
    }

    fn codes() -> String {
        Lang::ALL.map(Lang::code).join(", ")
    }

    /// A language from a code (`de`), a tag (`de-AT`) or a POSIX locale (`de_DE.UTF-8`,
    /// `fi_FI@euro`). `C` and `POSIX` are English; Norwegian (`no`, `nn`) is said in bokmål.
    /// `None` for a language railtop does not speak.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let name = locale
            .split(['.', '@'])
            .next()
            .unwrap_or_default()
            .split(['_', '-'])
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        match name.as_str() {
            "c" | "posix" | "en" => Some(Lang::En),
            "no" | "nn" => Some(Lang::Nb),
            _ => Lang::ALL.into_iter().find(|l| l.code() == name),
        }
    }

    /// The language the locale asks for, read as gettext reads it for messages: the first of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty decides. `None` where none
    /// is set or it names a language railtop does not speak (English is then said).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.trim().is_empty())
            .and_then(|value| Lang::from_locale(&value))
    }

    /// chrono's locale for weekday and month names.
    pub(crate) fn chrono_locale(self) -> chrono::Locale {
        match self {
            Lang::En => chrono::Locale::en_GB,
            Lang::De => chrono::Locale::de_DE,
            Lang::Fr => chrono::Locale::fr_FR,
            Lang::Nl => chrono::Locale::nl_NL,
            Lang::It => chrono::Locale::it_IT,
            Lang::Es => chrono::Locale::es_ES,
            Lang::Fi => chrono::Locale::fi_FI,
            Lang::Sv => chrono::Locale::sv_SE,
            Lang::Nb => chrono::Locale::nb_NO,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = LangError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::from_locale(s).ok_or_else(|| LangError::Unknown(s.to_string()))
    }
}

/// The language a screen speaks, or two a board alternates page by page as station boards do
/// (`fi,en`: each page in Finnish, then in English). A screen that cannot alternate (the
/// dashboard) speaks the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Langs {
    pub first: Lang,
    pub then: Option<Lang>,
}

impl Langs {
    pub fn one(lang: Lang) -> Self {
        Langs {
            first: lang,
            then: None,
        }
    }

    /// The language of the `turn`th showing: the first on even turns, the other on odd ones.
    pub fn at(self, turn: usize) -> Lang {
        match self.then {
            Some(then) if turn % 2 == 1 => then,
            _ => self.first,
        }
    }

    /// How many languages take turns: 1 or 2.
    pub fn count(self) -> usize {
        1 + usize::from(self.then.is_some())
    }
}

impl fmt::Display for Langs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.then {
            Some(then) => write!(f, "{},{then}", self.first),
            None => write!(f, "{}", self.first),
        }
    }
}

impl FromStr for Langs {
    type Err = LangError;
    /// `fi`, or `fi,en`; the same language twice is one.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let names: Vec<&str> = s
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect();
        let langs = names
            .iter()
            .map(|n| n.parse::<Lang>())
            .collect::<Result<Vec<_>, _>>()?;
        match langs.as_slice() {
            [] => Err(LangError::Empty(s.to_string())),
            [one] => Ok(Langs::one(*one)),
            [first, then] => Ok(Langs {
                first: *first,
                then: (first != then).then_some(*then),
            }),
            _ => Err(LangError::TooMany(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), Some(Lang::De));
        assert_eq!(Lang::from_locale("fi_FI@euro"), Some(Lang::Fi));
        assert_eq!(Lang::from_locale("sv-FI"), Some(Lang::Sv));
        assert_eq!(Lang::from_locale("nn_NO.UTF-8"), Some(Lang::Nb));
        assert_eq!(Lang::from_locale("C.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("POSIX"), Some(Lang::En));
        assert_eq!(Lang::from_locale("pt_BR.UTF-8"), None);
        assert_eq!(Lang::from_locale(""), None);
    }

    #[test]
    fn the_locale_is_read_in_posix_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_env(env(&[("LANG", "fr_FR.UTF-8")])),
            Some(Lang::Fr)
        );
        assert_eq!(
            Lang::from_env(env(&[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "nl_NL")])),
            Some(Lang::Nl)
        );
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", "it_IT"), ("LC_MESSAGES", "nl_NL")])),
            Some(Lang::It)
        );
        // An empty variable is as good as unset.
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", ""), ("LANG", "es_ES")])),
            Some(Lang::Es)
        );
        assert_eq!(Lang::from_env(env(&[("LANG", "ja_JP.UTF-8")])), None);
        assert_eq!(Lang::from_env(env(&[])), None);
    }

    #[test]
    fn two_languages_alternate_and_three_are_refused() {
        let langs: Langs = "fi,en".parse().unwrap_or_default();
        assert_eq!(
            (langs.at(0), langs.at(1), langs.at(2)),
            (Lang::Fi, Lang::En, Lang::Fi)
        );
        assert_eq!(langs.to_string(), "fi,en");
        assert_eq!("de".parse::<Langs>(), Ok(Langs::one(Lang::De)));
        assert_eq!("de,de".parse::<Langs>(), Ok(Langs::one(Lang::De)));
        assert!(matches!(
            "fi,en,sv".parse::<Langs>(),
            Err(LangError::TooMany(_))
        ));
        assert!(matches!(
            "klingon".parse::<Langs>(),
            Err(LangError::Unknown(_))
        ));
        assert!(matches!(" , ".parse::<Langs>(), Err(LangError::Empty(_))));
        let refused = "xx".parse::<Langs>().err().map(|e| e.to_string());
        assert_eq!(
            refused.as_deref(),
            Some("\"xx\" is not a language railtop speaks: one of en, de, fr, nl, it, es, fi, sv, nb")
        );
    }
}
