#!/usr/bin/env python3
"""Hostile clients against `railtop serve`, on loopback only, bounded in count and time.

Usage: python3 bench/attacks/serve.py [path/to/railtop] [--only NAME]

Starts `railtop serve --source demo` on 127.0.0.1 for each attack, runs it, and prints one
line per attack: what was measured. The attackers use 127.0.0.2 and up (Linux answers on all
of 127/8), so a probe from 127.0.0.1 stands for an ordinary client elsewhere. Every attack ends
within about a minute; the whole run within ten. The table in docs/reliability.md comes from it.
"""
import os, resource, socket, subprocess, sys, time, urllib.request

BIN = next((a for a in sys.argv[1:] if not a.startswith("--")), "target/release/railtop")
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
PORT = int(os.environ.get("ATTACK_PORT", "18931"))


def start(extra=(), nofile=None, log=None):
    def limits():
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    out = open(log, "wb") if log else subprocess.DEVNULL
    p = subprocess.Popen([BIN, "serve", "--source", "demo", "--listen", f"127.0.0.1:{PORT}", *extra],
                         stdout=subprocess.DEVNULL, stderr=out, preexec_fn=limits,
                         env={**os.environ, "RAILTOP_LOG": "info"})
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
            return p
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def conn(src=2, timeout=5):
    s = socket.socket()
    s.settimeout(timeout)
    s.bind((f"127.0.0.{src}", 0))
    s.connect(("127.0.0.1", PORT))
    return s


def many(n, first=2, spread=8):
    """Up to `n` attacking connections; those the server refuses or resets are not counted."""
    out = []
    for i in range(n):
        try:
            out.append(conn(first + i % spread, timeout=2))
        except OSError:
            pass
    return out


def close_all(socks):
    for s in socks:
        try:
            s.close()
        except OSError:
            pass


def is_open(s):
    """True while the server has not closed `s` (reads nothing, waits nothing)."""
    s.setblocking(False)
    try:
        data = s.recv(1 << 20)
        while data:
            data = s.recv(1 << 20)
        return False  # EOF
    except BlockingIOError:
        return True
    except OSError:
        return False


def server_side_open():
    """Connections the server still holds open on its port (ss, from iproute2)."""
    out = subprocess.run(["ss", "-tnH", "state", "established", f"( sport = :{PORT} )"],
                         capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines() if line.strip())


def demo_codes():
    """Every station code of the demo network (assets/demo/lines.txt)."""
    codes = set()
    for line in open("assets/demo/lines.txt", encoding="utf-8"):
        if line.startswith("#") or "|" not in line:
            continue
        for stop in line.split("|")[6].split(","):
            if stop.split():
                codes.add(stop.split()[0])
    return sorted(codes)


def probe():
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/live/departures?station=HKI&limit=1", timeout=2) as r:
            return r.status == 200
    except Exception:
        return False


