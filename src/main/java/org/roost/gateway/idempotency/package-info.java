/**
 * Safe retries of creating requests: the {@code Idempotency-Key} header (IETF httpapi draft). The
 * first response to a key is stored in the database, the store every instance shares, and replayed
 * to a repeat from the same caller with the same body, whichever instance it reaches.
 */
@NullMarked
package org.roost.gateway.idempotency;

import org.jspecify.annotations.NullMarked;
