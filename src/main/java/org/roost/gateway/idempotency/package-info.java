/**
 * Safe retries of creating requests: the {@code Idempotency-Key} header (IETF httpapi draft). The
 * first response to a key is stored in the database, the store every instance shares, and replayed
 * to a repeat from the same caller with the same body, whichever instance it reaches.
 */
@ApplicationModule(displayName = "Gateway: idempotency",
        allowedDependencies = { "gateway :: security", "platform :: requestbody", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.gateway.idempotency;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
