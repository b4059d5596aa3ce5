-- Hybrid timelines (docs/timelines.md). Derived data: the follow feature keeps the two counters in the follow's
-- own transaction, so reading them is one row, never COUNT(*); the post feature keeps timeline_mode:
-- 0 an ordinary author, whose posts are copied into followers' feeds when written (fan-out on write);
-- 1 a big author (followers >= roost.timelines.big-account-threshold), whose posts readers merge in at read time;
-- 2 a big author who fell below half the threshold, being copied back into followers' feeds in background
--   batches (timeline_returns) before turning ordinary again: their posts are both copied and merged meanwhile.
ALTER TABLE users ADD COLUMN follower_count BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE users ADD COLUMN following_count BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE users ADD COLUMN timeline_mode SMALLINT DEFAULT 0 NOT NULL;

UPDATE users SET follower_count = (SELECT COUNT(*) FROM follows f WHERE f.user_id = users.id),
                 following_count = (SELECT COUNT(*) FROM follows f WHERE f.follower_id = users.id);

-- The background job finds authors who crossed the threshold (either way) without reading every user.
CREATE INDEX users_follower_count_idx ON users (follower_count);
CREATE INDEX users_timeline_mode_idx ON users (timeline_mode);

-- An author in mode 2: the follower id the copy has reached, and when the mode changed (the copy waits a moment,
-- so that posts and follows that began in mode 1 have committed before it passes their readers).
CREATE TABLE timeline_returns (
    author_id      BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    after_follower BIGINT NOT NULL,
    started_at     TIMESTAMP WITH TIME ZONE NOT NULL
);
