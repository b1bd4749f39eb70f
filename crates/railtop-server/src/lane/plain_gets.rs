//! A connection's plain GETs, read and answered here without hyper (the express lane of
//! docs/performance.md): a memoized answer first, before the router; the rest given to hyper.
//!
//! Why: measured under load (docs/performance.md), once bodies went out by `sendfile` and kept
//! answers skipped the router (`answer_memo.rs`), what was left of a request's time in user space
//! was hyper's: making each request a `Request` (a URI, a header map), encoding the answer's header
//! map, its dispatcher's futures. 2.7 µs a request, where nginx takes 1.6. Here a request's head is
//! parsed in place by httparse (hyper's own parser), and a kept answer goes out as the header lines
//! written when it was kept, the few lines that differ per request (`Cache-Control`'s countdown,
//! the client's `RateLimit-*`, the length, the date) and the body: about 1.0 µs.
//!
//! What is plain: a GET in HTTP/1.1 with no body (no `Content-Length` but 0, no
//! `Transfer-Encoding`), no `Expect` or `Upgrade`, no `Connection` but `keep-alive`, an
//! origin-form target, a head of at most [`MAX_HEAD`] bytes and [`MAX_FIELDS`] fields. A plain
//! request no memoized answer fits goes to the router (through `every_request::routed`, as
//! hyper would hand it over) and its answer is written here: all of the API's answers are bodies
//! in memory. The first request that is not plain, and everything after it on that connection,
//! goes to hyper, given what was read and not yet answered; hyper keeps its limits and its
//! answers to requests it cannot read (replaced by the API's JSON error, `connection.rs`).
//!
//! Deadlines as hyper's: from accept and from the end of each answer, a complete head within
//! the head deadline (one timer a connection, moved on only when it fires, so not armed and
//! cancelled once a request as hyper's is); writes under the stream's own write deadline. When
//! the server closes, a connection waiting for a request closes; an answer being written is
//! finished first.

use super::answer_memo::{self, line, MemoizingRouter};
use crate::every_request::{self, Admission, Asked};
use crate::routes::{self, Route};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Version};
use axum::response::Response;
use bytes::{Buf, Bytes, BytesMut};
use std::io::{self, IoSlice};
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::sync::watch;

/// Longest head the lane reads; a longer one goes to hyper, whose limits answer it.
pub(crate) const MAX_HEAD: usize = 8 * 1024;
/// Most header fields the lane parses; more go to hyper.
pub(crate) const MAX_FIELDS: usize = 32;
/// Largest answer of the router's the lane writes (the API's largest, a whole network's
/// realtime answer, is a few MB); a larger one ends the connection.
const MAX_BODY: usize = 256 * 1024 * 1024;

/// How a connection left the lane.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Left {
    /// It is over: the client closed, the head deadline passed, the server is closing, or a
    /// read or write failed.
    Closed,
    /// A request that is not plain, unanswered, at the start of the buffer: hyper's now.
    ToHyper,
}

/// Serves `stream`'s plain requests until one is not, or the connection is over. `buf` holds
/// what was read and not answered; `answered` counts the requests answered here.
pub(crate) async fn serve<S: AsyncRead + AsyncWrite + Unpin>(
    stream: &mut S,
    buf: &mut BytesMut,
    answered: &mut u64,
    app: &MemoizingRouter,
    peer: SocketAddr,
    head_within: Duration,
    closing: &mut watch::Receiver<bool>,
) -> Left {
    let mut out = Vec::with_capacity(1024);
    let mut deadline = Instant::now() + head_within;
    let timer = tokio::time::sleep_until(deadline.into());
    tokio::pin!(timer);
    let closed = closing.changed();
    tokio::pin!(closed);
    // Where the search for the head's end resumes (a head is parsed once it has one).
    let mut searched = 0;
    loop {
        if let Some(end) = head_end(buf, searched) {
            let (len, asked) = {
                let mut fields = [httparse::EMPTY_HEADER; MAX_FIELDS];
                let mut request = httparse::Request::new(&mut fields);
                match request.parse(&buf[..end]) {
                    Ok(httparse::Status::Complete(len)) => match plain(&request) {
                        Some(asked) => (len, answer(stream, &mut out, app, peer, &asked).await),
                        None => return Left::ToHyper,
                    },
                    _ => return Left::ToHyper,
                }
            };
            match asked {
                Ok(Answered::KeepOpen) => {
                    *answered += 1;
                    buf.advance(len);
                    searched = 0;
                    deadline = Instant::now() + head_within;
                    continue;
                }
                Ok(Answered::Close) | Err(_) => return Left::Closed,
                Ok(Answered::NotHere) => return Left::ToHyper,
            }
        }
        if buf.len() >= MAX_HEAD {
            return Left::ToHyper;
        }
        searched = buf.len();
        buf.reserve(4096);
        tokio::select! {
            biased;
            read = stream.read_buf(buf) => match read {
                Ok(0) | Err(_) => return Left::Closed,
                Ok(_) => {}
            },
            () = &mut timer => {
                if Instant::now() >= deadline {
                    return Left::Closed;
                }
                timer.as_mut().reset(deadline.into());
            }
            _ = &mut closed => return Left::Closed,
        }
    }
}

