//! `railtop ssh`: the kiosk board for every SSH connection, and nothing else.
//!
//! The pieces: the server's `admission` decides on the bare TCP connection (connections per IP,
//! per-IP rate, the handshakes' budget) before any crypto and its `stream` puts a deadline on
//! every write; [`handler`] is the russh
//! side of one connection (auth, one channel, pty, refusals); [`viewer`] runs one person's board
//! with its own [`screen`], fed by [`boards`], the one poller all viewers share; [`keys`] keeps
//! the host key and reads `authorized_keys`.

mod handler;
mod input;
mod keys;
mod screen;
mod user;
mod viewer;
mod writing;

pub use handler::terminal_size;
pub use keys::{load_or_create_host_key, read_authorized_keys, SshError};

use crate::kiosk::pollers::{self, Boards};
use crate::kiosk::KioskSettings;
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_server::admission::{self, Admission, Penalty, Startup, Startups};
use railtop_server::stream;
use railtop_server::tally::Tally;
use russh::keys::PublicKey;
use russh::{MethodKind, MethodSet};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinSet;

/// What may connect, and for how long.
#[derive(Debug, Clone)]
pub struct Limits {
    pub max_sessions: usize,
    pub per_ip: usize,
    /// New connections per minute per IP; 0 switches the check off.
    pub connections_per_minute: u32,
    /// A client that reads nothing for this long is cut off.
    pub write_timeout: Duration,
    /// From TCP accept to a running board (handshake, login, pty, shell).
    pub handshake_timeout: Duration,
    /// From TCP accept to the client's first byte (its SSH version line).
    pub greeting_timeout: Duration,
    /// Connections still in their handshake, apart from the viewers' places (OpenSSH's
    /// `MaxStartups start:rate:full`).
    pub startups: (usize, u32, usize),
    /// Without a key pressed or a window change for this long, the session ends.
    pub idle: Duration,
    pub max_session: Duration,
    /// Keepalives after this much silence; three unanswered drop the peer.
    pub keepalive: Duration,
    /// The largest terminal rendered, columns × rows.
    pub max_size: (u16, u16),
    /// Networks never penalised for bare or failed connections (a load balancer's health
    /// checks, a monitor): OpenSSH's `PerSourcePenaltyExemptList`.
    pub penalty_exempt: Vec<admission::IpNet>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_sessions: 64,
            per_ip: 4,
            connections_per_minute: 20,
            write_timeout: Duration::from_secs(15),
            handshake_timeout: Duration::from_secs(30),
            greeting_timeout: Duration::from_secs(5),
            startups: (10, 30, 60),
            idle: Duration::from_secs(3600),
            max_session: Duration::from_secs(12 * 3600),
            keepalive: Duration::from_secs(30),
            max_size: (400, 150),
            penalty_exempt: Vec::new(),
        }
    }
}

pub struct SshOptions {
    /// The boards shown: one a station, or one of several merged.
    pub boards: Vec<TravelQuery>,
    pub host_key: PathBuf,
    pub authorized_keys: Option<PathBuf>,
    pub limits: Limits,
    pub kiosk: KioskSettings,
}

/// What every session reads.
pub struct Shared {
    /// What each board is: the viewers' kiosks are made of them.
    queries: Vec<TravelQuery>,
    /// Each board's first station, as given: what `ssh STATION@host` chooses among.
    stations: Vec<String>,
    /// Each station's metrics label (`finland:TPE`), one however it was typed.
    labels: Arc<Vec<String>>,
    kiosk: KioskSettings,
    attribution: String,
    is_demo: bool,
    clock: Clock,
    limits: Limits,
    /// `None`: anyone may watch.
    authorized: Option<Vec<PublicKey>>,
    boards: watch::Receiver<Boards>,
    goodbye: watch::Receiver<bool>,
    /// The viewers' places: one is taken when a board starts, so connections that never get
    /// that far cannot keep a viewer out.
    viewers: Arc<tokio::sync::Semaphore>,
}

