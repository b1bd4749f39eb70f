//! N concurrent SSH viewers of one `railtop ssh` server, measured from outside.
//!
//!     cargo bench --bench ssh_viewers -- [--viewers 1,200,500] [--seconds 30]
//!
//! For each N: starts `railtop serve --source demo` (the API the SSH server reads, so its request
//! log counts the fetches) and `railtop ssh --source http://… --station HKI --station TPE`, opens
//! N russh clients with an 80×24 pty, waits for every board, lets them settle for 10 s, then
//! measures for `--seconds`: the SSH server's CPU seconds (/proc/PID/stat), its resident memory
//! before the viewers and at the end (/proc/PID/status), the bytes each viewer received on the
//! wire (TCP, SSH framing included) per second, and the fetches the API server saw.
//!
//!     cargo bench --bench ssh_viewers -- --connect 127.0.0.1:2222 --viewers 300 --seconds 20
//!
//! only opens the viewers against a server started by hand (under a heap profiler, say), holds
//! them for `--seconds` after they settle, and leaves: the server's own figures are the profiler's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use russh::client;
use std::net::SocketAddr;
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

const BIN: &str = env!("CARGO_BIN_EXE_railtop");

/// A TCP stream that counts the bytes it reads.
struct Counted {
    inner: TcpStream,
    read: Arc<AtomicU64>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        poll
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// CPU seconds (user + system) of a process.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0 // USER_HZ
}

