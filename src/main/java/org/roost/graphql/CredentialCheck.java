package org.roost.graphql;

import java.util.function.BooleanSupplier;

import org.roost.gateway.security.LiveCredentials;
import org.springframework.stereotype.Component;

/** Asks the credential's issuer whether it still holds; kept apart so the transports share one rule. */
@Component
class CredentialCheck {

    private final LiveCredentials live;

    CredentialCheck(LiveCredentials live) {
        this.live = live;
    }

    boolean holds(Credential credential) {
        return live.stillValid(credential.authentication(), credential.sessionId());
    }

    /** The same check for a credential asked about again and again (every event of a subscription). */
    BooleanSupplier prepare(Credential credential) {
        return live.prepare(credential.authentication(), credential.sessionId());
    }
}
