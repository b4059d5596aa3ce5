-- Home timelines are capped (docs/timelines.md, "Bounds"): the background job trims a feed to its newest
-- roost.timelines.feed-cap rows once it passes the cap plus a slack.
-- feed_floor: the newest post id trimmed from the user's feed. A page shows only posts above it, rows and merged
-- big authors' posts alike, so the timeline ends where the kept rows end instead of showing a big author's older
-- posts around a hole. 0 (never trimmed) filters nothing. The job raises it before deleting, so a reader never
-- sees a half-trimmed feed.
ALTER TABLE users ADD COLUMN feed_floor BIGINT DEFAULT 0 NOT NULL;

-- Where the trim's walk over users has got to: each pass claims the next owners by moving this one value
-- (compare and set), so instances running the job at once take different owners.
CREATE TABLE feed_trim_cursor (
    id          SMALLINT PRIMARY KEY CHECK (id = 1),
    after_owner BIGINT NOT NULL
);
INSERT INTO feed_trim_cursor (id, after_owner) VALUES (1, 0);
