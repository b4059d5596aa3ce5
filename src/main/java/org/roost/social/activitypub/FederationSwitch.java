package org.roost.social.activitypub;

import org.roost.platform.origin.PublicOrigin;
import org.roost.platform.shared.ApiException;
import org.springframework.stereotype.Component;

/** Whether ActivityPub is on, decided once at start from {@link ActivityPubProperties} and the public origin. */
@Component
class FederationSwitch {

    private final boolean enabled;

    FederationSwitch(ActivityPubProperties properties, PublicOrigin origin) {
        Boolean configured = properties.enabled();
        this.enabled = configured != null ? configured : origin.isPublicUrlSet();
    }

    boolean enabled() {
        return enabled;
    }

    /** Off, every ActivityPub door answers as if it did not exist: nothing tells a prober the software could. */
    void requireEnabled() {
        if (!enabled) {
            throw ApiException.notFound("The resource");
        }
    }
}
