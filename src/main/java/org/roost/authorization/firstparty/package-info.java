/**
 * First-party sign-in with tokens, for clients that cannot keep a cookie (apps, scripts): {@code /auth/token} (with
 * its second-factor step), {@code /auth/token/refresh} and {@code /auth/logout}, as an adapter over the authorization
 * server. A sign-in is an authorization of the built-in client {@code roost}: its tokens are minted by the server's
 * token generator and stored, rotated and revoked like every other grant's. Nothing public.
 */
@ApplicationModule(displayName = "Authorization server: firstparty",
        allowedDependencies = { "authorization :: server", "authorization :: token", "identity :: devices", "identity :: login", "identity :: revocation", "identity :: twofactor", "identity :: user", "platform :: openapi", "platform :: shared" })
@NullMarked
package org.roost.authorization.firstparty;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
