//! A simulated train's run, stop by stop, for `GET /api/live/train?id=`: its line's stops and
//! timetable, the delay it had at each stop it has passed (its walk replayed to that moment) and
//! the delay it has now carried to the stops ahead, as a real feed would forecast them.

use super::trips::{self, Progress, Trip};
use super::{walk, DemoSource, ATTRIBUTION};
use crate::source::{SourceError, SourceResult};
use chrono::{DateTime, Duration, Utc};
use railtop_core::clock::rfc3339;
use railtop_core::model::{JourneyResponse, JourneyStop};

impl DemoSource {
    /// The run of the train `id` (as its realtime record wrote it) as of `now`.
    pub fn journey_at(&self, id: &str, now: DateTime<Utc>) -> SourceResult<JourneyResponse> {
        let unknown = || {
            SourceError::NotFound(format!(
                "no train {} in the demo; use an id from /api/live/realtime",
                railtop_core::text::quoted(id)
            ))
        };
        let (slug, date, line, dir, k) = trips::parse_id(id.trim()).ok_or_else(unknown)?;
        let (ci, net) = self.net.country(slug).ok_or_else(unknown)?;
        let country = u16::try_from(ci).map_err(|_| unknown())?;
        let trip =
            trips::run(net, (country, line), self.knobs, date, (k, dir)).ok_or_else(unknown)?;
        let mut memo = self.memo.lock().unwrap_or_else(|p| p.into_inner());
        let train = self
            .train(&trip, now, &mut memo, true)
            .ok_or_else(unknown)?;
        let walked = self.delay(&trip, now, &mut memo);
        drop(memo);
        let mut answer = JourneyResponse {
            train,
            stops: stops(&trip, now, walked),
            fetched_at: rfc3339(now),
            attribution: Some(ATTRIBUTION.into()),
            simulated: true,
        };
        answer.sanitize();
        Ok(answer)
    }
}

/// Every stop of `trip`, passed or not as of `now` with the delay `walked` it has now.
fn stops(trip: &Trip, now: DateTime<Utc>, walked: i64) -> Vec<JourneyStop> {
    let n = trip.stop_count();
    let cancelled = trip.is_cancelled();
    let cut = trip.cut_short_at();
    let realtime = !cancelled && trip.has_realtime();
    let passed_before = match trip.progress(now, walked) {
        _ if cancelled => 0,
        Progress::NotDeparted => 0,
        Progress::AtStop(i) => i,
        Progress::Between(i, _) => i + 1,
        Progress::Arrived { .. } => n,
    };
    let profile = trip.profile();
    (0..n)
        .map(|i| {
            let (si, at_min) = trip.stop(i);
            let station = &trip.net.stations[si];
            let dep = trip.start + Duration::minutes(i64::from(at_min));
            // A minute's dwell at every stop but the two ends (as `Trip::progress` has it).
            let arr = if i == 0 || i == n - 1 {
                dep
            } else {
                dep - Duration::minutes(1)
            };
            let passed = i < passed_before;
            let delay = realtime.then(|| {
                if passed {
                    walk::walk(trip.hash, profile, 0, profile.initial, trip.walk_steps(arr))
                } else {
                    walked
                }
            });
            let expected = |t: DateTime<Utc>| delay.map(|d| t + Duration::minutes(d));
            let arrival = (i > 0).then_some(arr);
            let departure = (i + 1 < n).then_some(dep);
            let mut stop = JourneyStop::timed(
                station.name.clone(),
                (arrival, arrival.and_then(expected)),
                (departure, departure.and_then(expected)),
                trip.line.tz,
            );
            let (platform, planned) = trip.platform(i);
            stop.code = Some(station.code.clone());
            stop.lat = Some(station.lat);
            stop.lng = Some(station.lng);
            stop.delay = delay;
            stop.platform = Some(platform);
            stop.planned_platform = planned;
            // A trip cut short calls nowhere past its last stop today.
            stop.cancelled = cancelled || cut.is_some_and(|k| i > k);
            stop.passed = passed;
            stop
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::RealtimeQuery;
    use railtop_core::clock::Clock;

    fn demo() -> DemoSource {
        DemoSource::new(7, 1, Clock::System).unwrap()
    }

    fn now() -> DateTime<Utc> {
        "2026-11-23T08:00:00Z".parse().unwrap()
    }

    #[test]
    fn every_listed_train_has_its_journey() {
        let demo = demo();
        let trains = demo
            .realtime_at(&RealtimeQuery::default(), now())
            .unwrap()
            .trains;
        assert!(trains.len() > 300);
        for train in trains.iter().step_by(17) {
            let j = demo.journey_at(&train.id, now()).unwrap();
            assert_eq!(&j.train, train, "the record is the realtime one");
            assert!(j.stops.len() >= 2, "{}", train.id);
            assert_eq!(j.stops.first().map(|s| &s.name), train.from.as_ref());
            assert_eq!(j.stops.last().map(|s| &s.name), train.to.as_ref());
            assert!(j.stops[0].arrival.is_empty() && !j.stops[0].departure.is_empty());
            // The record's next station is the next one to reach; the journey's next stop is
            // the one the train stands at while it does.
            if train.status == "running" {
                let i = j.next_stop().unwrap();
                let ahead: Vec<_> = j.stops[i..].iter().take(2).map(|s| &s.name).collect();
                assert!(
                    ahead.contains(&train.next_station.as_ref().unwrap()),
                    "{}",
                    train.id
                );
            }
            // Passed stops come first, then the rest.
            let passed = j.stops.iter().take_while(|s| s.passed).count();
            assert!(j.stops[passed..].iter().all(|s| !s.passed));
            assert!(j.simulated);
        }
    }

    #[test]
    fn times_follow_the_timetable_and_the_delay() {
        let demo = demo();
        let trains = demo
            .realtime_at(&RealtimeQuery::default(), now())
            .unwrap()
            .trains;
        let late = trains
            .iter()
            .find(|t| t.status == "running" && t.delay.is_some_and(|d| d >= 3))
            .expect("a late running train");
        let j = demo.journey_at(&late.id, now()).unwrap();
        let ahead = &j.stops[j.next_stop().unwrap()];
        assert_eq!(
            ahead.delay, late.delay,
            "the stops ahead carry today's delay"
        );
        let t = ahead.arrival.clone();
        assert_ne!(t.scheduled, t.expected);
        assert!(
            t.scheduled_at.unwrap().ends_with(":00"),
            "RFC 3339 with an offset"
        );
    }

    #[test]
    fn unknown_and_malformed_ids_are_not_found() {
        let demo = demo();
        for id in [
            "",
            "finland",
            "finland-20261123-0a",
            "narnia-20261123-0a-1",
            "finland-2026-0a-1",
            "finland-20261123-999a-1",
            "finland-20261123-0c-1",
            "finland-20261123-0a-999999",
            "finland-20261123-0a--1",
            "finland-20261123-\u{e9}a-1",
        ] {
            match demo.journey_at(id, now()) {
                Err(SourceError::NotFound(m)) => assert!(m.contains("no train"), "{m}"),
                other => panic!("{id:?}: {other:?}"),
            }
        }
    }
}
