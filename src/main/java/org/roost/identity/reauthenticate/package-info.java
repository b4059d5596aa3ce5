/**
 * Re-authenticating a signed-in session in place ({@code POST /auth/reauthenticate}), for a sensitive change
 * that stepup.Reauthentication refused with {@code REAUTHENTICATION_REQUIRED} (docs/api.md, "Re-authentication").
 */
@ApplicationModule(displayName = "Identity: reauthenticate",
        allowedDependencies = { "identity :: session", "identity :: twofactor", "identity :: user", "platform :: openapi", "platform :: shared" })
@NullMarked
package org.roost.identity.reauthenticate;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
