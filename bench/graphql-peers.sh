#!/usr/bin/env bash
# The two GraphQL rows of bench/run.sh alone, Roost against PostGraphile 5 on the same PostgreSQL data, for working on
# GraphQL's speed: a few minutes instead of seventeen. Same data, queries, wrk settings and back-to-back rounds as
# bench/run.sh (see its header for what it needs); prints each round's ratio and the median.
#
#   bench/graphql-peers.sh                       # builds the jar, 3 rounds of 8 s after a 10 s warm-up
#   NO_BUILD=1 ROUNDS=5 bench/graphql-peers.sh   # the jar already built
#   JFR=1 bench/graphql-peers.sh                 # also records target/bench-gql/roost.jfr during the rounds
#   QUERIES=seed JFR=1 bench/graphql-peers.sh    # one query only (seed or wide), e.g. for its own profile
#   JAR=/path/to/other.jar NO_BUILD=1 bench/graphql-peers.sh   # another build, e.g. to compare before and after
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8}
WARMUP=${WARMUP:-10}
(( ROUNDS >= 1 && ROUNDS <= 10 && DURATION >= 1 && DURATION <= 60 && WARMUP >= 1 && WARMUP <= 60 )) \
  || { echo "ROUNDS 1..10, DURATION 1..60, WARMUP 1..60" >&2; exit 2; }
PORT=${BENCH_PORT:-19200}
PG_PORT=$((PORT + 2)) PGL_PORT=$((PORT + 4)) PGPORT=$((PORT + 5))
PGHOST=127.0.0.1 PGUSER=postgres DB=roost_bench
export PGHOST PGPORT PGUSER
CLUSTER="roost_gql_$PORT"
WORK=$ROOT/target/bench-gql
mkdir -p "$WORK"
for tool in wrk psql npm curl bc pg_createcluster; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (see the header of bench/run.sh)" >&2; exit 2; }
done
. "$ROOT/bench/lib.sh"
JAVA=$(jdk25)
PG_VERSION=$(ls /usr/lib/postgresql | sort -n | tail -n1)

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pg_dropcluster --stop "$PG_VERSION" "$CLUSTER" 2>/dev/null || true
}
trap cleanup EXIT

