#!/usr/bin/env bash
# The operator's drill: N instances (default 3) behind nginx (deploy/cluster.sh), RATE requests a second
# (default 60) of reads and writes through nginx, a rolling restart of every instance (SIGTERM, wait, start,
# wait ready), then a kill -9 of one instance and its restart. Prints requests sent, failed reads,
# acknowledged writes, rows found and lost writes. Loopback only; bounded by MAX_SECONDS (default 600).
# Settings: as deploy/cluster.sh (DATABASE_URL, REDIS_URL, DB_SCHEMA, BASE_PORT, JAR, JAVA ...).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-3}"
RATE="${RATE:-60}"
MAX_SECONDS="${MAX_SECONDS:-600}"
# The drill counts every row back as one caller, which the API rate limit (1200 tokens a minute) would refuse.
export JAVA_OPTS="${JAVA_OPTS:--Droost.rate-limits.enabled=false}"
BASE_PORT="${BASE_PORT:-17400}"
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
export BASE_PORT
run="${RUN_DIR:-/tmp/roost-cluster-$BASE_PORT}"
mkdir -p "$run"
stop="$run/drill.stop"
rm -f "$stop"

deploy/cluster.sh stop >/dev/null 2>&1 || true
deploy/cluster.sh start "$N"
trap 'touch "$stop"; deploy/cluster.sh stop >/dev/null 2>&1 || true' EXIT

"$JAVA" deploy/Drill.java "http://127.0.0.1:$BASE_PORT" "$RATE" "$stop" "$MAX_SECONDS" >"$run/drill.out" 2>&1 &
load=$!
sleep 10
for i in $(seq 1 "$N"); do
  echo "$(date -u +%T) rolling restart: instance $i"
  deploy/cluster.sh restart-instance "$i"
done
sleep 5
echo "$(date -u +%T) kill -9: instance 1"
deploy/cluster.sh kill-instance 1
sleep 5
deploy/cluster.sh start-instance 1
echo "$(date -u +%T) instance 1 back"
sleep 10
touch "$stop"
wait "$load" || true
cat "$run/drill.out"
