/**
 * Session sign-in for browsers and same-origin apps: the JSON {@code /login} and {@code /logout}, the
 * session store (Spring Session, in memory or Redis), its cookie and ids, and the filter that ends a
 * session past its absolute lifetime or revoked since. Public: the session principal
 * ({@link SessionUser}), its settings and that filter, which the API's security chain uses.
 */
@NamedInterface("session")
@NullMarked
package org.roost.identity.session;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
