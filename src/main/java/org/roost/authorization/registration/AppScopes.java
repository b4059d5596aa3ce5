package org.roost.authorization.registration;

import java.util.Set;

/**
 * The scopes an app registered at run time may ask for: what a person can grant on the consent page. Not
 * {@code users:write} (changing the account itself stays first-party) nor {@code client.create} (registering
 * further clients).
 */
final class AppScopes {

    static final Set<String> ALLOWED = Set.of("openid", "profile", "email", "users:read", "posts:read", "posts:write",
            "followers:write", "notifications:read");

    private AppScopes() {
    }
}
