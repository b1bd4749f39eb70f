#!/usr/bin/env bash
# Several `railtop serve` instances on one Redis (`--redis`), on loopback, in two parts.
#
#   bash bench/redis_instances.sh      # DURATION=15 CONNS=64 LOAD_SECONDS=60 to change
#
# 1. Hot cached requests per second (wrk): one instance without Redis, one with Redis, two with
#    Redis (one wrk on each, summed). The answer is a cached 10-row board of the demo; the rate
#    limit is on but out of reach (1,000,000 a minute), so every request is counted by the
#    limiter: governor in the instance without Redis, the GCRA script in Redis with it.
# 2. Upstream fetches per key per TTL with 1, 2 and 4 instances, with and without Redis: every
#    instance asked for Finland's realtime answer 10 times a second for LOAD_SECONDS, all feeds
#    pointed at a counting Digitraffic on loopback (Finland's fixtures; the others answer 404),
#    so nothing leaves the machine. The feed's TTL is 10 s.
# Installs wrk and redis-server (Debian) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-15}
CONNS=${CONNS:-64}
LOAD_SECONDS=${LOAD_SECONDS:-60}
TTL=10
BASE_PORT=${BASE_PORT:-18300}

install_if_missing() {
  if ! command -v "$1" >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
}
install_if_missing wrk wrk
install_if_missing redis-server redis-server

cargo build --release --quiet
work=$(mktemp -d)
pids=()
stop_all() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
trap 'stop_all; rm -rf "$work"' EXIT

redis_port=$((BASE_PORT + 99))
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
  --logfile "$work/redis.log" &
redis_pid=$!
redis_url="redis://127.0.0.1:$redis_port"

wait_for() { # url
  for _ in $(seq 200); do
    curl -s -o /dev/null "$1" && return 0
    sleep 0.05
  done
  echo "no answer from $1" >&2
  exit 1
}

export RAILTOP_CONFIG=/dev/null RAILTOP_LOG=warn
start() { # port [serve args…]
  local port=$1
  shift
  target/release/railtop serve --listen "127.0.0.1:$port" "$@" 2>>"$work/serve-$port.log" &
  pids+=($!)
  wait_for "http://127.0.0.1:$port/healthz"
}

# --- 1. hot cached requests per second ------------------------------------------------------
board="/api/live/departures?station=HKI&limit=10"
hot=(--source demo --rate-limit 1000000)
rps() { # wrk output file -> req/s
  awk '/^Requests\/sec:/ {print $2}' "$1"
}
bench_one() { # name port
  wrk -t2 -c"$CONNS" -d3s "http://127.0.0.1:$2$board" >/dev/null
  wrk -t2 -c"$CONNS" -d"${DURATION}s" "http://127.0.0.1:$2$board" >"$work/$1.wrk"
  grep -E 'Non-2xx|Socket errors' "$work/$1.wrk" >&2 || true
  rps "$work/$1.wrk"
}

start $BASE_PORT "${hot[@]}"
alone=$(bench_one alone $BASE_PORT)
stop_all

start $BASE_PORT "${hot[@]}" --redis "$redis_url"
one_redis=$(bench_one one-redis $BASE_PORT)
stop_all

start $BASE_PORT "${hot[@]}" --redis "$redis_url"
start $((BASE_PORT + 1)) "${hot[@]}" --redis "$redis_url"
warm=()
for p in $BASE_PORT $((BASE_PORT + 1)); do
  wrk -t1 -c$((CONNS / 2)) -d3s "http://127.0.0.1:$p$board" >/dev/null &
  warm+=($!)
done
wait "${warm[@]}"
both=()
for p in $BASE_PORT $((BASE_PORT + 1)); do
  wrk -t1 -c$((CONNS / 2)) -d"${DURATION}s" "http://127.0.0.1:$p$board" >"$work/two-$p.wrk" &
  both+=($!)
done
wait "${both[@]}"
grep -hE 'Non-2xx|Socket errors' "$work"/two-*.wrk >&2 || true
two_redis=$(python3 -c "import sys; print(f'{sum(map(float, sys.argv[1:])):.2f}')" \
  "$(rps "$work/two-$BASE_PORT.wrk")" "$(rps "$work/two-$((BASE_PORT + 1)).wrk")")
stop_all

