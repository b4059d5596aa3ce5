package org.roost.identity.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roost.identity.revocation.CredentialRevocations;
import org.roost.identity.revocation.TestRevocations;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

class SessionLifetimeTest {

    static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    static final SessionProperties PROPERTIES = new SessionProperties("SESSION", Duration.ofMinutes(30), Duration.ofHours(12));

    final CredentialRevocations revocations = TestRevocations.withoutDatabase(Clock.fixed(NOW, ZoneOffset.UTC));
    final SessionValidationFilter filter = new SessionValidationFilter(revocations, PROPERTIES, Clock.fixed(NOW, ZoneOffset.UTC),
            (device, address, touched) -> true);

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    MockHttpSession requestAs(Instant authenticatedAt) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest();
        MockHttpSession session = new MockHttpSession();
        request.setSession(session);
        SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                new SessionUser(7, "ann", authenticatedAt), null, List.of()));
        filter.doFilter(request, new MockHttpServletResponse(), new MockFilterChain());
        return session;
    }

    @Test
    void keepsASessionWithinItsAbsoluteLifetime() throws Exception {
        MockHttpSession session = requestAs(NOW.minus(Duration.ofHours(11)));

        assertThat(session.isInvalid()).isFalse();
        assertThat(SecurityContextHolder.getContext().getAuthentication()).isNotNull();
    }

    @Test
    void endsASessionOlderThanItsAbsoluteLifetimeHoweverBusy() throws Exception {
        MockHttpSession session = requestAs(NOW.minus(Duration.ofHours(12)).minusSeconds(1));

        assertThat(session.isInvalid()).isTrue();
        assertThat(SecurityContextHolder.getContext().getAuthentication()).isNull();
    }

    @Test
    void endsASessionWhoseUserRevokedTheirCredentialsSince() throws Exception {
        revocations.remember(7, NOW.minusSeconds(60));

        MockHttpSession session = requestAs(NOW.minusSeconds(120));

        assertThat(session.isInvalid()).isTrue();
    }
}
