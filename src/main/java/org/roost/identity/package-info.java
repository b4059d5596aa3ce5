/**
 * People's accounts and the credentials they hold: the user and profile, email addresses, password login and its
 * throttle, two-factor, sessions and devices, recovery, re-authentication, notices of sensitive changes, external
 * identities, and the revocation that ends any of them.
 */
@ApplicationModule(displayName = "Identity", allowedDependencies = {
        "platform :: apichain", "platform :: openapi", "platform :: origin", "platform :: outbound",
        "platform :: ratelimits", "platform :: shared", "platform :: stepup", "platform :: web" })
@NullMarked
package org.roost.identity;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
