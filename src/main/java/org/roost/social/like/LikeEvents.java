package org.roost.social.like;

/**
 * Published in the like's transaction when someone starts liking a post (not when a like is repeated), and when a
 * like is taken back (not when there was none), for the features that react to likes.
 */
public final class LikeEvents {

    private LikeEvents() {
    }

    public record PostLiked(long postId, long authorId, long likerId) {
    }

    public record PostUnliked(long postId, long authorId, long likerId) {
    }
}
