//! railtop's own words — headers, columns, statuses, help, the kiosk's "LEAVES" — in nine
//! languages, and the choice of which. The words live in Project Fluent catalogues
//! (`locales/<code>/*.ftl`, compiled into the binary: a board on a closed network needs no
//! files), one per language, English the reference: a message a catalogue lacks is said in
//! English, and the crate's tests fail when any catalogue lacks a message English has, has one
//! English does not, or uses a variable English does not pass. Station names and the feeds' own
//! messages are not railtop's words and never pass through here.
//!
//! A screen holds a [`Lang`] (or, for a board that alternates two, a [`Langs`]) and asks it for
//! each word: `lang.t("col-time")` for a fixed one, `tr!(lang, "delay-late", n = 5)` for one
//! with arguments (plurals and word order are the catalogue's business).

mod catalogue;
mod lang;

pub use catalogue::{Arg, Args};
pub use lang::{Lang, LangError, Langs};

/// A message with arguments in `lang`: `tr!(lang, "minutes-late", n = 5)`. Without arguments
/// it is [`Lang::t`].
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr) => {
        $lang.t($id)
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::Args::new();
        $( args.set(stringify!($name), $value); )+
        $lang.t_args($id, &args)
    }};
}
