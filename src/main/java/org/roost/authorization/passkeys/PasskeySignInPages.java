package org.roost.authorization.passkeys;

import java.util.Set;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.springframework.stereotype.Component;

/**
 * The OAuth sign-in page's passkey endpoints belong to the sign-in session (its own cookie), where the page's CSRF
 * token and the authorization request it continues are kept; the web app's session is another one.
 */
@Component
class PasskeySignInPages implements AuthorizationServerExtension {

    @Override
    public Set<String> pages() {
        return Set.of(PasskeySecurity.SIGN_IN_PAGE_OPTIONS_PATH, PasskeySecurity.SIGN_IN_PAGE_PATH);
    }
}
