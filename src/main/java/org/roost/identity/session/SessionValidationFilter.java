package org.roost.identity.session;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.roost.identity.revocation.CredentialRevocations;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Ends a session that outlived its absolute lifetime, or whose user has since been deleted or
 * changed their password. Runs before CSRF checks, so such a request is simply unauthenticated.
 */
public final class SessionValidationFilter extends OncePerRequestFilter {

    /** The session attribute naming the session's device (devices.Devices), and when its use was last written. */
    static final String DEVICE = org.roost.identity.devices.Devices.SESSION_ATTRIBUTE;
    static final String DEVICE_TOUCHED = "roost.device.touched";

    private final CredentialRevocations revocations;
    private final SessionProperties properties;
    private final Clock clock;
    private final DeviceCheck devices;

    /** Whether a session's device is still signed in, recording its use when {@code touched} is old (devices.Devices#touch). */
    @FunctionalInterface
    public interface DeviceCheck {
        boolean touch(String device, String address, @Nullable Instant touched);
    }

    public SessionValidationFilter(CredentialRevocations revocations, SessionProperties properties, Clock clock,
            DeviceCheck devices) {
        this.revocations = revocations;
        this.properties = properties;
        this.clock = clock;
        this.devices = devices;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        var authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof SessionUser user) {
            HttpSession session = request.getSession(false);
            Instant now = clock.instant();
            boolean tooOld = user.authenticatedAt().plus(properties.absoluteTimeout()).isBefore(now);
            if (session == null || tooOld || revocations.isRevoked(user.id(), user.authenticatedAt())
                    || !deviceStillSignedIn(session, request, now)) {
                if (session != null) {
                    session.invalidate();
                }
                SecurityContextHolder.clearContext();
            }
        }
        chain.doFilter(request, response);
    }

    /** A device signed out elsewhere (on any instance) ends this session; a use is recorded once a minute. */
    private boolean deviceStillSignedIn(HttpSession session, HttpServletRequest request, Instant now) {
        if (!(session.getAttribute(DEVICE) instanceof String device)) {
            return true; // a session from before devices were recorded
        }
        Instant touched = session.getAttribute(DEVICE_TOUCHED) instanceof Long millis ? Instant.ofEpochMilli(millis) : null;
        boolean alive = devices.touch(device, request.getRemoteAddr(), touched);
        if (alive && (touched == null || touched.plusSeconds(60).isBefore(now))) {
            session.setAttribute(DEVICE_TOUCHED, now.toEpochMilli());
        }
        return alive;
    }
}
