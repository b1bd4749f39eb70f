//! `GET /board/events?…`: a board's changes as Server-Sent Events, for the page's script to
//! swap in without a reload. The stream says the board whole when it opens (a page reconnecting
//! after a network cut catches up), then only when what the page shows has changed: a new
//! answer, a countdown's minute, a page of the ticker; nothing while nothing changes, no
//! keep-alive chatter. Capped in all and per client (`Streams`), and each stream ends after
//! `stream_max` (the browser's `EventSource` opens another after [`RETRY`]): a client that stops
//! reading holds its place no longer than that, where the write deadline alone would wait for
//! megabytes of kernel buffer to fill.

use super::query;
use super::Web;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use railtop_server::ClientIp;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often a stream looks again when no answer came: the countdowns change by the minute.
const LOOK_AGAIN: Duration = Duration::from_secs(10);
/// How soon a browser opens a stream again after the server ended one.
const RETRY: Duration = Duration::from_secs(3);

/// The streams open, in all and per client.
pub struct Streams {
    limit: usize,
    per_client: usize,
    /// How long one stream lasts.
    lasts: Duration,
    open: Mutex<HashMap<IpAddr, usize>>,
    total: Arc<std::sync::atomic::AtomicUsize>,
}

/// One open stream's place, given back when it closes.
struct Place {
    streams: Arc<Web>,
    client: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let s = &self.streams.streams;
        let mut open = s
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.client);
            }
        }
        s.total.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        railtop_core::metrics::web_board_streams(-1.0);
    }
}

impl Streams {
    pub fn new(limit: usize, per_client: usize, lasts: Duration) -> Streams {
        Streams {
            limit,
            per_client,
            lasts,
            open: Mutex::new(HashMap::new()),
            total: Arc::default(),
        }
    }

    /// A place for a stream of `client`, or why there is none.
    fn take(web: &Arc<Web>, client: IpAddr) -> Result<Place, String> {
        let s = &web.streams;
        let mut open = s
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let total = s.total.load(std::sync::atomic::Ordering::Relaxed);
        if total >= s.limit {
            return Err(format!(
                "this server keeps {} boards up to date already; the page reloads instead",
                s.limit
            ));
        }
        let mine = open.entry(client).or_default();
        if *mine >= s.per_client {
            return Err(format!(
                "{} boards are kept up to date for this address already",
                s.per_client
            ));
        }
        *mine += 1;
        s.total.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        railtop_core::metrics::web_board_streams(1.0);
        Ok(Place {
            streams: web.clone(),
            client,
        })
    }
}

pub(super) async fn stream(
    State(web): State<Arc<Web>>,
    client: Option<Extension<ClientIp>>,
    RawQuery(raw): RawQuery,
) -> Response {
    let raw = raw.unwrap_or_default();
    let asked = match query::read(&raw, &web.defaults) {
        Ok(a) => a,
        Err(why) => return (StatusCode::BAD_REQUEST, why).into_response(),
    };
    let client = client.map_or(IpAddr::from([0, 0, 0, 0]), |Extension(ClientIp(ip))| ip);
    let boards = match web.hub.board(&asked.board, client) {
        Ok(b) => b,
        Err(full) => return (StatusCode::SERVICE_UNAVAILABLE, full.to_string()).into_response(),
    };
    let place = match Streams::take(&web, client) {
        Ok(p) => p,
        Err(why) => return (StatusCode::SERVICE_UNAVAILABLE, why).into_response(),
    };
    let ends = tokio::time::Instant::now() + web.streams.lasts;
    let start = Watch {
        web,
        address: raw,
        asked,
        boards,
        last: None,
        _place: place,
    };
    let events = futures_util::stream::unfold(start, move |mut w| async move {
        loop {
            if w.last.is_some() {
                tokio::select! {
                    changed = w.boards.changed() => if changed.is_err() { return None },
                    () = tokio::time::sleep(LOOK_AGAIN) => {}
                    // Its time is up: the place is given back (the browser comes again).
                    () = tokio::time::sleep_until(ends) => return None,
                }
            }
            let html = w.render();
            if w.last.as_ref() != Some(&html) {
                let first = w.last.is_none();
                w.last = Some(html.clone());
                let mut event = Event::default().data(&*html);
                if first {
                    event = event.retry(RETRY);
                }
                return Some((Ok::<Event, Infallible>(event), w));
            }
        }
    });
    Sse::new(events).into_response()
}

/// One stream's board and what it sent last.
struct Watch {
    web: Arc<Web>,
    /// The query it was asked with: streams of the same address share what is drawn.
    address: String,
    asked: query::Asked,
    boards: tokio::sync::watch::Receiver<crate::kiosk::pollers::Boards>,
    last: Option<Arc<str>>,
    _place: Place,
}

/// What was drawn for an address: from which answer of its board, in which [`LOOK_AGAIN`] of
/// the clock, and the text.
pub(super) type Drawn = (crate::kiosk::pollers::Boards, i64, Arc<str>);

/// Addresses whose drawing is kept at once (past it, all are forgotten and drawn again).
const DRAWN_KEPT: usize = 256;

impl Watch {
    /// What the page's `<main>` shows now, on one line (an event's data may not hold a
    /// carriage return, and a feed's text might).
    ///
    /// Drawn once for every stream of the same address, its board's answer and the same
    /// [`LOOK_AGAIN`] of the clock: a thousand browsers showing one board cost one drawing.
    fn render(&mut self) -> Arc<str> {
        let boards = self.boards.borrow_and_update().clone();
        let tick = self.web.clock.now().timestamp() / LOOK_AGAIN.as_secs() as i64;
        let drawn = |kept: &HashMap<String, Drawn>| {
            kept.get(&self.address)
                .filter(|(b, t, _)| Arc::ptr_eq(b, &boards) && *t == tick)
                .map(|(_, _, html)| html.clone())
        };
        if let Some(html) = drawn(
            &self
                .web
                .drawn
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        ) {
            return html;
        }
        let mut state = self.web.state(&self.asked, &boards);
        let html: Arc<str> = super::page::main(&mut state, &self.asked)
            .replace(['\r', '\n'], " ")
            .into();
        let mut kept = self
            .web
            .drawn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.len() >= DRAWN_KEPT {
            kept.clear();
        }
        kept.insert(self.address.clone(), (boards, tick, html.clone()));
        html
    }
}
