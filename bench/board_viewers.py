#!/usr/bin/env python3
"""What the browser's board costs the server: N event-stream viewers of one board, and a picture.

Usage: python3 bench/board_viewers.py [path/to/railtop] [--viewers 1000] [--seconds 60]

Starts `railtop --source demo serve` on a loopback port (the rate limit, the connection caps and
`--board-streams` raised to let every viewer in), then:

  viewers   opens N event streams of one board (`/board/events?station=HKI`) from 100 loopback
            addresses and reads them all for --seconds: the server's CPU seconds in that time,
            its RSS before and with them open (so memory a viewer), bytes each viewer received a
            second, and the board's fetches upstream (one poller whatever N is)
  picture   `/board.png` at 800x480 (2 levels), 1200x825 (16) and 1920x1080 (16), each asked
            at a new size first (drawn) and then again (kept): the time of each

Everything is on loopback. The figures in docs/performance.md come from it.
"""
import os, re, selectors, socket, subprocess, sys, tempfile, time, urllib.request

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/release/railtop")
VIEWERS = int(sys.argv[sys.argv.index("--viewers") + 1]) if "--viewers" in sys.argv else 1000
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
    return ticks / os.sysconf("SC_CLK_TCK"), rss / 1024


def get(url):
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as r:
        body = r.read()
    return time.perf_counter() - start, len(body)


def main():
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    home = tempfile.mkdtemp(prefix="railtop-board-bench-")
    env = dict(os.environ, XDG_STATE_HOME=home, XDG_CACHE_HOME=home, RAILTOP_CONFIG="/dev/null")
    server = subprocess.Popen([BIN, "--source", "demo", "serve", "--listen", f"127.0.0.1:{port}",
                               "--rate-limit", "1000000", "--max-connections", str(VIEWERS + 100),
                               "--max-per-ip", str(VIEWERS + 100),
                               "--board-streams", str(VIEWERS + 10),
                               "--board-streams-per-client", str(VIEWERS)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                if get(base + "/healthz")[0] is not None:
                    break
            except Exception:
                time.sleep(0.1)
        get(base + "/board?station=HKI")  # the board's poller started
        cpu0, rss0 = proc(server.pid)
        sel = selectors.DefaultSelector()
        sockets, received = [], {}
        for n in range(VIEWERS):
            s = socket.socket()
            s.bind((f"127.0.0.{2 + n % 100}", 0))
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /board/events?station=HKI HTTP/1.1\r\nHost: x\r\n"
                      b"Accept: text/event-stream\r\n\r\n")
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ, n)
            sockets.append(s)
            received[n] = 0
        opened = time.time()
        # Read everything sent while the streams are opened and have said the board once.
        while time.time() - opened < 5:
            for key, _ in sel.select(timeout=0.5):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                received[key.data] += len(data)
        first = sum(received.values())
        for n in received:
            received[n] = 0
        cpu1, rss1 = proc(server.pid)
        start = time.time()
        while time.time() - start < SECONDS:
            for key, _ in sel.select(timeout=0.5):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                received[key.data] += len(data)
        cpu2, rss2 = proc(server.pid)
        took = time.time() - start
        open_ok = sum(1 for n in received if received[n] >= 0)
        with urllib.request.urlopen(base + "/metrics") as r:
            metrics = r.read().decode()
        fetches = sum(float(v) for v in re.findall(
            r'^railtop_web_board_fetches_total\{[^}]*\} (\S+)', metrics, re.M))
        streams = re.search(r'^railtop_web_board_streams (\S+)', metrics, re.M)
        per = [received[n] / took for n in received]
        print(f"viewers  {VIEWERS} streams of one board ({streams.group(1) if streams else '?'} "
              f"kept by the server), {took:.0f} s")
        print(f"  opening them: the board said once to each, {first / VIEWERS / 1024:.1f} KiB a "
              f"viewer; CPU {cpu1 - cpu0:.2f} s")
        print(f"  then: server CPU {cpu2 - cpu1:.2f} s in {took:.0f} s "
              f"({100 * (cpu2 - cpu1) / took:.1f} % of one core)")
        print(f"  RSS {rss0:.1f} MB before, {rss2:.1f} MB with them open: "
              f"{(rss2 - rss0) * 1024 / VIEWERS:.1f} KiB a viewer")
        print(f"  bytes a viewer a second: median {sorted(per)[len(per) // 2]:.0f}, "
              f"max {max(per):.0f}; board fetches upstream in all: {fetches:.0f}")
        for s in sockets:
            s.close()
        for size, colors in [("800x480", 2), ("1200x825", 16), ("1920x1080", 16)]:
            url = f"{base}/board.png?station=HKI&size={size}&colors={colors}"
            drawn, nbytes = get(url)
            kept, _ = get(url)
            print(f"picture  {size} {colors} levels: drawn {drawn * 1000:.1f} ms "
                  f"({nbytes} bytes), kept {kept * 1000:.1f} ms")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
