/**
 * Pushed authorization requests (RFC 9126): Spring's endpoint enabled and advertised, with the authorization
 * server's redirect URI rules, and the clients that must use it.
 */
@ApplicationModule(displayName = "Authorization server: par",
        allowedDependencies = { "authorization :: server", "platform :: shared" })
@NullMarked
package org.roost.authorization.par;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
