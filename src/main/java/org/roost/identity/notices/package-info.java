/**
 * The notice mailed to an account's verified address after each sensitive change (a passkey, a password, two-factor
 * sign-in, a provider link, an app or its secret, signing out the other devices, deleting the account), whichever
 * door it came through (docs/api.md, "Re-authentication").
 */
@ApplicationModule(displayName = "Identity: notices",
        allowedDependencies = { "identity :: devices", "identity :: user", "identity.email", "platform :: shared" })
@NullMarked
package org.roost.identity.notices;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
