#!/usr/bin/env bash
# The soak run (issue 46; not run in CI): two instances of the packaged jar behind nginx (deploy/cluster.sh) on
# PostgreSQL and Redis, for SOAK_SECONDS (default 3600), under a mixed load:
#   - deploy/Drill.java: RATE requests a second through nginx, two reads for each write, every post read back at the
#     end (lost writes: acknowledged, not found);
#   - sign-ins (POST /auth/token) and GraphQL queries over HTTP, one of each every second, straight to each instance;
#   - SUBSCRIBERS GraphQL WebSocket subscribers and as many SSE subscribers (node's global WebSocket and fetch: the
#     WebSocket ones need node 22 or later), reconnecting when an instance ends their stream;
#   - a graceful restart of instance 2 every RESTART_EVERY seconds (default 300).
# Every SAMPLE seconds (default 30) it writes a line to $RUN_DIR/soak.csv: time, each instance's resident memory
# (MB) and liveness status (a freeze: no answer within 5 s), sign-in and GraphQL answers and failures so far.
# At the end it prints the drill's counts (requests, failures, lost writes) and the timeline's summary: freezes,
# memory at the start and at the end. Loopback only. Settings as deploy/cluster.sh (DATABASE_URL, REDIS_URL,
# DB_SCHEMA, BASE_PORT, JAR, JAVA ...).
#
#   mvn -DskipTests package
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/3 bench/soak.sh
#   SOAK_SECONDS=120 RESTART_EVERY=60 bench/soak.sh      # a short smoke run
set -euo pipefail
cd "$(dirname "$0")/.."
SOAK_SECONDS="${SOAK_SECONDS:-3600}"
RESTART_EVERY="${RESTART_EVERY:-300}"
SAMPLE="${SAMPLE:-30}"
RATE="${RATE:-40}"
SUBSCRIBERS="${SUBSCRIBERS:-50}"
BASE_PORT="${BASE_PORT:-17400}"
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
export BASE_PORT DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
  REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/3}" DB_SCHEMA="${DB_SCHEMA:-roost_soak}"
case "$DATABASE_URL$REDIS_URL" in *127.0.0.1*|*localhost*) ;; *) echo "loopback only" >&2; exit 2 ;; esac
export JAVA_OPTS="${JAVA_OPTS:--Droost.rate-limits.enabled=false -Droost.login-throttle.per-username=1000000}"
RUN_DIR="${RUN_DIR:-/tmp/roost-soak-$BASE_PORT}"; export RUN_DIR
mkdir -p "$RUN_DIR"
stop="$RUN_DIR/soak.stop"; rm -f "$stop" "$RUN_DIR"/soak-*.count
PIDS=()
trap 'touch "$stop"; for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; deploy/cluster.sh stop >/dev/null 2>&1 || true' EXIT

deploy/cluster.sh stop >/dev/null 2>&1 || true
deploy/cluster.sh start 2
nginx="http://127.0.0.1:$BASE_PORT"; one="http://127.0.0.1:$((BASE_PORT + 1))"; two="http://127.0.0.1:$((BASE_PORT + 2))"
user="soak$RANDOM"; password="correct horse battery"
curl -fs -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"name\":\"Soak\",\"password\":\"$password\"}" "$one/api/v1/users"

"$JAVA" deploy/Drill.java "$nginx" "$RATE" "$stop" "$((SOAK_SECONDS + 60))" >"$RUN_DIR/drill.out" 2>&1 &
PIDS+=($!)

