#!/usr/bin/env bash
# What a refused SSH connection costs `railtop ssh` when it is told why in words (a handshake,
# the reason on stderr and in the disconnect): the server's CPU time over N refused OpenSSH
# clients, read from /proc, per connection. Loopback only; needs OpenSSH's `ssh` client.
#   bash bench/ssh_refusal.sh [N] [path/to/railtop]
set -euo pipefail
N="${1:-100}"
BIN="${2:-target/release/railtop}"
[ -x "$BIN" ] || { echo "build it first: cargo build --release" >&2; exit 1; }
command -v ssh >/dev/null || { echo "needs OpenSSH's client: apt-get install openssh-client" >&2; exit 1; }
DIR="$(mktemp -d)"
trap 'kill $SERVER $HOLD 2>/dev/null; rm -rf "$DIR"' EXIT
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$BIN" ssh --source demo --station HKI --listen "127.0.0.1:$PORT" --max-per-ip 1 \
  --connections-per-minute 0 --host-key "$DIR/key" >"$DIR/server.log" 2>&1 &
SERVER=$!
sleep 1
SSH=(ssh -p "$PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes)
# The one place an address may hold, taken by a viewer that stays.
mkfifo "$DIR/hold.fifo"
"${SSH[@]}" -tt viewer@127.0.0.1 <"$DIR/hold.fifo" >/dev/null 2>&1 &
HOLD=$!
exec 3>"$DIR/hold.fifo" # keeps the viewer's input open (a pty needs a live stdin)
sleep 2
ticks() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
HZ=$(getconf CLK_TCK)
before=$(ticks)
start=$(date +%s.%N)
told=0
for _ in $(seq "$N"); do
  said=$("${SSH[@]}" -tt viewer@127.0.0.1 </dev/null 2>&1 || true)
  case "$said" in
    *"as many connections open"*) told=$((told + 1)) ;;
  esac
done
exec 3>&-
end=$(date +%s.%N)
after=$(ticks)
python3 - "$N" "$told" "$before" "$after" "$HZ" "$start" "$end" <<'PY'
import sys
n, told, before, after, hz, start, end = sys.argv[1:]
n, told = int(n), int(told)
cpu_ms = (int(after) - int(before)) * 1000 / int(hz)
print(f"{n} refused connections, {told} told why in words; server CPU {cpu_ms:.0f} ms in all, "
      f"{cpu_ms / n:.2f} ms each; client wall time {(float(end) - float(start)) * 1000 / n:.0f} ms each")
PY
