//! `railtop ssh` end to end on loopback: the real russh server, talked to by an in-process russh
//! client whose output goes through a terminal emulator (vt100), as a viewer would see it.

use railtop::kiosk::KioskSettings;
use railtop::ssh::{serve, Limits, SshOptions};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::{CacheConfig, CachedSource};
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{Channel, ChannelMsg};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::time::timeout;

mod guard;

/// A scratch directory per test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-ssh-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), railtop::ssh::SshError>>,
}

impl Server {
    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        timeout(Duration::from_secs(10), self.task)
            .await
            .expect("the server stops within 10 s")
            .unwrap()
            .unwrap();
    }
}

fn options(dir: &std::path::Path, limits: Limits) -> SshOptions {
    SshOptions {
        boards: ["HKI", "TPE"].map(TravelQuery::departures).to_vec(),
        host_key: dir.join("host_key"),
        authorized_keys: None,
        limits,
        kiosk: KioskSettings {
            page_secs: 1,
            rotate_secs: 3600,
            ..KioskSettings::default()
        },
    }
}

/// The real server with the demo source on the system clock (so pages turn by themselves).
async fn start(options: SshOptions) -> Server {
    let demo = DemoSource::new(1, 1, Clock::System).unwrap();
    let source = Arc::new(CachedSource::new(Arc::new(demo), CacheConfig::default()));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve(
        listener,
        source,
        Clock::System,
        options,
        async move {
            let _ = stopped.await;
        },
    ));
    Server {
        addr,
        stop: Some(stop),
        task,
    }
}

/// A client that trusts any host key and remembers it.
#[derive(Clone, Default)]
struct Viewer {
    host_key: Arc<Mutex<Option<String>>>,
}

impl client::Handler for Viewer {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        if let russh::keys::PublicKeyOrCertificate::PublicKey { key, .. } = key {
            *self.host_key.lock().unwrap() = Some(key.to_openssh().unwrap());
        }
        Ok(true)
    }
}

fn client_config(window: u32) -> Arc<client::Config> {
    Arc::new(client::Config {
        window_size: window,
        ..Default::default()
    })
}

async fn connect_via(stream: TcpStream, viewer: Viewer, window: u32) -> Handle<Viewer> {
    timeout(
        Duration::from_secs(10),
        client::connect_stream(client_config(window), stream, viewer),
    )
    .await
    .expect("handshake in time")
    .expect("handshake")
}

async fn login(addr: SocketAddr) -> Handle<Viewer> {
    let stream = TcpStream::connect(addr).await.unwrap();
    let mut handle = connect_via(stream, Viewer::default(), 2 << 20).await;
    assert!(handle.authenticate_none("viewer").await.unwrap().success());
    handle
}

/// One viewer's terminal: what arrived, through vt100.
struct Screen {
    channel: Channel<client::Msg>,
    parser: vt100::Parser,
    stderr: String,
    exit_status: Option<u32>,
    closed: bool,
    received: usize,
    /// Every byte that arrived, as it came.
    raw: Vec<u8>,
}

impl Screen {
    async fn open(handle: &Handle<Viewer>, cols: u16, rows: u16) -> Screen {
        let channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(
                true,
                "xterm-256color",
                u32::from(cols),
                u32::from(rows),
                0,
                0,
                &[],
            )
            .await
            .unwrap();
        channel.request_shell(true).await.unwrap();
        Screen::on(channel, cols, rows)
    }

    fn on(channel: Channel<client::Msg>, cols: u16, rows: u16) -> Screen {
        Screen {
            channel,
            parser: vt100::Parser::new(rows, cols, 0),
            stderr: String::new(),
            exit_status: None,
            closed: false,
            received: 0,
            raw: Vec::new(),
        }
    }

    fn text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Handles one message; false when the channel has closed.
    async fn pump(&mut self) -> bool {
        match self.channel.wait().await {
            Some(ChannelMsg::Data { data }) => {
                self.received += data.len();
                self.parser.process(&data);
                self.raw.extend_from_slice(&data);
            }
            Some(ChannelMsg::ExtendedData { data, .. }) => {
                self.stderr.push_str(&String::from_utf8_lossy(&data))
            }
            Some(ChannelMsg::ExitStatus { exit_status }) => self.exit_status = Some(exit_status),
            Some(ChannelMsg::Close) | None => {
                self.closed = true;
                return false;
            }
            Some(_) => {}
        }
        true
    }

