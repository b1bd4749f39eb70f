//! `ssh STATION@host`: the login name chooses the board a viewer starts on, as `ssh chat@…`-style
//! services do. It is matched against the server's own stations only (the poller fetches those
//! and no others), by what the operator wrote (`HKI`, `tampere`) or by the station the directory
//! resolves both to. Any other name (`alice`, the local user OpenSSH sends by default) starts on
//! the first station, as before; a name that is a real station this server does not show is told
//! so in a line, then starts there too.

use railtop_core::stations::{current, Entry};

/// What the login name asks for.
#[derive(Debug, PartialEq)]
pub(crate) enum Chosen {
    /// One of the server's stations, by its place in the list: held, not rotated away from.
    Station(usize),
    /// A station the server does not show: the sentence to tell the viewer.
    NotHere(String),
    /// No station at all (a person's name): the default board.
    Default,
}

/// What a login name asks for besides its station: `+sr` the board as lines for a screen
/// reader (`ssh TPE+sr@host`, or `ssh sr@host` for the first station), `+de` (any of the nine
/// languages' codes) the board in that language; both may follow the station, in either order.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Asked<'a> {
    /// The login name without its endings: a station, or a person's name.
    pub name: &'a str,
    pub speak: bool,
    pub lang: Option<railtop_i18n::Lang>,
}

/// Reads the endings off a login name; an ending that is neither (`A+B`) stays in the name.
pub(crate) fn asked(user: &str) -> Asked<'_> {
    let mut asked = Asked {
        name: user.trim(),
        speak: false,
        lang: None,
    };
    if asked.name.eq_ignore_ascii_case("sr") {
        asked.name = "";
        asked.speak = true;
        return asked;
    }
    // At most the two endings, from the right.
    for _ in 0..2 {
        let Some((rest, ending)) = asked.name.rsplit_once('+') else {
            break;
        };
        if ending.eq_ignore_ascii_case("sr") && !asked.speak {
            asked.speak = true;
        } else if let Some(lang) = railtop_i18n::Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(ending))
            .filter(|_| asked.lang.is_none())
        {
            asked.lang = Some(lang);
        } else {
            break;
        }
        asked.name = rest;
    }
    asked
}

/// The station `user` names among `stations`.
pub(crate) fn chosen(user: &str, stations: &[String]) -> Chosen {
    let user = user.trim();
    if user.is_empty() {
        return Chosen::Default;
    }
    if let Some(i) = stations.iter().position(|s| s.eq_ignore_ascii_case(user)) {
        return Chosen::Station(i);
    }
    // The directory's one look-up of a station a command was given (`TPE`, `tampere`,
    // `finland:TPE`), for the login name and the server's stations alike.
    let directory = current();
    let Some(asked) = directory.named(user) else {
        return Chosen::Default;
    };
    let same = |e: &Entry| e.code == asked.code && e.country == asked.country;
    match stations
        .iter()
        .position(|s| directory.named(s).is_some_and(same))
    {
        Some(i) => Chosen::Station(i),
        // Each of the server's stations by its name (`Helsinki, Tampere`), however the
        // operator typed it; one the directory does not know, as typed, cleaned.
        None => Chosen::NotHere(format!(
            "this board shows {}, not {}; ssh NAME@host with one of those chooses it",
            stations
                .iter()
                .map(|s| directory
                    .named(s)
                    .map_or_else(|| railtop_core::text::cleaned(s), |e| e.name.clone()))
                .collect::<Vec<_>>()
                .join(", "),
            asked.described()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{chosen, Chosen};

    #[test]
    fn a_login_name_ending_in_plus_sr_or_a_language_asks_for_them() {
        use super::{asked, Asked};
        use railtop_i18n::Lang;
        let said = |name, speak, lang| Asked { name, speak, lang };
        assert_eq!(asked("TPE+sr"), said("TPE", true, None));
        assert_eq!(asked("tampere+SR"), said("tampere", true, None));
        assert_eq!(asked("sr"), said("", true, None));
        assert_eq!(asked("TPE"), said("TPE", false, None));
        assert_eq!(asked("+sr"), said("", true, None));
        assert_eq!(asked("TPE+de"), said("TPE", false, Some(Lang::De)));
        assert_eq!(asked("TPE+sr+fi"), said("TPE", true, Some(Lang::Fi)));
        assert_eq!(asked("TPE+FI+sr"), said("TPE", true, Some(Lang::Fi)));
        assert_eq!(asked("+sv"), said("", false, Some(Lang::Sv)));
        // Not an ending: kept in the name.
        assert_eq!(asked("A+B"), said("A+B", false, None));
        assert_eq!(asked("TPE+de+fi"), said("TPE+de", false, Some(Lang::Fi)));
        assert_eq!(asked("é+s"), said("é+s", false, None));
        assert_eq!(asked("ée"), said("ée", false, None));
    }

    #[test]
    fn the_login_name_chooses_among_the_servers_stations() {
        let stations = vec!["HKI".to_string(), "tampere".to_string()];
        assert_eq!(chosen("hki", &stations), Chosen::Station(0));
        assert_eq!(chosen("TAMPERE", &stations), Chosen::Station(1));
        assert_eq!(chosen("TPE", &stations), Chosen::Station(1), "its code");
        assert_eq!(
            chosen("helsinki", &stations),
            Chosen::Station(0),
            "its name"
        );
        assert_eq!(chosen("alice", &stations), Chosen::Default);
        assert_eq!(chosen("", &stations), Chosen::Default);
        match chosen("oulu", &stations) {
            Chosen::NotHere(why) => assert!(
                why.starts_with("this board shows Helsinki, Tampere, not Oulu (OL, finland)"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
