//! Cached answers sent the way nginx sends a file: with `sendfile`, so the kernel takes the body
//! from pages it already has instead of copying it in from our memory on every request.
//!
//! A cached answer's bytes are the same for every client until it expires, so once one of at least
//! [`MIN_BYTES`] is asked again (given again before the router, `answer_memo.rs`: an answer asked
//! once, like most boards, never costs a memfd), it is [`offer`]ed here: a copy goes into a memfd
//! (made on the blocking pool, off the event loop), registered under the address of the answer's
//! bytes. hyper hands the connection its head and body as `IoSlice`s pointing at those very bytes
//! (its write queue keeps the `Bytes`, it does not copy them), so [`Sendfile`], under the
//! connection, sees where a body lies in a registered answer and sends that part from the memfd:
//! the head with `MSG_MORE` (so head and body leave in one segment, as nginx's `tcp_nopush` does),
//! then `sendfile`. Anything else is written as before.
//!
//! Why the address is enough: the registry keeps a clone of each answer's `Bytes`, so its memory
//! stays allocated while registered, and no other live buffer can lie inside it. An answer the
//! cache has let go (the registry's clone is the last) is dropped at the next registration, and
//! the registry is bounded in entries and bytes; a body not (or no longer) registered is simply
//! written. Linux only; elsewhere every write is a plain one.

use bytes::Bytes;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Bodies smaller than this are written: a copy this small costs less than a second syscall.
pub(crate) const MIN_BYTES: usize = 8 * 1024;
/// Registered answers at most (a handful are hot at any time: one per feed and encoding).
const MAX_ENTRIES: usize = 64;
/// Bytes held in memfds at most (memory outside the process's RSS, so kept small: the hot
/// answers of a national server are a few MB).
const MAX_TOTAL: usize = 32 * 1024 * 1024;

/// Body bytes sent from memfds, for `/metrics` and the tests.
static SENT: AtomicU64 = AtomicU64::new(0);

/// Body bytes sent by `sendfile` since the process started.
pub fn bytes_sent() -> u64 {
    SENT.load(Ordering::Relaxed)
}

#[cfg(target_os = "linux")]
mod registry {
    use super::{MAX_ENTRIES, MAX_TOTAL, MIN_BYTES};
    use bytes::Bytes;
    use std::cell::RefCell;
    use std::fs::File;
    use std::io::Write;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::{Arc, RwLock};

    struct Entry {
        start: usize,
        body: Bytes,
        /// `None` while the memfd is being made.
        file: Option<Arc<File>>,
    }

    static ENTRIES: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

    /// Set once a memfd could not be made: nothing is registered from then on.
    static UNAVAILABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// Moves on with every change of [`ENTRIES`], before any answer it held is let go.
    static GENERATION: AtomicU64 = AtomicU64::new(0);

    /// Each thread's copy of the ready entries (start, length, memfd) and the generation it
    /// was taken at: a write looks here, without the lock every thread would share.
    type Snapshot = (u64, Vec<(usize, usize, Arc<File>)>);

    thread_local! {
        static SNAPSHOT: RefCell<Snapshot> = const { RefCell::new((u64::MAX, Vec::new())) };
    }

