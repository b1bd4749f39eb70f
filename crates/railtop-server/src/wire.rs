//! A cached answer as it goes on the wire: its JSON, that JSON gzip-compressed, the GTFS-Realtime
//! feeds made from it (each plain and gzip-compressed), and each encoding's entity tag. Each is
//! made the first time a client asks for it and kept with the answer (in the cache's place for
//! what a reader keeps, `Cached::kept`) until the answer expires, so every later request sends the
//! same bytes (the same address: `sendfile` finds them) without encoding anything. The server's
//! business alone: the feeds' cache keeps answers, not how they are sent.

use bytes::Bytes;
use railtop_feeds::source::cache::Cached;
use serde::Serialize;
use std::sync::OnceLock;

/// How many other encodings an answer keeps ([`Wire::derived`]): the three GTFS-Realtime feeds,
/// each as protobuf and JSON, plain and gzip-compressed.
pub(crate) const DERIVED: usize = 12;

/// [`Wire::etag`]'s slot for the JSON encoding.
pub(crate) const TAG_JSON: usize = DERIVED;
/// [`Wire::etag`]'s slot for the gzip-compressed JSON.
pub(crate) const TAG_GZIP: usize = DERIVED + 1;

/// What the server keeps with one cached answer.
#[derive(Default)]
struct Encodings {
    json: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
    /// The GTFS-Realtime feeds' encodings.
    derived: [OnceLock<Bytes>; DERIVED],
    /// The entity tag of each encoding (derived slots, then [`TAG_JSON`], [`TAG_GZIP`]).
    tags: [OnceLock<Bytes>; DERIVED + 2],
}

/// One cached answer's encodings: made on first use, then the same bytes for every request.
pub(crate) struct Wire<'a, T> {
    answer: &'a Cached<T>,
    /// `None` only if another type was kept with the answer first (a bug): then every encoding
    /// is made each time.
    kept: Option<&'a Encodings>,
}

impl<'a, T> Wire<'a, T> {
    pub fn of(answer: &'a Cached<T>) -> Self {
        Wire {
            answer,
            kept: answer.kept::<Encodings>(),
        }
    }

    /// The entity tag (`ETag`, quotes included) of the encoding in `slot` (a derived slot,
    /// [`TAG_JSON`] or [`TAG_GZIP`]) whose bytes are `body`: a hash of them, made once per
    /// answer, so a client that has these bytes gets a 304 instead of them again.
    pub fn etag(&self, slot: usize, body: &[u8]) -> Bytes {
        let make = || {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            body.hash(&mut h);
            Bytes::from(format!("\"{:016x}\"", h.finish()))
        };
        match self.kept.and_then(|k| k.tags.get(slot)) {
            Some(cell) => cell.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// Another encoding of the answer, kept in `slot` (below [`DERIVED`]): made by `make` the
    /// first time it is asked for. A slot out of range is made each time (a caller's bug costs
    /// time, never a panic).
    pub fn derived(&self, slot: usize, make: impl FnOnce(&T) -> Vec<u8>) -> Bytes {
        match self.kept.and_then(|k| k.derived.get(slot)) {
            Some(cell) => cell
                .get_or_init(|| Bytes::from(make(&self.answer.value)))
                .clone(),
            None => Bytes::from(make(&self.answer.value)),
        }
    }

    /// The encoding in `slot` if it has been made: never makes it.
    pub fn derived_if_made(&self, slot: usize) -> Option<Bytes> {
        self.kept?.derived.get(slot)?.get().cloned()
    }

    /// [`Wire::derived`] gzip-compressed, in `slot` too.
    pub fn derived_gzip(&self, slot: usize, plain: &Bytes) -> Bytes {
        self.derived(slot, |_| gzip(plain).to_vec())
    }
}

impl<T: Serialize> Wire<'_, T> {
    /// The answer as JSON, encoded once per cached answer.
    pub fn json(&self) -> Bytes {
        // Our own records always encode; an error here would be a bug in the model.
        let make = || Bytes::from(serde_json::to_vec(&self.answer.value).unwrap_or_default());
        match self.kept {
            Some(k) => k.json.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// [`json`](Self::json) or [`json_gzip`](Self::json_gzip) if it has been made: never makes it.
    pub fn json_if_made(&self, gzip: bool) -> Option<Bytes> {
        let k = self.kept?;
        let cell = if gzip { &k.gzip } else { &k.json };
        cell.get().cloned()
    }

    /// The JSON gzip-compressed, made once per cached answer: a tenth of the bytes to send.
    pub fn json_gzip(&self) -> Bytes {
        match self.kept {
            Some(k) => k.gzip.get_or_init(|| gzip(&self.json())).clone(),
            None => gzip(&self.json()),
        }
    }
}

/// `bytes` gzip-compressed (level 6), as every cached answer is sent to clients that take it.
fn gzip(bytes: &[u8]) -> Bytes {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 8),
        flate2::Compression::new(6),
    );
    // Writing into a Vec cannot fail.
    let _ = gz.write_all(bytes);
    Bytes::from(gz.finish().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn each_encoding_is_made_once_and_kept_with_the_answer() {
        let c = Cached::new(vec![1, 2, 3], Duration::from_secs(1));
        let (a, b) = (Wire::of(&c).json(), Wire::of(&c).json());
        assert_eq!(&a[..], b"[1,2,3]");
        assert_eq!(a.as_ptr(), b.as_ptr());
        let gz = Wire::of(&c).json_gzip();
        assert_eq!(gz.as_ptr(), Wire::of(&c).json_gzip().as_ptr());
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut plain).unwrap();
        assert_eq!(plain, b"[1,2,3]");
        assert_eq!(
            Wire::of(&c).json_if_made(true).unwrap().as_ptr(),
            gz.as_ptr()
        );
        let tag = Wire::of(&c).etag(TAG_JSON, &a);
        assert_eq!(tag.as_ptr(), Wire::of(&c).etag(TAG_JSON, &a).as_ptr());
        assert!(Wire::of(&c).derived_if_made(0).is_none());
        let d = Wire::of(&c).derived(0, |v| vec![v.len() as u8]);
        assert_eq!(
            Wire::of(&c).derived_if_made(0).unwrap().as_ptr(),
            d.as_ptr()
        );
        // Out of range: made each time, no panic.
        assert_eq!(&Wire::of(&c).derived(DERIVED, |_| vec![7])[..], [7]);
    }

    #[test]
    fn another_type_kept_first_costs_time_not_a_panic() {
        let c = Cached::new(vec![1], Duration::from_secs(1));
        assert!(c.kept::<u8>().is_some());
        assert_eq!(&Wire::of(&c).json()[..], b"[1]");
        assert!(Wire::of(&c).json_if_made(false).is_none());
    }
}
