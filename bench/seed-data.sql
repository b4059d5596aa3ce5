-- The data of bench/run.sh's read and GraphQL rows (also bench/graphql-peers.sh): 100k users, 1M posts by one
-- author (user 51), 10 posts each by 89 others (1,000 by user 71), user 51 followed by 100k and user 71 by 1k.
INSERT INTO users (username, name, password_hash, created_at, updated_at)
  SELECT 'user' || g, 'User ' || g, 'x', now(), now() FROM generate_series(2, 100090) g;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT u, 'Post ' || g || ' of ' || u, 'Body', now(), now() FROM generate_series(1, 10) g, generate_series(1, 50) u;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT 51, 'Post ' || g, 'Body', now(), now() FROM generate_series(1, 1000000) g;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT u, 'Post ' || g || ' of ' || u, 'Body', now(), now() FROM generate_series(1, 10) g, generate_series(52, 90) u WHERE u <> 71;
INSERT INTO posts (author_id, title, body, created_at, updated_at)
  SELECT 71, 'Post ' || g, 'Body', now(), now() FROM generate_series(1, 1000) g;
INSERT INTO follows (user_id, follower_id, created_at) SELECT 51, g, now() FROM generate_series(91, 100090) g;
INSERT INTO follows (user_id, follower_id, created_at) SELECT 71, g, now() FROM generate_series(91, 1090) g;
VACUUM ANALYZE users; VACUUM ANALYZE posts; VACUUM ANALYZE follows;
