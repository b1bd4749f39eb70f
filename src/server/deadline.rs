//! Deadlines hyper does not set under `axum::serve` (it runs without a timer, so its header-read
//! timeout is off): a client must send a request's whole header within `header`, and a kept-alive
//! connection with no request for `idle` is closed. Enforced on the socket: the API takes only
//! GET requests, so a request is complete at the blank line that ends its header. A slow or
//! silent peer costs at most these deadlines, not a connection forever.

use axum::serve::Listener;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    /// From a request's first byte to the end of its header.
    pub header: Duration,
    /// A connection waiting for its next request (or its first).
    pub idle: Duration,
}

impl Default for Deadlines {
    fn default() -> Self {
        Deadlines {
            header: Duration::from_secs(10),
            idle: Duration::from_secs(60),
        }
    }
}

/// The client's address, as handlers see it (`ConnectInfo<Peer>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, GuardedListener>>
    for Peer
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, GuardedListener>) -> Peer {
        Peer(*stream.remote_addr())
    }
}

/// The next connection; a failing accept (out of file descriptors and the like) is logged and
/// retried after a pause instead of spinning. Shared by the API and the SSH server.
pub async fn accept(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(e) => {
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// A TCP listener whose connections carry [`Deadlines`].
pub struct GuardedListener {
    inner: TcpListener,
    deadlines: Deadlines,
}

impl GuardedListener {
    pub fn new(inner: TcpListener, deadlines: Deadlines) -> GuardedListener {
        GuardedListener { inner, deadlines }
    }
}

impl Listener for GuardedListener {
    type Io = RequestDeadlines<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, addr) = accept(&self.inner).await;
        (RequestDeadlines::new(stream, self.deadlines), addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// Where a connection is in its request cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// No request under way: the idle deadline runs.
    Idle,
    /// Some of a request's header has arrived: the header deadline runs.
    Header,
    /// The header is complete; the server is answering.
    Answering,
}

pub struct RequestDeadlines<S> {
    inner: S,
    deadlines: Deadlines,
    phase: Phase,
    timer: Pin<Box<Sleep>>,
    /// The last bytes read, to find a `\r\n\r\n` split across reads.
    tail: [u8; 3],
}

impl<S> RequestDeadlines<S> {
    pub fn new(inner: S, deadlines: Deadlines) -> Self {
        RequestDeadlines {
            inner,
            deadlines,
            phase: Phase::Idle,
            timer: Box::pin(tokio::time::sleep(deadlines.idle)),
            tail: [0; 3],
        }
    }

    fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        let wait = match phase {
            Phase::Idle => self.deadlines.idle,
            Phase::Header => self.deadlines.header,
            Phase::Answering => return,
        };
        self.timer.as_mut().reset(Instant::now() + wait);
    }

    /// Follows the bytes a client sent: a request starts, its header ends. No allocation: the
    /// blank line is looked for across the last read's tail and in this read.
    fn saw(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.phase == Phase::Idle {
            self.enter(Phase::Header);
        }
        let mut joint = [0u8; 6];
        joint[..3].copy_from_slice(&self.tail);
        let head = bytes.len().min(3);
        joint[3..3 + head].copy_from_slice(&bytes[..head]);
        let end = 3 + head;
        if self.phase == Phase::Header
            && (joint[..end].windows(4).any(|w| w == b"\r\n\r\n")
                || bytes.windows(4).any(|w| w == b"\r\n\r\n"))
        {
            self.enter(Phase::Answering);
        }
        if bytes.len() >= 3 {
            self.tail.copy_from_slice(&bytes[bytes.len() - 3..]);
        } else {
            self.tail.copy_from_slice(&joint[end - 3..end]);
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for RequestDeadlines<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                self.saw(&buf.filled()[before..]);
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                if self.phase != Phase::Answering && self.timer.as_mut().poll(cx).is_ready() {
                    let what = match self.phase {
                        Phase::Header => "the request header did not arrive in time",
                        _ => "no request on an idle connection",
                    };
                    return Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, what)));
                }
                Poll::Pending
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for RequestDeadlines<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) && self.phase == Phase::Answering {
            // An answer is going out: the connection waits for its next request.
            self.enter(Phase::Idle);
        }
        poll
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) && self.phase == Phase::Answering {
            self.enter(Phase::Idle);
        }
        poll
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn short() -> Deadlines {
        Deadlines {
            header: Duration::from_millis(200),
            idle: Duration::from_millis(400),
        }
    }

    #[tokio::test]
    async fn a_header_that_never_ends_fails_the_read() {
        let (client, server) = tokio::io::duplex(1024);
        let mut server = RequestDeadlines::new(server, short());
        let mut client = client;
        client
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 64];
        let n = server.read(&mut buf).await.unwrap();
        assert!(n > 0);
        let started = std::time::Instant::now();
        let err = server.read(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[tokio::test]
    async fn a_complete_header_split_across_reads_is_seen_and_idle_is_timed() {
        let (mut client, server) = tokio::io::duplex(1024);
        let mut server = RequestDeadlines::new(server, short());
        let mut buf = [0u8; 64];
        let first = b"GET / HTTP/1.1\r\nHost: x\r";
        client.write_all(first).await.unwrap();
        server.read_exact(&mut buf[..first.len()]).await.unwrap();
        assert_eq!(server.phase, Phase::Header);
        client.write_all(b"\n\r\n").await.unwrap();
        server.read_exact(&mut buf[..3]).await.unwrap();
        assert_eq!(server.phase, Phase::Answering);
        // Answering takes as long as it takes: no deadline while the server works.
        tokio::time::sleep(Duration::from_millis(300)).await;
        server.write_all(b"HTTP/1.1 200 OK\r\n\r\n").await.unwrap();
        assert_eq!(server.phase, Phase::Idle);
        let err = server.read(&mut buf).await.unwrap_err();
        assert_eq!(
            err.kind(),
            io::ErrorKind::TimedOut,
            "idle keep-alive closed"
        );
    }
}
