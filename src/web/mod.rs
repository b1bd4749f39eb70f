//! The board for browsers (`GET /board`, railtop's own, served by `serve`): the kiosk's board as
//! one HTML page for a TV's or a frame's browser, and its event stream (`GET /board/events`)
//! that brings the rows' changes without a reload. The same board as the terminal's — the
//! kiosk's state, filters, rows in words and footer, one poller per distinct board for every
//! viewer (`hub.rs`) — written as HTML (`page.rs`) from an address (`query.rs`). Bounded like the
//! SSH board: the server's rate limit, a cap on the boards polled, and on the streams open from
//! one client and in all; a stream that stops being read is cut by the server's write deadline.

mod events;
mod hub;
mod image;
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
    /// How long one event stream lasts: the browser opens another by itself, and a reader that
    /// stopped reading holds its place no longer (the kernel's send buffer would take hours to
    /// fill at a board's few changes a minute, and only then the write deadline cut it).
    pub stream_max: Duration,
}

impl Default for WebLimits {
    fn default() -> Self {
        WebLimits {
            boards: 64,
            streams: 2048,
            streams_per_client: 16,
            stream_max: Duration::from_secs(600),
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
    /// The pictures drawn, by their address: the board's answer and minute they show.
    pictures: std::sync::Mutex<std::collections::HashMap<String, Kept>>,
    /// What the event streams drew last, by address (`events::Drawn`).
    drawn: std::sync::Mutex<std::collections::HashMap<String, events::Drawn>>,
}

/// How long a page waits for a board no one has asked for before (its first answer).
const FIRST_ANSWER: Duration = Duration::from_secs(5);

/// The board's pages for `serve`, beside the API: `/board`, `/board/events`, `/board.png`, and
/// the font they are written in, `/board/font`.
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
        streams: events::Streams::new(limits.streams, limits.streams_per_client, limits.stream_max),
        pictures: Default::default(),
        drawn: Default::default(),
    });
    let router = Router::new()
        .route("/board", get(board))
        .route("/board/events", get(events::stream))
        .route("/board.png", get(picture))
        .route("/board/font", get(font))
        .with_state(web);
    railtop_server::Pages {
        paths: vec!["/board", "/board/events", "/board.png", "/board/font"],
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
    let (asked, boards) = match web.asked(&raw, client).await {
        Ok(a) => a,
        Err(refused) => return refused,
    };
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

/// `GET /board.png?…`: the board as an image. Drawn once for each answer of its board and
/// minute (the countdowns' unit) and kept for every frame asking the same, up to
/// [`PICTURES_KEPT`] pictures.
async fn picture(
    State(web): State<Arc<Web>>,
    client: Option<axum::Extension<railtop_server::ClientIp>>,
    RawQuery(raw): RawQuery,
) -> Response {
    let raw = raw.unwrap_or_default();
    let (asked, boards) = match web.asked(&raw, client).await {
        Ok(a) => a,
        Err(refused) => return refused,
    };
    let now = web.clock.now();
    let received = boards
        .borrow()
        .first()
        .and_then(|b| b.received_at)
        .map_or(0, |t| t.timestamp());
    let stamp = (received, now.timestamp() / 60);
    let kept = web
        .pictures
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&raw)
        .filter(|(at, _)| *at == stamp)
        .map(|(_, png)| png.clone());
    let png = match kept {
        Some(png) => png,
        None => {
            let mut state = web.state(&asked, &boards.borrow());
            let picture = asked.picture;
            let png: bytes::Bytes = tokio::task::spawn_blocking(move || {
                image::render(
                    &mut state,
                    &asked,
                    picture.width,
                    picture.height,
                    picture.levels,
                )
            })
            .await
            .unwrap_or_default()
            .into();
            let mut pictures = web
                .pictures
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if pictures.len() >= PICTURES_KEPT {
                pictures.clear();
            }
            pictures.insert(raw, (stamp, png.clone()));
            png
        }
    };
    if png.is_empty() {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the picture could not be drawn",
        );
    }
    let mut response = (StatusCode::OK, png).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /board/font`: the board's font (the picture's too), served here so that a page on a
/// closed network asks nothing from elsewhere.
async fn font() -> Response {
    let mut response = (StatusCode::OK, image::FONT).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("font/ttf"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    response
}

/// A picture drawn: the board's answer (its second) and the minute it shows, and its bytes.
type Kept = ((i64, i64), bytes::Bytes);

/// Pictures kept at once (each a board's at one size and level).
const PICTURES_KEPT: usize = 64;

impl Web {
    /// The board an address asks for and its answers (the first waited for a little), or the
    /// page that says why not.
    async fn asked(
        &self,
        raw: &str,
        client: Option<axum::Extension<railtop_server::ClientIp>>,
    ) -> Result<(query::Asked, watch::Receiver<Boards>), Response> {
        let asked = query::read(raw, &self.defaults)
            .map_err(|why| refusal(StatusCode::BAD_REQUEST, &why))?;
        let mut boards = self
            .hub
            .board(&asked.board, client_of(client))
            .map_err(|full| refusal(StatusCode::SERVICE_UNAVAILABLE, &full.to_string()))?;
        first_answer(&mut boards).await;
        Ok((asked, boards))
    }

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
         connect-src 'self'; img-src 'self'; font-src 'self'; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'none'"
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
