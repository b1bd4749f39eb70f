#!/usr/bin/env bash
# `railtop serve` against nginx serving the very same bytes as static files, side by side in one
# run on loopback: requests per second at full load, and the p99 latency at the same fixed rate.
#
#   bash bench/serve_vs_nginx.sh            # DURATION=10 ROUNDS=3 CONNS=64 THREADS=2 SCALE=15
#   PIN=1 bash bench/serve_vs_nginx.sh      # each server on core 0, the load generator on core 1
#
# The answers are the cached realtime answer for Germany at --demo-scale 15 (about 1,000 trains)
# and its GTFS-Realtime vehicle positions, with the clock fixed, so both servers send identical
# bytes. Three bodies: plain JSON; the JSON with `Accept-Encoding: gzip` (railtop's cached gzip
# encoding, nginx's gzip_static of the very same bytes); the GTFS-Realtime feed, gzip, as its
# consumers ask for it. A loaded 2-core machine drifts by a fifth from minute to minute, so the
# two servers take turns: ROUNDS rounds of railtop then nginx for each body, and the tables
# give each one's median. Rate limit and request log are off on railtop's side, access log off
# on nginx's. Installs nginx and wrk (Debian) when missing, and builds wrk2 (below).
#
# Two tables, because they answer two questions:
# - Throughput: wrk, 64 connections each sending its next request as soon as the last is
#   answered, as fast as the server goes. wrk's latency figures there are not the server's: at
#   that load the client is as busy as the server, and a faster server keeps it busier, so its
#   p99 is mostly wrk waiting for its own core (docs/performance.md). They are printed, not
#   compared.
# - Latency: wrk2 (Gil Tene's wrk with a fixed request rate and latency measured from when each
#   request was due, so a stalled server is not hidden by the client waiting for it) at the same
#   rate for both servers: FIXED_AT (0.7) of nginx's measured throughput for that body. wrk2
#   spends its first 10 s calibrating and counts only after, so its turns last LAT_DURATION (20)
#   seconds. WRK2=path uses a wrk2 you have; otherwise it is built once into target/wrk2 from
#   the git bundle in ../shared/wrk2/ (giltene/wrk2 at 44a94c1; these machines reach package
#   registries, not git hosts), with git, make and OpenSSL's headers installed when missing.
#
# PIN=1 gives each server one core (nginx one worker, railtop one event loop) and the load
# generator the other; the default shares both cores among all three.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CONNS=${CONNS:-64}
PIN=${PIN:-0}
if [ "$PIN" = 1 ]; then
  on_server=(taskset -c 0)
  on_client=(taskset -c 1)
  THREADS=${THREADS:-1}
  workers=1
else
  on_server=()
  on_client=()
  THREADS=${THREADS:-2}
  workers=auto
fi
SCALE=${SCALE:-15}
FIXED_AT=${FIXED_AT:-0.7}
LAT_DURATION=${LAT_DURATION:-20}
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
if [ -z "${WRK2:-}" ]; then
  WRK2=$PWD/target/wrk2/wrk
  if [ ! -x "$WRK2" ]; then
    install_if_missing git git
    install_if_missing make make
    dpkg -s libssl-dev >/dev/null 2>&1 || {
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libssl-dev >/dev/null
    }
    bundle=${WRK2_BUNDLE:-../shared/wrk2/wrk2.bundle}
    [ -f "$bundle" ] || { echo "no wrk2 bundle at $bundle: give WRK2=path or WRK2_BUNDLE=path" >&2; exit 1; }
    rm -rf target/wrk2
    git -c advice.detachedHead=false clone -q "$bundle" target/wrk2
    git -C target/wrk2 checkout -q 44a94c17d8e6a0bac8559b53da76848e430cb7a7
    make -C target/wrk2 -j2 >target/wrk2.build.log 2>&1 || { tail target/wrk2.build.log >&2; exit 1; }
  fi
fi

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

RAILTOP_LOG=warn "${on_server[@]}" target/release/railtop serve --source demo --demo-scale "$SCALE" \
  --listen "127.0.0.1:$RAILTOP_PORT" --rate-limit 0 2>"$work/railtop.log" &
pids+=($!)

path="/api/live/realtime?source=germany"
feed="/gtfs-rt/vehicle-positions?country=germany"
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
fetch "http://127.0.0.1:$RAILTOP_PORT$feed" "$work/www/positions.pb"
fetch "http://127.0.0.1:$RAILTOP_PORT$feed" "$work/www/positions.pb.gz" gzip
chmod 644 "$work/www/"*
trains=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['trains']))" "$work/www/realtime.json")
bytes=$(wc -c <"$work/www/realtime.json")

cat >"$work/nginx.conf" <<CONF
worker_processes $workers;
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
    location = /gtfs-rt/vehicle-positions {
      default_type application/x-protobuf;
      alias $work/www/positions.pb;
      gzip_static on;
      add_header Access-Control-Allow-Origin *;
      add_header Cache-Control "public, max-age=10";
    }
  }
}
CONF
mkdir -p "$work/tmp"
"${on_server[@]}" nginx -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" &
pids+=($!)
fetch "http://127.0.0.1:$NGINX_PORT$path" "$work/nginx-copy.json" || { cat "$work/nginx-error.log" >&2; exit 1; }
cmp -s "$work/www/realtime.json" "$work/nginx-copy.json" || { echo "the two servers send different bytes" >&2; exit 1; }
fetch "http://127.0.0.1:$NGINX_PORT$path" "$work/nginx-copy.json.gz" gzip
cmp -s "$work/www/realtime.json.gz" "$work/nginx-copy.json.gz" || { echo "the two servers send different gzip bytes" >&2; exit 1; }

