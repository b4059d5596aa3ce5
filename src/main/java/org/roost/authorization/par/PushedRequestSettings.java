package org.roost.authorization.par;

import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/**
 * Where a client's PAR requirement is kept (RFC 9126's client metadata {@code require_pushed_authorization_requests}):
 * a setting of its {@code ClientSettings}, written for configured clients from {@code roost.oauth.par.required-for}
 * and for registered ones from their registration.
 */
public final class PushedRequestSettings {

    public static final String REQUIRED = "settings.client.require-pushed-authorization-requests";

    private PushedRequestSettings() {
    }

    public static boolean requires(RegisteredClient client) {
        return Boolean.TRUE.equals(client.getClientSettings().getSetting(REQUIRED));
    }
}
