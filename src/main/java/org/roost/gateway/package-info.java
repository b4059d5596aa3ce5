/**
 * The way in for every request: the security filter chains that check each caller with the rules the contexts
 * contribute ({@code security}), idempotency keys for writes, and the web app's pages.
 */
@ApplicationModule(displayName = "Gateway", allowedDependencies = {
        "authorization :: token", "identity :: devices", "identity :: revocation", "identity :: session",
        "platform :: apichain", "platform :: ratelimits", "platform :: requestbody", "platform :: shared",
        "platform :: web" })
@NullMarked
package org.roost.gateway;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
