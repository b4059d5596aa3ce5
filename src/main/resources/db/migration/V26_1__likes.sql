-- Likes (docs/api.md, "Likes"): who liked which post, once each. Both sides cascade: a deleted post takes its
-- likes with it, and a deleted user's likes go too (the posts' counters are lowered first, see LikeCounters).
CREATE TABLE likes (
    post_id    BIGINT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (post_id, user_id)
);
-- A user's likes: likedByMe over a page of posts, and the cascade when the user is deleted.
CREATE INDEX likes_user_id_post_id_idx ON likes (user_id, post_id);

-- Kept in the transaction of each like and unlike, as follower_count is with each follow: a post's count is one
-- primary-key read, whatever its number of likes.
ALTER TABLE posts ADD COLUMN like_count BIGINT DEFAULT 0 NOT NULL;
