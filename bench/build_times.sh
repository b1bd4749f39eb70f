#!/bin/bash
# Build times of a checkout: a clean dev build, then `cargo build` and `cargo test --no-run`
# after touching a view and after touching a feed (each twice), in a target folder of its own.
# Usage: bench/build_times.sh CHECKOUT VIEW_FILE FEED_FILE
#   e.g. bench/build_times.sh . src/tui/view/board.rs crates/railtop-feeds/src/upstream/feeds/finland/mod.rs
# (before the workspace: src/tui/view/board.rs src/upstream/finland.rs in a checkout of c78ccd2~1;
# the feeds moved to crates/railtop-feeds/src/upstream/feeds/<feed>/ in #56)
set -u
cd "$1"
export CARGO_TARGET_DIR=$1/target-bt
rm -rf "$CARGO_TARGET_DIR"
t0=$(date +%s.%N); cargo build -q 2>/dev/null; t1=$(date +%s.%N)
echo "clean build: $(echo "$t1 - $t0" | bc) s"
cargo test --no-run -q 2>/dev/null
for f in "$2" "$3"; do
  for _ in 1 2; do
    touch "$f"; t0=$(date +%s.%N); cargo build -q 2>/dev/null; t1=$(date +%s.%N)
    echo "touch $f, build: $(echo "$t1 - $t0" | bc) s"
    touch "$f"; t0=$(date +%s.%N); cargo test --no-run -q 2>/dev/null; t1=$(date +%s.%N)
    echo "touch $f, test --no-run: $(echo "$t1 - $t0" | bc) s"
  done
done
