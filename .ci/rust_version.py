#!/usr/bin/env python3
"""The declared rust-version, checked from `cargo metadata` (no network, nothing to install):
the workspace's `rust-version` is at least every dependency's own (from the Linux build's
resolve), and the toolchain CI builds with is not older than it. With clippy's `incompatible_msrv`
(on, and denied in CI) no standard-library API newer than the declared version is used. A build
with exactly that version is not possible here: the machine has one toolchain and cannot fetch
another.

The rest of the dependency policy (licences, crates in more than one version, sources, security
advisories) is cargo-deny's: `deny.toml`.
"""
import json
import re
import subprocess
import sys


def version(text: str) -> tuple:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3]) + (0,) * (3 - len(re.findall(r"\d+", text)[:3]))


def rust_version_problems() -> list:
    """What contradicts the declared rust-version (empty: nothing)."""
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked",
         "--filter-platform", "x86_64-unknown-linux-gnu"],
        check=True, capture_output=True, text=True,
    ).stdout)
    ours = {p["id"]: p for p in meta["packages"] if p["source"] is None}
    declared = {p["name"]: p.get("rust_version") for p in ours.values()}
    problems = [f"{n} declares no rust-version" for n, v in declared.items() if not v]
    if problems:
        return problems
    floor = min(version(v) for v in declared.values())
    built = {n["id"] for n in meta["resolve"]["nodes"]}
    for p in meta["packages"]:
        if p["id"] in built and p["source"] and p.get("rust_version"):
            if version(p["rust_version"]) > floor:
                problems.append(f"{p['name']} {p['version']} needs Rust {p['rust_version']}, "
                                f"above the declared {'.'.join(map(str, floor))}")
    rustc = subprocess.run(["rustc", "--version"], check=True, capture_output=True,
                           text=True).stdout
    if version(rustc.split()[1]) < floor:
        problems.append(f"{rustc.strip()} is older than the declared rust-version")
    return problems


def main() -> int:
    problems = rust_version_problems()
    if problems:
        print("rust-version:", *problems, sep="\n  ")
        return 1
    print("rust-version holds: no dependency needs a newer Rust, and the toolchain is not older")
    return 0


if __name__ == "__main__":
    sys.exit(main())
