//! `railtop serve`: the Live Train Data API over HTTP, with its banners, metrics and Redis.

use super::{start_metrics, Opened, ServeArgs};
use color_eyre::eyre::Result;
use color_eyre::Section;
use railtop_server::{ServerConfig, ServerError};
use std::num::NonZeroU32;
use std::time::Duration;

/// `railtop serve`: the Live Train Data API on HTTP, until a signal.
pub(super) async fn serve(args: ServeArgs, opened: Opened) -> Result<()> {
    let ServeArgs {
        listen,
        rate_limit,
        trust_forwarded_for,
        max_connections,
        max_per_ip,
        board_streams,
        board_streams_per_client,
        board_stream_max,
        unhealthy_after,
        metrics_listen,
        record,
        limits,
        ..
    } = args;
    let Opened {
        config,
        source,
        shared,
        banners,
        ..
    } = opened;
    // Before anything says "listening": a stop from then on is a clean one.
    let stop = railtop_server::shutdown_signal();
    let (listener, local) = railtop_server::listen(listen)
        .await
        .suggestion("is another server on that port? choose another with --listen")?;
    start_metrics(metrics_listen, banners).await?;
    if let Some(store) = &shared {
        let up = store.ping().await;
        // Only the national feeds' answers are shared; the demo and a remote server
        // have none, so there only the rate limit is.
        let what = if config.source.trim() == "upstream" {
            "feed answers and rate limits"
        } else {
            "rate limits"
        };
        if banners {
            eprintln!(
                "sharing {what} through Redis at {}{}",
                store.url(),
                if up {
                    ""
                } else {
                    " (not answering yet: working alone until it does)"
                }
            );
        }
        tracing::info!(redis = %store.url(), up, "sharing through Redis");
    }
    let info = source.info();
    if banners {
        eprintln!(
            "railtop {} serving the Live Train Data API on http://{local} (source: {})",
            env!("CARGO_PKG_VERSION"),
            info.name
        );
    }
    tracing::info!(%local, source = %info.name, "listening");
    for (country, why) in source.not_live() {
        if banners {
            eprintln!("  {country}: not live: {why}");
        }
        tracing::info!(country, why, "not live");
    }
    // `--record`: the recorder polls through the same cache the API answers from.
    let history = match record {
        Some(given) => {
            let recording = super::record::Recording {
                db: super::record::db_path(given)?,
                countries: Vec::new(),
                stations: Vec::new(),
                every: Duration::from_secs(config.interval),
                threshold: 3,
                polls: None,
                quiet: true,
                limits: super::record::limits(&limits),
            };
            let db = recording.db.clone();
            if banners {
                eprintln!(
                    "recording into {} (/api/live/stats answers from it)",
                    db.display()
                );
            }
            let (source, stop) = (source.clone(), railtop_server::shutdown_signal());
            tokio::spawn(async move {
                if let Err(e) = super::record::run(recording, source, stop).await {
                    tracing::error!("recording stopped: {e:#}");
                    eprintln!("recording stopped: {e:#}");
                }
            });
            Some(db)
        }
        None => None,
    };
    let server_config = ServerConfig {
        rate_limit: NonZeroU32::new(rate_limit),
        trust_forwarded_for,
        connections: railtop_server::ConnectionLimits {
            max_open: max_connections,
            per_ip: max_per_ip,
            ..Default::default()
        },
        unhealthy_after: Duration::from_secs(unhealthy_after),
        metrics_on_api: metrics_listen.is_none(),
        shared,
        history,
    };
    // The board for browsers beside the API (`/board`), with the kiosk's defaults.
    let board_defaults = crate::kiosk::KioskSettings {
        board_interval_secs: config.board_interval,
        theme: config.theme,
        langs: config.lang,
        ..Default::default()
    };
    let pages = crate::web::pages(
        source.clone(),
        config.clock,
        board_defaults,
        crate::web::WebLimits {
            streams: board_streams,
            streams_per_client: board_streams_per_client,
            stream_max: Duration::from_secs(board_stream_max),
            ..Default::default()
        },
    );
    railtop_server::serve(listener, source, server_config, pages, stop)
        .await
        .map_err(ServerError::Serve)?;
    Ok(())
}
