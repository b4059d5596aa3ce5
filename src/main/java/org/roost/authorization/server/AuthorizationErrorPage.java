package org.roost.authorization.server;

import java.util.List;

/**
 * Draws the page a person sees when the authorization endpoint refuses a request it must not send back to the
 * client (see {@link AuthorizationErrors}). Package {@code signin} draws it in the look of the other sign-in pages;
 * this package decides what it says. The text is plain: the page escapes it.
 */
public interface AuthorizationErrorPage {

    /** A whole HTML document: the title as its heading, then one paragraph per entry, the first as the alert. */
    String html(String title, List<String> paragraphs);
}
