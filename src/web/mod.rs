//! The board for browsers (`GET /board`, railtop's own, served by `serve`): the kiosk's board as
//! one HTML page for a TV's or a frame's browser, and its event stream (`GET /board/events`)
//! that brings the rows' changes without a reload. The same board as the terminal's — the
//! kiosk's state, filters, rows in words and footer, one poller per distinct board for every
//! viewer (`hub.rs`) — written as HTML (`page.rs`) from an address (`query.rs`). Bounded like the
//! SSH board: the server's rate limit, a cap on the boards polled, and on the streams open from
//! one client and in all; a stream that stops being read is cut by the server's write deadline.

mod events;
mod hub;
mod page;
pub(crate) mod query;

use crate::kiosk::pollers::Boards;
use crate::kiosk::{KioskSettings, KioskState};
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How much a browser's board may cost the server.
#[derive(Debug, Clone, Copy)]
pub struct WebLimits {
    /// Distinct boards polled at once.
    pub boards: usize,
    /// Event streams open in all.
    pub streams: usize,
    /// Event streams open from one client.
    pub streams_per_client: usize,
}

impl Default for WebLimits {
    fn default() -> Self {
        WebLimits {
            boards: 64,
            streams: 2048,
            streams_per_client: 16,
        }
    }
}

/// What every request of the board reads.
struct Web {
    hub: hub::Hub,
    defaults: KioskSettings,
    attribution: String,
    is_demo: bool,
    clock: Clock,
    streams: events::Streams,
}

/// How long a page waits for a board no one has asked for before (its first answer).
const FIRST_ANSWER: Duration = Duration::from_secs(5);

/// The board's pages for `serve`, beside the API: `/board` and `/board/events`.
pub fn pages(
    source: Arc<CachedSource>,
    clock: Clock,
    defaults: KioskSettings,
    limits: WebLimits,
) -> railtop_server::Pages {
    let info = source.info();
    let web = Arc::new(Web {
        hub: hub::Hub::new(source, clock, defaults.board_interval_secs, limits.boards),
        defaults,
        attribution: info.attribution.clone(),
        is_demo: info.name == "demo",
        clock,
        streams: events::Streams::new(limits.streams, limits.streams_per_client),
    });
    let router = Router::new()
        .route("/board", get(board))
        .route("/board/events", get(events::stream))
        .with_state(web);
    railtop_server::Pages {
        paths: vec!["/board", "/board/events"],
        router,
    }
}

/// `GET /board?…`: the page.
async fn board(
    State(web): State<Arc<Web>>,
    client: Option<axum::Extension<railtop_server::ClientIp>>,
    RawQuery(raw): RawQuery,
) -> Response {
    let raw = raw.unwrap_or_default();
    let asked = match query::read(&raw, &web.defaults) {
        Ok(a) => a,
        Err(why) => return refusal(StatusCode::BAD_REQUEST, &why),
    };
    let mut boards = match web.hub.board(&asked.board, client_of(client)) {
        Ok(b) => b,
        Err(full) => return refusal(StatusCode::SERVICE_UNAVAILABLE, &full.to_string()),
    };
    first_answer(&mut boards).await;
    let mut state = web.state(&asked, &boards.borrow());
    let nonce = nonce();
    let events = format!("/board/events?{raw}");
    let html = page::document(&mut state, &asked, &events, &nonce);
    let mut response = (StatusCode::OK, html).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(csp) = HeaderValue::from_str(&policy(&nonce)) {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

impl Web {
    /// The kiosk's state of `asked`'s board at this moment, its answers filed in.
    fn state(&self, asked: &query::Asked, boards: &Boards) -> KioskState {
        let mut state = KioskState::new(
            std::slice::from_ref(&asked.board),
            asked.settings.clone(),
            self.attribution.clone(),
            self.is_demo,
            self.clock.now(),
        );
        state.fixed_clock = matches!(self.clock, Clock::Fixed(_));
        state.set_boards(boards);
        // A screen large enough for the ticker: the page's own layout decides the rest.
        state.size = (200, 60);
        state
    }
}

/// Who asks (as the server's layer counts clients behind a trusted proxy).
fn client_of(client: Option<axum::Extension<railtop_server::ClientIp>>) -> std::net::IpAddr {
    client.map_or(
        std::net::IpAddr::from([0, 0, 0, 0]),
        |axum::Extension(c)| c.0,
    )
}

/// Waits (a little) for a board's first answer, so a page opened first is not an empty one.
async fn first_answer(boards: &mut watch::Receiver<Boards>) {
    let answered = |b: &Boards| b.iter().all(|p| p.data.is_some() || p.error.is_some());
    let _ = tokio::time::timeout(FIRST_ANSWER, boards.wait_for(answered)).await;
}

/// The page's Content-Security-Policy: nothing from elsewhere, the inline style and script by
/// this answer's nonce, the event stream from here.
fn policy(nonce: &str) -> String {
    format!(
        "default-src 'none'; style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; \
         connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'"
    )
}

/// A nonce for one answer: 128 random bits.
fn nonce() -> String {
    use base64::Engine;
    let bytes: [u8; 16] = rand::random();
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A refusal as a small page that says why (escaped), for a person at a TV.
fn refusal(status: StatusCode, why: &str) -> Response {
    let page = maud::html! {
        (maud::DOCTYPE)
        html lang="en" {
            head { meta charset="utf-8"; title { "railtop: no board" } }
            body { h1 { "No board" } p { (why) } p { "An address such as /board?station=HKI&lang=fi,en shows one." } }
        }
    };
    let mut response = (status, page.into_string()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'"),
    );
    response
}
