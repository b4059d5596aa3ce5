/**
 * First-party bearer tokens: {@code /auth/token}, refresh and logout, how a bearer token is read
 * from a request and verified (signature, claims, revocation), the issuer our tokens carry, and the
 * words a refused token is explained in. Public: {@link TokenProperties}, {@link Issuers} and
 * {@link TokenErrors}, which the authorization server, GraphQL and the security chain use.
 */
@NamedInterface("token")
@NullMarked
package org.roost.authorization.token;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
