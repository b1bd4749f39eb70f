//! A feed's static timetable, kept current in the background. The bundle goes to disk as it
//! arrives (a URL, asked conditionally once a day) or is read where it lies (a file's path); the
//! built timetable is kept beside it as a snapshot, so a restart is ready in seconds; a new
//! bundle replaces the old one only once it has been read whole. Meanwhile the screens work
//! with the timetable they have, or none (realtime rows without names), unless the process
//! asked to wait for it ([`Schedules::wait`], the one-shot commands).
//!
//! On disk, per feed (`$XDG_CACHE_HOME/railtop/gtfs/<slug>-<hash of its source>/`):
//! `bundle.zip` and `bundle.json` (its URL and validators) for a URL, and `timetable.bin`
//! (the snapshot) for either.

use super::super::gtfs_static::{snapshot, Progress, Timetable};
use super::super::http::{download, Downloaded};
use railtop_core::config::Modes;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bump when [`Timetable`]'s reading changes what it keeps: every snapshot is then rebuilt.
const READER: u32 = 2;
/// How long a timetable is used before its bundle is asked for again.
const FRESH: Duration = Duration::from_secs(24 * 3600);
/// After a failure, the next try.
const RETRY: Duration = Duration::from_secs(3600);
/// The largest snapshot written or read back (a bundle's is a fraction of its size; the most
/// calls a timetable keeps take 1 GiB).
const SNAPSHOT_MAX: u64 = 4 << 30;
/// How long an ask that does not wait for a timetable still waits for one kept on disk (read
/// back in well under a second, 0.2 s for a national one), so that a start's first answer has
/// its names rather than `?` for a whole refresh.
const SNAPSHOT_WAIT: Duration = Duration::from_secs(5);

pub use super::super::bundles::{Report, Schedules};
pub use crate::source::ScheduleStatus as Status;

/// `bundle.json`: where the bundle on disk came from, and how to ask whether it changed.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Meta {
    url: String,
    etag: Option<String>,
    last_modified: Option<String>,
}

struct Inner {
    table: Option<Arc<Timetable>>,
    /// The snapshot key of `table`'s bundle.
    key: Option<String>,
    next_check: Option<Instant>,
    working: bool,
    status: Option<Status>,
}

/// Which bundle a feed reads, and how: what a refresh needs to know of its feed.
#[derive(Clone)]
struct Bundle {
    feed: &'static str,
    /// A URL or a file's path.
    source: String,
    modes: Modes,
    /// The largest bundle fetched, in bytes.
    max: u64,
    settings: Arc<Schedules>,
}

/// One feed's timetable and its refresh.
pub(crate) struct Schedule {
    of: Bundle,
    inner: Arc<Mutex<Inner>>,
    /// Bumped when a refresh ends, for those waiting on a first timetable.
    ended: tokio::sync::watch::Sender<u64>,
}

impl Schedule {
    pub fn new(
        feed: &'static str,
        source: String,
        modes: Modes,
        max: u64,
        settings: Arc<Schedules>,
    ) -> Schedule {
        Schedule {
            of: Bundle {
                feed,
                source,
                modes,
                max,
                settings,
            },
            inner: Arc::new(Mutex::new(Inner {
                table: None,
                key: None,
                next_check: None,
                working: false,
                status: None,
            })),
            ended: tokio::sync::watch::channel(0).0,
        }
    }

    /// The timetable there is now, a refresh started in the background when one is due; with
    /// [`Schedules::wait`] and none yet, the first one (or its failure) is waited for.
    pub async fn get(&self, http: &super::super::http::FeedHttp) -> Option<Arc<Timetable>> {
        self.get_or_wait(http, self.of.settings.wait).await
    }

    /// [`get`](Self::get), waiting for the first timetable (or its failure) whatever the
    /// process's [`Schedules::wait`]: for the feed's station list, which is the timetable's
    /// stops and nothing without them.
    pub async fn first(&self, http: &super::super::http::FeedHttp) -> Option<Arc<Timetable>> {
        self.get_or_wait(http, true).await
    }

