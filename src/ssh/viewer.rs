//! One viewer's session: its own kiosk state and screen of its own size, fed by the shared boards,
//! its keys, its window changes and a one-second clock. Ends on `q`/Ctrl-C, when the client goes,
//! when it stops reading, after the idle limit or the maximum length, or when the server stops;
//! each but the silent ones leaves the terminal as it found it with a last line, then closes.
//!
//! "Stops reading" is told two ways. A client whose window is used up holds a frame back: it is
//! cut after the write deadline. A client with a large window can go on taking bytes into its
//! buffer for hours without showing any (at the board's ~85 B/s, OpenSSH's 2 MiB window lasts
//! almost seven), while its keys keep the idle limit away. So the window grants are watched too:
//! a client that owes the acknowledgement of [`UNREAD_BYTES`] and has granted nothing for the
//! idle limit is treated as idle. Every common client grants well before that (OpenSSH after
//! 96 KiB taken, PuTTY after 16 KiB, Go's library on every read); one that grants only at half a
//! 2 MiB window (russh's, AsyncSSH's) and types at least hourly is the one honest viewer this
//! could end, after an hour.

use super::input;
use super::screen::Screen;
use super::user::Chosen;
use super::writing::Writing;
use super::Shared;
use crate::kiosk::{update, KioskState};
use crate::refresh::Event;
use railtop_server::stream::Cut;
use russh::server::Msg;
use russh::ChannelWriteHalf;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, Instant};

/// What the connection hands its viewer.
pub(crate) enum Input {
    Bytes(Vec<u8>),
    Resize(u16, u16),
    Gone,
}

/// Why a session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
enum End {
    Quit,
    ClientGone,
    Stalled(String),
    Idle,
    Unread,
    TooLong,
    Shutdown,
}

/// Where the viewer writes: the channel, plus the switch that cuts the connection.
pub struct Output {
    pub writer: Arc<ChannelWriteHalf<Msg>>,
    pub cut: Cut,
    /// Changes each time the client grants window: it has taken some of what was sent.
    pub drained: tokio::sync::watch::Receiver<()>,
}

/// Bytes sent without a window grant after which the client must grant within the idle limit.
const UNREAD_BYTES: u64 = 128 * 1024;

/// What a viewer asked for with its login name (`TPE+sr+de@host`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Wants {
    /// The board as lines for a screen reader.
    pub speak: bool,
    /// The board in this language, over the server's.
    pub lang: Option<railtop_i18n::Lang>,
}

/// Starts the viewer; the connection feeds it through the returned sender.
pub fn start(
    shared: Arc<Shared>,
    output: Output,
    size: (u16, u16),
    start: Chosen,
    wants: Wants,
    peer: SocketAddr,
) -> mpsc::Sender<Input> {
    let (tx, rx) = mpsc::channel(64);
    let (writer, cut) = (output.writer.clone(), output.cut.clone());
    let viewer = tokio::spawn(run(shared, output, size, start, wants, rx, peer));
    // A bug that panics a viewer still gives its terminal back.
    tokio::spawn(async move {
        if viewer.await.is_err_and(|e| e.is_panic()) {
            tracing::error!(%peer, "viewer panicked; restoring the client's terminal");
            let bytes = Screen::new(1, 1).leave("railtop: the server hit a bug; sorry");
            close_with(&writer, bytes, 1, Duration::from_secs(2)).await;
            cut.cut();
        }
    });
    tx
}

/// The shortest time between two redraws for a window change (20 a second at most).
const MIN_FRAME: Duration = Duration::from_millis(50);

