-- Home timelines, written when a post is created (fan-out on write): one row per reader of the post
-- (its author and each follower). Reading a page is then one backward range scan of the primary key from
-- the cursor, whatever the reader follows and however much those people post. The cost moves to writes:
-- a post inserts one row per follower, a follow copies the followed user's posts, an unfollow removes them.
-- Deleting a user cascades here through the foreign keys; deleting a post removes its rows explicitly.
-- No index leads with post_id on purpose: PostgreSQL would otherwise walk such an index backwards and filter
-- out other readers' rows for a heavy reader, instead of reading the reader's range of the primary key.
CREATE TABLE feed_entries (
    owner_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id   BIGINT NOT NULL,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT feed_entries_pkey PRIMARY KEY (owner_id, post_id)
);
-- A deleted post or author: its rows in every reader's feed.
CREATE INDEX feed_entries_author_id_post_id_idx ON feed_entries (author_id, post_id);
-- Unfollowing removes one author's posts from one reader's feed.
CREATE INDEX feed_entries_owner_id_author_id_idx ON feed_entries (owner_id, author_id);

-- The feeds of everything written before this migration.
INSERT INTO feed_entries (owner_id, post_id, author_id)
SELECT author_id, id, author_id FROM posts;
INSERT INTO feed_entries (owner_id, post_id, author_id)
SELECT f.follower_id, p.id, p.author_id FROM follows f JOIN posts p ON p.author_id = f.user_id;
