/**
 * Two-factor sign-in with time-based one-time codes (TOTP, RFC 6238): enrolment from settings (the secret as text
 * and as a QR code, confirmed by a first code), ten single-use recovery codes stored hashed, turning it off with
 * the password and a code, and the second step of every password sign-in: a short-lived step token that a code
 * (or a recovery code) turns into the signed-in user. Codes are accepted once; guesses are throttled per user and
 * per step token (docs/api.md, "Two-factor sign-in"). Public: {@link SecondFactors}, which the sign-in features ask.
 */
@NamedInterface("twofactor")
@NullMarked
package org.roost.identity.twofactor;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
