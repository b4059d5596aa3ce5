#!/usr/bin/env bash
# Start-up of the packaged jar: plain, with the JVM's AOT cache and docs/running.md's small heap (JDK 25, JEP
# 483/514/515), and with Spring's AOT processing on top (the jar built with mvn -Paot, run with
# -Dspring.aot.enabled=true): seconds from launch to the first healthy answer and resident memory once idle, ROUNDS
# times each, alternating.
#
#   bench/startup.sh      # builds the jar (-Paot), extracts it, trains the caches, then measures (about 3 minutes)
#
# The service runs with its embedded defaults (H2 in memory, no Redis) on 127.0.0.1:${BENCH_PORT:-19150}.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
PORT=${BENCH_PORT:-19150}
JAVA=""
for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*25*/bin/java; do
  "$candidate" -version 2>&1 | grep -q 'version "2[5-9]' && JAVA=$candidate && break
done
[ -n "$JAVA" ] || { echo "No JDK 25 found (JAVA_HOME or /usr/lib/jvm)" >&2; exit 2; }
log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

log "building (with Spring AOT processing, which compiles its generated sources with Maven's own JDK) and extracting the jar"
JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$JAVA")")") mvn -q -B -Paot -DskipTests package
JAR=$(ls target/roost-*.jar | grep -v original | head -n1)
APP=target/startup
rm -rf "$APP" && "$JAVA" -Djarmode=tools -jar "$JAR" extract --destination "$APP" >/dev/null
APP_JAR=$APP/$(basename "$JAR")
ARGS=(--server.port="$PORT" --server.address=127.0.0.1 --roost.redis.enabled=false --logging.level.root=WARN
  "--spring.datasource.url=jdbc:h2:mem:startup;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1")
# The production flags of docs/running.md: a small, serially collected heap that starts at 64 MB (a larger initial heap
# starts a little faster and is resident from the start; see docs/performance.md, "Start-up").
SMALL=(-XX:+UseSerialGC -Xms64m -Xmx256m -Xss512k -XX:CompileCommand=quiet
  "-XX:CompileCommand=inline,org.bouncycastle.crypto.generators.Argon2BytesGenerator*::*")
log "training the AOT caches (Spring Boot exits after the context refresh), each with the options it runs with"
"$JAVA" "${SMALL[@]}" -XX:AOTCacheOutput="$APP/small.aot" -Dspring.context.exit=onRefresh -jar "$APP_JAR" "${ARGS[@]}" \
  >"$APP/train-small.log" 2>&1
"$JAVA" "${SMALL[@]}" -Dspring.aot.enabled=true -XX:AOTCacheOutput="$APP/spring-aot.aot" -Dspring.context.exit=onRefresh \
  -jar "$APP_JAR" "${ARGS[@]}" >"$APP/train-spring-aot.log" 2>&1

run() {  # run <label> [jvm options]: prints "<seconds> <rss MB>"
  local label=$1; shift
  local start; start=$(date +%s.%N)
  "$JAVA" "$@" -jar "$APP_JAR" "${ARGS[@]}" >"$APP/$label.log" 2>&1 &
  local pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$PORT/actuator/health/readiness"; do
    kill -0 "$pid" 2>/dev/null || { echo "the service exited (see $APP/$label.log)" >&2; exit 1; }
    sleep 0.05
  done
  local took; took=$(echo "$(date +%s.%N) - $start" | bc)
  sleep 5
  local rss; rss=$(ps -o rss= -p "$pid" | awk '{printf "%d", $1 / 1024}')
  kill "$pid"; wait "$pid" 2>/dev/null || true
  printf '%.2f %s\n' "$took" "$rss"
}
declare -a PLAIN SMALLAOT SPRINGAOT
for round in $(seq 1 "$ROUNDS"); do
  log "round $round of $ROUNDS"
  PLAIN+=("$(run plain)")
  SMALLAOT+=("$(run small "${SMALL[@]}" -XX:AOTCache="$APP/small.aot")")
  SPRINGAOT+=("$(run spring-aot "${SMALL[@]}" -Dspring.aot.enabled=true -XX:AOTCache="$APP/spring-aot.aot")")
done
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo
echo "Start-up: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| JVM | rounds (s to healthy / MB RSS idle) | median s | median MB |"
echo "|---|---|---|---|"
for kind in PLAIN SMALLAOT SPRINGAOT; do
  declare -n rows=$kind
  case $kind in PLAIN) label=plain ;; SMALLAOT) label="-XX:AOTCache and docs/running.md's JVM_OPTS" ;;
    *) label="the same and -Dspring.aot.enabled=true (docs/running.md's command)" ;; esac
  printf '| %s | %s | %s | %s |\n' "$label" \
    "$(printf '%s, ' "${rows[@]/ / / }" | sed 's/, $//')" \
    "$(printf '%s\n' "${rows[@]}" | cut -d' ' -f1 | median)" "$(printf '%s\n' "${rows[@]}" | cut -d' ' -f2 | median)"
done
