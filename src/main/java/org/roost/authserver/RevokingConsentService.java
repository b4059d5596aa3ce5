package org.roost.authserver;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;

/**
 * A consent revoked ends what it allowed: the client's authorizations for that user, with their access
 * and refresh tokens (removing an authorization also denylists its access token, see
 * {@code AuthorizationStores}). Spring removes a consent only when it is left with no scope at all.
 */
record RevokingConsentService(OAuth2AuthorizationConsentService delegate, OAuth2AuthorizationService authorizations,
        JdbcOperations jdbc) implements OAuth2AuthorizationConsentService {

    @Override
    public void save(OAuth2AuthorizationConsent consent) {
        delegate.save(consent);
    }

    @Override
    public void remove(OAuth2AuthorizationConsent consent) {
        delegate.remove(consent);
        jdbc.queryForList("SELECT id FROM oauth2_authorization WHERE registered_client_id = ? AND principal_name = ?",
                String.class, consent.getRegisteredClientId(), consent.getPrincipalName()).forEach(id -> {
                    OAuth2Authorization authorization = authorizations.findById(id);
                    if (authorization != null) {
                        authorizations.remove(authorization);
                    }
                });
    }

    @Override
    public @Nullable OAuth2AuthorizationConsent findById(String registeredClientId, String principalName) {
        return delegate.findById(registeredClientId, principalName);
    }
}
