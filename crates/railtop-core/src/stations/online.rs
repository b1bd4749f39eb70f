//! The directory's online half: each feed's own station list (Digitraffic's metadata, NS's
//! `/stations`, Amtraker's `/v3/stations`, a GTFS `stops.txt`…) as last fetched, merged over
//! the embedded lists, and kept on disk (`$XDG_CACHE_HOME/railtop/stations/<country>.json`) so
//! that a restart starts from the last list instead of waiting a day.
//!
//! This file knows no network: the upstream's refresher (`upstream/station_lists.rs`) fetches,
//! then calls [`remember`]. Merging keeps the embedded order (main stations first, the
//! directory's importance) and adds what only the feed knows after it; a station both know
//! keeps the embedded name and gains the feed's codes as aliases (NS's `UT` on `8400621`).
//! Every swap is a new [`Directory`] behind an `Arc`, so a search in progress never sees half a
//! list.

use super::Directory;
use crate::assets::Station;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A list is fetched again once it is this old.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 3600);

/// Longest list read from a cache file or kept from a feed (the largest real one, Amtraker's
/// or a regional GTFS, is a few thousand).
pub(crate) const MAX_STATIONS: usize = 20_000;

/// The online lists by country, and the directory built from them.
struct Online {
    lists: BTreeMap<&'static str, Vec<Station>>,
    directory: Option<Arc<Directory>>,
}

static ONLINE: RwLock<Online> = RwLock::new(Online {
    lists: BTreeMap::new(),
    directory: None,
});

/// The directory every screen and command searches: the embedded lists with the feeds' lists
/// merged in (the embedded ones alone until a list is remembered).
pub fn current() -> Arc<Directory> {
    if let Some(d) = &ONLINE.read().unwrap_or_else(|p| p.into_inner()).directory {
        return Arc::clone(d);
    }
    let mut online = ONLINE.write().unwrap_or_else(|p| p.into_inner());
    let built = Arc::new(Directory::merged(&online.lists));
    online.directory = Some(Arc::clone(&built));
    built
}

/// Takes `stations` as `country`'s online list from now on (an empty list is ignored: a feed
/// that answers nothing has not lost its stations).
pub fn remember(country: &'static str, stations: Vec<Station>) {
    remember_all(vec![(country, stations)]);
}

