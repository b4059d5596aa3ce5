#!/usr/bin/env bash
# "Forgot password" answers the same, about as fast, whether the account exists: this times N requests
# (POST /api/v1/password-resets, one at a time) for an account with a verified address, for one without an
# address and for a username nobody has, and prints the median and 95th percentile of each. The lookup and the
# mail happen after the answer (docs/api.md, "Password recovery"), so the three should agree within noise.
#
#   bench/password-reset-timing.sh     # starts target/roost-*.jar (built if missing) on 127.0.0.1:$PORT (H2 in memory)
#
# N (requests per case, default 200, at most 2000), PORT (default 18094). Needs curl.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-200}
PORT=${PORT:-18094}
BASE=http://127.0.0.1:$PORT
(( N >= 10 && N <= 2000 )) || { echo "N must be 10..2000" >&2; exit 2; }

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
# No mail host: the verification link is read from the log. Throttles raised: this times answers, not limits.
"$java" -jar "$(ls target/roost-*.jar | grep -v original | head -n1)" --server.port="$PORT" \
  --spring.datasource.url="jdbc:h2:mem:bench;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1" \
  --roost.redis.enabled=false --roost.rate-limits.capacity=1000000000 --roost.recovery.per-address=1000000 \
  --logging.level.root=WARN --logging.level.org.roost.identity.email.Mailer=INFO >"$work/roost.log" 2>&1 &
started=$!
for _ in $(seq 1 120); do curl -fs "$BASE/actuator/health/liveness" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/actuator/health/liveness" >/dev/null || { cat "$work/roost.log" >&2; echo "The service did not start" >&2; exit 1; }

signup() {  # signup <username> [email]
  local email=${2:+",\"email\":\"$2\""}
  curl -fs -o /dev/null -X POST "$BASE/api/v1/users" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"name\":\"Bench\",\"password\":\"a long enough password\"$email}"
}
verified="known$RANDOM"
signup "$verified" "$verified@example.com"
plain="noaddress$RANDOM"
signup "$plain"
for _ in $(seq 1 50); do grep -q "#token=" "$work/roost.log" && break; sleep 0.1; done
token=$(grep -o '#token=[A-Za-z0-9_-]*' "$work/roost.log" | head -n1 | cut -d= -f2)
curl -fs -o /dev/null -X POST "$BASE/api/v1/email-verifications" -H 'Content-Type: application/json' -d "{\"token\":\"$token\"}"

time_case() {  # time_case <label> <login>
  : >"$work/times"
  for _ in $(seq 1 "$N"); do
    curl -s -o /dev/null -w '%{time_total}\n' -X POST "$BASE/api/v1/password-resets" \
      -H 'Content-Type: application/json' -d "{\"login\":\"$2\"}" >>"$work/times"
  done
  sort -n "$work/times" | awk -v label="$1" '{ t[NR] = $1 * 1000 } END {
    printf "%-38s n=%d   p50 %6.2f ms   p95 %6.2f ms\n", label, NR, t[int(NR * 0.5)], t[int(NR * 0.95)] }'
}
for _ in $(seq 1 50); do curl -s -o /dev/null -X POST "$BASE/api/v1/password-resets" -H 'Content-Type: application/json' -d '{"login":"warmup"}'; done
time_case "an account with a verified address" "$verified"
time_case "an account without an address" "$plain"
time_case "a username nobody has" "nobody$RANDOM"
time_case "an address nobody has" "nobody$RANDOM@example.com"