/// Where the head in `buf` ends (just past its blank line), looking from `from` on (less the
/// three bytes a line end split across reads may have left before it).
fn head_end(buf: &[u8], from: usize) -> Option<usize> {
    let start = from.saturating_sub(3);
    let rest = buf.get(start..)?;
    rest.windows(2).enumerate().find_map(|(i, w)| match w {
        b"\n\n" => Some(start + i + 2),
        b"\n\r" if rest.get(i + 2) == Some(&b'\n') => Some(start + i + 3),
        _ => None,
    })
}

/// A plain request, as the lane answers it.
struct Plain<'a> {
    target: &'a str,
    fields: &'a [httparse::Header<'a>],
}

impl<'a> Plain<'a> {
    /// The values of the fields named `name`.
    fn values(&self, name: &'static str) -> impl DoubleEndedIterator<Item = &'a [u8]> + '_ {
        self.fields
            .iter()
            .filter(move |f| f.name.eq_ignore_ascii_case(name))
            .map(|f| f.value)
    }

    fn path(&self) -> &'a str {
        self.target
            .split_once('?')
            .map_or(self.target, |(path, _)| path)
    }
}

/// `request` as the lane answers it, if plain.
fn plain<'a>(request: &'a httparse::Request<'a, 'a>) -> Option<Plain<'a>> {
    if request.method != Some("GET") || request.version != Some(1) {
        return None;
    }
    let target = request.path.filter(|t| t.starts_with('/'))?;
    for field in request.headers.iter() {
        let name = field.name;
        let unplain = if name.eq_ignore_ascii_case("content-length") {
            field.value != b"0"
        } else if name.eq_ignore_ascii_case("connection") {
            !field.value.eq_ignore_ascii_case(b"keep-alive")
        } else {
            ["transfer-encoding", "expect", "upgrade"]
                .iter()
                .any(|n| name.eq_ignore_ascii_case(n))
        };
        if unplain {
            return None;
        }
    }
    Some(Plain {
        target,
        fields: request.headers,
    })
}

/// What became of a plain request.
enum Answered {
    /// Answered; the next may follow.
    KeepOpen,
    /// Answered with `Connection: close`.
    Close,
    /// Not answered: a field the router's request cannot hold (hyper's 400 then).
    NotHere,
}

/// Answers one plain request onto `stream`: a kept answer, or the router's.
async fn answer<S: AsyncRead + AsyncWrite + Unpin>(
    stream: &mut S,
    out: &mut Vec<u8>,
    app: &MemoizingRouter,
    peer: SocketAddr,
    asked: &Plain<'_>,
) -> io::Result<Answered> {
    let started = Instant::now();
    let gzip = crate::accept_encoding::gzip_in(asked.values("accept-encoding"));
    let kept = answer_memo::lookup(asked.target, gzip, started, |etag| {
        crate::respond::tag_named_in(asked.values("if-none-match"), etag)
    });
    let Some(kept) = kept else {
        return routed(stream, out, app, peer, asked).await;
    };
    let route = routes::find(asked.path());
    let forwarded_for = asked.values(crate::peer::FORWARDED_FOR);
    let admission = every_request::admit(&app.state, Some(peer), route, forwarded_for).await;
    let rate = match admission {
        Admission::Unlimited => None,
        Admission::Allowed {
            limit,
            remaining,
            reset_secs,
        } => Some([u64::from(limit), u64::from(remaining), reset_secs]),
        Admission::Refused(refusal) => {
            let (status, bytes, answered) = write_response(stream, out, refusal).await?;
            record(peer, started, asked, route, status, bytes);
            return Ok(answered);
        }
    };
    let status = if kept.body.is_some() { 200 } else { 304 };
    out.clear();
    out.extend_from_slice(if status == 200 {
        b"HTTP/1.1 200 OK\r\n"
    } else {
        b"HTTP/1.1 304 Not Modified\r\n"
    });
    out.extend_from_slice(&kept.lines);
    let mut number = itoa::Buffer::new();
    // Not through `line`: the value is two parts, and joining them would allocate a request.
    out.extend_from_slice(b"cache-control: public, max-age=");
    out.extend_from_slice(number.format(kept.max_age).as_bytes());
    out.extend_from_slice(b"\r\n");
    for (name, value) in every_request::PER_CLIENT
        .iter()
        .zip(rate.into_iter().flatten())
    {
        line(
            out,
            name.as_str().as_bytes(),
            number.format(value).as_bytes(),
        );
    }
    let body = kept.body.unwrap_or_default();
    if status == 200 {
        line(out, b"content-length", number.format(body.len()).as_bytes());
    }
    finish_head(out);
    write_all(stream, out, &body).await?;
    railtop_core::metrics::cache("replay", true);
    record(peer, started, asked, route, status, Some(body.len() as u64));
    Ok(Answered::KeepOpen)
}

