/**
 * Token exchange (RFC 8693): a client allowed the grant trades a person's access token, OAuth or first-party
 * ({@code /auth/token}), for one with fewer scopes or another audience that names the acting client in {@code act}.
 */
@ApplicationModule(displayName = "Authorization server: tokenexchange",
        allowedDependencies = { "authorization :: server", "authorization :: token", "identity :: revocation" })
@NullMarked
package org.roost.authorization.tokenexchange;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
