package org.roost.social.notification;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserSummary;

/**
 * One notification as its receiver sees it.
 *
 * @param count        how many people it stands for (likes of one post, follows, grouped while unread)
 * @param actors       the newest of them, newest first, at most {@link NotificationService#SHOWN_ACTORS}
 * @param postId       the post it is about (the liked post, the reply, the mentioning post); null for follows
 * @param postAuthorId that post's author
 * @param seq          its place in the list: newest activity first (the keyset of pages)
 */
public record Notification(long id, long recipientId, NotificationKind kind, long count, List<UserSummary> actors,
        @Nullable Long postId, @Nullable Long postAuthorId, boolean read, Instant createdAt, Instant updatedAt, long seq) {
}