count() { echo x >>"$RUN_DIR/soak-$1.count"; }  # one line per event; wc -l reads them
(while [ ! -e "$stop" ]; do  # sign-ins and GraphQL, each instance in turn
  for base in "$one" "$two"; do
    token=$(curl -s -m 5 -H 'Content-Type: application/json' -d "{\"username\":\"$user\",\"password\":\"$password\"}" \
      "$base/auth/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
    if [ -n "$token" ]; then count signin-ok; else count signin-failed; fi
    code=$(curl -s -m 5 -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
      -d '{"query":"{ feed(first: 5) { id title } }"}' -H "Authorization: Bearer $token" "$base/graphql" || true)
    if [ "$code" = 200 ]; then count graphql-ok; else count graphql-failed; fi
  done
  sleep 1
done) &
PIDS+=($!)

if command -v node >/dev/null; then  # subscribers: WebSocket and SSE, reconnecting, half on each instance
  token=$(curl -s -H 'Content-Type: application/json' -d "{\"username\":\"$user\",\"password\":\"$password\"}" \
    "$one/auth/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
  node - "$one" "$two" "$SUBSCRIBERS" "$token" "$stop" >"$RUN_DIR/subscribers.out" 2>&1 <<'JS' &
const [one, two, count, token, stop] = process.argv.slice(2);
const fs = require('fs');
let events = 0, opened = 0, ended = 0;
function ws(base) {
  const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  socket.onopen = () => { opened++; socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: 'Bearer ' + token } })); };
  socket.onmessage = m => { const d = JSON.parse(m.data);
    if (d.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { postCreated { id } }' } }));
    if (d.type === 'next') events++; };
  socket.onclose = () => { ended++; if (!fs.existsSync(stop)) setTimeout(() => ws(base), 1000); };
  socket.onerror = () => {};
}
async function sse(base) {
  while (!fs.existsSync(stop)) {
    try {
      const answer = await fetch(base + '/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json',
        Accept: 'text/event-stream', Authorization: 'Bearer ' + token }, body: JSON.stringify({ query: 'subscription { postCreated { id } }' }) });
      opened++;
      for await (const chunk of answer.body) { events += (String(Buffer.from(chunk)).match(/event: next/g) || []).length; }
    } catch (e) { }
    ended++;
    await new Promise(r => setTimeout(r, 1000));
  }
}
// node 20 has no global WebSocket (22 has): SSE subscribers only there, said in the output
if (typeof WebSocket === 'undefined') console.log('no WebSocket in this node: SSE subscribers only');
for (let i = 0; i < count; i++) { const base = i % 2 ? two : one; if (typeof WebSocket !== 'undefined') ws(base); sse(base); }
setInterval(() => { console.log(JSON.stringify({ opened, ended, events })); if (fs.existsSync(stop)) process.exit(0); }, 10000);
JS
  PIDS+=($!)
fi

echo "time,rss_1_mb,rss_2_mb,liveness_1,liveness_2,signin_ok,signin_failed,graphql_ok,graphql_failed" >"$RUN_DIR/soak.csv"
lines() { wc -l <"$RUN_DIR/soak-$1.count" 2>/dev/null || echo 0; }
rss() { local pid; pid=$(cat "$RUN_DIR/instance-$1.pid" 2>/dev/null || true)
  [ -n "$pid" ] && awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$pid/status" 2>/dev/null || echo -; }
live() { curl -s -m 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((BASE_PORT + $1))/actuator/health/liveness" || echo none; }
start=$SECONDS; next_restart=$((start + RESTART_EVERY)); restarts=0
while [ $((SECONDS - start)) -lt "$SOAK_SECONDS" ]; do
  echo "$(date -u +%T),$(rss 1),$(rss 2),$(live 1),$(live 2),$(lines signin-ok),$(lines signin-failed),$(lines graphql-ok),$(lines graphql-failed)" \
    | tee -a "$RUN_DIR/soak.csv"
  if [ "$SECONDS" -ge "$next_restart" ]; then
    echo "$(date -u +%T) restarting instance 2"
    deploy/cluster.sh restart-instance 2; restarts=$((restarts + 1)); next_restart=$((SECONDS + RESTART_EVERY))
  fi
  sleep "$SAMPLE"
done
touch "$stop"
wait "${PIDS[0]}" || true
echo "--- drill (reads, writes, lost writes) ---"; cat "$RUN_DIR/drill.out"
echo "--- subscribers (last) ---"; tail -n 1 "$RUN_DIR/subscribers.out" 2>/dev/null || echo "no node: none"
echo "--- timeline: $RUN_DIR/soak.csv; restarts of instance 2: $restarts ---"
awk -F, 'NR > 1 && ($4 == "none" || $5 == "none") {f++} NR == 2 {print "memory at the start (MB): " $2 ", " $3}
  END {print "memory at the end (MB): " $2 ", " $3; print "samples with an instance not answering liveness in 5 s: " f + 0}' \
  "$RUN_DIR/soak.csv"
