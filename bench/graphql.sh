#!/usr/bin/env bash
# Requests per second of the seed's GraphQL query, user(id){ name posts { title } }, against the
# equivalent REST calls (GET /api/v1/users/{id} and GET /api/v1/users/{id}/posts), in one run
# against a running Roost. Loopback only; bounded by DURATION seconds per case and CONCURRENCY.
#
#   mvn spring-boot:run -Dspring-boot.run.arguments=--server.port=8094   # in another terminal
#   bench/graphql.sh [http://127.0.0.1:8094]
set -euo pipefail
BASE="${1:-http://127.0.0.1:8094}"
case "$BASE" in
  http://127.0.0.1:*|http://localhost:*|http://\[::1\]:*) ;;
  *) echo "refusing to load anything but loopback: $BASE" >&2; exit 2 ;;
esac
DURATION="${DURATION:-10}"
CONCURRENCY="${CONCURRENCY:-8}"
[ "$DURATION" -le 60 ] && [ "$CONCURRENCY" -le 64 ] || { echo "DURATION <= 60 and CONCURRENCY <= 64" >&2; exit 2; }
exec node "$(dirname "$0")/load.mjs" "$BASE" "$DURATION" "$CONCURRENCY"
