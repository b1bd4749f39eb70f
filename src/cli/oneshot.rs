//! The one-shot commands: an answer printed once (as a table, JSON or CSV), then exit.

use super::output::Format;
use super::{
    once, output, own_feed_urls, print, suggestion, DeparturesArgs, Opened, TrainArgs, TrainsArgs,
};
use color_eyre::eyre::{eyre, Result};
use color_eyre::Section;
use railtop_core::model::Kind;
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_feeds::source::{RealtimeQuery, SourceError};

/// `railtop trains`: the live trains, printed once.
pub(super) async fn trains(args: TrainsArgs, opened: Opened) -> Result<()> {
    let TrainsArgs {
        country,
        stop,
        format,
        ..
    } = args;
    let Opened { config, source, .. } = opened;
    let answer = match source.realtime(RealtimeQuery { country, stop }).await {
        Ok(answer) => answer,
        Err(e) => {
            let hint = suggestion(&e, &config);
            return Err(once(e)).suggestion(hint);
        }
    };
    print(&output::trains(&answer.value, format))
}

/// `railtop train ID`: one train's run, printed once.
pub(super) async fn train(args: TrainArgs, opened: Opened) -> Result<()> {
    let TrainArgs { id, format, .. } = args;
    let Opened { config, source, .. } = opened;
    let answer = match source.journey(&id).await {
        Ok(answer) => answer,
        Err(e @ SourceError::NotFound(_)) => {
            return Err(eyre!(e)).suggestion(
                "`railtop trains --country NAME --format csv` lists the ids (first column)",
            )
        }
        Err(e) => {
            let hint = suggestion(&e, &config);
            return Err(once(e)).suggestion(hint);
        }
    };
    print(&output::journey(&answer.value, format))
}

