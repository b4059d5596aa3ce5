# Big-account rows of bench/run.sh (docs/timelines.md), sourced by it; `bench/run.sh timelines` runs them alone
# with the POST row. Needs from run.sh: DB, PG, WORK, PASSWORD, JSON, log, post_lua, check, wrk_run.
#
# The data, written by SQL as an import would be, then repaired through POST /actuator/repair (counters, big
# authors, feed rows): 200,000 followers (tl1..tl200000) of tlw200k; 10 of them follow tlw10; tlprolific has
# 1,000,000 posts and tlthousand 1,000 (a follow copies the newest 200 of either); 50 ordinary authors (tl1..tl50) and tlw200k wrote 20 posts each, interleaved;
# tlreadbig follows the 50 and tlw200k, tlreadplain the 50 only; tlf1..tlf64 follow and unfollow in the follow rows.

TL_ROWS=(
  "POST a post: author with 200k followers vs 10|same, 10 followers|post_10|post_200k|<=3"
  "follow + unfollow: author with 1M posts vs 1k posts|same, 1k posts|follow_1k|follow_1m|<=1.5"
  "GET /feed: follower of a 200k account vs of ordinary ones|same, ordinary only|feed_plain|feed_big|<=2"
)

timelines_seed() {
  local hash; hash=$(psql -qtAX -d "$DB" -c "SELECT password_hash FROM users WHERE username = 'bench'")
  log "timelines: loading 200k users, 210k follows, 1M posts; then POST /actuator/repair"
  psql -qX -d "$DB" -v ON_ERROR_STOP=1 -v hash="$hash" >/dev/null <<'SQL'
INSERT INTO users (username, name, password_hash, created_at, updated_at)
  SELECT 'tl' || g, 'Timeline ' || g, 'x', now(), now() FROM generate_series(1, 200000) g;
INSERT INTO users (username, name, password_hash, created_at, updated_at)
  SELECT n, n, :'hash', now(), now()
  FROM unnest(ARRAY['tlw10', 'tlw200k', 'tlprolific', 'tlthousand', 'tlreadbig', 'tlreadplain']) n;
INSERT INTO users (username, name, password_hash, created_at, updated_at)
  SELECT 'tlf' || g, 'Follower ' || g, :'hash', now(), now() FROM generate_series(1, 64) g;
CREATE TEMP TABLE tl AS SELECT
  (SELECT id FROM users WHERE username = 'tl1') AS first, (SELECT id FROM users WHERE username = 'tlw10') AS w10,
  (SELECT id FROM users WHERE username = 'tlw200k') AS w200k, (SELECT id FROM users WHERE username = 'tlprolific') AS prolific,
  (SELECT id FROM users WHERE username = 'tlthousand') AS thousand, (SELECT id FROM users WHERE username = 'tlreadbig') AS readbig,
  (SELECT id FROM users WHERE username = 'tlreadplain') AS readplain;
INSERT INTO follows (user_id, follower_id, created_at) SELECT tl.w200k, tl.first + g, now() FROM tl, generate_series(0, 199999) g;
INSERT INTO follows (user_id, follower_id, created_at) SELECT tl.w10, tl.first + g, now() FROM tl, generate_series(0, 9) g;
INSERT INTO follows (user_id, follower_id, created_at)
  SELECT tl.first + g, r, now() FROM tl, generate_series(0, 49) g, unnest(ARRAY[tl.readbig, tl.readplain]) r;
INSERT INTO follows (user_id, follower_id, created_at) SELECT tl.w200k, tl.readbig, now() FROM tl;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT tl.prolific, 'Post ' || g, 'Body', now(), now() FROM tl, generate_series(1, 1000000) g;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT tl.thousand, 'Post ' || g, 'Body', now(), now() FROM tl, generate_series(1, 1000) g;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT a, 'Post ' || g || ' of ' || a, 'Body', now(), now()
  FROM tl, generate_series(1, 20) g, LATERAL (SELECT tl.first + k AS a FROM generate_series(0, 49) k UNION ALL SELECT tl.w200k) authors
  ORDER BY g, a;
VACUUM ANALYZE users; VACUUM ANALYZE posts; VACUUM ANALYZE follows;
SQL
  # Issue 34: before any repair (counters at 0), the author of 200,000 imported followers posts like anyone.
  local w200k_jwt; w200k_jwt=$(curl -fs -X POST "$PG/auth/token" -H "$JSON" \
    -d "{\"username\":\"tlw200k\",\"password\":\"$PASSWORD\"}" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
  local w200k_id; w200k_id=$(psql -qtAX -d "$DB" -c "SELECT id FROM users WHERE username = 'tlw200k'")
  TL_IMPORTED_POSTS="" TL_IMPORTED_MET=1
  local answer
  for _ in 1 2 3 4 5; do
    answer=$(curl -s -o /dev/null -w '%{http_code}/%{time_total}' -X POST "$PG/api/v1/users/$w200k_id/posts" \
      -H "$JSON" -H "Authorization: Bearer $w200k_jwt" -d '{"title":"Before the repair","body":"x"}')
    TL_IMPORTED_POSTS="$TL_IMPORTED_POSTS $(printf '%s/%.2f' "${answer%%/*}" "${answer#*/}")"
    [[ ${answer%%/*} == 2* ]] && [ "$(echo "${answer#*/} <= 1.5" | bc)" = 1 ] || TL_IMPORTED_MET=0
  done
  log "timelines: posts of the imported 200k account before the repair (status/s):$TL_IMPORTED_POSTS"
  psql -qX -d "$DB" -c "DELETE FROM posts WHERE author_id = $w200k_id AND title = 'Before the repair'" >/dev/null
  local started; started=$(date +%s.%N)
  curl -fs -X POST "$PG/actuator/repair" -o "$WORK/repair.json" || { echo "repair failed" >&2; exit 1; }
  TL_REPAIR_S=$(printf '%.1f' "$(echo "$(date +%s.%N) - $started" | bc)")
  TL_REPAIR="$(cat "$WORK/repair.json") in $TL_REPAIR_S s"
  log "timelines: repair $TL_REPAIR"
  psql -qX -d "$DB" -c "VACUUM ANALYZE users" -c "VACUUM ANALYZE feed_entries" >/dev/null
  tl_id() { psql -qtAX -d "$DB" -c "SELECT id FROM users WHERE username = '$1'"; }
  TL_W10=$(tl_id tlw10) TL_W200K=$(tl_id tlw200k) TL_PROLIFIC=$(tl_id tlprolific) TL_THOUSAND=$(tl_id tlthousand)
  [ "$(psql -qtAX -d "$DB" -c "SELECT follower_count || '/' || timeline_mode FROM users WHERE id = $TL_W200K")" = 200001/1 ] \
    || { echo "timelines: the 200k account is not big after the repair" >&2; exit 1; }
  TL_SEED_MAX=$(psql -qtAX -d "$DB" -c "SELECT max(id) FROM posts")
  tl_jwt() { curl -fs -X POST "$PG/auth/token" -H "$JSON" -d "{\"username\":\"$1\",\"password\":\"$PASSWORD\"}" \
    | sed -E 's/.*"access_token":"([^"]+)".*/\1/'; }
  local body='{"title":"Benchmark post","body":"Written by bench/run.sh"}'
  post_lua "$WORK/post-10.lua" "$body" "$JSON" "Authorization: Bearer $(tl_jwt tlw10)"
  post_lua "$WORK/post-200k.lua" "$body" "$JSON" "Authorization: Bearer $(tl_jwt tlw200k)"
  TL_JWT_READBIG=$(tl_jwt tlreadbig) TL_JWT_READPLAIN=$(tl_jwt tlreadplain)
  # Each request follows or unfollows (in turn, per follower) as one of 64 followers; the two wrk threads take
  # the even and the odd ones.
  local tokens="" id
  for g in $(seq 1 64); do
    id=$(tl_id "tlf$g")
    tokens="$tokens{id=\"$id\", token=\"$(tl_jwt "tlf$g")\"},"
  done
  for target in "1m:$TL_PROLIFIC" "1k:$TL_THOUSAND"; do
    cat >"$WORK/follow-${target%%:*}.lua" <<LUA
local followers = { $tokens }
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
local n, following = 0, {}
request = function()
  local k = ((n * 2 + tid) % #followers) + 1
  n = n + 1
  local method = following[k] and "DELETE" or "PUT"
  following[k] = not following[k]
  return wrk.format(method, "/api/v1/users/${target#*:}/followers/" .. followers[k].id,
    { ["Authorization"] = "Bearer " .. followers[k].token })
end
LUA
  done
  check -X POST "$PG/api/v1/users/$TL_W200K/posts" -H "$JSON" -H "Authorization: Bearer $(tl_jwt tlw200k)" -d "$body"
  check "$PG/api/v1/feed" -H "Authorization: Bearer $TL_JWT_READBIG"
  check "$PG/api/v1/feed" -H "Authorization: Bearer $TL_JWT_READPLAIN"
}

timelines_round() {
  wrk_run post_10 "$PG/api/v1/users/$TL_W10/posts" -s "$WORK/post-10.lua"
  wrk_run post_200k "$PG/api/v1/users/$TL_W200K/posts" -s "$WORK/post-200k.lua"
  wrk_run follow_1k "$PG/" -s "$WORK/follow-1k.lua"
  wrk_run follow_1m "$PG/" -s "$WORK/follow-1m.lua"
  wrk_run feed_plain "$PG/api/v1/feed" -H "Authorization: Bearer $TL_JWT_READPLAIN"
  wrk_run feed_big "$PG/api/v1/feed" -H "Authorization: Bearer $TL_JWT_READBIG"
  # The next round reads and writes the same data: the rounds' posts go, with their feed rows.
  psql -qX -d "$DB" -c "DELETE FROM feed_entries WHERE author_id IN ($TL_W10, $TL_W200K) AND post_id > $TL_SEED_MAX" \
    -c "DELETE FROM posts WHERE author_id IN ($TL_W10, $TL_W200K) AND id > $TL_SEED_MAX" -c "VACUUM ANALYZE posts" >/dev/null
}