if [ -z "${NO_BUILD:-}" ]; then log "building the jar"; mvn -q -B -DskipTests package; fi
JAR=${JAR:-$(ls target/roost-*.jar | grep -v original | head -n1)}
[ -x bench/peers/node_modules/.bin/postgraphile ] || (cd bench/peers && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
NODE22=$ROOT/bench/peers/node_modules/.bin/node

log "PostgreSQL $PG_VERSION cluster $CLUSTER on port $PGPORT"
pg_dropcluster --stop "$PG_VERSION" "$CLUSTER" 2>/dev/null || true
pg_createcluster -q "$PG_VERSION" "$CLUSTER" -p "$PGPORT" -o max_connections=200 -o shared_buffers=256MB -- --auth=trust >/dev/null
pg_ctlcluster "$PG_VERSION" "$CLUSTER" start
for _ in $(seq 1 50); do pg_isready -q && break; sleep 0.2; done
psql -qX -d postgres -c "CREATE DATABASE $DB" >/dev/null

"$JAVA" ${BENCH_JAVA_OPTS:-} -jar "$JAR" --server.port="$PG_PORT" --server.address=127.0.0.1 \
  --roost.redis.enabled=false --roost.tokens.access-token-lifetime=3h --roost.rate-limits.enabled=false \
  --logging.level.root=WARN --spring.datasource.url="jdbc:postgresql://$PGHOST:$PGPORT/$DB" \
  --spring.datasource.username="$PGUSER" --spring.datasource.password= >"$WORK/roost.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$PG_PORT/actuator/health/readiness" 180
PG=http://127.0.0.1:$PG_PORT
PASSWORD="a long enough benchmark password"
curl -fs -o /dev/null -X POST "$PG/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench\",\"name\":\"Bench\",\"password\":\"$PASSWORD\"}"
JWT=$(curl -fs -X POST "$PG/auth/token" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench\",\"password\":\"$PASSWORD\"}" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')

log "loading bench/run.sh's data (1M posts, 100k users, 101k follows)"
psql -qX -d "$DB" -v ON_ERROR_STOP=1 -f "$ROOT/bench/seed-data.sql" >/dev/null

(cd bench/peers && DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$DB" PORT=$PGL_PORT \
  exec "$NODE22" node_modules/postgraphile/dist/cli-run.js --config graphile.config.mjs >"$WORK/postgraphile.log" 2>&1) &
pids+=($!)
for _ in $(seq 1 600); do
  curl -fs -o /dev/null -X POST "http://127.0.0.1:$PGL_PORT/graphql" -H 'Content-Type: application/json' \
    -d '{"query":"{__typename}"}' && break; sleep 0.1
done

post_lua() {
  local file=$1 body=$2; shift 2
  { echo 'wrk.method = "POST"'; echo "wrk.body = [==[$body]==]"
    for header in "$@"; do echo "wrk.headers[\"${header%%: *}\"] = [==[${header#*: }]==]"; done; } >"$file"
}
JSON='Content-Type: application/json'
SEED_ROOST='{"query":"{ user(id: \"2\") { name posts { title } } }"}'
SEED_PGL='{"query":"{ userByRowId(rowId: \"2\") { name postsByAuthorId(first: 20, orderBy: PRIMARY_KEY_DESC) { nodes { title } } } }"}'
WIDE_ROOST='{"query":"{ users(first: 50) { name posts(first: 10) { title author { name } } } }"}'
WIDE_PGL='{"query":"{ allUsers(first: 50, orderBy: PRIMARY_KEY_ASC) { nodes { name postsByAuthorId(first: 10, orderBy: PRIMARY_KEY_DESC) { nodes { title userByAuthorId { name } } } } } }"}'
post_lua "$WORK/seed-roost.lua" "$SEED_ROOST" "$JSON" "Authorization: Bearer $JWT"
post_lua "$WORK/seed-pgl.lua" "$SEED_PGL" "$JSON"
post_lua "$WORK/wide-roost.lua" "$WIDE_ROOST" "$JSON" "Authorization: Bearer $JWT"
post_lua "$WORK/wide-pgl.lua" "$WIDE_PGL" "$JSON"
check() { local code; code=$(curl -s -o "$WORK/check.out" -w '%{http_code}' "$@"); [[ $code == 2* ]] && ! grep -q '"errors"' "$WORK/check.out" \
  || { echo "workload check failed ($code): $* -> $(head -c 300 "$WORK/check.out")" >&2; exit 1; }; }
check -X POST "$PG/graphql" -H "$JSON" -H "Authorization: Bearer $JWT" -d "$SEED_ROOST"
cp "$WORK/check.out" "$WORK/seed-roost.json"
check -X POST "$PG/graphql" -H "$JSON" -H "Authorization: Bearer $JWT" -d "$WIDE_ROOST"
cp "$WORK/check.out" "$WORK/wide-roost.json"
check -X POST "http://127.0.0.1:$PGL_PORT/graphql" -H "$JSON" -d "$SEED_PGL"
check -X POST "http://127.0.0.1:$PGL_PORT/graphql" -H "$JSON" -d "$WIDE_PGL"

declare -A FIG ERR
wrk_run() {  # wrk_run <key> <url> [wrk args]: wrk_measure (bench/lib.sh), with Roost's log for Roost's URLs
  local key=$1 url=$2; shift 2
  local roost_log=-
  if [[ $url == "$PG"/* ]]; then roost_log=$WORK/roost.log; fi
  wrk_measure "$key" "$roost_log" "$url" "$@"
}
measure_round() {
  if [[ ${QUERIES:-seed,wide} == *seed* ]]; then
    wrk_run pgl_seed "http://127.0.0.1:$PGL_PORT/graphql" -s "$WORK/seed-pgl.lua"
    wrk_run seed "$PG/graphql" -s "$WORK/seed-roost.lua"
  fi
  if [[ ${QUERIES:-seed,wide} == *wide* ]]; then
    wrk_run pgl_wide "http://127.0.0.1:$PGL_PORT/graphql" -s "$WORK/wide-pgl.lua"
    wrk_run wide "$PG/graphql" -s "$WORK/wide-roost.lua"
  fi
}
log "warm-up round (${WARMUP}s per run)"
SAVED=$DURATION; DURATION=$WARMUP; measure_round; DURATION=$SAVED
JCMD=$(dirname "$JAVA")/jcmd
[ -n "${JFR:-}" ] && "$JCMD" "${pids[0]}" JFR.start name=bench settings=profile >/dev/null
declare -A RATIO CELL
ROWS=()
[[ ${QUERIES:-seed,wide} == *seed* ]] && ROWS+=("seed query user(id){name posts{title}}|pgl_seed|seed")
[[ ${QUERIES:-seed,wide} == *wide* ]] && ROWS+=("50 users x 10 posts with authors' names|pgl_wide|wide")
for round in $(seq 1 "$ROUNDS"); do
  log "round $round of $ROUNDS (${DURATION}s per run)"
  measure_round
  for row in "${ROWS[@]}"; do
    IFS='|' read -r name pkey rkey <<<"$row"
    ratio=$(echo "scale=3; ${FIG[$rkey]:-0} / (${FIG[$pkey]} + 0.001)" | bc)
    cell="${FIG[$rkey]}/${FIG[$pkey]}"
    errors=$(( ${ERR[$rkey]:-0} + ${ERR[$pkey]:-0} ))
    [ "$errors" != 0 ] && cell="$cell ($errors err)"
    RATIO[$name]="${RATIO[$name]:-} $ratio"
    CELL[$name]="${CELL[$name]:-}| $cell=$(printf '%.2f' "$ratio") "
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo
echo "GraphQL vs PostGraphile 5: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk -t2 -c64, ${DURATION}s per run, $ROUNDS rounds."
echo "Cells: Roost/PostGraphile requests per second = ratio."
echo
printf '| workload |'; for round in $(seq 1 "$ROUNDS"); do printf ' round %s |' "$round"; done; printf ' median |\n|---|'
for _ in $(seq 1 "$ROUNDS"); do printf -- '---|'; done; printf -- '---|\n'
for row in "${ROWS[@]}"; do
  IFS='|' read -r name pkey rkey <<<"$row"
  printf '| %s %s| %s |\n' "$name" "${CELL[$name]}" "$(printf '%.2f' "$(median <<<"${RATIO[$name]}")")"
done
if [ -n "${JFR:-}" ]; then
  "$JCMD" "${pids[0]}" JFR.stop name=bench filename="$WORK/roost.jfr" >/dev/null
  log "JFR recording: $WORK/roost.jfr"
fi
