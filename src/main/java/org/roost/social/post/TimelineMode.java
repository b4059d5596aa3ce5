package org.roost.social.post;

/** How an author's posts reach their followers' feeds: the {@code users.timeline_mode} column (docs/timelines.md). */
public enum TimelineMode {
    /** Copied into each follower's feed when written (fan-out on write). */
    PUSHED,
    /** Merged into followers' pages when read (fan-out on read): a big account. */
    PULLED,
    /** Copied and merged while the background job copies the author's recent posts back into feeds. */
    RETURNING;

    /** The stored value. */
    public int code() {
        return ordinal();
    }
}