def rss_mb(p):
    with open(f"/proc/{p.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def ask(request, src=2):
    """One raw request on a new connection from 127.0.0.<src>; everything until the close."""
    s = conn(src)
    s.sendall(request)
    data = b""
    try:
        while chunk := s.recv(65536):
            data += chunk
    except OSError:
        pass
    return data


def attack(name):
    return ONLY is None or ONLY == name


results = []

if attack("blank-lines"):
    p = start()
    socks = many(500)
    for s in socks:
        s.sendall(b"\r\n\r\n")
    time.sleep(30)
    open_ = sum(is_open(s) for s in socks)
    results.append(("blank lines then silence, 500 connections", f"{len(socks) - open_} of {len(socks)} closed after 30 s"))
    close_all(socks)
    p.kill()
    p.wait()

if attack("header-drip"):
    p = start()
    socks = many(200)
    for s in socks:
        s.sendall(b"GET /api/live/realtime HTTP/1.1\r\n")
    for i in range(6):  # a header line every 5 s for 30 s
        time.sleep(5)
        for s in socks:
            try:
                s.sendall(b"X-%d: y\r\n" % i)
            except OSError:
                pass
    open_ = sum(is_open(s) for s in socks)
    results.append(("a header line every 5 s, 200 connections", f"{len(socks) - open_} of {len(socks)} closed after 30 s"))
    close_all(socks)
    p.kill()
    p.wait()

if attack("idle-keepalive"):
    p = start(["--rate-limit", "0"])
    socks = []
    for s in many(500):
        try:
            s.sendall(b"GET /api/live/departures?station=HKI&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(65536)
            socks.append(s)
        except OSError:
            pass
    time.sleep(70)
    open_ = sum(is_open(s) for s in socks)
    results.append(("idle kept-alive connections, 500", f"{open_} of {len(socks)} open after 70 s"))
    close_all(socks)
    p.kill()
    p.wait()

if attack("never-read"):
    p = start(["--rate-limit", "0"])
    socks = []
    for s in many(100):
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(b"GET /api/live/realtime HTTP/1.1\r\nHost: x\r\n\r\n" * 40)
            socks.append(s)
        except OSError:
            pass
    time.sleep(45)
    open_ = server_side_open()  # reading would let the server write on: count on its side
    results.append(("ask for 40 realtime answers and never read, 100 connections", f"{open_} of {len(socks)} held by the server after 45 s"))
    close_all(socks)
    p.kill()
    p.wait()

if attack("fd-exhaustion"):
    log = f"/tmp/railtop-attack-fd-{PORT}.log"
    p = start(["--rate-limit", "0"], nofile=256, log=log)
    socks = []
    for i in range(300):
        try:
            s = conn(2 + i % 16, timeout=2)
            s.sendall(b"GET /api/live/realtime HTTP/1.1\r\nHost: x\r\n\r\n" * 40)
            socks.append(s)
        except OSError:
            pass
    ok = 0
    for _ in range(30):
        ok += probe()
        time.sleep(1)
    p.kill()
    p.wait()
    lines = open(log, "rb").read().count(b"accept")
    results.append(("300 never-reading connections under a 256-descriptor limit; a probe a second for 30 s from another address",
                    f"{ok} of 30 probes answered; {lines} log lines about accepts"))

if attack("log-flood"):
    log = f"/tmp/railtop-attack-log-{PORT}.log"
    p = start(log=log)
    path = "/api/live/departures?station=" + "A" * 60000
    started = time.time()
    n = 0
    s = None
    while time.time() - started < 10:
        try:
            if s is None:
                s = conn(2)
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            s.recv(65536)
            n += 1
        except OSError:
            s = None
    p.kill()
    p.wait()
    size = os.path.getsize(log)
    results.append(("60 KB URIs as fast as one client can for 10 s", f"{n} requests, {size / 1e6:.2f} MB of log"))

if attack("cache-growth"):
    p = start(["--rate-limit", "0"])
    codes = demo_codes()
    before = rss_mb(p)
    s = conn(2, timeout=10)
    asked = 0
    for code in codes:
        for limit in range(1, 101, 3):
            for spelling in (code, code.lower(), code + " "):
                q = urllib.parse.quote(spelling)
                s.sendall(f"GET /api/live/departures?station={q}&limit={limit} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                asked += 1
                data = s.recv(1 << 20)
    peak = rss_mb(p)
    time.sleep(65)  # answers expire (20 s) and the sweep (every 30 s) drops them
    after = rss_mb(p)
    results.append((f"{asked} board requests: {len(codes)} stations x 34 limits x 3 spellings",
                    f"RSS {before:.0f} MB before, {peak:.0f} MB after the load, {after:.0f} MB a minute later"))
    p.kill()

if attack("distinct-queries"):
    # 250,000 questions no two alike, from four keep-alive connections at once: every board
    # and arrivals board at every limit (gzip asked for half the time), trains that do not
    # exist, realtime by country and stop, and boards with a junk parameter each.
    import threading
    p = start(["--rate-limit", "0"])
    codes = demo_codes()
    before = rss_mb(p)
    countries = ["finland", "netherlands", "switzerland", "germany", "france", "italy", "spain",
                 "poland", "estonia", "japan", "usa", "belgium", "austria"]

    def targets(part):
        i = 0
        for code in codes:
            for limit in range(1, 101):
                for kind in ("departures", "arrivals"):
                    i += 1
                    if i % 4 == part:
                        yield f"/api/live/{kind}?station={code}&limit={limit}", i % 2
        for n in range(50_000):
            if n % 4 == part:
                yield f"/api/live/train?id=attack-{n}", n % 2
        for country in countries:
            for code in codes:
                if hash(code) % 4 == part:
                    yield f"/api/live/realtime?country={country}&stop={code}", 1
        for n in range(106_300):
            if n % 4 == part:
                yield f"/api/live/departures?station={codes[n % len(codes)]}&limit=5&x={n}", 0

    def read_answer(s):
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(65536)
            if not chunk:
                raise OSError("closed")
            head += chunk
        head, body = head.split(b"\r\n\r\n", 1)
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        while len(body) < length:
            chunk = s.recv(65536)
            if not chunk:
                raise OSError("closed")
            body += chunk

    counts, peak = [0, 0, 0, 0], [before]

    def client(part):
        s = conn(2 + part, timeout=30)
        for path, gz in targets(part):
            enc = "Accept-Encoding: gzip\r\n" if gz else ""
            for _ in range(2):
                try:
                    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n{enc}\r\n".encode())
                    read_answer(s)
                    break
                except OSError:
                    s = conn(2 + part, timeout=30)
            counts[part] += 1
            if counts[part] % 5000 == 0:
                peak[0] = max(peak[0], rss_mb(p))

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - started
    peak = max(peak[0], rss_mb(p))
    time.sleep(65)  # answers expire and the sweep gives them back
    after = rss_mb(p)
    results.append((f"{sum(counts)} distinct questions in {took:.0f} s (boards at every limit, "
                    "unknown trains, realtime by stop, junk parameters)",
                    f"RSS {before:.0f} MB before, peak {peak:.0f} MB, {after:.0f} MB a minute later"))
    p.kill()

if attack("odd-answers"):
    p = start()
    cases = {
        "405": b"POST /api/live/realtime HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        "400": b"\x16\x03\x01garbage\r\n\r\n",
        "414": b"GET /api/live/departures?station=" + b"A" * 70000 + b" HTTP/1.1\r\n\r\n",
        "431": b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150)) + b"\r\n",
    }
    said = []
    for status, req in cases.items():
        data = ask(req)
        head = data.lower()
        ok = head.startswith(b"http/1.1 " + status.encode()) and b"application/json" in head and b"access-control-allow-origin" in head and b'"error"' in data
        said.append(f"{status} {'JSON' if ok else 'bare'}")
    results.append(("answers made before any handler (405, 400, 414, 431)", ", ".join(said)))
    p.kill()

if attack("health-flood"):
    # Round two: /healthz and unknown paths were outside the rate limit, and every request
    # was a log line (122 MB in 5 s reported). Four clients, kept-alive, as fast as they can.
    log = f"/tmp/railtop-attack-health-{PORT}.log"
    p = start(log=log)
    import threading
    counts = {"sent": 0, "429": 0}
    lock = threading.Lock()

    def flood(src, path):
        s = None
        until = time.time() + 5
        while time.time() < until:
            try:
                if s is None:
                    s = conn(src)
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                data = s.recv(65536)
                with lock:
                    counts["sent"] += 1
                    if data.startswith(b"HTTP/1.1 429"):
                        counts["429"] += 1
            except OSError:
                s = None
    threads = [threading.Thread(target=flood, args=(2 + i, path))
               for i, path in enumerate(["/healthz", "/healthz", "/nowhere", "/metrics"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    p.kill()
    p.wait()
    size = os.path.getsize(log)
    results.append(("/healthz, /metrics and an unknown path as fast as 4 clients can for 5 s",
                    f"{counts['sent']} requests, {counts['429']} refused by the limit, {size / 1e6:.2f} MB of log"))

if attack("forwarded-port"):
    # Round two: behind --trust-forwarded-for, `ip:port` entries were skipped and an earlier
    # entry (the client's own) or a fresh one counted: a new port, a new bucket.
    p = start(["--trust-forwarded-for"])
    ok = 0
    for port in range(1000, 1200):
        data = ask(f"GET /api/live/realtime?country=finland HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.9.9.{port % 250}, 198.51.100.7:{port}\r\nConnection: close\r\n\r\n".encode())
        ok += data.startswith(b"HTTP/1.1 200")
    results.append(("200 requests as one client behind a proxy writing ip:port, each from a new port",
                    f"{ok} answered, {200 - ok} refused by the limit (60 a minute)"))
    p.kill()

if attack("methods"):
    p = start()
    said = []
    for method, target in [("TRACE", "/api/live/realtime"), ("CONNECT", "example.com:443"), ("DELETE", "/nowhere")]:
        data = ask(f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        head = data.lower()
        code = data[9:12].decode(errors="replace")
        json_ = " JSON" if b"application/json" in head else ""
        allow = " Allow" if b"\r\nallow:" in head else ""
        said.append(f"{method} {code}{json_}{allow}")
    results.append(("TRACE, CONNECT and DELETE", ", ".join(said)))
    p.kill()

for what, figure in results:
    print(f"{what}: {figure}")
