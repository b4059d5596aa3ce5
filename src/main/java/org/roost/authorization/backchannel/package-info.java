/**
 * OpenID Connect Back-Channel Logout 1.0: when a person's sign-in session ends (RP-initiated logout, the web app's
 * sign-out, signing out everywhere, a new password), every client that holds tokens issued in that session is sent
 * a signed logout token, from whichever instance gets to it first, retried until a deadline.
 */
@ApplicationModule(displayName = "Authorization server: backchannel",
        allowedDependencies = { "authorization :: server", "authorization :: signinsession", "identity :: devices", "identity :: session", "identity :: user", "platform :: outbound", "platform :: shared" })
@NullMarked
package org.roost.authorization.backchannel;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
