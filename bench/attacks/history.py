#!/usr/bin/env python3
"""Hostile history files against `railtop stats` and `railtop record`, bounded in time.

Usage: python3 bench/attacks/history.py [path/to/railtop] [--mb N]

A history file is written by whoever can write the folder; railtop must read it as it reads a
feed. Each attack starts from a real file (`railtop record --source demo --polls 1`), changes it
with Python's own sqlite3, and runs railtop on it with a deadline (60 s a command), reporting
the time, the peak memory of the child (ru_maxrss) and what it said:

  big-value   one run's country is N MB of text (default 200): `stats --since 3650d`
  escapes     country, line and operator hold ESC, C1, bidi, BEL and CR: `stats` as csv and
              json, counting the hostile characters that came out
  trigger     an AFTER INSERT trigger on `polls` running a recursive query without end:
              `record --polls 1`, then the same with SIGTERM after 3 s (how long to stop)
  view        `polls` replaced by a view: what `record` advises

Nothing is networked (the demo source is offline). The table in docs/reliability.md comes from it.
"""
import os, signal, sqlite3, subprocess, sys, tempfile, threading, time

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/debug/railtop")
MB = int(sys.argv[sys.argv.index("--mb") + 1]) if "--mb" in sys.argv else 200
DEADLINE = 60
HOSTILE = ["\x1b", "\x9b", "\u202e", "\x07", "\r", "\u2066"]


def run(args, env=None, term_after=None):
    """Runs railtop; returns (seconds, its own peak MB, exit code, stdout, stderr). With
    `term_after`, SIGTERM is sent then and the seconds are counted from it."""
    p = subprocess.Popen([BIN, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env={**os.environ, "NO_COLOR": "1", **(env or {})})
    out, err = [], []
    readers = [threading.Thread(target=lambda f=f, to=to: to.append(f.read()))
               for f, to in ((p.stdout, out), (p.stderr, err))]
    for r in readers:
        r.start()
    start = time.monotonic()
    termed = False
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        now = time.monotonic()
        if term_after is not None and not termed and now - start >= term_after:
            p.send_signal(signal.SIGTERM)
            start, termed = now, True
        if now - start > DEADLINE:
            p.kill()
            err.append(b"(killed at the deadline)")
        time.sleep(0.01)
    for r in readers:
        r.join()
    took = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    return took, usage.ru_maxrss / 1024, code, b"".join(out), b" ".join(err)


def base(folder, name):
    path = os.path.join(folder, name)
    subprocess.run([BIN, "record", "--source", "demo", "--polls", "1", "--quiet", "--db", path],
                   check=True, capture_output=True, timeout=DEADLINE)
    return path


def said(err):
    lines = [l.strip() for l in err.decode(errors="replace").splitlines() if l.strip()]
    lines = [l for l in lines if l not in ("Error:", "Location:")][:3]
    return " / ".join(lines)[:160]


def main():
    with tempfile.TemporaryDirectory() as folder:
        rows = []
        path = base(folder, "big.db")
        # In a process of its own: a child forked from a parent holding the value would count
        # the parent's pages in its own peak.
        subprocess.run([sys.executable, "-c",
                        "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]);"
                        "db.execute('UPDATE runs SET country = ? WHERE id = 1',"
                        " ('x' * int(sys.argv[2]) * 1048576,)); db.commit()", path, str(MB)],
                       check=True, timeout=DEADLINE)
        took, peak, code, _, err = run(["stats", "--db", path, "--since", "3650d"])
        rows.append(("big-value", f"{took:.2f} s, peak {peak:.0f} MB, exit {code}: {said(err)}"))

        path = base(folder, "escapes.db")
        evil = "Fin" + "".join(HOSTILE) + "land"
        with sqlite3.connect(path) as db:
            db.execute("UPDATE runs SET country = ?, line = ?, operator = ?", (evil, evil, evil))
        for fmt in ["csv", "json", "table"]:
            took, _, code, out, err = run(["stats", "--db", path, "--since", "3650d",
                                           "--by", "line", "--format", fmt])
            text = out.decode(errors="replace")
            bad = sum(text.count(c) for c in HOSTILE) + text.count("\\u001b") + text.count("\\u009b")
            rows.append((f"escapes ({fmt})", f"{bad} hostile characters out, exit {code}"))

        path = base(folder, "trigger.db")
        with sqlite3.connect(path) as db:
            db.execute("""CREATE TRIGGER slow AFTER INSERT ON polls BEGIN
                SELECT count(*) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                SELECT i FROM n); END""")
        took, _, code, _, err = run(["record", "--source", "demo", "--polls", "1", "--db", path])
        rows.append(("trigger", f"{took:.2f} s, exit {code}: {said(err)}"))
        took, _, code, _, err = run(["record", "--source", "demo", "--db", path], term_after=3)
        rows.append(("trigger + SIGTERM at 3 s", f"stopped {took:.2f} s after the signal, exit {code}"))

        path = base(folder, "view.db")
        with sqlite3.connect(path) as db:
            db.executescript("ALTER TABLE polls RENAME TO old_polls;"
                             "CREATE VIEW polls AS SELECT * FROM old_polls;")
        took, _, code, _, err = run(["record", "--source", "demo", "--polls", "1", "--db", path])
        rows.append(("view", f"exit {code}: {said(err)}"))

        width = max(len(r[0]) for r in rows)
        for name, result in rows:
            print(f"{name:<{width}}  {result}")


if __name__ == "__main__":
    main()
