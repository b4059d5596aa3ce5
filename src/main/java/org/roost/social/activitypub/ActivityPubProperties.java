package org.roost.social.activitypub;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The ActivityPub settings (docs/activitypub.md, "Settings").
 *
 * @param enabled whether this service speaks ActivityPub (WebFinger, NodeInfo, actors and objects); unset: on exactly
 *                when {@code roost.public-url} is set, since the ids it hands out are kept by other servers for good
 *                and must not name {@code localhost} or a port the service happened to get
 */
@ConfigurationProperties("roost.federation")
record ActivityPubProperties(@Nullable Boolean enabled) {
}
