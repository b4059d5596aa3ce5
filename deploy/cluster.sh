#!/usr/bin/env bash
# Runs N Roost instances (the packaged jar) plus nginx in front of them, on this machine, against a
# PostgreSQL and a Redis given by URL. Everything listens on loopback only.
#
#   deploy/cluster.sh start [N]        start N instances (default 3) and nginx; waits until all are ready
#   deploy/cluster.sh stop             stop nginx and every instance (SIGTERM, then SIGKILL after STOP_WAIT s)
#   deploy/cluster.sh restart-instance I   graceful restart of instance I (1-based): SIGTERM, wait, start, wait ready
#   deploy/cluster.sh kill-instance I      kill -9 instance I (no restart)
#   deploy/cluster.sh start-instance I     start instance I and wait until it is ready
#   deploy/cluster.sh status           which instances answer readiness
#
# Settings (environment): DATABASE_URL, REDIS_URL, DB_SCHEMA (created and migrated if absent), BASE_PORT
# (nginx listens there, instance I on BASE_PORT+I), ISSUER, JAR, JAVA, JAVA_OPTS, RUN_DIR (pids, logs),
# STOP_WAIT (seconds before SIGKILL), READY_WAIT (seconds to wait for readiness).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

BASE_PORT="${BASE_PORT:-17400}"
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
DB_SCHEMA="${DB_SCHEMA:-roost_cluster}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/3}"
ISSUER="${ISSUER:-http://127.0.0.1:$BASE_PORT}"
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
JAVA_OPTS="${JAVA_OPTS:--Xmx320m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
RUN_DIR="${RUN_DIR:-/tmp/roost-cluster-$BASE_PORT}"
STOP_WAIT="${STOP_WAIT:-30}"
READY_WAIT="${READY_WAIT:-120}"
JAR="${JAR:-$(ls "$root"/target/roost-*.jar 2>/dev/null | grep -v -e sources -e original | head -n1 || true)}"

mkdir -p "$RUN_DIR"
port_of() { echo $((BASE_PORT + $1)); }
pid_of() { cat "$RUN_DIR/instance-$1.pid" 2>/dev/null || true; }
alive() { local pid; pid="$(pid_of "$1")"; [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }
ready() { curl -fsS -m 2 "http://127.0.0.1:$(port_of "$1")/actuator/health/readiness" >/dev/null 2>&1; }

wait_ready() {
  local deadline=$((SECONDS + READY_WAIT))
  until ready "$1"; do
    if ! alive "$1"; then echo "instance $1 died while starting; see $RUN_DIR/instance-$1.log" >&2; return 1; fi
    if [ "$SECONDS" -ge "$deadline" ]; then echo "instance $1 not ready after ${READY_WAIT}s" >&2; return 1; fi
    sleep 0.5
  done
}

start_instance() {
  local i="$1"
  [ -n "$JAR" ] && [ -f "$JAR" ] || { echo "No jar: run 'mvn -DskipTests package' or set JAR" >&2; exit 1; }
  if alive "$i"; then echo "instance $i already running"; return 0; fi
  local url="$DATABASE_URL"
  case "$url" in *\?*) url="$url&currentSchema=$DB_SCHEMA" ;; *) url="$url?currentSchema=$DB_SCHEMA" ;; esac
  # shellcheck disable=SC2086
  DATABASE_URL="$url" REDIS_URL="$REDIS_URL" PORT="$(port_of "$i")" \
    setsid "$JAVA" $JAVA_OPTS -jar "$JAR" \
      --spring.flyway.schemas="$DB_SCHEMA" --spring.flyway.create-schemas=true \
      --spring.security.oauth2.authorizationserver.issuer="$ISSUER" \
      --server.address=127.0.0.1 \
      >>"$RUN_DIR/instance-$i.log" 2>&1 < /dev/null &
  echo $! >"$RUN_DIR/instance-$i.pid"
}

