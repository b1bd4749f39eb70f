//! What the dashboard remembers between runs: the stations a person pinned (`p`) and the last
//! board shown (with the stations added to it, arrivals or departures, and the route it was
//! kept to), in `$XDG_STATE_HOME/railtop/dashboard.toml` — plain TOML a person may edit or
//! delete. Read once at start (a missing, unreadable or foreign file is no memory, never an
//! error that stops the dashboard), written whole and atomically when it changes.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Most stations pinned: the picker lists them before anything is typed.
pub const MAX_PINNED: usize = 12;
/// The file is a few hundred bytes; anything bigger is not ours.
const MAX_FILE_BYTES: u64 = 64 * 1024;
/// A station as written (`finland:TPE`); anything longer is not one.
const MAX_STATION_CHARS: usize = 100;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Memory {
    /// The board shown last (`country:code`): the dashboard starts on it.
    pub last: Option<String>,
    /// The stations added to the last board (`+`), each `country:code`.
    pub also: Vec<String>,
    /// The last board showed arrivals (`a`).
    pub arrivals: bool,
    /// The station the last board was kept to (`t`: where to, or on arrivals where from), as
    /// chosen (`country:code`).
    pub route: Option<String>,
    /// Pinned stations (`country:code`), in the order pinned.
    pub pinned: Vec<String>,
}

/// `$XDG_STATE_HOME/railtop/dashboard.toml`, else under `~/.local/state`.
pub fn default_path() -> Option<PathBuf> {
    railtop_core::config::default_log_path()
        .and_then(|log| Some(log.parent()?.join("dashboard.toml")))
}

impl Memory {
    /// The memory at `path`; nothing remembered when it is missing or unreadable (said once in
    /// the log). Every station read is cleaned and bounded.
    pub fn load(path: &Path) -> Memory {
        let text = match railtop_core::files::read_text(path, MAX_FILE_BYTES) {
            Ok(text) => text,
            Err(e) if e.is_missing() => return Memory::default(),
            Err(e) => {
                tracing::warn!("not reading the dashboard's memory: {e}");
                return Memory::default();
            }
        };
        let mut memory: Memory = match toml::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!(
                    path = %path.display(),
                    "not reading the dashboard's memory: {}",
                    railtop_core::text::cleaned(&e.to_string())
                );
                return Memory::default();
            }
        };
        memory.clean();
        memory
    }

    fn clean(&mut self) {
        let ok = |s: &String| !s.trim().is_empty() && s.chars().count() <= MAX_STATION_CHARS;
        let one = |s: Option<String>| s.filter(ok).map(|s| railtop_core::text::cleaned(s.trim()));
        self.last = one(self.last.take());
        self.route = one(self.route.take());
        let list = |list: &mut Vec<String>, most: usize| {
            list.retain(ok);
            list.truncate(most);
            for s in list.iter_mut() {
                *s = railtop_core::text::cleaned(s.trim());
            }
            let mut seen = std::collections::HashSet::new();
            list.retain(|s| seen.insert(s.clone()));
        };
        list(&mut self.pinned, MAX_PINNED);
        list(&mut self.also, railtop_core::model::MAX_MERGED - 1);
        if self.last.is_none() {
            self.also.clear();
        }
    }

    /// Pins `station`, or unpins it when it was pinned; returns whether it is pinned now. Past
    /// [`MAX_PINNED`] the oldest pin goes.
    pub fn toggle(&mut self, station: &str) -> bool {
        if let Some(i) = self.pinned.iter().position(|s| s == station) {
            self.pinned.remove(i);
            return false;
        }
        if self.pinned.len() == MAX_PINNED {
            self.pinned.remove(0);
        }
        self.pinned.push(station.to_owned());
        true
    }

    /// Writes the memory whole: a temporary file beside it, then a rename, so a crash leaves
    /// the old file or the new, never half of one.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = format!(
            "# railtop's dashboard remembers these: `p` pins a station, the last board shown\n\
             # (with its added stations, arrivals and route) comes back at start. Plain TOML:\n\
             # edit or delete it freely.\n{}",
            toml::to_string(self).map_err(std::io::Error::other)?
        );
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let temp = path.with_extension("toml.tmp");
        std::fs::write(&temp, text)?;
        std::fs::rename(&temp, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_toggle_and_the_oldest_goes_past_the_most() {
        let mut m = Memory::default();
        assert!(m.toggle("finland:TPE"));
        assert!(!m.toggle("finland:TPE"));
        for i in 0..=MAX_PINNED {
            m.toggle(&format!("finland:S{i}"));
        }
        assert_eq!(m.pinned.len(), MAX_PINNED);
        assert_eq!(m.pinned[0], "finland:S1");
    }

    #[test]
    fn written_and_read_back_and_a_bad_file_is_no_memory() {
        let dir = std::env::temp_dir().join(format!("railtop-memory-{}", std::process::id()));
        let path = dir.join("dashboard.toml");
        let m = Memory {
            last: Some("finland:TPE".into()),
            also: vec!["finland:PSL".into()],
            arrivals: true,
            route: Some("finland:OL".into()),
            pinned: vec!["finland:HKI".into(), "germany:8011160".into()],
        };
        m.save(&path).unwrap();
        assert_eq!(Memory::load(&path), m);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# railtop's dashboard"), "{text}");
        // Hostile or broken content: cleaned, bounded, or ignored.
        std::fs::write(
            &path,
            "pinned = [\"a\\u001b[31m\", \"\", \"a\\u001b[31m\"]\nlast = 5",
        )
        .unwrap();
        assert_eq!(
            Memory::load(&path),
            Memory::default(),
            "a wrong type is no memory"
        );
        std::fs::write(
            &path,
            "pinned = [\"x\\u001b[2J\", \"x\\u001b[2J\", \"   \"]",
        )
        .unwrap();
        let read = Memory::load(&path);
        assert_eq!(read.pinned.len(), 1);
        assert!(!read.pinned[0].contains('\u{1b}'), "{read:?}");
        std::fs::write(&path, vec![b'#'; 100 * 1024]).unwrap();
        assert_eq!(Memory::load(&path), Memory::default(), "too big");
        // Added stations past a board's most, or without a board, are not kept.
        std::fs::write(
            &path,
            "also = [\"a:1\", \"a:2\", \"a:3\", \"a:4\", \"a:5\", \"a:6\"]",
        )
        .unwrap();
        assert!(Memory::load(&path).also.is_empty(), "no last board");
        std::fs::write(
            &path,
            "last = \"a:0\"\nalso = [\"a:1\", \"a:2\", \"a:3\", \"a:4\", \"a:5\", \"a:6\"]",
        )
        .unwrap();
        assert_eq!(
            Memory::load(&path).also.len(),
            railtop_core::model::MAX_MERGED - 1
        );
        assert_eq!(Memory::load(&dir.join("none.toml")), Memory::default());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
