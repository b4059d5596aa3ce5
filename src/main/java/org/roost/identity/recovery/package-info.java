/**
 * Password recovery: "forgot password" by username or email address, answered the same way and at once whether an
 * account matches (the lookup and the mail happen afterwards, off the request); a single-use link to the account's
 * verified address, stored only as a hash, valid 30 minutes; a new password set through it ends every session and
 * token of the user. Requests are throttled per client address and per account (docs/api.md, "Password recovery").
 */
@ApplicationModule(displayName = "Identity: recovery",
        allowedDependencies = { "identity :: user", "identity.email", "platform :: apichain", "platform :: openapi", "platform :: ratelimits", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.identity.recovery;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
