//! A built [`Timetable`] on disk, so the next start reads it in seconds instead of building it
//! again from the bundle: its arrays as little-endian words, behind a header that says what it
//! is (magic, format version), what it was built from (the caller's `key`: the bundle's size
//! and time, the kept modes, the reader's version) and a SHA-256 of the rest.
//!
//! Nothing in a snapshot is trusted: a wrong magic, version, key or checksum, a length past the
//! file's end, or an index out of its table's range makes it unreadable ([`read`] answers
//! `None`), and the caller builds from the bundle again. It is written to a temporary file and
//! renamed, so a reader never sees half of one.

use super::pool::Pool;
use super::{Call, Exception, OddSequence, Route, Service, Stop, Timetable, TripRow, NONE};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"RTOPTTBL";
/// The layout of the file; a reader of another version rebuilds.
const FORMAT: u32 = 2;

/// A record stored as a fixed number of 32-bit words.
trait Words: Sized {
    const WORDS: usize;
    fn put(&self, out: &mut Vec<u8>);
    fn take(w: &[u32]) -> Self;
}

fn word(out: &mut Vec<u8>, w: u32) {
    out.extend_from_slice(&w.to_le_bytes());
}

impl Words for u32 {
    const WORDS: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        word(out, *self);
    }
    fn take(w: &[u32]) -> Self {
        w[0]
    }
}

impl Words for u64 {
    const WORDS: usize = 2;
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(w: &[u32]) -> Self {
        u64::from(w[0]) | (u64::from(w[1]) << 32)
    }
}

impl Words for Stop {
    const WORDS: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        for w in [
            self.id,
            self.name,
            self.parent,
            self.lat.to_bits(),
            self.lon.to_bits(),
        ] {
            word(out, w);
        }
    }
    fn take(w: &[u32]) -> Self {
        Stop {
            id: w[0],
            name: w[1],
            parent: w[2],
            lat: f32::from_bits(w[3]),
            lon: f32::from_bits(w[4]),
        }
    }
}

impl Words for Route {
    const WORDS: usize = 3;
    fn put(&self, out: &mut Vec<u8>) {
        word(out, self.id);
        word(out, self.name);
        word(out, self.agency);
    }
    fn take(w: &[u32]) -> Self {
        Route {
            id: w[0],
            name: w[1],
            agency: w[2],
        }
    }
}

impl Words for OddSequence {
    const WORDS: usize = 2;
    fn put(&self, out: &mut Vec<u8>) {
        word(out, self.call);
        word(out, self.sequence);
    }
    fn take(w: &[u32]) -> Self {
        OddSequence {
            call: w[0],
            sequence: w[1],
        }
    }
}

impl Words for TripRow {
    const WORDS: usize = 7;
    fn put(&self, out: &mut Vec<u8>) {
        for w in [
            self.id,
            self.route,
            self.service,
            self.headsign,
            self.short_name,
            self.first_call,
            self.first_sequence,
        ] {
            word(out, w);
        }
    }
    fn take(w: &[u32]) -> Self {
        TripRow {
            id: w[0],
            route: w[1],
            service: w[2],
            headsign: w[3],
            short_name: w[4],
            first_call: w[5],
            first_sequence: w[6],
        }
    }
}

impl Words for Call {
    const WORDS: usize = 3;
    fn put(&self, out: &mut Vec<u8>) {
        for w in [self.stop, self.arrival, self.departure] {
            word(out, w);
        }
    }
    fn take(w: &[u32]) -> Self {
        Call {
            stop: w[0],
            arrival: w[1],
            departure: w[2],
        }
    }
}

impl Words for Service {
    const WORDS: usize = 4;
    fn put(&self, out: &mut Vec<u8>) {
        for w in [
            self.id,
            u32::from(self.weekdays),
            self.start as u32,
            self.end as u32,
        ] {
            word(out, w);
        }
    }
    fn take(w: &[u32]) -> Self {
        Service {
            id: w[0],
            weekdays: w[1] as u8,
            start: w[2] as i32,
            end: w[3] as i32,
        }
    }
}

