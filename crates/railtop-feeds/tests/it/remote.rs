//! The remote client against peers that fail or misbehave, all on loopback: every failure is one
//! clear sentence, nothing hangs, nothing panics, and the client keeps to its request budget.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
use railtop_feeds::source::{DeparturesQuery, LiveSource, RealtimeQuery, SourceError};
use railtop_feeds::test_support::play::serve;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn quick() -> RemoteConfig {
    RemoteConfig {
        connect_timeout: Duration::from_secs(2),
        total_timeout: Duration::from_millis(700),
        ..RemoteConfig::default()
    }
}

async fn realtime_error(base: &str, config: RemoteConfig) -> SourceError {
    let client = RemoteSource::new(base, config).unwrap();
    client.realtime(RealtimeQuery::default()).await.unwrap_err()
}

#[tokio::test]
async fn refused_connection() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let e = realtime_error(&format!("http://{addr}"), quick()).await;
    assert!(e.to_string().contains("refused the connection"), "{e}");
}

#[tokio::test]
async fn a_server_that_never_answers_times_out() {
    // Accepts connections and reads, but never writes a byte.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((sock, _)) = listener.accept().await {
            held.push(sock);
        }
    });
    let started = Instant::now();
    let e = realtime_error(&format!("http://{addr}"), quick()).await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(
        e.to_string().contains("no answer from") && e.to_string().contains("within 0.7 s"),
        "{e}"
    );
}

#[tokio::test]
async fn malformed_json_says_where() {
    let addr = serve(Router::new().route(
        "/api/live/realtime",
        get(|| async {
            (
                [(header::CONTENT_TYPE, "application/json")],
                "{\"trains\": [{\"id\": 1},\n oops",
            )
        }),
    ))
    .await;
    let e = realtime_error(&format!("http://{addr}"), quick()).await;
    let text = e.to_string();
    assert!(
        text.contains("malformed JSON") && text.contains("line 2 column"),
        "{text}"
    );
}

#[tokio::test]
async fn server_errors_carry_the_servers_message() {
    let addr = serve(Router::new().route(
        "/api/live/realtime",
        get(|| async {
            (
                StatusCode::BAD_GATEWAY,
                r#"{"error":{"code":"upstream_failed","message":"Digitraffic did not answer"}}"#,
            )
        }),
    ))
    .await;
    let e = realtime_error(&format!("http://{addr}"), quick()).await;
    assert!(matches!(e, SourceError::Upstream(_)));
    assert!(
        e.to_string()
            .contains("answered 502: Digitraffic did not answer"),
        "{e}"
    );

    let addr = serve(Router::new().route(
        "/api/live/realtime",
        get(|| async { (StatusCode::INTERNAL_SERVER_ERROR, "<html>boom</html>") }),
    ))
    .await;
    let e = realtime_error(&format!("http://{addr}"), quick()).await;
    assert!(
        e.to_string()
            .contains("answered 500: internal server error"),
        "{e}"
    );
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let addr = serve(Router::new().route(
        "/api/live/realtime",
        get(|| async {
            format!(
                "{{\"trains\":[],\"pad\":\"{}\"}}",
                "x".repeat(3 * 1024 * 1024)
            )
        }),
    ))
    .await;
    let config = RemoteConfig {
        max_body_bytes: 1024 * 1024,
        ..quick()
    };
    let e = realtime_error(&format!("http://{addr}"), config).await;
    assert!(e.to_string().contains("larger than 1 MiB"), "{e}");
}

#[tokio::test]
async fn hostile_content_is_cleaned_and_tolerated() {
    let body = r#"{"trains":[
        {"id":"x","trainCode":"\u001b[2J\u001b]0;owned\u0007IC 1","name":"IC 1 → \u001b[31mTampere","status":"running","lat":"61.5","lng":"23.7","delay":"99999","platform":null},
        {"trainCode":"E2","status":"weird-status","lat":0,"lng":0},
        {"nonsense":true}
      ],"stats":{"total":-5},"liveCountries":["finland"],"fetchedAt":"now"}"#;
    let addr =
        serve(Router::new().route("/api/live/realtime", get(move || async move { body }))).await;
    let client = RemoteSource::new(&format!("http://{addr}"), quick()).unwrap();
    let r = client.realtime(RealtimeQuery::default()).await.unwrap();
    assert_eq!(
        r.trains.len(),
        2,
        "the record with no name at all is dropped"
    );
    assert_eq!(r.trains[0].train_code, "IC 1");
    assert_eq!(r.trains[0].name, "IC 1 → Tampere");
    assert_eq!(
        r.trains[0].delay, None,
        "99,999 minutes late cannot be true"
    );
    assert_eq!(r.trains[1].lat, None, "0/0 is no position");
    assert_eq!(r.trains[1].id, "E2");
    assert_eq!(r.stats.total, 2, "stats recomputed from the trains");
}

