package org.roost.identity.session;

/** What other features react to in a browser's session. Published while the request is served. */
public final class SessionEvents {

    private SessionEvents() {
    }

    /** The user signed out of the web app, in the request being served. */
    public record SignedOut(long userId) {
    }
}
