/**
 * The keys that every token of the service, first-party or OAuth, is signed with: kept in the database so that
 * every instance signs and verifies with the same set, rotated on a schedule, published at {@code /oauth2/jwks}.
 */
@NamedInterface("signingkeys")
@NullMarked
package org.roost.authorization.signingkeys;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
