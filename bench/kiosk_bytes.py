#!/usr/bin/env python3
"""Bytes a kiosk board writes to its terminal, next to a board that repaints in full each refresh.

    python3 bench/kiosk_bytes.py [--seconds 60] [--repaint-every 2]

Runs the release binary (`railtop board HKI TPE --source demo`, 120x40 pseudo-terminal, real
clock, defaults: 30 s board refresh, 8 s pages, 20 s rotation) and counts what it writes over
--seconds after a 5 s warm-up. The comparison is what `watch`-style boards do: clear and repaint
the whole screen every --repaint-every seconds; its cost is the size of one full frame (railtop's
first frame paints every cell) times the repaints in the same time.
"""
import argparse, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui_idle  # noqa: E402  (shares the pty runner)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--repaint-every", type=float, default=2)
    args = ap.parse_args()
    if not os.path.exists(tui_idle.BIN):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=tui_idle.ROOT, check=True)
    argv = ["board", "HKI", "TPE", "--source", "demo", "--log-file", "/tmp/railtop-kiosk-bench.log"]
    proc, master, _ = tui_idle.spawn(args=argv)
    first, _ = tui_idle.read_for(master, 5)
    written, _ = tui_idle.read_for(master, args.seconds)
    tui_idle.stop(proc, master)
    # The first frame is drawn before the first answer; the first full board is the largest
    # burst of the warm-up, so take the warm-up's bytes as an upper bound of one full frame.
    full_frame = len(first)
    per_minute = len(written) * 60 / args.seconds
    repaint_per_minute = full_frame * 60 / args.repaint_every
    print(f"kiosk board: {len(written)} bytes in {args.seconds:.0f} s = {per_minute:.0f} bytes/minute")
    print(f"full repaint every {args.repaint_every:g} s: {full_frame} bytes a frame = {repaint_per_minute:.0f} bytes/minute")
    print(f"ratio: the kiosk writes {per_minute / repaint_per_minute:.3f} of a full-repaint board ({repaint_per_minute / max(per_minute, 1):.0f}x less)")


if __name__ == "__main__":
    main()