    /// Reads until the screen shows `what`.
    async fn until(&mut self, what: &str, why: &str) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        while !self.text().contains(what) {
            match tokio::time::timeout_at(deadline, self.pump()).await {
                Ok(true) => {}
                _ => panic!("{why}: {what:?} never appeared; screen:\n{}", self.text()),
            }
        }
    }

    /// Reads until the channel closes.
    async fn until_closed(&mut self) {
        timeout(Duration::from_secs(15), async {
            while self.pump().await {}
        })
        .await
        .expect("the channel closes");
    }
}

#[tokio::test]
async fn a_viewer_sees_the_board_which_resizes_updates_alone_and_leaves_on_q() {
    let dir = scratch("view");
    let server = start(options(&dir, Limits::default())).await;
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Helsinki", "the station's name").await;
    screen.until("TIME", "the column titles").await;
    screen.until("DESTINATION", "the column titles").await;
    assert!(screen.parser.screen().alternate_screen());
    assert!(screen.parser.screen().hide_cursor());
    // At 80 columns the footer's attribution is on row 24.
    let rows: Vec<String> = screen.parser.screen().rows(0, 80).collect();
    assert_eq!(rows.len(), 24);
    assert!(
        rows[23].contains("DEMO"),
        "attribution on the last row: {rows:?}"
    );

    // Pages turn with no input.
    screen.until("page 1/", "the first page").await;
    screen.until("page 2/", "the next page, by itself").await;

    // A window change re-lays the board out at the new size.
    screen.channel.window_change(120, 40, 0, 0).await.unwrap();
    screen.parser.screen_mut().set_size(40, 120);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let rows: Vec<String> = screen.parser.screen().rows(0, 120).collect();
        if rows[39].contains("DEMO") && rows[4].contains("TIME") {
            break;
        }
        assert!(
            tokio::time::timeout_at(deadline, screen.pump())
                .await
                .unwrap_or(false),
            "no re-layout at 120×40:\n{}",
            screen.text()
        );
    }

    // → switches station.
    screen.channel.data(&b"\x1b[C"[..]).await.unwrap();
    screen.until("Tampere", "the second station after →").await;

    screen.channel.data(&b"q"[..]).await.unwrap();
    screen.until_closed().await;
    assert_eq!(screen.exit_status, Some(0));
    assert!(
        !screen.parser.screen().alternate_screen(),
        "alternate screen left"
    );
    assert!(!screen.parser.screen().hide_cursor(), "cursor shown again");
    server.stop().await;
}

#[tokio::test]
async fn ctrl_c_leaves_too_and_a_zero_size_falls_back_to_80_by_24() {
    let dir = scratch("ctrlc");
    let server = start(options(&dir, Limits::default())).await;
    let handle = login(server.addr).await;
    let channel = handle.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm", 0, 0, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    let mut screen = Screen::on(channel, 80, 24);
    screen.until("Helsinki", "the board at 80×24").await;
    let rows: Vec<String> = screen.parser.screen().rows(0, 80).collect();
    assert!(rows[23].contains("DEMO"), "laid out for 24 rows: {rows:?}");
    screen.channel.data(&b"\x03"[..]).await.unwrap();
    screen.until_closed().await;
    assert_eq!(screen.exit_status, Some(0));
    server.stop().await;
}

