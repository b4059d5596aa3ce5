package org.roost.authorization.server;

import java.util.List;

import org.roost.authorization.token.AccessTokenType;
import org.roost.authorization.token.TokenProperties;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.core.oidc.OidcScopes;
import org.springframework.security.oauth2.core.oidc.endpoint.OidcParameterNames;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.stereotype.Component;
import org.springframework.util.function.SingletonSupplier;

/**
 * What the authorization server's tokens say beyond Spring's defaults. Access tokens follow RFC 9068
 * ({@code typ: at+jwt}, {@code client_id}, {@code jti}; see {@link AccessTokenType}), name the API as
 * their audience (an ID token, addressed to its client, is then refused by the API), carry the issue
 * time in milliseconds (to order them against a password change), and a client-credentials token says
 * that it acts for its client only. ID tokens carry the profile and email claims when those scopes were granted.
 */
@Component
class TokenClaims implements OAuth2TokenCustomizer<JwtEncodingContext> {

    static final String CLIENT_ONLY = "client_only";
    static final String CLIENT_ID = "client_id";
    static final String ISSUED_AT_MILLIS = "iat_ms";

    private final TokenProperties properties;
    private final UserService users;
    private final java.time.Clock clock;
    private final ApplicationEventPublisher events;

    /**
     * Looked up on first use, not at construction (the extensions may depend on the server's beans), then kept: an
     * ordered lookup in the bean factory on every token was 3 % of a client_credentials grant.
     */
    private final SingletonSupplier<List<AuthorizationServerExtension>> extensions;

    TokenClaims(TokenProperties properties, UserService users, java.time.Clock clock, ApplicationEventPublisher events,
            ObjectProvider<AuthorizationServerExtension> extensions) {
        this.extensions = SingletonSupplier.of(() -> extensions.orderedStream().toList());
        this.events = events;
        this.properties = properties;
        this.users = users;
        this.clock = clock;
    }

    @Override
    public void customize(JwtEncodingContext context) {
        if (OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
            // RFC 9068: the header says what the token is, and the client it was issued to is named (jti: Spring's)
            context.getJwsHeader().type(AccessTokenType.TYP);
            context.getClaims().audience(java.util.Collections.singletonList(properties.audience()))
                    .claim(CLIENT_ID, context.getRegisteredClient().getClientId())
                    .claim(ISSUED_AT_MILLIS, clock.millis());
            if (context.getAuthorization() != null
                    && !AuthorizationGrantType.TOKEN_EXCHANGE.equals(context.getAuthorizationGrantType())) {
                // Ending the authorization (consent or refresh token revoked) ends this token even after a refresh
                // replaced it in the store; an exchange names its subject's instead (TokenExchangeBounds)
                context.getClaims().claim(org.roost.identity.revocation.RevokedTokens.REVOKED_WITH_CLAIM, new java.util.ArrayList<>(
                        List.of(org.roost.identity.revocation.RevokedTokens.familyKey(context.getAuthorization().getId()))));
            }
            extensions.obtain().forEach(extension -> extension.customizeAccessToken(context));
            List<String> amr = amr(context.getPrincipal());
            if (!amr.isEmpty()) {
                // how the person signed in (pwd, otp, hwk), for the API to weigh
                context.getClaims().claim("amr", new java.util.ArrayList<>(amr));
            }
            boolean clientOnly = AuthorizationGrantType.CLIENT_CREDENTIALS.equals(context.getAuthorizationGrantType());
            if (clientOnly) {
                context.getClaims().claim(CLIENT_ONLY, true);
            }
            // The first-party sign-in audits its own sign-ins and refreshes (TOKEN_ISSUED, TOKEN_REFRESHED) as it did
            if (!AccessTokenType.FIRST_PARTY_CLIENT.equals(context.getRegisteredClient().getClientId())) {
                events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.TOKEN_ISSUED,
                        context.getRegisteredClient().getClientId(), clientOnly ? null : context.getPrincipal().getName(),
                        "grant", context.getAuthorizationGrantType().getValue()));
            }
            return;
        }
        if (OidcParameterNames.ID_TOKEN.equals(context.getTokenType().getValue())
                && context.getAuthorizedScopes().contains(OidcScopes.PROFILE)) {
            profile(context.getPrincipal().getName()).ifPresent(user -> context.getClaims()
                    .claim("name", user.name()).claim("preferred_username", user.username()));
        }
        if (OidcParameterNames.ID_TOKEN.equals(context.getTokenType().getValue())) {
            List<String> amr = amr(context.getPrincipal());
            if (!amr.isEmpty()) {
                // An ArrayList: the stored authorization's JSON allows only known collection types (not List.of's)
                context.getClaims().claim("amr", new java.util.ArrayList<>(amr));
            }
        }
        // The userinfo endpoint answers from the ID token's claims, so both carry the address.
        if (OidcParameterNames.ID_TOKEN.equals(context.getTokenType().getValue())
                && context.getAuthorizedScopes().contains(OidcScopes.EMAIL)) {
            profile(context.getPrincipal().getName()).map(user -> users.email(user.id()))
                    .filter(email -> email.email() != null)
                    .ifPresent(email -> context.getClaims().claim("email", email.email())
                            .claim("email_verified", email.verified()));
        }
        if (OidcParameterNames.ID_TOKEN.equals(context.getTokenType().getValue())) {
            extensions.obtain().forEach(extension -> extension.customizeIdToken(context));
        }
    }

    /** How the user signed in (RFC 8176), from the factors Spring Security recorded on the sign-in. */
    static List<String> amr(org.springframework.security.core.Authentication principal) {
        return principal.getAuthorities().stream().map(a -> a.getAuthority()).map(authority -> switch (authority) {
            case org.springframework.security.core.authority.FactorGrantedAuthority.PASSWORD_AUTHORITY -> "pwd";
            case org.springframework.security.core.authority.FactorGrantedAuthority.OTT_AUTHORITY -> "otp";
            case org.springframework.security.core.authority.FactorGrantedAuthority.WEBAUTHN_AUTHORITY -> "hwk";
            default -> "";
        }).filter(value -> !value.isEmpty()).distinct().collect(java.util.stream.Collectors.collectingAndThen(
                java.util.stream.Collectors.toCollection(java.util.ArrayList::new), factors -> {
                    // RFC 8176: "mfa" when more than one factor was proved
                    if (factors.size() > 1) {
                        factors.add("mfa");
                    }
                    return List.copyOf(factors);
                }));
    }

    private java.util.Optional<UserSummary> profile(String subject) {
        try {
            return java.util.Optional.of(users.get(Long.parseLong(subject)));
        }
        catch (RuntimeException noSuchUser) {
            return java.util.Optional.empty();
        }
    }
}
