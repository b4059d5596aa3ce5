/**
 * A person's remembered consents: which apps they allowed to act for them, with which scopes, and revoking one
 * (which ends that app's tokens for them at once).
 */
@ApplicationModule(displayName = "Authorization server: consents",
        allowedDependencies = { "platform :: openapi", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.authorization.consents;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