    async fn get_or_wait(
        &self,
        http: &super::super::http::FeedHttp,
        wait: bool,
    ) -> Option<Arc<Timetable>> {
        let mut ended = self.ended.subscribe();
        let (table, start, working) = {
            let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
            let due = !inner.working && inner.next_check.is_none_or(|at| Instant::now() >= at);
            if due {
                inner.working = true;
                // Said at once, so a board asked before the job's first step already hears
                // that the timetable is on its way (not that there is none).
                if inner.table.is_none() {
                    let remote = self.of.source.contains("://");
                    inner.status = Some(Status {
                        feed: self.of.feed.to_string(),
                        state: if remote { "downloading" } else { "building" },
                        percent: Some(0),
                        detail: "starting".into(),
                        realtime_trips: None,
                    });
                }
            }
            (inner.table.clone(), due, inner.working)
        };
        if start {
            let job = Job {
                of: self.of.clone(),
                inner: self.inner.clone(),
                // The client and headers are copied only when a refresh starts (once a day),
                // not at every ask.
                fetch: http.downloader(),
                told: self.ended.clone(),
            };
            let ended = self.ended.clone();
            tokio::spawn(async move {
                job.run().await;
                ended.send_modify(|n| *n += 1);
            });
        }
        if table.is_some() || !working {
            return table;
        }
        if wait {
            let _ = ended.changed().await;
        } else if self.snapshot_kept() {
            // The timetable kept on disk comes first, before any download (see
            // `Job::kept_first`): worth its moment.
            let _ = tokio::time::timeout(SNAPSHOT_WAIT, ended.changed()).await;
        } else {
            return None;
        }
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .table
            .clone()
    }

    /// Whether a snapshot of this feed's timetable is on disk (a start after the first).
    fn snapshot_kept(&self) -> bool {
        folder_of(&self.of).is_some_and(|d| d.join("timetable.bin").is_file())
    }

    /// Where the timetable is, once a refresh has begun.
    pub fn status(&self) -> Option<Status> {
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .status
            .clone()
    }
}

