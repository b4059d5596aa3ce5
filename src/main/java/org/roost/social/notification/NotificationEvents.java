package org.roost.social.notification;

/** Published after a notification was made or grew (a new like in a group), for the subscription on every instance. */
public final class NotificationEvents {

    private NotificationEvents() {
    }

    public record NotificationAdded(long recipientId, long notificationId) {
    }
}
