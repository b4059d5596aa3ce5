package org.roost.authorization.backchannel;

/**
 * Where a registered client's back-channel logout metadata is kept: settings of its {@code ClientSettings}, stored
 * with the client (dynamic registration writes them from {@code backchannel_logout_uri} and
 * {@code backchannel_logout_session_required}).
 */
public final class BackchannelLogoutSettings {

    public static final String URI = "settings.client.backchannel-logout-uri";
    public static final String SESSION_REQUIRED = "settings.client.backchannel-logout-session-required";

    private BackchannelLogoutSettings() {
    }
}
