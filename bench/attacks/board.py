#!/usr/bin/env python3
"""The browser's board (`/board`, #58) under hostile addresses and streams, on loopback.

Usage: python3 bench/attacks/board.py [path/to/railtop] [--seconds 20]

Starts `railtop --source demo serve` on a free loopback port with a generous rate limit, then:

  script    a station `<script>alert(1)</script>`: is it escaped on the page
  queries   4 KiB, 30 parameters, an unknown parameter, a control character, rows 10^20
  streams   opens 100 event streams from one address and holds them, then closes them
  boards    asks 200 distinct boards (`station=ZZ<n>`: each a new poller if nothing bounded
            it), then an honest board

and prints, for each: the answers by status, the server's RSS before and after, how many boards
it polls (`railtop_web_board_fetches_total` stations) and how many streams it keeps
(`railtop_web_board_streams`). Everything is on loopback; nothing leaves the machine. The table in
docs/reliability.md comes from it.
"""
import os, re, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/debug/railtop")
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 20


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def get(url, timeout=10):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except Exception as e:  # a refused or cut connection
        return type(e).__name__, b""


def metrics(base):
    _, text = get(base + "/metrics")
    text = text.decode(errors="replace")
    boards = len(re.findall(r'^railtop_web_board_fetches_total\{', text, re.M))
    streams = re.search(r'^railtop_web_board_streams (\S+)', text, re.M)
    return boards, float(streams.group(1)) if streams else 0.0


def tally(statuses):
    out = {}
    for s in statuses:
        out[s] = out.get(s, 0) + 1
    return out


def main():
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    home = tempfile.mkdtemp(prefix="railtop-board-attack-")
    env = dict(os.environ, XDG_STATE_HOME=home, XDG_CACHE_HOME=home, RAILTOP_CONFIG="/dev/null")
    server = subprocess.Popen([BIN, "--source", "demo", "serve", "--listen", f"127.0.0.1:{port}",
                               "--rate-limit", "100000"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if get(base + "/healthz", timeout=1)[0] == 200:
                break
            time.sleep(0.1)
        before = rss_mb(server.pid)
        print(f"server RSS at start: {before:.1f} MB")

        status, body = get(base + "/board?station=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        raw = b"<script>alert(1)" in body
        print(f"script   a station <script>alert(1)</script>: {status}, "
              f"{'UNESCAPED' if raw else 'escaped'} "
              f"({body.count(b'&lt;script&gt;')} escaped copies)")

        cases = {
            "4 KiB": "station=" + "H" * 4096,
            "30 parameters": "&".join(f"station=A{n}" for n in range(30)),
            "unknown parameter": "station=HKI&colour=red",
            "control character": "station=HKI&lines=%1B%5B31m",
            "rows 10^20": "station=HKI&rows=100000000000000000000",
        }
        for name, query in cases.items():
            status, body = get(f"{base}/board?{query}")
            said = re.search(rb"<p>(.*?)</p>", body)
            print(f"queries  {name}: {status} {said.group(1).decode(errors='replace')[:90] if said else ''}")

        held = []
        codes = []
        for _ in range(100):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /board/events?station=HKI HTTP/1.1\r\nHost: x\r\n\r\n")
            head = s.recv(64).split(b"\r\n", 1)[0]
            codes.append(head.decode(errors="replace"))
            held.append(s)
        _, streams = metrics(base)
        print(f"streams  100 from one address: {tally(codes)}; streams kept: {streams:.0f}")
        time.sleep(min(SECONDS, 5))
        for s in held:
            s.close()
        time.sleep(1)
        _, streams = metrics(base)
        print(f"streams  closed by the client: streams kept now {streams:.0f}")

        statuses = [get(f"{base}/board?station=ZZ{n}", timeout=10)[0] for n in range(200)]
        boards, _ = metrics(base)
        print(f"boards   200 distinct boards from one address: {tally(statuses)}; "
              f"boards ever polled: {boards}; RSS {rss_mb(server.pid):.1f} MB")
        honest = socket.socket()
        honest.bind(("127.0.0.2", 0))
        honest.connect(("127.0.0.1", port))
        honest.sendall(b"GET /board?station=TPE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        line = honest.recv(64).split(b"\r\n", 1)[0].decode(errors="replace")
        honest.close()
        print(f"boards   an honest board from another address (127.0.0.2) afterwards: {line}")
        print(f"server RSS at the end: {rss_mb(server.pid):.1f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
