//! A fixture folder played on loopback: a server that answers a feed's requests at their real
//! paths with the folder's fixtures, as its `routes.txt` says, and records every request it was
//! sent. The feeds' registry test plays every registry row from its folder; the tests above the
//! feeds (the binary, the server) play the feeds they need the same way.
//!
//! `routes.txt`, a line each:
//! - `PATH FILE`: the fixture that answers a request to that path, whatever its query; a `PATH`
//!   ending in `*` is a prefix, for feeds whose paths carry the time;
//! - `PATH FILE WORD`: the same, only when the request's body contains `WORD` (the feeds that
//!   POST their queries);
//! - `board STATION`: the station whose board the registry test asks for (without it, the
//!   registry row's hub; `board -`: the feed has no boards);
//! - `train ID`: a train whose journey the registry test asks for (the rest of the line; without
//!   it, the feed must have no journeys);
//! - `stations [CODE…]`: the feed lists its stations, these among them (the station-list test;
//!   without it, the feed must list none); `not-stations CODE…`: codes its list leaves out;
//! - `static PATH`: the row's static GTFS bundle, at a whole URL of its own, is played here at
//!   `PATH` (a test that moves the feed names it);
//! - `# …`: a comment.
//!
//! A `FILE` starting with `@` is a payload made in code: `@vehicle-positions` and `@bundle`, the
//! GTFS-Realtime feed and static bundle of `upstream::gtfs::samples`; `@zip:DIR`, the folder's
//! files zipped as a static bundle; `@pb:FILE`, a GTFS-Realtime feed written in its JSON
//! mapping, served as protobuf.

use crate::test_support::{fixture, fixture_dir};
use crate::upstream::registry::FeedRow;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Every request a played feed received: the path with its query, the headers, the body.
pub type Seen = Arc<Mutex<Vec<(String, HeaderMap, String)>>>;

/// One answer of a fixture folder: a request path, the fixture that answers it, and for a POST
/// a word its body must contain.
pub struct Route {
    pub path: String,
    pub file: String,
    pub body_has: Option<String>,
}

/// A fixture folder's `routes.txt`, read.
#[derive(Default)]
pub struct Routes {
    pub routes: Vec<Route>,
    /// The station whose board the registry test asks for (`None`: the row's hub; `Some("-")`:
    /// no boards).
    pub board: Option<String>,
    /// The train whose journey the registry test asks for (`None`: the feed has no journeys).
    pub train: Option<String>,
    /// Codes the feed's station list has (`None`: it serves no list).
    pub stations: Option<Vec<String>>,
    /// Codes its station list leaves out.
    pub not_stations: Vec<String>,
    /// Where the row's static bundle, at a whole URL of its own, is played.
    pub static_path: Option<String>,
}

/// The fixture folder of a registry row: its feed's, named by the module its parsers are in
/// (`usa::parse_trains`: `usa`) when that module has a folder in `upstream/feeds/`; else its
/// slug (a GTFS row of data: `malaysia`).
pub fn folder_of(row: &FeedRow) -> &'static str {
    let feeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/upstream/feeds");
    row.parsers
        .first()
        .and_then(|p| p.split_once("::"))
        .map(|(module, _)| module)
        .filter(|module| feeds.join(module).is_dir())
        .unwrap_or(row.country.slug)
}

/// The `routes.txt` of the fixture folder `folder` ([`fixture_dir`]).
pub fn routes(folder: &str) -> Routes {
    let path = fixture_dir(folder).join("routes.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "every feed needs {} (its fixture folder's routes): {e}",
            path.display()
        )
    });
    let mut read = Routes::default();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(id) = line.strip_prefix("train ") {
            read.train = Some(id.trim().to_string());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let codes = || words[1..].iter().map(|c| c.to_string()).collect::<Vec<_>>();
        match words.as_slice() {
            ["board", station] => read.board = Some(station.to_string()),
            ["stations", ..] => read.stations = Some(codes()),
            ["not-stations", ..] => read.not_stations = codes(),
            ["static", path] => read.static_path = Some(path.to_string()),
            [path, file] => read.routes.push(Route {
                path: path.to_string(),
                file: file.to_string(),
                body_has: None,
            }),
            [path, file, word] => read.routes.push(Route {
                path: path.to_string(),
                file: file.to_string(),
                body_has: Some(word.to_string()),
            }),
            _ => panic!("{}: cannot read {line:?}", path.display()),
        }
    }
    read
}

/// A fixture's bytes; `@name` is a payload made in code (GTFS-Realtime protobuf, a zip bundle).
pub fn answer(folder: &str, file: &str) -> Vec<u8> {
    use crate::upstream::{gtfs, gtfs_rt, gtfs_static};
    match file {
        "@vehicle-positions" => gtfs::samples::vehicle_positions(),
        "@bundle" => gtfs_static::sample_bundle(),
        file if file.starts_with("@zip:") => zip_folder(&fixture_dir(folder).join(&file[5..])),
        // A feed written in GTFS-Realtime's JSON mapping, served as the protobuf it stands for.
        file if file.starts_with("@pb:") => {
            let json = fixture(&format!("{folder}/{}", &file[4..]));
            gtfs_rt::encode(&gtfs_rt::decode(&json).unwrap())
        }
        file => fixture(&format!("{folder}/{file}")),
    }
}

/// A folder of static GTFS files, zipped as a bundle.
fn zip_folder(dir: &Path) -> Vec<u8> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    crate::upstream::gtfs_static::zip_bundle(&refs)
}

/// Serves a fixed axum router on loopback (a played feed, a scripted or hostile peer).
pub async fn serve(router: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    addr
}

/// The fixture folder `folder` played on loopback: each route answers with its fixture,
/// anything else is a 404; every request is recorded in `seen`. Its base URL.
pub async fn play(folder: &str, seen: Seen) -> String {
    let folder = folder.to_string();
    let routes = Arc::new(routes(&folder).routes);
    let router = Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: String| {
        let (seen, routes, folder) = (seen.clone(), routes.clone(), folder.clone());
        async move {
            let found = routes.iter().find(|r| {
                let path_fits = match r.path.strip_suffix('*') {
                    Some(prefix) => uri.path().starts_with(prefix),
                    None => r.path == uri.path(),
                };
                path_fits && r.body_has.as_ref().is_none_or(|w| body.contains(w))
            });
            seen.lock().unwrap().push((uri.to_string(), headers, body));
            match found {
                Some(r) => answer(&folder, &r.file).into_response(),
                None => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            }
        }
    });
    format!("http://{}", serve(router).await)
}
