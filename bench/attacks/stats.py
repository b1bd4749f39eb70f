#!/usr/bin/env python3
"""One client stalling `/api/live/stats` for everyone, bounded in time, on loopback.

Usage: python3 bench/attacks/stats.py [path/to/railtop] [--mb 140] [--seconds 60]

Builds a history file of about --mb MB (a real `railtop record --source demo --demo-scale 60`
file, its observations copied back in time with Python's own sqlite3 until it is that big),
serves it (`railtop --source demo serve --record FILE`, so the recorder writes as it would), then
for --seconds:

  attacker  127.0.0.1 asks a different costly question every second without waiting for the
            last (`since=3650d&until=<another minute>`: nothing cached can answer it), each
            abandoned after 30 s
  honest    127.0.0.2 asks the plain `/api/live/stats` every 2 s, one at a time, as a dashboard
            would, and its latency is timed

and prints each side's answers by status and the honest client's latencies (median, worst).
Everything is on loopback; nothing leaves the machine. The table in docs/reliability.md comes
from it.
"""
import json, os, shutil, socket, sqlite3, statistics, subprocess, sys, tempfile, threading
import time, urllib.error, urllib.request

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/release/railtop")
MB = int(sys.argv[sys.argv.index("--mb") + 1]) if "--mb" in sys.argv else 140
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def history(folder, env):
    """A real recorded file, its observations and polls copied back an hour at a time."""
    db = os.path.join(folder, "history.db")
    subprocess.run([BIN, "--source", "demo", "record", "--demo-scale", "60", "--every", "100ms",
                    "--polls", "60", "--db", db, "-q"], check=True, env=env, timeout=300)
    c = sqlite3.connect(db)
    polls = c.execute("select max(id) from polls").fetchone()[0]
    hour = 0
    while os.path.getsize(db) < MB * 1024 * 1024 and hour < 10_000:
        hour += 1
        shift, offset = hour * 3600, hour * (polls + 1)
        c.execute("insert into polls select id + ?, at - ?, source, trains, changes, events "
                  "from polls where id <= ?", (offset, shift, polls))
        c.execute("insert into observations select poll + ?, run, at - ?, delay, status, lat, "
                  "lng, next_station, platform from observations where poll <= ?",
                  (offset, shift, polls))
        c.execute("insert into events (run, poll, at, kind, old, new) select run, poll + ?, "
                  "at - ?, kind, old, new from events where poll <= ?", (offset, shift, polls))
        c.commit()
    c.execute("update runs set first_seen = first_seen - ?", (hour * 3600,))
    c.commit()
    c.close()
    return db, hour


def get(source, url, timeout):
    """(status, seconds) of one GET from `source` (a loopback address of its own)."""
    start = time.monotonic()
    host, port = url.split("/")[2].split(":")
    path = "/" + url.split("/", 3)[3]
    try:
        s = socket.create_connection((host, int(port)), timeout=timeout,
                                     source_address=(source, 0))
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        head = s.recv(64)
        s.close()
        status = int(head.split()[1]) if head.startswith(b"HTTP/") else 0
    except (OSError, ValueError, IndexError):
        status = 0  # no answer in time
    return status, time.monotonic() - start


def main():
    folder = tempfile.mkdtemp(prefix="railtop-stats-attack-")
    env = {**os.environ, **{k: os.path.join(folder, k) for k in
                           ("XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}}
    db, hours = history(folder, env)
    size = os.path.getsize(db) / 1e6
    port = free_port()
    server = subprocess.Popen([BIN, "--source", "demo", "serve", "--listen", f"127.0.0.1:{port}",
                               "--record", db], env=env, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(folder, "serve.log"), "w"))
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        if get("127.0.0.1", base + "/healthz", 1)[0] == 200:
            break
        time.sleep(0.1)
    attacker, honest, lock = [], [], threading.Lock()

    def ask(i):
        until = time.strftime("%Y-%m-%dT%H:%M:00Z", time.gmtime(time.time() - 60 * (i + 1)))
        r = get("127.0.0.1", f"{base}/api/live/stats?since=3650d&until={until}", 30)
        with lock:
            attacker.append(r)

    end = time.monotonic() + SECONDS
    threads = []

    def attack():
        i = 0
        while time.monotonic() < end:
            t = threading.Thread(target=ask, args=(i,))
            t.start()
            threads.append(t)
            i += 1
            time.sleep(1)

    def dashboard():
        while time.monotonic() < end:
            honest.append(get("127.0.0.2", base + "/api/live/stats", 120))
            time.sleep(2)

    runners = [threading.Thread(target=attack), threading.Thread(target=dashboard)]
    for t in runners:
        t.start()
    for t in runners + threads:
        t.join()
    server.terminate()
    server.wait(timeout=30)

    def by_status(answers):
        counts = {}
        for status, _ in answers:
            counts[status] = counts.get(status, 0) + 1
        return ", ".join(f"{n}× {s or 'none'}" for s, n in sorted(counts.items()))

    waits = [t for _, t in honest]
    print(f"history {size:.0f} MB ({hours} hours copied back), {SECONDS} s")
    print(f"attacker (127.0.0.1, {len(attacker)} questions): {by_status(attacker)}")
    print(f"honest   (127.0.0.2, {len(honest)} questions): {by_status(honest)}; "
          f"median {statistics.median(waits):.2f} s, worst {max(waits):.2f} s")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
