//! A real `redis-server` (Debian's package) on a loopback port of its own, with nothing saved
//! to disk; killed and restarted on the same port by the tests that take Redis away.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisServer {
    pub port: u16,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts one on a free port and waits until it answers `PING`.
    pub fn start() -> RedisServer {
        let port = super::free_port();
        let mut server = RedisServer { port, child: None };
        server.restart();
        server
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills it at once (SIGKILL: no goodbye to its clients).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port, empty.
    pub fn restart(&mut self) {
        self.kill();
        let binary = super::need("redis-server", "redis-server");
        let child = Command::new(binary)
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args([
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.pings() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not answer within 10 s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether it answers `PING` now.
    pub fn pings(&self) -> bool {
        let Ok(mut conn) = std::net::TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = conn.set_read_timeout(Some(Duration::from_secs(1)));
        let mut reply = [0u8; 7];
        conn.write_all(b"PING\r\n").is_ok()
            && conn.read_exact(&mut reply).is_ok()
            && &reply == b"+PONG\r\n"
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}
