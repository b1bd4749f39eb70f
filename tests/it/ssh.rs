//! `railtop ssh` end to end on loopback: the real russh server, talked to by an in-process russh
//! client whose output goes through a terminal emulator (vt100), as a viewer would see it.

use railtop::clock::Clock;
use railtop::kiosk::KioskSettings;
use railtop::source::cache::{CacheConfig, CachedSource};
use railtop::source::demo::DemoSource;
use railtop::source::traveller::TravelQuery;
use railtop::ssh::{serve, Limits, SshOptions};
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

/// Whether a connection from this address gets through the SSH handshake (in 5 s).
async fn starts_handshake(addr: SocketAddr) -> bool {
    let stream = TcpStream::connect(addr).await.unwrap();
    let shook = timeout(
        Duration::from_secs(5),
        client::connect_stream(client_config(2 << 20), stream, Viewer::default()),
    )
    .await;
    matches!(shook, Ok(Ok(_)))
}

/// Reads the line a refused connection gets before it closes.
async fn refusal(addr: SocketAddr) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut text = Vec::new();
    timeout(Duration::from_secs(5), stream.read_to_end(&mut text))
        .await
        .expect("closed in time")
        .unwrap();
    String::from_utf8_lossy(&text).into_owned()
}

#[tokio::test]
async fn the_per_ip_limit_turns_the_next_connection_away_until_a_slot_frees() {
    let dir = scratch("perip");
    let limits = Limits {
        per_ip: 1,
        connections_per_minute: 0, // this test knocks often
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Helsinki", "the first viewer").await;

    // Refused by a limit: let through the handshake to be told why, where `ssh` prints it
    // (the request refused with the sentence on stderr, exit status 1).
    let refused = login(server.addr).await;
    let mut told = Screen::open(&refused, 80, 24).await;
    told.until_closed().await;
    assert!(
        told.stderr
            .contains("railtop: your address has as many connections open as one address may (1)"),
        "{}",
        told.stderr
    );
    assert_eq!(told.exit_status, Some(1));
    assert_eq!(told.received, 0, "no board for a refused client");

    // Telling costs a handshake each: past a few at once, refusals are a line before any
    // crypto again (the flood case). Bare connections hold the telling places.
    let mut holding = Vec::new();
    for _ in 0..4 {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let mut first = [0u8; 8];
        stream.peek(&mut first).await.unwrap();
        assert_eq!(&first[..], b"SSH-2.0-", "told after a handshake");
        holding.push(stream);
    }
    let said = refusal(server.addr).await;
    assert!(
        said.starts_with("railtop: your address has as many connections open"),
        "{said:?}"
    );
    assert!(!said.contains("SSH-2.0"), "before any crypto: {said:?}");
    drop(holding);

    screen.channel.data(&b"q"[..]).await.unwrap();
    screen.until_closed().await;
    drop(handle);
    // The slot frees: the next viewer gets the board.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        if gets_the_board(server.addr, Duration::from_secs(3)).await {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the slot never freed"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.stop().await;
}

/// A loopback proxy between a client and the server that stops passing the server's bytes on
/// when told, as a client that stops reading would.
async fn stalling_proxy(server: SocketAddr) -> (SocketAddr, oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stall, stalled) = oneshot::channel::<()>();
    tokio::spawn(async move {
        let (client, _) = listener.accept().await.unwrap();
        let upstream = TcpStream::connect(server).await.unwrap();
        let (mut client_read, mut client_write) = client.into_split();
        let (mut server_read, mut server_write) = upstream.into_split();
        tokio::spawn(async move {
            let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
        });
        let mut stalled = stalled;
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            tokio::select! {
                _ = &mut stalled => {
                    // Hold both ends open and read nothing more.
                    tokio::time::sleep(Duration::from_secs(120)).await;
                    return;
                }
                n = server_read.read(&mut buf) => match n {
                    Ok(0) | Err(_) => return,
                    Ok(n) => {
                        if client_write.write_all(&buf[..n]).await.is_err() {
                            return;
                        }
                    }
                },
            }
        }
    });
    (addr, stall)
}

