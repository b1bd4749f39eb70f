//! What keeps the SSH board up for everyone: the per-address limit, the handshake and greeting
//! deadlines, clients that stop reading or never grant window, idle and overlong sessions, bare
//! connections and their penalties, window-change storms, and the metrics that show it all.

use super::*;

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
    let text = railtop_core::metrics::render();
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
            let text = railtop_core::metrics::render();
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
    let text = railtop_core::metrics::render();
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
