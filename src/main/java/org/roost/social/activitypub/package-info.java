/**
 * ActivityPub (docs/activitypub.md): discovery (WebFinger, NodeInfo 2.1) and every local person as a {@code Person}
 * with their key, their posts as {@code Note}s, outbox and follower collections, each in JSON-LD for a server and
 * redirected to the app's page for a browser; the signed inbox, which takes follows from other servers and accepts
 * them. On with {@code roost.federation.enabled} (by default where {@code roost.public-url} is set). No deliveries
 * of posts yet.
 */
@ApplicationModule(displayName = "Social: activitypub",
        allowedDependencies = { "identity :: user", "platform :: apichain", "platform :: origin", "platform :: outbound", "platform :: ratelimits",
                "platform :: shared", "platform :: web", "social.follow", "social.post" })
@NullMarked
package org.roost.social.activitypub;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