fetch "http://127.0.0.1:$NGINX_PORT$feed" "$work/nginx-copy.pb.gz" gzip
cmp -s "$work/www/positions.pb.gz" "$work/nginx-copy.pb.gz" || { echo "the two servers send different GTFS-Realtime bytes" >&2; exit 1; }

run() { # url [wrk args…] -> "req/s p99-in-ms"
  local url=$1
  shift
  "${on_client[@]}" wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency "$@" "$url" >"$work/last.wrk"
  local errors
  errors=$(grep -E 'Non-2xx|Socket errors' "$work/last.wrk" || true)
  [ -z "$errors" ] || echo "$url: $errors" >&2
  awk '/^Requests\/sec:/ {rps=$2}
       $1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/, "", v); v=v/1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)} else if (v ~ /s$/) {sub(/s$/, "", v); v=v*1000}; p99=v}
       END {print rps, p99}' "$work/last.wrk"
}
median() { printf "%s\n" "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
gz=(-H "Accept-Encoding: gzip")
at_rate() { # url rate [wrk2 args…] -> "p99 p99.9" in ms, from wrk2's corrected histogram
  local url=$1 rate=$2
  shift 2
  "${on_client[@]}" "$WRK2" -t"$THREADS" -c"$CONNS" -d"${LAT_DURATION}s" -R"$rate" --latency "$@" "$url" >"$work/last.wrk2"
  awk 'function ms(v) {if (v ~ /us$/) {sub(/us$/, "", v); return v/1000} if (v ~ /ms$/) {sub(/ms$/, "", v); return v} if (v ~ /s$/) {sub(/s$/, "", v); return v*1000} return v}
       $1 == "99.000%" {p=ms($2)} $1 == "99.900%" {q=ms($2)} END {print p, q}' "$work/last.wrk2"
}
latency_rows=()
row() { # label path [wrk args…]: ROUNDS turns each, railtop first; a table row of medians
  local label=$1 p=$2
  shift 2
  local rr=() rl=() nr=() nl=() a b
  "${on_client[@]}" wrk -t"$THREADS" -c"$CONNS" -d3s "$@" "http://127.0.0.1:$RAILTOP_PORT$p" >/dev/null # warm-up
  "${on_client[@]}" wrk -t"$THREADS" -c"$CONNS" -d3s "$@" "http://127.0.0.1:$NGINX_PORT$p" >/dev/null
  for _ in $(seq "$ROUNDS"); do
    read -r a b < <(run "http://127.0.0.1:$RAILTOP_PORT$p" "$@"); rr+=("$a"); rl+=("$b")
    read -r a b < <(run "http://127.0.0.1:$NGINX_PORT$p" "$@"); nr+=("$a"); nl+=("$b")
  done
  local r n
  r=$(median "${rr[@]}"); n=$(median "${nr[@]}")
  echo "| $label | $r | $(median "${rl[@]}") ms | $n | $(median "${nl[@]}") ms | $(python3 -c "print(f'{$r / $n:.2f}')") |"
  echo "  railtop rounds: ${rr[*]} (p99 ${rl[*]}); nginx rounds: ${nr[*]} (p99 ${nl[*]})" >&2
  # The same rate for both: a share of what nginx served flat out.
  local rate rp=() rq=() np=() nq=()
  rate=$(python3 -c "print(int($n * $FIXED_AT))")
  for _ in $(seq "$ROUNDS"); do
    read -r a b < <(at_rate "http://127.0.0.1:$RAILTOP_PORT$p" "$rate" "$@"); rp+=("$a"); rq+=("$b")
    read -r a b < <(at_rate "http://127.0.0.1:$NGINX_PORT$p" "$rate" "$@"); np+=("$a"); nq+=("$b")
  done
  latency_rows+=("| $label | $rate | $(median "${rp[@]}") ms | $(median "${rq[@]}") ms | $(median "${np[@]}") ms | $(median "${nq[@]}") ms |")
  echo "  at $rate req/s, p99 railtop: ${rp[*]}; nginx: ${np[*]}" >&2
}
gzbytes=$(wc -c <"$work/www/realtime.json.gz")
pbgz=$(wc -c <"$work/www/positions.pb.gz")
nginx_version=$(nginx -v 2>&1 | sed 's/.*nginx\///')

cores="$(nproc) cores, shared"
[ "$PIN" = 1 ] && cores="each server on core 0, wrk and wrk2 on core 1"
echo "answer: $trains trains, $bytes bytes of JSON ($gzbytes gzipped); wrk -t$THREADS -c$CONNS -d${DURATION}s, $ROUNDS rounds each in turn; $cores"
echo "| body | railtop serve req/s | (wrk p99) | nginx $nginx_version req/s | (wrk p99) | ratio |"
echo "|---|---|---|---|---|---|"
row "JSON ($bytes B)" "$path"
row "gzip ($gzbytes B)" "$path" "${gz[@]}"
row "GTFS-RT positions, gzip ($pbgz B)" "$feed" "${gz[@]}"
echo
echo "latency at the same fixed rate (wrk2 -t$THREADS -c$CONNS -d${LAT_DURATION}s, about the last $((LAT_DURATION - 10)) s counted, $ROUNDS rounds each in turn; median of the rounds)"
echo "| body | req/s, both | railtop p99 | p99.9 | nginx p99 | p99.9 |"
echo "|---|---|---|---|---|---|"
printf "%s\n" "${latency_rows[@]}"
