package org.roost.authorization.devicegrant;

import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationConsentAuthenticationToken;
import org.springframework.security.oauth2.core.OAuth2DeviceCode;
import org.springframework.security.oauth2.core.OAuth2UserCode;

/**
 * The person's answer on the device consent page is the answer for that device, and only for it. Spring merges a
 * consent given earlier to the same app into every later one, and reads a refusal as revoking that earlier consent:
 * a person who denies a second, unexpected device would then either let it in after all (the merge) or cut off
 * the TV they allowed last week (the revocation, which ends its tokens). So the scopes granted are exactly those
 * ticked, and Deny refuses this device alone: its codes are invalidated, and its poll answers {@code access_denied}.
 */
final class DeviceConsent {

    private static final OAuth2TokenType STATE = new OAuth2TokenType(OAuth2ParameterNames.STATE);

    private DeviceConsent() {
    }

    static AuthenticationProvider answeringFor(OAuth2DeviceAuthorizationConsentAuthenticationProvider spring,
            OAuth2AuthorizationService authorizations) {
        spring.setAuthorizationConsentCustomizer(context -> {
            Set<String> ticked = ((OAuth2DeviceAuthorizationConsentAuthenticationToken) context.getAuthentication()).getScopes();
            context.getAuthorizationConsent().authorities(authorities -> {
                authorities.clear();
                authorities.addAll(ticked.stream().map(scope -> new SimpleGrantedAuthority("SCOPE_" + scope))
                        .collect(Collectors.toSet()));
            });
        });
        return new AuthenticationProvider() {
            @Override
            public @Nullable Authentication authenticate(Authentication authentication) {
                var answer = (OAuth2DeviceAuthorizationConsentAuthenticationToken) authentication;
                if (!answer.getScopes().isEmpty()) {
                    return spring.authenticate(authentication);
                }
                deny(answer, authorizations);
                throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.ACCESS_DENIED));
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return spring.supports(authentication);
            }
        };
    }

    private static void deny(OAuth2DeviceAuthorizationConsentAuthenticationToken answer, OAuth2AuthorizationService authorizations) {
        OAuth2Authorization authorization = authorizations.findByToken(answer.getState(), STATE);
        Authentication person = (Authentication) answer.getPrincipal();
        if (authorization == null || person == null || !person.getName().equals(authorization.getPrincipalName())) {
            throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_REQUEST);
        }
        OAuth2Authorization.Token<OAuth2DeviceCode> deviceCode = authorization.getToken(OAuth2DeviceCode.class);
        OAuth2Authorization.Token<OAuth2UserCode> userCode = authorization.getToken(OAuth2UserCode.class);
        OAuth2Authorization.Builder denied = OAuth2Authorization.from(authorization)
                .attributes(attributes -> attributes.remove(OAuth2ParameterNames.STATE));
        if (deviceCode != null) {
            denied.invalidate(deviceCode.getToken());
        }
        if (userCode != null) {
            denied.invalidate(userCode.getToken());
        }
        authorizations.save(denied.build());
    }
}