async fn run(
    shared: Arc<Shared>,
    output: Output,
    size: (u16, u16),
    start: Chosen,
    wants: Wants,
    mut inputs: mpsc::Receiver<Input>,
    peer: SocketAddr,
) {
    let clock = shared.clock;
    let limits = &shared.limits;
    let mut state = KioskState::new(
        &shared.queries,
        shared.kiosk.clone(),
        shared.attribution.clone(),
        shared.is_demo,
        clock.now(),
    );
    state.fixed_clock = matches!(clock, railtop_core::clock::Clock::Fixed(_));
    // A station the login name chose is held; one the server does not show is said on the
    // terminal's own screen, where it stays after the board (stderr could land on the board).
    let mut pending = Vec::new();
    match start {
        Chosen::Station(station) => state.hold(station),
        Chosen::NotHere(why) => pending = format!("railtop: {why}\r\n").into_bytes(),
        Chosen::Default => {}
    }
    update(&mut state, Event::Resize(size.0, size.1));
    let mut boards = shared.boards.clone();
    state.set_boards(&boards.borrow_and_update());
    let mut goodbye = shared.goodbye.clone();
    let mut drained = output.drained.clone();
    // Bytes sent since the client last granted window, and when it did (or the start).
    let (mut owed, mut last_grant) = (0u64, Instant::now());
    let mut grants_heard = true;
    // A screen reader's viewer (the server's `--screen-reader`, or `+sr` after the login name):
    // the board said as lines, and the stations turned by key only.
    let speak = wants.speak || state.settings.screen_reader;
    if let Some(lang) = wants.lang {
        state.settings.langs = railtop_i18n::Langs::one(lang);
    }
    if speak {
        state.settings.rotate_secs = u64::MAX;
        // Said in one language: the board said again in a second would be heard twice.
        state.settings.screen_reader = true;
    }
    let mut screen = Writing::new(speak, size);
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let started = Instant::now();
    let mut last_input = started;
    pending.extend(screen.enter());
    tracing::info!(%peer, width = size.0, height = size.1, "viewer started");
    let mut watching = Watching::new(&state, shared.labels.clone());

    let mut last_frame;
    let mut resized: Option<(u16, u16)> = None;
    let end = loop {
        pending.extend(screen.update(&state));
        last_frame = Instant::now();
        if !pending.is_empty() {
            let bytes = std::mem::take(&mut pending);
            let sent = bytes.len() as u64;
            match tokio::time::timeout(limits.write_timeout, output.writer.data_bytes(bytes)).await
            {
                Ok(Ok(())) => {
                    railtop_core::metrics::ssh_sent(sent);
                    owed = owed.saturating_add(sent);
                }
                Ok(Err(_)) => break End::ClientGone,
                Err(_) => {
                    break End::Stalled(format!(
                        "the client read nothing for {} s",
                        limits.write_timeout.as_secs()
                    ))
                }
            }
        }
        tokio::select! {
            input = inputs.recv() => match input {
                Some(Input::Bytes(bytes)) => {
                    last_input = Instant::now();
                    for key in input::keys(&bytes) {
                        if input::is_redraw(&key) && screen.redraws() {
                            // Ctrl-L: the whole screen again, as a terminal program does.
                            pending = screen.resize(state.size.0, state.size.1);
                            continue;
                        }
                        if let Some(said) = screen.key(&key) {
                            pending.extend(said);
                            continue;
                        }
                        update(&mut state, Event::Key(key));
                    }
                    if state.should_quit {
                        break End::Quit;
                    }
                }
                Some(Input::Resize(width, height)) => {
                    last_input = Instant::now();
                    resized = Some((width, height));
                }
                Some(Input::Gone) | None => break End::ClientGone,
            },
            changed = boards.changed() => match changed {
                Ok(()) => state.set_boards(&boards.borrow_and_update()),
                Err(_) => break End::Shutdown,
            },
            _ = tick.tick() => update(&mut state, Event::Tick(clock.now())),
            _ = goodbye.wait_for(|bye| *bye) => break End::Shutdown,
            _ = sleep_until(last_input + limits.idle) => break End::Idle,
            granted = drained.changed(), if grants_heard => match granted {
                Ok(()) => (owed, last_grant) = (0, Instant::now()),
                // The connection is going; its end arrives as `Gone`.
                Err(_) => grants_heard = false,
            },
            _ = sleep_until(last_grant + limits.idle), if owed >= UNREAD_BYTES => break End::Unread,
            _ = sleep_until(started + limits.max_session) => break End::TooLong,
        }
        if let Some((mut width, mut height)) = resized.take() {
            // A storm of window changes is one redraw a frame: wait out the frame since the
            // last one, then take only the last size (keys in between still count).
            sleep_until(last_frame + MIN_FRAME).await;
            let mut gone = false;
            while let Ok(next) = inputs.try_recv() {
                match next {
                    Input::Resize(w, h) => (width, height) = (w, h),
                    Input::Bytes(bytes) => {
                        for key in input::keys(&bytes) {
                            update(&mut state, Event::Key(key));
                        }
                    }
                    Input::Gone => {
                        gone = true;
                        break;
                    }
                }
            }
            if gone {
                break End::ClientGone;
            }
            if state.should_quit {
                break End::Quit;
            }
            pending = screen.resize(width, height);
            update(&mut state, Event::Resize(width, height));
        }
        watching.follow(&state);
    };
    drop(watching);
    tracing::info!(%peer, reason = ?end, seconds = started.elapsed().as_secs(), "viewer ended");
    finish(&mut screen, output, end, limits.write_timeout).await;
}