#[tokio::test]
async fn user_agent_gzip_and_query_are_sent() {
    let seen = Arc::new(std::sync::Mutex::new(None::<(HeaderMap, String)>));
    let s = seen.clone();
    let addr = serve(Router::new().route(
        "/api/live/departures",
        get(move |headers: HeaderMap, uri: axum::http::Uri| {
            let s = s.clone();
            async move {
                *s.lock().unwrap() = Some((headers, uri.query().unwrap_or("").to_owned()));
                let json = br#"{"departures":[{"line":"S 3","destination":"Bern","scheduledDep":"12:04","delay":"2","cancelled":"0"}],"station":"8507000"}"#;
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                std::io::Write::write_all(&mut gz, json).unwrap();
                ([(header::CONTENT_ENCODING, "gzip"), (header::CONTENT_TYPE, "application/json")], gz.finish().unwrap()).into_response()
            }
        }),
    ))
    .await;
    let client = RemoteSource::new(&format!("http://{addr}/"), quick()).unwrap();
    let r = client
        .departures(DeparturesQuery {
            station: "Zürich HB".into(),
            limit: 7,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(r.departures[0].delay, Some(2));
    assert_eq!(
        (r.station.code.as_str(), r.station.name.as_str()),
        ("Zürich HB", "8507000"),
        "a server speaking only the interface names the station; the code is what was asked"
    );
    let (headers, query) = seen.lock().unwrap().clone().unwrap();
    assert!(headers["user-agent"]
        .to_str()
        .unwrap()
        .starts_with("railtop/"));
    assert!(headers["accept-encoding"]
        .to_str()
        .unwrap()
        .contains("gzip"));
    assert_eq!(query, "station=Z%C3%BCrich+HB&limit=7");
}

/// A realtime endpoint that counts its requests and answers with `reply`.
async fn counting_server<R>(reply: R) -> (String, Arc<AtomicUsize>)
where
    R: IntoResponse + Clone + Send + Sync + 'static,
{
    let hits = Arc::new(AtomicUsize::new(0));
    let h = hits.clone();
    let addr = serve(Router::new().route(
        "/api/live/realtime",
        get(move || {
            h.fetch_add(1, Ordering::SeqCst);
            let reply = reply.clone();
            async move { reply }
        }),
    ))
    .await;
    (format!("http://{addr}"), hits)
}

#[tokio::test]
async fn the_client_keeps_to_its_budget() {
    let (url, hits) = counting_server(r#"{"trains":[]}"#).await;
    let config = RemoteConfig {
        per_minute: NonZeroU32::new(3).unwrap(),
        max_queue_wait: Duration::ZERO,
        ..quick()
    };
    let client = RemoteSource::new(&url, config.clone()).unwrap();
    for _ in 0..3 {
        client.realtime(RealtimeQuery::default()).await.unwrap();
    }
    let e = client.realtime(RealtimeQuery::default()).await.unwrap_err();
    assert!(matches!(e, SourceError::RateLimited { .. }), "{e:?}");
    assert!(
        e.to_string().contains("budget of 3 requests a minute"),
        "{e}"
    );
    // A second client of the same server shares the budget.
    let again = RemoteSource::new(&url, config).unwrap();
    assert!(again.realtime(RealtimeQuery::default()).await.is_err());
    assert_eq!(
        hits.load(Ordering::SeqCst),
        3,
        "refused requests never left the process"
    );
}

#[tokio::test]
async fn the_client_honours_retry_after() {
    let (url, hits) = counting_server((
        StatusCode::TOO_MANY_REQUESTS,
        [(header::RETRY_AFTER, "30")],
        r#"{"error":{"code":"rate_limited","message":"slow down"}}"#,
    ))
    .await;
    let client = RemoteSource::new(&url, quick()).unwrap();
    let e = client.realtime(RealtimeQuery::default()).await.unwrap_err();
    assert!(
        matches!(e, SourceError::RateLimited { retry_after, .. } if retry_after == Duration::from_secs(30)),
        "{e:?}"
    );
    let e = client.realtime(RealtimeQuery::default()).await.unwrap_err();
    assert!(e.to_string().contains("asked us to slow down"), "{e}");
    assert_eq!(
        hits.load(Ordering::SeqCst),
        1,
        "no request before Retry-After has passed"
    );
}

#[test]
fn bad_urls_are_refused_up_front() {
    assert!(RemoteSource::new("ftp://example.org", RemoteConfig::default()).is_err());
    let e = RemoteSource::new("not a url", RemoteConfig::default())
        .err()
        .unwrap();
    assert!(e.to_string().contains("is not a URL"), "{e}");
}

/// A server that redirects to another host is not followed: the error says so, and a password
/// in the source's URL is never shown.
#[tokio::test]
async fn a_redirect_to_another_host_is_refused_and_passwords_are_masked() {
    let elsewhere =
        serve(Router::new().route("/api/live/realtime", get(|| async { "{\"trains\":[]}" }))).await;
    let target = format!("http://localhost:{}/api/live/realtime", elsewhere.port());
    let redirecting = serve(Router::new().route(
        "/api/live/realtime",
        get(move || {
            let target = target.clone();
            async move { (StatusCode::FOUND, [(header::LOCATION, target)]) }
        }),
    ))
    .await;
    let e = realtime_error(
        &format!("http://viewer:hunter2@{redirecting}"),
        RemoteConfig::default(),
    )
    .await
    .to_string();
    assert!(e.contains("redirected to another host"), "{e}");
    assert!(!e.contains("hunter2"), "{e}");
    let source = RemoteSource::new(
        &format!("http://viewer:hunter2@{redirecting}"),
        RemoteConfig::default(),
    )
    .unwrap();
    assert!(!source.base_url().contains("hunter2"));
    assert!(!source.info().name.contains("hunter2"));
}