#[tokio::test]
async fn everything_but_the_board_is_refused() {
    let dir = scratch("refusals");
    let server = start(options(&dir, Limits::default())).await;

    // A command.
    let handle = login(server.addr).await;
    let channel = handle.channel_open_session().await.unwrap();
    channel.exec(true, "cat /etc/passwd").await.unwrap();
    let mut screen = Screen::on(channel, 80, 24);
    screen.until_closed().await;
    assert!(
        screen.stderr.contains("runs no commands"),
        "{}",
        screen.stderr
    );
    assert_eq!(screen.exit_status, Some(1));
    assert_eq!(screen.received, 0, "nothing on stdout");

    // A subsystem (sftp).
    let handle = login(server.addr).await;
    let channel = handle.channel_open_session().await.unwrap();
    channel.request_subsystem(true, "sftp").await.unwrap();
    let mut screen = Screen::on(channel, 80, 24);
    screen.until_closed().await;
    assert!(
        screen.stderr.contains("no \"sftp\" here"),
        "{}",
        screen.stderr
    );
    assert_eq!(screen.exit_status, Some(1));

    // No pty: a message and exit status 1.
    let handle = login(server.addr).await;
    let channel = handle.channel_open_session().await.unwrap();
    channel.request_shell(true).await.unwrap();
    let mut screen = Screen::on(channel, 80, 24);
    screen.until_closed().await;
    assert!(
        screen
            .stderr
            .contains("this board needs a terminal: use ssh -t"),
        "{}",
        screen.stderr
    );
    assert_eq!(screen.exit_status, Some(1));

    // Environment, X11 and agent forwarding: each request answered with a failure.
    let handle = login(server.addr).await;
    let mut channel = handle.channel_open_session().await.unwrap();
    channel.set_env(true, "LANG", "C").await.unwrap();
    channel
        .request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
        .await
        .unwrap();
    channel.agent_forward(true).await.unwrap();
    let mut failures = 0;
    let mut stderr = String::new();
    while failures < 3 {
        match timeout(Duration::from_secs(5), channel.wait())
            .await
            .unwrap()
        {
            Some(ChannelMsg::Failure) => failures += 1,
            Some(ChannelMsg::Success) => panic!("a forwarding request was granted"),
            Some(ChannelMsg::ExtendedData { data, .. }) => {
                stderr.push_str(&String::from_utf8_lossy(&data))
            }
            Some(_) => {}
            None => panic!("channel closed early"),
        }
    }
    assert!(stderr.contains("X11 forwarding is refused"), "{stderr}");
    assert!(stderr.contains("agent forwarding is refused"), "{stderr}");

    // A second channel on the same connection.
    assert!(handle.channel_open_session().await.is_err());

    // Port forwarding: -L (direct-tcpip) and -R (tcpip-forward).
    assert!(handle
        .channel_open_direct_tcpip(
            "127.0.0.1",
            u32::from(server.addr.port()),
            "127.0.0.1",
            5000
        )
        .await
        .is_err());
    assert!(handle.tcpip_forward("127.0.0.1", 0).await.is_err());
    server.stop().await;
}

#[tokio::test]
async fn authorized_keys_admit_the_right_key_and_nothing_else() {
    let dir = scratch("authkeys");
    let good = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
    let other = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
    let keys = dir.join("authorized_keys");
    std::fs::write(&keys, good.public_key().to_openssh().unwrap() + "\n").unwrap();
    let mut opts = options(&dir, Limits::default());
    opts.authorized_keys = Some(keys);
    let server = start(opts).await;

    let with = |key: &PrivateKey| PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
    let mut handle = connect_via(
        TcpStream::connect(server.addr).await.unwrap(),
        Viewer::default(),
        2 << 20,
    )
    .await;
    assert!(!handle.authenticate_none("viewer").await.unwrap().success());
    assert!(!handle
        .authenticate_publickey("viewer", with(&other))
        .await
        .unwrap()
        .success());
    assert!(handle
        .authenticate_publickey("viewer", with(&good))
        .await
        .unwrap()
        .success());
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen
        .until("Helsinki", "the board after a key login")
        .await;
    server.stop().await;
}

/// Whether a new viewer gets the board within `wait` (a refused one is told why and closed).
async fn gets_the_board(addr: SocketAddr, wait: Duration) -> bool {
    timeout(wait, async {
        let handle = login(addr).await;
        let mut next = Screen::open(&handle, 80, 24).await;
        while !next.text().contains("Helsinki") {
            if !next.pump().await {
                return false;
            }
        }
        true
    })
    .await
    .unwrap_or(false)
}

