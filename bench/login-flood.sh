#!/usr/bin/env bash
# Authenticated reads (GET /api/v1/users/{id} with a JWT, 8 connections) measured alone, then while a flood
# runs beside them, three rounds of each:
#   - a login flood: 64 connections of wrong-password logins, each for a fresh username and from one of
#     65,000 client addresses (X-Forwarded-For, with 127.0.0.1 a trusted proxy), so that the per-address
#     allowance does not stop it early and most guesses reach the password hash;
#   - a sign-up flood: 120 connections creating users (every one hashes a password), the issue's target case:
#     authenticated reads should stay under 1.5 s meanwhile.
# Both floods meet the bounded hashing pool (503 at once when its queue is full) and the login protection
# (429); the reads should hardly notice.
#
#   bench/login-flood.sh     # starts target/roost-*.jar (built if missing) on 127.0.0.1:$PORT (H2 in memory)
#
# DURATION (seconds per measurement, default 10, at most 60), PORT (default 18093). Needs wrk and curl.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
PORT=${PORT:-18093}
BASE=http://127.0.0.1:$PORT
(( DURATION >= 1 && DURATION <= 60 )) || { echo "DURATION must be 1..60 seconds" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }

work=$(mktemp -d)
started=""
cleanup() {
  if [ -n "$started" ]; then kill "$started" 2>/dev/null || true; wait "$started" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

ls target/roost-*.jar >/dev/null 2>&1 || mvn -q -B -DskipTests package
java=java
for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*25*/bin/java; do
  "$candidate" -version 2>&1 | grep -q 'version "2[5-9]' && java=$candidate && break
done
# Rate limits raised: this measures hashing and login protection, not the per-caller API budget.
# 127.0.0.1 is a trusted proxy, so the login flood can speak for many client addresses.
ROOST_TRUSTED_PROXIES='127\.0\.0\.1' "$java" -jar "$(ls target/roost-*.jar | grep -v original | head -n1)" \
  --server.port="$PORT" \
  --spring.datasource.url="jdbc:h2:mem:bench;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1" \
  --roost.redis.enabled=false --roost.rate-limits.capacity=1000000000 --logging.level.root=WARN >"$work/roost.log" 2>&1 &
started=$!
for _ in $(seq 1 120); do curl -fs "$BASE/actuator/health/liveness" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/actuator/health/liveness" >/dev/null || { cat "$work/roost.log" >&2; echo "The service did not start" >&2; exit 1; }

user="bench_$RANDOM$RANDOM"
password="a long enough benchmark password"
id=$(curl -fs -X POST "$BASE/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"name\":\"Bench\",\"password\":\"$password\"}" | sed -E 's/.*"id":"([0-9]+)".*/\1/')
jwt=$(curl -fs -X POST "$BASE/auth/token" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"password\":\"$password\"}" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
url="$BASE/api/v1/users/$id"

# Every request of a flood is new (username, address), wherever wrk's counter starts: the round is in the name.
cat >"$work/logins.lua" <<'LUA'
local prefix, counter = "v" .. math.random(1000000) .. "_", 0
init = function(args) prefix = "v" .. args[1] .. "_" end
request = function()
  counter = counter + 1
  local body = '{"username":"' .. prefix .. counter .. '","password":"wrong password ' .. counter .. '"}'
  local address = "10." .. (counter % 254 + 1) .. "." .. (math.floor(counter / 254) % 254 + 1) .. ".7"
  return wrk.format("POST", "/login", { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }, body)
end
LUA
cat >"$work/signups.lua" <<'LUA'
local prefix, counter = "s" .. math.random(1000000) .. "_", 0
init = function(args) prefix = "s" .. args[1] .. "_" end
request = function()
  counter = counter + 1
  local body = '{"username":"' .. prefix .. counter .. '","name":"Flood","password":"a long enough flood password"}'
  return wrk.format("POST", "/api/v1/users", { ["Content-Type"] = "application/json" }, body)
end
LUA

reads() {  # reads <label>
  # A 10 s timeout, so that a slow read is measured rather than dropped as a timeout.
  local out; out=$(wrk -t1 -c8 -d"${DURATION}s" --timeout 10s --latency -H "Authorization: Bearer $jwt" "$url")
  printf '%-30s %9s req/s   p50 %8s   p99 %8s   max %8s   non-2xx: %s  timeouts: %s\n' "$1" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out")" "$(awk '/Latency/ && !/Distribution/ {print $4}' <<<"$out")" \
    "$(awk '/Non-2xx/ {print $5}' <<<"$out" | grep . || echo 0)" \
    "$(awk '/Socket errors/ {print $NF}' <<<"$out" | grep . || echo 0)"
}

flood() {  # flood <label> <connections> <script> <round>
  wrk -t1 -c"$2" -d"$((DURATION + 2))s" --timeout 10s -s "$work/$3" "$BASE" -- "$4$RANDOM" >"$work/flood.txt" 2>&1 &
  local flooding=$!
  sleep 1
  reads "$1"
  wait "$flooding" || true
  printf '%-30s %9s req/s   (%s of them not 2xx: 401/429/503)\n' "  the flood itself" \
    "$(awk '/Requests\/sec/ {print $2}' "$work/flood.txt")" \
    "$(awk '/Non-2xx/ {print $5}' "$work/flood.txt" | grep . || echo 0)"
}

wrk -t1 -c8 -d5s -H "Authorization: Bearer $jwt" "$url" >/dev/null  # warm-up
echo "GET $url with a JWT, ${DURATION}s per measurement, 8 connections; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
for round in 1 2 3; do
  reads "round $round: alone"
  flood "round $round: 64-connection logins" 64 logins.lua "$round"
  flood "round $round: 120 sign-ups" 120 signups.lua "$round"
done