/// `railtop departures STATION…` and `railtop arrivals STATION…`: a board (of one station or
/// several, kept to a route and to what can be reached on foot), printed once.
pub(super) async fn board(args: DeparturesArgs, kind: Kind, opened: Opened) -> Result<()> {
    let DeparturesArgs {
        stations,
        route,
        limit,
        walk_time,
        format,
        ..
    } = args;
    let Opened { config, source, .. } = opened;
    // The same station named twice (`HKI Helsinki`) is one station of the board.
    let stations = {
        let directory = railtop_core::stations::current();
        let mut seen = std::collections::HashSet::new();
        let mut kept = stations;
        kept.retain(|s| seen.insert(directory.label(s).to_lowercase()));
        kept
    };
    if stations.len() > railtop_core::model::MAX_MERGED {
        return Err(eyre!(super::Usage(format!(
            "{} stations were given; one board takes at most {}",
            stations.len(),
            railtop_core::model::MAX_MERGED
        ))))
        .suggestion(
            "name the nearby ones (`railtop board A B C` turns through more, one at a time)",
        );
    }
    let route = route.route(kind, &stations)?;
    let walks = walk_time.unwrap_or_default();
    // A walk to a station that is not on the board is a mistake in what was typed.
    {
        let directory = railtop_core::stations::current();
        let names: Vec<String> = stations
            .iter()
            .map(|s| {
                directory
                    .named(s)
                    .map_or_else(|| s.clone(), |e| e.name.clone())
            })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let strays = walks.unknown(&names);
        if !strays.is_empty() {
            return Err(eyre!(super::Usage(format!(
                "--walk-time names {}, which is not a station of this board",
                strays
                    .iter()
                    .map(|s| railtop_core::text::quoted(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))))
            .suggestion("name the board's stations, e.g. --walk-time Helsinki=3m,Pasila=12m");
        }
    }
    // A city's name went to its main station: say what else it could have meant.
    let directory = railtop_core::stations::current();
    let others: Vec<(String, Vec<String>)> = stations
        .iter()
        .map(|station| {
            let others = directory.others(station, None);
            let named: Vec<String> = others.iter().take(4).map(|e| e.described()).collect();
            (station.clone(), named)
        })
        .filter(|(_, others)| !others.is_empty())
        .collect();
    let query = TravelQuery {
        stations: stations.clone(),
        kind,
        route,
        walks,
        limit: usize::from(limit),
    };
    let answer = match railtop_feeds::source::travellers_board::board(&source, &query).await {
        // A URL of the user's own region failed (a 404 too): that entry's URLs are to check,
        // not the station's name.
        Err(e) if own_feed_urls(&e.to_string(), &config).is_some() => {
            let hint = suggestion(&e, &config);
            Err(once(e)).suggestion(hint)
        }
        Err(SourceError::NoSuchStation {
            message,
            candidates,
        }) => {
            let hint = how_to_pick(&stations, &candidates, &directory);
            Err(eyre!(message)).suggestion(hint)
        }
        Err(e @ SourceError::NotSupported(_)) if kind == Kind::Arrivals => {
            Err(eyre!(e)).suggestion("`railtop departures STATION` shows what leaves")
        }
        Err(e @ SourceError::NotFound(_)) => {
            // The station the error is about: the first the directory does not know.
            let asked = stations
                .iter()
                .find(|s| directory.named(s).is_none())
                .or(stations.first())
                .map(String::as_str)
                .unwrap_or_default();
            let hint = match directory.split_country(asked) {
                Some((country, _)) => format!(
                    "`railtop stations {}` searches {country}'s stations by name or code; \
                     `railtop stations --country {country}` lists its main ones",
                    shell_word(asked)
                ),
                None => format!(
                    "`railtop stations {}` lists the stations railtop knows by that name; a \
                     code names one in its country, as in finland:HKI",
                    shell_word(asked)
                ),
            };
            Err(eyre!(e)).suggestion(hint)
        }
        Err(e) => {
            let hint = suggestion(&e, &config);
            Err(once(e)).suggestion(hint)
        }
        Ok(answer) => Ok(answer),
    }?;
    if format == Format::Table {
        for (station, others) in &others {
            eprintln!(
                "{} also matches {}; `railtop stations {}` lists them",
                railtop_core::text::quoted(station),
                others.join(", "),
                shell_word(station)
            );
        }
        // A station of several that did not answer, or a walk for a station not on the board.
        let names: Vec<&str> = if answer.stations.is_empty() {
            vec![answer.station.name.as_str()]
        } else {
            answer.stations.iter().map(|s| s.name.as_str()).collect()
        };
        if stations.len() > 1 && names.len() < stations.len() {
            eprintln!(
                "only {} of the {} stations answered: {}",
                names.len(),
                stations.len(),
                names.join(", ")
            );
        }
        for unknown in query.walks.unknown(&names) {
            eprintln!(
                "--walk-time names {}, which is not on this board",
                railtop_core::text::quoted(unknown)
            );
        }
    }
    let title = query.route.described(kind);
    print(&output::departures(&answer, &title, format))
}

/// What `railtop stations` searches for.
pub(super) struct Search {
    pub query: Option<String>,
    pub country: Option<String>,
    pub near: Option<(f64, f64)>,
    pub limit: u16,
}

/// `railtop stations`: the directory searched, printed; no station is an error (exit 1).
/// `unread`: the user's own regions whose stations could not be had, said (the cause of no
/// match, or a note beside the matches), never taken for "no such station".
pub(super) fn stations(
    search: Search,
    format: Format,
    unread: &[railtop_feeds::upstream::Unread],
    config: &railtop_core::config::Config,
) -> Result<()> {
    let Search {
        query,
        country,
        near,
        limit,
    } = search;
    let directory = railtop_core::stations::current();
    let query = query.unwrap_or_default();
    // `finland:HKI`, `finland:helsinki`: that country's matches, as --country gives them.
    let named = directory.split_country(&query).map(|(c, _)| c);
    if let (Some(given), Some(named)) = (&country, named) {
        if given != named {
            return Err(eyre!(super::Usage(format!(
                "{} names {named}, and --country {given}",
                railtop_core::text::quoted(&query)
            ))))
            .suggestion("name one country: in the query (COUNTRY:NAME) or with --country");
        }
    }
    if let Some(slug) = country.as_deref().or(named) {
        if !directory.countries().contains(&slug) {
            return Err(eyre!(
                "railtop has no stations of {slug:?}; it has: {}",
                directory.countries().join(", ")
            ))
            .suggestion("a feed may still know its codes: railtop departures COUNTRY:CODE");
        }
    }
    let scope = railtop_core::stations::Scope {
        country: country.as_deref(),
        near,
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = directory.answer(&query, scope);
    // Only the regions this search would have looked in.
    let unread: Vec<String> = unread
        .iter()
        .filter(|u| scope.country.is_none_or(|c| c == u.slug))
        .map(ToString::to_string)
        .collect();
    if answer.stations.is_empty() {
        let matches = format!("no station matches {}", railtop_core::text::quoted(&query));
        if let Some(first) = unread.first() {
            let hint = own_feed_urls(first, config).unwrap_or_else(|| {
                "check that [[feeds]] entry's static_gtfs in the configuration file".into()
            });
            return Err(eyre!("{matches}; {}", unread.join("; "))).suggestion(hint);
        }
        return Err(eyre!(matches))
            .suggestion("try part of the name (`hbf`, `central`), or a code");
    }
    for region in &unread {
        eprintln!("note: {region}");
    }
    print(&output::stations(&answer, format))
}

/// `railtop stations --names QUERY`, for shell completion: the matching stations' names, one a
/// line, each once, through the sanitiser; nothing (and exit 0) when none matches.
pub(super) fn station_names(query: &str, limit: u16) -> Result<()> {
    let directory = railtop_core::stations::current();
    let scope = railtop_core::stations::Scope {
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = directory.answer(query, scope);
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    for station in &answer.stations {
        let name = railtop_core::text::cleaned(&station.name);
        if seen.insert(name.clone()) {
            out.push_str(&name);
            out.push('\n');
        }
    }
    print(&out)
}

/// A station as a command to copy names it: cleaned, and quoted for a shell where it must be
/// (`'Cedar Junction'`), so the suggested command runs as shown.
pub(super) fn shell_word(station: &str) -> String {
    shell_words::quote(&railtop_core::text::cleaned(station)).into_owned()
}

/// How to name one of the stations a station given could be: each candidate with its country
/// (`testland:BF, netherlands:8400089`), which names it alone.
pub(super) fn how_to_pick(
    stations: &[String],
    candidates: &[String],
    directory: &railtop_core::stations::Directory,
) -> String {
    // The station the error is about: the first the directory does not know as one.
    let asked = stations
        .iter()
        .find(|s| directory.named(s).is_none())
        .or(stations.first())
        .map_or("NAME", String::as_str);
    if candidates.is_empty() {
        return "name the one you mean with its country, as in finland:HKI; `railtop stations \
                NAME` lists more"
            .into();
    }
    let named: Vec<String> = candidates
        .iter()
        .map(|c| railtop_core::text::cleaned(c))
        .collect();
    format!(
        "name the one you mean with its country: {}; `railtop stations {}` lists more",
        named.join(", "),
        shell_word(asked)
    )
}