/// The router's answer to a plain request, written out.
async fn routed<S: AsyncRead + AsyncWrite + Unpin>(
    stream: &mut S,
    out: &mut Vec<u8>,
    app: &MemoizingRouter,
    peer: SocketAddr,
    asked: &Plain<'_>,
) -> io::Result<Answered> {
    let Some(request) = request_of(asked) else {
        return Ok(Answered::NotHere);
    };
    let response = app.answer(request, Some(peer)).await;
    let (_, _, answered) = write_response(stream, out, response).await?;
    Ok(answered)
}

/// A plain request as hyper would hand it to the router.
fn request_of(asked: &Plain<'_>) -> Option<axum::http::Request<axum::body::Body>> {
    let mut headers = HeaderMap::with_capacity(asked.fields.len());
    for field in asked.fields {
        let name = HeaderName::from_bytes(field.name.as_bytes()).ok()?;
        headers.append(name, HeaderValue::from_bytes(field.value).ok()?);
    }
    let mut request = axum::http::Request::new(axum::body::Body::empty());
    *request.method_mut() = Method::GET;
    *request.version_mut() = Version::HTTP_11;
    *request.uri_mut() = asked.target.parse().ok()?;
    *request.headers_mut() = headers;
    Some(request)
}

/// Writes `response` whole; its status, its body's length, and whether the connection stays
/// open (`Connection: close` says not).
async fn write_response<S: AsyncRead + AsyncWrite + Unpin>(
    stream: &mut S,
    out: &mut Vec<u8>,
    response: Response,
) -> io::Result<(u16, Option<u64>, Answered)> {
    let (parts, body) = response.into_parts();
    // A body that is not in memory (a page's event stream) goes out as it comes.
    if axum::body::HttpBody::size_hint(&body).exact().is_none() {
        return write_stream(stream, out, parts, body).await;
    }
    let body = axum::body::to_bytes(body, MAX_BODY)
        .await
        .map_err(|e| io::Error::other(e.to_string()))?;
    let status = parts.status;
    let bodiless = status.is_informational()
        || status == StatusCode::NO_CONTENT
        || status == StatusCode::NOT_MODIFIED;
    out.clear();
    out.extend_from_slice(b"HTTP/1.1 ");
    out.extend_from_slice(status.as_str().as_bytes());
    out.push(b' ');
    out.extend_from_slice(status.canonical_reason().unwrap_or("").as_bytes());
    out.extend_from_slice(b"\r\n");
    let mut answered = Answered::KeepOpen;
    for (name, value) in &parts.headers {
        if name == header::CONTENT_LENGTH || name == header::TRANSFER_ENCODING {
            continue;
        }
        if name == header::CONNECTION && value.as_bytes().eq_ignore_ascii_case(b"close") {
            answered = Answered::Close;
        }
        line(out, name.as_str().as_bytes(), value.as_bytes());
    }
    let body = if bodiless { Bytes::new() } else { body };
    if !bodiless {
        let mut number = itoa::Buffer::new();
        line(out, b"content-length", number.format(body.len()).as_bytes());
    }
    finish_head(out);
    write_all(stream, out, &body).await?;
    Ok((status.as_u16(), Some(body.len() as u64), answered))
}

