#!/usr/bin/env bash
# Authenticated reads (GET /api/v1/users/{id} with a JWT) measured twice against one instance: alone,
# and while a flood of wrong-password logins (64 connections, each guess for a fresh username) runs
# beside them. The flood meets the login protection (429 after the per-address allowance) and the
# bounded hashing pool (503 when its queue is full); the reads should hardly notice.
#
#   bench/login-flood.sh     # builds the jar, starts it on 127.0.0.1:18093 (H2 in memory), stops it after
#
# DURATION (seconds per run, default 10, at most 60). Needs wrk (apt-get install wrk) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
PORT=${PORT:-18093}
BASE=http://127.0.0.1:$PORT
(( DURATION >= 1 && DURATION <= 60 )) || { echo "DURATION must be 1..60 seconds" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }

started=""
cleanup() { if [ -n "$started" ]; then kill "$started" 2>/dev/null || true; wait "$started" 2>/dev/null || true; fi; }
trap cleanup EXIT

ls target/roost-*.jar >/dev/null 2>&1 || mvn -q -B -DskipTests package
java=java
for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*25*/bin/java; do
  "$candidate" -version 2>&1 | grep -q 'version "2[5-9]' && java=$candidate && break
done
# Rate limits raised: this measures hashing and login protection, not the per-caller API budget.
"$java" -jar "$(ls target/roost-*.jar | grep -v original | head -n1)" --server.port="$PORT" \
  --spring.datasource.url="jdbc:h2:mem:bench;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1" \
  --roost.redis.enabled=false --roost.rate-limits.capacity=1000000000 --logging.level.root=WARN >/tmp/roost-login-flood.log 2>&1 &
started=$!
for _ in $(seq 1 90); do curl -fs "$BASE/actuator/health/liveness" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/actuator/health/liveness" >/dev/null || { echo "The service did not start; see /tmp/roost-login-flood.log" >&2; exit 1; }

user="bench_$RANDOM$RANDOM"
password="a long enough benchmark password"
id=$(curl -fs -X POST "$BASE/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"name\":\"Bench\",\"password\":\"$password\"}" | sed -E 's/.*"id":"([0-9]+)".*/\1/')
jwt=$(curl -fs -X POST "$BASE/auth/token" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"password\":\"$password\"}" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
url="$BASE/api/v1/users/$id"

flood=$(mktemp --suffix=.lua)
cat >"$flood" <<'LUA'
counter = 0
request = function()
  counter = counter + 1
  local body = '{"username":"victim' .. counter .. '","password":"wrong password ' .. counter .. '"}'
  return wrk.format("POST", "/login", { ["Content-Type"] = "application/json" }, body)
end
LUA

reads() {  # reads <label>
  local out; out=$(wrk -t1 -c8 -d"${DURATION}s" --latency -H "Authorization: Bearer $jwt" "$url")
  printf '%-24s %10s req/s   p50 %8s   p99 %8s   max %8s   non-2xx: %s\n' "$1" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(awk '/Latency/ && !/Distribution/ {print $4}' <<<"$out")" \
    "$(awk '/Non-2xx/ {print $5}' <<<"$out" | grep . || echo 0)"
}

wrk -t1 -c8 -d5s -H "Authorization: Bearer $jwt" "$url" >/dev/null  # warm-up
echo "GET $url with a JWT, ${DURATION}s per run, 8 connections"
for round in 1 2 3; do
  reads "round $round: alone"
  wrk -t1 -c64 -d"$((DURATION + 2))s" -s "$flood" "$BASE" >/tmp/roost-login-flood-wrk.txt 2>&1 &
  flooding=$!
  sleep 1
  reads "round $round: login flood"
  wait "$flooding" || true
  printf '%-24s %10s req/s (logins: %s non-2xx, i.e. 401/429/503)\n' "  the flood itself" \
    "$(awk '/Requests\/sec/ {print $2}' /tmp/roost-login-flood-wrk.txt)" \
    "$(awk '/Non-2xx/ {print $5}' /tmp/roost-login-flood-wrk.txt | grep . || echo 0)"
done
rm -f "$flood"