/// The kernel's send buffer per connection: small, so a client that stops reading is noticed by
/// the write deadline after kilobytes, not megabytes.
const SEND_BUFFER_BYTES: usize = 64 * 1024;

/// A running server's counters, for logs, tests and the benchmark.
#[derive(Debug, Default)]
pub struct Stats {
    pub fetches: Arc<AtomicU64>,
    pub refused: AtomicU64,
}

/// Serves the board on `listener` until `shutdown` resolves, then tells every viewer goodbye.
pub async fn serve(
    listener: TcpListener,
    source: Arc<CachedSource>,
    clock: Clock,
    options: SshOptions,
    shutdown: impl Future<Output = ()>,
) -> Result<(), SshError> {
    if options.boards.is_empty() {
        return Err(SshError::NoStations);
    }
    railtop_core::metrics::install();
    let host_key = load_or_create_host_key(&options.host_key)?;
    let authorized = options
        .authorized_keys
        .as_deref()
        .map(read_authorized_keys)
        .transpose()?;
    let limits = options.limits;
    let config = Arc::new(russh::server::Config {
        server_id: russh::SshId::Standard(
            format!("SSH-2.0-railtop_{}", env!("CARGO_PKG_VERSION")).into(),
        ),
        methods: MethodSet::from(match authorized {
            None => &[MethodKind::None][..],
            Some(_) => &[MethodKind::PublicKey][..],
        }),
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![host_key],
        max_auth_attempts: 6,
        // Viewers type little: a small receive window bounds what a client can make us buffer.
        window_size: 64 * 1024,
        inactivity_timeout: None,
        keepalive_interval: Some(limits.keepalive),
        keepalive_max: 3,
        nodelay: true,
        ..Default::default()
    });
    let info = source.info();
    let (boards, fetches) = pollers::spawn(
        source,
        clock,
        options.boards.clone(),
        options.kiosk.board_interval_secs,
        railtop_core::metrics::ssh_board_fetch,
    );
    let stations: Vec<String> = options
        .boards
        .iter()
        .map(|b| b.stations.first().cloned().unwrap_or_default())
        .collect();
    let (goodbye_tx, goodbye) = watch::channel(false);
    let directory = railtop_core::stations::current();
    let labels = Arc::new(stations.iter().map(|s| directory.label(s)).collect());
    let shared = Arc::new(Shared {
        labels,
        stations,
        queries: options.boards,
        kiosk: options.kiosk,
        attribution: info.attribution,
        is_demo: info.is_demo,
        clock,
        limits: limits.clone(),
        authorized,
        boards,
        goodbye,
        viewers: Arc::new(tokio::sync::Semaphore::new(limits.max_sessions)),
    });
    let (start, rate, full) = limits.startups;
    let startups = Startups::with_exempt(start, rate, full, limits.penalty_exempt.clone());
    // Every connection, in its handshake or watching, holds a file descriptor: the cap in all
    // is the viewers' places and the handshakes' budget together.
    let admission = Admission::new(
        limits.max_sessions + startups.full,
        limits.per_ip,
        limits.connections_per_minute,
    );
    let mut sessions = JoinSet::new();
    // Handshakes spent on telling refused clients why, at most this many at once (past it they
    // are turned away before any crypto, as floods are).
    let told = Arc::new(tokio::sync::Semaphore::new(REFUSALS_IN_WORDS));
    let mut forget = tokio::time::interval(Duration::from_secs(60));
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            (stream, peer) = railtop_server::accept(&listener) => {
                // A limit's refusal is said in words after a handshake, while few are being told;
                // a flood of handshakes (the startups' budget) is turned away before any crypto.
                let admitted = admission.admit(peer.ip()).map_err(|r| (r.to_string(), true, r.label())).and_then(|permit| {
                    startups
                        .enter(peer.ip())
                        .map(|startup| (permit, startup))
                        .map_err(|why| ("too many connections are starting; try again in a few seconds".to_string(), false, why))
                });
                match admitted {
                    Ok((permit, startup)) => {
                        sessions.spawn(connection(stream, peer, config.clone(), shared.clone(), permit, startup));
                    }
                    Err((refusal, in_words, reason)) => {
                        REFUSED.add(&format_args!("{peer}: {refusal}"));
                        railtop_core::metrics::ssh_refused(reason);
                        match told.clone().try_acquire_owned() {
                            Ok(slot) if in_words => {
                                sessions.spawn(tell_why(stream, peer, config.clone(), shared.clone(), refusal, slot));
                            }
                            _ => {
                                sessions.spawn(turn_away(stream, refusal));
                            }
                        }
                    }
                }
            }
            Some(_) = sessions.join_next(), if !sessions.is_empty() => {}
            _ = forget.tick() => admission.forget_idle(),
            () = &mut shutdown => break,
        }
    }
    tracing::info!(
        sessions = admission.open(),
        fetches = fetches.load(Ordering::Relaxed),
        "shutting down"
    );
    let _ = goodbye_tx.send(true);
    drop(listener);
    let drained = tokio::time::timeout(Duration::from_secs(5), async {
        while sessions.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        sessions.abort_all();
    }
    Ok(())
}

