#!/usr/bin/env bash
# The soak: two instances of the packaged jar behind nginx (deploy/cluster.sh) on PostgreSQL and Redis, an hour of
# mixed load (sign-ins, reads, writes, GraphQL, two WebSocket and two SSE subscribers; bench/soak.mjs) with a
# graceful restart of one of the two instances every RESTART_EVERY seconds, alternating. Prints a line per minute
# (requests, failures, 429s, latency, events, probes that timed out: freezes), each restart's stop and ready times,
# the instances' resident memory every minute, lost writes and ERROR lines at the end.
#
#   bench/soak.sh                       # 60 minutes, 30 requests a second, a restart every 5 minutes
#   SOAK_MINUTES=10 bench/soak.sh       # a shorter run
#
# Settings: SOAK_MINUTES (60), RATE (30), RESTART_EVERY (300), and deploy/cluster.sh's (DATABASE_URL, REDIS_URL,
# DB_SCHEMA, BASE_PORT, JAR, JAVA, JAVA_OPTS). Needs nginx, node 18+ and src/test/node's modules (npm ci there).
set -euo pipefail
cd "$(dirname "$0")/.."
SOAK_MINUTES="${SOAK_MINUTES:-60}"
RATE="${RATE:-30}"
RESTART_EVERY="${RESTART_EVERY:-300}"
export BASE_PORT="${BASE_PORT:-17500}"
export DB_SCHEMA="${DB_SCHEMA:-roost_soak}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/4}"
run="${RUN_DIR:-/tmp/roost-cluster-$BASE_PORT}"
export RUN_DIR="$run"
mkdir -p "$run"
stop="$run/soak.stop"
rm -f "$stop" "$run"/instance-*.log
[ -d src/test/node/node_modules ] || (cd src/test/node && npm ci --no-audit --no-fund --loglevel=error)
psql -h 127.0.0.1 -U postgres -d test -qc "SET client_min_messages = warning; DROP SCHEMA IF EXISTS $DB_SCHEMA CASCADE" >/dev/null
redis-cli -n 4 FLUSHDB >/dev/null

deploy/cluster.sh stop >/dev/null 2>&1 || true
deploy/cluster.sh start 2
trap 'touch "$stop"; deploy/cluster.sh stop >/dev/null 2>&1 || true' EXIT
echo "Roost soak: $(date -u +%FT%RZ), $(git rev-parse --short HEAD), $(nproc) cores, $SOAK_MINUTES min, $RATE requests/s, a restart every ${RESTART_EVERY}s"

timeout $((SOAK_MINUTES * 60 + 900)) node bench/soak.mjs "http://127.0.0.1:$BASE_PORT" \
  "http://127.0.0.1:$((BASE_PORT + 1)),http://127.0.0.1:$((BASE_PORT + 2))" "$RATE" "$stop" $((SOAK_MINUTES * 60)) \
  >"$run/soak.out" 2>&1 &
load=$!

rss() { local pid; pid="$(cat "$run/instance-$1.pid" 2>/dev/null || true)"; [ -n "$pid" ] && ps -o rss= -p "$pid" 2>/dev/null | awk '{printf "%d MB", $1/1024}' || echo down; }
end=$((SECONDS + SOAK_MINUTES * 60))
next_restart=$((SECONDS + RESTART_EVERY))
next_sample=$SECONDS
which=1
restarts=()
memory=()
while [ "$SECONDS" -lt "$end" ] && kill -0 "$load" 2>/dev/null; do
  if [ "$SECONDS" -ge "$next_sample" ]; then
    memory+=("| $(( (SECONDS - end + SOAK_MINUTES * 60) / 60 )) | $(rss 1) | $(rss 2) |")
    next_sample=$((SECONDS + 60))
  fi
  if [ "$SECONDS" -ge "$next_restart" ]; then
    pid="$(cat "$run/instance-$which.pid")"
    t0=$(date +%s.%N)
    kill -TERM "$pid"
    stopped=timeout
    for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || { stopped=$(echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.1f s'); break; }; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    rm -f "$run/instance-$which.pid"
    t1=$(date +%s.%N)
    deploy/cluster.sh start-instance "$which" >/dev/null
    ready=$(echo "$(date +%s.%N) - $t1" | bc | xargs printf '%.1f s')
    restarts+=("| $(date -u +%T) | instance $which | $stopped | $ready |")
    which=$((3 - which))
    next_restart=$((SECONDS + RESTART_EVERY))
  fi
  sleep 1
done
touch "$stop"
wait "$load" || true
cat "$run/soak.out"
echo
echo "| restart at | instance | SIGTERM to exit | start to ready |"
echo "|---|---|---|---|"
printf '%s\n' "${restarts[@]}"
echo
echo "| minute | instance 1 RSS | instance 2 RSS |"
echo "|---|---|---|"
printf '%s\n' "${memory[@]}"
echo
echo "ERROR lines in the instances' logs: $(cat "$run"/instance-*.log | grep -c ' ERROR ' || true)"
