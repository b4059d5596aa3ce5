package org.roost.social.follow;

/**
 * Published when someone starts following a user (not when a follow is repeated), in the follow's transaction,
 * before the follower counters are raised (see FollowService).
 */
public final class FollowEvents {

    private FollowEvents() {
    }

    public record FollowerAdded(long userId, long followerId) {
    }

    /** Published when a follow ends (not when there was none to end). */
    public record FollowerRemoved(long userId, long followerId) {
    }
}
