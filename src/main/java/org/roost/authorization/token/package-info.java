/**
 * Bearer tokens: how one is read from a request and verified (signature, claims, revocation), the issuer our
 * tokens carry, and the words a refused token is explained in. Minting is the authorization server's alone
 * ({@code firstparty} adapts {@code /auth/token} to it). Public: {@link TokenProperties}, {@link Issuers} and
 * {@link TokenErrors}, which the authorization server, GraphQL and the security chain use.
 */
@NamedInterface("token")
@NullMarked
package org.roost.authorization.token;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