stop_instance() {
  local i="$1" pid
  pid="$(pid_of "$i")"
  [ -n "$pid" ] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + STOP_WAIT))
    while kill -0 "$pid" 2>/dev/null; do
      if [ "$SECONDS" -ge "$deadline" ]; then kill -KILL "$pid" 2>/dev/null || true; break; fi
      sleep 0.2
    done
  fi
  rm -f "$RUN_DIR/instance-$i.pid"
}

write_nginx_conf() {
  local n="$1" servers="" i
  for i in $(seq 1 "$n"); do servers+="        server 127.0.0.1:$(port_of "$i") max_fails=1 fail_timeout=2s;"$'\n'; done
  cp "$here/nginx/roost-proxy.conf" "$RUN_DIR/roost-proxy.conf"
  cat >"$RUN_DIR/nginx.conf" <<CONF
worker_processes 1;
pid $RUN_DIR/nginx.pid;
error_log $RUN_DIR/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $RUN_DIR/nginx-tmp/body;
    proxy_temp_path $RUN_DIR/nginx-tmp/proxy;
    fastcgi_temp_path $RUN_DIR/nginx-tmp/fastcgi;
    uwsgi_temp_path $RUN_DIR/nginx-tmp/uwsgi;
    scgi_temp_path $RUN_DIR/nginx-tmp/scgi;
    limit_conn_zone \$binary_remote_addr zone=roost_conn:10m;
    map \$http_upgrade \$roost_connection {
        default upgrade;
        ''      '';
    }
    upstream roost {
$servers        keepalive 32;
    }
    server {
        listen 127.0.0.1:$BASE_PORT;
        include $RUN_DIR/roost-proxy.conf;
    }
}
CONF
  echo "$n" >"$RUN_DIR/instances"
}

nginx_bin() { command -v nginx || echo /usr/sbin/nginx; }

case "${1:-}" in
  start)
    n="${2:-3}"
    write_nginx_conf "$n"
    # Start one first: it migrates an empty schema; the others then start together.
    start_instance 1; wait_ready 1
    for i in $(seq 2 "$n"); do start_instance "$i"; done
    for i in $(seq 2 "$n"); do wait_ready "$i"; done
    mkdir -p "$RUN_DIR/nginx-tmp"
    "$(nginx_bin)" -t -q -c "$RUN_DIR/nginx.conf"
    if [ -f "$RUN_DIR/nginx.pid" ] && kill -0 "$(cat "$RUN_DIR/nginx.pid")" 2>/dev/null; then
      "$(nginx_bin)" -c "$RUN_DIR/nginx.conf" -s reload
    else
      "$(nginx_bin)" -c "$RUN_DIR/nginx.conf"
    fi
    echo "roost: $n instances on ports $(port_of 1)-$(port_of "$n"), nginx on http://127.0.0.1:$BASE_PORT (logs in $RUN_DIR)"
    ;;
  stop)
    if [ -f "$RUN_DIR/nginx.pid" ]; then
      "$(nginx_bin)" -c "$RUN_DIR/nginx.conf" -s quit 2>/dev/null || true
      rm -f "$RUN_DIR/nginx.pid"
    fi
    for f in "$RUN_DIR"/instance-*.pid; do
      [ -e "$f" ] || continue
      i="${f##*/instance-}"; i="${i%.pid}"
      stop_instance "$i" &
    done
    wait
    echo "roost: stopped"
    ;;
  start-instance) start_instance "$2"; wait_ready "$2" ;;
  restart-instance) stop_instance "$2"; start_instance "$2"; wait_ready "$2" ;;
  kill-instance)
    pid="$(pid_of "$2")"; [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    rm -f "$RUN_DIR/instance-$2.pid"
    ;;
  status)
    for i in $(seq 1 "$(cat "$RUN_DIR/instances" 2>/dev/null || echo 0)"); do
      if ready "$i"; then echo "instance $i (port $(port_of "$i")): ready"; else echo "instance $i (port $(port_of "$i")): not ready"; fi
    done
    ;;
  *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
