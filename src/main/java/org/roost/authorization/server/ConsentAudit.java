package org.roost.authorization.server;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.SecurityEvent.Kind;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationContext;

/**
 * Records the user's answer on the consent page. Spring's consent provider calls this with the
 * consent about to be stored, granted or not, just before it decides: no authority means denied.
 */
final class ConsentAudit {

    private ConsentAudit() {
    }

    static Consumer<OAuth2AuthorizationConsentAuthenticationContext> publishingTo(ApplicationEventPublisher events) {
        return context -> {
            Set<GrantedAuthority> granted = new HashSet<>();
            context.getAuthorizationConsent().authorities(granted::addAll);
            String scopes = String.join(" ", granted.stream().map(GrantedAuthority::getAuthority)
                    .map(a -> a.replaceFirst("^SCOPE_", "")).sorted().toList());
            events.publishEvent(SecurityEvent.ofClient(granted.isEmpty() ? Kind.CONSENT_DENIED : Kind.CONSENT_GRANTED,
                    context.getRegisteredClient().getClientId(), context.getAuthorization().getPrincipalName(),
                    "scopes", scopes));
        };
    }
}
