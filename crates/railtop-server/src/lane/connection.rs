//! What one HTTP connection may cost `railtop serve`, and the accept loop that enforces it.
//!
//! axum's own `serve` runs hyper without a timer (so without its header deadline) and without any
//! cap on connections, which let a handful of slow clients hold every file descriptor. Here each
//! connection's plain GETs are read and answered in place (`plain_gets.rs`, hyper's
//! parser without hyper's per-request costs) and the first request that is not plain, with all
//! after it, by hyper's HTTP/1 connection directly, with:
//! - a **head deadline**: from accept, and again from the end of each answer, a complete request
//!   head must arrive within [`ConnectionLimits::head`]. In the lane it is one timer a
//!   connection, moved on only after an answer; under hyper it is hyper's header timer, started
//!   when hyper waits for a head and stopped only when one is parsed. Either way no byte
//!   pattern (leading blank lines, a header line every few seconds) extends it, and an idle
//!   kept-alive connection ends with it too;
//! - a **write deadline**: a write that makes no progress for [`ConnectionLimits::write`] (a client
//!   that asked and stopped reading) ends the connection (the stream SSH sessions use too);
//! - **caps** on connections open at once, in all and per IP, below the process's file-descriptor
//!   limit (raised to its hard limit at start). The excess gets a short 503 and is closed at once;
//!   refusals and failed accepts are logged as a count per second, not a line each;
//! - **hyper's own answers** (400, 414, 431 for requests it cannot parse, sent before any handler
//!   runs) replaced by the API's JSON error with its headers, on a connection where no request
//!   has been served yet (every attack seen opens with the bad request; a bad request after a good
//!   one on a kept-alive connection still gets hyper's bare answer).

use super::answer_memo::MemoizingRouter;
use super::plain_gets;
use super::zero_copy::Sendfile;
use crate::admission::{Admission, Permit, Refusal};
use crate::config::ConnectionLimits;
use crate::stream::WriteDeadline;
use crate::tally::Tally;
use futures_util::FutureExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use railtop_core::model::ErrorBody;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

static ACCEPT_FAILED: Tally = Tally::new("accepts failed", Duration::from_secs(1));
static REFUSED: Tally = Tally::new(
    "connections refused by the connection limits",
    Duration::from_secs(1),
);

