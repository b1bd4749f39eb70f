#!/usr/bin/env python3
"""The dependency policy, checked from `cargo metadata` (no network, nothing to install):

- licences: every crate in the build must be usable under a licence of ALLOWED (an SPDX
  expression: `A OR B` needs one of them, `A AND B` both, `A/B` is the old spelling of OR);
- duplicates: how many crates are built in more than one version may not grow past
  MAX_DUPLICATED (a ratchet: lower it when a duplicate goes, never raise it without a reason
  written here);
- rust-version: the workspace's declared `rust-version` is at least every dependency's own
  (from the Linux build's resolve), and the toolchain CI builds with is not older than it. With
  clippy's `incompatible_msrv` (on, and denied in CI) no standard-library API newer than the
  declared version is used. A build with exactly that version is not possible here: the machine
  has one toolchain and cannot fetch another.

Security advisories are not checked here: the RustSec database is a git repository, and CI
reaches only the package registries.
"""
import json
import re
import subprocess
import sys
from collections import Counter

ALLOWED = {
    "MIT", "Apache-2.0", "Apache-2.0 WITH LLVM-exception", "BSD-2-Clause", "BSD-3-Clause",
    "BSD-1-Clause", "0BSD", "ISC", "Zlib", "Unicode-3.0", "Unicode-DFS-2016", "BSL-1.0",
    "Unlicense", "CDLA-Permissive-2.0", "MPL-2.0", "WTFPL",
}
# 33 on 2026-11-25: mostly the rand/getrandom, syn, digest and windows-* generations that
# ratatui, russh, redis and reqwest pull in at different versions.
MAX_DUPLICATED = 33


def satisfied(expr: str) -> bool:
    expr = expr.replace("/", " OR ").strip()
    # Split on OR at the top level (brackets kept together), then AND.
    depth, parts, cur = 0, [], ""
    for token in re.split(r"(\(|\)|\s+OR\s+)", expr):
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        if depth == 0 and re.fullmatch(r"\s+OR\s+", token or ""):
            parts.append(cur)
            cur = ""
        else:
            cur += token or ""
    parts.append(cur)
    if len(parts) > 1:
        return any(satisfied(p) for p in parts)
    expr = parts[0].strip()
    if expr.startswith("(") and expr.endswith(")"):
        return satisfied(expr[1:-1])
    if " AND " in expr:
        return all(satisfied(p) for p in expr.split(" AND "))
    return expr in ALLOWED


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
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        check=True, capture_output=True, text=True,
    ).stdout
    packages = json.loads(out)["packages"]
    bad = [
        f"{p['name']} {p['version']}: {p.get('license')!r}"
        for p in packages
        if not p.get("license") or not satisfied(p["license"])
    ]
    names = Counter(p["name"] for p in packages)
    duplicated = sorted(n for n, c in names.items() if c > 1)
    ok = True
    if bad:
        ok = False
        print("licences outside the policy:", *bad, sep="\n  ")
    if len(duplicated) > MAX_DUPLICATED:
        ok = False
        print(f"{len(duplicated)} crates in more than one version (at most {MAX_DUPLICATED}):",
              ", ".join(duplicated))
    msrv = rust_version_problems()
    if msrv:
        ok = False
        print("rust-version:", *msrv, sep="\n  ")
    print(f"{len(packages)} crates: licences allowed; rust-version holds; {len(duplicated)} duplicated "
          f"(at most {MAX_DUPLICATED})" if ok else "dependency policy: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
