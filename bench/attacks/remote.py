#!/usr/bin/env python3
"""A hostile API server against the dashboard that reads it, on loopback only, bounded in time.

Usage: python3 bench/attacks/remote.py [path/to/railtop] [--countries N]

Serves, on 127.0.0.1, a Live Train Data API whose realtime answer lists N live countries
(default 2,500,000) beside one ordinary train, and whose board is ordinary. Runs the dashboard,
`railtop --source http://…`, in a 120×40 pseudo-terminal, waits until it has read the answer
and drawn, and then reports its peak memory (VmHWM) and how long `q` takes to give the
terminal back. The table in docs/reliability.md comes from it.
"""
import fcntl, http.server, json, os, pty, struct, subprocess, sys, termios, threading, time

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/release/railtop")
COUNTRIES = int(sys.argv[sys.argv.index("--countries") + 1]) if "--countries" in sys.argv \
    else 2_500_000
PORT = int(os.environ.get("ATTACK_PORT", "18933"))

TRAIN = {"id": "ok", "trainCode": "IC 1", "name": "IC 1 → Tampere", "delay": 3,
         "lat": 61.5, "lng": 23.7, "country": "finland"}
REALTIME = ('{"trains":[' + json.dumps(TRAIN) + '],"liveCountries":["finland",'
            + ",".join(f'"r{i}"' for i in range(COUNTRIES))
            + '],"stats":{"total":1},"fetchedAt":"2026-11-23T10:00:00Z"}').encode()
BOARD = json.dumps({"departures": [], "station": "Helsinki",
                    "stationInfo": {"code": "HKI", "name": "Helsinki", "country": "finland",
                                    "timezone": "Europe/Helsinki"},
                    "fetchedAt": "2026-11-23T10:00:00Z"}).encode()
served = {"realtime": 0}


class Hostile(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        body = REALTIME if self.path.startswith("/api/live/realtime") else BOARD
        if body is REALTIME:
            served["realtime"] += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass

    def log_message(self, *args):
        pass


def status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024  # MB
    return 0.0


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Hostile)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    app = subprocess.Popen([BIN, "--source", f"http://127.0.0.1:{PORT}"],
                           stdin=child, stdout=child, stderr=child, close_fds=True,
                           env={**os.environ, "TERM": "xterm-256color", "RAILTOP_LOG": "warn"})
    os.close(child)
    drawn = bytearray()

    def drain():
        while True:
            try:
                chunk = os.read(parent, 65536)
            except OSError:
                return
            if not chunk:
                return
            drawn.extend(chunk[-4096:])

    threading.Thread(target=drain, daemon=True).start()
    try:
        deadline = time.time() + 60
        while served["realtime"] == 0 and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(8)  # read, parse and draw the answer
        peak = status(app.pid, "VmHWM")
        now = status(app.pid, "VmRSS")
        os.write(parent, b"q")
        pressed = time.time()
        try:
            app.wait(timeout=60)
            quit_after = f"{time.time() - pressed:.2f} s"
        except subprocess.TimeoutExpired:
            quit_after = "more than 60 s"
        print(f"hostile server: {len(REALTIME) / 1e6:.1f} MB realtime answer with "
              f"{COUNTRIES:,} live countries: dashboard peak RSS {peak:.0f} MB "
              f"({now:.0f} MB when q was pressed), q gave the terminal back after {quit_after}")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        server.shutdown()


if __name__ == "__main__":
    main()