static REFUSED: Tally = Tally::new("SSH connections turned away", Duration::from_secs(1));
/// Handshakes that failed or never came (scanners, floods of bare connections): counted.
static NO_HANDSHAKE: Tally = Tally::new(
    "SSH connections ended before a board started",
    Duration::from_secs(10),
);

/// Bytes after which a client has begun its key exchange: its version line (at most 255) and a
/// good part of its KEXINIT (OpenSSH's is over a kilobyte).
const KEX_STARTED_BYTES: u64 = 512;

/// Refused connections told why after a handshake, at once (each costs a key exchange).
const REFUSALS_IN_WORDS: usize = 4;
/// The whole of such a connection, handshake to goodbye.
const TELLING_TIME: Duration = Duration::from_secs(5);

/// A connection the limits refuse, let through the handshake to be told why where an ordinary
/// `ssh` prints it (the authentication banner, then its request refused with the sentence on
/// stderr and exit status 1). Bounded: [`REFUSALS_IN_WORDS`] at once, [`TELLING_TIME`] each.
async fn tell_why(
    stream: TcpStream,
    peer: SocketAddr,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
    why: String,
    _slot: tokio::sync::OwnedSemaphorePermit,
) {
    let cut = stream::Cut::default();
    let stream = stream::WriteDeadline::new(stream, shared.limits.write_timeout, cut.clone());
    let (started, _) = oneshot::channel();
    // Like any connection, one that says nothing is cut at the greeting deadline: a bare
    // connection cannot hold a telling place.
    let greeting = shared.limits.greeting_timeout;
    let handler = handler::Connection::refusing(shared, peer, started, cut.clone(), why);
    let watchdog = cut.clone();
    let silent = tokio::spawn(async move {
        tokio::time::sleep(greeting).await;
        if !watchdog.heard() {
            watchdog.cut();
        }
    });
    let told = async {
        if let Ok(session) = russh::server::run_stream(config, stream, handler).await {
            let _ = session.await;
        }
    };
    if tokio::time::timeout(TELLING_TIME, told).await.is_err() {
        cut.cut();
    }
    silent.abort();
}

/// Before the SSH version line a server may send other lines (RFC 4253 §4.2): the refusal goes
/// there, then the connection closes. (OpenSSH shows such lines only with `-v`: this is for
/// refusals past the budget of [`tell_why`].)
async fn turn_away(mut stream: TcpStream, why: String) {
    let line = format!("railtop: {why}\r\n");
    let _ = tokio::time::timeout(Duration::from_secs(2), stream.write_all(line.as_bytes())).await;
}

