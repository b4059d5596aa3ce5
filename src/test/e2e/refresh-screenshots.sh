#!/bin/sh
# Refreshes docs/screenshots from the browser tests: runs them (they write target/screenshots only), then copies the
# images docs/screenshots already has, by name, over the committed ones. Needs PostgreSQL, Redis, node and Chromium
# (docs/webapp.md, "Screenshots"). Run from anywhere: src/test/e2e/refresh-screenshots.sh [test classes]
set -eu
cd "$(dirname "$0")/../../.."
tests="${1:-WebAppEndToEndTest,SwaggerUiEndToEndTest}"
mvn -q test -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false
copied=0
for f in docs/screenshots/*.png; do
  new="target/screenshots/${f##*/}"
  if [ -f "$new" ]; then cp "$new" "$f"; copied=$((copied + 1)); fi
done
echo "refreshed $copied images in docs/screenshots (look at them before committing)"
