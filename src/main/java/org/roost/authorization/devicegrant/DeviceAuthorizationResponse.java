package org.roost.authorization.devicegrant;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.endpoint.OAuth2DeviceAuthorizationResponse;
import org.springframework.security.oauth2.core.http.converter.OAuth2DeviceAuthorizationResponseHttpMessageConverter;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Spring's device authorization response, with the polling {@code interval} it leaves out (RFC 8628 then means 5 s,
 * which is what {@link PollingPace} holds clients to: saying it spares clients the guess), the verification URI
 * at the issuer (not at whatever host the device used), and an audit record of which client asked for what.
 */
final class DeviceAuthorizationResponse implements AuthenticationSuccessHandler {

    private static final OAuth2DeviceAuthorizationResponseHttpMessageConverter JSON =
            new OAuth2DeviceAuthorizationResponseHttpMessageConverter();

    private final ApplicationEventPublisher events;

    DeviceAuthorizationResponse(ApplicationEventPublisher events) {
        this.events = events;
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
            Authentication authentication) throws IOException {
        var device = (OAuth2DeviceAuthorizationRequestAuthenticationToken) authentication;
        if (device.getPrincipal() instanceof OAuth2ClientAuthenticationToken client && client.getRegisteredClient() != null) {
            events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.DEVICE_AUTHORIZATION_REQUESTED,
                    client.getRegisteredClient().getClientId(), null, "scopes", String.join(" ", device.getScopes())));
        }
        String page = AuthorizationServerContextHolder.getContext().getIssuer() + DeviceFlow.PAGE;
        OAuth2DeviceAuthorizationResponse answer = OAuth2DeviceAuthorizationResponse
                .with(device.getDeviceCode(), device.getUserCode())
                .verificationUri(page)
                .verificationUriComplete(UriComponentsBuilder.fromUriString(page)
                        .queryParam("user_code", device.getUserCode().getTokenValue()).build().toUriString())
                .interval(PollingPace.INTERVAL.toSeconds())
                .build();
        response.setHeader("Cache-Control", "no-store");
        JSON.write(answer, MediaType.APPLICATION_JSON, new ServletServerHttpResponse(response));
    }
}
