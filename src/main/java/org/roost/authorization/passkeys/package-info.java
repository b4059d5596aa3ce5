/**
 * Passkeys (WebAuthn): Spring Security's {@code webAuthn()} ceremonies (register a passkey while signed in, sign in
 * with one, no password) over its JDBC stores, joined to Roost's way of signing in: a passkey sign-in makes the same
 * session, device row and audit line as a password sign-in, and satisfies two-factor sign-in when its authenticator
 * verified its user (something you have, unlocked by something you are or know; without that it is one factor).
 * Adding one needs a recent sign-in (stepup.Reauthentication); a sign-in's signature counter must advance. Adds the contract's error body and the rate limits to
 * the framework's endpoints, and a small owner-only API to list, rename and remove passkeys (docs/api.md,
 * "Passkeys"). Public: {@link PasskeySecurity}, which the security chains apply.
 */
@ApplicationModule(displayName = "Authorization server: passkeys",
        allowedDependencies = { "authorization :: server", "authorization :: signinsession", "identity :: session", "identity :: twofactor", "identity :: user", "platform :: apichain", "platform :: openapi", "platform :: origin", "platform :: ratelimits", "platform :: shared", "platform :: stepup", "platform :: web" })
@NullMarked
package org.roost.authorization.passkeys;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
