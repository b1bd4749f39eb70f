//! Unit tests of `stats.rs`, beside it (the file would pass 400 lines with them).

use super::*;

fn seen(delay: Option<i64>, cancelled: bool) -> Seen {
    Seen {
        key: "x".into(),
        delay,
        cancelled,
    }
}

#[test]
fn figures_by_their_definitions() {
    let runs: Vec<Seen> = [0, 2, 5, 6, 9, 14, 30, 61, -1, 3]
        .into_iter()
        .map(|d| seen(Some(d), false))
        .chain([seen(None, false), seen(Some(50), true)])
        .collect();
    let refs: Vec<&Seen> = runs.iter().collect();
    let g = figures("x".into(), &refs, 5);
    assert_eq!(
        (g.runs, g.cancelled, g.with_delay, g.on_time),
        (12, 1, 10, 5)
    );
    assert_eq!(g.on_time_share, Some(0.5));
    assert_eq!(g.mean_delay, Some(12.9));
    assert_eq!(g.median_delay, Some(5.5), "the mean of 5 and 6");
    assert_eq!(g.p90_delay, Some(30), "nearest rank: the 9th of 10");
    assert_eq!(g.histogram, [2, 1, 2, 2, 1, 1, 0, 1]);
    let none = figures("y".into(), &[], 5);
    assert_eq!(
        (none.runs, none.on_time_share, none.p90_delay),
        (0, None, None)
    );
}

#[test]
fn hours_are_on_the_countrys_clock() {
    // 22:30 UTC is 00:30 in Helsinki in summer, 23:30 in Paris in winter.
    let summer = "2026-07-01T22:30:00Z".parse::<DateTime<Utc>>().unwrap();
    assert_eq!(hour_of("finland", summer.timestamp()), "01");
    let winter = "2026-11-24T22:30:00Z".parse::<DateTime<Utc>>().unwrap();
    assert_eq!(hour_of("france", winter.timestamp()), "23");
    assert_eq!(hour_of("atlantis", winter.timestamp()), "22");
}
