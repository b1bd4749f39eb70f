#!/usr/bin/env python3
"""A pre-authentication flood against `railtop ssh`, on loopback only, bounded in time.

Usage: python3 bench/attacks/ssh.py [path/to/railtop] [--seconds N] [--version-line]

Starts `railtop ssh HKI --source demo` on 127.0.0.1 with its default limits. Sixteen
attacking addresses (127.0.0.2 … 127.0.0.17) each hold four bare TCP connections — the default
per-address cap, 64 in all: every session place the server has — and open a new one as soon as
one is closed, sending nothing. Meanwhile an ordinary viewer runs OpenSSH's `ssh -tt` every
3 seconds, each from its own address (127.0.1.N, as different people would be), and counts as
"got in" when the board's station name reaches its terminal within 10 seconds. Prints the
count of viewers who got in and of bare connections opened. The table in docs/reliability.md comes from it.

With `--version-line` (the second hardening round): a hundred attacking addresses
(127.0.0.2 … 127.0.0.101) each hold one connection that sends a valid SSH version line and then
nothing, reopened as soon as it closes.
"""
import os, pty, select, socket, subprocess, sys, tempfile, threading, time

BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()),
           "target/release/railtop")
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 90
PORT = int(os.environ.get("ATTACK_PORT", "18932"))
VERSION_LINE = "--version-line" in sys.argv
ATTACKERS, PER_ADDRESS = (100, 1) if VERSION_LINE else (16, 4)


def start(key_dir):
    p = subprocess.Popen([BIN, "ssh", "HKI", "--source", "demo",
                          "--listen", f"127.0.0.1:{PORT}",
                          "--host-key", os.path.join(key_dir, "host_key")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         env={**os.environ, "RAILTOP_LOG": "warn"})
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
            time.sleep(1.0)  # the probe above took a startup place for a moment
            return p
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def attacker(address, until, opened):
    """Keeps PER_ADDRESS bare connections from `address`, reopening each as it closes."""
    held = []
    while time.time() < until:
        alive = []
        for s in held:
            try:
                s.setblocking(False)
                data = s.recv(4096)
                if data == b"":
                    s.close()
                    continue
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                continue
            alive.append(s)
        held = alive
        while len(held) < PER_ADDRESS and time.time() < until:
            s = socket.socket()
            s.settimeout(1)
            try:
                s.bind((address, 0))
                s.connect(("127.0.0.1", PORT))
                if VERSION_LINE:
                    s.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
                held.append(s)
                opened[0] += 1
            except OSError:
                s.close()
                break
        time.sleep(0.05)
    for s in held:
        s.close()


def viewer(n):
    """One OpenSSH login from its own address: True when the board reaches its terminal."""
    parent, child = pty.openpty()
    p = subprocess.Popen(["ssh", "-tt", "-p", str(PORT), "-b", f"127.0.1.{n}",
                          "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                          "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10",
                          "-o", "BatchMode=yes", "viewer@127.0.0.1"],
                         stdin=child, stdout=child, stderr=child, close_fds=True)
    os.close(child)
    seen, until = b"", time.time() + 10
    try:
        while time.time() < until and b"Helsinki" not in seen:
            ready, _, _ = select.select([parent], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(parent, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
    finally:
        p.kill()
        p.wait()
        os.close(parent)
    return b"Helsinki" in seen


def main():
    with tempfile.TemporaryDirectory() as key_dir:
        server = start(key_dir)
        try:
            if not viewer(250):
                raise SystemExit("no viewer gets in even without an attack: check the binary")
            until = time.time() + SECONDS
            opened = [0]
            threads = [threading.Thread(target=attacker, args=(f"127.0.0.{2 + i}", until, opened))
                       for i in range(ATTACKERS)]
            for t in threads:
                t.start()
            time.sleep(2)
            tries, got_in, n = 0, 0, 1
            while time.time() + 10 < until:
                started = time.time()
                tries += 1
                got_in += viewer(n)
                n += 1
                time.sleep(max(0.0, 3 - (time.time() - started)))
            for t in threads:
                t.join()
            kind = "version-line-then-silent" if VERSION_LINE else "bare"
            print(f"ssh pre-auth flood ({ATTACKERS} addresses x {PER_ADDRESS} {kind} connections, "
                  f"{SECONDS} s): {got_in} of {tries} viewers got in; "
                  f"{opened[0]} bare connections opened")
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