/// The next connection. A failing accept (out of file descriptors and the like) is retried
/// after a pause that doubles up to a second, and logged as a count once a second. Shared by the
/// API and the SSH server.
pub async fn accept(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    let mut pause = Duration::from_millis(5);
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(e) => {
                ACCEPT_FAILED.add(&e);
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// Raises this process's open-file limit to its hard limit (as Go's runtime does) and returns
/// the limit in force, if the system says.
pub(crate) fn raise_open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        // `None` is no limit (RLIM_INFINITY).
        let limit = getrlimit(Resource::Nofile);
        let below_hard = match (limit.current, limit.maximum) {
            (Some(current), Some(maximum)) => current < maximum,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        let current = if below_hard && setrlimit(Resource::Nofile, raised).is_ok() {
            limit.maximum
        } else {
            limit.current
        };
        Some(current.unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    None
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes; then stops accepting
/// and gives open requests [`ConnectionLimits::grace`] to finish.
///
/// Connections are served as nginx serves them: one event loop per core, each a thread with a
/// single-threaded runtime serving each connection it is given to the end, so a request never
/// crosses threads (on the multi-threaded runtime most requests woke another thread: a quarter
/// of the time under load went to wake-ups and context switches). Connections are accepted
/// here, on the caller's runtime, and each goes to the loop with the fewest open, so a burst of
/// connections does not pile onto whichever loop woke first. The caps are checked here; the
/// handlers' state is the same `app`. Where threads cannot be started, the connections are
/// served on the caller's runtime.
pub(crate) async fn run(
    listener: TcpListener,
    app: MemoizingRouter,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let fd_limit = raise_open_file_limit();
    let (max_open, per_ip) = limits.caps(fd_limit);
    let threads = limits.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    tracing::info!(
        max_open,
        per_ip,
        threads,
        fd_limit = %fd_limit.map_or_else(|| "unknown".to_string(), |n| n.to_string()),
        head_secs = limits.head.as_secs_f64(),
        write_secs = limits.write.as_secs_f64(),
        "connection limits"
    );
    let admission = Admission::new(max_open, per_ip, 0);
    // Dropped with this future too: the loops then stop as on shutdown.
    let (closing_tx, closing) = watch::channel(false);
    let loops = match EventLoop::start(threads, &app, &limits, &closing) {
        Ok(loops) => loops,
        Err(e) => {
            tracing::warn!("serving on the main runtime: cannot start its threads: {e}");
            Vec::new()
        }
    };
    let mut here = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            (stream, peer) = accept(&listener) => match admission.admit(peer.ip()) {
                Ok(permit) => {
                    let given = match loops.iter().min_by_key(|l| l.open.load(Ordering::Relaxed)) {
                        Some(event_loop) => event_loop.give(stream, peer, permit),
                        None => Err((stream, permit)),
                    };
                    // No loop could take it: served here.
                    if let Err((stream, permit)) = given {
                        here.spawn(connection(stream, peer, app.clone(), limits.clone(), permit, closing.clone()));
                    }
                }
                Err(refusal) => {
                    REFUSED.add(&format_args!("{peer}: {refusal}"));
                    refuse(&stream, &refusal);
                }
            },
            Some(_) = here.join_next(), if !here.is_empty() => {}
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    let _ = closing_tx.send(true);
    let grace = tokio::time::timeout(limits.grace, async {
        while here.join_next().await.is_some() {}
    });
    let _ = grace.await;
    for event_loop in loops {
        let _ = event_loop.finished.await;
    }
}

/// One event loop: a thread with a single-threaded runtime, the connections handed to it, how
/// many it has open, and a channel that says when it has finished.
struct EventLoop {
    given: tokio::sync::mpsc::UnboundedSender<(std::net::TcpStream, SocketAddr, Permit)>,
    open: Arc<std::sync::atomic::AtomicUsize>,
    finished: tokio::sync::oneshot::Receiver<()>,
}

impl EventLoop {
    /// `threads` loops serving `app`, until `closing` says so (or its sender is gone); then
    /// each gives its open requests the grace period.
    fn start(
        threads: usize,
        app: &MemoizingRouter,
        limits: &ConnectionLimits,
        closing: &watch::Receiver<bool>,
    ) -> io::Result<Vec<EventLoop>> {
        let mut loops = Vec::with_capacity(threads);
        for i in 0..threads.max(1) {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let (given, mut arriving) = tokio::sync::mpsc::unbounded_channel();
            let (done, finished) = tokio::sync::oneshot::channel();
            let open = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let (app, limits, mut closing) = (app.clone(), limits.clone(), closing.clone());
            let counted = open.clone();
            std::thread::Builder::new()
                .name(format!("railtop-http-{i}"))
                .spawn(move || {
                    runtime.block_on(async move {
                        let mut open = JoinSet::new();
                        // This loop's own word to its connections that the server is closing:
                        // each waiting connection polls it on every wake, and a shared channel
                        // would be one lock every thread takes for every request.
                        let (close_here, closing_here) = watch::channel(false);
                        loop {
                            tokio::select! {
                                Some((stream, peer, permit)) = arriving.recv() => {
                                    let Ok(stream) = TcpStream::from_std(stream) else {
                                        counted.fetch_sub(1, Ordering::Relaxed);
                                        continue;
                                    };
                                    let (app, limits, closing, counted) =
                                        (app.clone(), limits.clone(), closing_here.clone(), counted.clone());
                                    open.spawn(async move {
                                        connection(stream, peer, app, limits, permit, closing).await;
                                        counted.fetch_sub(1, Ordering::Relaxed);
                                    });
                                }
                                Some(_) = open.join_next(), if !open.is_empty() => {}
                                _ = closing.changed() => break,
                            }
                        }
                        let _ = close_here.send(true);
                        let finished = tokio::time::timeout(limits.grace, async {
                            while open.join_next().await.is_some() {}
                        })
                        .await;
                        if finished.is_err() {
                            tracing::info!(
                                open = open.len(),
                                "requests still open after the grace period: closed"
                            );
                        }
                    });
                    let _ = done.send(());
                })?;
            loops.push(EventLoop {
                given,
                open,
                finished,
            });
        }
        Ok(loops)
    }

    /// Hands a connection to this loop; back when the loop is gone.
    fn give(
        &self,
        stream: TcpStream,
        peer: SocketAddr,
        permit: Permit,
    ) -> Result<(), (TcpStream, Permit)> {
        // Off this runtime's reactor, onto the loop's.
        let std = match stream.into_std() {
            Ok(std) => std,
            Err(_) => return Ok(()), // the socket is already gone: nothing to serve
        };
        self.open.fetch_add(1, Ordering::Relaxed);
        match self.given.send((std, peer, permit)) {
            Ok(()) => Ok(()),
            Err(tokio::sync::mpsc::error::SendError((std, _, permit))) => {
                self.open.fetch_sub(1, Ordering::Relaxed);
                match TcpStream::from_std(std) {
                    Ok(stream) => Err((stream, permit)),
                    Err(_) => Ok(()),
                }
            }
        }
    }
}

/// Tells a connection over the caps why, without waiting for it: one non-blocking write of a
/// 503, then the connection closes.
fn refuse(stream: &TcpStream, refusal: &Refusal) {
    let answer = json_answer(503, "too_many_connections", &refusal.to_string(), Some("5"));
    let _ = stream.try_write(&answer);
}

/// One admitted connection, served until it ends or the server closes.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: MemoizingRouter,
    limits: ConnectionLimits,
    permit: Permit,
    closing: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let stream = WriteDeadline::uncut(Sendfile::new(stream), limits.write);
    serve_stream(stream, peer, app, &limits, closing).await;
    drop(permit);
}

/// One connection's requests from any byte stream, served as a TCP connection's are: the lane's own
/// reading (`plain_gets.rs`) while they are plain, then hyper. Public for the benchmark that
/// measures a request's cost in process (`benches/serve.rs`).
pub async fn serve_stream<S>(
    mut stream: S,
    peer: SocketAddr,
    app: MemoizingRouter,
    limits: &ConnectionLimits,
    mut closing: watch::Receiver<bool>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let mut unread = bytes::BytesMut::with_capacity(4096);
    let mut answered = 0;
    let left = plain_gets::serve(
        &mut stream,
        &mut unread,
        &mut answered,
        &app,
        peer,
        limits.head,
        &mut closing,
    )
    .await;
    if left == plain_gets::Left::Closed {
        return;
    }
    let served = Arc::new(AtomicBool::new(answered > 0));
    let stream = plain_gets::Unread::new(unread.freeze(), stream);
    let io = TokioIo::new(Guarded::new(stream, served.clone()));
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        served.store(true, Ordering::Relaxed);
        app.answer(request, Some(peer))
            .map(Ok::<_, std::convert::Infallible>)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.head)
        .keep_alive(true);
    let conn = http.serve_connection(io, service);
    tokio::pin!(conn);
    let ended = tokio::select! {
        ended = conn.as_mut() => ended,
        _ = closing.changed() => {
            conn.as_mut().graceful_shutdown();
            conn.await
        }
    };
    if let Err(e) = ended {
        tracing::debug!(%peer, error = %e, "connection ended");
    }
}

/// A full HTTP/1.1 answer with the API's JSON error body and headers; the connection closes after.
fn json_answer(status: u16, code: &str, message: &str, retry_after: Option<&str>) -> Vec<u8> {
    let body = serde_json::to_vec(&ErrorBody::new(code, message)).unwrap_or_default();
    let reason = axum::http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error");
    let retry = retry_after.map_or(String::new(), |s| format!("retry-after: {s}\r\n"));
    let mut out = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\ncache-control: no-store\r\n{retry}connection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(&body);
    out
}

/// hyper's own answer to a request it could not parse, as the API's error.
fn replacement_for(hyper_answer: &[u8]) -> Option<Vec<u8>> {
    let status: u16 = std::str::from_utf8(hyper_answer.strip_prefix(b"HTTP/1.1 ")?.get(..3)?)
        .ok()?
        .parse()
        .ok()?;
    let (code, message) = match status {
        414 => ("uri_too_long", "the request's URI is too long"),
        431 => (
            "headers_too_large",
            "the request's header fields are too large",
        ),
        _ => (
            "bad_request",
            "not an HTTP/1.1 request this server can read",
        ),
    };
    Some(json_answer(status, code, message, None))
}

/// The connection's byte stream (with its write deadline) with hyper's own answers replaced.
struct Guarded<S> {
    inner: S,
    /// A request has reached the handlers on this connection.
    served: Arc<AtomicBool>,
    /// The replacement being written, and how much of it is out.
    replacing: Option<(Vec<u8>, usize)>,
}

impl<S> Guarded<S> {
    fn new(inner: S, served: Arc<AtomicBool>) -> Self {
        Guarded {
            inner,
            served,
            replacing: None,
        }
    }
}

impl<S: AsyncWrite + Unpin> Guarded<S> {
    /// Writes what hyper gives, or, when it is hyper's own error answer, ours in its place
    /// (reporting hyper's bytes as written once ours are out).
    fn write_answer(
        &mut self,
        cx: &mut Context<'_>,
        buf: &[u8],
        len: usize,
    ) -> Poll<io::Result<usize>> {
        if self.replacing.is_none() && !self.served.load(Ordering::Relaxed) {
            self.replacing = replacement_for(buf).map(|r| (r, 0));
        }
        let Some((answer, mut at)) = self.replacing.take() else {
            return Pin::new(&mut self.inner).poll_write(cx, buf);
        };
        while at < answer.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &answer[at..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => at += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    self.replacing = Some((answer, at));
                    return Poll::Pending;
                }
            }
        }
        // Out: anything hyper writes after it is swallowed.
        self.replacing = Some((answer, at));
        Poll::Ready(Ok(len))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.write_answer(cx, buf, buf.len())
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if self.replacing.is_some() || !self.served.load(Ordering::Relaxed) {
            // Before any request is served, what hyper writes is its own answer: read as one.
            let first = bufs
                .iter()
                .find(|b| !b.is_empty())
                .map_or(&[][..], |b| &b[..]);
            let total = bufs.iter().map(|b| b.len()).sum();
            return self.write_answer(cx, first, total);
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests;
