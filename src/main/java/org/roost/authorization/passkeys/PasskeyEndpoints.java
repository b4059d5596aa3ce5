package org.roost.authorization.passkeys;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.roost.platform.ratelimits.RateLimitBuckets;
import org.roost.platform.ratelimits.RateLimitProperties;
import org.roost.identity.session.SessionUser;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.stepup.Reauthentication;
import org.roost.platform.web.ErrorResponses;
import org.roost.platform.web.RequestPaths;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * In front of the framework's WebAuthn endpoints ({@code /webauthn/**}, {@code /login/webauthn}): the API's token
 * buckets per address (nobody is known before a sign-in), registration only for a signed-in session, and the
 * contract's error body for every refusal, where the framework's filters answer a bare status or throw.
 */
final class PasskeyEndpoints extends OncePerRequestFilter {

    private final RateLimitProperties limits;
    private final RateLimitBuckets buckets;
    private final ErrorResponses errors;
    private final Reauthentication reauthentication;

    PasskeyEndpoints(RateLimitProperties limits, RateLimitBuckets buckets, ErrorResponses errors,
            Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.limits = limits;
        this.buckets = buckets;
        this.errors = errors;
    }

    static boolean isPasskeyEndpoint(HttpServletRequest request) {
        String path = RequestPaths.of(request);
        return path.startsWith("/webauthn/") || path.equals("/login/webauthn");
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !isPasskeyEndpoint(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // Fails open when Redis is down, like the API's limits.
        Optional<Duration> refusal = buckets.refusal("passkey", request.getRemoteAddr(), limits.writeCost());
        if (refusal.isPresent()) {
            errors.write(request, response, ApiException.rateLimited(refusal.get()));
            return;
        }
        if (RequestPaths.of(request).startsWith("/webauthn/register") && !signedIn()) {
            errors.write(request, response, ErrorCode.UNAUTHENTICATED, "Sign in to add a passkey.");
            return;
        }
        if (RequestPaths.of(request).startsWith("/webauthn/register")) {
            // A passkey signs in without the password and outlives a reset: a stolen session must not add one.
            try {
                reauthentication.require(SecurityContextHolder.getContext().getAuthentication());
            }
            catch (ApiException refused) {
                errors.write(request, response, refused);
                return;
            }
        }
        Tracking tracked = new Tracking(response);
        try {
            chain.doFilter(request, tracked);
        }
        catch (ApiException refused) {
            errors.write(request, response, refused);
            return;
        }
        catch (ServletException wrapped) {
            if (wrapped.getCause() instanceof ApiException refused) {
                errors.write(request, response, refused);
                return;
            }
            throw wrapped;
        }
        int status = tracked.getStatus();
        if (status >= 400 && !tracked.wrote && !response.isCommitted()) {
            errors.write(request, response, switch (status) {
                case 400 -> new ApiException(ErrorCode.MALFORMED_REQUEST, "The passkey request could not be read, or "
                        + "this session started no such ceremony: ask for options first.");
                case 401 -> new ApiException(ErrorCode.INVALID_CREDENTIALS, PasskeySecurity.NOT_ACCEPTED);
                default -> new ApiException(ErrorCode.forStatus(status), ErrorCode.forStatus(status).defaultMessage());
            });
        }
    }

    private static boolean signedIn() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof SessionUser;
    }

    /** Notes whether a body was begun, so that a bare refusal can be given the contract's body. */
    private static final class Tracking extends HttpServletResponseWrapper {

        private boolean wrote;

        Tracking(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            wrote = true;
            return super.getOutputStream();
        }

        @Override
        public java.io.PrintWriter getWriter() throws IOException {
            wrote = true;
            return super.getWriter();
        }
    }
}
