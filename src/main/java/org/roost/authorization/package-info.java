/**
 * Roost as its own OAuth 2.0 / OpenID Connect authorization server: the server's configuration and stores
 * ({@code server}), the first-party token endpoint ({@code token}), signing keys, the sign-in pages it hosts with
 * passkeys, consents, client registration, pushed requests, the device grant, token exchange and back-channel logout.
 */
@ApplicationModule(displayName = "Authorization server", allowedDependencies = {
        "identity :: devices", "identity :: federation", "identity :: login", "identity :: revocation",
        "identity :: session", "identity :: twofactor", "identity :: user", "platform :: apichain",
        "platform :: openapi", "platform :: outbound", "platform :: ratelimits", "platform :: shared",
        "platform :: stepup", "platform :: web" })
@NullMarked
package org.roost.authorization;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