/// A viewer counted in the metrics: a session open, and a viewer of the station it shows,
/// followed as it turns or is switched; uncounted when dropped, however the viewer ends.
struct Watching {
    /// Which of the stations is shown, and its label.
    current: usize,
    station: String,
    /// Every station's label (`finland:TPE` however the operator typed it), made once for all
    /// viewers.
    labels: Arc<Vec<String>>,
}

impl Watching {
    fn new(state: &KioskState, labels: Arc<Vec<String>>) -> Watching {
        railtop_core::metrics::ssh_sessions(1.0);
        let watching = Watching {
            current: state.current,
            station: labels.get(state.current).cloned().unwrap_or_default(),
            labels,
        };
        railtop_core::metrics::ssh_viewers(&watching.station, 1.0);
        watching
    }

    /// Moves the viewer to the station now shown, when that changed (no work otherwise: it is
    /// called after every event).
    fn follow(&mut self, state: &KioskState) {
        if state.current != self.current {
            railtop_core::metrics::ssh_viewers(&self.station, -1.0);
            self.current = state.current;
            self.station = self.labels.get(state.current).cloned().unwrap_or_default();
            railtop_core::metrics::ssh_viewers(&self.station, 1.0);
        }
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        railtop_core::metrics::ssh_viewers(&self.station, -1.0);
        railtop_core::metrics::ssh_sessions(-1.0);
    }
}

/// Leaves the viewer's terminal clean with a last line, closes the channel, and makes sure the
/// connection goes even if the client keeps it open.
async fn finish(screen: &mut Writing, output: Output, end: End, write_timeout: Duration) {
    let farewell = match &end {
        End::ClientGone => return,
        End::Stalled(_) => {
            // russh would queue a polite disconnect behind the data the client is not taking.
            output.cut.cut();
            return;
        }
        End::Quit => String::new(),
        End::Idle => "railtop: nothing typed for a long while; goodbye (reconnect any time)".into(),
        End::Unread => {
            "railtop: your terminal took none of the board for a long while; goodbye".into()
        }
        End::TooLong => {
            "railtop: this session reached its maximum length; reconnect to keep watching".into()
        }
        End::Shutdown => "railtop: the board is shutting down; goodbye".into(),
    };
    close_with(&output.writer, screen.leave(&farewell), 0, write_timeout).await;
    // A client that keeps the connection open without its channel is let go shortly after.
    let cut = output.cut;
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        cut.cut();
    });
}

/// Sends the last bytes, the exit status, EOF and close, giving up after `timeout`.
async fn close_with(
    writer: &ChannelWriteHalf<Msg>,
    last: Vec<u8>,
    exit_status: u32,
    timeout: Duration,
) {
    let _ = tokio::time::timeout(timeout, async {
        writer.data_bytes(last).await?;
        writer.exit_status(exit_status).await?;
        writer.eof().await?;
        writer.close().await
    })
    .await;
}
