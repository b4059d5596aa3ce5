#!/usr/bin/env bash
# The GraphQL rows of the "holes anyone can reach" drill against one Roost (embedded H2, in memory):
# fragment fan-outs (30 x 2, 27 x 2, 12 x 4) and their refusal latency, liveness latency while three callers
# send the 30-level document in a loop, one socket sending 2,000 subscribe messages, and the heap that
# 1,000 distinct subscriptions take (jcmd GC.heap_info after a full GC). Rate limits are off here, so that
# every document reaches the analysis (with them on, a refused document costs the caller 101 tokens and the
# eleventh in a minute is answered 429 before any parsing). Loopback only, bounded; prints a table.
#
#   bench/hostile-graphql.sh
#
# Needs the packaged jar (mvn -q package -DskipTests) and node with src/test/node's modules (npm ci there).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-17101}"
JAVA="${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java | head -n1)}"
JAR="${JAR:-$(ls target/roost-*.jar | grep -v original | head -n1)}"
"$JAVA" -Xmx1g -jar "$JAR" --server.port="$PORT" \
  --spring.datasource.url='jdbc:h2:mem:hostile;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH' \
  --roost.rate-limits.enabled=false --logging.level.root=WARN >target/hostile-graphql.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait 2>/dev/null' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$PORT/actuator/health/readiness" >/dev/null && break; sleep 1; done
echo "Roost hostile GraphQL drill: $(date -u +%FT%RZ), $(nproc) cores, heap -Xmx1g"
timeout 300 node bench/hostile-graphql.mjs "http://127.0.0.1:$PORT" "$pid"
grep -c " ERROR " target/hostile-graphql.log | sed 's/^/ERROR lines in the server log: /' || true