impl Words for Exception {
    const WORDS: usize = 3;
    fn put(&self, out: &mut Vec<u8>) {
        for w in [self.service, self.day as u32, u32::from(self.added)] {
            word(out, w);
        }
    }
    fn take(w: &[u32]) -> Self {
        Exception {
            service: w[0],
            day: w[1] as i32,
            added: w[2] != 0,
        }
    }
}

/// Where the body is written: the file (buffered), with the SHA-256 of every byte so far.
struct Hashed<W> {
    out: W,
    sha: Sha256,
}

impl<W: Write> Hashed<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sha.update(bytes);
        self.out.write_all(bytes)
    }
}

/// A table: its length, then its records, staged 64 KiB at a time (never the whole body in
/// memory: a national timetable's snapshot is tens of MiB).
fn put_all<T: Words, W: Write>(out: &mut Hashed<W>, items: &[T]) -> std::io::Result<()> {
    out.write(&(items.len() as u64).to_le_bytes())?;
    let mut staged = Vec::with_capacity(64 << 10);
    for item in items {
        item.put(&mut staged);
        if staged.len() >= 60 << 10 {
            out.write(&staged)?;
            staged.clear();
        }
    }
    out.write(&staged)
}

fn put_pool<W: Write>(out: &mut Hashed<W>, pool: &Pool) -> std::io::Result<()> {
    let (text, ends) = pool.parts();
    out.write(&(text.len() as u64).to_le_bytes())?;
    out.write(text.as_bytes())?;
    put_all(out, ends)
}

/// Reads a snapshot's body front to back from the file, hashing what it reads; every length
/// is checked against the bytes the body has left before anything is allocated for it.
struct Body<R> {
    from: R,
    sha: Sha256,
    left: u64,
}

impl<R: Read> Body<R> {
    fn bytes(&mut self, n: usize) -> Option<Vec<u8>> {
        if n as u64 > self.left {
            return None;
        }
        let mut buf = vec![0u8; n];
        self.from.read_exact(&mut buf).ok()?;
        self.sha.update(&buf);
        self.left -= n as u64;
        Some(buf)
    }

    fn length(&mut self) -> Option<usize> {
        let b = self.bytes(8)?;
        usize::try_from(u64::from_le_bytes(b.try_into().ok()?)).ok()
    }

    fn all<T: Words>(&mut self) -> Option<Vec<T>> {
        let n = self.length()?;
        let size = T::WORDS * 4;
        if (n as u64).checked_mul(size as u64)? > self.left {
            return None;
        }
        let mut items = Vec::with_capacity(n);
        let mut words = [0u32; 8];
        let mut chunk = vec![0u8; size * 4096];
        let mut done = 0;
        while done < n {
            let take = (n - done).min(4096);
            let bytes = &mut chunk[..take * size];
            self.from.read_exact(bytes).ok()?;
            self.sha.update(&*bytes);
            self.left -= bytes.len() as u64;
            for record in bytes.chunks_exact(size) {
                for (w, b) in words.iter_mut().zip(record.chunks_exact(4)) {
                    *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
                items.push(T::take(&words[..T::WORDS]));
            }
            done += take;
        }
        Some(items)
    }

    fn pool(&mut self) -> Option<Pool> {
        let n = self.length()?;
        let text = String::from_utf8(self.bytes(n)?).ok()?;
        Pool::from_parts(text, self.all()?)
    }
}

/// Writes the snapshot of `table`, built from the bundle `key` names: the header, the body,
/// then the body's SHA-256.
fn encode_to<W: Write>(out: W, table: &Timetable, key: &str) -> std::io::Result<W> {
    let mut out = Hashed {
        out,
        sha: Sha256::new(),
    };
    out.out.write_all(MAGIC)?;
    out.out.write_all(&FORMAT.to_le_bytes())?;
    out.out.write_all(&(key.len() as u32).to_le_bytes())?;
    out.out.write_all(key.as_bytes())?;
    put_pool(&mut out, &table.ids)?;
    put_pool(&mut out, &table.names)?;
    put_all(&mut out, &table.stops)?;
    put_all(&mut out, &table.stops_by_id)?;
    put_all(&mut out, &table.routes)?;
    put_all(&mut out, &table.routes_by_id)?;
    put_all(&mut out, &table.trips)?;
    put_all(&mut out, &table.trips_by_id)?;
    put_all(&mut out, &table.calls)?;
    put_all(&mut out, &table.by_stop)?;
    put_all(&mut out, &table.stop_first)?;
    put_all(&mut out, &table.services)?;
    put_all(&mut out, &table.exceptions)?;
    put_all(&mut out, &table.dropped_trips)?;
    put_all(&mut out, &table.dropped_routes)?;
    put_all(&mut out, &table.odd_sequences)?;
    let Hashed { mut out, sha } = out;
    out.write_all(&sha.finalize())?;
    Ok(out)
}

fn encode(table: &Timetable, key: &str) -> Vec<u8> {
    encode_to(Vec::new(), table, key).unwrap_or_default()
}

/// For the fuzzer: a snapshot of `table` in memory (key `fuzz`), and a snapshot read back from
/// bytes without its checksum compared, so changed bytes reach the reader and its checks.
#[doc(hidden)]
pub mod fuzzing {
    use super::super::Timetable;

