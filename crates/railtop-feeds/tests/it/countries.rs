//! What is particular to one country's feed, beyond what the registry test asks of every row,
//! on its fixture folder played on loopback. (Each country end to end through the binary is the
//! root crate's `tests/it/upstream/countries.rs`.)

use railtop_core::config::FeedSettings;
use railtop_feeds::test_support::play::{play, Seen};
use railtop_feeds::upstream::registry;
use railtop_feeds::upstream::BoardAsk;
use std::sync::{Arc, Mutex};

/// France's arrivals name the train's origin and via stops from its vehicle journey (Navitia's
/// `direction` is the terminus), a row without a vehicle journey is left out, and a run's calls
/// are fetched once: the second board asks for none.
#[tokio::test]
async fn france_arrivals_come_from_their_vehicle_journeys() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("france", seen.clone()).await;
    let client = railtop_feeds::upstream::http::client().unwrap();
    let settings = FeedSettings {
        key: Some("k".into()),
        ..FeedSettings::at(base)
    };
    let feed = registry::row("france")
        .unwrap()
        .open(client, &settings)
        .unwrap();
    let ask = BoardAsk {
        kind: railtop_core::model::Kind::Arrivals,
        ..BoardAsk::departures("87384008", 10, railtop_feeds::test_support::now())
    };
    let board = feed.board(ask).await.unwrap();
    let rows: Vec<(&str, &str, Vec<&str>, Option<i64>)> = board
        .departures
        .iter()
        .map(|d| {
            let via = d.via.iter().map(String::as_str).collect();
            (
                d.destination.as_str(),
                d.scheduled_dep.as_str(),
                via,
                d.delay,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                "Le Havre",
                "17:10",
                vec!["Rouen Rive Droite", "Mantes-la-Jolie"],
                Some(5)
            ),
            (
                "Versailles Rive Droite",
                "17:24",
                vec!["Saint-Cloud"],
                Some(0)
            ),
        ]
    );
    assert_eq!(
        board.departures[0].messages,
        vec!["Retard : incident de signalisation"]
    );
    let journeys = |seen: &Seen| {
        seen.lock()
            .unwrap()
            .iter()
            .filter(|(uri, ..)| uri.contains("/vehicle_journeys/"))
            .count()
    };
    assert_eq!(journeys(&seen), 2);
    let again = feed.board(ask).await.unwrap();
    assert_eq!(again.departures, board.departures);
    assert_eq!(
        journeys(&seen),
        2,
        "a run's calls are kept, not fetched again"
    );
}
