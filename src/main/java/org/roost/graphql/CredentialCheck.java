package org.roost.graphql;

import org.roost.auth.LiveCredentials;
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
}
