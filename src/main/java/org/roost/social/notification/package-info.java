/**
 * Notifications: someone followed you, replied to or mentioned you, or liked your post. The features that cause them
 * publish their events; this module listens (it is never called by them), keeps the notifications, groups likes of
 * one post and follows while unread, removes them when their cause is undone, and hands new ones to the
 * {@code notificationAdded} subscription on every instance through {@link org.roost.platform.live.LiveEvents}.
 */
@ApplicationModule(displayName = "Social: notification",
        allowedDependencies = { "identity :: user", "platform :: live", "platform :: openapi", "platform :: shared", "platform :: web", "social.follow", "social.like", "social.post" })
@NullMarked
package org.roost.social.notification;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
