package org.roost.social.notification;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.roost.platform.live.LiveEvents;
import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Ids;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.Timestamps;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Notifications over GraphQL: the same service and rules as {@link NotificationController}. A page's counts and
 * actors load with it (NotificationService); {@code post} is one statement for the page.
 */
@Controller
class NotificationGraphQlController {

    private final NotificationService notifications;
    private final PostService posts;
    private final LiveEvents events;

    NotificationGraphQlController(NotificationService notifications, PostService posts, LiveEvents events) {
        this.notifications = notifications;
        this.posts = posts;
        this.events = events;
    }

    @QueryMapping
    List<Notification> notifications(@Argument @Nullable Integer first, @Argument @Nullable String after, Caller caller) {
        return notifications.page(caller, PageArguments.of(first, after)).items();
    }

    @QueryMapping
    long unreadNotificationCount(Caller caller) {
        return notifications.unreadCount(caller);
    }

    @MutationMapping
    long markNotificationsRead(@Argument @Nullable List<String> ids, Caller caller) {
        caller.requireUser(Scopes.NOTIFICATIONS_READ);
        if (ids != null && ids.size() > PageRequest.MAX_LIMIT) {
            throw ApiException.invalid("ids", "must be at most " + PageRequest.MAX_LIMIT);
        }
        return notifications.markRead(caller, ids == null ? null
                : ids.stream().map(id -> Ids.tryParse(id).orElseThrow(
                        () -> ApiException.invalid("ids", "must be notification ids"))).toList());
    }

    @SubscriptionMapping
    Flux<Notification> notificationAdded(Caller caller) {
        Caller.User me = caller.requireUser(Scopes.NOTIFICATIONS_READ);
        // Loading the notification is a database read: not on the thread of the write that published the event.
        return events.stream(NotificationEvents.NotificationAdded.class).filter(added -> added.recipientId() == me.id())
                .publishOn(Schedulers.boundedElastic())
                .concatMapIterable(added -> notifications.find(added.notificationId(), me.id()).stream().toList());
    }

    @SchemaMapping(typeName = "Notification")
    String type(Notification notification) {
        return notification.kind().name();
    }

    @SchemaMapping(typeName = "Notification")
    String createdAt(Notification notification) {
        return Timestamps.format(notification.createdAt());
    }

    @SchemaMapping(typeName = "Notification")
    String updatedAt(Notification notification) {
        return Timestamps.format(notification.updatedAt());
    }

    @SchemaMapping(typeName = "Notification")
    String cursor(Notification notification) {
        return PageRequest.cursor(notification.seq());
    }

    @BatchMapping(typeName = "Notification")
    Map<Notification, PostSummary> post(List<Notification> page) {
        Map<Long, PostSummary> found = posts.findAll(page.stream().map(Notification::postId)
                .filter(java.util.Objects::nonNull).distinct().toList())
                .stream().collect(Collectors.toMap(PostSummary::id, Function.identity()));
        return page.stream().filter(n -> n.postId() != null && found.containsKey(n.postId()))
                .collect(Collectors.toMap(Function.identity(), n -> found.get(n.postId()), (a, b) -> a));
    }
}
