package org.roost.authorization.devicegrant;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.platform.web.RequestPaths;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Public clients (no secret, {@code client-authentication-methods: none}) at the device endpoints. Spring
 * authenticates a public client only by its PKCE code verifier, which the device grant has none of; RFC 8628 is
 * written for exactly such clients (a TV keeps no secret). A request that names a {@code client_id} and carries no
 * other client credential is taken as the public client it names, when that client is registered as public and
 * for the device grant; any other client still authenticates the usual way.
 */
final class DeviceClients {

    private static final String DEVICE_MARKER = DeviceClients.class.getName();

    private DeviceClients() {
    }

    static final class Converter implements AuthenticationConverter {

        @Override
        public @Nullable Authentication convert(HttpServletRequest request) {
            String path = RequestPaths.of(request);
            boolean device = "/oauth2/device_authorization".equals(path) || ("/oauth2/token".equals(path)
                    && AuthorizationGrantType.DEVICE_CODE.getValue().equals(request.getParameter("grant_type")));
            String[] clientIds = request.getParameterValues("client_id");
            if (!device || !"POST".equals(request.getMethod()) || clientIds == null || clientIds.length != 1
                    || request.getHeader(HttpHeaders.AUTHORIZATION) != null || request.getParameter("client_secret") != null
                    || request.getParameter("client_assertion") != null) {
                return null;
            }
            return new OAuth2ClientAuthenticationToken(clientIds[0], ClientAuthenticationMethod.NONE, null,
                    java.util.Map.of(DEVICE_MARKER, true));
        }
    }

    static final class Provider implements AuthenticationProvider {

        private final RegisteredClientRepository clients;

        Provider(RegisteredClientRepository clients) {
            this.clients = clients;
        }

        @Override
        public @Nullable Authentication authenticate(Authentication authentication) {
            OAuth2ClientAuthenticationToken request = (OAuth2ClientAuthenticationToken) authentication;
            if (!ClientAuthenticationMethod.NONE.equals(request.getClientAuthenticationMethod())
                    || !Boolean.TRUE.equals(request.getAdditionalParameters().get(DEVICE_MARKER))) {
                return null;
            }
            RegisteredClient client = clients.findByClientId(request.getName());
            if (client == null || !client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)) {
                throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_CLIENT,
                        "Client authentication failed: a client with a secret must authenticate with it.", null));
            }
            // Whether the client may use the grant is the endpoint's question (unauthorized_client)
            return new OAuth2ClientAuthenticationToken(client, ClientAuthenticationMethod.NONE, null);
        }

        @Override
        public boolean supports(Class<?> authentication) {
            return OAuth2ClientAuthenticationToken.class.isAssignableFrom(authentication);
        }
    }
}
