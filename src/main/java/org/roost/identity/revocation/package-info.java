/**
 * Revoked credentials: the denylist of access tokens and authorizations, "everything this user
 * held before T" after a password change or deletion, and their propagation to the other instances
 * over Redis (with a periodic re-read of the database). Public: the three questions and records
 * others ask or make ({@link RevokedTokens}, {@link TokenDenylist}, {@link CredentialRevocations}).
 */
@NamedInterface("revocation")
@NullMarked
package org.roost.identity.revocation;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
