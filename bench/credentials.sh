#!/usr/bin/env bash
# Requests per second for GET /api/v1/users/{id} with a session cookie, with a JWT, and with no
# credential (answered 401), in one run against one instance, so the cost of each credential shows.
#
#   bench/credentials.sh                 # builds the jar, starts it on 127.0.0.1:8093 (H2 in memory), stops it after
#   BASE=http://127.0.0.1:8080 bench/credentials.sh   # measures an instance already running (loopback only)
#
# DURATION (seconds per run, default 10, at most 60), CONNECTIONS (default 16), THREADS (default 2).
# Needs wrk (Debian: apt-get install wrk) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
PORT=${PORT:-8093}
BASE=${BASE:-http://127.0.0.1:$PORT}
(( DURATION >= 1 && DURATION <= 60 )) || { echo "DURATION must be 1..60 seconds" >&2; exit 2; }
case "$BASE" in
  http://127.0.0.1:*|http://localhost:*|http://\[::1\]:*) ;;
  *) echo "Refusing to load-test $BASE: loopback addresses only" >&2; exit 2 ;;
esac
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }

started=""
cleanup() { if [ -n "$started" ]; then kill "$started" 2>/dev/null || true; wait "$started" 2>/dev/null || true; fi; }
trap cleanup EXIT

if ! curl -fs "$BASE/actuator/health/liveness" >/dev/null 2>&1; then
  echo "Starting the service on $BASE ..."
  ls target/roost-*.jar >/dev/null 2>&1 || mvn -q -B -DskipTests package
  java=java  # the service needs Java 25; the PATH's java may be older
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*25*/bin/java; do
    "$candidate" -version 2>&1 | grep -q 'version "2[5-9]' && java=$candidate && break
  done
  "$java" -jar "$(ls target/roost-*.jar | grep -v original | head -n1)" --server.port="$PORT" \
    --spring.datasource.url="jdbc:h2:mem:bench;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1" \
    --roost.redis.enabled=false --logging.level.root=WARN >/tmp/roost-bench.log 2>&1 &
  started=$!
  for _ in $(seq 1 90); do curl -fs "$BASE/actuator/health/liveness" >/dev/null 2>&1 && break; sleep 1; done
  curl -fs "$BASE/actuator/health/liveness" >/dev/null || { echo "The service did not start; see /tmp/roost-bench.log" >&2; exit 1; }
fi

user="bench_$RANDOM$RANDOM"
password="a long enough benchmark password"
body="{\"username\":\"$user\",\"password\":\"$password\"}"
id=$(curl -fs -X POST "$BASE/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"name\":\"Bench\",\"password\":\"$password\"}" | sed -E 's/.*"id":"([0-9]+)".*/\1/')
session=$(curl -fs -D - -o /dev/null -X POST "$BASE/login" -H 'Content-Type: application/json' -d "$body" \
  | tr -d '\r' | sed -nE 's/^[Ss]et-[Cc]ookie: (SESSION=[^;]+).*/\1/p' | head -n1)
jwt=$(curl -fs -X POST "$BASE/auth/token" -H 'Content-Type: application/json' -d "$body" \
  | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
url="$BASE/api/v1/users/$id"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $session" "$url")" = 200 ] || { echo "session check failed" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $jwt" "$url")" = 200 ] || { echo "JWT check failed" >&2; exit 1; }

run() {  # run <label> [header]
  local label=$1; shift
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "$url" >/dev/null 2>&1 || true  # warm-up
  local out; out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "$url")
  printf '%-28s %10s req/s   p50 %8s   p99 %8s   non-2xx: %s\n' "$label" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(awk '/Non-2xx/ {print $5}' <<<"$out" | grep . || echo 0)"
}

echo "GET $url  (${DURATION}s per run, $THREADS threads, $CONNECTIONS connections, after a warm-up run each)"
run "session cookie" -H "Cookie: $session"
run "JWT bearer (RS256)" -H "Authorization: Bearer $jwt"
run "no credential (401)"
