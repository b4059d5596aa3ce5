package org.roost.authorization.devicegrant;

import java.time.Clock;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceCodeAuthenticationToken;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.stereotype.Component;

/**
 * RFC 8628's {@code slow_down}, which Spring leaves to the server: a device polling the token endpoint sooner than
 * its interval after its previous poll is answered {@code slow_down}, and its interval grows by 5 seconds for every
 * poll after that (section 3.5). The last poll and the interval are kept with the authorization itself (the shared
 * store), so a device answered by several instances is paced alike. Every other answer ({@code
 * authorization_pending}, {@code access_denied}, {@code expired_token}, the tokens) stays Spring's provider's,
 * which this one wraps.
 */
@Component
class PollingPace {

    static final Duration INTERVAL = Duration.ofSeconds(5);
    private static final String POLLED_AT = "roost.device.polled_at";
    private static final String INTERVAL_SECONDS = "roost.device.interval";
    /** Network jitter: a client that waits exactly the interval may arrive a little early. */
    private static final long TOLERANCE_MILLIS = 500;

    private final Clock clock;

    PollingPace(Clock clock) {
        this.clock = clock;
    }

    /** Spring's device code provider, paced. */
    AuthenticationProvider pacing(AuthenticationProvider spring, OAuth2AuthorizationService authorizations) {
        return new AuthenticationProvider() {
            @Override
            public @Nullable Authentication authenticate(Authentication authentication) {
                check(authorizations, (OAuth2DeviceCodeAuthenticationToken) authentication);
                return spring.authenticate(authentication);
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return spring.supports(authentication);
            }
        };
    }

    private void check(OAuth2AuthorizationService authorizations, OAuth2DeviceCodeAuthenticationToken poll) {
        OAuth2Authorization authorization = authorizations.findByToken(poll.getDeviceCode(),
                new OAuth2TokenType(OAuth2ParameterNames.DEVICE_CODE));
        if (authorization == null) {
            return;
        }
        var deviceCode = authorization.getToken(org.springframework.security.oauth2.core.OAuth2DeviceCode.class);
        if (deviceCode != null && deviceCode.isExpired()) {
            return; // Spring's expired_token, however fast the device polls: it tells the device to stop
        }
        long now = clock.millis();
        long interval = authorization.getAttribute(INTERVAL_SECONDS) instanceof Number n ? n.longValue() : INTERVAL.toSeconds();
        boolean early = authorization.getAttribute(POLLED_AT) instanceof Number last
                && now - last.longValue() < interval * 1000 - TOLERANCE_MILLIS;
        long next = early ? interval + 5 : interval;
        authorizations.save(OAuth2Authorization.from(authorization).attribute(POLLED_AT, now)
                .attribute(INTERVAL_SECONDS, next).build());
        if (early) {
            throw new OAuth2AuthenticationException(new OAuth2Error("slow_down",
                    "Polling too fast: wait " + next + " s between requests.",
                    "https://datatracker.ietf.org/doc/html/rfc8628#section-3.5"));
        }
    }
}
