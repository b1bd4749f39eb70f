#!/usr/bin/env python3
"""The dashboard at rest, measured from outside as a terminal sees it.

    python3 bench/tui_idle.py [--seconds 60] [--runs 10]

Runs the release binary (`railtop --source demo --country finland`) in a 120x40 pseudo-terminal:
1. launch to first full frame: time from exec until the screen shows trains ("N trains ·"),
   median and max of --runs launches;
2. idle: after 5 s of warm-up, CPU time used (utime+stime from /proc) and bytes written to the
   terminal over --seconds, with the default refresh intervals (15 s trains, 30 s board) and the
   system clock, so the data really changes while it runs.
"""
import argparse, fcntl, os, re, select, signal, statistics, struct, subprocess, sys, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "railtop")
# The train table's column titles are drawn only once there are trains to list.
FULL_FRAME = re.compile(rb"CODE")


def spawn(cols=120, rows=40, args=None):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", HOME="/tmp/railtop-bench-home")
    env.pop("NO_COLOR", None)
    env.pop("RAILTOP_NOW", None)
    started = time.perf_counter()
    proc = subprocess.Popen(
        [BIN] + (args or ["--source", "demo", "--country", "finland", "--log-file", "/tmp/railtop-bench.log"]),
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True,
    )
    os.close(slave)
    return proc, master, started


def read_for(master, seconds, until=None):
    """Reads the terminal for `seconds` (or until `until` matches); returns (bytes, time matched)."""
    out, end, matched = bytearray(), time.perf_counter() + seconds, None
    while time.perf_counter() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            out += chunk
            if until is not None and matched is None and until.search(out):
                matched = time.perf_counter()
                break
    return bytes(out), matched


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def stop(proc, master):
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
    os.close(master)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    if not os.path.exists(BIN):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    launches = []
    for _ in range(args.runs):
        proc, master, started = spawn()
        _, matched = read_for(master, 10, until=FULL_FRAME)
        stop(proc, master)
        if matched is None:
            sys.exit("no full frame within 10 s")
        launches.append((matched - started) * 1000)
    print(f"launch to first full frame: median {statistics.median(launches):.0f} ms, "
          f"max {max(launches):.0f} ms over {args.runs} launches")

    proc, master, _ = spawn()
    read_for(master, 5)  # warm-up: first frames, first answers
    cpu_before = cpu_seconds(proc.pid)
    written, _ = read_for(master, args.seconds)
    cpu = cpu_seconds(proc.pid) - cpu_before
    stop(proc, master)
    per_minute = len(written) * 60 / args.seconds
    print(f"idle for {args.seconds:.0f} s: CPU {cpu:.2f} s = {100 * cpu / args.seconds:.2f}% of one core; "
          f"{len(written)} bytes written = {per_minute:.0f} bytes/minute")


if __name__ == "__main__":
    main()
