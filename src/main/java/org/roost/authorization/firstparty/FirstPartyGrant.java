package org.roost.authorization.firstparty;

import java.security.Principal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.identity.devices.Devices;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.authorization.token.AccessTokenType;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContext;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.token.DefaultOAuth2TokenContext;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The first-party password grant on the authorization server. The adapter calls the server's own token generator
 * (the protocol chain's, with every customizer: {@code TokenClaims}, DPoP) and its authorization store directly
 * instead of routing {@code /auth/token} through {@code /oauth2/token}: that endpoint's contract (form bodies, client
 * authentication, RFC 6749 errors) is not this one's (JSON, no client, the API's error body, the second-factor
 * step), and translating both ways would be a second protocol layer. So a sign-in is an {@link OAuth2Authorization}
 * of the client {@value AccessTokenType#FIRST_PARTY_CLIENT} like any other grant's, its refresh rotates like any
 * client's ({@code RefreshTokenReuse} detects reuse), and revocation, introspection, token exchange and the
 * bearer check all read the one store. As an {@link AuthorizationServerExtension} it adds what its access tokens
 * say beyond every token's claims.
 */
@Component
class FirstPartyGrant implements AuthorizationServerExtension {

    /** The grant a sign-in is recorded as (RFC 6749's resource owner password credentials, without a client). */
    static final AuthorizationGrantType PASSWORD = new AuthorizationGrantType("password");

    /** A new token pair, and the authorization (sign-in, device) it belongs to. */
    record Issued(String authorizationId, long userId, String accessToken, long expiresIn, String refreshToken) {
    }

    private final OAuth2AuthorizationService authorizations;
    private final FirstPartyClient client;
    private final AuthorizationServerSettings settings;
    private final Clock clock;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final ApplicationEventPublisher events;
    private @Nullable HttpSecurity http;

    FirstPartyGrant(OAuth2AuthorizationService authorizations, FirstPartyClient client,
            AuthorizationServerSettings settings, Clock clock, JdbcClient jdbc, PlatformTransactionManager transactions,
            ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(transactions);
        this.events = events;
        this.authorizations = authorizations;
        this.client = client;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        this.http = http;
    }

    /**
     * A sign-in: a new authorization with a pair of tokens.
     *
     * @param amr how the user signed in (RFC 8176), kept as the factors of the stored person so that every access
     *            token of the authorization says it (TokenClaims)
     */
    Issued signIn(long userId, List<String> amr, String issuer) {
        RegisteredClient registered = client.get();
        Authentication person = person(userId, amr);
        OAuth2Authorization.Builder builder = OAuth2Authorization.withRegisteredClient(registered)
                .id(UUID.randomUUID().toString()).principalName(Long.toString(userId)).authorizationGrantType(PASSWORD)
                .authorizedScopes(registered.getScopes()).attribute(Principal.class.getName(), person);
        return mint(registered, builder, builder.build(), person, PASSWORD, issuer);
    }

    /**
     * A refresh: the same authorization with a new pair; empty when the token is unknown, spent or over. The
     * authorization's row is locked while it rotates, so of two refreshes with one token the second sees the token
     * already replaced: two simultaneous uses are a replay too, and end the sign-in (a later one is caught by the
     * store's reuse detection, {@code RefreshTokenReuse}).
     */
    java.util.Optional<Issued> refresh(String refreshToken, String issuer) {
        RegisteredClient registered = client.get();
        for (int attempt = 1; ; attempt++) {
            try {
                return rotate(registered, refreshToken, issuer);
            }
            catch (org.springframework.dao.PessimisticLockingFailureException anotherRefreshHoldsTheRow) {
                // A database that stops waiting for the row lock (H2): the other refresh with this very token is
                // still rotating it. Once more, it has replaced the token, so this is the replay that ends the sign-in.
                if (attempt == 3) {
                    return java.util.Optional.empty();
                }
            }
        }
    }

    private java.util.Optional<Issued> rotate(RegisteredClient registered, String refreshToken, String issuer) {
        return Objects.requireNonNull(transactions.execute(status -> {
            OAuth2Authorization found = ours(authorizations.findByToken(refreshToken, OAuth2TokenType.REFRESH_TOKEN));
            var refresh = found == null ? null : found.getRefreshToken();
            if (found == null || refresh == null || !refresh.isActive()
                    || !(found.getAttribute(Principal.class.getName()) instanceof Authentication person)) {
                return java.util.Optional.<Issued>empty();
            }
            String current = jdbc.sql("SELECT refresh_token_value FROM oauth2_authorization WHERE id = :id FOR UPDATE")
                    .param("id", found.getId()).query(String.class).optional().orElse(null);
            if (!refreshToken.equals(current)) {
                // replaced by a refresh that ran at the same time: two parties hold this token
                authorizations.remove(found);
                events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.REFRESH_TOKEN_REPLAYED,
                        registered.getClientId(), found.getPrincipalName()));
                return java.util.Optional.<Issued>empty();
            }
            return java.util.Optional.of(mint(registered, OAuth2Authorization.from(found), found, person,
                    AuthorizationGrantType.REFRESH_TOKEN, issuer));
        }));
    }

    /** Ends the sign-in this refresh token belongs to, with its access tokens, if it is a first-party one. */
    void revoke(String refreshToken) {
        OAuth2Authorization found = ours(authorizations.findByToken(refreshToken, OAuth2TokenType.REFRESH_TOKEN));
        if (found != null) {
            authorizations.remove(found);
        }
    }

    /** Ends a sign-in by its id (its device's), with its tokens. */
    private void end(String authorizationId) {
        OAuth2Authorization found = ours(authorizations.findById(authorizationId));
        if (found != null) {
            authorizations.remove(found);
        }
    }

    /** The user signed this sign-in out from their list of devices: it ends, with its tokens. */
    @org.springframework.context.event.EventListener
    void on(org.roost.identity.devices.DeviceEvents.SignedOut event) {
        if (event.kind() == Devices.Kind.TOKEN) {
            end(event.deviceId());
        }
    }

    /**
     * Housekeeping: a sign-in whose refresh token expired mints nothing more, and its last access token expired long
     * before (it was minted at the last refresh at the latest), so its row serves nothing.
     */
    @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT10M")
    void purgeExpired() {
        jdbc.sql("DELETE FROM oauth2_authorization WHERE registered_client_id = :client AND refresh_token_expires_at < :now")
                .param("client", client.get().getId()).param("now", Timestamps.utc(clock.instant())).update();
    }

    private @Nullable OAuth2Authorization ours(@Nullable OAuth2Authorization authorization) {
        return authorization != null && client.get().getId().equals(authorization.getRegisteredClientId())
                ? authorization : null;
    }

    /** The mirror of what Spring's grants do: an access token and a refresh token from the generator, then stored. */
    private Issued mint(RegisteredClient registered, OAuth2Authorization.Builder builder, OAuth2Authorization current,
            Authentication person, AuthorizationGrantType grant, String issuer) {
        DefaultOAuth2TokenContext.Builder context = DefaultOAuth2TokenContext.builder().registeredClient(registered)
                .principal(person).authorizationServerContext(new Issuer(issuer, settings)).authorization(current)
                .authorizedScopes(current.getAuthorizedScopes()).authorizationGrantType(grant).authorizationGrant(person);
        OAuth2TokenContext accessContext = context.tokenType(OAuth2TokenType.ACCESS_TOKEN).build();
        if (!(generator().generate(accessContext) instanceof Jwt jwt) || jwt.getExpiresAt() == null) {
            throw new IllegalStateException("The token generator made no self-contained access token for " + registered.getClientId());
        }
        OAuth2AccessToken access = new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, jwt.getTokenValue(),
                jwt.getIssuedAt(), jwt.getExpiresAt(), accessContext.getAuthorizedScopes());
        builder.token(access, metadata -> metadata.put(OAuth2Authorization.Token.CLAIMS_METADATA_NAME, jwt.getClaims()));
        if (!(generator().generate(context.tokenType(OAuth2TokenType.REFRESH_TOKEN).build()) instanceof OAuth2RefreshToken refresh)) {
            throw new IllegalStateException("The token generator made no refresh token for " + registered.getClientId());
        }
        builder.refreshToken(refresh);
        authorizations.save(builder.build());
        return new Issued(current.getId(), Long.parseLong(current.getPrincipalName()), access.getTokenValue(),
                registered.getTokenSettings().getAccessTokenTimeToLive().toSeconds(), refresh.getTokenValue());
    }

    /**
     * What a first-party access token says beyond every token's claims (TokenClaims): its scopes as RFC 9068's
     * space-separated string, the sign-in it belongs to ({@code sid}, the device id that signing out ends), and, only
     * when minted by a sign-in, when that was ({@code auth_time}, which step-up relies on; a refresh proves none).
     */
    @Override
    public void customizeAccessToken(JwtEncodingContext context) {
        if (!AccessTokenType.FIRST_PARTY_CLIENT.equals(context.getRegisteredClient().getClientId())) {
            return;
        }
        context.getClaims().claim("scope", String.join(" ", context.getAuthorizedScopes().stream().sorted().toList()));
        if (context.getAuthorization() != null) {
            context.getClaims().claim(Devices.SIGN_IN_CLAIM, context.getAuthorization().getId());
        }
        if (PASSWORD.equals(context.getAuthorizationGrantType())) {
            context.getClaims().claim("auth_time", clock.instant().getEpochSecond());
        }
    }

    @SuppressWarnings("unchecked")
    private OAuth2TokenGenerator<? extends OAuth2Token> generator() {
        // Spring builds the generator while the protocol chain is built, after the extensions are configured
        return (OAuth2TokenGenerator<? extends OAuth2Token>) Objects.requireNonNull(
                Objects.requireNonNull(http, "the protocol chain is not built yet").getSharedObject(OAuth2TokenGenerator.class));
    }

    /** The signed-in person as the authorization server stores one (as the sign-in pages do), with the factors proved. */
    private static Authentication person(long userId, List<String> amr) {
        SimpleGrantedAuthority role = new SimpleGrantedAuthority("ROLE_USER");
        List<GrantedAuthority> granted = new ArrayList<>(List.of(role));
        if (amr.contains("pwd")) {
            granted.add(FactorGrantedAuthority.fromAuthority(FactorGrantedAuthority.PASSWORD_AUTHORITY));
        }
        if (amr.contains("otp")) {
            // a TOTP or recovery code: the sign-in pages record it as this factor too (SecondStepPage)
            granted.add(FactorGrantedAuthority.fromAuthority(FactorGrantedAuthority.OTT_AUTHORITY));
        }
        return UsernamePasswordAuthenticationToken.authenticated(new User(Long.toString(userId), "", List.of(role)), null, granted);
    }

    /** The issuer the request came to ({@code token.Issuers}), as Spring's filter would set it on a protocol endpoint. */
    private record Issuer(String getIssuer, AuthorizationServerSettings getAuthorizationServerSettings)
            implements AuthorizationServerContext {
    }
}
