//! Runs the real binary in a pseudo-terminal and reads its screen through a terminal emulator
//! (vt100), as a person would see it.

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct PtyApp {
    pub child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    _master: Box<dyn MasterPty + Send>,
    pub parser: Arc<Mutex<vt100::Parser>>,
    pub raw: Arc<Mutex<Vec<u8>>>,
    pub home: std::path::PathBuf,
}

impl PtyApp {
    /// Starts `railtop args…` in a `cols`×`rows` terminal with a private HOME.
    pub fn start(args: &[&str], cols: u16, rows: u16, env: &[(&str, &str)]) -> PtyApp {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pty");
        let home = std::env::temp_dir().join(format!(
            "railtop-pty-{}-{}",
            std::process::id(),
            super::rand_suffix()
        ));
        std::fs::create_dir_all(&home).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_railtop"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOME", &home);
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        cmd.env("XDG_STATE_HOME", home.join("state"));
        cmd.env("XDG_CACHE_HOME", home.join("cache"));
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("RAILTOP_SOURCE");
        for var in super::LOCALE_VARS {
            cmd.env_remove(var);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pair.slave.spawn_command(cmd).expect("the binary starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (p, r) = (parser.clone(), raw.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                p.lock().unwrap().process(&buf[..n]);
                r.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        PtyApp {
            child,
            writer,
            _master: pair.master,
            parser,
            raw,
            home,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Writes `bytes` into the terminal as if something else had (a `wall` message, a stray
    /// process): what Ctrl-L is for.
    pub fn scribble(&self, bytes: &[u8]) {
        self.parser.lock().unwrap().process(bytes);
    }

    pub fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits until the screen satisfies `what`, or fails with the screen as it is.
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool, timeout: Duration) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return;
            }
            if start.elapsed() > timeout {
                panic!("timed out waiting for {what}; the screen shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for the process to end; its exit status.
    pub fn wait_exit(&mut self, timeout: Duration) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader drain what was written last.
                std::thread::sleep(Duration::from_millis(100));
                return status;
            }
            if start.elapsed() > timeout {
                let _ = self.child.kill();
                panic!(
                    "the program did not exit; the screen shows:\n{}",
                    self.screen()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn raw_output(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// Everything the program wrote, as text (what a screen reader was given).
    pub fn said(&self) -> String {
        String::from_utf8_lossy(&self.raw_output()).into_owned()
    }

    /// Waits until what the program wrote satisfies `ok`, or fails with all of it.
    pub fn wait_said(&self, what: &str, ok: impl Fn(&str) -> bool, timeout: Duration) {
        let start = Instant::now();
        while !ok(&self.said()) {
            assert!(
                start.elapsed() < timeout,
                "waited for {what}:\n{}",
                self.said()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The screen-reader mode's promise for all the program wrote ([`super::assert_lines_only`]).
    pub fn assert_lines_only(&self) {
        super::assert_lines_only(&self.raw_output());
    }
}

impl Drop for PtyApp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}
