#!/usr/bin/env bash
# Slow-header drill: SLOW connections from 127.0.0.2 that send their headers a byte a second (reopened when the
# server closes them) for DURATION seconds, while a normal client on 127.0.0.1 times GET /actuator/health/liveness before
# and during. Reports how many the server closed, how long they lived, liveness latency, and whether the server
# logged "Too many open files". Loopback only, bounded (SLOW <= 30000, DURATION <= 120).
#
#   bench/slow-clients.sh                       # 20,000 slow connections for 60 s
#   SLOW=2000 DURATION=30 bench/slow-clients.sh
#   REOPEN=false bench/slow-clients.sh          # each slow connection opened once (not reopened when closed)
#   SERVER_ARGS='--roost.connections.per-address=100000' bench/slow-clients.sh   # the header deadline alone
#
# Needs the packaged jar (mvn -q -o package -DskipTests). The server runs with ulimit -n SERVER_NOFILE (20000, the
# limit the problem was measured at); the drill itself raises its own to the hard limit.
set -euo pipefail
cd "$(dirname "$0")/.."
SLOW="${SLOW:-20000}"
DURATION="${DURATION:-60}"
PORT="${PORT:-17201}"
SERVER_NOFILE="${SERVER_NOFILE:-20000}"
JAVA="${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java | head -n1)}"
[ "$SLOW" -le 30000 ] && [ "$DURATION" -le 120 ] || { echo "SLOW <= 30000, DURATION <= 120" >&2; exit 2; }
JAR="${JAR:-target/roost-0.1.0-SNAPSHOT.jar}"
[ -f "$JAR" ] || { echo "no $JAR: mvn -q -o package -DskipTests" >&2; exit 2; }
LOG=target/slow-clients.log

( ulimit -n "$SERVER_NOFILE" 2>/dev/null || true
  exec "$JAVA" -Xmx1g -jar "$JAR" --server.port="$PORT" \
    --spring.datasource.url='jdbc:h2:mem:slow;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH' \
    --roost.shutdown.drain=0s --logging.level.org.roost.platform.connections=INFO ${SERVER_ARGS:-} ) >"$LOG" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$PORT/actuator/health/liveness" >/dev/null && break; sleep 1; done

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "Server ulimit -n $SERVER_NOFILE ($(grep -o 'max-connections [0-9]*' "$LOG" | tail -n1)); drill ulimit -n $(ulimit -n)"
echo
timeout $((DURATION + 60)) "$JAVA" bench/SlowClients.java "$PORT" "$SLOW" "$DURATION" 127.0.0.2 127.0.0.1 "${REOPEN:-true}"
echo "| server log: \"Too many open files\" | $(grep -c 'Too many open files' "$LOG" || true) |"
echo "| server log: sweeps that closed connections | $(grep -c 'Closed [0-9]* connections' "$LOG" || true) |"
echo "| server: connections closed, by reason | $(grep -o 'Closed [0-9]* connections: {[^}]*}' "$LOG" \
  | grep -o '[A-Z_]*=[0-9]*' | awk -F= '{s[$1]+=$2} END {for (k in s) printf "%s %d ", k, s[k]}') |"
