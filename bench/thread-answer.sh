#!/usr/bin/env bash
# How large an answer a visitor can have of GraphQL: the 100 x 100 thread query (postsById of the 100 deepest posts
# of a 100-deep thread, each with its ancestors' 10,000-character bodies) against one Roost on its embedded
# defaults (H2 in memory, rate limits on). Prints a table of status, bytes and time per attempt, and six at once.
#
#   bench/thread-answer.sh
#
# Needs the packaged jar (mvn -q package -DskipTests) and Node 18 or later.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-17102}"
JAVA="${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java | head -n1)}"
JAR="${JAR:-$(ls target/roost-*.jar | grep -v original | head -n1)}"
"$JAVA" -Xmx1g -jar "$JAR" --server.port="$PORT" \
  --spring.datasource.url='jdbc:h2:mem:thread;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH' \
  --logging.level.root=WARN >target/thread-answer.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait 2>/dev/null' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$PORT/actuator/health/readiness" >/dev/null && break; sleep 1; done
echo "Roost 100 x 100 thread query: $(date -u +%FT%RZ), $(git rev-parse --short HEAD), $(nproc) cores, heap -Xmx1g"
timeout 600 node bench/thread-answer.mjs "http://127.0.0.1:$PORT"
grep -c " ERROR " target/thread-answer.log | sed 's/^/ERROR lines in the server log: /' || true
