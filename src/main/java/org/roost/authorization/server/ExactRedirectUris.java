package org.roost.authorization.server;

import java.util.function.Consumer;

import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationValidator;

/**
 * Redirect URIs must equal a registered one character for character. Spring's default lets a
 * loopback address use any port (OAuth 2.1's allowance for native apps); the contract does not.
 * The error names no redirect URI, so it is shown to the user rather than sent to the unknown address.
 */
public final class ExactRedirectUris {

    private static final String ERROR_URI = "https://datatracker.ietf.org/doc/html/rfc6749#section-4.1.2.1";

    private ExactRedirectUris() {
    }

    /** The validator for every endpoint that takes an authorization request (the authorization endpoint, PAR). */
    public static Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> validator() {
        Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> exact = ExactRedirectUris::validate;
        return exact.andThen(OAuth2AuthorizationCodeRequestAuthenticationValidator.DEFAULT_REDIRECT_URI_VALIDATOR)
                .andThen(OAuth2AuthorizationCodeRequestAuthenticationValidator.DEFAULT_SCOPE_VALIDATOR);
    }

    private static void validate(OAuth2AuthorizationCodeRequestAuthenticationContext context) {
        OAuth2AuthorizationCodeRequestAuthenticationToken request = context.getAuthentication();
        String requested = request.getRedirectUri();
        if (requested == null || requested.isEmpty() || context.getRegisteredClient().getRedirectUris().contains(requested)) {
            return;
        }
        var withoutRedirect = new OAuth2AuthorizationCodeRequestAuthenticationToken(request.getAuthorizationUri(),
                request.getClientId(), (Authentication) request.getPrincipal(), null, request.getState(),
                request.getScopes(), request.getAdditionalParameters());
        throw new OAuth2AuthorizationCodeRequestAuthenticationException(
                new OAuth2Error(OAuth2ErrorCodes.INVALID_REQUEST, "OAuth 2.0 Parameter: redirect_uri", ERROR_URI),
                withoutRedirect);
    }
}
