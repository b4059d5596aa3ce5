#!/usr/bin/env bash
# Two builds of Roost side by side on the REST reads of bench/run.sh: GET /api/v1/users/{id} with a JWT and with a
# session cookie, each build on H2 in memory, wrk -t2 -c64, the two alternating round by round (A then B, then B then
# A), so that whatever else the machine does weighs on both. Prints requests/s per round, B/A per round and the median.
#
#   bench/ab-read.sh <jar A> <jar B>          # e.g. the landed build's jar and this checkout's
#
#   ARGS_A=--spring.threads.virtual.enabled=true bench/ab-read.sh target/roost-*.jar target/roost-*.jar
#                                             # one build, two settings
#
# Settings: ROUNDS (4), DURATION (7 s), WARMUP (10 s per build and row), ARGS_A and ARGS_B (more arguments for each
# build). Needs wrk, curl, bc.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
JAR_A=$1 JAR_B=$2
ROUNDS=${ROUNDS:-4} DURATION=${DURATION:-7} WARMUP=${WARMUP:-10}
JAVA=$(jdk25)
PORT_A=${BENCH_PORT:-19200} PORT_B=$(( ${BENCH_PORT:-19200} + 1 ))
WORK=target/bench-ab; mkdir -p "$WORK"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true' EXIT
start() {  # start <jar> <port> <log> <more arguments>
  # shellcheck disable=SC2086
  "$JAVA" -XX:CompileCommand=quiet -jar "$1" $4 --server.port="$2" --server.address=127.0.0.1 --roost.redis.enabled=false \
    --roost.tokens.access-token-lifetime=3h --roost.rate-limits.enabled=false --logging.level.root=WARN \
    "--spring.datasource.url=jdbc:h2:mem:ab;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1" \
    >"$3" 2>&1 &
  pids+=($!)
  wait_for "http://127.0.0.1:$2/actuator/health/readiness" 300
}
start "$JAR_A" "$PORT_A" "$WORK/a.log" "${ARGS_A:-}"
start "$JAR_B" "$PORT_B" "$WORK/b.log" "${ARGS_B:-}"
PASSWORD="a long enough benchmark password"
CREDENTIALS="{\"username\":\"bench\",\"password\":\"$PASSWORD\"}"
declare -A JWT COOKIE
for port in "$PORT_A" "$PORT_B"; do
  base=http://127.0.0.1:$port
  curl -fs -o /dev/null -X POST "$base/api/v1/users" -H 'Content-Type: application/json' \
    -d "{\"username\":\"bench\",\"name\":\"Bench\",\"password\":\"$PASSWORD\"}"
  JWT[$port]=$(curl -fs -X POST "$base/auth/token" -H 'Content-Type: application/json' -d "$CREDENTIALS" \
    | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
  COOKIE[$port]=$(curl -fs -D - -o /dev/null -X POST "$base/login" -H 'Content-Type: application/json' -d "$CREDENTIALS" \
    | tr -d '\r' | sed -nE 's/^[Ss]et-[Cc]ookie: (SESSION=[^;]+).*/\1/p' | head -n1)
done
declare -A FIG ERR
measure() {  # measure <row> <port> <key>
  local url="http://127.0.0.1:$2/api/v1/users/1"
  case $1 in
    jwt) wrk_measure "$3" - "$url" -H "Authorization: Bearer ${JWT[$2]}" ;;
    cookie) wrk_measure "$3" - "$url" -H "Cookie: ${COOKIE[$2]}" ;;
  esac
}
log "warm-up: ${WARMUP}s per build and row"
( DURATION=$WARMUP; for row in jwt cookie; do measure "$row" "$PORT_A" w; measure "$row" "$PORT_B" w; done )
echo "A: $JAR_A ${ARGS_A:-}"
echo "B: $JAR_B ${ARGS_B:-}"
echo "$(date -u +%FT%RZ), $(nproc) cores, wrk -t2 -c64 ${DURATION}s, $ROUNDS rounds"
echo
echo "| row | rounds (B/A = ratio) | median B/A | errors |"
echo "|---|---|---|---|"
for row in jwt cookie; do
  cells="" ratios=() errors=0
  for round in $(seq 1 "$ROUNDS"); do
    if (( round % 2 )); then measure "$row" "$PORT_A" a; measure "$row" "$PORT_B" b
    else measure "$row" "$PORT_B" b; measure "$row" "$PORT_A" a; fi
    ratio=$(echo "scale=3; ${FIG[b]} / ${FIG[a]}" | bc)
    ratios+=("$ratio"); cells+="${FIG[b]}/${FIG[a]}=$(printf '%.2f' "$ratio") "
    errors=$(( errors + ERR[a] + ERR[b] ))
  done
  median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
  echo "| GET /api/v1/users/{id}, $row, H2 | $cells| $(printf '%.2f' "$median") | $errors |"
done
