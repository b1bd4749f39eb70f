//! Keeps the directory's online lists fresh: at start, each feed's cached list (from the last
//! run) goes into the directory at once; a list missing or older than a day is fetched from the
//! feed's own station endpoint in the background, one feed after another, and on success is
//! written to the cache and swapped into the directory. A failure is logged and changes
//! nothing: the last list stays, and the feed is asked again an hour later.
//!
//! Only the modes where people search stations (the dashboard's picker, `serve`'s
//! /api/live/stations) start it; one-shot commands, `board` and `ssh` (their stations fixed at
//! start) read the cache and leave the feeds' station endpoints alone. Nothing here blocks a screen: the first frame
//! never waits for a station list.

use super::Feed;
use railtop_core::stations::online;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// How often the refresher looks for lists due.
pub(crate) const CHECK_EVERY: Duration = Duration::from_secs(3600);

/// What one round did for one feed (logged, and read by tests).
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The cached list is younger than a day.
    Fresh,
    /// Fetched: this many stations.
    Fetched(usize),
    /// The feed serves no station list.
    NoList,
    /// The fetch failed; the last list stays.
    Failed(String),
}

/// The refresher's memory: the cache folder and when each feed's list was last fetched.
pub struct Refresher {
    feeds: Vec<Arc<dyn Feed>>,
    dir: Option<PathBuf>,
    fetched: Vec<Option<SystemTime>>,
    /// Feeds that answered "no list": not asked again.
    listless: Vec<bool>,
}

impl Refresher {
    /// Loads each feed's cached list (a damaged file is logged and fetched afresh).
    pub fn new(feeds: Vec<Arc<dyn Feed>>, dir: Option<PathBuf>) -> Refresher {
        let mut fetched = vec![None; feeds.len()];
        if let Some(dir) = &dir {
            let slugs: Vec<&'static str> = feeds.iter().map(|f| f.slug()).collect();
            let (read, errors) = online::load_all(dir, &slugs);
            for e in errors {
                tracing::warn!("station list cache: {e}");
            }
            for (slug, when) in read {
                if let Some(i) = slugs.iter().position(|s| *s == slug) {
                    fetched[i] = Some(when);
                }
            }
        }
        let listless = vec![false; feeds.len()];
        Refresher {
            feeds,
            dir,
            fetched,
            listless,
        }
    }

    /// One pass over the feeds: fetches each list that is due.
    pub async fn round(&mut self, now: SystemTime) -> Vec<(&'static str, Outcome)> {
        let mut done = Vec::new();
        for i in 0..self.feeds.len() {
            let feed = Arc::clone(&self.feeds[i]);
            let due = self.fetched[i].is_none_or(|at| {
                now.duration_since(at)
                    .map_or(true, |age| age >= online::MAX_AGE)
            });
            let outcome = if self.listless[i] {
                continue;
            } else if !due {
                Outcome::Fresh
            } else {
                match feed.station_list().await {
                    Ok(Some(list)) if !list.is_empty() => {
                        let n = list.len();
                        if let Some(dir) = &self.dir {
                            if let Err(e) = online::save(dir, feed.slug(), &list, now) {
                                tracing::warn!(feed = feed.slug(), "station list cache: {e}");
                            }
                        }
                        online::remember(feed.slug(), list);
                        self.fetched[i] = Some(now);
                        Outcome::Fetched(n)
                    }
                    Ok(Some(_)) => Outcome::Failed("the feed listed no usable station".into()),
                    Ok(None) => {
                        self.listless[i] = true;
                        Outcome::NoList
                    }
                    Err(e) => Outcome::Failed(railtop_core::text::cleaned(&e.to_string())),
                }
            };
            match &outcome {
                Outcome::Fetched(n) => {
                    tracing::info!(feed = feed.slug(), stations = n, "station list refreshed")
                }
                Outcome::Failed(why) => {
                    tracing::warn!(feed = feed.slug(), "station list not refreshed: {why}")
                }
                _ => {}
            }
            done.push((feed.slug(), outcome));
        }
        done
    }

    /// Rounds for ever, an hour apart (the task ends with the program).
    pub fn spawn(mut self) {
        tokio::spawn(async move {
            loop {
                self.round(SystemTime::now()).await;
                tokio::time::sleep(CHECK_EVERY).await;
            }
        });
    }
}
