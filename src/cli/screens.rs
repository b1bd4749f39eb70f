//! The commands that hold a terminal: the dashboard, the kiosk board, and the board over SSH.

use super::{check_stations, start_metrics, BoardArgs, Opened, SshArgs};
use crate::tui::app::Settings;
use crate::tui::run::DashboardOptions;
use color_eyre::eyre::{eyre, Result};
use color_eyre::Section;
use railtop_core::config;
use std::time::Duration;

/// `railtop` with no command: the dashboard.
pub(super) async fn dashboard(opened: Opened) -> Result<()> {
    let Opened {
        config,
        source,
        keys,
        ..
    } = opened;
    let clock = config.clock;
    if let Some(c) = &config.country {
        let regions = source.regions();
        if railtop_core::country::by_slug(c).is_none() && !regions.contains(c) {
            return Err(eyre!(railtop_core::country::unknown(c, regions)))
                .suggestion("give one of them with --country, or leave it out for all countries");
        }
    }
    let options = DashboardOptions {
        country: config.country.clone(),
        station: config.station.clone(),
        settings: Settings {
            interval_secs: config.interval,
            board_interval_secs: config.board_interval,
            theme: config.theme,
            on_time_minutes: config.on_time as i64,
            keys,
            screen_reader: config.screen_reader,
            // The dashboard does not alternate: it speaks the first of two.
            lang: config.lang.first,
        },
    };
    Ok(crate::tui::run::run(source, clock, options).await?)
}

/// `railtop board`: the kiosk in this terminal.
pub(super) async fn board(args: BoardArgs, opened: Opened) -> Result<()> {
    let BoardArgs {
        stations,
        kiosk,
        screen_reader,
        ..
    } = args;
    let Opened { config, source, .. } = opened;
    let clock = config.clock;
    let mut settings = kiosk.settings(&config, stations.len())?;
    settings.screen_reader = screen_reader || config.screen_reader;
    let boards = kiosk.boards(&stations)?;
    check_stations(&source, &stations).await?;
    Ok(crate::kiosk::run(source, clock, boards, settings).await?)
}

/// `railtop ssh`: the kiosk served over SSH, until a signal.
pub(super) async fn ssh(args: SshArgs, opened: Opened) -> Result<()> {
    let SshArgs {
        listen,
        mut stations,
        station_flags,
        host_key,
        authorized_keys,
        max_sessions,
        max_per_ip,
        connections_per_minute,
        idle_timeout,
        max_session,
        write_timeout,
        max_startups,
        penalty_exempt,
        metrics_listen,
        kiosk,
        screen_reader,
        ..
    } = args;
    let Opened {
        config,
        source,
        banners,
        ..
    } = opened;
    let clock = config.clock;
    // `--station` as earlier versions took it, after the stations named as `board` takes them.
    stations.extend(station_flags);
    let boards = kiosk.boards(&stations)?;
    let mut kiosk = kiosk.settings(&config, stations.len())?;
    kiosk.screen_reader = screen_reader;
    check_stations(&source, &stations).await?;
    let host_key = host_key
        .or_else(config::default_host_key_path)
        .ok_or_else(|| eyre!("no place for the host key"))
        .suggestion("pass --host-key FILE")?;
    // A key file that cannot be read is said before anything is announced.
    if let Some(path) = &authorized_keys {
        crate::ssh::read_authorized_keys(path)
            .map_err(|e| {
                let mut said = format!("--authorized-keys: {e}");
                let mut cause = std::error::Error::source(&e);
                while let Some(c) = cause {
                    said.push_str(&format!(": {c}"));
                    cause = c.source();
                }
                eyre!(super::Usage(said))
            })
            .suggestion("give an OpenSSH authorized_keys file, one public key a line")?;
    }
    // Before anything says "listening": a stop from then on is a clean one.
    let shutdown = railtop_server::shutdown_signal();
    let (listener, local) = railtop_server::listen(listen)
        .await
        .suggestion("is another server on that port? choose another with --listen")?;
    start_metrics(metrics_listen, banners).await?;
    if banners {
        eprintln!(
            "railtop {} showing {} over SSH on {local} (source: {}); try: ssh -p {} {}",
            env!("CARGO_PKG_VERSION"),
            // What the directory calls them, not what was typed.
            stations
                .iter()
                .map(|s| railtop_core::stations::current().shown_as(s))
                .collect::<Vec<_>>()
                .join(", "),
            source.info().name,
            local.port(),
            local.ip()
        );
    }
    tracing::info!(%local, source = %source.info().name, "listening");
    let options = crate::ssh::SshOptions {
        boards,
        host_key,
        authorized_keys,
        limits: crate::ssh::Limits {
            max_sessions: max_sessions.max(1),
            per_ip: max_per_ip.max(1),
            connections_per_minute,
            idle: Duration::from_secs(idle_timeout),
            max_session: Duration::from_secs(max_session),
            write_timeout: Duration::from_secs(write_timeout),
            startups: max_startups,
            penalty_exempt,
            ..Default::default()
        },
        kiosk,
    };
    Ok(crate::ssh::serve(listener, source, clock, options, shutdown).await?)
}
