-- Replies and mentions (docs/api.md, "Replies and threads", "Mentions").
-- in_reply_to has no foreign key on purpose: a reply outlives the post it answers, and keeps its id, so clients
-- can show "this post was deleted" above it rather than lose that it was a reply.
ALTER TABLE posts ADD COLUMN in_reply_to BIGINT;
-- Kept in the transaction of each reply and its deletion, as like_count is with each like.
ALTER TABLE posts ADD COLUMN reply_count BIGINT DEFAULT 0 NOT NULL;
-- The users mentioned, parsed from the text at write time: "id:username" pairs separated by spaces (usernames
-- never change), at most 20, so every post carries its mentions without a join.
ALTER TABLE posts ADD COLUMN mentions VARCHAR(1100);
-- A post's replies, oldest first, keyset on the id: an index range scan from the cursor.
CREATE INDEX posts_in_reply_to_id_idx ON posts (in_reply_to, id);
