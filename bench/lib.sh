# Shared by the benchmark scripts (sourced): finding a JDK 25, logging, waiting for an address to answer.

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
