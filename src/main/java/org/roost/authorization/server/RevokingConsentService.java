package org.roost.authorization.server;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.transaction.support.TransactionOperations;

/**
 * A consent revoked ends what it allowed: the client's authorizations for that user, with their access
 * and refresh tokens, those issued before a refresh and those exchanged from them (removing an authorization
 * denylists its access token and its whole family, see {@code AuthorizationStores}). All of it is one
 * transaction: the consent and every authorization go, or nothing does (a failure half way once left the
 * consent gone and the app's refresh token working). Spring removes a consent only when it is left with no scope.
 */
record RevokingConsentService(OAuth2AuthorizationConsentService delegate, OAuth2AuthorizationService authorizations,
        JdbcOperations jdbc, TransactionOperations transactions) implements OAuth2AuthorizationConsentService {

    @Override
    public void save(OAuth2AuthorizationConsent consent) {
        delegate.save(consent);
    }

    @Override
    public void remove(OAuth2AuthorizationConsent consent) {
        transactions.executeWithoutResult(status -> {
            delegate.remove(consent);
            jdbc.queryForList("SELECT id FROM oauth2_authorization WHERE registered_client_id = ? AND principal_name = ?",
                    String.class, consent.getRegisteredClientId(), consent.getPrincipalName()).forEach(id -> {
                        OAuth2Authorization authorization = authorizations.findById(id);
                        if (authorization != null) {
                            authorizations.remove(authorization);
                        }
                    });
        });
    }

    @Override
    public @Nullable OAuth2AuthorizationConsent findById(String registeredClientId, String principalName) {
        return delegate.findById(registeredClientId, principalName);
    }
}
