/**
 * Passkeys (WebAuthn): Spring Security's {@code webAuthn()} ceremonies (register a passkey while signed in, sign in
 * with one, no password) over its JDBC stores, joined to Roost's way of signing in: a passkey sign-in makes the same
 * session, device row and audit line as a password sign-in, and satisfies two-factor sign-in (a passkey is
 * something you have, unlocked by something you are or know). Adds the contract's error body and the rate limits to
 * the framework's endpoints, and a small owner-only API to list, rename and remove passkeys (docs/api.md,
 * "Passkeys"). Public: {@link PasskeySecurity}, which the security chains apply.
 */
@NullMarked
package org.roost.passkeys;

import org.jspecify.annotations.NullMarked;