#[tokio::test]
async fn a_client_that_stops_reading_is_cut_off_and_its_slot_reused() {
    let dir = scratch("stall");
    let limits = Limits {
        per_ip: 1,
        write_timeout: Duration::from_secs(1),
        connections_per_minute: 0, // this test knocks often
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let (proxy, stall) = stalling_proxy(server.addr).await;
    // A small window: the server may send 16 KiB before it must wait for this client.
    let mut handle = connect_via(
        TcpStream::connect(proxy).await.unwrap(),
        Viewer::default(),
        16 * 1024,
    )
    .await;
    assert!(handle.authenticate_none("viewer").await.unwrap().success());
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Helsinki", "the board before the stall").await;
    let _ = stall.send(());
    // Full repaints at alternating sizes: far more than the window lets through.
    for i in 0..40u32 {
        let _ = screen.channel.window_change(200 + i % 2, 60, 0, 0).await;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        if gets_the_board(server.addr, Duration::from_secs(3)).await {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the stalled client still holds its slot"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // (The loop's last viewer got the board: the slot was reused.)
    server.stop().await;
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

#[tokio::test]
async fn a_silent_connection_is_dropped_after_the_handshake_deadline() {
    let dir = scratch("silent");
    let limits = Limits {
        handshake_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let mut text = Vec::new();
    // We send nothing; the server gives up on us.
    timeout(Duration::from_secs(5), stream.read_to_end(&mut text))
        .await
        .expect("dropped in time")
        .unwrap();
    assert!(String::from_utf8_lossy(&text).starts_with("SSH-2.0-railtop"));
    server.stop().await;
}

/// A version line, then nothing: each stage of the handshake has the greeting deadline of
/// silence, so such a connection goes long before the whole handshake's deadline.
#[tokio::test]
async fn a_version_line_then_silence_is_cut_at_the_greeting_deadline() {
    let dir = scratch("stalled");
    let limits = Limits {
        greeting_timeout: Duration::from_millis(400),
        handshake_timeout: Duration::from_secs(30),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(b"SSH-2.0-OpenSSH_9.6\r\n").await.unwrap();
    let started = std::time::Instant::now();
    let mut text = Vec::new();
    timeout(Duration::from_secs(5), stream.read_to_end(&mut text))
        .await
        .expect("cut well before the 30 s handshake deadline")
        .ok();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // Its address waits before its next handshake (a stalled one reopened at once holds no
    // place); a viewer from another address is unaffected.
    // (The server files the penalty as the cut connection's task ends, just after the close.)
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !starts_handshake(server.addr).await,
        "the stalling address starts no handshake"
    );
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from(([127, 0, 0, 2], 0))).unwrap();
    let stream = socket.connect(server.addr).await.unwrap();
    let mut handle = connect_via(stream, Viewer::default(), 2 << 20).await;
    assert!(handle.authenticate_none("viewer").await.unwrap().success());
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Helsinki", "the board").await;
    server.stop().await;
}

/// A storm of window changes from one viewer is redrawn at most once a frame, and ends at the
/// last size: 400 changes cost a few full screens, not 400.
#[tokio::test]
async fn a_window_change_storm_is_one_redraw_a_frame() {
    let dir = scratch("storm");
    let server = start(options(&dir, Limits::default())).await;
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 100, 30).await;
    screen.until("Helsinki", "the board").await;
    // One full screen at 100×30, as the first frame cost.
    let one_screen = screen.received;
    let before = screen.received;
    let sent = timeout(Duration::from_secs(10), async {
        for i in 0..400u32 {
            let (w, h) = if i % 2 == 0 { (120, 40) } else { (100, 30) };
            screen.channel.window_change(w, h, 0, 0).await.unwrap();
        }
        screen.channel.window_change(90, 25, 0, 0).await.unwrap();
    })
    .await;
    assert!(
        sent.is_ok(),
        "the server took the window changes within 10 s"
    );
    screen.parser.screen_mut().set_size(25, 90);
    // Read what comes for a second.
    let _ = timeout(Duration::from_secs(1), async {
        while screen.pump().await {}
    })
    .await;
    let storm = screen.received - before;
    assert!(
        storm < 40 * one_screen,
        "{storm} bytes for 401 window changes ({one_screen} a screen)"
    );
    screen.until("Helsinki", "the board at the last size").await;
    server.stop().await;
}

#[tokio::test]
async fn idle_and_overlong_sessions_end_with_a_word() {
    let dir = scratch("idle");
    let limits = Limits {
        idle: Duration::from_millis(1500),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until_closed().await;
    assert!(
        screen.text().contains("nothing typed for a long while"),
        "{}",
        screen.text()
    );
    server.stop().await;

    let limits = Limits {
        max_session: Duration::from_millis(1500),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Helsinki", "the board").await;
    screen.channel.data(&b"x"[..]).await.unwrap(); // typing does not extend the maximum
    screen.until_closed().await;
    assert!(
        screen.text().contains("reached its maximum length"),
        "{}",
        screen.text()
    );
    server.stop().await;
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

/// A client whose window is so large it never has to grant any more looks, from the server,
/// like one that takes the board into a buffer and never shows it: its keys (here, window
/// changes) do not keep it on past the idle limit. A client that grants as it reads stays.
#[tokio::test]
async fn a_client_that_never_grants_window_is_let_go_after_the_idle_limit() {
    let dir = scratch("unread");
    let limits = Limits {
        idle: Duration::from_secs(2),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    for (window, kept) in [(256 * 1024, true), (64 << 20, false)] {
        let stream = TcpStream::connect(server.addr).await.unwrap();
        let mut handle = connect_via(stream, Viewer::default(), window).await;
        assert!(handle.authenticate_none("viewer").await.unwrap().success());
        let mut screen = Screen::open(&handle, 400, 150).await;
        screen.until("Helsinki", "the board").await;
        let open = resize_and_read(&mut screen, 5).await;
        assert_eq!(
            open, kept,
            "window {window}: received {} bytes",
            screen.received
        );
        if !kept {
            screen.until_closed().await;
            assert!(
                screen.text().contains("took none of the board"),
                "{}",
                screen.text()
            );
        }
    }
    server.stop().await;
}

/// The pre-auth starvation of the hardening issue: bare TCP connections from many addresses,
/// re-opened as fast as they are dropped, must not keep a real viewer out.
#[tokio::test]
async fn bare_connections_cannot_keep_a_viewer_out() {
    let dir = scratch("bare");
    let limits = Limits {
        max_sessions: 4,
        greeting_timeout: Duration::from_millis(300),
        startups: (4, 30, 8),
        ..Limits::default()
    };
    let server = start(options(&dir, limits)).await;
    let addr = server.addr;
    // Sixteen attacking addresses, each re-opening its bare connection as soon as it is dropped.
    let flood = tokio::spawn(async move {
        let mut tasks = tokio::task::JoinSet::new();
        for from in 2..18u8 {
            tasks.spawn(async move {
                let mut opened = 0u32;
                let mut dropped_fast = 0u32;
                let until = std::time::Instant::now() + Duration::from_secs(4);
                while std::time::Instant::now() < until {
                    let socket = tokio::net::TcpSocket::new_v4().unwrap();
                    socket
                        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
                        .unwrap();
                    let Ok(mut bare) = socket.connect(addr).await else {
                        continue;
                    };
                    opened += 1;
                    let started = std::time::Instant::now();
                    let mut sink = Vec::new();
                    let _ = timeout(Duration::from_secs(5), bare.read_to_end(&mut sink)).await;
                    if started.elapsed() < Duration::from_secs(2) {
                        dropped_fast += 1;
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                (opened, dropped_fast)
            });
        }
        let mut all = (0, 0);
        while let Some(Ok((o, d))) = tasks.join_next().await {
            all = (all.0 + o, all.1 + d);
        }
        all
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    // A real viewer tries, as a person would, a few times.
    let mut got_in = None;
    for attempt in 1..=15 {
        let stream = TcpStream::connect(addr).await.unwrap();
        let connected = timeout(
            Duration::from_secs(3),
            client::connect_stream(client_config(2 << 20), stream, Viewer::default()),
        )
        .await;
        if let Ok(Ok(mut handle)) = connected {
            if handle
                .authenticate_none("viewer")
                .await
                .is_ok_and(|a| a.success())
            {
                got_in = Some(attempt);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (opened, dropped_fast) = flood.await.unwrap();
    assert!(
        got_in.is_some(),
        "the viewer never got in ({opened} bare connections)"
    );
    assert!(opened >= 16, "{opened}");
    assert_eq!(
        dropped_fast, opened,
        "every bare connection goes within the greeting deadline"
    );
    server.stop().await;
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

/// The value of the series `name{labels}` in `text` (Prometheus' format), if it is there.
fn series(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|l| {
        l.strip_prefix(series)?
            .strip_prefix(' ')?
            .trim()
            .parse()
            .ok()
    })
}

/// The SSH board's metrics as a viewer comes, switches station and goes: viewers per station
/// (stations of this test alone, so other tests' viewers do not count), the bytes sent, one board
/// fetch per station however many watch; and `promtool` accepts the text.
#[tokio::test]
async fn ssh_metrics_follow_a_viewer_and_pass_promtool() {
    let dir = scratch("metrics");
    let mut opts = options(&dir, Limits::default());
    opts.boards = ["LH", "KV"].map(TravelQuery::departures).to_vec();
    let server = start(opts).await;
    // One label a station, however it was typed: `finland:LH`.
    let viewers = |s: &str| format!("railtop_ssh_viewers{{station=\"{s}\"}}");
    let handle = login(server.addr).await;
    let mut screen = Screen::open(&handle, 80, 24).await;
    screen.until("Lahti", "the first station").await;
    let text = railtop::metrics::render();
    assert_eq!(series(&text, &viewers("finland:LH")), Some(1.0), "{text}");
    assert!(series(&text, "railtop_ssh_sent_bytes_total").is_some_and(|b| b > 1000.0));
    assert!(series(&text, "railtop_ssh_sessions").is_some_and(|n| n >= 1.0));
    assert!(
        series(
            &text,
            "railtop_ssh_board_fetches_total{station=\"finland:LH\"}"
        )
        .is_some_and(|n| n >= 1.0),
        "{text}"
    );

    // The gauges as they settle (the screen may name the next station before it shows it).
    let settles = |want: [(&'static str, f64); 2]| async move {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        loop {
            let text = railtop::metrics::render();
            if want
                .iter()
                .all(|(s, n)| series(&text, &viewers(s)) == Some(*n))
            {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "not {want:?}:\n{text}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    screen.channel.data(&b"\x1b[C"[..]).await.unwrap();
    settles([("finland:LH", 0.0), ("finland:KV", 1.0)]).await;

    screen.channel.data(&b"q"[..]).await.unwrap();
    screen.until_closed().await;
    settles([("finland:LH", 0.0), ("finland:KV", 0.0)]).await;
    server.stop().await;

    let promtool = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join("promtool"))
        .find(|p| p.is_file())
        .expect(
            "this test needs `promtool`: apt-get install -y --no-install-recommends prometheus",
        );
    let mut child = std::process::Command::new(promtool)
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let text = railtop::metrics::render();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool: {}{}\n{text}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A TCP health check (connect, close) and a few of them bar nobody (#55 item 1): the viewer
/// that follows gets its board at once. Past the penalty floor (16 bare connections at once,
/// or two stalled handshakes) the source is turned away; an exempt network never is.
#[tokio::test]
async fn bare_health_checks_bar_nobody_but_a_flood_of_them_does() {
    let dir = scratch("penalties");
    let server = start(options(&dir, Limits::default())).await;
    for _ in 0..3 {
        drop(TcpStream::connect(server.addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        gets_the_board(server.addr, Duration::from_secs(10)).await,
        "three health checks barred the next viewer"
    );
    server.stop().await;
    // Thirty bare connections from one address (a port scan): past the floor, turned away.
    let dir = scratch("penalties-flood");
    let limits = Limits {
        connections_per_minute: 0,
        ..Limits::default()
    };
    let server = start(options(&dir, limits.clone())).await;
    for _ in 0..30 {
        drop(TcpStream::connect(server.addr).await.unwrap());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = TcpStream::connect(server.addr).await.unwrap();
    let refused = timeout(
        Duration::from_secs(5),
        client::connect_stream(client_config(2 << 20), again, Viewer::default()),
    )
    .await;
    assert!(
        !matches!(refused, Ok(Ok(_))),
        "a flood's source starts no handshake"
    );
    server.stop().await;
    // The same from an exempt network: let in.
    let dir = scratch("penalties-exempt");
    let limits = Limits {
        penalty_exempt: vec!["127.0.0.0/8".parse().unwrap()],
        ..limits
    };
    let server = start(options(&dir, limits)).await;
    for _ in 0..30 {
        drop(TcpStream::connect(server.addr).await.unwrap());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(gets_the_board(server.addr, Duration::from_secs(10)).await);
    server.stop().await;
}
