package org.roost.authorization.par;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.authentication.AuthenticationConverter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.util.StringUtils;

/**
 * A public client (no secret) pushing its authorization request, which RFC 9126 (section 2.1) allows and Spring does
 * not: its public-client authentication matches only a token request with a {@code code_verifier}, so such a push
 * was a 401 with no body. Here a push that carries only a {@code client_id} (no {@code Authorization} header, secret
 * or assertion) is the client's authentication, accepted for a client registered without a secret when the request
 * carries PKCE ({@code code_challenge} with {@code code_challenge_method=S256}); everything else about the request is
 * Spring's PAR endpoint's to check. Refusals are the OAuth JSON error of Spring's client authentication.
 */
final class PublicClientPushes implements AuthenticationConverter, AuthenticationProvider {

    /**
     * The method the unauthenticated token names: not {@code none}, so that Spring's public-client provider (next in
     * its ProviderManager, which tries the next provider after a refusal) does not answer this push with its own
     * error about a missing {@code code_verifier}.
     */
    private static final ClientAuthenticationMethod PUSH = new ClientAuthenticationMethod("roost_public_push");
    private static final RequestMatcher PAR_ENDPOINT = PathPatternRequestMatcher.withDefaults().matcher("/oauth2/par");

    private final RegisteredClientRepository clients;

    PublicClientPushes(RegisteredClientRepository clients) {
        this.clients = clients;
    }

    @Override
    public @Nullable Authentication convert(HttpServletRequest request) {
        String[] clientIds = request.getParameterValues("client_id");
        if (!"POST".equals(request.getMethod()) || !PAR_ENDPOINT.matches(request) || request.getHeader("Authorization") != null
                || request.getParameter("client_secret") != null || request.getParameter("client_assertion") != null
                || clientIds == null || clientIds.length != 1 || !StringUtils.hasText(clientIds[0])) {
            return null;
        }
        String challenge = request.getParameter("code_challenge");
        String method = request.getParameter("code_challenge_method");
        return new OAuth2ClientAuthenticationToken(clientIds[0], PUSH, null,
                Map.of("code_challenge", challenge == null ? "" : challenge,
                        "code_challenge_method", method == null ? "" : method));
    }

    @Override
    public @Nullable Authentication authenticate(Authentication authentication) {
        if (!(authentication instanceof OAuth2ClientAuthenticationToken push)
                || !PUSH.equals(push.getClientAuthenticationMethod())) {
            return null;
        }
        RegisteredClient client = clients.findByClientId(String.valueOf(push.getPrincipal()));
        if (client == null || !client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)) {
            throw new OAuth2AuthenticationException(new OAuth2Error("invalid_client",
                    "Client authentication failed: a client with a secret pushes with it", null));
        }
        if (!StringUtils.hasText((String) push.getAdditionalParameters().get("code_challenge"))
                || !"S256".equals(push.getAdditionalParameters().get("code_challenge_method"))) {
            throw new OAuth2AuthenticationException(new OAuth2Error("invalid_request",
                    "A public client pushes with PKCE: code_challenge and code_challenge_method=S256", null));
        }
        return new OAuth2ClientAuthenticationToken(client, ClientAuthenticationMethod.NONE, null);
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return OAuth2ClientAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
