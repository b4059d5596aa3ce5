# Shared by the benchmark scripts (sourced): finding a JDK 25, logging, waiting for an address to answer, one wrk run
# with its errors, reading Roost's log for the requests it failed.

# jdk25: prints the path of a java 25 or later (JAVA_HOME first, then /usr/lib/jvm), or exits 2 saying none was found
jdk25() {
  local candidate
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*25*/bin/java; do
    "$candidate" -version 2>&1 | grep -q 'version "2[5-9]' && { echo "$candidate"; return 0; }
  done
  echo "No JDK 25 found (JAVA_HOME or /usr/lib/jvm)" >&2
  exit 2
}

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

wait_for() {  # wait_for <url> <seconds>
  for _ in $(seq 1 "$(($2 * 10))"); do curl -fs -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "no answer from $1" >&2; return 1
}

failed_in_log() {  # failed_in_log <log> <from line>: requests after that line that Roost answered with a dependency
  # failure or an unexpected one, counted once each by request id. A GraphQL field error still answers 200, which wrk
  # counts as a success, so the log is where such answers show.
  tail -n +"$(( $2 + 1 ))" "$1" | grep -E 'A dependency is down|Dependency unavailable|Unexpected failure' \
    | grep -oE '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' | sort -u | wc -l || true  # none: 0
}

# wrk_measure <key> <Roost's log, or - for a peer> <url> [wrk args]: wrk -t2 -c64 for DURATION seconds. Requests/s go
# into FIG[key]; errors into ERR[key]: wrk's non-2xx answers and socket errors, or, where larger, the requests Roost's
# log shows it failed during the run (a failed answer is logged too, so the two are not added; a GraphQL field error
# answers 200, which wrk counts as a success). FIG and ERR are the caller's associative arrays.
wrk_measure() {
  local key=$1 roost_log=$2 url=$3; shift 3
  local from=0
  if [ "$roost_log" != - ]; then from=$(wc -l <"$roost_log"); fi
  local out; out=$(wrk -t2 -c64 -d"${DURATION}s" "$@" "$url" 2>&1)
  FIG[$key]=$(awk '/Requests\/sec/ {printf "%.0f", $2}' <<<"$out")
  ERR[$key]=$(( $(awk '/Non-2xx/ {print $5}' <<<"$out" | grep . || echo 0) \
    + $(awk -F'[ ,]+' '/Socket errors/ {print $4 + $6 + $8 + $10}' <<<"$out" | grep . || echo 0) ))
  if [ "$roost_log" != - ]; then
    local failed; failed=$(failed_in_log "$roost_log" "$from")
    if (( failed > ERR[$key] )); then ERR[$key]=$failed; fi
  fi
}
