//! The real server with the demo source, read by the real client and by raw HTTP: both endpoints,
//! every error case, the headers, and the rate limit. Loopback only.

use crate::support::{start_demo, NOW};
use railtop_core::model::{ErrorBody, RealtimeResponse, Stats};
use railtop_feeds::source::demo::SIMULATED_COUNTRIES;
use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
use railtop_feeds::source::{DeparturesQuery, LiveSource, RealtimeQuery, SourceError};
use railtop_server::ServerConfig;
use std::num::NonZeroU32;

fn no_limit() -> ServerConfig {
    ServerConfig {
        rate_limit: None,
        ..ServerConfig::default()
    }
}

#[tokio::test]
async fn the_client_reads_both_endpoints() {
    let server = start_demo(no_limit()).await;
    let client = RemoteSource::new(&server.url(), RemoteConfig::default()).unwrap();

    let all = client.realtime(RealtimeQuery::default()).await.unwrap();
    assert!(all.trains.len() > 300, "{}", all.trains.len());
    assert_eq!(all.stats, Stats::of(&all.trains));
    assert_eq!(all.fetched_at, NOW.replace(".000", ""));
    for slug in SIMULATED_COUNTRIES {
        assert!(all.live_countries.iter().any(|c| c == slug), "{slug}");
    }
    assert!(all.attribution.as_deref().unwrap_or("").contains("DEMO"));

    let fi = client
        .realtime(RealtimeQuery {
            country: Some("finland".into()),
            stop: None,
        })
        .await
        .unwrap();
    assert!(fi
        .trains
        .iter()
        .all(|t| t.country.as_deref() == Some("finland")));
    assert!(fi
        .trains
        .iter()
        .all(|t| t.name.starts_with(&t.train_code) && t.name.contains(" → ")));

    let board = client
        .departures(DeparturesQuery {
            station: "HKI".into(),
            limit: 5,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(board.departures.len(), 5);
    assert_eq!(board.station.name, "Helsinki");

    let berlin = client
        .departures(DeparturesQuery {
            station: "berlin-hbf".into(),
            limit: 100,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(berlin.station.code, "8011160");
    assert!(berlin.departures.len() > 20);
}

#[tokio::test]
async fn success_answers_carry_the_headers() {
    let server = start_demo(ServerConfig::default()).await;
    let r = reqwest::get(format!("{}/api/live/departures?station=TPE", server.url()))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let h = r.headers();
    assert_eq!(h["content-type"], "application/json");
    assert_eq!(h["access-control-allow-origin"], "*");
    let cc = h["cache-control"].to_str().unwrap();
    assert!(cc.starts_with("public, max-age="), "{cc}");
    assert_eq!(h["ratelimit-limit"], "60");
    assert_eq!(h["ratelimit-remaining"], "59");
    assert!(h.contains_key("ratelimit-reset"));
    let body: serde_json::Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(
        body["departures"].as_array().unwrap().len(),
        20,
        "default limit"
    );
}

async fn expect_error(url: &str, status: u16, code: &str, words: &str) {
    let r = reqwest::get(url).await.unwrap();
    assert_eq!(r.status().as_u16(), status, "{url}");
    assert_eq!(r.headers()["content-type"], "application/json", "{url}");
    assert_eq!(r.headers()["access-control-allow-origin"], "*", "{url}");
    let body: ErrorBody = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(body.error.code, code, "{url}");
    assert!(
        body.error.message.contains(words),
        "{url}: {}",
        body.error.message
    );
}

#[tokio::test]
async fn every_error_case_has_its_status_and_body() {
    let server = start_demo(no_limit()).await;
    let u = server.url();
    expect_error(
        &format!("{u}/api/live/departures"),
        400,
        "bad_request",
        "station",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/departures?station="),
        400,
        "bad_request",
        "station",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/departures?station=HKI&limit=abc"),
        400,
        "bad_request",
        "limit",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/departures?station=HKI&limit=0"),
        400,
        "bad_request",
        "1 to 100",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/departures?station=HKI&limit=101"),
        400,
        "bad_request",
        "1 to 100",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/departures?station=NOWHERE"),
        404,
        "not_found",
        "NOWHERE",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/realtime?source=atlantis"),
        404,
        "not_found",
        "atlantis",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/realtime?source=egypt"),
        404,
        "not_found",
        "Egypt",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/realtime?source=finland&stop=NOPE"),
        404,
        "not_found",
        "NOPE",
    )
    .await;
    expect_error(
        &format!("{u}/api/nothing"),
        404,
        "not_found",
        "/api/live/realtime",
    )
    .await;
}

#[tokio::test]
async fn the_client_turns_error_answers_into_sentences() {
    let server = start_demo(no_limit()).await;
    let client = RemoteSource::new(&server.url(), RemoteConfig::default()).unwrap();
    let e = client
        .departures(DeparturesQuery {
            station: "NOWHERE".into(),
            limit: 5,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert!(matches!(e, SourceError::NotFound(_)), "{e:?}");
    let text = e.to_string();
    assert!(
        text.contains("answered 404") && text.contains("NOWHERE"),
        "{text}"
    );
}

#[tokio::test]
async fn the_61st_request_in_a_minute_gets_429_with_retry_after() {
    let server = start_demo(ServerConfig::default()).await;
    let http = reqwest::Client::new();
    for i in 0..60 {
        // Both endpoints share the budget.
        let path = if i % 2 == 0 {
            "realtime?source=ireland"
        } else {
            "departures?station=CNLLY"
        };
        let r = http
            .get(format!("{}/api/live/{path}", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "request {}", i + 1);
    }
    let r = http
        .get(format!("{}/api/live/realtime", server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    let h = r.headers().clone();
    let retry: u64 = h["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(h["ratelimit-remaining"], "0");
    assert_eq!(h["ratelimit-limit"], "60");
    let body: ErrorBody = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(body.error.code, "rate_limited");
}

#[tokio::test]
async fn the_limit_is_configurable() {
    let server = start_demo(ServerConfig {
        rate_limit: NonZeroU32::new(3),
        ..ServerConfig::default()
    })
    .await;
    let http = reqwest::Client::new();
    let url = format!("{}/api/live/realtime?source=norway", server.url());
    for _ in 0..3 {
        assert_eq!(http.get(&url).send().await.unwrap().status(), 200);
    }
    assert_eq!(http.get(&url).send().await.unwrap().status(), 429);
}

#[tokio::test]
async fn forwarded_for_is_used_only_when_trusted() {
    let trusted = start_demo(ServerConfig {
        rate_limit: NonZeroU32::new(1),
        trust_forwarded_for: true,
        ..ServerConfig::default()
    })
    .await;
    let http = reqwest::Client::new();
    let url = format!("{}/api/live/realtime?source=norway", trusted.url());
    let get = |ip: &'static str| http.get(&url).header("x-forwarded-for", ip).send();
    assert_eq!(get("198.51.100.1").await.unwrap().status(), 200);
    assert_eq!(
        get("198.51.100.2").await.unwrap().status(),
        200,
        "another client"
    );
    assert_eq!(get("198.51.100.1").await.unwrap().status(), 429);

    let untrusted = start_demo(ServerConfig {
        rate_limit: NonZeroU32::new(1),
        trust_forwarded_for: false,
        ..ServerConfig::default()
    })
    .await;
    let url = format!("{}/api/live/realtime?source=norway", untrusted.url());
    let get = |ip: &'static str| http.get(&url).header("x-forwarded-for", ip).send();
    assert_eq!(get("198.51.100.1").await.unwrap().status(), 200);
    assert_eq!(
        get("198.51.100.2").await.unwrap().status(),
        429,
        "the header is ignored"
    );
}

#[tokio::test]
async fn hot_requests_are_served_from_the_cache_byte_for_byte() {
    let server = start_demo(no_limit()).await;
    let url = format!("{}/api/live/realtime", server.url());
    let a = reqwest::get(&url).await.unwrap().bytes().await.unwrap();
    let b = reqwest::get(&url).await.unwrap().bytes().await.unwrap();
    assert_eq!(a, b);
    let parsed: RealtimeResponse = serde_json::from_slice(&a).unwrap();
    assert_eq!(parsed.stats, Stats::of(&parsed.trains));
}

/// The count of answers given again before the router (`lane/answer_memo.rs`), read from
/// `/metrics`.
async fn replayed(http: &reqwest::Client, base: &str) -> u64 {
    let text = http
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find(|l| l.starts_with("railtop_cache_requests_total{kind=\"replay\""))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn a_cached_answer_given_again_is_the_routers_answer_with_its_own_limit_and_tag() {
    let server = start_demo(ServerConfig {
        rate_limit: NonZeroU32::new(5),
        ..ServerConfig::default()
    })
    .await;
    let base = server.url();
    let http = reqwest::Client::builder().no_gzip().build().unwrap();
    let url = format!("{base}/api/live/realtime?source=finland");
    let zipped = || http.get(&url).header("accept-encoding", "gzip").send();
    let before = replayed(&http, &base).await;

    let first = zipped().await.unwrap();
    let second = zipped().await.unwrap();
    assert!(
        replayed(&http, &base).await > before,
        "the second came from the table"
    );
    let (h1, h2) = (first.headers().clone(), second.headers().clone());
    for name in [
        "content-type",
        "content-encoding",
        "vary",
        "etag",
        "access-control-allow-origin",
        "ratelimit-limit",
    ] {
        assert_eq!(h1.get(name), h2.get(name), "{name}");
    }
    assert_eq!(h1["ratelimit-remaining"], "4");
    assert_eq!(h2["ratelimit-remaining"], "3", "counted against the client");
    let age = |h: &reqwest::header::HeaderMap| -> u64 {
        let v = h["cache-control"].to_str().unwrap();
        v.rsplit('=').next().unwrap().parse().unwrap()
    };
    assert!(age(&h2) <= age(&h1) && age(&h2) >= 1, "counts down");
    assert_eq!(first.bytes().await.unwrap(), second.bytes().await.unwrap());

    // The other encoding is its own answer; a named tag is a 304 with the same headers.
    let plain = http.get(&url).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = http.get(&url).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    serde_json::from_slice::<RealtimeResponse>(&plain.bytes().await.unwrap()).unwrap();
    let tag = h1["etag"].clone();
    let unchanged = http
        .get(&url)
        .header("accept-encoding", "gzip")
        .header("if-none-match", tag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), 304);
    assert_eq!(unchanged.headers()["etag"], tag);
    assert_eq!(unchanged.headers()["vary"], "accept-encoding");
    assert_eq!(unchanged.headers()["ratelimit-remaining"], "0");
    assert!(unchanged.bytes().await.unwrap().is_empty());
    let refused = zipped().await.unwrap();
    assert_eq!(refused.status(), 429, "the sixth request of five");
    let body: ErrorBody = serde_json::from_slice(&refused.bytes().await.unwrap()).unwrap();
    assert_eq!(body.error.code, "rate_limited");
}

/// An answer asked again goes out by `sendfile` from its memfd (`zero_copy.rs`), and every
/// client gets the very bytes the router gave the first.
#[tokio::test]
async fn an_answer_asked_again_is_sent_from_its_memfd_byte_for_byte() {
    let server = start_demo(no_limit()).await;
    let url = format!("{}/api/live/realtime", server.url());
    let http = reqwest::Client::builder().no_gzip().build().unwrap();
    let first = http.get(&url).send().await.unwrap().bytes().await.unwrap();
    assert!(first.len() > 8 * 1024, "{} bytes", first.len());
    let before = railtop_server::bytes_sent_by_sendfile();
    let mut sent = 0;
    for _ in 0..200 {
        let again = http.get(&url).send().await.unwrap().bytes().await.unwrap();
        assert!(again == first, "the same bytes");
        sent = railtop_server::bytes_sent_by_sendfile() - before;
        if sent >= first.len() as u64 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(sent >= first.len() as u64, "{sent} bytes by sendfile");
}

#[tokio::test]
async fn graceful_shutdown_returns() {
    let mut server = start_demo(no_limit()).await;
    let r = reqwest::get(format!("{}/api/live/realtime?source=belgium", server.url()))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    server.stop.take().unwrap().send(()).unwrap();
    let result = tokio::time::timeout(std::time::Duration::from_secs(10), server.task).await;
    assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
}

#[tokio::test]
async fn gzip_is_served_to_clients_that_ask() {
    let server = start_demo(no_limit()).await;
    let url = format!("{}/api/live/realtime?source=finland", server.url());
    let raw = reqwest::Client::builder().no_gzip().build().unwrap();
    let plain = raw.get(&url).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain = plain.bytes().await.unwrap();
    let zipped = raw
        .get(&url)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    let zipped = zipped.bytes().await.unwrap();
    assert!(
        zipped.len() * 4 < plain.len(),
        "{} vs {}",
        zipped.len(),
        plain.len()
    );
    let mut unzipped = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&zipped[..]),
        &mut unzipped,
    )
    .unwrap();
    assert_eq!(unzipped, plain);
}

/// Both answers of the real server, for every country and a station of each, read as JSON
/// against the interface's table of fields and types (see `support::interface`).
#[tokio::test]
async fn every_answer_has_the_interface_shape() {
    use railtop_feeds::test_support::interface::{check_departures, check_realtime};
    let server = start_demo(no_limit()).await;
    let get = |path: String| {
        let url = format!("{}{path}", server.url());
        async move {
            let r = reqwest::get(&url).await.unwrap();
            assert_eq!(r.status(), 200, "{url}");
            serde_json::from_slice::<serde_json::Value>(&r.bytes().await.unwrap()).unwrap()
        }
    };
    let all = get("/api/live/realtime".into()).await;
    assert!(check_realtime(&all).unwrap() > 300);
    for slug in SIMULATED_COUNTRIES {
        let answer = get(format!("/api/live/realtime?source={slug}")).await;
        check_realtime(&answer).unwrap_or_else(|e| panic!("{slug}: {e}"));
    }
    let stop = get("/api/live/realtime?source=finland&stop=HKI".into()).await;
    check_realtime(&stop).unwrap();
    for station in [
        "HKI",
        "TPE",
        "CNLLY",
        "berlin-hbf",
        "8503000",
        "008814001",
        "OSL",
        "NYP",
    ] {
        let answer = get(format!("/api/live/departures?station={station}&limit=100")).await;
        let rows = check_departures(&answer).unwrap_or_else(|e| panic!("{station}: {e}"));
        assert!(rows > 0, "{station}");
        assert!(
            answer["stationInfo"]["code"].is_string(),
            "railtop's record of the station travels as the extra `stationInfo`"
        );
    }
}

/// railtop's own `/api/live/stations`: the directory searched, with the interface endpoints'
/// headers, errors and rate limit.
#[tokio::test]
async fn the_station_directory_endpoint() {
    let server = start_demo(ServerConfig::default()).await;
    let u = server.url();
    let r = reqwest::get(format!("{u}/api/live/stations?q=koeln&limit=3"))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let h = r.headers();
    assert_eq!(h["content-type"], "application/json");
    assert_eq!(h["access-control-allow-origin"], "*");
    assert_eq!(h["ratelimit-limit"], "60");
    let answer: railtop_core::stations::StationsAnswer =
        serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(answer.stations[0].name, "Köln Hbf");
    assert_eq!(answer.stations[0].qualified, "germany:8000207");
    assert_eq!(answer.stations[0].timezone, "Europe/Berlin");

    // A city's name is its main station on a board; a code is the station it names.
    for (station, code) in [("zurich", "8503000"), ("belgium:008833308", "008833308")] {
        let r = reqwest::get(format!("{u}/api/live/departures?station={station}&limit=2"))
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{station}");
        let answer: serde_json::Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(answer["stationInfo"]["code"], code, "{station}: {answer}");
    }
    let r = reqwest::get(format!("{u}/api/live/stations?q=tienen&limit=1"))
        .await
        .unwrap();
    let answer: railtop_core::stations::StationsAnswer =
        serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(
        answer.stations[0].code, "008833308",
        "Tienen, not Aarschot's number"
    );

    let r = reqwest::get(format!("{u}/api/live/stations?country=finland"))
        .await
        .unwrap();
    let answer: railtop_core::stations::StationsAnswer =
        serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(answer.stations.len(), 20, "default limit");
    assert_eq!(answer.stations[0].code, "HKI", "main station first");
    assert!(answer.stations.iter().all(|s| s.country == "finland"));

    // `prefer` ranks a country first without leaving the others out (the picker's search).
    let countries = |prefer: &'static str| {
        let u = u.clone();
        async move {
            let r = reqwest::get(format!(
                "{u}/api/live/stations?q=ha&limit=30&prefer={prefer}"
            ))
            .await
            .unwrap();
            let answer: railtop_core::stations::StationsAnswer =
                serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
            answer
                .stations
                .into_iter()
                .map(|s| s.country)
                .collect::<Vec<_>>()
        }
    };
    let finland_first = countries("finland").await;
    assert_eq!(finland_first[0], "finland", "{finland_first:?}");
    let german_first = countries("germany").await;
    assert_eq!(german_first[0], "germany", "{german_first:?}");
    assert!(
        german_first.iter().any(|c| c == "finland"),
        "{german_first:?}"
    );
    // Only stations whose boards the source has: the demo simulates no Dutch or Austrian ones.
    assert!(
        !german_first.iter().any(|c| c == "netherlands"),
        "{german_first:?}"
    );
    let r = reqwest::get(format!("{u}/api/live/stations?q=wien"))
        .await
        .unwrap();
    let answer: railtop_core::stations::StationsAnswer =
        serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    assert!(answer.stations.is_empty(), "{:?}", answer.stations);
    expect_error(
        &format!("{u}/api/live/stations?prefer=narnia"),
        404,
        "not_found",
        "unknown",
    )
    .await;

    expect_error(
        &format!("{u}/api/live/stations?q=x&limit=0"),
        400,
        "bad_request",
        "limit",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/stations?country=narnia"),
        404,
        "not_found",
        "unknown country",
    )
    .await;
    let long = "x".repeat(101);
    expect_error(
        &format!("{u}/api/live/stations?q={long}"),
        400,
        "bad_request",
        "longer than",
    )
    .await;
}

/// railtop's own `/api/live/train`: a listed train's run through the real client and by raw
/// HTTP, with the same headers, errors and limit as the interface's endpoints.
#[tokio::test]
async fn the_train_endpoint_gives_a_listed_trains_journey() {
    let server = start_demo(ServerConfig {
        rate_limit: NonZeroU32::new(4),
        ..ServerConfig::default()
    })
    .await;
    let u = server.url();
    let client = RemoteSource::new(&u, RemoteConfig::default()).unwrap();
    let fi = client
        .realtime(RealtimeQuery {
            country: Some("finland".into()),
            stop: None,
        })
        .await
        .unwrap();
    let train = fi.trains.iter().find(|t| t.status == "running").unwrap();
    let journey = client.journey(train.id.clone()).await.unwrap();
    assert_eq!(&journey.train, train);
    assert_eq!(journey.stops.first().map(|s| &s.name), train.from.as_ref());
    assert!(journey.simulated && journey.attribution.is_some());
    let r = reqwest::get(format!("{u}/api/live/train?id={}", train.id))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let h = r.headers();
    assert_eq!(h["content-type"], "application/json");
    assert_eq!(h["access-control-allow-origin"], "*");
    assert!(h["cache-control"]
        .to_str()
        .unwrap()
        .starts_with("public, max-age="));
    assert_eq!(
        h["ratelimit-remaining"], "1",
        "the endpoints share one budget"
    );
    let body: serde_json::Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
    let stop = &body["stops"][1];
    for field in [
        "code",
        "name",
        "arrival",
        "departure",
        "delay",
        "platform",
        "cancelled",
        "passed",
    ] {
        assert!(stop.get(field).is_some(), "{field}: {stop}");
    }
    assert!(stop["arrival"]["scheduledAt"]
        .as_str()
        .unwrap()
        .contains('T'));
    expect_error(
        &format!("{u}/api/live/train?id=nope"),
        404,
        "not_found",
        "nope",
    )
    .await;
    expect_error(&format!("{u}/api/live/train"), 429, "rate_limited", "").await;
}

#[tokio::test]
async fn the_train_endpoints_errors() {
    let server = start_demo(no_limit()).await;
    let u = server.url();
    expect_error(&format!("{u}/api/live/train"), 400, "bad_request", "id").await;
    expect_error(&format!("{u}/api/live/train?id="), 400, "bad_request", "id").await;
    let long = "x".repeat(400);
    expect_error(
        &format!("{u}/api/live/train?id={long}"),
        400,
        "bad_request",
        "longer",
    )
    .await;
    expect_error(
        &format!("{u}/api/live/train?id=finland-20261123-999a-1"),
        404,
        "not_found",
        "no train",
    )
    .await;
}
