//! A real browser for the browser's board: Debian's headless Chromium, started on a loopback
//! debugging port of its own and driven over the DevTools protocol (JSON commands over a
//! WebSocket): open a page at a window size, with or without JavaScript, evaluate an expression
//! in it, take a screenshot. A machine without Chromium fails the test with the install line.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct Chromium {
    child: Child,
    socket: Socket,
    next: u64,
    _profile: TempDir,
}

/// The browser's profile folder, removed with it.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Debian's binary itself: its `chromium` launcher script stumbles on some machines' memory
/// figures (`[: …: unexpected operator`) and exits without a word.
fn binary() -> std::path::PathBuf {
    let direct = std::path::PathBuf::from("/usr/lib/chromium/chromium");
    if direct.is_file() {
        return direct;
    }
    super::need("chromium", "chromium")
}

impl Chromium {
    /// A browser `width`×`height`, scripts on or off, on a blank page.
    pub async fn start(width: u32, height: u32, scripts: bool) -> Chromium {
        let profile = std::env::temp_dir().join(format!(
            "railtop-chromium-{}-{}",
            std::process::id(),
            super::rand_suffix()
        ));
        std::fs::create_dir_all(&profile).unwrap();
        let mut child = Command::new(binary())
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-extensions",
                "--disable-background-networking",
                "--hide-scrollbars=false",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                &format!("--window-size={width},{height}"),
                &format!("--user-data-dir={}", profile.display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let browser = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("chromium names its DevTools address");
        let port = browser
            .trim_start_matches("ws://127.0.0.1:")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        // The page's own socket, from the list of targets.
        let list: Value = serde_json::from_str(
            &reqwest::get(format!("http://127.0.0.1:{port}/json/list"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap(),
        )
        .unwrap();
        let page = list
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .expect("a page target")["webSocketDebuggerUrl"]
            .as_str()
            .unwrap()
            .to_string();
        let (socket, _) = tokio_tungstenite::connect_async(page).await.unwrap();
        let mut chromium = Chromium {
            child,
            socket,
            next: 0,
            _profile: TempDir(profile),
        };
        chromium.call("Page.enable", json!({})).await;
        if !scripts {
            chromium
                .call(
                    "Emulation.setScriptExecutionDisabled",
                    json!({"value": true}),
                )
                .await;
        }
        chromium
    }

    /// Sends a command and waits for its result (events in between are passed over).
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let message = json!({"id": id, "method": method, "params": params}).to_string();
        self.socket.send(Message::text(message)).await.unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("{method}: no answer in 30 s"))
                .expect("the socket is open")
                .unwrap();
            if let Message::Text(text) = frame {
                let answer: Value = serde_json::from_str(&text).unwrap();
                if answer["id"] == id {
                    assert!(answer.get("error").is_none(), "{method}: {answer}");
                    return answer["result"].clone();
                }
            }
        }
    }

    /// Opens `url` and waits until it has loaded.
    pub async fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url})).await;
        self.wait_for(
            "the page loaded",
            "document.readyState === 'complete'",
            Duration::from_secs(20),
        )
        .await;
    }

    /// The value of `expression` in the page (DevTools evaluates it with the page's scripts
    /// off too).
    pub async fn eval(&mut self, expression: &str) -> Value {
        let answer = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
            )
            .await;
        answer["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub async fn wait_for(&mut self, what: &str, expression: &str, within: Duration) {
        let deadline = Instant::now() + within;
        loop {
            if self.eval(expression).await == Value::Bool(true) {
                return;
            }
            assert!(Instant::now() < deadline, "waited {within:?} for {what}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The window as a PNG.
    pub async fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let shot = self
            .call("Page.captureScreenshot", json!({"format": "png"}))
            .await;
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap()
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
