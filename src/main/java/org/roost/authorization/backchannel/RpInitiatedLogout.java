package org.roost.authorization.backchannel;

import jakarta.servlet.http.HttpSession;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcLogoutAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.oidc.web.authentication.OidcLogoutAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.logout.SecurityContextLogoutHandler;
import org.springframework.stereotype.Component;

/**
 * RP-initiated logout ({@code /connect/logout}) ends the sign-in session as Spring does, and first has the clients
 * that hold its tokens told.
 */
@Component
class RpInitiatedLogout implements AuthorizationServerExtension {

    private final SignInSessionEnd ends;

    RpInitiatedLogout(SignInSessionEnd ends) {
        this.ends = ends;
    }

    @Override
    public void configure(OAuth2AuthorizationServerConfigurer server, HttpSecurity http) {
        OidcLogoutAuthenticationSuccessHandler handler = new OidcLogoutAuthenticationSuccessHandler();
        SecurityContextLogoutHandler contexts = new SecurityContextLogoutHandler();
        handler.setLogoutHandler((request, response, authentication) -> {
            if (authentication instanceof OidcLogoutAuthenticationToken logout && logout.isPrincipalAuthenticated()) {
                HttpSession session = request.getSession(false);
                if (session != null) {
                    ends.end(session.getId());
                }
                contexts.logout(request, response, (Authentication) logout.getPrincipal());
            }
        });
        server.oidc(oidc -> oidc.logoutEndpoint(logout -> logout.logoutResponseHandler(handler)));
    }
}
