#!/usr/bin/env bash
# Issue 34's import at size: 200,000 users and 1,000,000 follows written by SQL (as docs/operations.md,
# "Imported data", allows), one author among them followed by all 200,000. Then, before any repair, that author
# posts (each answer's status and time), and POST /actuator/repair runs with the default settings (its answer and
# how long it took). Not a test: the figures depend on the machine (docs/performance.md, "Imports at size").
#
#   bench/repair.sh    # builds the jar (BENCH_NO_BUILD=1: the jar in target/ as it is); about 3 minutes when quiet
#
# Needs JDK 25, Maven, psql, curl, bc and a PostgreSQL server on BENCH_PG_HOST:BENCH_PG_PORT (127.0.0.1:5432, user
# postgres, trust); the database BENCH_PG_DB (roost_repair) is dropped and recreated. Roost listens on BENCH_PORT
# (19160), loopback only, with its defaults (statement timeout included) and no Redis; BENCH_ROOST_ARGS adds arguments
# (on an overloaded machine: --roost.database.connect-timeout=10s).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. "$ROOT/bench/lib.sh"
JAVA=$(jdk25)
export PGHOST=${BENCH_PG_HOST:-127.0.0.1} PGPORT=${BENCH_PG_PORT:-5432} PGUSER=${BENCH_PG_USER:-postgres}
case "$PGHOST" in 127.0.0.1|localhost|::1) ;; *) echo "loopback PostgreSQL only" >&2; exit 2 ;; esac
DB=${BENCH_PG_DB:-roost_repair}
PORT=${BENCH_PORT:-19160}
USERS=${USERS:-200000}
FOLLOWS_EACH=${FOLLOWS_EACH:-4}   # besides following the author: 200,000 + 4 x 200,000 = 1,000,000 follows
WORK=$ROOT/target/bench-repair
mkdir -p "$WORK"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; } || true; }
trap cleanup EXIT

[ -n "${BENCH_NO_BUILD:-}" ] || { log "building the jar"; mvn -q -B -DskipTests package; }
JAR=$(ls target/roost-*.jar | grep -v original | head -n1)
psql -qX -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
log "starting Roost on PostgreSQL database $DB"
"$JAVA" -XX:CompileCommand=quiet -jar "$JAR" --server.port="$PORT" --server.address=127.0.0.1 --roost.redis.enabled=false \
  --spring.datasource.url="jdbc:postgresql://$PGHOST:$PGPORT/$DB" --spring.datasource.username="$PGUSER" \
  --spring.datasource.password= --logging.level.root=WARN --logging.level.org.roost=INFO ${BENCH_ROOST_ARGS:-} \
  >"$WORK/roost.log" 2>&1 &
pid=$!
until curl -fs -o /dev/null "http://127.0.0.1:$PORT/actuator/health/readiness"; do
  kill -0 "$pid" 2>/dev/null || { echo "Roost exited (see $WORK/roost.log)" >&2; pid=""; exit 1; }
  sleep 0.5
done
BASE=http://127.0.0.1:$PORT
PASSWORD="a long enough benchmark password"
curl -fs -o /dev/null -X POST "$BASE/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"star\",\"name\":\"Star\",\"password\":\"$PASSWORD\"}"
JWT=$(curl -fs -X POST "$BASE/auth/token" -H 'Content-Type: application/json' \
  -d "{\"username\":\"star\",\"password\":\"$PASSWORD\"}" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
STAR=$(psql -qtAX -d "$DB" -c "SELECT id FROM users WHERE username = 'star'")

log "importing $USERS users and $((USERS * (FOLLOWS_EACH + 1))) follows by SQL"
started=$(date +%s.%N)
psql -qX -d "$DB" -v ON_ERROR_STOP=1 -v users="$USERS" -v each="$FOLLOWS_EACH" -v star="$STAR" >/dev/null <<'SQL'
INSERT INTO users (username, name, password_hash, created_at, updated_at)
  SELECT 'imp' || g, 'Imported ' || g, 'x', now(), now() FROM generate_series(1, :users) g;
CREATE TEMP TABLE imported AS SELECT min(id) AS first FROM users WHERE username LIKE 'imp%';
INSERT INTO follows (user_id, follower_id, created_at) SELECT :star, first + g, now() FROM imported, generate_series(0, :users - 1) g;
INSERT INTO follows (user_id, follower_id, created_at)
  SELECT first + (g + k) % :users, first + g, now() FROM imported, generate_series(0, :users - 1) g, generate_series(1, :each) k;
VACUUM ANALYZE users; VACUUM ANALYZE follows;
SQL
IMPORT_S=$(printf '%.1f' "$(echo "$(date +%s.%N) - $started" | bc)")
log "imported in ${IMPORT_S}s: $(psql -qtAX -d "$DB" -c "SELECT count(*) FROM follows") follows"

POSTS=""
for i in 1 2 3 4 5; do
  POSTS="$POSTS $(curl -s -o /dev/null -w '%{http_code}/%{time_total}s' -X POST "$BASE/api/v1/users/$STAR/posts" \
    -H 'Content-Type: application/json' -H "Authorization: Bearer $JWT" -d "{\"title\":\"After the import $i\",\"body\":\"x\"}")"
done
log "posts by the author before the repair (status/time):$POSTS"

started=$(date +%s.%N)
REPAIR=$(curl -s -w ' %{http_code}' -X POST "$BASE/actuator/repair")
REPAIR_S=$(printf '%.1f' "$(echo "$(date +%s.%N) - $started" | bc)")
STATE=$(psql -qtAX -d "$DB" -c "SELECT follower_count || ' followers, mode ' || timeline_mode FROM users WHERE id = $STAR")
echo
echo "Repair bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "import by SQL: $USERS users, $((USERS * (FOLLOWS_EACH + 1))) follows in ${IMPORT_S}s"
echo "POST by the author followed by all $USERS, before the repair (status/time):$POSTS"
echo "POST /actuator/repair: $REPAIR in ${REPAIR_S}s; the author afterwards: $STATE"
grep -i "repair" "$WORK/roost.log" | tail -n 3 | cut -c1-240 || true
