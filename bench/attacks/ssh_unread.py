#!/usr/bin/env python3
"""An SSH viewer that types but never reads, against `railtop ssh`, on loopback, bounded in time.

Usage: python3 bench/attacks/ssh_unread.py [path/to/railtop] [--seconds N]

Starts `railtop ssh HKI TPE --source demo --idle-timeout 20s` on 127.0.0.1
(a short idle limit, so the run takes a minute rather than the default hour). Then two OpenSSH
`ssh -tt` clients, each in a 200x60 pseudo-terminal:

- the attacker's board goes to a pipe nobody reads: once the pipe is full, OpenSSH stops taking
  the board and stops granting window, but it still reads the connection, so the server's write
  deadline never fires until OpenSSH's 2 MiB window is spent. It presses -> every second (a key,
  so the idle limit never comes; a station switch, so each is a repaint);
- an honest viewer reads everything and presses space every 10 s.

Prints how long the attacker was held (or that it still was when the run ended), in how many of
the run's seconds the honest viewer's screen changed (its clock ticks each second: the attacker
must not slow it),
and the server's resident memory at the end. The table in docs/reliability.md comes from it.
"""
import fcntl, os, pty, select, socket, struct, subprocess, sys, tempfile, termios, time

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/release/railtop")
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 120
PORT = int(os.environ.get("ATTACK_PORT", "18933"))


def start(key_dir):
    p = subprocess.Popen([BIN, "ssh", "HKI", "TPE", "--source", "demo",
                          "--idle-timeout", "20s", "--listen", f"127.0.0.1:{PORT}",
                          "--metrics-listen", f"127.0.0.1:{PORT + 1}",
                          "--host-key", os.path.join(key_dir, "host_key")],
                         stdout=subprocess.DEVNULL,
                         stderr=open(os.environ["ATTACK_LOG"], "w") if "ATTACK_LOG" in os.environ
                         else subprocess.DEVNULL,
                         env={**os.environ, "RAILTOP_LOG": "info"})
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
            time.sleep(1.0)
            return p
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def client(address, reads):
    """An OpenSSH viewer whose keyboard is a 200x60 pseudo-terminal (OpenSSH asks it the size).
    One that `reads` writes the board to that terminal; one that does not writes it to a pipe
    nobody reads. Returns (process, the terminal's side)."""
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    if reads:
        out, unread = child, None
    else:
        unread, out = os.pipe()
    p = subprocess.Popen(["ssh", "-tt", "-p", str(PORT), "-b", address,
                          "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                          "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "viewer@127.0.0.1"],
                         stdin=child, stdout=out, stderr=subprocess.DEVNULL, close_fds=True)
    os.close(child)
    if unread is not None:
        os.close(out)
    return p, parent, unread


def bytes_sent():
    """The server's own count of bytes written to viewers, from its metrics."""
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{PORT + 1}/metrics", timeout=5) as r:
        for line in r.read().decode().splitlines():
            if line.startswith("railtop_ssh_sent_bytes_total"):
                return int(float(line.split()[-1]))
    return 0


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def main():
    with tempfile.TemporaryDirectory() as key_dir:
        server = start(key_dir)
        try:
            attacker, a_term, _unread = client("127.0.1.1", reads=False)
            honest, h_term, _ = client("127.0.1.2", reads=True)
            began = time.time()
            until = began + SECONDS
            held, received, next_key = None, 0, began + 1
            while time.time() < until:
                ready, _, _ = select.select([h_term], [], [], 0.2)
                if ready:
                    try:
                        chunk = os.read(h_term, 65536)
                    except OSError:
                        chunk = b""
                    received += len(chunk)
                if held is None and attacker.poll() is not None:
                    held = time.time() - began
                if time.time() >= next_key:
                    next_key += 1
                    if held is None:
                        os.write(a_term, b"\x1b[C")  # ->: the other station, a repaint
                    if round(next_key - began) % 10 == 0:
                        os.write(h_term, b" ")  # the honest viewer is there too
            memory, sent = rss_kib(server.pid), bytes_sent()
            verdict = (f"cut after {held:.0f} s" if held is not None
                       else f"still held after {SECONDS} s")
            print(f"ssh viewer that types but never reads (200x60, idle limit 20 s): {verdict}; "
                  f"{sent // 1024} KiB sent in all; the honest viewer "
                  f"{'stayed' if honest.poll() is None else 'was dropped'} and read "
                  f"{received // 1024} KiB; "
                  f"server memory {memory // 1024} MiB")
            for p in (attacker, honest):
                p.kill()
                p.wait()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
