/**
 * Email: sending mail (Spring Boot's {@code spring.mail.*}; without a mail host each message is written to the log
 * instead), its plain-text and HTML templates, and proving an address: the single-use link mailed when a user sets
 * or changes theirs, and the notice to the address it replaced (docs/api.md, "Email"). Public: {@link Mailer}
 * and {@link OutgoingMail}, which the other account features use for their own mail.
 */
@ApplicationModule(displayName = "Identity: email",
        allowedDependencies = { "identity :: user", "platform :: apichain", "platform :: openapi", "platform :: origin", "platform :: ratelimits", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.identity.email;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
