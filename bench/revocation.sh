#!/usr/bin/env bash
# Revocation propagation between two instances (logout and password change on one, refusal on the other):
# prints p50/p99/max of the delay over ROUNDS rounds. Starts two instances and nginx with deploy/cluster.sh
# (ports BASE_PORT+1, +2; default 17400) against DATABASE_URL / REDIS_URL, unless KEEP_RUNNING=1 finds them up.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-200}"
BASE_PORT="${BASE_PORT:-17400}"
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
started=0
if ! BASE_PORT="$BASE_PORT" deploy/cluster.sh status 2>/dev/null | grep -q "instance 2.*: ready"; then
  BASE_PORT="$BASE_PORT" deploy/cluster.sh start 2 >/dev/null
  started=1
fi
trap '[ "$started" = 1 ] && BASE_PORT="$BASE_PORT" deploy/cluster.sh stop >/dev/null' EXIT
"$JAVA" bench/Revocation.java "http://127.0.0.1:$((BASE_PORT + 1))" "http://127.0.0.1:$((BASE_PORT + 2))" "$ROUNDS"
