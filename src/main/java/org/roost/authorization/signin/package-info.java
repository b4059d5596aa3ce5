/**
 * The authorization server's HTML pages as a person sees them: the sign-in form and the consent form (and the
 * consent form's values, which the device page shares with them). Their markup is in {@code templates/}, framed
 * by {@code web.HtmlPages}. The protocol endpoints and the sign-in session these pages share with them stay in
 * {@code authserver}.
 */
@ApplicationModule(displayName = "Authorization server: signin",
        allowedDependencies = { "authorization :: server", "authorization :: signinsession", "authorization.passkeys", "identity :: federation", "identity :: login", "identity :: revocation", "identity :: twofactor", "identity :: user", "platform :: ratelimits", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.authorization.signin;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