#[tokio::test]
async fn a_restart_keeps_the_host_key() {
    let dir = scratch("hostkey");
    let mut seen = Vec::new();
    for _ in 0..2 {
        let server = start(options(&dir, Limits::default())).await;
        let viewer = Viewer::default();
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let _handle = connect_via(stream, viewer.clone(), 2 << 20).await;
        seen.push(viewer.host_key.lock().unwrap().clone().unwrap());
        server.stop().await;
    }
    assert_eq!(seen[0], seen[1]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("host_key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

#[tokio::test]
async fn shutting_down_says_goodbye_to_every_viewer() {
    let dir = scratch("goodbye");
    let server = start(options(&dir, Limits::default())).await;
    let mut screens = Vec::new();
    let mut handles = Vec::new();
    for _ in 0..3 {
        let handle = login(server.addr).await;
        let mut screen = Screen::open(&handle, 80, 24).await;
        screen.until("Helsinki", "a viewer").await;
        screens.push(screen);
        handles.push(handle);
    }
    let stopping = tokio::spawn(server.stop());
    for screen in &mut screens {
        screen.until_closed().await;
        assert!(!screen.parser.screen().alternate_screen());
        assert!(
            screen
                .text()
                .contains("the board is shutting down; goodbye"),
            "{}",
            screen.text()
        );
        assert_eq!(screen.exit_status, Some(0));
    }
    stopping.await.unwrap();
}

/// `ssh TPE@host` starts on Tampere's board; a station the server does not show is said in a
/// line and the default board follows; a person's name is just the default board.
#[tokio::test]
async fn the_login_name_chooses_the_station() {
    let dir = scratch("user");
    let server = start(options(&dir, Limits::default())).await;
    for (user, shows, told) in [
        ("TPE", "Tampere", None),
        ("tampere", "Tampere", None),
        (
            "oulu",
            "Helsinki",
            Some("this board shows Helsinki, Tampere, not Oulu"),
        ),
        ("alice", "Helsinki", None),
    ] {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let mut handle = connect_via(stream, Viewer::default(), 2 << 20).await;
        assert!(handle.authenticate_none(user).await.unwrap().success());
        let mut screen = Screen::open(&handle, 100, 30).await;
        screen.until(shows, user).await;
        let title = screen.text().lines().next().unwrap_or_default().to_string();
        assert!(title.starts_with(shows), "{user}: {}", screen.text());
        // A chosen board stays: its footer names the other station as a key, not as next.
        if shows == "Tampere" {
            screen.until("→ Helsinki", user).await;
            assert!(
                !screen.text().contains("next: Helsinki"),
                "{}",
                screen.text()
            );
        }
        // Leaving the board shows the terminal's own screen again, and what was said there.
        screen.channel.data(&b"q"[..]).await.unwrap();
        screen.until_closed().await;
        match told {
            Some(words) => assert!(screen.text().contains(words), "{user}: {}", screen.text()),
            None => assert!(
                !screen.text().contains("railtop:"),
                "{user}: {}",
                screen.text()
            ),
        }
    }
    server.stop().await;
}

/// `ssh TPE+sr@host`: the board as lines for a screen reader, with no escape sequence at all;
/// ↓ says a train with its place; `q` ends it. Over the same seconds after the board arrived it
/// costs no more bytes than a drawn viewer of the same board (which repaints its clock).
#[tokio::test]
async fn a_login_name_ending_in_plus_sr_hears_the_board_as_lines() {
    let dir = scratch("spoken");
    let server = start(options(&dir, Limits::default())).await;
    let open = |user: &'static str| async move {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let mut handle = connect_via(stream, Viewer::default(), 2 << 20).await;
        assert!(handle.authenticate_none(user).await.unwrap().success());
        let screen = Screen::open(&handle, 100, 30).await;
        (handle, screen)
    };
    let (_h1, mut lines) = open("TPE+sr").await;
    let (_h2, mut frames) = open("TPE").await;
    let said = |s: &Screen| String::from_utf8_lossy(&s.raw).into_owned();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !said(&lines).contains("Departures from Tampere: ") {
        assert!(
            matches!(
                tokio::time::timeout_at(deadline, lines.pump()).await,
                Ok(true)
            ),
            "the board said: {}",
            said(&lines)
        );
    }
    frames.until("Tampere", "the drawn board").await;
    // The same five seconds for both.
    let (lines_before, frames_before) = (lines.received, frames.received);
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while tokio::time::Instant::now() < until {
        tokio::select! {
            _ = lines.pump() => {},
            _ = frames.pump() => {},
            _ = tokio::time::sleep_until(until) => {},
        }
    }
    let (lines_bytes, frames_bytes) = (
        lines.received - lines_before,
        frames.received - frames_before,
    );
    assert!(
        lines_bytes <= frames_bytes,
        "lines {lines_bytes} B, frames {frames_bytes} B"
    );
    lines.channel.data(&b"\x1b[B"[..]).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !said(&lines).contains("1 of ") {
        assert!(
            matches!(
                tokio::time::timeout_at(deadline, lines.pump()).await,
                Ok(true)
            ),
            "the focused train: {}",
            said(&lines)
        );
    }
    lines.channel.data(&b"q"[..]).await.unwrap();
    lines.until_closed().await;
    crate::support::assert_lines_only(&lines.raw);
    server.stop().await;
}

/// A viewer chooses its language with its login name: `TPE+fi` sees the board in Finnish while
/// `TPE` beside it sees the server's English; `TPE+sr+de` hears it in German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_login_name_ending_in_a_language_shows_the_board_in_it() {
    let dir = scratch("languages");
    let server = start(options(&dir, Limits::default())).await;
    let open = |user: &'static str| async move {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let mut handle = connect_via(stream, Viewer::default(), 2 << 20).await;
        assert!(handle.authenticate_none(user).await.unwrap().success());
        let screen = Screen::open(&handle, 100, 30).await;
        (handle, screen)
    };
    let (_h1, mut finnish) = open("TPE+fi").await;
    let (_h2, mut english) = open("TPE").await;
    let (_h3, mut german) = open("TPE+sr+de").await;
    let määränpää = railtop_i18n::Lang::Fi.t("col-destination");
    finnish.until(määränpää, "the board in Finnish").await;
    assert!(
        !finnish.text().contains("DESTINATION"),
        "{}",
        finnish.text()
    );
    english.until("DESTINATION", "the board in English").await;
    let said = |s: &Screen| String::from_utf8_lossy(&s.raw).into_owned();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !said(&german).contains("Abfahrten ab Tampere: ") {
        assert!(
            matches!(
                tokio::time::timeout_at(deadline, german.pump()).await,
                Ok(true)
            ),
            "the board said in German: {}",
            said(&german)
        );
    }
    crate::support::assert_lines_only(&german.raw);
    server.stop().await;
}

