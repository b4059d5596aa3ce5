package org.roost.identity.federation;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/**
 * What a provider said about the person who just signed in there: who they are for good ({@code issuer},
 * {@code subject}) and what they are called. {@code emailVerified} is true only when the provider asserted it.
 */
record ProviderAssertion(String registrationId, String issuer, String subject, @Nullable String email,
        boolean emailVerified, @Nullable String preferredUsername, @Nullable String name) {

    static ProviderAssertion of(String registrationId, OidcUser user) {
        String email = user.getEmail() == null || user.getEmail().isBlank() ? null : user.getEmail().strip();
        return new ProviderAssertion(registrationId, String.valueOf(user.getIdToken().getIssuer()), user.getSubject(),
                email, Boolean.TRUE.equals(user.getEmailVerified()), user.getPreferredUsername(), user.getFullName());
    }

    /** An address the provider vouches for, or null. */
    @Nullable String verifiedEmail() {
        return emailVerified ? email : null;
    }
}