/// A body that comes over time (an event stream): its head with `Transfer-Encoding: chunked`,
/// then each piece as a chunk as it comes, each write under the stream's write deadline (a
/// client that stops reading is cut). It ends when the body does or when the client closes (a
/// read of nothing: without it, a stream that rarely writes would hold a gone client's place
/// until its next piece); the connection closes after it.
async fn write_stream<S: AsyncRead + AsyncWrite + Unpin>(
    stream: &mut S,
    out: &mut Vec<u8>,
    parts: axum::http::response::Parts,
    body: axum::body::Body,
) -> io::Result<(u16, Option<u64>, Answered)> {
    use futures_util::StreamExt;
    out.clear();
    out.extend_from_slice(b"HTTP/1.1 ");
    out.extend_from_slice(parts.status.as_str().as_bytes());
    out.push(b' ');
    out.extend_from_slice(parts.status.canonical_reason().unwrap_or("").as_bytes());
    out.extend_from_slice(b"\r\n");
    for (name, value) in &parts.headers {
        if name == header::CONTENT_LENGTH
            || name == header::TRANSFER_ENCODING
            || name == header::CONNECTION
        {
            continue;
        }
        line(out, name.as_str().as_bytes(), value.as_bytes());
    }
    line(out, b"transfer-encoding", b"chunked");
    line(out, b"connection", b"close");
    finish_head(out);
    write_all(stream, out, &[]).await?;
    let mut pieces = body.into_data_stream();
    let mut probe = [0u8; 256];
    let mut sent = 0u64;
    enum Next {
        Piece(Option<Result<Bytes, axum::Error>>),
        Heard(io::Result<usize>),
    }
    loop {
        let next = tokio::select! {
            piece = pieces.next() => Next::Piece(piece),
            heard = stream.read(&mut probe) => Next::Heard(heard),
        };
        match next {
            Next::Piece(Some(Ok(piece))) if !piece.is_empty() => {
                out.clear();
                out.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
                let mut chunk = Buf::chain(Buf::chain(&out[..], &piece[..]), &b"\r\n"[..]);
                stream.write_all_buf(&mut chunk).await?;
                stream.flush().await?;
                sent += piece.len() as u64;
            }
            Next::Piece(Some(Ok(_))) => {}
            Next::Piece(Some(Err(_)) | None) => {
                write_all(stream, b"0\r\n\r\n", &[]).await?;
                break;
            }
            // The client closed (or sent something, which an event stream's client never does).
            Next::Heard(Ok(0) | Err(_)) => break,
            Next::Heard(Ok(_)) => {}
        }
    }
    Ok((parts.status.as_u16(), Some(sent), Answered::Close))
}

/// The `Date` line and the blank line that ends a head.
fn finish_head(out: &mut Vec<u8>) {
    out.extend_from_slice(b"date: ");
    out.extend_from_slice(&date::now());
    out.extend_from_slice(b"\r\n\r\n");
}

/// `head` then `body`, whole: in one vectored write where the stream takes it (`sendfile`
/// recognises a registered body among the parts, `zero_copy.rs`).
async fn write_all<S: AsyncWrite + Unpin>(
    stream: &mut S,
    head: &[u8],
    body: &[u8],
) -> io::Result<()> {
    stream.write_all_buf(&mut Buf::chain(head, body)).await?;
    stream.flush().await
}

/// The metrics and the log of a request for `route` answered in the lane.
fn record(
    peer: SocketAddr,
    started: Instant,
    asked: &Plain<'_>,
    route: Option<&'static Route>,
    status: u16,
    bytes: Option<u64>,
) {
    let asked = Asked {
        method: "GET",
        route,
        target: &asked.target,
    };
    every_request::record(Some(peer), started, &asked, status, bytes);
}

/// The `Date` field's value, made once a second per thread.
mod date {
    use std::cell::Cell;
    use std::time::{SystemTime, UNIX_EPOCH};

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: always 29 bytes.
    type Text = [u8; 29];

    thread_local! {
        static MADE: Cell<(u64, Text)> = const { Cell::new((u64::MAX, [b' '; 29])) };
    }

    pub fn now() -> Text {
        let now = SystemTime::now();
        let second = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        MADE.with(|made| {
            let (at, text) = made.get();
            if at == second {
                return text;
            }
            let mut text = [b' '; 29];
            let formatted = httpdate::fmt_http_date(now);
            if let Some(to) = text.get_mut(..formatted.len()) {
                to.copy_from_slice(formatted.as_bytes());
            }
            made.set((second, text));
            text
        })
    }
}

/// A stream that first gives back what was read from it and not answered: the lane's hand-over
/// to hyper.
pub(crate) struct Unread<S> {
    unread: Bytes,
    inner: S,
}

impl<S> Unread<S> {
    pub(crate) fn new(unread: Bytes, inner: S) -> Self {
        Unread { unread, inner }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Unread<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.unread.is_empty() {
            return Pin::new(&mut self.inner).poll_read(cx, buf);
        }
        let n = self.unread.len().min(buf.remaining());
        let given = self.unread.split_to(n);
        buf.put_slice(&given);
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Unread<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
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
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests;
