/**
 * What a request's body may be, checked before any handler reads it: a size limit (the body buffered once, so later
 * readers such as idempotency see the same bytes), JSON bodies in UTF-8 only, and media ranges refused as a
 * {@code Content-Type}.
 */
@NamedInterface("requestbody")
@NullMarked
package org.roost.platform.requestbody;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