/// [`remember`] for several countries at once: the directory is rebuilt once.
pub(crate) fn remember_all(lists: Vec<(&'static str, Vec<Station>)>) {
    let lists: Vec<_> = lists.into_iter().filter(|(_, l)| !l.is_empty()).collect();
    if lists.is_empty() {
        return;
    }
    let mut online = ONLINE.write().unwrap_or_else(|p| p.into_inner());
    online.lists.extend(lists);
    online.directory = Some(Arc::new(Directory::merged(&online.lists)));
}

/// How many stations `country`'s online list holds (0 without one).
pub fn online_len(country: &str) -> usize {
    ONLINE
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .lists
        .get(country)
        .map_or(0, Vec::len)
}

/// One country's list as the cache file holds it.
#[derive(Debug, Serialize, Deserialize)]
struct CacheFile {
    /// When it was fetched, in seconds since 1970.
    fetched: u64,
    stations: Vec<CachedStation>,
}

#[derive(Debug, Serialize, Deserialize)]
struct CachedStation {
    code: String,
    name: String,
    lat: f64,
    lng: f64,
    #[serde(default)]
    aliases: Vec<String>,
}

/// Why a cache file was not used.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error(transparent)]
    File(crate::files::FileError),
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a station list: {problem}")]
    Bad { path: PathBuf, problem: String },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn file(dir: &Path, country: &str) -> PathBuf {
    dir.join(format!("{country}.json"))
}

/// `country`'s cached list and when it was fetched, if the cache has one (a missing file is
/// `Ok(None)`; a damaged one an error, and the caller fetches afresh).
pub fn load(dir: &Path, country: &str) -> Result<Option<(SystemTime, Vec<Station>)>, CacheError> {
    let path = file(dir, country);
    // 20,000 stations of a few hundred bytes each at the most.
    let bytes = match crate::files::read_bytes(&path, 16 << 20) {
        Ok(b) => b,
        Err(e) if e.is_missing() => return Ok(None),
        Err(e) => return Err(CacheError::File(e)),
    };
    let bad = |problem: String| CacheError::Bad {
        path: path.clone(),
        problem,
    };
    let cached: CacheFile = serde_json::from_slice(&bytes).map_err(|e| bad(e.to_string()))?;
    if cached.stations.len() > MAX_STATIONS {
        return Err(bad(format!("more than {MAX_STATIONS} stations")));
    }
    let fetched = UNIX_EPOCH
        .checked_add(Duration::from_secs(cached.fetched))
        .ok_or_else(|| bad("its date is out of range".into()))?;
    let stations = cached
        .stations
        .into_iter()
        .filter_map(|s| {
            let station = Station {
                code: s.code,
                name: s.name,
                lat: s.lat,
                lng: s.lng,
                aliases: s.aliases,
            };
            usable(&station).then_some(station)
        })
        .collect();
    Ok(Some((fetched, stations)))
}

/// Writes `country`'s list (to a temporary file renamed over the old one: a crash mid-write
/// leaves the last good list).
pub fn save(
    dir: &Path,
    country: &str,
    stations: &[Station],
    fetched: SystemTime,
) -> Result<(), CacheError> {
    let path = file(dir, country);
    let write = |source| CacheError::Write {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(write)?;
    let body = CacheFile {
        fetched: fetched
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        stations: stations
            .iter()
            .map(|s| CachedStation {
                code: s.code.clone(),
                name: s.name.clone(),
                lat: s.lat,
                lng: s.lng,
                aliases: s.aliases.clone(),
            })
            .collect(),
    };
    let json = serde_json::to_vec(&body).map_err(|e| write(std::io::Error::other(e)))?;
    let tmp = dir.join(format!(".{country}.json.tmp"));
    std::fs::write(&tmp, json).map_err(write)?;
    std::fs::rename(&tmp, &path).map_err(write)
}

/// Whether a station from outside can enter the directory: a code and a name of sane length,
/// and a position on the globe (0,0 is "unknown" in several feeds).
pub fn usable(s: &Station) -> bool {
    let sane = |t: &str, max: usize| !t.trim().is_empty() && t.chars().count() <= max;
    sane(&s.code, 64)
        && sane(&s.name, 120)
        && s.lat.is_finite()
        && s.lng.is_finite()
        && (-90.0..=90.0).contains(&s.lat)
        && (-180.0..=180.0).contains(&s.lng)
        && !(s.lat == 0.0 && s.lng == 0.0)
        && s.aliases.len() <= 16
}

/// Cleans `country`'s list from its feed for the directory: unusable stations dropped, and
/// those placed outside the country's bounds (NS lists Hamburg Dammtor at 80°E: an upstream's
/// error is never drawn), names and codes through the one sanitiser (they reach terminals),
/// codes unique, at most [`MAX_STATIONS`].
pub fn cleaned(country: &str, stations: Vec<Station>) -> Vec<Station> {
    let bounds = crate::country::by_slug(country).map(|c| c.bbox);
    let inside = |s: &Station| bounds.is_none_or(|b| b.contains(s.lat, s.lng));
    let mut seen = std::collections::HashSet::new();
    stations
        .into_iter()
        .map(|mut s| {
            s.code = crate::text::cleaned(s.code.trim());
            s.name = crate::text::cleaned(s.name.trim());
            s.aliases = s
                .aliases
                .iter()
                .map(|a| crate::text::cleaned(a.trim()))
                .filter(|a| !a.is_empty() && !a.eq_ignore_ascii_case(&s.code))
                .collect();
            s
        })
        .filter(|s| usable(s) && inside(s) && seen.insert(s.code.to_ascii_uppercase()))
        .take(MAX_STATIONS)
        .collect()
}

/// Reads every cached list in `dir` into the directory (at the start of every command, so the
/// CLI, the dashboard and the server all search the last lists fetched). Returns the countries
/// read and when each was fetched; damaged files are skipped with their reason. A slug that is
/// none of the API's countries (a `[[feeds]]` region) is kept as the directory keeps regions'.
pub fn load_all(
    dir: &Path,
    countries: &[&str],
) -> (Vec<(&'static str, SystemTime)>, Vec<CacheError>) {
    let (mut read, mut lists, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for country in countries.iter().filter_map(|c| super::static_slug(c)) {
        let country = &country;
        match load(dir, country) {
            // Already in the directory (this process read it): only its date is wanted.
            Ok(Some((fetched, _))) if online_len(country) > 0 => read.push((*country, fetched)),
            Ok(Some((fetched, stations))) => {
                lists.push((*country, stations));
                read.push((*country, fetched));
            }
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
    }
    remember_all(lists);
    (read, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("railtop-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn station(code: &str, name: &str) -> Station {
        Station {
            code: code.into(),
            name: name.into(),
            lat: 60.0,
            lng: 25.0,
            aliases: Vec::new(),
        }
    }

    #[test]
    fn a_saved_list_loads_back_with_its_date() {
        let dir = scratch("stations-saved");
        let at = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        save(&dir, "finland", &[station("AHO", "Ahonpää")], at).unwrap();
        let (fetched, list) = load(&dir, "finland").unwrap().unwrap();
        assert_eq!(fetched, at);
        assert_eq!(list, [station("AHO", "Ahonpää")]);
        assert!(load(&dir, "ireland").unwrap().is_none());
    }

    #[test]
    fn a_damaged_cache_is_an_error_not_a_list() {
        let dir = scratch("stations-damaged");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("finland.json"), b"{\"fetched\":1,\"stat").unwrap();
        let e = load(&dir, "finland").unwrap_err();
        assert!(e.to_string().contains("is not a station list"), "{e}");
    }

    #[test]
    fn cleaning_drops_the_unusable_and_defangs_the_rest() {
        let mut nowhere = station("X", "Nowhere");
        nowhere.lat = 0.0;
        nowhere.lng = 0.0;
        let mut far = station("Y", "Far");
        far.lat = 91.0;
        let mut elsewhere = station("Z", "Hamburg Dammtor");
        elsewhere.lng = 80.02548;
        let list = cleaned(
            "finland",
            vec![
                station("AHO", "Ah\u{1b}[2Jonpää"),
                station("aho", "Duplicate"),
                station(" ", "No code"),
                nowhere,
                far,
                elsewhere.clone(),
            ],
        );
        assert_eq!(list.len(), 1);
        assert!(!list[0].name.contains('\u{1b}'), "{:?}", list[0].name);
        assert_eq!(
            cleaned("a-gtfs-region", vec![elsewhere]).len(),
            1,
            "a region has no bounds to hold it to"
        );
    }
}