/// One admitted connection, from TCP to the end of its session; the permit frees its slot.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
    _permit: admission::Permit,
    startup: Startup,
) {
    let limits = shared.limits.clone();
    let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER_BYTES);
    let cut = stream::Cut::default();
    let stream = stream::WriteDeadline::new(stream, limits.write_timeout, cut.clone());
    let (started_tx, started) = oneshot::channel();
    let handler = handler::Connection::new(shared, peer, started_tx, cut.clone());
    let deadline = tokio::time::Instant::now() + limits.handshake_timeout;
    // The stages before the key exchange have their own deadline: a client that says nothing,
    // or its version line and then nothing, is cut after the greeting deadline of silence, long
    // before the whole handshake's. (A real client sends its key exchange with its version
    // line. Past that, a person may be reading OpenSSH's question about the host key: the
    // handshake's own deadline applies.)
    let watchdog = cut.clone();
    let greeting = limits.greeting_timeout;
    let silent = tokio::spawn(async move {
        loop {
            if watchdog.heard_bytes() >= KEX_STARTED_BYTES {
                return;
            }
            let quiet = watchdog.silent_for();
            if quiet >= greeting {
                let stage = if watchdog.heard() {
                    "went quiet in its handshake"
                } else {
                    "no greeting in time"
                };
                NO_HANDSHAKE.add(&format_args!("{peer}: {stage}"));
                watchdog.cut();
                return;
            }
            tokio::time::sleep((greeting - quiet).max(Duration::from_millis(50))).await;
        }
    });
    let session =
        match tokio::time::timeout_at(deadline, russh::server::run_stream(config, stream, handler))
            .await
        {
            Ok(Ok(session)) => session,
            Ok(Err(e)) => {
                NO_HANDSHAKE.add(&format_args!("{peer}: {e}"));
                // Cut for its silence: stalled. Closed before a word (a TCP health check, a
                // port probe) costs least.
                let why = if cut.was_cut() {
                    Penalty::Stalled
                } else if cut.heard() {
                    Penalty::Failed
                } else {
                    Penalty::Closed
                };
                penalized(peer, startup, why);
                return;
            }
            Err(_) => {
                NO_HANDSHAKE.add(&format_args!("{peer}: no handshake in time"));
                penalized(peer, startup, Penalty::Stalled);
                return;
            }
        };
    tokio::pin!(session);
    let board_started = tokio::select! {
        ended = &mut session => {
            log_end(peer, ended);
            // Cut for its silence before the key exchange; or closed before a word.
            if cut.was_cut() {
                penalized(peer, startup, Penalty::Stalled);
            } else if !cut.heard() {
                penalized(peer, startup, Penalty::Closed);
            }
            return;
        }
        ok = tokio::time::timeout_at(deadline, started) => matches!(ok, Ok(Ok(()))),
    };
    silent.abort();
    if board_started {
        // Past its handshake: its place in the startups' budget is free for the next one, and
        // its address is a returning one.
        startup.completed();
    } else {
        tracing::info!(%peer, "no board requested in time");
        cut.cut();
        penalized(peer, startup, Penalty::Stalled);
    }
    // The viewer ends the session; this bound only matters if the peer never lets go.
    let bound = limits.max_session + limits.write_timeout + Duration::from_secs(10);
    match tokio::time::timeout(bound, session).await {
        Ok(ended) => log_end(peer, ended),
        Err(_) => tracing::warn!(%peer, "session outlived its bound; dropped"),
    }
}

/// `startup`'s source pays for `why`; once it passes the floor and is turned away, that is
/// said once and counted (`railtop_ssh_penalty_bans_total`).
fn penalized(peer: SocketAddr, startup: Startup, why: Penalty) {
    if startup.penalized(why) {
        railtop_core::metrics::ssh_penalty_ban();
        tracing::warn!(
            source = %peer.ip(),
            "turned away for its failed or stalled connections (OpenSSH's PerSourcePenalties: 1 s a bare connection, 5 s a failed handshake, 20 s a stalled one; turned away past 15 s, at most 600 s); exempt a network with --penalty-exempt"
        );
    }
}

fn log_end(peer: SocketAddr, ended: Result<(), russh::Error>) {
    match ended {
        Ok(()) => tracing::info!(%peer, "connection closed"),
        Err(e) => tracing::info!(%peer, error = %e, "connection ended"),
    }
}