    /// Registers `body` for `sendfile` unless it is small or already there; the memfd is made
    /// on the blocking pool (or not at all, outside a runtime).
    pub fn offer(body: &Bytes) {
        if body.len() < MIN_BYTES || body.len() > MAX_TOTAL || UNAVAILABLE.load(Ordering::Relaxed) {
            return;
        }
        let start = body.as_ptr() as usize;
        if find(start, body.len()).is_some() {
            return; // this thread's snapshot has it: no lock
        }
        let known = |entries: &[Entry]| {
            entries
                .iter()
                .any(|e| e.start == start && e.body.len() == body.len())
        };
        if ENTRIES.read().map_or(true, |entries| known(&entries)) {
            return;
        }
        let gone = {
            let Ok(mut entries) = ENTRIES.write() else {
                return;
            };
            if known(&entries) {
                return;
            }
            // Answers the cache has let go (only this registry holds them), then the oldest
            // while over the bounds.
            let (mut gone, kept): (Vec<Entry>, Vec<Entry>) = entries
                .drain(..)
                .partition(|e| e.file.is_some() && e.body.is_unique());
            *entries = kept;
            let mut total: usize = entries.iter().map(|e| e.body.len()).sum();
            while !entries.is_empty()
                && (entries.len() >= MAX_ENTRIES || total.saturating_add(body.len()) > MAX_TOTAL)
            {
                let oldest = entries.remove(0);
                total = total.saturating_sub(oldest.body.len());
                gone.push(oldest);
            }
            entries.push(Entry {
                start,
                body: body.clone(),
                file: None,
            });
            GENERATION.fetch_add(1, Ordering::SeqCst);
            gone
        };
        // Let go only now that every thread will see the new generation: no thread can find a
        // range whose memory is reused.
        drop(gone);
        let body = body.clone();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            forget(start);
            return;
        };
        runtime.spawn_blocking(move || match memfd_of(&body) {
            Ok(file) => {
                if let Ok(mut entries) = ENTRIES.write() {
                    if let Some(e) = entries.iter_mut().find(|e| e.start == start) {
                        e.file = Some(Arc::new(file));
                        GENERATION.fetch_add(1, Ordering::SeqCst);
                    }
                }
            }
            Err(e) => {
                // Not allowed here (a sandbox), or out of memory: every answer is written.
                if !UNAVAILABLE.swap(true, Ordering::Relaxed) {
                    tracing::warn!("cached answers are copied to each client: no memfd: {e}");
                }
                forget(start);
            }
        });
    }

    fn forget(start: usize) {
        let gone = {
            let Ok(mut entries) = ENTRIES.write() else {
                return;
            };
            let (gone, kept): (Vec<Entry>, Vec<Entry>) =
                entries.drain(..).partition(|e| e.start == start);
            *entries = kept;
            GENERATION.fetch_add(1, Ordering::SeqCst);
            gone
        };
        drop(gone);
    }

    /// A sealed memfd holding `body`.
    fn memfd_of(body: &[u8]) -> std::io::Result<File> {
        use rustix::fs::{MemfdFlags, SealFlags};
        let fd = rustix::fs::memfd_create(
            "railtop-answer",
            MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING,
        )?;
        let mut file = File::from(fd);
        file.write_all(body)?;
        rustix::fs::fcntl_add_seals(
            &file,
            SealFlags::WRITE | SealFlags::SHRINK | SealFlags::GROW | SealFlags::SEAL,
        )?;
        Ok(file)
    }

    /// The memfd holding the `len` bytes at `ptr`, and their offset in it, if registered.
    pub fn find(ptr: usize, len: usize) -> Option<(Arc<File>, u64)> {
        let generation = GENERATION.load(Ordering::SeqCst);
        SNAPSHOT.with_borrow_mut(|(seen, ready)| {
            if *seen != generation {
                let entries = ENTRIES.read().ok()?;
                *ready = entries
                    .iter()
                    .filter_map(|e| Some((e.start, e.body.len(), e.file.clone()?)))
                    .collect();
                *seen = generation;
            }
            let (start, _, file) = ready.iter().find(|(start, size, _)| {
                *start <= ptr
                    && ptr
                        .checked_add(len)
                        .is_some_and(|end| end <= start.saturating_add(*size))
            })?;
            Some((file.clone(), u64::try_from(ptr - start).ok()?))
        })
    }

    /// Whether an answer `is` is registered.
    #[cfg(test)]
    pub fn holds(is: impl Fn(&Bytes) -> bool) -> bool {
        ENTRIES
            .read()
            .is_ok_and(|entries| entries.iter().any(|e| is(&e.body)))
    }
}

/// Registers a cached answer's bytes to be sent with `sendfile` from now on (see the module).
pub(crate) fn offer(body: &Bytes) {
    #[cfg(target_os = "linux")]
    registry::offer(body);
    #[cfg(not(target_os = "linux"))]
    let _ = body;
}

/// A TCP stream whose writes of registered answers' bytes go out with `sendfile`.
pub struct Sendfile {
    tcp: tokio::net::TcpStream,
}

impl Sendfile {
    pub fn new(tcp: tokio::net::TcpStream) -> Self {
        Sendfile { tcp }
    }
}

impl AsyncRead for Sendfile {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

#[cfg(target_os = "linux")]
impl Sendfile {
    /// Runs a non-blocking write `f` when the socket can take it.
    fn poll_io(
        &self,
        cx: &mut Context<'_>,
        mut f: impl FnMut() -> io::Result<usize>,
    ) -> Poll<io::Result<usize>> {
        loop {
            match self.tcp.poll_write_ready(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
            match self.tcp.try_io(tokio::io::Interest::WRITABLE, &mut f) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                done => return Poll::Ready(done),
            }
        }
    }
}

impl AsyncWrite for Sendfile {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        #[cfg(target_os = "linux")]
        {
            // The first part that lies in a registered answer, if any.
            let found = bufs.iter().enumerate().find_map(|(i, b)| {
                if b.len() < MIN_BYTES {
                    return None;
                }
                registry::find(b.as_ptr() as usize, b.len()).map(|(file, at)| (i, file, at))
            });
            if let Some((i, file, at)) = found {
                let before = &bufs[..i];
                if before.iter().any(|b| !b.is_empty()) {
                    // The head, held back until the body follows it.
                    return self.poll_io(cx, || {
                        rustix::net::sendmsg(
                            &self.tcp,
                            before,
                            &mut rustix::net::SendAncillaryBuffer::default(),
                            rustix::net::SendFlags::MORE | rustix::net::SendFlags::NOSIGNAL,
                        )
                        .map_err(io::Error::from)
                    });
                }
                let len = bufs[i].len();
                let sent = self.poll_io(cx, || {
                    let mut offset = at;
                    rustix::fs::sendfile(&self.tcp, &*file, Some(&mut offset), len)
                        .map_err(io::Error::from)
                });
                if let Poll::Ready(Ok(n)) = sent {
                    SENT.fetch_add(n as u64, Ordering::Relaxed);
                }
                return sent;
            }
        }
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
mod tests;
