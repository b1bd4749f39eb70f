//! Strings kept once: every id and name of a timetable lives in one buffer, and a record holds
//! a `u32` index into it. A national bundle repeats the same headsign on thousands of trips and
//! the same stop id on every call; as `String`s each copy cost its 24-byte header and a heap
//! block, here a repeated name costs nothing and a new one its bytes and 4.

use std::collections::HashMap;

/// Strings by index; index 0 is the empty string.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Pool {
    text: String,
    /// Where each string ends in `text` (the first starts at 0).
    ends: Vec<u32>,
}

impl Default for Pool {
    fn default() -> Self {
        Pool {
            text: String::new(),
            ends: vec![0],
        }
    }
}

/// More text than a `u32` can index: a bundle no timetable here can hold.
#[derive(Debug)]
pub(super) struct Overflow;

impl Pool {
    /// The string at `i`; empty for an index it does not have.
    pub fn get(&self, i: u32) -> &str {
        let i = i as usize;
        let start = match i {
            0 => 0,
            _ => self.ends.get(i - 1).copied().unwrap_or(0) as usize,
        };
        let end = self.ends.get(i).copied().unwrap_or(0) as usize;
        self.text.get(start..end).unwrap_or("")
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Adds `s` at the end (no look for an equal one: see [`Interner`]).
    pub fn push(&mut self, s: &str) -> Result<u32, Overflow> {
        let index = u32::try_from(self.ends.len()).map_err(|_| Overflow)?;
        let end = u32::try_from(self.text.len() + s.len()).map_err(|_| Overflow)?;
        self.text.push_str(s);
        self.ends.push(end);
        Ok(index)
    }

    /// The bytes it holds (for the memory figures).
    pub fn bytes(&self) -> usize {
        self.text.capacity() + self.ends.capacity() * 4
    }

    pub fn shrink(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    /// Its parts, for a snapshot.
    pub fn parts(&self) -> (&str, &[u32]) {
        (&self.text, &self.ends)
    }

    /// A pool from a snapshot's parts, if they are one: the ends rising from 0, within the
    /// text and on character boundaries.
    pub fn from_parts(text: String, ends: Vec<u32>) -> Option<Pool> {
        let ok = ends.first() == Some(&0)
            && ends.windows(2).all(|w| w[0] <= w[1])
            && ends
                .iter()
                .all(|&e| (e as usize) <= text.len() && text.is_char_boundary(e as usize));
        ok.then_some(Pool { text, ends })
    }
}

/// A pool being filled: an equal string is stored once (the look-up table is dropped when the
/// timetable is built).
#[derive(Default)]
pub(super) struct Interner {
    pub pool: Pool,
    seen: HashMap<Box<str>, u32>,
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> Result<u32, Overflow> {
        if s.is_empty() {
            return Ok(0);
        }
        if let Some(&i) = self.seen.get(s) {
            return Ok(i);
        }
        let i = self.pool.push(s)?;
        self.seen.insert(s.into(), i);
        Ok(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_kept_once_and_checked_when_read_back() {
        let mut names = Interner::default();
        let a = names.intern("Tartu").unwrap();
        let b = names.intern("Tapa").unwrap();
        assert_eq!(names.intern("Tartu").unwrap(), a);
        assert_eq!(names.intern("").unwrap(), 0);
        let pool = names.pool;
        assert_eq!(
            (pool.get(a), pool.get(b), pool.get(0), pool.get(99)),
            ("Tartu", "Tapa", "", "")
        );
        let (text, ends) = pool.parts();
        assert_eq!(
            Pool::from_parts(text.into(), ends.to_vec()),
            Some(pool.clone())
        );
        assert!(
            Pool::from_parts("Tartu".into(), vec![0, 9]).is_none(),
            "past the end"
        );
        assert!(
            Pool::from_parts("Tartu".into(), vec![0, 3, 2]).is_none(),
            "falling"
        );
        assert!(
            Pool::from_parts("Tõru".into(), vec![0, 2]).is_none(),
            "inside a character"
        );
    }
}