    pub fn snapshot(table: &Timetable) -> Vec<u8> {
        super::encode(table, "fuzz")
    }

    pub fn read(bytes: &[u8]) -> Option<Timetable> {
        super::decode_checked(bytes, bytes.len() as u64, "fuzz", false)
    }
}

/// The timetable in `from` (`len` bytes) if it is a whole, sound snapshot of the bundle `key`
/// names.
fn decode_from<R: Read>(from: R, len: u64, key: &str) -> Option<Timetable> {
    decode_checked(from, len, key, true)
}

/// [`decode_from`], its checksum compared only when `checked` (the fuzzer reaches the reading
/// and the index checks behind it, which a random change never does through SHA-256).
fn decode_checked<R: Read>(mut from: R, len: u64, key: &str, checked: bool) -> Option<Timetable> {
    let mut head = [0u8; 16];
    from.read_exact(&mut head).ok()?;
    if &head[..8] != MAGIC || head[8..12] != FORMAT.to_le_bytes() {
        return None;
    }
    let key_len = u32::from_le_bytes(head[12..16].try_into().ok()?);
    if key_len as usize != key.len() {
        return None;
    }
    let mut stored = vec![0u8; key.len()];
    from.read_exact(&mut stored).ok()?;
    if stored != key.as_bytes() {
        return None;
    }
    let left = len.checked_sub(16 + u64::from(key_len) + 32)?;
    let mut body = Body {
        from,
        sha: Sha256::new(),
        left,
    };
    let mut table = Timetable {
        ids: body.pool()?,
        names: body.pool()?,
        stops: body.all()?,
        stops_by_id: body.all()?,
        routes: body.all()?,
        routes_by_id: body.all()?,
        trips: body.all()?,
        trips_by_id: body.all()?,
        calls: body.all()?,
        by_stop: body.all()?,
        stop_first: body.all()?,
        services: body.all()?,
        exceptions: body.all()?,
        dropped_trips: body.all()?,
        dropped_routes: body.all()?,
        odd_sequences: body.all()?,
        by_short_name: std::sync::OnceLock::new(),
        places: Vec::new(),
    };
    let Body {
        mut from,
        sha,
        left,
    } = body;
    let mut sum = [0u8; 32];
    from.read_exact(&mut sum).ok()?;
    let mut past = [0u8; 1];
    let ended = matches!(from.read(&mut past), Ok(0));
    let sum_holds = !checked || sha.finalize().as_slice() == sum;
    if left != 0 || !ended || !sum_holds || !sound(&table) {
        return None;
    }
    table.derive_places();
    Some(table)
}

#[cfg(test)]
fn decode(bytes: &[u8], key: &str) -> Option<Timetable> {
    decode_from(bytes, bytes.len() as u64, key)
}

/// Whether every index in `t` points inside its table: a snapshot with a sound checksum may
/// still be a foreign or crafted file, and a look-up must never index past an array.
fn sound(t: &Timetable) -> bool {
    let (ids, names) = (t.ids.len() as u32, t.names.len() as u32);
    let (stops, routes, trips, calls, services) = (
        t.stops.len() as u32,
        t.routes.len() as u32,
        t.trips.len() as u32,
        t.calls.len() as u32,
        t.services.len() as u32,
    );
    let order = |o: &[u32], n: u32| o.len() == n as usize && o.iter().all(|&i| i < n);
    t.stops
        .iter()
        .all(|s| s.id < ids && s.name < names && (s.parent == NONE || s.parent < stops))
        && t.routes
            .iter()
            .all(|r| r.id < ids && r.name < names && (r.agency == NONE || r.agency < ids))
        && t.odd_sequences.iter().all(|o| o.call < calls)
        && t.odd_sequences.windows(2).all(|w| w[0].call < w[1].call)
        && t.trips.iter().all(|r| {
            r.id < ids
                && r.route < routes
                && r.service < services
                && r.headsign < names
                && r.short_name < names
                && r.first_call <= calls
        })
        && t.trips
            .windows(2)
            .all(|w| w[0].first_call <= w[1].first_call)
        && t.calls.iter().all(|c| c.stop < stops)
        && t.by_stop.iter().all(|&c| c < calls)
        && t.stop_first.len() == stops as usize + 1
        && t.stop_first.first() == Some(&0)
        && t.stop_first.windows(2).all(|w| w[0] <= w[1])
        && t.stop_first.last().copied() == Some(t.by_stop.len() as u32)
        && t.services.iter().all(|s| s.id < ids)
        && t.exceptions.iter().all(|e| e.service < services)
        && order(&t.stops_by_id, stops)
        && order(&t.routes_by_id, routes)
        && order(&t.trips_by_id, trips)
}

/// The snapshot at `path`, if there is a sound one of the bundle `key` names; larger files than
/// `max` bytes are not read.
pub fn read(path: &Path, key: &str, max: u64) -> Option<Timetable> {
    // A regular file only: a FIFO put in its place would hang every start.
    let (file, len) = railtop_core::files::open_regular(path).ok()?;
    if len > max {
        return None;
    }
    decode_from(std::io::BufReader::with_capacity(1 << 20, file), len, key)
}

/// The key a snapshot was written with (for tools that read one back: the benchmark), if the
/// file starts as a snapshot does.
pub fn key(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = [0u8; 16];
    let (mut file, _) = railtop_core::files::open_regular(path).ok()?;
    file.read_exact(&mut head).ok()?;
    if &head[..8] != MAGIC || head[8..12] != FORMAT.to_le_bytes() {
        return None;
    }
    let len = u32::from_le_bytes(head[12..16].try_into().ok()?);
    let mut key = vec![0u8; usize::try_from(len).ok()?.min(4096)];
    file.read_exact(&mut key).ok()?;
    String::from_utf8(key).ok()
}

/// Fails a write past `left` bytes: a snapshot larger than its cap is not written.
struct Capped<W> {
    inner: W,
    left: u64,
}

impl<W: std::io::Write> std::io::Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = u64::try_from(buf.len()).unwrap_or(u64::MAX);
        if n > self.left {
            return Err(std::io::Error::other("larger than the snapshot's cap"));
        }
        let written = self.inner.write(buf)?;
        self.left -= u64::try_from(written).unwrap_or(n);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes `table` to `path` atomically (a temporary file beside it, synced, then renamed), if
/// it takes at most `max` bytes (else nothing is left behind).
pub fn write(path: &Path, table: &Timetable, key: &str, max: u64) -> std::io::Result<u64> {
    let temporary = path.with_extension(format!("tmp.{}", std::process::id()));
    let written = (|| {
        let file = std::fs::File::create(&temporary)?;
        let capped = Capped {
            inner: std::io::BufWriter::with_capacity(1 << 20, file),
            left: max,
        };
        let file = encode_to(capped, table, key)?;
        let file = file
            .inner
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)?;
        file.sync_all()?;
        let size = file.metadata()?.len();
        std::fs::rename(&temporary, path)?;
        Ok(size)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests;