/// One refresh, run in the background.
struct Job {
    of: Bundle,
    inner: Arc<Mutex<Inner>>,
    fetch: (reqwest::Client, Vec<(&'static str, String)>),
    /// Bumped when a timetable is in use before the refresh ends (the one kept on disk).
    told: tokio::sync::watch::Sender<u64>,
}

/// The feed's folder on disk, whether or not it exists: its slug and a hash of its source (a
/// country may have several bundles).
fn folder_of(of: &Bundle) -> Option<PathBuf> {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(of.source.as_bytes());
    let short: String = hash.iter().take(4).map(|b| format!("{b:02x}")).collect();
    Some(
        of.settings
            .dir
            .as_ref()?
            .join(format!("{}-{short}", of.feed)),
    )
}

/// A bundle to read: where it is, the key of its snapshot, whether it is new (to be moved in
/// place once read whole) and whether it is a temporary file (to be removed after).
struct Candidate {
    path: PathBuf,
    key: String,
    install: Option<(PathBuf, PathBuf, Meta)>,
    temporary: bool,
}

impl Job {
    fn tell(&self, state: &'static str, percent: Option<u8>, detail: String) {
        let status = Status {
            feed: self.of.feed.to_string(),
            state,
            percent,
            detail,
            realtime_trips: None,
        };
        if let Some(report) = &self.of.settings.report {
            report(self.of.feed, &status);
        }
        self.inner.lock().unwrap_or_else(|p| p.into_inner()).status = Some(status);
    }

    async fn run(self) {
        let started = Instant::now();
        let result = self.refresh().await;
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        inner.working = false;
        let feed = self.of.feed;
        match result {
            Ok(Some((table, key, how))) => {
                let size = table.size();
                tracing::info!(
                    feed,
                    stops = size.stops,
                    trips = size.trips,
                    calls = size.calls,
                    mib = size.bytes >> 20,
                    seconds = started.elapsed().as_secs_f32(),
                    how,
                    "schedule ready"
                );
                inner.table = Some(Arc::new(table));
                inner.key = Some(key);
                inner.next_check = Some(Instant::now() + FRESH);
                drop(inner);
                self.tell(
                    "ready",
                    Some(100),
                    format!("{} trips, {} calls ({how})", size.trips, size.calls),
                );
            }
            Ok(None) => {
                inner.next_check = Some(Instant::now() + FRESH);
                let trips = inner.table.as_ref().map_or(0, |t| t.size().trips);
                drop(inner);
                tracing::info!(feed, "schedule unchanged");
                self.tell("ready", Some(100), format!("{trips} trips (unchanged)"));
            }
            Err(why) => {
                inner.next_check = Some(Instant::now() + RETRY);
                let kept = inner.table.is_some();
                drop(inner);
                let why = railtop_core::text::cleaned(&why);
                tracing::warn!(feed, error = %why, kept_the_previous = kept, "schedule unavailable");
                let detail = if kept {
                    format!("{why}; the previous timetable is kept")
                } else {
                    why
                };
                self.tell("failed", None, detail);
            }
        }
    }

    /// The feed's folder on disk ([`folder_of`]), made if it is not there.
    fn folder(&self) -> Option<PathBuf> {
        let dir = folder_of(&self.of)?;
        match std::fs::create_dir_all(&dir) {
            Ok(()) => Some(dir),
            Err(e) => {
                tracing::warn!(feed = self.of.feed, dir = %dir.display(), error = %e, "cannot keep the bundle on disk");
                None
            }
        }
    }

    /// A new timetable, its key and how it was had (`None`: the one in use is current). A
    /// new bundle that does not read whole leaves the one on disk in use (said in the how).
    async fn refresh(&self) -> Result<Option<(Timetable, String, String)>, String> {
        let folder = self.folder();
        let (candidate, fallback) = if self.of.source.contains("://") {
            // A process that waits for its timetable (a one-shot command) waits for the
            // newest, as it answers once; the screens and servers use the kept one meanwhile.
            if let Some(folder) = folder.as_deref().filter(|_| !self.of.settings.wait) {
                self.kept_first(folder).await;
            }
            self.fetched(folder.as_deref()).await?
        } else {
            (self.local()?, None)
        };
        let snapshot_path = folder.as_ref().map(|d| d.join("timetable.bin"));
        match self.read(candidate, snapshot_path.clone()).await {
            Err(why) if fallback.is_some() => {
                let why = railtop_core::text::cleaned(&why);
                tracing::warn!(feed = self.of.feed, error = %why, "schedule: the new bundle is refused; the previous one is kept");
                let Some(previous) = fallback else {
                    return Err(why);
                };
                let kept = self.read(previous, snapshot_path).await?;
                Ok(kept
                    .map(|(t, k, how)| (t, k, format!("{how}; a new bundle was refused: {why}"))))
            }
            read => read.map(|r| r.map(|(t, k, how)| (t, k, how.to_string()))),
        }
    }

    /// At a start of a process that does not wait for timetables, the timetable of the bundle
    /// kept on disk from its snapshot, in use at once (and the asks waiting for it told),
    /// before the bundle's URL is asked whether it changed: the first answers have their names
    /// while the question is out. Nothing when no timetable was kept, or one is in use already.
    async fn kept_first(&self, folder: &Path) {
        if self
            .inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .table
            .is_some()
        {
            return;
        }
        let bundle = folder.join("bundle.zip");
        let kept = railtop_core::files::read_bytes(&folder.join("bundle.json"), 64 << 10)
            .ok()
            .and_then(|b| serde_json::from_slice::<Meta>(&b).ok())
            .is_some_and(|m| m.url == self.of.source);
        let snapshot = folder.join("timetable.bin");
        if !kept || !bundle.is_file() || !snapshot.is_file() {
            return;
        }
        let Ok(key) = key_of(&bundle, self.of.modes) else {
            return;
        };
        let read = {
            let key = key.clone();
            tokio::task::spawn_blocking(move || snapshot::read(&snapshot, &key, SNAPSHOT_MAX))
        };
        let Ok(Some(table)) = read.await else {
            return;
        };
        let trips = table.size().trips;
        {
            let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
            inner.table = Some(Arc::new(table));
            inner.key = Some(key);
        }
        tracing::info!(
            feed = self.of.feed,
            trips,
            "schedule: the kept timetable is in use, from its snapshot"
        );
        self.told.send_modify(|n| *n += 1);
    }

    /// The timetable of `candidate`: `None` when it is the one in use; else from its snapshot
    /// when it has a sound one, else built (and a new bundle moved in place, and the snapshot
    /// written).
    async fn read(
        &self,
        candidate: Candidate,
        snapshot_path: Option<PathBuf>,
    ) -> Result<Option<(Timetable, String, &'static str)>, String> {
        let current = self
            .inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .key
            .clone();
        if current.as_deref() == Some(candidate.key.as_str()) {
            return Ok(None);
        }
        let (modes, feed) = (self.of.modes, self.of.feed);
        let inner = self.inner.clone();
        let report = self.of.settings.report.clone();
        let built = tokio::task::spawn_blocking(move || -> Result<(Timetable, String, &'static str), String> {
            if let Some(path) = snapshot_path.as_deref().filter(|_| candidate.install.is_none()) {
                if let Some(table) = snapshot::read(path, &candidate.key, SNAPSHOT_MAX) {
                    return Ok((table, candidate.key, "from its snapshot"));
                }
            }
            let table = build(&candidate.path, modes, feed, &inner, report.as_ref());
            if candidate.temporary || table.is_err() && candidate.install.is_some() {
                let _ = std::fs::remove_file(&candidate.path);
            }
            let table = table?;
            if let Some((bundle, meta_path, meta)) = &candidate.install {
                std::fs::rename(&candidate.path, bundle)
                    .map_err(|e| format!("cannot keep the bundle at {}: {e}", bundle.display()))?;
                if let Ok(text) = serde_json::to_string(meta) {
                    let _ = std::fs::write(meta_path, text);
                }
            }
            if let Some(path) = &snapshot_path {
                match snapshot::write(path, &table, &candidate.key, SNAPSHOT_MAX) {
                    Ok(bytes) => tracing::info!(feed, bytes, path = %path.display(), "schedule snapshot written"),
                    Err(e) => tracing::warn!(feed, error = %e, "schedule snapshot not written"),
                }
            }
            Ok((table, candidate.key, "built from the bundle"))
        })
        .await
        .map_err(|e| format!("the timetable's reader stopped: {e}"))??;
        Ok(Some(built))
    }

    /// A bundle at a local path: read where it lies.
    fn local(&self) -> Result<Candidate, String> {
        let path = PathBuf::from(&self.of.source);
        let meta = std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        if !meta.is_file() {
            return Err(format!("{} is not a regular file", path.display()));
        }
        if meta.len() > self.of.max {
            return Err(format!(
                "{} is larger than its cap of {} MiB (static_max_mib)",
                path.display(),
                self.of.max >> 20
            ));
        }
        Ok(Candidate {
            key: key_of(&path, self.of.modes)?,
            path,
            install: None,
            temporary: false,
        })
    }

    /// The bundle at the URL: asked conditionally when one is on disk; downloaded beside it
    /// (or to a temporary file when nothing is kept on disk).
    async fn fetched(
        &self,
        folder: Option<&Path>,
    ) -> Result<(Candidate, Option<Candidate>), String> {
        static DOWNLOADS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = DOWNLOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let part_name = format!("bundle.zip.part.{}.{n}", std::process::id());
        let (bundle, meta_path) = match folder {
            Some(d) => (Some(d.join("bundle.zip")), Some(d.join("bundle.json"))),
            None => (None, None),
        };
        let part = match folder {
            Some(d) => d.join(&part_name),
            None => std::env::temp_dir().join(format!("railtop-{}-{part_name}", self.of.feed)),
        };
        let kept: Option<Meta> = meta_path
            .as_deref()
            .and_then(|p| railtop_core::files::read_bytes(p, 64 << 10).ok())
            .and_then(|b| serde_json::from_slice::<Meta>(&b).ok())
            .filter(|m| m.url == self.of.source && bundle.as_deref().is_some_and(Path::exists));
        let validators = kept.as_ref().map_or((None, None), |m| {
            (m.etag.as_deref(), m.last_modified.as_deref())
        });
        let mut told = Instant::now();
        let mut progress = |done: u64, total: Option<u64>| {
            if told.elapsed() >= Duration::from_millis(250) {
                told = Instant::now();
                let percent = total
                    .filter(|t| *t > 0)
                    .map(|t| (done * 100 / t).min(100) as u8);
                self.tell("downloading", percent, format!("{} MiB", done >> 20));
            }
        };
        tracing::info!(
            feed = self.of.feed,
            conditional = kept.is_some(),
            "schedule: asking for the bundle"
        );
        let got = download(
            &self.fetch,
            &self.of.source,
            validators,
            &part,
            self.of.max,
            &mut progress,
        )
        .await;
        let on_disk = |why: Option<String>| -> Result<Candidate, String> {
            let bundle = bundle
                .clone()
                .ok_or_else(|| why.clone().unwrap_or_default())?;
            if let Some(why) = why {
                tracing::warn!(feed = self.of.feed, error = %railtop_core::text::cleaned(&why), "schedule: the bundle on disk is used");
            }
            Ok(Candidate {
                key: key_of(&bundle, self.of.modes)?,
                path: bundle,
                install: None,
                temporary: false,
            })
        };
        match got {
            Ok(Downloaded::NotModified) if kept.is_some() => Ok((on_disk(None)?, None)),
            Ok(Downloaded::NotModified) => Err("answered 304 to an unconditional request".into()),
            Ok(Downloaded::Saved {
                bytes,
                etag,
                last_modified,
            }) => {
                tracing::info!(feed = self.of.feed, bytes, "schedule: bundle downloaded");
                let key = key_of(&part, self.of.modes)?;
                let install = bundle.clone().zip(meta_path).map(|(b, m)| {
                    (
                        b,
                        m,
                        Meta {
                            url: self.of.source.clone(),
                            etag,
                            last_modified,
                        },
                    )
                });
                let temporary = install.is_none();
                // The bundle on disk stays in use if the new one does not read whole.
                let previous = if kept.is_some() {
                    on_disk(None).ok()
                } else {
                    None
                };
                let new = Candidate {
                    path: part,
                    key,
                    install,
                    temporary,
                };
                Ok((new, previous))
            }
            Err(why) => {
                let _ = std::fs::remove_file(&part);
                let why = format!(
                    "the bundle at {}: {why}",
                    railtop_core::text::cleaned(&self.of.source)
                );
                if kept.is_some() {
                    Ok((on_disk(Some(why))?, None))
                } else {
                    Err(why)
                }
            }
        }
    }
}

/// What names a bundle's timetable: the reader's version, the kept modes, and the file's size
/// and time (a new download is a new file).
fn key_of(path: &Path, modes: Modes) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let time = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Ok(format!(
        "reader {READER} modes {} size {} time {time}",
        modes.bits(),
        meta.len()
    ))
}

/// The timetable of the bundle at `path`, its progress told as it goes.
fn build(
    path: &Path,
    modes: Modes,
    feed: &'static str,
    inner: &Arc<Mutex<Inner>>,
    report: Option<&Report>,
) -> Result<Timetable, String> {
    let (file, _) = railtop_core::files::open_regular(path).map_err(|e| {
        use std::error::Error;
        match e.source() {
            Some(why) => format!("{e}: {why}"),
            None => e.to_string(),
        }
    })?;
    let mut stage = None;
    let mut progress = |p: Progress| {
        if stage != Some(p.stage) {
            stage = Some(p.stage);
            tracing::info!(feed, stage = p.stage.name(), "schedule: reading");
        }
        let status = Status {
            feed: feed.to_string(),
            state: "building",
            percent: Some(p.percent()),
            detail: p.stage.name().to_string(),
            realtime_trips: None,
        };
        if let Some(report) = report {
            report(feed, &status);
        }
        inner.lock().unwrap_or_else(|p| p.into_inner()).status = Some(status);
    };
    Timetable::build(
        std::io::BufReader::with_capacity(1 << 20, file),
        modes,
        &mut progress,
    )
    .map_err(|e| format!("the bundle is unreadable: {e}"))
}
