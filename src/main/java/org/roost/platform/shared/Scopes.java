package org.roost.platform.shared;

import java.util.Set;

/** The API scopes of the contract, plus {@code users:write}, which only first-party credentials carry. */
public final class Scopes {

    public static final String USERS_READ = "users:read";
    public static final String USERS_WRITE = "users:write";
    public static final String POSTS_READ = "posts:read";
    public static final String POSTS_WRITE = "posts:write";
    public static final String FOLLOWERS_WRITE = "followers:write";
    /**
     * The caller's own notifications, read and marked read: who followed, replied to, mentioned or liked them. Not
     * part of {@code users:read}: it tells what happens around one person, which a public profile does not.
     */
    public static final String NOTIFICATIONS_READ = "notifications:read";

    /** What a session or a first-party token may do: everything a user may do for themself. */
    public static final Set<String> FIRST_PARTY = Set.of(USERS_READ, USERS_WRITE, POSTS_READ, POSTS_WRITE, FOLLOWERS_WRITE,
            NOTIFICATIONS_READ);

    private Scopes() {
    }
}
