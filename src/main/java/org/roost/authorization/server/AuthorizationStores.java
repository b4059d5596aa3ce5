package org.roost.authorization.server;

import java.time.Instant;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.RevokedTokens;
import org.roost.identity.revocation.TokenDenylist;
import org.roost.identity.user.UserEvents;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.security.jackson.SecurityJacksonModules;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.JdbcRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;

/**
 * Clients, authorizations and consents in the database (Spring's JDBC stores), so any instance can
 * continue a flow another one started.
 */
@Configuration(proxyBeanMethods = false)
class AuthorizationStores {

    private final JdbcOperations jdbc;

    AuthorizationStores(JdbcOperations jdbc) {
        this.jdbc = jdbc;
    }

    /** Client secrets only (see {@link ClientSecretHash}); user passwords have their own, slow, encoder. */
    static PasswordEncoder clientSecrets() {
        return ClientSecretHash.delegating();
    }

    @Bean
    RegisteredClientRepository registeredClientRepository(OAuth2AuthorizationServerProperties properties) {
        JdbcRegisteredClientRepository repository = new JdbcRegisteredClientRepository(jdbc);
        ParsedClients.installOn(repository);
        RegisteredClients.upsert(properties, repository, clientSecrets());
        return repository;
    }

    @Bean
    OAuth2AuthorizationService authorizationService(RegisteredClientRepository clients, TokenDenylist denylist,
            RevokedTokens revoked, org.roost.authorization.token.TokenProperties tokens, java.time.Clock clock,
            org.springframework.context.ApplicationEventPublisher events) {
        JdbcOAuth2AuthorizationService service = new JdbcOAuth2AuthorizationService(jdbc, clients);
        // Token claims are stored with their types; our millisecond issue time is a Long, which
        // Spring's allow-list of deserializable types does not name by default.
        JsonMapper json = JsonMapper.builder().addModules(SecurityJacksonModules.getModules(
                getClass().getClassLoader(), BasicPolymorphicTypeValidator.builder().allowIfSubType(Long.class))).build();
        service.setAuthorizationRowMapper(new JdbcOAuth2AuthorizationService.JsonMapperOAuth2AuthorizationRowMapper(clients, json));
        service.setAuthorizationParametersMapper(new JdbcOAuth2AuthorizationService.JsonMapperOAuth2AuthorizationParametersMapper(json));
        return new RefreshTokenReuse(new DenylistingAuthorizationService(service, denylist, revoked,
                new Families(clients, tokens, clock, denylist)), jdbc, events, clock);
    }

    /** Housekeeping: a rotated refresh token past its expiry would be refused anyway (see {@link RefreshTokenReuse}). */
    @org.springframework.scheduling.annotation.Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT10M")
    void purgeRotatedRefreshTokens() {
        jdbc.update("DELETE FROM rotated_refresh_tokens WHERE expires_at < ?",
                org.roost.platform.shared.Timestamps.utc(java.time.Instant.now()));
    }

    @Bean
    OAuth2AuthorizationConsentService authorizationConsentService(RegisteredClientRepository clients,
            OAuth2AuthorizationService authorizations, org.springframework.transaction.PlatformTransactionManager transactions) {
        return new RevokingConsentService(new JdbcOAuth2AuthorizationConsentService(jdbc, clients), authorizations, jdbc,
                new org.springframework.transaction.support.TransactionTemplate(transactions));
    }

    /**
     * Ends every access token issued under one authorization ({@link RevokedTokens#REVOKED_WITH_CLAIM} names it by
     * id), for as long as the longest of them can live.
     */
    record Families(RegisteredClientRepository clients, org.roost.authorization.token.TokenProperties tokens, java.time.Clock clock,
            TokenDenylist denylist) {

        void end(String authorizationId, String registeredClientId) {
            var client = clients.findById(registeredClientId);
            java.time.Duration lifetime = tokens.accessTokenLifetime();
            if (client != null && client.getTokenSettings().getAccessTokenTimeToLive().compareTo(lifetime) > 0) {
                lifetime = client.getTokenSettings().getAccessTokenTimeToLive();
            }
            denylist.deny(RevokedTokens.familyKey(authorizationId), clock.instant().plus(lifetime).plus(tokens.clockSkew()));
        }
    }

    /** A password change or deletion also ends the user's grants to clients, refresh tokens included. */
    @EventListener
    void on(UserEvents.CredentialsRevoked event) {
        jdbc.update("DELETE FROM oauth2_authorization WHERE principal_name = ?", Long.toString(event.userId()));
    }

    /**
     * One truth about revocation, both ways. The API checks access tokens locally, so an access token that the
     * authorization server invalidates (revocation, a code used twice) is also put on the denylist. And an access
     * token revoked elsewhere (logout at {@code /auth/logout}, a password change, a replayed refresh token: see
     * {@link RevokedTokens}) is handed to the authorization server already invalidated, so introspection answers
     * {@code active: false}, token exchange refuses it as a subject or actor token and userinfo refuses it.
     */
    record DenylistingAuthorizationService(OAuth2AuthorizationService delegate, TokenDenylist denylist, RevokedTokens revoked,
            Families families) implements OAuth2AuthorizationService {

        @Override
        public void save(OAuth2Authorization authorization) {
            delegate.save(StoredClaims.readable(authorization));
            OAuth2Authorization.Token<OAuth2AccessToken> access = authorization.getAccessToken();
            if (access != null && access.isInvalidated()) {
                deny(access);
            }
            // A refresh token revoked (or a code replayed) ends the grant: every access token issued under it,
            // those of earlier refreshes too, and whatever was exchanged from them (TokenClaims, revoked_with)
            var refresh = authorization.getRefreshToken();
            if (refresh != null && refresh.isInvalidated()) {
                families.end(authorization.getId(), authorization.getRegisteredClientId());
            }
        }

        /** An authorization removed (a consent revoked, say) takes all its access tokens with it, for the API too. */
        @Override
        public void remove(OAuth2Authorization authorization) {
            delegate.remove(authorization);
            OAuth2Authorization.Token<OAuth2AccessToken> access = authorization.getAccessToken();
            if (access != null) {
                deny(access);
            }
            families.end(authorization.getId(), authorization.getRegisteredClientId());
        }

        private void deny(OAuth2Authorization.Token<OAuth2AccessToken> access) {
            Map<String, Object> claims = access.getClaims();
            Object jti = claims == null ? null : claims.get("jti");
            Instant expiresAt = access.getToken().getExpiresAt();
            if (jti != null && expiresAt != null) {
                denylist.deny(jti.toString(), expiresAt);
            }
        }

        @Override
        public @Nullable OAuth2Authorization findById(String id) {
            return checked(delegate.findById(id));
        }

        @Override
        public @Nullable OAuth2Authorization findByToken(String token, @Nullable OAuth2TokenType tokenType) {
            return checked(delegate.findByToken(token, tokenType));
        }

        private @Nullable OAuth2Authorization checked(@Nullable OAuth2Authorization authorization) {
            OAuth2Authorization.Token<OAuth2AccessToken> access = authorization == null ? null : authorization.getAccessToken();
            if (access == null || access.isInvalidated() || access.getClaims() == null || !revoked.isRevoked(access.getClaims())) {
                return authorization;
            }
            return OAuth2Authorization.from(authorization).invalidate(access.getToken()).build();
        }
    }
}
