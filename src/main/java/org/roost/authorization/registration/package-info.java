/**
 * Clients registered at run time: OpenID Connect Dynamic Client Registration (RFC 7591) behind an initial access
 * token, and the developer console's API, where a signed-in person registers, lists, rotates and deletes their own
 * apps. Redirect URIs follow one rule for both ({@link RedirectUriRules}).
 */
@ApplicationModule(displayName = "Authorization server: registration",
        allowedDependencies = { "authorization :: server", "authorization :: signingkeys", "authorization.backchannel", "authorization.par", "platform :: openapi", "platform :: outbound", "platform :: shared", "platform :: stepup", "platform :: web" })
@NullMarked
package org.roost.authorization.registration;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
