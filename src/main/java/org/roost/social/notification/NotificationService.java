package org.roost.social.notification;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A person's notifications, the same through REST and GraphQL: only their receiver reads them or marks them read
 * ({@code notifications:read}). Written by {@link NotificationListener} in the transaction of their cause.
 */
@Service
// Reads without a transaction of their own, as the other features' (docs/performance.md); writes declare theirs.
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
public class NotificationService {

    /** The actors shown with a notification; {@code count} says how many there are in all. */
    public static final int SHOWN_ACTORS = 3;

    private final NotificationRepository notifications;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    NotificationService(NotificationRepository notifications, UserService users, ApplicationEventPublisher events,
            Clock clock) {
        this.notifications = notifications;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    /** The caller's notifications, newest activity first. */
    public Page<Notification> page(Caller caller, PageRequest request) {
        Caller.User me = caller.requireUser(Scopes.NOTIFICATIONS_READ);
        List<NotificationRepository.Row> rows = notifications.page(me.id(), request.afterId(), request.limit() + 1);
        Page<NotificationRepository.Row> page = Page.fromOverfetch(rows, request.limit(), NotificationRepository.Row::seq);
        return new Page<>(complete(page.items()), page.nextCursor());
    }

    public long unreadCount(Caller caller) {
        return notifications.unreadCount(caller.requireUser(Scopes.NOTIFICATIONS_READ).id());
    }

    /** Marks the caller's notifications read: those of {@code ids}, or all when null. @return the unread left */
    @Transactional
    public long markRead(Caller caller, @Nullable Collection<Long> ids) {
        Caller.User me = caller.requireUser(Scopes.NOTIFICATIONS_READ);
        notifications.markRead(me.id(), ids);
        return notifications.unreadCount(me.id());
    }

    /** One notification of its receiver's, as the subscription delivers it; empty once it is gone. */
    public Optional<Notification> find(long id, long recipientId) {
        return notifications.find(id).filter(n -> n.recipientId() == recipientId).map(n -> complete(List.of(n)).getFirst());
    }

    /** Counts and newest actors of a page: one statement each, and one for the users. */
    private List<Notification> complete(List<NotificationRepository.Row> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = rows.stream().map(NotificationRepository.Row::id).toList();
        Map<Long, Long> counts = notifications.counts(ids);
        Map<Long, List<Long>> actorIds = notifications.newestActors(ids, SHOWN_ACTORS).stream()
                .collect(Collectors.groupingBy(NotificationRepository.Actor::notificationId,
                        Collectors.mapping(NotificationRepository.Actor::actorId, Collectors.toList())));
        Map<Long, UserSummary> people = users.findAll(actorIds.values().stream().flatMap(List::stream).distinct().toList())
                .stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
        return rows.stream().map(r -> new Notification(r.id(), r.recipientId(), r.kind(), counts.getOrDefault(r.id(), 0L),
                actorIds.getOrDefault(r.id(), List.of()).stream().map(people::get).filter(java.util.Objects::nonNull).toList(),
                r.postId(), r.postAuthorId(), r.read(), r.createdAt(), r.updatedAt(), r.seq())).toList();
    }

    // Writes, by the listener, inside the transaction of their cause (or at once when it has none).

    /** Never for one's own action. Grouped kinds join the receiver's unread group of the same key. */
    void add(long recipientId, NotificationKind kind, @Nullable Long postId, long actorId) {
        if (recipientId == actorId) {
            return;
        }
        Instant now = Timestamps.truncate(clock.instant());
        long id = switch (kind) {
            case FOLLOW -> notifications.openGroup(recipientId, kind, null, "follow", now);
            case LIKE -> notifications.openGroup(recipientId, kind, postId, "like:" + postId, now);
            case REPLY, MENTION -> notifications.insert(recipientId, kind, java.util.Objects.requireNonNull(postId), now);
        };
        if (notifications.addActor(id, actorId, now)) {
            notifications.touch(id, now);
            events.publishEvent(new NotificationEvents.NotificationAdded(recipientId, id));
        }
    }

    void remove(long recipientId, NotificationKind kind, @Nullable Long postId, long actorId) {
        notifications.removeActor(recipientId, kind, postId, actorId);
    }

    void removeMention(long recipientId, long postId) {
        notifications.removeAbout(recipientId, NotificationKind.MENTION, postId);
    }

    void forgetActor(long actorId) {
        notifications.forgetActor(actorId);
    }
}
