package org.roost.social.notification;

/** What a notification tells; the REST {@code type} is the lower-case name, GraphQL's enum the name itself. */
public enum NotificationKind {
    /** People who started following you; grouped while unread. */
    FOLLOW,
    /** A reply to one of your posts: the reply is its post. */
    REPLY,
    /** A post that mentions you with {@code @username}: that post is its post. */
    MENTION,
    /** People who liked one of your posts; grouped per post while unread. */
    LIKE;

    String column() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static NotificationKind ofColumn(String column) {
        return valueOf(column.toUpperCase(java.util.Locale.ROOT));
    }
}