/// A `/proc/PID/status` figure in kB.
fn status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn spawn(args: &[&str], log: &str) -> Child {
    Command::new(BIN)
        .args(args)
        .env("RAILTOP_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap()
}

async fn wait_for_port(port: u16) {
    for _ in 0..200 {
        if TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("nothing listens on {port}");
}

/// One viewer: logs in, asks for an 80×24 board, then reads until told to stop.
async fn viewer(addr: SocketAddr, read: Arc<AtomicU64>, ready: Arc<AtomicU64>) {
    let stream = Counted {
        inner: TcpStream::connect(addr).await.unwrap(),
        read,
    };
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect_stream(config, stream, Trusting)
        .await
        .unwrap();
    assert!(handle.authenticate_none("bench").await.unwrap().success());
    let mut channel = handle.channel_open_session().await.unwrap();
    channel
        .request_pty(false, "xterm", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(false).await.unwrap();
    let mut counted = false;
    while let Some(msg) = channel.wait().await {
        if let russh::ChannelMsg::Data { .. } = msg {
            if !counted {
                ready.fetch_add(1, Ordering::Relaxed);
                counted = true;
            }
        }
    }
}

fn fetches(log: &str) -> usize {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("/departures?"))
        .count()
}

async fn run(n: usize, seconds: u64) {
    let api_port = free_port();
    let ssh_port = free_port();
    let dir = std::env::temp_dir().join(format!("railtop-ssh-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let api_log = dir.join("api.log").display().to_string();
    let ssh_log = dir.join("ssh.log").display().to_string();
    let api_listen = format!("127.0.0.1:{api_port}");
    let mut api = spawn(
        &[
            "--source",
            "demo",
            "serve",
            "--listen",
            &api_listen,
            "--rate-limit",
            "0",
        ],
        &api_log,
    );
    wait_for_port(api_port).await;
    let api_url = format!("http://{api_listen}");
    let ssh_listen = format!("127.0.0.1:{ssh_port}");
    let host_key = dir.join("host_key").display().to_string();
    // Room for every viewer, all from 127.0.0.1, their handshakes at once.
    let room = n.max(2000).to_string();
    let startups = format!("{room}:30:{room}");
    let mut ssh = spawn(
        &[
            "--source",
            &api_url,
            "ssh",
            "--listen",
            &ssh_listen,
            "--station",
            "HKI",
            "--station",
            "TPE",
            "--host-key",
            &host_key,
            "--max-sessions",
            &room,
            "--max-per-ip",
            &room,
            "--connections-per-minute",
            "0",
            // Every viewer comes from 127.0.0.1 at once: the handshakes' budget as wide as N.
            "--max-startups",
            &startups,
        ],
        &ssh_log,
    );
    wait_for_port(ssh_port).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let pid = ssh.id();
    let rss_before = status_kb(pid, "VmRSS:");

    let read = Arc::new(AtomicU64::new(0));
    let (tasks, connected_in) = open_viewers(ssh_listen.parse().unwrap(), n, &read).await;

    let (cpu0, bytes0, fetches0) = (
        cpu_seconds(pid),
        read.load(Ordering::Relaxed),
        fetches(&api_log),
    );
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu0;
    let bytes = read.load(Ordering::Relaxed) - bytes0;
    let fetched = fetches(&api_log) - fetches0;
    let rss_after = status_kb(pid, "VmRSS:");
    let peak = status_kb(pid, "VmHWM:");

    println!(
        "{n:>4} viewers (all boards in {:.1} s): server CPU {cpu:.2} s in {elapsed:.0} s ({:.1} % of one core); \
         RSS {rss_before} kB before, {rss_after} kB with viewers, peak {peak} kB = {:.0} kB per viewer; \
         {:.0} bytes/s per viewer on the wire; {fetched} board fetches",
        connected_in.as_secs_f64(),
        100.0 * cpu / elapsed,
        (rss_after.saturating_sub(rss_before)) as f64 / n as f64,
        bytes as f64 / elapsed / n as f64,
    );
    for task in tasks {
        task.abort();
    }
    let _ = ssh.kill();
    let _ = api.kill();
    let _ = ssh.wait();
    let _ = api.wait();
}

/// `n` viewers of the server at `addr`, each counted into `read`, once every one has a board
/// and they have settled for 10 s; and how long until every one had a board.
async fn open_viewers(
    addr: SocketAddr,
    n: usize,
    read: &Arc<AtomicU64>,
) -> (Vec<tokio::task::JoinHandle<()>>, Duration) {
    let ready = Arc::new(AtomicU64::new(0));
    let connecting = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..n {
        tasks.push(tokio::spawn(viewer(addr, read.clone(), ready.clone())));
        if i % 20 == 19 {
            tokio::time::sleep(Duration::from_millis(50)).await; // no thundering herd
        }
    }
    while (ready.load(Ordering::Relaxed) as usize) < n {
        assert!(
            connecting.elapsed() < Duration::from_secs(120),
            "only {} of {n} viewers got a board",
            ready.load(Ordering::Relaxed)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let connected_in = connecting.elapsed();
    tokio::time::sleep(Duration::from_secs(10)).await; // settle
    (tasks, connected_in)
}

/// `--connect`: viewers only, against a server started by hand.
async fn visit(addr: SocketAddr, n: usize, seconds: u64) {
    let read = Arc::new(AtomicU64::new(0));
    let (tasks, connected_in) = open_viewers(addr, n, &read).await;
    let bytes0 = read.load(Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let bytes = read.load(Ordering::Relaxed) - bytes0;
    println!(
        "{n:>4} viewers of {addr} (all boards in {:.1} s): {:.0} bytes/s per viewer on the wire",
        connected_in.as_secs_f64(),
        bytes as f64 / seconds.max(1) as f64 / n as f64
    );
    for task in tasks {
        task.abort();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let viewers: Vec<usize> = value("--viewers")
        .unwrap_or_else(|| "1,200,500".into())
        .split(',')
        .map(|n| n.trim().parse().expect("--viewers 1,200,500"))
        .collect();
    let seconds: u64 = value("--seconds").map_or(30, |s| s.parse().expect("--seconds N"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    if let Some(addr) = value("--connect") {
        let addr: SocketAddr = addr.parse().expect("--connect HOST:PORT");
        for n in viewers {
            runtime.block_on(visit(addr, n, seconds));
        }
        return;
    }
    for n in viewers {
        runtime.block_on(run(n, seconds));
    }
}
