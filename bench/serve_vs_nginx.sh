#!/usr/bin/env bash
# `railtop serve` against nginx serving the very same JSON bytes as a static file, side by side in
# one run on loopback: requests per second, p99 latency, and the ratio.
#
#   bash bench/serve_vs_nginx.sh            # DURATION=15 CONNS=64 THREADS=2 SCALE=15 to change
#
# The answer is the cached realtime answer for Germany at --demo-scale 15 (about 1,000 trains)
# with the clock fixed, so both servers send identical bytes. Two rounds: plain JSON, then with
# `Accept-Encoding: gzip`, where railtop sends its cached gzip encoding and nginx serves the very
# same compressed bytes through gzip_static. Rate limit and request log are off on railtop's
# side, access log off on nginx's. Installs nginx and wrk (Debian) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-15}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
SCALE=${SCALE:-15}
RAILTOP_PORT=${RAILTOP_PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18081}
export RAILTOP_NOW=${RAILTOP_NOW:-2026-11-24T07:00:00Z}

install_if_missing() {
  if ! command -v "$1" >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
}
install_if_missing nginx nginx
install_if_missing wrk wrk

cargo build --release --quiet
work=$(mktemp -d)
chmod 755 "$work" # nginx workers run as another user
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

RAILTOP_LOG=warn target/release/railtop serve --source demo --demo-scale "$SCALE" \
  --listen "127.0.0.1:$RAILTOP_PORT" --rate-limit 0 2>"$work/railtop.log" &
pids+=($!)

path="/api/live/realtime?source=germany"
fetch() { # url file [accept-encoding]: the raw body, as sent
  python3 - "$1" "$2" "${3:-identity}" <<'PY'
import sys, time, urllib.request
url, out, enc = sys.argv[1], sys.argv[2], sys.argv[3]
for _ in range(100):
    try:
        req = urllib.request.Request(url, headers={"Accept-Encoding": enc})
        data = urllib.request.urlopen(req, timeout=5).read()
        open(out, "wb").write(data)
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("no answer from " + url)
PY
}
mkdir -p "$work/www" && chmod 755 "$work/www"
fetch "http://127.0.0.1:$RAILTOP_PORT$path" "$work/www/realtime.json"
fetch "http://127.0.0.1:$RAILTOP_PORT$path" "$work/www/realtime.json.gz" gzip
chmod 644 "$work/www/"*
trains=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['trains']))" "$work/www/realtime.json")
bytes=$(wc -c <"$work/www/realtime.json")

cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $work/tmp;
  proxy_temp_path $work/tmp;
  fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp;
  scgi_temp_path $work/tmp;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location = /api/live/realtime {
      default_type application/json;
      alias $work/www/realtime.json;
      gzip_static on;
      add_header Access-Control-Allow-Origin *;
      add_header Cache-Control "public, max-age=10";
    }
  }
}
CONF
mkdir -p "$work/tmp"
nginx -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" &
pids+=($!)
fetch "http://127.0.0.1:$NGINX_PORT$path" "$work/nginx-copy.json" || { cat "$work/nginx-error.log" >&2; exit 1; }
cmp -s "$work/www/realtime.json" "$work/nginx-copy.json" || { echo "the two servers send different bytes" >&2; exit 1; }
fetch "http://127.0.0.1:$NGINX_PORT$path" "$work/nginx-copy.json.gz" gzip
cmp -s "$work/www/realtime.json.gz" "$work/nginx-copy.json.gz" || { echo "the two servers send different gzip bytes" >&2; exit 1; }

run() { # name url [wrk args…] -> "req/s p99"
  local name=$1 url=$2
  shift 2
  wrk -t"$THREADS" -c"$CONNS" -d3s "$@" "$url" >/dev/null # warm-up
  wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency "$@" "$url" >"$work/$name.wrk"
  local rps p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$work/$name.wrk")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$name.wrk")
  errors=$(grep -E 'Non-2xx|Socket errors' "$work/$name.wrk" || true)
  [ -z "$errors" ] || echo "$name: $errors" >&2
  echo "$rps $p99"
}
read -r r_rps r_p99 < <(run railtop "http://127.0.0.1:$RAILTOP_PORT$path")
read -r n_rps n_p99 < <(run nginx "http://127.0.0.1:$NGINX_PORT$path")
gz=(-H "Accept-Encoding: gzip")
read -r rg_rps rg_p99 < <(run railtop-gzip "http://127.0.0.1:$RAILTOP_PORT$path" "${gz[@]}")
read -r ng_rps ng_p99 < <(run nginx-gzip "http://127.0.0.1:$NGINX_PORT$path" "${gz[@]}")
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
gzbytes=$(wc -c <"$work/www/realtime.json.gz")
nginx_version=$(nginx -v 2>&1 | sed 's/.*nginx\///')

echo "answer: $trains trains, $bytes bytes of JSON ($gzbytes gzipped); wrk -t$THREADS -c$CONNS -d${DURATION}s on $(nproc) cores"
echo "| body | railtop serve req/s | p99 | nginx $nginx_version req/s | p99 | ratio |"
echo "|---|---|---|---|---|---|"
echo "| JSON ($bytes B) | $r_rps | $r_p99 | $n_rps | $n_p99 | $(ratio "$r_rps" "$n_rps") |"
echo "| gzip ($gzbytes B) | $rg_rps | $rg_p99 | $ng_rps | $ng_p99 | $(ratio "$rg_rps" "$ng_rps") |"
