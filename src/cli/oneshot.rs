//! The one-shot commands: an answer printed once (as a table, JSON or CSV), then exit.

use super::output::Format;
use super::{once, output, print, suggestion, DeparturesArgs, Opened, TrainArgs, TrainsArgs};
use crate::source::{DeparturesQuery, RealtimeQuery, SourceError};
use color_eyre::eyre::{eyre, Result};
use color_eyre::Section;

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

/// `railtop departures STATION`: a board, printed once.
pub(super) async fn departures(args: DeparturesArgs, opened: Opened) -> Result<()> {
    let DeparturesArgs {
        station,
        limit,
        format,
        ..
    } = args;
    let Opened { config, source, .. } = opened;
    // A city's name went to its main station: say what else it could have meant.
    let others: Vec<String> = crate::stations::current()
        .others(&station, None)
        .iter()
        .take(4)
        .map(|e| e.described())
        .collect();
    let query = DeparturesQuery {
        station: station.clone(),
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = source.departures(query).await;
    let answer = match answer {
        Err(e @ SourceError::NotFound(_)) if e.to_string().contains("did you mean") => Err(eyre!(
            e
        ))
        .suggestion("give one of the codes, as in finland:HKI; `railtop stations NAME` lists more"),
        Err(e @ SourceError::NotFound(_)) => {
            let hint = format!(
                "`railtop stations {}` lists the stations railtop knows by that name; a code \
                     names one in its country, as in finland:HKI",
                crate::text::cleaned(&station)
            );
            Err(eyre!(e)).suggestion(hint)
        }
        Err(e) => {
            let hint = suggestion(&e, &config);
            Err(once(e)).suggestion(hint)
        }
        Ok(answer) => Ok(answer),
    }?;
    if format == Format::Table && !others.is_empty() {
        eprintln!(
            "{} also matches {}; `railtop stations {}` lists them",
            crate::text::quoted(&station),
            others.join(", "),
            crate::text::cleaned(&station)
        );
    }
    print(&output::departures(&answer.value, format))
}

/// `railtop stations`: the directory searched, printed; no station is an error (exit 1).
pub(super) fn stations(
    query: Option<String>,
    country: Option<String>,
    near: Option<(f64, f64)>,
    limit: u16,
    format: Format,
) -> Result<()> {
    let directory = crate::stations::current();
    if let Some(slug) = &country {
        if !directory.countries().contains(&slug.as_str()) {
            return Err(eyre!(
                "railtop has no stations of {slug:?}; it has: {}",
                directory.countries().join(", ")
            ))
            .suggestion("a feed may still know its codes: railtop departures COUNTRY:CODE");
        }
    }
    let query = query.unwrap_or_default();
    let scope = crate::stations::Scope {
        country: country.as_deref(),
        near,
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = directory.answer(&query, scope);
    if answer.stations.is_empty() {
        return Err(eyre!("no station matches {}", crate::text::quoted(&query)))
            .suggestion("try part of the name (`hbf`, `central`), or a code");
    }
    print(&output::stations(&answer, format))
}

/// `railtop stations --names QUERY`, for shell completion: the matching stations' names, one a
/// line, each once, through the sanitiser; nothing (and exit 0) when none matches.
pub(super) fn station_names(query: &str, limit: u16) -> Result<()> {
    let directory = crate::stations::current();
    let scope = crate::stations::Scope {
        limit: usize::from(limit),
        ..Default::default()
    };
    let answer = directory.answer(query, scope);
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    for station in &answer.stations {
        let name = crate::text::cleaned(&station.name);
        if seen.insert(name.clone()) {
            out.push_str(&name);
            out.push('\n');
        }
    }
    print(&out)
}
