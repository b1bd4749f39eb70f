//! The API's router: every row of `routes.rs`'s table, the 404 for the rest, behind the one layer
//! every request passes (`every_request.rs`), and the answer memo before it that the lane gives
//! cached answers again from (`lane/answer_memo.rs`).

use crate::config::ServerConfig;
use crate::lane::answer_memo::MemoizingRouter;
use crate::routes::{self, METRICS, ROUTES};
use crate::state::ApiState;
use axum::{middleware, Router};
use railtop_feeds::source::cache::CachedSource;
use std::sync::Arc;

/// Pages a program above serves beside the API (the browser's board, which the screens' crate
/// draws): its router and the paths it answers. They pass the same layer as every endpoint
/// (the rate limit, the metrics, the log); the server knows nothing else of them.
#[derive(Clone, Default)]
pub struct Pages {
    pub paths: Vec<&'static str>,
    pub router: Router,
}

/// The API's routes over `source`, and `pages` beside them.
pub fn router(source: Arc<CachedSource>, config: ServerConfig, pages: Pages) -> Router {
    app(source, config, pages).0
}

/// What answers each request of a connection: the routes over `source` (and `pages`), and
/// before them the cached answers each event loop gives again until they expire
/// (`answer_memo.rs`).
pub fn memoizing_router(
    source: Arc<CachedSource>,
    config: ServerConfig,
    pages: Pages,
) -> MemoizingRouter {
    app(source, config, pages).1
}

fn app(source: Arc<CachedSource>, config: ServerConfig, pages: Pages) -> (Router, MemoizingRouter) {
    railtop_core::metrics::install();
    let state = ApiState::new(source, config);
    let mut api = Router::new();
    for route in &ROUTES {
        if route.path == METRICS.path && !state.config.metrics_on_api {
            continue;
        }
        api = api.route(route.path, (route.handler)(route.method));
    }
    for path in &pages.paths {
        api = api.route_service(path, pages.router.clone());
    }
    // Every path is limited, unknown ones too. One layer in front of every route (not one
    // per job): each layer costs every request a boxed future and a clone of what is inside.
    let routes = api
        .fallback(routes::not_found)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::every_request::routed,
        ))
        .with_state(state.clone());
    (routes.clone(), MemoizingRouter::new(routes, state))
}
