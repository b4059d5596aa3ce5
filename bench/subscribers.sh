#!/usr/bin/env bash
# Subscription fan-out: SUBSCRIBERS WebSocket subscribers of postCreated spread over INSTANCES Roost
# instances sharing PostgreSQL and Redis (events cross instances through Redis pub/sub), POSTS posts
# made on the first (after WARMUP posts that are not counted: the JIT compiles the path first); prints delivery latency p50/p99 and POST latency. Loopback only, bounded. Every
# subscriber is the same user, so the instances run without the per-caller rate limit and with the
# subscription caps (roost.graphql.subscriptions.*) and the per-address connection limit raised to the count.
#
#   bench/subscribers.sh                      # 1000 subscribers over 2 instances
#   INSTANCES=1 SUBSCRIBERS=10000 bench/subscribers.sh
#
# Needs the packaged jar (mvn -q package -DskipTests), node with src/test/node's modules (npm ci there),
# PostgreSQL (PG_URL, a schema of its own is created) and Redis (REDIS_URL). Ports BASE_PORT, BASE_PORT+1, ...
# JAR picks another build (to compare two); JAVA_OPTS is passed to every instance (e.g. -XX:StartFlightRecording=filename=target/subs.jfr to profile).
set -euo pipefail
cd "$(dirname "$0")/.."
INSTANCES="${INSTANCES:-2}"
SUBSCRIBERS="${SUBSCRIBERS:-1000}"
POSTS="${POSTS:-20}"
WARMUP="${WARMUP:-2}"
BASE_PORT="${BASE_PORT:-17001}"
PG_URL="${PG_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres&currentSchema=roost_bench_live}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/1}"
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
[ "$INSTANCES" -le 4 ] && [ "$SUBSCRIBERS" -le 20000 ] && [ "$POSTS" -le 200 ] \
  || { echo "INSTANCES <= 4, SUBSCRIBERS <= 20000, POSTS <= 200" >&2; exit 2; }
case "$PG_URL$REDIS_URL" in *127.0.0.1*|*localhost*) ;; *) echo "loopback only" >&2; exit 2 ;; esac
JAR="${JAR:-$(ls target/roost-*.jar | grep -v original | head -n1)}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
[ "$(ulimit -n)" -ge $((SUBSCRIBERS + 1000)) ] || echo "warning: ulimit -n $(ulimit -n) is low for $SUBSCRIBERS connections" >&2

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null' EXIT
targets=""
for i in $(seq 0 $((INSTANCES - 1))); do
  port=$((BASE_PORT + i))
  DATABASE_URL="$PG_URL" REDIS_URL="$REDIS_URL" "$JAVA" -Xmx2g ${JAVA_OPTS:-} -jar "$JAR" --server.port="$port" \
    --spring.flyway.schemas=roost_bench_live --spring.security.oauth2.authorizationserver.issuer=http://roost.bench \
    --roost.shutdown.drain=0s --roost.rate-limits.enabled=false --logging.level.root=WARN \
    --roost.graphql.subscriptions.per-caller=20000 --roost.graphql.subscriptions.per-address=20000 \
    --roost.graphql.subscriptions.per-connection=20000 --roost.graphql.subscriptions.per-instance=20000 \
    --roost.connections.per-address=20000 >"target/subscribers-$port.log" 2>&1 &
  pids+=($!)
  targets="${targets:+$targets,}http://127.0.0.1:$port"
  # one at a time, so that the second finds the first's signing key
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$port/actuator/health/readiness" >/dev/null && break; sleep 1; done
done
# The client reports its own CPU time and the instances' (from /proc) over the posting phase.
ROOST_PIDS="${pids[*]}" node bench/subscribers.mjs "$targets" "$SUBSCRIBERS" "$POSTS" "$WARMUP"
