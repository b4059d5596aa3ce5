package org.roost.authorization.server;

import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.SecurityEvent.Kind;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenRevocationAuthenticationToken;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;

/**
 * Records a token a client revoked at {@code /oauth2/revoke}, then answers 200 as Spring's own handler does.
 * An unknown token is answered 200 too (RFC 7009) but revoked nothing: Spring's provider then returns the
 * request unauthenticated, and there is nothing to record.
 */
final class RevocationAudit {

    private RevocationAudit() {
    }

    static AuthenticationSuccessHandler publishingTo(ApplicationEventPublisher events, OAuth2AuthorizationService authorizations) {
        return (request, response, authentication) -> {
            if (authentication instanceof OAuth2TokenRevocationAuthenticationToken revocation && revocation.isAuthenticated()
                    && revocation.getPrincipal() instanceof OAuth2ClientAuthenticationToken client
                    && client.getRegisteredClient() != null) {
                OAuth2Authorization authorization = authorizations.findByToken(revocation.getToken(), null);
                events.publishEvent(SecurityEvent.ofClient(Kind.TOKEN_REVOKED, client.getRegisteredClient().getClientId(),
                        authorization == null ? null : authorization.getPrincipalName(), "by", "oauth2_revoke"));
            }
            response.setStatus(HttpStatus.OK.value());
        };
    }
}