/// Resizes the viewer's terminal every 100 ms for `seconds` (each a full repaint, and input that
/// keeps the idle limit away), reading all the while; true when the session is still open.
async fn resize_and_read(screen: &mut Screen, seconds: u64) -> bool {
    let until = tokio::time::Instant::now() + Duration::from_secs(seconds);
    let mut wide = false;
    while tokio::time::Instant::now() < until {
        wide = !wide;
        let cols = if wide { 400 } else { 399 };
        if screen.channel.window_change(cols, 150, 0, 0).await.is_err() {
            return false;
        }
        let step = tokio::time::Instant::now() + Duration::from_millis(100);
        while let Ok(open) = tokio::time::timeout_at(step, screen.pump()).await {
            if !open {
                return false;
            }
        }
    }
    true
}

#[tokio::test]
async fn a_full_board_says_so_in_words() {
    let dir = scratch("full");
    let limits = Limits {
        max_sessions: 1,
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let first_handle = login(server.addr).await;
    let mut first = Screen::open(&first_handle, 80, 24).await;
    first.until("Helsinki", "the first viewer's board").await;
    let second_handle = login(server.addr).await;
    let mut second = Screen::open(&second_handle, 80, 24).await;
    second.until_closed().await;
    assert_eq!(second.exit_status, Some(1));
    assert!(
        second
            .stderr
            .contains("the board has its 1 viewers already"),
        "{}",
        second.stderr
    );
    drop(first_handle);
    server.stop().await;
}
