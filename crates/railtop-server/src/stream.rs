//! A client's TCP stream with a deadline on every write and a switch to cut it, under an API
//! connection and an SSH session alike. When a client stops reading, the kernel's buffers fill,
//! a write stays pending, and after `write_timeout` the stream fails. When an SSH client stops
//! taking channel data, russh queues our messages (a polite disconnect among them) behind the
//! data, so the viewer cuts the stream instead. Either way the connection ends and its place
//! frees instead of waiting forever.

use futures_util::task::AtomicWaker;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// Ends a connection from outside its session: every read and write fails from then on.
#[derive(Clone, Default)]
pub struct Cut {
    inner: Arc<CutState>,
}

struct CutState {
    cut: AtomicBool,
    waker: AtomicWaker,
    /// The client has sent something (its version line, at least).
    heard: AtomicBool,
    /// When the stream began, and when the client last sent a byte (ms after it began).
    born: std::time::Instant,
    last_heard_ms: AtomicU64,
    /// Bytes the client has sent.
    heard_bytes: AtomicU64,
}

impl Default for CutState {
    fn default() -> Self {
        CutState {
            cut: AtomicBool::new(false),
            waker: AtomicWaker::new(),
            heard: AtomicBool::new(false),
            born: std::time::Instant::now(),
            last_heard_ms: AtomicU64::new(0),
            heard_bytes: AtomicU64::new(0),
        }
    }
}

impl Cut {
    /// Whether any byte has come from the client yet.
    pub fn heard(&self) -> bool {
        self.inner.heard.load(Ordering::Relaxed)
    }

    /// How many bytes the client has sent.
    pub fn heard_bytes(&self) -> u64 {
        self.inner.heard_bytes.load(Ordering::Relaxed)
    }

    /// How long the client has sent nothing (since the stream began, if it never has).
    pub fn silent_for(&self) -> Duration {
        let last = Duration::from_millis(self.inner.last_heard_ms.load(Ordering::Relaxed));
        self.inner.born.elapsed().saturating_sub(last)
    }

    /// Whether the connection has been cut.
    pub fn was_cut(&self) -> bool {
        self.inner.cut.load(Ordering::SeqCst)
    }

    pub fn cut(&self) {
        self.inner.cut.store(true, Ordering::SeqCst);
        self.inner.waker.wake();
    }

    fn is_cut(&self, cx: &mut Context<'_>) -> bool {
        self.inner.waker.register(cx.waker());
        self.inner.cut.load(Ordering::SeqCst)
    }
}

fn cut_error() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "session cut off")
}

pub struct WriteDeadline<S> {
    inner: S,
    write_timeout: Duration,
    /// Running while a write is pending; cleared by any progress.
    stalled: Option<Pin<Box<Sleep>>>,
    /// The switch and what the client sent, for a stream that can be cut (an SSH session's).
    cut: Option<Cut>,
}

impl<S> WriteDeadline<S> {
    pub fn new(inner: S, write_timeout: Duration, cut: Cut) -> Self {
        WriteDeadline {
            inner,
            write_timeout,
            stalled: None,
            cut: Some(cut),
        }
    }

    /// A stream with the write deadline alone (an API connection's): nothing is counted per
    /// read (a clock read and three atomics a request, measured under load).
    pub fn uncut(inner: S, write_timeout: Duration) -> Self {
        WriteDeadline {
            inner,
            write_timeout,
            stalled: None,
            cut: None,
        }
    }

    fn is_cut(&self, cx: &mut Context<'_>) -> bool {
        self.cut.as_ref().is_some_and(|c| c.is_cut(cx))
    }

    /// Pending writes count against the deadline; ready ones reset it.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.write_timeout;
        let deadline = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client read nothing for {} s", timeout.as_secs_f32()),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

use std::future::Future;

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.is_cut(cx) {
            return Poll::Ready(Err(cut_error()));
        }
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Some(cut) = self.cut.as_ref().filter(|_| buf.filled().len() > before) {
            let state = &cut.inner;
            state.heard.store(true, Ordering::Relaxed);
            let ms = u64::try_from(state.born.elapsed().as_millis()).unwrap_or(u64::MAX);
            state.last_heard_ms.store(ms, Ordering::Relaxed);
            let n = (buf.filled().len() - before) as u64;
            state.heard_bytes.fetch_add(n, Ordering::Relaxed);
        }
        poll
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.is_cut(cx) {
            return Poll::Ready(Err(cut_error()));
        }
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if self.is_cut(cx) {
            return Poll::Ready(Err(cut_error()));
        }
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn a_peer_that_stops_reading_fails_the_write_after_the_deadline() {
        let (ours, _theirs) = tokio::io::duplex(1024); // nobody reads `_theirs`
        let mut stream = WriteDeadline::new(ours, Duration::from_millis(200), Cut::default());
        let started = std::time::Instant::now();
        let err = stream.write_all(&[0u8; 64 * 1024]).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[tokio::test]
    async fn a_reading_peer_is_never_cut_off() {
        let (ours, mut theirs) = tokio::io::duplex(1024);
        let reader = tokio::spawn(async move {
            let mut sink = Vec::new();
            tokio::io::AsyncReadExt::read_to_end(&mut theirs, &mut sink)
                .await
                .map(|_| sink.len())
        });
        let mut stream = WriteDeadline::new(ours, Duration::from_millis(200), Cut::default());
        stream.write_all(&[7u8; 256 * 1024]).await.unwrap();
        stream.shutdown().await.unwrap();
        drop(stream);
        assert_eq!(reader.await.unwrap().unwrap(), 256 * 1024);
    }

    #[tokio::test]
    async fn a_cut_ends_a_read_that_waits_forever() {
        let (ours, _theirs) = tokio::io::duplex(1024); // never writes
        let cut = Cut::default();
        let mut stream = WriteDeadline::new(ours, Duration::from_secs(60), cut.clone());
        let reading = tokio::spawn(async move {
            let mut buf = [0u8; 16];
            tokio::io::AsyncReadExt::read(&mut stream, &mut buf).await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        cut.cut();
        let err = reading.await.unwrap().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::ConnectionAborted);
    }
}