# --- 2. upstream fetches per key per TTL -----------------------------------------------------
up_port=$((BASE_PORT + 98))
python3 - "$up_port" crates/railtop-feeds/src/upstream/feeds/finland/fixtures >"$work/upstream.log" 2>&1 <<'PY' &
import json, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
port, folder = int(sys.argv[1]), sys.argv[2]
routes = {}
for line in open(folder + "/routes.txt"):
    words = line.split()
    if len(words) == 2 and words[0].startswith("/"):
        routes[words[0]] = open(folder + "/" + words[1], "rb").read()
counts, lock = {}, threading.Lock()
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/_counts":
            with lock:
                body = json.dumps(counts).encode()
            return self.send(200, body)
        if path == "/_reset":
            with lock:
                counts.clear()
            return self.send(200, b"{}")
        with lock:
            counts[path] = counts.get(path, 0) + 1
        time.sleep(0.05)  # an upstream is never instant: requests pile up while it answers
        body = routes.get(path)
        self.send(200, body) if body is not None else self.send(404, b"")
    def send(self, status, body):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
ThreadingHTTPServer(("127.0.0.1", port), H).serve_forever()
PY
upstream_pid=$!
wait_for "http://127.0.0.1:$up_port/_counts"

# Every feed of the registry at the counting upstream: nothing reaches the internet.
for slug in $(target/release/railtop --print-config | sed -n 's/^\[upstream\.\(.*\)\]$/\1/p'); do
  var="RAILTOP_$(echo "$slug" | tr 'a-z-' 'A-Z_')_URL"
  export "$var=http://127.0.0.1:$up_port"
done
export RAILTOP_NOW=2026-11-24T21:50:00Z XDG_CACHE_HOME="$work/cache"

load() { # seconds ports… : 10 requests a second to each
  python3 - "$@" <<'PY'
import sys, threading, time, urllib.request
seconds, ports = float(sys.argv[1]), sys.argv[2:]
end = time.time() + seconds
failed = 0
def hammer(port):
    global failed
    url = f"http://127.0.0.1:{port}/api/live/realtime?source=finland"
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=15).read()
        except OSError:
            failed += 1
        time.sleep(0.1)
threads = [threading.Thread(target=hammer, args=(p,)) for p in ports]
for t in threads: t.start()
for t in threads: t.join()
if failed:
    print(f"{failed} requests failed", file=sys.stderr)
PY
}

declare -A fetches
for shared in no yes; do
  for n in 1 2 4; do
    redis-cli -p "$redis_port" flushall >/dev/null
    ports=()
    for i in $(seq 0 $((n - 1))); do
      port=$((BASE_PORT + 10 + i))
      if [ "$shared" = yes ]; then
        start "$port" --source upstream --rate-limit 0 --redis "$redis_url"
      else
        start "$port" --source upstream --rate-limit 0
      fi
      ports+=("$port")
    done
    curl -s "http://127.0.0.1:$up_port/_reset" >/dev/null
    load "$LOAD_SECONDS" "${ports[@]}"
    counts=$(curl -s "http://127.0.0.1:$up_port/_counts")
    fetches[$shared-$n]=$(python3 -c "
import json, sys
c = json.loads(sys.argv[1]); ttls = $LOAD_SECONDS / $TTL
keys = ['/api/v1/live-trains', '/api/v1/train-locations/latest/']
print(' / '.join(f'{c.get(k, 0) / ttls:.2f}' for k in keys))" "$counts")
    stop_all
  done
done
kill "$upstream_pid" "$redis_pid" 2>/dev/null || true

echo "hot cached board (10 rows), wrk -c$CONNS -d${DURATION}s, on $(nproc) cores with wrk, railtop and Redis sharing them"
echo "| instances | req/s |"
echo "|---|---|"
echo "| 1, no Redis | $alone |"
echo "| 1, with Redis | $one_redis |"
echo "| 2, with Redis (one wrk each, summed) | $two_redis |"
echo
echo "Finland's upstream fetches per key per TTL ($TTL s), live trains / positions, over ${LOAD_SECONDS} s, each instance asked 10 times a second"
echo "| instances | without Redis | with Redis |"
echo "|---|---|---|"
for n in 1 2 4; do
  echo "| $n | ${fetches[no-$n]} | ${fetches[yes-$n]} |"
done
