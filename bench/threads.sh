#!/usr/bin/env bash
# Requests per second with requests on virtual threads and on platform threads (issue 46; docs/running.md,
# "Threads"): the same jar started once per setting side by side on the embedded defaults, each warmed up, then
# wrk -t2 -c64 for DURATION seconds on a REST read (public reading, one database read), a static file and a GraphQL
# query over HTTP, the settings taking turns run after run (ROUNDS rounds), so that a machine whose load varies
# weighs on each alike; the table gives each setting's median. Logins are left out: they queue for the password
# pool (roost.passwords.*), whichever thread asks.
#
#   mvn -DskipTests package && bench/threads.sh        # DURATION=5 ROUNDS=5 PORT=18450 by default
#   SETTINGS="virtual:true platform:false pool32:false:--server.tomcat.threads.max=32" bench/threads.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
JAVA=$(jdk25)
JAR=$(ls target/roost-*.jar | grep -v original | head -n1)
DURATION=${DURATION:-5}; ROUNDS=${ROUNDS:-5}; PORT=${PORT:-18450}
SETTINGS=${SETTINGS:-"virtual:true platform:false"}
WORK=$(mktemp -d)
PIDS=()
trap 'for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$WORK"' EXIT
declare -A FIG ERR CPU
TICKS=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }  # the process's user + system CPU so far
cat >"$WORK/graphql.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"query":"{ post(id: \\"1\\") { id title author { name } } }"}'
LUA
names=(); i=0
for setting in $SETTINGS; do
  IFS=: read -r name virtual extra <<<"$setting"
  port=$((PORT + i)); i=$((i + 1)); names+=("$name")
  mkdir -p "$WORK/$name"
  (cd "$WORK/$name" && exec "$JAVA" -Xmx512m -XX:CompileCommand=quiet \
    '-XX:CompileCommand=inline,org.bouncycastle.crypto.generators.Argon2BytesGenerator*::*' -jar "$OLDPWD/$JAR" \
    --server.port="$port" --spring.threads.virtual.enabled="$virtual" ${extra:+"$extra"} --roost.shutdown.drain=0s \
    --roost.rate-limits.enabled=false --logging.level.access=WARN >"$WORK/$name.log" 2>&1) &
  PIDS+=($!)
  eval "PORT_$name=$port PID_$name=$!"
done
for name in "${names[@]}"; do
  port_var="PORT_$name"; base="http://127.0.0.1:${!port_var}"
  wait_for "$base/actuator/health/liveness" 180
  curl -fs -o /dev/null -H 'Content-Type: application/json' \
    -d '{"username":"bench","name":"bench","password":"correct horse battery"}' "$base/api/v1/users"
  curl -fs -o /dev/null -H 'Content-Type: application/json' -H 'Accept: application/json' \
    -d '{"title":"bench","body":"bench"}' "$base/api/v1/users/1/posts" || true
  log "warming up $name"
  wrk -t2 -c64 -d10s "$base/api/v1/users/1" >/dev/null || true
  wrk -t2 -c64 -d10s "$base/app/app.css" >/dev/null || true
  wrk -t2 -c64 -d10s -s "$WORK/graphql.lua" "$base/graphql" >/dev/null || true
done
for round in $(seq 1 "$ROUNDS"); do
  log "round $round of $ROUNDS"
  for workload in rest static graphql; do
    for name in "${names[@]}"; do
      port_var="PORT_$name"; base="http://127.0.0.1:${!port_var}"
      pid_var="PID_$name"; before=$(cpu_ticks "$(pgrep -P "${!pid_var}" java || echo "${!pid_var}")")
      case $workload in
        rest) wrk_measure "$workload-$name-$round" "$WORK/$name.log" "$base/api/v1/users/1" ;;
        static) wrk_measure "$workload-$name-$round" "$WORK/$name.log" "$base/app/app.css" ;;
        graphql) wrk_measure "$workload-$name-$round" "$WORK/$name.log" "$base/graphql" -s "$WORK/graphql.lua" ;;
      esac
      after=$(cpu_ticks "$(pgrep -P "${!pid_var}" java || echo "${!pid_var}")")
      # requests per CPU-second of the service: what a request costs, whatever else the machine was running
      CPU[$workload-$name-$round]=$(( FIG[$workload-$name-$round] * DURATION * TICKS / (after - before > 0 ? after - before : 1) ))
    done
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
table() {  # table <FIG|CPU> <title>
  local -n figures=$1
  printf '%-8s' "$2"; for name in "${names[@]}"; do printf ' %16s' "$name"; done; printf '   (each run)\n'
  for workload in rest static graphql; do
    printf '%-8s' "$workload"
    runs=""
    for name in "${names[@]}"; do
      printf ' %16s' "$(for r in $(seq 1 "$ROUNDS"); do echo "${figures[$workload-$name-$r]}"; done | median)"
      runs+=" $name:$(for r in $(seq 1 "$ROUNDS"); do printf '%s,' "${figures[$workload-$name-$r]}"; done)"
    done
    printf '  %s\n' "$runs"
  done
}
echo "Load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg); errors: $(IFS=+; echo "$(( ${ERR[*]} ))")"
table FIG "req/s"
table CPU "req/cpu-s"
