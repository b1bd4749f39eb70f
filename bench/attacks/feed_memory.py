#!/usr/bin/env python3
"""The memory one hostile feed answer costs, per parser: offline, no network.

Usage: python3 bench/attacks/feed_memory.py [path/to/fuzz-example] [--only TARGET]

For every fuzz target of a JSON or XML feed, writes one answer just under the 24 MiB body cap
made of the smallest elements the format allows, millions of them (`[{},{},…]`, the same under
an object's key, `<a><b/><b/>…</a>`), runs it once through the target (the fuzzer's `--replay`),
and prints the peak RSS. The figure to beat is a small multiple of the answer's size. Build the
fuzzer first: `cargo build --release --example fuzz`.
"""
import os, re, subprocess, sys, tempfile

ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
BIN = next((a for a in sys.argv[1:] if not a.startswith("--") and a != ONLY),
           "target/release/examples/fuzz")
CAP = 24 * 1024 * 1024 - 4096
SKIP = {"text-values", "config-file", "gtfs-realtime", "gtfs-static", "gtfs-static-zip"}

def fill(head, element, tail):
    n = (CAP - len(head) - len(tail)) // (len(element) + 1)
    return head + ",".join([element] * n) + tail

SHAPES = {
    "array": lambda: fill("[", "{}", "]"),
    "object": lambda: fill('{"data":[', "{}", "]}"),
    "xml": lambda: fill("<a>", "<b/>", "</a>").replace(",", ""),
}

def peak_kb(target, payload):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, f"{target}-hostile.bin"), "w") as f:
            f.write(payload)
        r = subprocess.run(["/usr/bin/time", "-v", BIN, "--replay", d],
                           capture_output=True, text=True, timeout=600)
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr)
        return int(m.group(1)) if m else -1

targets = subprocess.run([BIN, "--list"], capture_output=True, text=True).stdout.split()
print(f"{'target':24} " + " ".join(f"{s:>9}" for s in SHAPES) + "   (peak RSS, MB; answer 24 MB)")
for t in targets:
    if t in SKIP or (ONLY and t != ONLY):
        continue
    row = [peak_kb(t, make()) / 1024 for make in SHAPES.values()]
    print(f"{t:24} " + " ".join(f"{mb:9.0f}" for mb in row), flush=True)
